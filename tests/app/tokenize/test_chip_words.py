"""Tokenize's legend and hint say what is true of the chosen tokenizer's chips (issue 23): bytes
for byte-level BPE; ``▁`` and byte-fallback pieces (or the unknown piece) for SentencePiece's BPE
and Unigram; ``##`` and [UNK] for WordPiece. Each claim is checked on the chips the real
tokenizer gives (models made here by ``sentencepiece`` and ``tokenizers``), in English and
Chinese."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

from app.core import i18n
from app.display.chips import chip_segments
from app.features.tokenize.view import TokenizeView
from bpe_engine import UnigramTokenizer, load_tokenizer

from ...conftest import data_text
from ...engine.unigram_support import train_sentencepiece
from ...engine.wordpiece_support import reference, save
from ..sentencepiece_support import spm_model, spm_tokenizer  # noqa: F401
from ..text_views_support import trained  # noqa: F401

pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")

TEXT = "the cats went home\nnow 🤚 ⅻ"
BYTE_WORDS = ("bytes", "merge")  # what only byte-level BPE (or any BPE) may claim


def _view(qtbot, registry, settings, tok, name: str) -> TokenizeView:
    key = registry.add(tok, name, kind="file")
    v = TokenizeView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 800)
    v.show()
    qtbot.waitExposed(v)
    v.picker.set_current_key(key)
    v.set_text(TEXT)
    qtbot.waitUntil(lambda: v.is_settled() and v.table() is not None and len(v.table()) > 0, timeout=30_000)
    return v


def _words(v: TokenizeView) -> tuple[str, str, str]:
    return v.legend.text(), v.legend.toolTip(), v.info_label.text()


def _fallback_chips_as_the_legend_says(v: TokenizeView) -> None:
    """The legend's example ``e5→國`` is how a byte-fallback chip reads: its byte in hex, an
    arrow, the character (🤚 is not in these small vocabularies)."""
    table = v.table()
    fallback = [k for k, p in enumerate(table.labels) if p.startswith("<0x")]
    assert fallback
    for k in fallback:
        (hex_part, _), (pointer, _) = chip_segments(table, k)
        assert hex_part == table.labels[k][3:5].lower() and pointer.startswith("→")
    assert "<code>e5→國</code>" in v.legend.text()


def _legend_fits(qtbot, v: TokenizeView) -> None:
    """On a small screen's width the longest legend (Unigram's) wraps instead of running off
    the window's edge."""
    v.resize(1000, 680)
    qtbot.waitUntil(lambda: v.width() == 1000)
    qtbot.waitUntil(lambda: v.legend.height() >= v.legend.heightForWidth(v.legend.width()) > 0)
    right = v.legend.mapTo(v, v.legend.rect().topRight()).x()
    assert right < v.width() and v.legend.sizeHint().width() < v.width()


def _chinese(v: TokenizeView) -> tuple[str, str, str]:
    english = _words(v)
    assert i18n.set_language("zh_CN"), "the compiled .qm is missing: run python -m app.core.i18n.catalog"
    try:
        chinese = _words(v)
    finally:
        i18n.set_language("en")
    assert _words(v) == english  # back in English, the same words again
    for en, zh in zip(english, chinese, strict=True):
        assert en != zh and any("\u4e00" <= c <= "\u9fff" for c in zh)
    return chinese


def test_byte_level_bpe(qtbot, registry, settings, trained) -> None:  # noqa: F811
    v = _view(qtbot, registry, settings, trained, "bytes")
    legend, tip, hint = _words(v)
    assert "&lt;e3 80&gt;" in legend and "bytes" in hint and "UTF-8" in tip
    labels = [trained.decode_single_token_bytes(t) for t in v.table().ids]
    assert any(len(b) == 1 and b[0] >= 0x80 for b in labels)  # 🤚's bytes: the hex chips the legend names
    _chinese(v)


def test_sentencepiece_bpe(qtbot, registry, settings, spm_tokenizer) -> None:  # noqa: F811
    v = _view(qtbot, registry, settings, spm_tokenizer, "spm bpe")
    legend, tip, hint = _words(v)
    assert "▁" in legend and "byte-fallback" in legend and "merges" in hint and "bytes" not in hint
    labels = v.table().labels
    assert any(p.startswith("▁") for p in labels)
    _fallback_chips_as_the_legend_says(v)
    _chinese(v)


@pytest.mark.parametrize("fallback", [True, False])
def test_unigram(qtbot, registry, settings, tmp_path: Path, fallback: bool) -> None:
    tok = UnigramTokenizer.load(train_sentencepiece(tmp_path / "u.model", byte_fallback=fallback, vocab_size=1500))
    v = _view(qtbot, registry, settings, tok, "unigram")
    legend, tip, hint = _words(v)
    assert "Unigram" in hint and not any(w in hint + legend for w in BYTE_WORDS)
    labels = v.table().labels
    assert any(p.startswith("▁") for p in labels) and "▁" in legend
    assert ("byte-fallback piece" in legend) == fallback == any(p.startswith("<0x") for p in labels)
    if fallback:
        _fallback_chips_as_the_legend_says(v)
    _legend_fits(qtbot, v)
    if not fallback:
        assert "unknown piece" in legend and tok._data.unk_id in v.table().ids  # 🤚 is not in the vocabulary
    _chinese(v)


def test_wordpiece(qtbot, registry, settings, tmp_path: Path) -> None:
    lines = data_text("english.txt").splitlines()[:300]
    path = save(reference(cased=False, vocab_size=600, texts=lines), tmp_path)
    tok = load_tokenizer(path)
    v = _view(qtbot, registry, settings, tok, "bert")
    legend, tip, hint = _words(v)
    assert "##" in legend and "[UNK]" in legend and "WordPiece" in hint
    assert not any(w in hint + legend for w in BYTE_WORDS) and "▁" not in legend
    labels = v.table().labels
    assert "[UNK]" in labels and any(p.startswith("##") for p in labels) and not any(" " in p for p in labels)
    _chinese(v)


def test_the_token_line_shows_a_special_piece_as_written(qtbot, registry, settings, spm_tokenizer) -> None:  # noqa: F811
    """The line under the chips was read as rich text when it held ``<s>`` (the BOS the model
    adds): the piece vanished and the rest of the line was struck through."""
    v = _view(qtbot, registry, settings, spm_tokenizer, "spm bpe")
    line = f"Token 1: id {spm_tokenizer.special_tokens['<s>']}\nPiece: <s>\n0 bytes: a control piece"
    v.chips.show_info(0, lambda _k: line)  # (what describe says of the model's BOS)
    label = v.info_label
    doc = QTextDocument()
    if label.textFormat() == Qt.TextFormat.PlainText:
        doc.setPlainText(label.text())
    else:  # (Qt reads the line as rich text: it holds a tag-like "<s>")
        doc.setHtml(label.text())
    assert "<s>" in doc.toPlainText(), doc.toPlainText()
