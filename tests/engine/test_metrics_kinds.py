"""The five measures of bpe_engine.metrics on every kind of tokenizer the app opens, each figure
from the reference library's own ids (tiktoken, Hugging Face ``tokenizers``, ``sentencepiece``)
or a brute force written here: OpenAI's o200k, Llama 3.2's ``tokenizer.json``, Mistral v3's
SentencePiece BPE ``.model``, a WordPiece ``tokenizer.json`` and a SentencePiece Unigram
``.model`` trained here. (The trained byte-level and character-level BPE are in
test_metrics.py.)

On the parallel sample's English, Chinese, Japanese and Russian heads: compression and the
premiums count the reference's ids, Rényi efficiency is its formula on those ids, fertility the
byte-offset brute force of test_metrics, the Gini the double sum; vocabulary health's unused
tokens are the vocabulary less the reference's ids and the special tokens, part-character
tokens those whose bytes are not UTF-8, and token uses (for BPE) follow each piece's merges."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bpe_engine import (
    Tokenizer,
    TokenizerLike,
    TokenUse,
    compression,
    fertility,
    load_parallel,
    load_tokenizer,
    parity,
    renyi_efficiency,
    token_uses,
    vocabulary_health,
)

from ..conftest import REPO, data_text, shared_path, tiktoken_encoding
from .test_metrics import _valid, brute_fertility, brute_gini, brute_renyi

HEAD = 700  # characters of each language (the fertility brute force is quadratic)
LANGUAGES = ("eng", "cmn", "jpn", "rus")
KINDS = ["openai", "llama-json", "mistral-model", "wordpiece", "unigram"]


@dataclass
class Case:
    tok: TokenizerLike
    reference: Callable[[str], list[int]]  # the reference library's ids, no special tokens
    vocab_size: int  # the reference's, special tokens included
    specials: set[int]
    bpe: bool  # merges: unreachable and intermediate uses apply


def _openai(_: Path) -> Case:
    enc = tiktoken_encoding("o200k_base")
    tok = Tokenizer.from_tiktoken("o200k_base")
    # |V| is the tokens that exist: o200k's ids leave a gap (n_vocab 200,019 for 200,000 tokens)
    size = len(enc._mergeable_ranks) + len(enc._special_tokens)
    return Case(tok, enc.encode_ordinary, size, set(enc._special_tokens.values()), True)


def _llama(_: Path) -> Case:
    tokenizers = pytest.importorskip("tokenizers")
    path = shared_path("tokenizers/llama3.2_tokenizer.json", "the Llama 3.2 tokenizer.json")
    hf = tokenizers.Tokenizer.from_file(str(path))
    specials = {t.content for t in hf.get_added_tokens_decoder().values() if t.special}
    vocab = hf.get_vocab(with_added_tokens=True)
    return Case(
        load_tokenizer(path),
        lambda t: hf.encode(t, add_special_tokens=False).ids,
        hf.get_vocab_size(with_added_tokens=True),
        {vocab[s] for s in specials},
        True,
    )


def _sentencepiece(path: Path, bpe: bool) -> Case:
    spm = pytest.importorskip("sentencepiece")
    sp = spm.SentencePieceProcessor(model_file=str(path))
    specials = {i for i in range(sp.get_piece_size()) if sp.is_control(i) or sp.is_unknown(i)}
    return Case(load_tokenizer(path), lambda t: sp.encode(t), sp.get_piece_size(), specials, bpe)


def _mistral(_: Path) -> Case:
    return _sentencepiece(shared_path("tokenizers/mistral_sentencepiece_v3.model", "the Mistral v3 model"), True)


def _unigram(folder: Path) -> Case:
    pytest.importorskip("sentencepiece")
    from .unigram_support import train_sentencepiece

    return _sentencepiece(train_sentencepiece(folder / "uni.model", byte_fallback=True, vocab_size=1500), False)


def _wordpiece(folder: Path) -> Case:
    pytest.importorskip("tokenizers")
    from .wordpiece_support import SPECIALS, reference, save

    hf = reference(cased=True, vocab_size=1500)
    vocab = hf.get_vocab(with_added_tokens=True)
    return Case(
        load_tokenizer(save(hf, folder)),
        lambda t: hf.encode(t, add_special_tokens=False).ids,
        hf.get_vocab_size(with_added_tokens=True),
        {vocab[s] for s in SPECIALS},
        False,
    )


OPENERS: dict[str, Callable[[Path], Case]] = {
    "openai": _openai,
    "llama-json": _llama,
    "mistral-model": _mistral,
    "wordpiece": _wordpiece,
    "unigram": _unigram,
}


@pytest.fixture(scope="module", params=KINDS)
def case(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Case:
    return OPENERS[request.param](tmp_path_factory.mktemp(request.param))


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    sample = load_parallel(REPO / "resources" / "parallel").texts()
    return {code: sample[code][:HEAD] for code in LANGUAGES}


pytestmark = pytest.mark.slow


def test_compression_and_renyi_count_the_reference_ids(case: Case, texts: dict[str, str]) -> None:
    for text in texts.values():
        ids = case.reference(text)
        c = compression(case.tok, text)
        assert (c.tokens, c.bytes, c.chars) == (len(ids), len(text.encode("utf-8")), len(text))
        r = renyi_efficiency(case.tok, text)
        assert (r.tokens, r.distinct, r.vocab_size) == (len(ids), len(set(ids)), case.vocab_size)
        assert r.entropy == pytest.approx(brute_renyi(ids, 2.5), rel=1e-12)
        assert r.efficiency == pytest.approx(brute_renyi(ids, 2.5) / math.log(case.vocab_size), rel=1e-12)


def test_parity_counts_the_reference_ids(case: Case, texts: dict[str, str]) -> None:
    p = parity(case.tok, texts)
    counts = {code: len(case.reference(text)) for code, text in texts.items()}
    assert [(r.language, r.tokens) for r in p.languages] == list(counts.items())
    premiums = [counts[code] / counts["eng"] for code in texts]
    assert [r.premium for r in p.languages] == pytest.approx(premiums)
    assert p.gini_premium == pytest.approx(brute_gini(premiums))
    per_byte = [counts[c] / len(t.encode("utf-8")) for c, t in texts.items()]
    assert p.gini_per_byte == pytest.approx(brute_gini(per_byte))


def test_fertility_matches_brute_force(case: Case, texts: dict[str, str]) -> None:
    for text in texts.values():
        f = fertility(case.tok, text)
        assert (f.tokens, f.words, f.split_words) == brute_fertility(case.tok, text)  # type: ignore[arg-type]
        assert f.tokens == len(case.reference(text))


def test_vocabulary_health_against_the_reference(case: Case, texts: dict[str, str]) -> None:
    text = "\n".join(texts.values())
    h = vocabulary_health(case.tok, text)
    vocab = case.tok.vocab
    ordinary = [i for i in sorted(vocab) if i not in case.specials]
    assert h.tokens == len(ordinary)
    assert list(h.part_character) == [i for i in ordinary if not _valid(vocab[i])]
    used = set(case.reference(text))
    assert list(h.unused or ()) == [i for i in ordinary if i not in used]
    uses = {u.token_id: u for u in h.uses or ()}
    assert Counter({t: u.final for t, u in uses.items() if u.final}) == Counter(case.reference(text))
    if not case.bpe:  # no merges: nothing is made on the way, every examined token is its own piece
        assert all(u.intermediate == 0 for u in uses.values()) and h.intermediate_only == ()
    assert set(h.undertrained_candidates) == set(h.unreachable) | set(h.unused or ())


def test_token_uses_follow_each_piece(case: Case, texts: dict[str, str]) -> None:
    if not case.bpe:
        pytest.skip("no merges: no intermediate uses")
    text = "\n".join(texts.values()) + data_text("english.txt")[:2000]
    final: Counter[int] = Counter()
    made: Counter[int] = Counter()
    for piece, _, _, _ in case.tok.pieces(text, special=False):
        ids = case.tok.piece_ids(piece)
        steps = Counter(s.new_id for s in case.tok.bpe_steps(piece))
        steps.subtract(ids)
        final.update(ids)
        made.update({t: c for t, c in steps.items() if c > 0})
    expected = {t: TokenUse(t, final[t], made[t]) for t in sorted(final.keys() | made.keys())}
    assert token_uses(case.tok, text) == expected
    assert final == Counter(case.reference(text))
