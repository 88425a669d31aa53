"""The WordPiece trainer (likelihood-score merges): the known answer of Hugging Face's course,
every merge against a brute-force recount, the vocabulary against ``tokenizers``'
WordPieceTrainer (which is BPE by counts with ``##``: only a measured overlap is expected),
and the trained tokenizer's ids against ``tokenizers`` with the same vocabulary."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from bpe_engine.corpus import LINE_BLOCK as _BLOCK, line_blocks as _line_blocks
from bpe_engine.errors import ConfigError
from bpe_engine.formats.data import WordPieceSplit
from bpe_engine.train.events import CountingProgress
from bpe_engine.wordpiece.normalizer import BertNormalizer, WordSplitter
from bpe_engine.wordpiece.train import WordPieceTrainer, train_wordpiece

from ..conftest import data_text
from .conftest import DATA_FILES, head
from .wordpiece_support import SPECIALS, generated_strings, reference

#: Measured on tests/data/english.txt (97 KB), 2,000 tokens each: the same alphabet (91
#: characters and their ## forms) and special tokens; of the 1,904 tokens each made by merges,
#: 667 are in both (35 %); 763 of the 2,000 tokens in all (38 %). (At 1,000 tokens: 19 % of
#: the merged ones; at 4,000 tokens 75 % of tokenizers' 2,438, where it runs out of pairs.)
#: Likelihood prefers pairs whose parts are rarely apart (rare letters, whole rare words), the
#: count-based trainer the most frequent pairs: on the mixed-script texts, with only 350
#: merges after a 1,645-character alphabet, they share one merged token.
MERGED_OVERLAP_AT_LEAST = 0.30


def _brute_force(words: list[str], vocab_size: int, specials: list[str]) -> list[tuple[str, str]]:
    """Every merge recounted from scratch, scores as exact fractions, the same tie rule."""
    counts = Counter(words)
    splits = {w: [w[0]] + ["##" + c for c in w[1:]] for w in counts}
    vocab = set(specials) | {c for w in counts for c in w} | {s for parts in splits.values() for s in parts}
    merges: list[tuple[str, str]] = []
    while len(vocab) < vocab_size:
        pairs: Counter[tuple[str, str]] = Counter()
        symbols: Counter[str] = Counter()
        for w, parts in splits.items():
            for s in parts:
                symbols[s] += counts[w]
            for pair in zip(parts, parts[1:]):
                pairs[pair] += counts[w]
        if not pairs:
            break
        score = {p: Fraction(c, symbols[p[0]] * symbols[p[1]]) for p, c in pairs.items()}
        top = max(score.values())
        tied = [p for p in pairs if score[p] == top]
        most = max(pairs[p] for p in tied)
        best = min(p for p in tied if pairs[p] == most)  # higher count, then the smaller pair
        merges.append(best)
        token = best[0] + best[1].removeprefix("##")
        vocab.add(token)
        for w, parts in splits.items():
            out: list[str] = []
            i = 0
            while i < len(parts):
                if i + 1 < len(parts) and (parts[i], parts[i + 1]) == best:
                    out.append(token)
                    i += 2
                else:
                    out.append(parts[i])
                    i += 1
            splits[w] = out
    return merges


def test_the_courses_known_answer() -> None:
    """Hugging Face's course: hug x10, pug x5, pun x12, bun x4, hugs x5; the first merge is
    ##g + ##s at 5 / (20 x 5) = 1/20 (the only pair without ##u)."""
    words = ["hug"] * 10 + ["pug"] * 5 + ["pun"] * 12 + ["bun"] * 4 + ["hugs"] * 5
    trained = train_wordpiece([" ".join(words)], 1 + 12 + 9, special_tokens=["[UNK]"])
    first = trained.merges[0]
    assert (first.left, first.right, first.token, first.score) == ("##g", "##s", "##gs", 1 / 20)
    assert [(m.left, m.right) for m in trained.merges] == _brute_force(words, 1 + 12 + 9, ["[UNK]"])
    tok = trained.tokenizer
    assert [tok.token_text(i) for i in tok.encode("hugs bugs")] == ["hugs", "bu", "##gs"]


def test_every_merge_is_the_brute_forces() -> None:
    text = head(data_text("english.txt"), 3000) + head(data_text("russian.txt"), 1000)
    normalizer, splitter = BertNormalizer(), WordSplitter((WordPieceSplit.BERT,))
    words = splitter.words(normalizer.normalize(text))
    trained = train_wordpiece([text], 400, special_tokens=SPECIALS)
    assert [(m.left, m.right) for m in trained.merges] == _brute_force(words, 400, SPECIALS)
    assert trained.tokenizer.vocab_size == 400


def test_vocabulary_overlap_with_tokenizers_trainer() -> None:
    pytest.importorskip("tokenizers")
    texts = data_text("english.txt").splitlines()
    ours = train_wordpiece(texts, 2000, special_tokens=SPECIALS).tokenizer
    theirs = set(reference(cased=False, vocab_size=2000, texts=texts).get_vocab())
    mine = {ours.token_text(i) for i in ours.vocab}
    assert len(mine) == len(theirs) == 2000

    def merged(vocab: set[str]) -> set[str]:
        return {t for t in vocab if len(t.removeprefix("##")) > 1 and t not in SPECIALS}

    assert mine - merged(mine) == theirs - merged(theirs)  # the same alphabet and special tokens
    shared = len(merged(mine) & merged(theirs)) / len(merged(theirs))
    assert shared >= MERGED_OVERLAP_AT_LEAST


def test_the_trained_tokenizer_encodes_as_tokenizers_with_its_vocabulary() -> None:
    pytest.importorskip("tokenizers")
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers

    tok = train_wordpiece([data_text(n)[:20_000] for n in DATA_FILES], 1500, special_tokens=SPECIALS).tokenizer
    ref = Tokenizer(models.WordPiece({tok.token_text(i): i for i in tok.vocab}, unk_token="[UNK]"))
    ref.normalizer = normalizers.BertNormalizer(lowercase=True)
    ref.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    for text in [data_text("english.txt")[:20_000], *generated_strings(200, seed=3)]:
        assert tok.encode_ordinary(text) == ref.encode(text, add_special_tokens=False).ids
    assert tok.encode_as_model("hello")[0] == tok.special_tokens["[CLS]"]


def test_a_trained_tokenizer_exports_as_a_tokenizer_json_for_tokenizers(tmp_path: Path) -> None:
    pytest.importorskip("tokenizers")
    from tokenizers import Tokenizer

    tok = train_wordpiece([data_text("russian.txt")], 800, special_tokens=SPECIALS).tokenizer
    ref = Tokenizer.from_file(tok.export(tmp_path / "ru.json", "hf")[0])
    for text in [data_text("russian.txt")[:10_000], *generated_strings(200, seed=4)]:
        assert tok.encode_as_model(text, allowed_special="all") == ref.encode(text).ids
        assert tok.decode(ref.encode(text).ids) == ref.decode(ref.encode(text).ids, skip_special_tokens=False)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ConfigError, match="unknown token"):
        train_wordpiece(["a b"], 10, special_tokens=["[PAD]"])
    with pytest.raises(ConfigError, match="smaller than the 5 special tokens"):
        train_wordpiece(["a b"], 3)


def _blocky_text() -> str:
    """Over ten normalizer blocks of text whose lines start and end with what a normalizer pass
    could carry across a cut: combining accents, final sigmas, CJK, CRLF, controls, NBSP."""
    lines = ["\u0301e ΟΔΟΣ", "ΣΑΣ\r", "中文字 x\u00a0", "\x00café\u0308", "Ǆ naïve\u200b", "e\u0327\u0301 Σ"]
    parts = []
    english = data_text("english.txt")
    for k in range(0, 12 * _BLOCK, 997):
        parts.append(english[k % len(english) : k % len(english) + 900])
        parts.append(lines[k % len(lines)])
    return "\n".join(parts) + "\n" + "x" * (2 * _BLOCK) + "\nlast line without its end"


def test_line_blocks_cut_only_after_line_ends_and_join_back():
    text = _blocky_text()
    blocks = list(_line_blocks(text))
    assert "".join(blocks) == text
    assert len(blocks) > 10
    assert all(b.endswith("\n") for b in blocks[:-1])
    assert all(len(b) >= _BLOCK for b in blocks[:-1])  # (a long line runs on to its end)
    assert list(_line_blocks("")) == [] and list(_line_blocks("a\nb", 1)) == ["a\n", "b"]


@pytest.mark.slow
def test_a_text_trained_in_blocks_gives_what_the_whole_text_gives():
    # (the same text as one piece through ``texts``: counted in one pass, no block)
    text = _blocky_text()
    whole = train_wordpiece([text], 400, special_tokens=SPECIALS)
    trainer = WordPieceTrainer(None, 400, text=text, special_tokens=SPECIALS)
    progress = [e.bytes_done for e in trainer.events() if isinstance(e, CountingProgress)]
    assert len(progress) > 10 and progress[-1] == len(text.encode("utf-8"))
    ours = trainer.result()
    assert ours.merges == whole.merges and len(ours.merges) > 100
    tokens = [ours.tokenizer.token_text(i) for i in range(len(ours.tokenizer))]
    assert tokens == [whole.tokenizer.token_text(i) for i in range(len(whole.tokenizer))]
