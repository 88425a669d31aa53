"""Long texts are cut into chunks where the pieces cannot change, whatever the script, and
the results do not depend on where the cuts fall (counting, bulk encoding, encode_iterable)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpe_engine import Pretokenizer, encode_file
from bpe_engine.corpus import Chunker, CorpusSource, iter_blocks
from bpe_engine.encode.stream import iter_encode
from bpe_engine.train.counting import count_pretokens_iter
from bpe_engine.reference import reference_pretoken_counts

from .test_roundtrip import texts


@pytest.fixture(scope="module")
def no_specials(corpora: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Chinese and Russian text without any special token (so only text rules can cut it)."""
    folder = tmp_path_factory.mktemp("chunks")
    out = {}
    for name, src in (("zh", "zh_classical_poetry_25MB.txt"), ("ru", "ru_fortunes_4MB.txt")):
        with open(corpora / src, encoding="utf-8") as f:
            text = f.read(700_000).replace("<|endoftext|>", "")
        out[name] = folder / f"{name}.txt"
        out[name].write_text(text, encoding="utf-8")
    return out


@pytest.mark.parametrize("lang", ["zh", "ru"])
@pytest.mark.parametrize("pre", ["gpt2", "cl100k", "o200k"])
def test_non_latin_text_without_special_tokens_is_cut_into_small_chunks(no_specials: dict, lang: str, pre: str) -> None:
    path = no_specials[lang]
    chunks = list(iter_blocks(CorpusSource(paths=(str(path),)), Chunker(Pretokenizer(pre), []), 65536))
    assert len(chunks) > 8
    assert max(len(c) for c, _, _, _ in chunks) < 2 * 65536
    assert b"".join(c for c, _, _, _ in chunks) == path.read_bytes()
    text = path.read_text(encoding="utf-8")
    counts = next(r for r in count_pretokens_iter(CorpusSource(paths=(str(path),)), Pretokenizer(pre), [], workers=1) if not isinstance(r, tuple))
    assert counts.counts() == dict(reference_pretoken_counts(text, (), pre))


def test_bulk_encoding_of_non_latin_text_without_specials(no_specials: dict, openai: dict) -> None:
    tok = openai["cl100k_base"]
    for path in no_specials.values():
        text = path.read_text(encoding="utf-8")
        assert encode_file(tok, path, backend="python", workers=1).tolist() == tok.encode(text)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts, sizes=st.lists(st.integers(min_value=1, max_value=30), max_size=20), block=st.integers(min_value=1, max_value=64))
def test_encode_iterable_with_small_blocks_equals_encode(trained: dict, openai: dict, text: str, sizes: list[int], block: int) -> None:
    """Small blocks force a cut search every few characters (special tokens, safe cuts)."""
    chunks, pos = [], 0
    for n in sizes:
        chunks.append(text[pos:pos + n])
        pos += n
    chunks.append(text[pos:])
    for tok in (trained["gpt2"], trained["whitespace"], openai["o200k_base"]):
        assert list(iter_encode(tok.encoder, chunks, frozenset(tok.special_tokens), block=block)) == tok.encode(text)


def test_one_tokenizer_encodes_in_several_threads(openai: dict, corpora: Path) -> None:
    """The app encodes with one tokenizer from several threads; a tiny cache that is replaced
    all the time must not make any of them fail or produce different ids."""
    tok = openai["gpt2"]
    with open(corpora / "en_mix_36MB.txt", encoding="utf-8") as f:
        text = f.read(200_000)
    expected = tok.encode(text)
    old = tok.cache_size
    tok.cache_size = 50
    results: list[object] = []

    def work() -> None:
        try:
            results.append(all(tok.encode(text) == expected for _ in range(3)))
        except Exception as exc:  # noqa: BLE001 - any failure is the finding
            results.append(exc)

    try:
        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        tok.cache_size = old
    assert results == [True] * 4


def test_counts_are_sharded_alike_in_process_and_in_workers(corpora: Path, tmp_path: Path) -> None:
    """The trainer's counts come in dicts split by `shard_of` (no dict grows huge); with one
    worker or two, each piece is in its own shard and the totals equal the reference count."""
    from bpe_engine.train.counting import SHARDS, shard_of

    path = tmp_path / "mixed.txt"
    with open(corpora / "zh_classical_poetry_25MB.txt", "rb") as f:
        zh = f.read(3_000_000)
    with open(corpora / "en_mix_36MB.txt", "rb") as f:
        en = f.read(2_000_000)
    data = zh[: zh.rfind(b"\n") + 1] + en[: en.rfind(b"\n") + 1]
    path.write_bytes(data)
    expected = dict(reference_pretoken_counts(data.decode("utf-8"), ("<|endoftext|>",), "gpt2"))
    for workers in (1, 2):
        result = next(r for r in count_pretokens_iter(CorpusSource(paths=(str(path),)), Pretokenizer("gpt2"), ["<|endoftext|>"], workers=workers) if not isinstance(r, tuple))
        assert len(result.shards) == SHARDS
        assert all(shard_of(piece) == i for i, shard in enumerate(result.shards) for piece in shard)
        assert result.distinct == len(expected)
        assert result.counts() == expected
