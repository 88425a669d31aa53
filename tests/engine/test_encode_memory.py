"""encode_iterable over a large file keeps memory flat (peak measured with tracemalloc)."""

from __future__ import annotations

import tracemalloc
from pathlib import Path
from typing import Iterator

import pytest

from bpe_engine import Tokenizer


def _chunks(path: Path, n_bytes: int) -> Iterator[str]:
    """The file in 8 KiB pieces (a file's lines would do too, but some lines here are 100 KB)."""
    done = 0
    with open(path, encoding="utf-8") as f:
        while done < n_bytes:
            chunk = f.read(8192)
            if not chunk:
                return
            yield chunk
            done += len(chunk)


def _peak(tok: Tokenizer, path: Path, n_bytes: int) -> tuple[int, int]:
    tok.clear_cache()
    tracemalloc.start()
    count = sum(1 for _ in tok.encode_iterable(_chunks(path, n_bytes)))
    _, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return top, count


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base"])
def test_encode_iterable_memory_is_flat(corpora: Path, openai: dict, name: str) -> None:
    tok: Tokenizer = openai[name]
    path = corpora / "en_mix_36MB.txt"
    old_size = tok.cache_size
    tok.cache_size = 1_000  # the piece cache is the one thing that grows; bound it low here
    try:
        _peak(tok, path, 50_000)  # warm-up: regex and tokenizer internals allocate once
        small_peak, small_count = _peak(tok, path, 200_000)
        big_peak, big_count = _peak(tok, path, 1_200_000)
    finally:
        tok.cache_size = old_size
    assert big_count > 5 * small_count
    # Holding the ids of 1.2 MB would take > 28 bytes per id (list slot + int object).
    assert big_peak < big_count * 28 / 4, (big_peak, big_count)
    # 6x the input, about the same peak: memory does not grow with the input.
    assert big_peak < 1.3 * small_peak, (small_peak, big_peak)
