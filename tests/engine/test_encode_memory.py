"""encode_iterable over a large file keeps memory flat (peak measured with tracemalloc)."""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from bpe_engine import Tokenizer

from ..conftest import data_path, shared_corpus
from .conftest import BIG_CORPORA


def _chunks(paths: list[Path], n_bytes: int) -> Iterator[str]:
    """The files in 8 KiB pieces, read again from the first when all are read, until ``n_bytes``
    (a file's lines would do too, but some lines of the big corpora are 100 KB)."""
    done = 0
    while True:
        for path in paths:
            with open(path, encoding="utf-8") as f:
                while done < n_bytes:
                    chunk = f.read(8192)
                    if not chunk:
                        break
                    yield chunk
                    done += len(chunk)
            if done >= n_bytes:
                return


def _peak(tok: Tokenizer, paths: list[Path], n_bytes: int) -> tuple[int, int]:
    tok.clear_cache()
    tracemalloc.start()
    count = sum(1 for _ in tok.encode_iterable(_chunks(paths, n_bytes), allowed_special="all"))
    _, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return top, count


def _sources(source: str) -> list[Path]:
    if source == BIG_CORPORA:
        return [shared_corpus("en_mix_36MB.txt")]
    return [data_path(name) for name in ("english.txt", "multiscript.txt", "python_code.txt")]


@pytest.mark.slow
@pytest.mark.parametrize("source", ["tests-data", BIG_CORPORA])
@pytest.mark.parametrize("name", ["gpt2", "cl100k_base"])
def test_encode_iterable_memory_is_flat(openai: dict, name: str, source: str) -> None:
    """Flat over 1.2 MB of text: the big English corpus, or tests/data's English, other
    scripts and code read over and over (the piece cache is emptied as often either way)."""
    tok: Tokenizer = openai[name]
    paths = _sources(source)
    old_size = tok.cache_size
    tok.cache_size = 1_000  # the piece cache is the one thing that grows; bound it low here
    try:
        _peak(tok, paths, 50_000)  # warm-up: regex and tokenizer internals allocate once
        small_peak, small_count = _peak(tok, paths, 200_000)
        big_peak, big_count = _peak(tok, paths, 1_200_000)
    finally:
        tok.cache_size = old_size
    assert big_count > 5 * small_count
    # Holding the ids of 1.2 MB would take > 28 bytes per id (list slot + int object).
    assert big_peak < big_count * 28 / 4, (big_peak, big_count)
    # 6x the input, about the same peak: memory does not grow with the input.
    assert big_peak < 1.3 * small_peak, (small_peak, big_peak)
