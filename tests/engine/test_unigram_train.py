"""Our Unigram trainer against ``sentencepiece``'s on the same text and size (issue 23).

The two are not identical (sentencepiece seeds from a suffix array over the whole text, splits
words at script changes and digits and counts in float32); what is asserted is the share of
pieces both vocabularies hold. Measured on tests/data (English, multiscript, Russian, code,
Chinese; 2,000 pieces, ``character_coverage=1.0``): 0.81. The bound is 0.70, so that a change
that makes the trainer worse fails while a small drift does not.
"""

from __future__ import annotations

import io

import pytest

from bpe_engine.unigram.train import UnigramTrainerConfig, train_unigram, word_counts

from .unigram_support import TRAINING

spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")

OVERLAP_BOUND = 0.70


@pytest.mark.slow
def test_the_vocabulary_is_close_to_sentencepieces() -> None:
    ours = train_unigram(TRAINING, UnigramTrainerConfig(vocab_size=2000, seed_size=20_000))
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(TRAINING),
        model_writer=out,
        model_type="unigram",
        vocab_size=2003,  # and <unk>, <s>, </s>
        character_coverage=1.0,
        minloglevel=2,
    )
    ref = spm.SentencePieceProcessor(model_proto=out.getvalue())
    theirs = {ref.id_to_piece(i) for i in range(3, ref.get_piece_size())}
    mine = {p for p, _ in ours}
    assert len(mine) == 2000
    every_char = {c for word in word_counts(TRAINING) for c in word}
    assert every_char <= mine  # every character is kept
    scores = [s for _, s in ours]
    assert scores == sorted(scores, reverse=True) and max(scores) < 0
    assert len(mine & theirs) / len(theirs) >= OVERLAP_BOUND


def test_a_tiny_text_keeps_its_words_and_characters() -> None:
    """On a text of a few words repeated, whole frequent words become pieces."""
    text = ["the cat sat on the mat"] * 50 + ["the hat"] * 20
    pieces = dict(train_unigram(text, UnigramTrainerConfig(vocab_size=20)))
    assert "▁the" in pieces and set("▁thecasonm") <= set(pieces)
    assert len(pieces) <= 20
