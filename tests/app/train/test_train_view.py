"""The Train view driven by clicks, keys and typing: samples, files, pasted text, step mode,
results in the registry, save/open, and bad input that leaves the view usable."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication

from app.core import registry as registry_module
from app.core.training.events import Cancelled, Failed, Finished, Paused
from app.display.format import visible
from app.features.train.settings_panel import TrainSettingsPanel
from app.features.train.view import SHORTCUTS, TrainView
from bpe_engine import DEFAULT_VOCAB_SIZE, CountingProgress, MergeEvent, Tokenizer, TrainerConfig, preview, train_bpe

from ..training_support import choose_sample, on_event, syllable_text, waiting_for, write_corpus

SEED_003_MERGES = ["s t", "e st", "o w", "l ow", "w est", "n e", "ne west", "w i", "wi d", "wid est", "low e", "lowe r"]


@pytest.fixture
def view(qtbot, registry, settings):
    v = TrainView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 800)
    v.show()
    # Shortcuts work while the view has the focus in the active window, as for a user.
    v.activateWindow()
    v.setFocus()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is v)
    yield v
    v.controller.shutdown(30_000)


def _enabled(view: TrainView) -> dict[str, bool]:
    return {
        name: action.isEnabled()
        for name, action in zip(("start", "pause", "resume", "step", "cancel"), view.training_actions)
    }


def test_a_sample_is_chosen_and_start_trains_in_one_click(qtbot, view, registry) -> None:
    assert view.corpus.source == "sample" and view.corpus.current_sample() is not None
    assert "Size:" in view.corpus.size_label.text() and view.corpus.preview.toPlainText()
    assert _enabled(view) == {"start": True, "pause": False, "resume": False, "step": True, "cancel": False}
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        qtbot.mouseClick(view.buttons["start"], Qt.MouseButton.LeftButton)
    tok = view.controller.tokenizer()
    assert view.merges_model.rowCount() == len(view.controller.merges) == len(tok.merges) > 0
    sample = view.corpus.current_sample()
    expected = train_bpe(sample.path, view.settings_panel.vocab_size.value(), ["<|endoftext|>"])
    assert tok.merges == expected.merges
    assert view.result_key is not None and registry.get(view.result_key) is tok
    assert "merges" in view.result_label.text()
    assert view.save_action.isEnabled() and view.browse_button.isEnabled()
    assert view.plots.pair_counts().tolist() == [m.count for m in view.controller.merges]
    bpt = view.plots.bytes_per_token()
    done = view.controller.counting
    assert len(bpt) == len(tok.merges) + 1
    assert bpt[-1] == pytest.approx(done.total_bytes / len(tok.encode(sample.read_text(), allowed_special="all")))
    assert "Done" in view.progress_label.text()


def test_sample_settings_are_applied_and_step_mode_walks_seed_003(qtbot, view) -> None:
    before = view.settings_panel.values()
    view.corpus.select_sample("low_lower_widest_newest")
    # The sample suggests its settings and asks; nothing is overwritten until Apply.
    assert view.settings_panel.values() == before
    assert "Apply them?" in view.messages.text() and "vocabulary size 269" in view.messages.text()
    apply = next(b for b in view.messages.buttons() if b.text() == "Apply")
    qtbot.mouseClick(apply, Qt.MouseButton.LeftButton)
    assert view.settings_panel.values()["pretokenizer"] == r"regex:\S+"
    assert view.settings_panel.vocab_size.value() == 269
    with waiting_for(qtbot, view.controller, Paused, timeout=30_000):
        qtbot.mouseClick(view.buttons["step"], Qt.MouseButton.LeftButton)
    assert view.result_tabs.currentWidget() is view.step_panel
    panel = view.step_panel
    assert panel.pairs_model.rowCount() > 2
    top = panel.pairs_model.pair(0)
    assert (top.left, top.right, top.count) == (b"s", b"t", 9)
    assert panel.pairs_model.tied_rows()[:2] == [0, 1]
    text = panel.next_label.text()
    assert "Tie" in text and "(s, t)" in text and "(e, s)" in text and "greatest" in text
    assert _enabled(view) == {"start": False, "pause": False, "resume": True, "step": True, "cancel": True}

    with waiting_for(qtbot, view.controller, Paused, timeout=30_000):
        qtbot.keyClick(view, Qt.Key.Key_F10)  # the Step shortcut
    assert view.merges_model.rowCount() == 1
    assert "Merge 1</b> (rank 0)" in panel.last_label.text() and "(e, s)" in panel.last_label.text()
    newest = next(
        r for r in range(panel.pretokens_model.rowCount()) if panel.pretokens_model.pretoken(r).text == b"newest"
    )
    assert panel.pretokens_model.index(newest, 3).data() == "n | e | w | e | st"

    for _ in range(10):
        with waiting_for(qtbot, view.controller, Paused, timeout=30_000):
            view.step_action.trigger()
    with waiting_for(qtbot, view.controller, Finished, timeout=30_000):
        view.step_action.trigger()  # the 12th and last merge ends training
    got = [f"{m.left.decode()} {m.right.decode()}" for m in view.controller.merges]
    assert got == SEED_003_MERGES


def test_hello_helo_step_mode_names_the_tie(qtbot, view) -> None:
    choose_sample(qtbot, view, "hello_helo")
    with waiting_for(qtbot, view.controller, Paused, timeout=30_000):
        view.step_action.trigger()
    text = view.step_panel.next_label.text()
    assert "(l, o)" in text and "(e, l)" in text and "'l' (0x6c)" in text and "'e' (0x65)" in text


def test_pause_resume_and_cancel_from_the_keyboard(qtbot, view, tmp_path) -> None:
    corpus = write_corpus(tmp_path, 60_000)
    view.corpus.add_files([str(corpus)])
    view.settings_panel.vocab_size.setValue(3300)
    on_event(
        view.controller, MergeEvent, lambda _e: view.pause_action.isEnabled() and qtbot.keyClick(view, Qt.Key.Key_F6)
    )
    with waiting_for(qtbot, view.controller, Paused, timeout=60_000):
        qtbot.keyClick(view, Qt.Key.Key_F5)
    assert _enabled(view) == {"start": False, "pause": False, "resume": True, "step": True, "cancel": True}
    assert "Paused" in view.progress_label.text()
    assert view.save_action.isEnabled()  # a paused run can be saved as it is
    n = len(view.controller.merges)
    with waiting_for(qtbot, view.controller, Cancelled, timeout=10_000):
        qtbot.keyClick(view, Qt.Key.Key_F5, Qt.KeyboardModifier.ShiftModifier)
    assert len(view.controller.merges) == n
    assert "Cancelled after" in view.progress_label.text()
    assert view.registry.get(view.result_key).merges == [(m.left, m.right) for m in view.controller.merges]


def test_shortcuts_are_the_documented_ones(view) -> None:
    keys = {
        name: action.shortcut().toString()
        for name, action in zip(("start", "pause", "resume", "step", "cancel"), view.training_actions)
    }
    keys["checkpoint"] = view.checkpoint_action.shortcut().toString()
    keys["back"] = view.back_action.shortcut().toString()
    keys["resume_file"] = view.resume_file_action.shortcut().toString()
    assert keys == SHORTCUTS


def test_files_can_be_added_and_dropped(qtbot, view, tmp_path) -> None:
    a = write_corpus(tmp_path, 2000, "a.txt")
    b = write_corpus(tmp_path, 2000, "b.txt", seed=3)
    assert view.corpus.add_files([str(a)]) == []
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(b))])
    drop = QDropEvent(
        QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    view.dropEvent(drop)
    assert view.corpus.paths() == [str(a), str(b)]
    assert view.corpus.source == "files"
    assert "in 2 files" in view.corpus.size_label.text()
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()
    expected = train_bpe([a, b], view.settings_panel.vocab_size.value(), ["<|endoftext|>"])
    assert view.controller.tokenizer().merges == expected.merges


def test_pasted_text_trains(qtbot, view) -> None:
    view.corpus.set_text("the tech team tests the tech stack " * 10)
    qtbot.keyClicks(view.corpus.text_edit, " and more")
    view.settings_panel.vocab_size.setValue(270)
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()
    text = "the tech team tests the tech stack " * 10 + " and more"
    assert view.controller.tokenizer().merges == train_bpe(None, 270, ["<|endoftext|>"], text=text).merges


def test_pasted_text_is_trained_on_as_typed(view) -> None:
    """No-break spaces and line separators stay what they are (Qt's toPlainText made them a
    space and a newline: other bytes than the user's)."""
    text = "a\u00a0b\u2028c\u2029d\r\ne"
    view.corpus.set_text(text)
    assert view.corpus.corpus().text == "a\u00a0b\u2028c\nd\ne"


def test_a_file_cut_inside_a_character_is_said_to_be_cut_short(view, tmp_path) -> None:
    # (it was told to convert the file from Latin-1, which would garble every character)
    cut = tmp_path / "poems.txt"
    cut.write_bytes("床前明月光，疑是地上霜。\n".encode() * 100 + "霜".encode()[:2])
    assert view.corpus.add_files([str(cut)])
    message = view.corpus.messages.text()
    assert "poems.txt ends in the middle of a character" in message and "iconv" not in message
    # A long file too (read only at its start and end): refused when added, not when counted.
    long = tmp_path / "long.txt"
    long.write_bytes("床前明月光，疑是地上霜。\n".encode() * 20_000 + "霜".encode()[:2])
    assert view.corpus.add_files([str(long)])
    assert "long.txt ends in the middle of a character" in view.corpus.messages.text()
    whole = tmp_path / "whole.txt"
    whole.write_bytes("床前明月光，疑是地上霜。\n".encode() * 20_000 + "霜".encode())
    assert view.corpus.add_files([str(whole)]) == []


def test_binary_and_missing_files_are_refused_with_a_message(qtbot, view, tmp_path) -> None:
    binary = tmp_path / "image.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    problems = view.corpus.add_files([str(binary), str(tmp_path / "nothing.txt"), str(tmp_path)])
    assert len(problems) == 3
    message = view.corpus.messages.text()
    assert "image.png looks like a binary file" in message and "nothing.txt: no such file" in message
    assert "is a folder" in message
    assert view.corpus.paths() == []
    view.start_action.trigger()  # the Files tab is empty now: a clear message, no crash
    assert "no files chosen" in view.messages.text()
    assert view.controller.state == "idle"
    view.corpus.set_source("sample")
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()  # still usable


def test_a_file_removed_after_choosing_it_gives_a_clear_message(qtbot, view, tmp_path) -> None:
    path = write_corpus(tmp_path, 500, "soon_gone.txt")
    view.corpus.add_files([str(path)])
    path.unlink()
    view.start_action.trigger()
    assert "soon_gone.txt" in view.messages.text() and "gone" in view.messages.text()


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_is_refused(view, tmp_path) -> None:
    path = write_corpus(tmp_path, 500, "locked.txt")
    path.chmod(0)
    try:
        problems = view.corpus.add_files([str(path)])
    finally:
        path.chmod(0o600)
    assert problems and "cannot be read" in problems[0]


def test_unreadable_content_fails_in_the_engine_and_the_view_stays_usable(qtbot, view, tmp_path) -> None:
    # Valid UTF-8 at the start (so the quick check passes), Latin-1 later on: the engine says where.
    bad = tmp_path / "mixed.txt"
    bad.write_bytes(syllable_text(30_000).encode() + "naïve".encode("latin-1"))
    assert view.corpus.add_files([str(bad)]) == []
    with waiting_for(qtbot, view.controller, Failed, timeout=60_000):
        view.start_action.trigger()
    assert "mixed.txt: not valid UTF-8 at byte offset" in view.messages.text()
    assert view.messages.kind == "error"
    assert view.start_action.isEnabled() and view.corpus.isEnabled()
    view.corpus.set_source("sample")
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()
    assert view.messages.text() == ""


def test_invalid_custom_regex_is_shown_inline_and_on_start(qtbot, view) -> None:
    panel = view.settings_panel
    panel.pretokenizer.setCurrentIndex(panel.pretokenizer.findData("regex"))
    panel.custom_regex.clear()
    qtbot.keyClicks(panel.custom_regex, r"(\w+")
    assert not panel.regex_problem.isHidden()
    assert "invalid pre-tokenizer regex" in panel.regex_problem.text()
    assert panel.preview_chips.chips() == []
    # Start and Step are off while the regex is invalid, and say why.
    assert not view.start_action.isEnabled() and not view.step_action.isEnabled()
    assert "invalid pre-tokenizer regex" in view.start_action.toolTip()
    assert "invalid pre-tokenizer regex" in view.buttons["start"].toolTip()
    qtbot.keyClick(view, Qt.Key.Key_F5)
    assert view.controller.state == "idle"
    qtbot.keyClick(panel.custom_regex, Qt.Key.Key_Backspace)
    qtbot.keyClicks(panel.custom_regex, r"\w+)")
    assert panel.regex_problem.isHidden()
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()


def test_a_custom_regex_that_backtracks_forever_is_refused_inline(qtbot, view) -> None:
    panel = view.settings_panel
    panel.preview_line.setText("a" * 40 + "b")  # (a|aa)+$ tries every split of the a's here
    panel.pretokenizer.setCurrentIndex(panel.pretokenizer.findData("regex"))
    panel.custom_regex.clear()
    qtbot.keyClicks(panel.custom_regex, "(a|aa)+$")  # each keystroke previews; each returns
    assert not panel.regex_problem.isHidden()
    assert "takes too long" in panel.regex_problem.text() and "(a|aa)+$" in panel.regex_problem.text()
    assert panel.preview_chips.chips() == []
    qtbot.keyClick(panel.custom_regex, Qt.Key.Key_Backspace)  # (a|aa)+ is harmless
    assert panel.regex_problem.isHidden()
    assert [c.label for c in panel.preview_chips.chips()] == ["a" * 40, "b"]


def test_too_small_vocabulary_is_explained(qtbot, view) -> None:
    panel = view.settings_panel
    panel.vocab_size.selectAll()
    qtbot.keyClicks(panel.vocab_size.lineEdit(), "256")
    panel.vocab_size.interpretText()
    assert panel.vocab_size.value() == 256
    assert "at least 257" in panel.vocab_problem.text() and not panel.vocab_problem.isHidden()
    assert not view.start_action.isEnabled() and "257" in view.start_action.toolTip()
    assert view.start() is False  # refused with the reason, nothing started
    assert "too small" in view.messages.text() and "257" in view.messages.text()
    panel.vocab_size.setValue(400)
    assert panel.vocab_problem.isHidden()
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()


def test_pretokenizer_preview_follows_the_choice(qtbot, view) -> None:
    panel = view.settings_panel
    panel.preview_line.setText("國語")  # subtle: QTest can type only ASCII; the rest is set
    panel.preview_line.home(False)
    qtbot.keyClicks(panel.preview_line, "Hello helo, I'm<|endoftext|>")
    assert panel.preview_line.text() == "Hello helo, I'm<|endoftext|>國語"
    for name in ("gpt2", "whitespace", "none"):
        panel.pretokenizer.setCurrentIndex(panel.pretokenizer.findData(name))
        pieces = preview("Hello helo, I'm<|endoftext|>國語", name, ["<|endoftext|>"])
        chips = panel.preview_chips.chips()
        assert [c.label for c in chips] == [visible(p.text) for p in pieces]
        assert [c.special for c in chips] == [p.special for p in pieces]
    panel.pretokenizer.setCurrentIndex(panel.pretokenizer.findData("gpt2"))
    assert [c.label for c in panel.preview_chips.chips()][:5] == ["Hello", "·helo", ",", "·I", "'m"]


def _save(qtbot, view: TrainView, path) -> None:
    with qtbot.waitSignal(view.file_saved, timeout=30_000):
        assert view.save_tokenizer(path)


def _open(qtbot, view: TrainView, path) -> str:
    with qtbot.waitSignal(view.file_opened, timeout=30_000) as opened:
        assert view.open_tokenizer(path)
    return opened.args[0]


def _refused(qtbot, view: TrainView, kind: str, path) -> str:
    with qtbot.waitSignal(view.file_failed, timeout=30_000) as failed:
        assert (view.open_tokenizer if kind == "open" else view.save_tokenizer)(path)
    assert failed.args[:2] == [kind, str(path)]
    return failed.args[2]


def test_save_and_open_round_trip(qtbot, view, registry, tmp_path) -> None:
    choose_sample(qtbot, view, "hello_helo")
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()
    path = tmp_path / "hello.json"
    _save(qtbot, view, path)
    assert path.exists() and "Saved" in view.messages.text()
    key = _open(qtbot, view, path)
    assert registry.entry(key).kind == "file" and view.result_key == key
    assert registry.get(key).merges == view.controller.tokenizer().merges
    assert Tokenizer.load(path).merges == view.controller.tokenizer().merges
    assert "Opened hello.json" in view.messages.text()
    assert "Opened: <b>hello.json" in view.result_label.text()  # no stale "No tokenizer trained yet"


def test_open_and_save_run_off_the_gui_thread_and_show_that_they_are_busy(
    qtbot, view, registry, tmp_path, monkeypatch
) -> None:
    path = tmp_path / "big.json"
    train_bpe(None, 400, ["<|endoftext|>"], text=syllable_text(3000)).save(path)
    loaded_in: list[threading.Thread] = []
    real_load = registry_module.load_tokenizer  # every format goes through load_tokenizer

    def spy(p, **options):
        loaded_in.append(threading.current_thread())
        return real_load(p, **options)

    monkeypatch.setattr(registry_module, "load_tokenizer", spy)
    keys = registry.keys()
    with qtbot.waitSignal(view.file_opened, timeout=30_000):
        assert view.open_tokenizer(path)
        # The call returned at once: nothing is registered before the background job reports,
        # the busy line says what happens, and a second file job waits its turn.
        assert registry.keys() == keys
        assert not view.file_busy.isHidden() and "Opening big.json" in view.file_status.text()
        assert not view.open_action.isEnabled() and view.start_action.isEnabled()
        assert not view.open_tokenizer(path) and "being read or written" in view.messages.text()
    assert loaded_in and threading.main_thread() not in loaded_in
    assert view.file_busy.isHidden() and view.open_action.isEnabled()
    assert len(registry.keys()) == len(keys) + 1


def test_a_paused_run_is_saved_with_the_merges_done_so_far(qtbot, view, tmp_path) -> None:
    choose_sample(qtbot, view, "hello_helo")
    with waiting_for(qtbot, view.controller, Paused, timeout=30_000):
        view.step_action.trigger()
    for _ in range(2):
        with waiting_for(qtbot, view.controller, Paused, timeout=30_000):
            view.step_action.trigger()
    assert view.save_action.isEnabled()
    path = tmp_path / "paused.json"
    with qtbot.waitSignal(view.file_saved, timeout=30_000):
        assert view.save_tokenizer(path)
        # The training thread builds the tokenizer first; meanwhile no new run can start
        # (it would replace the run being saved).
        assert not view.save_action.isEnabled() and not view.start_action.isEnabled()
        assert not view.file_busy.isHidden()
    saved = Tokenizer.load(path)
    assert saved.merges == [(m.left, m.right) for m in view.controller.merges] and len(saved.merges) == 2
    assert view.save_action.isEnabled() and view.resume_action.isEnabled()
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.resume_action.trigger()


def test_saving_into_a_missing_folder_says_so(qtbot, view, tmp_path) -> None:
    choose_sample(qtbot, view, "hello_helo")
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()
    message = _refused(qtbot, view, "save", tmp_path / "no" / "such" / "dir" / "t.json")
    assert "Cannot save the tokenizer" in message and view.messages.text() == message
    assert view.messages.kind == "error" and view.save_action.isEnabled()


def test_corrupt_tokenizer_file_is_refused_with_a_message(qtbot, view, registry, tmp_path) -> None:
    keys = registry.keys()
    for name, content in (("broken.json", b"{not json"), ("empty.json", b""), ("wrong.json", b'{"format": 99}')):
        path = tmp_path / name
        path.write_bytes(content)
        message = _refused(qtbot, view, "open", path)
        assert view.messages.kind == "error" and name in view.messages.text() and message == view.messages.text()
    _refused(qtbot, view, "open", tmp_path / "missing.json")
    assert "missing.json" in view.messages.text()
    assert registry.keys() == keys  # nothing was added
    assert view.start_action.isEnabled() and view.open_action.isEnabled()


def test_the_tie_break_choice_is_remembered(qtbot, view, registry, settings) -> None:
    panel = view.settings_panel
    assert panel.values()["tie_break"] == "greatest"
    choose_sample(qtbot, view, "hello_helo")  # (a sample's Apply sets every setting: choose after it)
    panel.tie_break.setCurrentIndex(panel.tie_break.findData("smallest"))
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()
    assert settings.tie_break == "smallest"
    later = TrainView(registry, settings)  # the next session
    qtbot.addWidget(later)
    assert later.settings_panel.values()["tie_break"] == "smallest"


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs Linux /proc")
def test_a_file_whose_read_fails_is_refused(view) -> None:
    # /proc/self/mem exists but reading it from offset 0 fails (EIO), even for root.
    problems = view.corpus.add_files(["/proc/self/mem"])
    assert problems and "cannot be read" in problems[0] and "/proc/self/mem" in problems[0]
    assert "cannot be read" in view.corpus.messages.text()
    assert view.corpus.paths() == []


def test_the_default_vocabulary_size_is_the_engines(qtbot, settings) -> None:
    assert settings.vocab_size == DEFAULT_VOCAB_SIZE
    panel = TrainSettingsPanel()
    qtbot.addWidget(panel)
    assert panel.vocab_size.value() == DEFAULT_VOCAB_SIZE
    assert panel.config() == TrainerConfig(DEFAULT_VOCAB_SIZE, ("<|endoftext|>",))


def test_a_failed_run_shows_no_stale_figure_on_its_bar(qtbot, view, tmp_path) -> None:
    # The bar kept "counting: 1.2 MB of 3.1 MB" after the run failed (a file not valid UTF-8
    # further on): a figure of a run that is over, read as one still counting.
    bad = tmp_path / "late.txt"
    bad.write_bytes(syllable_text(400_000).encode() + "naïve".encode("latin-1"))
    assert view.corpus.add_files([str(bad)]) == []
    shown: list[str] = []
    on_event(view.controller, CountingProgress, lambda _e: (view.pacer.refresh(), shown.append(view.progress.text())))
    with waiting_for(qtbot, view.controller, Failed, timeout=60_000):
        view.start_action.trigger()
    assert any(any(ch.isdigit() for ch in text) for text in shown)  # (it did show a figure while counting)
    assert view.progress.text() == "Training failed"
    assert view.status.vocab_label.text() == view.status.stats_label.text() == ""  # (no vocabulary came of it)
    assert view.progress.value() == view.progress.minimum() < view.progress.maximum()  # (not busy)


def test_a_run_cancelled_while_counting_shows_no_counting_figure(qtbot, view, tmp_path) -> None:
    corpus = tmp_path / "long.txt"
    corpus.write_text(syllable_text(400_000), encoding="utf-8")
    assert view.corpus.add_files([str(corpus)]) == []
    shown: list[str] = []

    def cancel_once(_event: object) -> None:
        view.pacer.refresh()
        if not shown and "counting" in view.progress.text():
            shown.append(view.progress.text())
            view.cancel_action.trigger()

    on_event(view.controller, CountingProgress, cancel_once)
    with waiting_for(qtbot, view.controller, Cancelled, timeout=60_000):
        view.start_action.trigger()
    assert not view.controller.merges and shown  # (cancelled while the bar said "counting: …")
    assert view.progress.text() == "Cancelled"
    assert "Cancelled before the first merge" in view.progress_label.text()
