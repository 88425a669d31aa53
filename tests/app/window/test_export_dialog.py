"""File > Export… (Ctrl+E): every format written for the tokenizer on screen and read back by
the reference libraries with the same ids; refusals in the engine's words without closing;
tiktoken's three lines of Python shown, copied and run; SentencePiece refused clearly."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QFileDialog

from app.core.settings import FileKind
from app.window.export_dialog import ExportDialog
from app.window.main_window import MainWindow
from bpe_engine import Tokenizer, load_tokenizer, train_bpe

from ...conftest import scratch_tiktoken_cache
from ..sentencepiece_support import spm_model, spm_reference, spm_tokenizer  # noqa: F401

TEXT = "Hello helo, the tech team tests lowest newest 國語 Жизнь 🤚🏾<|endoftext|> done"
TRAIN = ("low lower lowest newest widest Hello helo, the tech team tests the tech stack. 國語 Жизнь 🤚🏾\n") * 40


@pytest.fixture(scope="module")
def tok() -> Tokenizer:
    return train_bpe(None, 320, ["<|endoftext|>"], text=TRAIN)


def _export_dialog(qtbot, window: MainWindow, key: str) -> ExportDialog:
    window.vocab_view.show_key(key)
    window.tabs.setCurrentWidget(window.vocab_view)
    assert window.export_action.isEnabled()
    window.export_action.trigger()
    dialog = window.saving.export_dialog
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def _export(qtbot, dialog: ExportDialog, format: str, path: Path) -> None:
    dialog.set_format(format)
    dialog.set_path(str(path))
    with qtbot.waitSignal(dialog.exporter.busy_changed, timeout=60_000, check_params_cb=lambda busy: not busy):
        dialog.export_button.click()


def test_export_shortcut_is_ctrl_e_and_unique(window) -> None:
    assert window.export_action.shortcut() == QKeySequence("Ctrl+E")
    keys = [a.shortcut() for a in window.findChildren(QAction) if not a.shortcut().isEmpty()]
    keys += [s.key() for s in window.findChildren(QShortcut)]
    keys += [b.shortcut() for b in window.findChildren(QAbstractButton) if not b.shortcut().isEmpty()]
    assert keys.count(QKeySequence("Ctrl+E")) == 1


def test_every_format_is_written_and_read_back_with_the_same_ids(qtbot, window, tmp_path, tok) -> None:
    tmp_path = tmp_path / "out"  # the settings file lives in tmp_path itself
    tmp_path.mkdir()
    tiktoken = pytest.importorskip("tiktoken")
    tokenizers = pytest.importorskip("tokenizers")
    key = window.registry.add(tok, "tiny trained")
    dialog = _export_dialog(qtbot, window, key)
    assert dialog.windowTitle() == "Export “tiny trained”"
    expected = tok.encode(TEXT, allowed_special="all")

    _export(qtbot, dialog, "ours", tmp_path / "ours.json")
    assert Tokenizer.load(tmp_path / "ours.json").encode(TEXT, allowed_special="all") == expected

    _export(qtbot, dialog, "hf", tmp_path / "tokenizer.json")
    hf = tokenizers.Tokenizer.from_file(str(tmp_path / "tokenizer.json"))
    assert hf.encode(TEXT, add_special_tokens=False).ids == expected

    _export(qtbot, dialog, "gpt2", tmp_path / "vocab.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["merges.txt", "ours.json", "tokenizer.json", "vocab.json"]
    bpe = tokenizers.models.BPE.from_file(str(tmp_path / "vocab.json"), str(tmp_path / "merges.txt"))
    gpt2 = tokenizers.Tokenizer(bpe)
    gpt2.pre_tokenizer = tokenizers.pre_tokenizers.ByteLevel(add_prefix_space=False)
    plain = TEXT.replace("<|endoftext|>", "")
    assert gpt2.encode(plain).ids == tok.encode(plain)

    _export(qtbot, dialog, "tiktoken", tmp_path / "tiny.tiktoken")
    assert (tmp_path / "tiny.tiktoken").exists() and (tmp_path / "tiny.tiktoken.json").exists()
    code = dialog.python.toPlainText()
    assert dialog.python.isVisible() and len(code.strip().splitlines()) == 3
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == code
    scope: dict[str, object] = {}
    with scratch_tiktoken_cache(tmp_path / "tiktoken-cache"):
        exec(code, scope)  # the three lines, as a user pastes them
    enc = scope["enc"]
    assert isinstance(enc, tiktoken.Encoding) and enc.encode(TEXT, allowed_special="all") == expected
    assert str(tmp_path / "tiny.tiktoken") in dialog.result_label.text()
    assert str(tmp_path / "tiny.tiktoken") in window.statusBar().currentMessage()
    # Exporting again names the files it replaces before writing.
    dialog.set_path(str(tmp_path / "tiny.tiktoken"))
    assert dialog.files_label.text().count("replaces the file there") == 2


def test_a_format_that_cannot_express_the_tokenizer_is_refused_with_the_reason(qtbot, window, tmp_path) -> None:
    tmp_path = tmp_path / "out"
    tmp_path.mkdir()
    words = train_bpe(None, 300, text=TRAIN, pretokenizer="whitespace")
    key = window.registry.add(words, "whitespace words")
    dialog = _export_dialog(qtbot, window, key)
    _export(qtbot, dialog, "gpt2", tmp_path / "vocab.json")
    assert "readers assume GPT-2's regex" in dialog.problem.text() and dialog.isVisible()
    assert list(tmp_path.iterdir()) == []  # nothing written
    _export(qtbot, dialog, "hf", tmp_path / "tokenizer.json")  # another format works
    assert dialog.problem.isHidden() and (tmp_path / "tokenizer.json").exists()
    # A Hugging Face file merges by pair priority, which tiktoken's ranks cannot express.
    opened = load_tokenizer(tmp_path / "tokenizer.json")
    key = window.registry.add(opened, "from hf")
    dialog.reject()
    dialog = _export_dialog(qtbot, window, key)
    _export(qtbot, dialog, "tiktoken", tmp_path / "x.tiktoken")
    assert "pair priorities" in dialog.problem.text() and not (tmp_path / "x.tiktoken").exists()


def test_the_choose_button_and_a_missing_folder(qtbot, window, monkeypatch, tmp_path, tok) -> None:
    key = window.registry.add(tok, "tiny")
    dialog = _export_dialog(qtbot, window, key)
    dialog.set_format("hf")
    size = len(tok)  # the clean name: the label, then the vocabulary size
    assert dialog.path().endswith(f"tiny-{size}-tokenizer.json")  # a suggestion that follows the format
    dialog.set_format("tiktoken")
    assert dialog.path().endswith(f"tiny-{size}.tiktoken")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "chosen.tiktoken"), ""))
    dialog.choose_button.click()
    assert dialog.path() == str(tmp_path / "chosen.tiktoken")
    assert dialog.files() == [str(tmp_path / "chosen.tiktoken"), str(tmp_path / "chosen.tiktoken.json")]
    dialog.set_path(str(tmp_path / "no such folder" / "x.json"))
    assert not dialog.export_button.isEnabled() and "does not exist" in dialog.problem.text()


def test_a_sentencepiece_tokenizer_is_not_offered_for_export(qtbot, window, spm_tokenizer) -> None:
    key = window.registry.add(spm_tokenizer, "small spm", kind="file")
    dialog = _export_dialog(qtbot, window, key)
    assert "SentencePiece tokenizer" in dialog.intro.text() and "byte-level tokenizers only" in dialog.intro.text()
    assert not dialog.export_button.isEnabled()
    assert not any(b.isEnabled() for b in dialog.format_buttons.values())


def test_a_unigram_tokenizer_exports_as_a_tokenizer_json_tokenizers_reads(qtbot, window, tmp_path) -> None:
    """Only Hugging Face's tokenizer.json is offered; the file written gives ``tokenizers`` the
    ids of the file the tokenizer came from (made here by its UnigramTrainer)."""
    tk = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")
    from ...engine.test_unigram_hf import _trained

    source = _trained(tmp_path)
    key = window.registry.add(load_tokenizer(source), "unigram", kind="file")
    dialog = _export_dialog(qtbot, window, key)
    assert "Unigram tokenizer" in dialog.intro.text()
    assert [n for n, b in dialog.format_buttons.items() if b.isEnabled()] == ["hf"] and dialog.format() == "hf"
    target = tmp_path / "out" / "tokenizer.json"
    target.parent.mkdir()
    _export(qtbot, dialog, "hf", target)
    assert target.is_file() and str(target) in dialog.result_label.text()
    original, written = tk.Tokenizer.from_file(str(source)), tk.Tokenizer.from_file(str(target))
    for text in (TEXT, TRAIN[:300], "  two  spaces\tand\na newline "):
        assert written.encode(text).ids == original.encode(text).ids


def test_export_opens_in_the_folder_of_the_last_export(qtbot, window, tmp_path, tok) -> None:
    """Export's own folder: not the corpus's nor the tokenizers' (issue 20, point 3), and kept
    across sessions (the settings file)."""
    corpora, saved, exports = tmp_path / "corpora", tmp_path / "tokenizers", tmp_path / "exports"
    for folder in (corpora, saved, exports):
        folder.mkdir()
    window.settings.remember_folder(FileKind.CORPUS, corpora)
    window.settings.remember_folder(FileKind.TOKENIZER, saved)
    key = window.registry.add(tok, "tiny trained")
    dialog = _export_dialog(qtbot, window, key)
    assert Path(dialog.path()).parent not in (corpora, saved)
    _export(qtbot, dialog, "hf", exports / "mine.json")
    assert (exports / "mine.json").is_file()
    dialog.close()
    dialog = _export_dialog(qtbot, window, key)  # again: it starts where the last export went
    assert Path(dialog.path()).parent == exports
    assert window.settings.folder_for(FileKind.EXPORT) == str(exports)
    assert window.settings.folder_for(FileKind.TOKENIZER) == str(saved)  # each kind its own
    dialog.close()
