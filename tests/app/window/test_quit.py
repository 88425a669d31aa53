"""Nothing is lost on quit: a training pauses while the window asks, its figures are live,
Save & quit saves whatever the run is (running, paused or finished) and only then quits;
trained tokenizers never saved are asked about; save dialogs open in the folder of their
kind with a clean name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from app.core.settings import FileKind
from app.core.training.events import Finished, Paused
from app.display.file_names import checkpoint_file_name, tokenizer_file_name
from app.display.format import format_count
from bpe_engine import MergeEvent, Tokenizer, train_bpe
from bpe_engine.train.checkpoint import load_checkpoint

from ..training_support import choose_sample, syllable_text, waiting_for, write_corpus


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    return write_corpus(tmp_path_factory.mktemp("quit"), 60_000)


def _answer_save_dialog(monkeypatch, path: Path | None) -> list[tuple[str, str]]:
    """Answer the next save dialogs with ``path`` (None: the user cancels); returns (title, start) asked."""
    asked: list[tuple[str, str]] = []

    def dialog(_parent, title, start="", *_args, **_kwargs):
        asked.append((title, start))
        return (str(path) if path else ""), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(dialog))
    return asked


def _click(qtbot, box, text: str) -> None:
    qtbot.mouseClick(next(b for b in box.buttons() if b.text() == text), Qt.MouseButton.LeftButton)


def _start_running(qtbot, window, corpus: Path) -> None:
    train = window.train_view
    train.corpus.add_files([str(corpus)])
    train.settings_panel.vocab_size.setValue(3300)
    with waiting_for(qtbot, train.controller, MergeEvent, timeout=120_000):
        train.start_action.trigger()


def _close_and_wait_for_the_pause(qtbot, window):
    c = window.train_view.controller
    with waiting_for(qtbot, c, Paused, timeout=30_000):
        assert not window.close()
    box = window.quit_box
    assert box is not None and c.state == "paused"
    return box


def test_the_question_pauses_the_run_follows_it_and_cancel_resumes(qtbot, window, corpus) -> None:
    _start_running(qtbot, window, corpus)
    c = window.train_view.controller
    box = _close_and_wait_for_the_pause(qtbot, window)
    n = len(c.merges)
    assert f"({format_count(n)} of {format_count(c.target_merges)} merges)" in box.text()
    qtbot.wait(300)
    assert len(c.merges) == n and c.state == "paused"  # nothing happens behind the question
    _click(qtbot, box, "Cancel")
    qtbot.waitUntil(lambda: window.quit_box is None)
    assert c.state == "merging" and window.isVisible()
    with waiting_for(qtbot, c, MergeEvent, timeout=30_000):
        pass
    assert len(c.merges) > n
    box = _close_and_wait_for_the_pause(qtbot, window)
    c.resume()  # merges arriving while the question is shown: its figures follow
    with waiting_for(qtbot, c, MergeEvent, timeout=30_000):
        pass
    # (running: "(N of M merges)"; if the run ended meanwhile, as on a loaded machine: "(N merges)")
    shown = re.search(r"\(([\d,]+)(?: of [\d,]+)? merges\)", box.text())
    assert shown is not None and shown.group(1) == format_count(len(c.merges)) and len(c.merges) > n
    _click(qtbot, box, "Quit")
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)


def test_save_and_quit_saves_a_running_training_as_checkpoint_then_quits(
    qtbot, window, corpus, tmp_path, monkeypatch
) -> None:
    folder = tmp_path / "checkpoints"
    folder.mkdir()
    window.settings.remember_folder(FileKind.CHECKPOINT, folder)
    _start_running(qtbot, window, corpus)
    c = window.train_view.controller
    box = _close_and_wait_for_the_pause(qtbot, window)
    n = len(c.merges)
    assert f"({format_count(n)} of" in box.text()
    path = tmp_path / "on-quit.ckpt"
    asked = _answer_save_dialog(monkeypatch, path)
    _click(qtbot, box, "Save && quit…")
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=60_000)
    # the dialog opened in the checkpoints' folder, with the number the question showed
    assert asked == [("Save the training, then quit", str(folder / checkpoint_file_name(corpus.name, 3300, n)))]
    assert len(load_checkpoint(path).history) == n
    assert "There is no training" not in window.train_view.messages.text()


def test_save_and_quit_after_the_run_ended_behind_the_question_saves_the_tokenizer(
    qtbot, window, tmp_path, monkeypatch
) -> None:
    train = window.train_view
    train.corpus.add_files([str(write_corpus(tmp_path, 20_000))])
    train.settings_panel.vocab_size.setValue(700)
    c = train.controller
    # Parked before its first merge (step mode), so the run is surely alive when the window
    # asks; a run started with Start could end before close() on a fast machine.
    train.step_action.trigger()
    qtbot.waitUntil(lambda: c.state == "paused", timeout=120_000)
    assert not window.close()
    box = window.quit_box
    assert box is not None
    c.resume()  # the run ends behind the question
    qtbot.waitUntil(lambda: c.state == "finished", timeout=120_000)
    assert box.text().startswith(f"The training has ended ({format_count(len(c.merges))} merges)")
    path = tmp_path / "finished.json"
    asked = _answer_save_dialog(monkeypatch, path)
    _click(qtbot, box, "Save && quit…")
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=60_000)
    assert len(asked) == 1 and Path(asked[0][1]).name == tokenizer_file_name("corpus.txt", len(c.tokenizer()))
    assert Tokenizer.load(path).merges == c.tokenizer().merges and len(c.tokenizer().merges) == 700 - 257


def test_quit_after_the_run_ended_behind_the_question_loses_it_without_asking_again(qtbot, window, tmp_path) -> None:
    older = window.registry.add(train_bpe(None, 270, [], text="low lower lowest " * 20), "an older one")
    train = window.train_view
    train.corpus.add_files([str(write_corpus(tmp_path, 20_000))])
    train.settings_panel.vocab_size.setValue(700)
    c = train.controller
    train.step_action.trigger()
    qtbot.waitUntil(lambda: c.state == "paused", timeout=120_000)
    assert not window.close()
    box = window.quitting.box
    c.resume()  # the run ends behind the question, which then says "quit and lose it?"
    qtbot.waitUntil(lambda: c.state == "finished", timeout=120_000)
    assert "quit and lose it?" in box.text()
    _click(qtbot, box, "Quit")
    # the older tokenizer the question did not speak of is still asked about; the run's is not
    qtbot.waitUntil(lambda: window.quitting.unsaved.box is not None, timeout=5_000)
    unsaved = window.quitting.unsaved.box
    assert "an older one" in unsaved.text() and window.registry.entry(train.result_key).label not in unsaved.text()
    assert window.quitting.unsaved.keys() == [older]
    _click(qtbot, unsaved, "Discard")
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)


def test_closing_with_a_trained_tokenizer_never_saved_asks_and_save_saves_it(
    qtbot, window, tmp_path, monkeypatch
) -> None:
    train = window.train_view
    choose_sample(qtbot, train, "hello_helo")
    with waiting_for(qtbot, train.controller, Finished, timeout=60_000):
        train.start_action.trigger()
    label = window.registry.entry(train.result_key).label
    assert not window.close()
    box = window.quitting.unsaved.box
    assert box is not None and label in box.text() and window.isVisible()
    _click(qtbot, box, "Cancel")
    qtbot.waitUntil(lambda: window.quitting.unsaved.box is None)
    assert window.isVisible()
    assert not window.close()
    path = tmp_path / "kept.json"
    _answer_save_dialog(monkeypatch, path)
    _click(qtbot, window.quitting.unsaved.box, "Save…")
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=60_000)
    assert Tokenizer.load(path).merges == train.controller.tokenizer().merges


def test_several_unsaved_tokenizers_are_saved_in_a_chosen_folder_under_clean_names(
    qtbot, window, tmp_path, monkeypatch
) -> None:
    toks = [train_bpe(None, 276, [], text=syllable_text(2_000, seed)) for seed in (1, 2)]
    for tok in toks:
        window.registry.add(tok, "poems_10MB.txt · 20 merges")
    (tmp_path / "poems-276.json").write_text("an older file, kept", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *_a, **_k: str(tmp_path)))
    assert not window.close()
    box = window.quitting.unsaved.box
    assert "poems_10MB.txt · 20 merges" in box.text() and "poems_10MB.txt · 20 merges (2)" in box.text()
    _click(qtbot, box, "Save…")
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=60_000)
    assert (tmp_path / "poems-276.json").read_text(encoding="utf-8") == "an older file, kept"
    assert Tokenizer.load(tmp_path / "poems-276-2.json").merges == toks[0].merges
    assert Tokenizer.load(tmp_path / "poems-276-3.json").merges == toks[1].merges


def test_a_saved_tokenizer_does_not_ask_and_discard_quits(qtbot, window, tmp_path, monkeypatch) -> None:
    train = window.train_view
    choose_sample(qtbot, train, "hello_helo")
    with waiting_for(qtbot, train.controller, Finished, timeout=60_000):
        train.start_action.trigger()
    with qtbot.waitSignal(train.file_saved, timeout=30_000):
        assert train.save_tokenizer(tmp_path / "saved.json")
    tok = train_bpe(None, 270, [], text="low lower lowest " * 20)
    key = window.registry.add(tok, "another")
    assert window.registry.unsaved_keys() == [key]
    assert not window.close()
    _click(qtbot, window.quitting.unsaved.box, "Discard")
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)


def test_save_opens_in_the_tokenizer_folder_not_the_corpus_folder(qtbot, window, tmp_path, monkeypatch) -> None:
    corpus_folder, tokenizers = tmp_path / "corpora", tmp_path / "tokenizers"
    corpus_folder.mkdir()
    tokenizers.mkdir()
    corpus = write_corpus(corpus_folder, 3_000, "zh_classical_poetry_25MB.txt")
    window.settings.remember_folder(FileKind.TOKENIZER, tokenizers)
    train = window.train_view
    train.corpus.add_files([str(corpus)])
    train.settings_panel.vocab_size.setValue(1200)
    with waiting_for(qtbot, train.controller, Finished, timeout=120_000):
        train.start_action.trigger()
    asked = _answer_save_dialog(monkeypatch, None)
    window.tabs.setCurrentWidget(window.vocab_view)
    window.save_action.trigger()
    window.tabs.setCurrentWidget(train)
    window.save_action.trigger()
    size = len(train.controller.tokenizer())
    expected = str(tokenizers / f"zh_classical_poetry-{size // 1000}k.json")
    assert [start for _title, start in asked] == [expected, expected]
    assert window.settings.folder_for(FileKind.CORPUS) == str(corpus_folder)
