"""Switching Tokenize between a SentencePiece and a byte-level tokenizer rebuilds every chip of
the pre-tokenization strip in the new family's glyphs (issue 20, point 8): ``▁`` for
SentencePiece's spaces, ``·`` for a byte-level tokenizer's, never a mix of the two."""

from __future__ import annotations

import pytest

from app.features.tokenize.view import TokenizeView

from ..sentencepiece_support import spm_model, spm_tokenizer  # noqa: F401
from ..text_views_support import load, openai_tokenizers, tiktoken_encodings  # noqa: F401

TEXT = "the tea is hot and the cat is here " * 3


@pytest.fixture
def view(qtbot, registry, settings, openai_tokenizers, spm_tokenizer):
    load(qtbot, registry, "cl100k_base")
    v = TokenizeView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    v.spm_key = registry.add(spm_tokenizer, "small spm", kind="file")
    v.cl100k_key = next(k for k in registry.keys() if "cl100k" in k)
    return v


def _show(qtbot, v: TokenizeView, key: str) -> list[str]:
    v.picker.set_current_key(key)
    qtbot.waitUntil(lambda: v.is_settled() and v.current_key() == key and v.table() is not None, timeout=20_000)
    return v.pieces_box.chips.chip_texts()


def _expected(v: TokenizeView, key: str) -> set[str]:
    """The glyphs the strip must use for a space with this tokenizer (its own facts)."""
    return {v.registry.get(key).facts.space_symbol}


def test_switching_families_rebuilds_the_strip(qtbot, view) -> None:
    view.set_text(TEXT)
    for key in (view.cl100k_key, view.spm_key, view.cl100k_key, view.spm_key):
        chips = _show(qtbot, view, key)
        assert chips
        glyphs = {g for chip in chips for g in chip if g in "·▁"}
        assert glyphs == _expected(view, key), (key, chips[:8])
