"""The Families tab, driven as a user would: it trains on the built-in samples when first
shown, then every figure on screen is checked against an independent computation (code
points and UTF-8 bytes from Python, words from the GPT-2 regex run here over the sample files,
both BPE families trained here directly with the engine, WordPiece's ids, pieces and round
trip from ``tokenizers``' WordPiece loaded with the vocabulary trained directly, Unigram's
ids, pieces and round trip from ``sentencepiece`` loading a ``.model`` of the pieces and
scores trained directly)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import regex
from PySide6.QtCore import Qt

from app.display.chips import HEX, PARTIAL, POINTER, SPECIAL
from app.display.format import format_count
from app.features.families.model import COLUMN_KEYS
from app.features.families.view import DEFAULT_VOCAB, HERE, FamiliesView, sample_paths
from app.window.main_window import MainWindow
from bpe_engine import FAMILIES, family_trainer, train_bpe, train_char_bpe, train_wordpiece

from ...conftest import data_text
from ...engine.formats_support import sentencepiece_model
from ..sentencepiece_support import spm_model  # noqa: F401
from ..text_views_support import type_text

GPT2 = regex.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""")


@pytest.fixture(scope="module")
def corpus_texts() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sample_paths()]


@pytest.fixture(scope="module")
def corpus_words(corpus_texts) -> set[str]:
    words: set[str] = set()
    for text in corpus_texts:  # each file on its own: no word runs across two files
        words.update(GPT2.findall(text))
    return words


@pytest.fixture(scope="module")
def direct() -> dict[str, object]:
    """The two BPE families and WordPiece trained directly with the engine, as the view should,
    and ``tokenizers``' WordPiece with that vocabulary (the reference for the WordPiece row)."""
    tokenizers = pytest.importorskip("tokenizers")
    from tokenizers import decoders, models, normalizers, pre_tokenizers

    paths = sample_paths()
    wp = train_wordpiece([p.read_text(encoding="utf-8") for p in paths], DEFAULT_VOCAB).tokenizer
    ref = tokenizers.Tokenizer(models.WordPiece({wp.token_text(i): i for i in wp.vocab}, unk_token="[UNK]"))
    ref.normalizer = normalizers.BertNormalizer(lowercase=True)
    ref.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    ref.decoder = decoders.WordPiece()
    return {
        "char-bpe": train_char_bpe(paths, DEFAULT_VOCAB),
        "byte-bpe": train_bpe(paths, DEFAULT_VOCAB, []),
        "wordpiece": ref,
        "unigram": _unigram_reference(paths),
    }


def _unigram_reference(paths: list[Path]) -> object:
    """sentencepiece with the pieces and scores of a Unigram model trained here directly."""
    spm = pytest.importorskip("sentencepiece")
    trainer = family_trainer("unigram", paths, DEFAULT_VOCAB, fork_workers=False)
    for _ in trainer.events():
        pass
    tok = trainer.tokenizer()
    pieces = [(tok.pieces_text[i], tok.scores[i], tok._data.kinds[i]) for i in range(tok.vocab_size)]  # type: ignore[union-attr]
    return spm.SentencePieceProcessor(model_proto=sentencepiece_model(pieces, byte_fallback=True, model_type=1))


def cell(v: FamiliesView, family: str, key: str, role=Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
    row = FAMILIES.index(family)
    return v.table.data(v.table.index(row, COLUMN_KEYS.index(key)), role)


def check_everything(v: FamiliesView, text: str, corpus_words: set[str], direct: dict[str, object]) -> None:
    """Every figure of the rows, the table and the editor, recomputed here."""
    assert v.text() == text
    data = text.encode("utf-8")
    matches = list(GPT2.finditer(text))
    unknown = [(m.start(), m.end()) for m in matches if m.group() not in corpus_words]
    char_ids = direct["char-bpe"].encode_ordinary(text)  # type: ignore[attr-defined]
    byte_ids = direct["byte-bpe"].encode(text)  # type: ignore[attr-defined]
    wp = direct["wordpiece"].encode(text, add_special_tokens=False)  # type: ignore[attr-defined]
    wp_back = direct["wordpiece"].decode(wp.ids) == text  # type: ignore[attr-defined]
    uni = direct["unigram"].encode(text)  # type: ignore[attr-defined]
    uni_back = direct["unigram"].decode(uni) == text  # type: ignore[attr-defined]
    expected = {
        # family: (tokens, vocabulary, unknown, part-character tokens, round trip)
        "characters": (len(text), 0x110000, 0, 0, True),
        "bytes": (len(data), 256, 0, sum(1 for b in data if b >= 0x80), True),
        "words": (len(matches), len(corpus_words) + 1, len(unknown), 0, not unknown),
        "char-bpe": (len(char_ids), DEFAULT_VOCAB, 0, None, "\u2581" not in text),
        "byte-bpe": (len(byte_ids), DEFAULT_VOCAB, 0, None, True),
        "wordpiece": (len(wp.ids), DEFAULT_VOCAB, wp.tokens.count("[UNK]"), None, wp_back),
        "unigram": (len(uni), DEFAULT_VOCAB, 0, None, uni_back),
    }
    for family, (tokens, vocab, unk, partial, round_trip) in expected.items():
        chips = v.chip_views[family]
        assert chips.count() == tokens, family
        assert cell(v, family, "tokens") == format_count(tokens)
        assert cell(v, family, "tokens", Qt.ItemDataRole.UserRole) == tokens
        bpt = len(data) / tokens if tokens else None
        assert cell(v, family, "bytes_per_token", Qt.ItemDataRole.UserRole) == bpt
        assert cell(v, family, "bytes_per_token") == (f"{bpt:.2f}" if bpt is not None else "—")
        assert cell(v, family, "vocab_size", Qt.ItemDataRole.UserRole) == vocab
        assert cell(v, family, "vocab_size") == format_count(vocab)
        assert cell(v, family, "unknown", Qt.ItemDataRole.UserRole) == unk
        if partial is not None:
            assert cell(v, family, "partial", Qt.ItemDataRole.UserRole) == partial, family
        assert cell(v, family, "partial", Qt.ItemDataRole.UserRole) == sum(
            1 for k in range(tokens) if chips.chip_kind(k) == PARTIAL
        )
        assert cell(v, family, "round_trip", Qt.ItemDataRole.UserRole) is round_trip, family
        assert cell(v, family, "round_trip").startswith("✓" if round_trip else "✗")
        assert f"{format_count(tokens)} tokens" in v.row_labels[family].text()
    # The ids behind the chips: the engine's tokenizers called directly.
    assert [t.id for t in v.result("char-bpe").tokens] == char_ids
    assert [t.id for t in v.result("byte-bpe").tokens] == byte_ids
    assert [t.id for t in v.result("characters").tokens] == [ord(c) for c in text]
    assert [t.id for t in v.result("bytes").tokens] == list(data)
    # WordPiece: tokenizers' ids and spans; the chips are its tokens as it writes them (##, [UNK]).
    assert [(t.id, t.start, t.end) for t in v.result("wordpiece").tokens] == [
        (i, s, e) for i, (s, e) in zip(wp.ids, wp.offsets)
    ]
    pieces = v.chip_views["wordpiece"]
    assert [pieces.chip_text(k) for k in range(pieces.count())] == wp.tokens
    assert [pieces.is_marked(k) for k in range(pieces.count())] == [t == "[UNK]" for t in wp.tokens]
    # Unigram: sentencepiece's ids; the chips are its pieces (a byte piece points to its character).
    assert [t.id for t in v.result("unigram").tokens] == uni
    labels = v.chip_views["unigram"].chip_texts()
    ref_pieces = [direct["unigram"].id_to_piece(i) for i in uni]  # type: ignore[attr-defined]
    assert [a.split("→")[0] for a in labels] == ref_pieces
    # Words: <UNK> chips, outlined, exactly at the unknown pieces; those are highlighted in the text.
    words = v.chip_views["words"]
    for k, m in enumerate(matches):
        is_unknown = (m.start(), m.end()) in unknown
        assert (words.chip_text(k) == "<UNK>") is is_unknown
        assert (words.chip_kind(k) == SPECIAL) is is_unknown
        assert words.is_marked(k) is is_unknown
    lost = list(unknown)
    if "\u2581" in text:
        lost += [(i, i + 1) for i, ch in enumerate(text) if ch == "\u2581"]
    lost += list(v.result("wordpiece").lost)  # (checked in tests/engine/test_families_wordpiece.py)
    lost += list(v.result("unigram").lost)  # (checked in tests/engine/test_families_unigram.py)
    assert sorted(v.lost_highlights()) == sorted(lost)
    if not lost:
        assert "gives this text back" in v.lost_label.text()
    else:
        assert "<UNK>" in v.result("words").decoded or "\u2581" in text or not wp_back or not uni_back
    # Bytes of a character outside ASCII: hex and an arrow to the character.
    b = v.chip_views["bytes"]
    k = 0
    for ch in text:
        for byte in ch.encode("utf-8"):
            if byte >= 0x80:
                segments = b.chips().segments[k]
                assert segments == ((f"{byte:02x}", HEX), ("→" + ch, POINTER))
            k += 1


def test_trains_on_the_samples_when_shown_and_every_figure_is_right(view, corpus_words, direct):
    assert view.models is not None and view.models.vocab_size == DEFAULT_VOCAB
    assert "Trained on" in view.train_status.text()
    assert view.progress.value() == 0  # idle again: the status line says it is done
    check_everything(view, view.text(), corpus_words, direct)
    # The default text holds words the samples never had.
    assert cell(view, "words", "round_trip").startswith("✗")


def test_typing_retokenizes_live_and_stays_right(qtbot, view, corpus_words, direct):
    view.editor.clear()
    text = "The cat 喝 ☕ dolphin"
    type_text(qtbot, view.editor, text)
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    check_everything(view, text, corpus_words, direct)
    # Newest text wins: many quick edits, only the last one shows.
    for extra in "abc":
        view.editor.insertPlainText(extra)
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    check_everything(view, text + "abc", corpus_words, direct)


def test_every_built_in_text(qtbot, view, corpus_words, direct):
    for index in range(1, view.text_combo.count()):
        view.text_combo.setCurrentIndex(index)
        view.text_combo.activated.emit(index)
        qtbot.waitUntil(view.is_settled, timeout=20_000)
        check_everything(view, view.text_combo.itemData(index), corpus_words, direct)


def test_unknown_word_tooltip_and_the_lost_sentence(qtbot, view):
    view.set_text("The telescope")
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    assert view.chip_views["words"].chip_texts() == ["The", "<UNK>"]
    tip = view.chip_tooltip("words", 1)
    assert "·telescope" in tip and "<UNK>" in tip
    assert "loses ‘·telescope’" in view.lost_label.text()
    assert cell(view, "words", "round_trip") == "✗ loses ‘·telescope’"
    assert cell(view, "words", "round_trip", Qt.ItemDataRole.ToolTipRole) == "Decoded: The<UNK>"


def test_char_level_bpe_shows_pieces_and_byte_fallback(qtbot, view, direct):
    view.set_text("Ada 喝")  # 喝 is not in the samples: byte fallback
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    labels = view.chip_views["char-bpe"].chip_texts()
    pieces = direct["char-bpe"].pieces_text  # type: ignore[attr-defined]
    ids = direct["char-bpe"].encode_ordinary("Ada 喝")  # type: ignore[attr-defined]
    assert labels[:2] == [pieces[ids[0]], "▁"]
    assert labels[2:] == [f"<0x{b:02X}>→喝" for b in "喝".encode()]


def test_a_vocabulary_too_small_for_char_bpe_offers_the_minimum(qtbot, view, corpus_texts, direct):
    chars = {"\u2581"}
    for text in corpus_texts:
        for line in text.splitlines():
            chars.update(line.replace(" ", "\u2581"))
    minimum = 259 + len(chars)
    view.set_vocab_size(minimum - 1)
    with qtbot.waitSignal(view.trained, timeout=60_000):
        qtbot.mouseClick(view.train_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    assert view.messages.kind == "warning"
    assert format_count(minimum) in view.messages.text()
    assert "not trained" in view.row_labels["char-bpe"].text()
    assert view.result("char-bpe") is None and view.result("words") is not None
    assert view.chip_views["char-bpe"].count() == 0
    (button,) = view.messages.buttons()
    assert format_count(minimum) in button.text()
    with qtbot.waitSignal(view.trained, timeout=60_000):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    assert view.vocab_spin.value() == minimum
    tok = train_char_bpe(sample_paths(), minimum)
    assert [t.id for t in view.result("char-bpe").tokens] == tok.encode_ordinary(view.text())
    assert cell(view, "char-bpe", "vocab_size", Qt.ItemDataRole.UserRole) == minimum


def test_a_chosen_file_trains_with_progress_and_can_be_cancelled(qtbot, view, tmp_path):
    path = tmp_path / "big.txt"
    words = [f"w{i}x{i * 7 % 13}" for i in range(4000)]
    path.write_text("\n".join(" ".join(words[j : j + 12]) for j in range(0, 4000, 3)) * 3, encoding="utf-8")
    assert view.set_corpus_file(str(path))
    assert view.corpus().paths == (str(path),)
    view.set_vocab_size(20_000)
    before = view.models
    progress = []
    view.controller.progress.connect(lambda *args: progress.append(args))
    assert view.train()
    assert not view.train_button.isEnabled() and view.cancel_button.isEnabled()
    qtbot.waitUntil(
        lambda: any(p[0] == "char-bpe" and p[1] == "merging" and p[2] > 0 for p in progress), timeout=60_000
    )
    with qtbot.waitSignal(view.controller.state_changed, timeout=30_000, check_params_cb=lambda s: s == "cancelled"):
        qtbot.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    assert view.models is before  # the families trained before stay
    assert "cancelled" in view.train_status.text()
    assert view.train_button.isEnabled()
    assert progress[0][:2] == ("words", "counting")


def test_files_that_cannot_be_a_corpus_are_refused_clearly(qtbot, view, tmp_path):
    binary = tmp_path / "data.bin"
    binary.write_bytes(b"\x00\x01\x02")
    assert not view.set_corpus_file(str(binary))
    assert view.messages.kind == "error" and "binary" in view.messages.text()
    late = tmp_path / "late.txt"
    late.write_bytes(b"good text\n" * 10_000 + b"bad \xff byte\n")  # passes the quick check at the start
    assert view.set_corpus_file(str(late))
    with qtbot.waitSignal(view.controller.training_failed, timeout=60_000):
        view.train()
    assert view.messages.kind == "error"
    assert "late.txt" in view.messages.text() and "UTF-8" in view.messages.text()


def test_byte_level_row_can_show_a_tokenizer_of_the_session(qtbot, view, registry):
    mine = train_bpe(None, 300, [], text="the cat sat on the mat " * 30)
    key = registry.add(mine, "mine")
    view.set_byte_source(key)
    assert view.byte_source() == key
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    text = view.text()
    assert [t.id for t in view.result("byte-bpe").tokens] == mine.encode(text)
    assert cell(view, "byte-bpe", "vocab_size", Qt.ItemDataRole.UserRole) == len(mine.vocab) == mine.vocab_size
    view.set_byte_source(HERE)
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    assert cell(view, "byte-bpe", "vocab_size", Qt.ItemDataRole.UserRole) == DEFAULT_VOCAB


def test_a_character_level_tokenizer_is_not_shown_as_byte_level(qtbot, view, registry, spm_model):
    # A SentencePiece model (characters, bytes only as fallback) filled the "Byte-level BPE"
    # row and its figures: the row says why it shows none, as for WordPiece or Unigram.
    from app.features.families.family import Family
    from app.features.families.row_status import family_status
    from bpe_engine import load_tokenizer

    key = registry.add(load_tokenizer(spm_model), "sp")
    view.set_byte_source(key)
    qtbot.waitUntil(lambda: view.is_settled() and view.byte_source() == key, timeout=20_000)
    assert view.result("byte-bpe") is None
    status = family_status(Family.BYTE_BPE, None, False, registry.entry(key))
    assert "not byte-level" in status and status in view.row_labels["byte-bpe"].text()


def test_one_click_from_the_main_window(qtbot, settings):
    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.show()
    tab = win.tabs.indexOf(win.families_view)
    assert win.tabs.tabText(tab) == "Families"
    view_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&View")
    action = next(a for a in view_menu.actions() if a.text() == "Families")
    assert action.shortcut().toString() == f"Ctrl+{tab + 1}"
    with qtbot.waitSignal(win.families_view.trained, timeout=60_000):
        action.trigger()
    assert win.tabs.currentWidget() is win.families_view
    qtbot.waitUntil(win.families_view.is_settled, timeout=20_000)
    assert win.families_view.chip_views["characters"].count() == len(win.families_view.text())
    win.close()


def test_word_counts_in_the_view_match_the_samples(view, corpus_texts):
    words = view.models.tokenizers["words"]
    counts: Counter[str] = Counter()
    for text in corpus_texts:
        counts.update(GPT2.findall(text))
    assert words.counts == dict(counts)
    assert f"{format_count(len(counts))} distinct words" in view.train_status.text()


def test_sample_paths_are_the_built_in_samples():
    assert [Path(p).name for p in sample_paths()] == ["english_story.txt", "chinese_passage.txt", "python_code.txt"]


def test_closing_while_training_cancels_without_waiting(qtbot, view, tmp_path):
    path = tmp_path / "big.txt"
    path.write_text(" ".join(f"w{i % 5000}y{i % 7}" for i in range(200_000)), encoding="utf-8")
    assert view.set_corpus_file(str(path))
    view.set_vocab_size(20_000)
    assert view.train()
    thread = view.controller._thread
    assert thread is not None
    view.shutdown()  # the window closing: cancel, do not wait for the training thread
    qtbot.waitUntil(thread.isFinished, timeout=60_000)  # it ends by itself soon after
    assert view.controller.state != "done"


def test_a_shorter_text_then_a_language_switch_keeps_the_highlights_right(qtbot, view):
    """The highlights follow each text; a language switch redraws them without stale
    positions (pytest-qt fails on Qt's "QTextCursor::setPosition: Position out of range")."""
    from app.core import i18n

    long_text = "The telescope and the microscope 🔭 " * 400
    view.set_text(long_text)
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    assert len(view.lost_highlights()) > 800
    assert 0 < len(view.text_panel.shown_highlights()) < 800  # (those near the lines shown)
    view.set_text("The telescope")
    try:
        i18n.set_language("zh_CN")  # before the shorter text's result arrives
        qtbot.waitUntil(view.is_settled, timeout=20_000)
        i18n.set_language("en")
    finally:
        i18n.set_language("en")
    assert view.lost_highlights() == [(3, 13), (0, 3)]  # words: " telescope"; WordPiece: "The" (lower-cased)


def test_wordpiece_trains_last_with_progress_and_cancel_stops_it(qtbot, view, tmp_path):
    """WordPiece trains after the BPE families, with its own progress (reading, then merges
    of the same vocabulary size); Cancel while it merges stops the run."""
    path = tmp_path / "mixed.txt"
    path.write_text("".join(data_text(n) for n in ("english.txt", "russian.txt", "multiscript.txt")), encoding="utf-8")
    assert view.set_corpus_file(str(path))
    view.set_vocab_size(6000)
    before = view.models
    progress: list[tuple[str, str, int, int]] = []
    view.controller.progress.connect(lambda *args: progress.append(args))
    assert view.train()
    qtbot.waitUntil(lambda: any(p[:2] == ("wordpiece", "merging") and p[2] > 0 for p in progress), timeout=120_000)
    with qtbot.waitSignal(view.controller.state_changed, timeout=30_000, check_params_cb=lambda s: s == "cancelled"):
        qtbot.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    assert view.models is before
    order = list(dict.fromkeys(p[0] for p in progress))
    assert order == ["words", "char-bpe", "byte-bpe", "wordpiece"]  # (cancelled before Unigram)
    merging = [p for p in progress if p[:2] == ("wordpiece", "merging")]
    assert all(0 <= done <= total for _, _, done, total in merging)
    assert "cancelled" in view.train_status.text()


def test_unigram_trains_last_with_rounds_and_cancel_stops_it(qtbot, view, tmp_path):
    """Unigram trains after WordPiece, its progress in rounds (EM, then pruning); Cancel
    while a round runs stops the run and keeps the families trained before."""
    path = tmp_path / "mixed.txt"
    path.write_text("".join(data_text(n) for n in ("english.txt", "russian.txt", "multiscript.txt")), encoding="utf-8")
    assert view.set_corpus_file(str(path))
    view.set_vocab_size(3000)
    before = view.models
    progress: list[tuple[str, str, int, int]] = []
    view.controller.progress.connect(lambda *args: progress.append(args))
    assert view.train()
    qtbot.waitUntil(lambda: any(p[:2] == ("unigram", "rounds") for p in progress), timeout=180_000)
    with qtbot.waitSignal(view.controller.state_changed, timeout=30_000, check_params_cb=lambda s: s == "cancelled"):
        qtbot.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    assert view.models is before
    assert list(dict.fromkeys(p[0] for p in progress)) == ["words", "char-bpe", "byte-bpe", "wordpiece", "unigram"]
    rounds = [p for p in progress if p[:2] == ("unigram", "rounds")]
    assert all(0 <= done <= total for _, _, done, total in rounds)
    assert "cancelled" in view.train_status.text()
