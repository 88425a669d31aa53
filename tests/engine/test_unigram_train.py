"""Our Unigram trainer against ``sentencepiece``'s on the same text and size (issue 23).

The two are not identical (sentencepiece seeds from a suffix array over the whole text, splits
words at script changes and digits and counts in float32); what is asserted is the share of
pieces both vocabularies hold. Measured on tests/data (English, multiscript, Russian, code,
Chinese; 2,000 pieces, ``character_coverage=1.0``): 0.81. The bound is 0.70, so that a change
that makes the trainer worse fails while a small drift does not.
"""

from __future__ import annotations

import io
from collections import Counter

import pytest

from bpe_engine.corpus import LINE_BLOCK, line_blocks
from bpe_engine.unigram.train import UnigramTrainer, UnigramTrainerConfig, train_unigram, word_counts

from ..conftest import data_text
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


def test_a_text_and_a_file_counted_in_blocks_give_the_whole_texts_words(tmp_path) -> None:
    # Several blocks, cut after line ends: a long line with no end in a block, NBSP and
    # ideographic spaces (whitespace for str.split) at the cuts, no line end at the very end.
    line_kinds = ["\u00a0word end\u3000", "Σ ΟΔΟΣ\r", "中文 字", "x" * 50]
    english = data_text("english.txt")
    parts = [english[k % 9000 : k % 9000 + 700] + line_kinds[k % 4] for k in range(0, 8 * LINE_BLOCK, 701)]
    text = "\n".join(parts) + "\n" + "y" * (2 * LINE_BLOCK) + "\nno end"
    assert len(list(line_blocks(text))) > 5
    whole = word_counts([text])
    path = tmp_path / "corpus.txt"
    path.write_text(text, encoding="utf-8", newline="")
    for trainer in (UnigramTrainer(text=text), UnigramTrainer(str(path))):
        counted = [item for item in trainer._words() if isinstance(item, Counter)]
        assert counted == [whole]
