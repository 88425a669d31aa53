"""The NumPy splitter and packed keys of GPT-2 counting give the pattern's own pieces and
counts, whatever the text (bpe_engine.train.keys)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
import regex
from hypothesis import HealthCheck, given, settings, strategies as st

from bpe_engine.pretokenize import GPT2_PATTERN
from bpe_engine.train import keys
from bpe_engine.train.keys import KeyCounter, gpt2_starts, pack

from ..conftest import data_path
from .conftest import DATA_FILES

GPT2 = regex.compile(GPT2_PATTERN)
# Every kind of ASCII character the rules tell apart, contractions and their near misses.
ascii_texts = st.lists(
    st.one_of(
        st.text(alphabet=[chr(c) for c in range(128)], max_size=12),
        st.sampled_from(
            ["'s", "'t", "'ll", "'ve", "'re", "'m", "'d", "'l", "'v", "'r", "'S", " '", "''", "x's", "3'd"]
        ),
        st.sampled_from([" ", "  ", "\t", "\n", " \n ", "\r\n", "\x0b", "\x0c", " x", "  y", "\n's", "a1b2", "!?."]),
    ),
    max_size=20,
).map("".join)
SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _pieces(text: str, specials: list[tuple[int, int]] = ()) -> list[bytes]:
    raw = text.encode("ascii")
    starts, ends = gpt2_starts(np.frombuffer(raw, dtype=np.uint8), specials)
    return [raw[a:b] for a, b in zip(starts.tolist(), ends.tolist())]


@SETTINGS
@given(text=ascii_texts)
def test_numpy_splitter_gives_the_gpt2_pieces(text: str) -> None:
    assert _pieces(text) == [p.encode("ascii") for p in GPT2.findall(text)]


@SETTINGS
@given(parts=st.lists(ascii_texts, min_size=1, max_size=5), special=st.sampled_from(["<|endoftext|>", "'s", " ", "x"]))
def test_numpy_splitter_leaves_out_special_tokens_and_ends_a_text_at_each(parts: list[str], special: str) -> None:
    """Special tokens (even ones that look like a contraction, a space or a letter) end the
    text before them and begin a new one, as splitting at them first does."""
    text = special.join(parts)
    spans, pos = [], 0
    for part in parts[:-1]:
        pos += len(part)
        spans.append((pos, pos + len(special)))
        pos += len(special)
    assert _pieces(text, spans) == [p.encode("ascii") for part in parts for p in GPT2.findall(part)]


@SETTINGS
@given(words=st.lists(st.binary(min_size=1, max_size=40), min_size=1, max_size=80))
def test_packed_keys_count_any_bytes_exactly(words: list[bytes]) -> None:
    """Keys hold a piece's bytes and length (no hashing), for any bytes and lengths up to and
    past the packed sizes; counts survive merging in several rounds."""
    raw = b"".join(words)
    ends = np.cumsum([len(w) for w in words])
    starts = ends - [len(w) for w in words]
    counter = KeyCounter()
    half = len(words) // 2
    counter.add(*pack(raw, starts[:half], ends[:half]))
    counter.tallies[0].merge()
    counter.add(*pack(raw, starts[half:], ends[half:]))
    counter.add(*pack(raw, starts, ends))
    expected = Counter(words) + Counter(words)
    assert dict(counter.items()) == dict(expected)


@SETTINGS
@given(
    words=st.lists(st.binary(min_size=1, max_size=40), min_size=1, max_size=80),
    part=st.sampled_from([1, 3, 1000]),
)
def test_sharded_counts_are_the_counts_by_zlib_crc32(words: list[bytes], part: int) -> None:
    """``KeyCounter.sharded`` (shards found with NumPy passes) gives each piece its count in
    the shard ``zlib.crc32(piece) % 16``, every shard's pieces in the order of ``items``:
    against zlib and the plain count of the same pieces."""
    import zlib

    raw = b"".join(words)
    ends = np.cumsum([len(w) for w in words])
    starts = ends - [len(w) for w in words]
    counter, again = KeyCounter(), KeyCounter()
    for c in (counter, again):
        c.add(*pack(raw, starts, ends))
    expected: list[list[tuple[bytes, int]]] = [[] for _ in range(16)]
    for piece, c in again.items():
        expected[zlib.crc32(piece) % 16].append((piece, c))
    got: list[list[tuple[bytes, int]]] = [[] for _ in range(16)]
    for message in counter.sharded(16, part):
        assert [index for index, _ in message] == sorted({index for index, _ in message})
        for index, counts in message:
            got[index] += counts.items()
    assert got == expected
    assert sorted(piece for shard in got for piece, _ in shard) == sorted(set(words))
    assert not any(counter.sharded(16, part))  # emptied


def test_rows_that_mix_alike_are_told_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rows of two keys are sorted by a mix of their words; should two different rows mix
    alike, the exact sort takes over (here every row mixes to 0)."""
    monkeypatch.setattr(keys, "_MIX", (np.uint64(0),) * 4)
    words = [b"abcdefgh" * (1 + i % 3) + bytes([i % 7]) * (i % 5) for i in range(60)] * 3
    raw = b"".join(words)
    ends = np.cumsum([len(w) for w in words])
    counter = KeyCounter()
    counter.add(*pack(raw, ends - [len(w) for w in words], ends))
    assert dict(counter.items()) == dict(Counter(words))


def test_counts_of_tests_data_ascii_lines() -> None:
    """Real text: the ASCII lines of tests/data, counted in blocks, as findall + Counter does."""
    text = "".join(line for name in DATA_FILES for line in data_path(name).read_text(encoding="utf-8").splitlines(True))
    text = "".join(ch for ch in text if ord(ch) < 128)
    raw = text.encode("ascii")
    counter = KeyCounter()
    for i in range(0, len(raw), 4096):  # cut anywhere: each block is a text of its own, as for findall
        block = raw[i : i + 4096]
        starts, ends = gpt2_starts(np.frombuffer(block, dtype=np.uint8))
        counter.add(*pack(block, starts, ends))
    expected = Counter(p.encode("ascii") for i in range(0, len(text), 4096) for p in GPT2.findall(text[i : i + 4096]))
    assert dict(counter.items()) == dict(expected)


@SETTINGS
@given(
    words=st.lists(st.binary(min_size=1, max_size=40), min_size=1, max_size=80),
    workers=st.integers(min_value=1, max_value=3),
    part=st.sampled_from([1, 3, 1000]),
    seed=st.integers(min_value=0, max_value=2**16),
)
def test_keyed_parts_of_several_workers_add_up_to_the_counts(
    words: list[bytes], workers: int, part: int, seed: int
) -> None:
    """Each worker's keyed pieces come as arrays (``KeyCounter.keyed_parts``), the long ones
    sharded by zlib.crc32; a ``KeyedMerger`` adds the arrays up: together, every piece once
    with the plain count of all the workers' pieces, and ``KeyedPieces`` reads the same
    pieces as bytes, by length and concatenated."""
    import random
    import zlib

    rng = random.Random(seed)
    counters = [KeyCounter() for _ in range(workers)]
    expected: Counter[bytes] = Counter()
    for _ in range(2):
        share = [rng.randrange(workers) for _ in words]
        for k, counter in enumerate(counters):
            mine = [w for w, s in zip(words, share) if s == k]
            if mine:
                ends = np.cumsum([len(w) for w in mine])
                counter.add(*pack(b"".join(mine), ends - [len(w) for w in mine], ends))
                expected.update(mine)
    merger = keys.KeyedMerger()
    long: Counter[bytes] = Counter()
    for counter in counters:
        for message in counter.keyed_parts(16, part):
            if isinstance(message, keys.KeyedPart):
                assert 0 < message.keys.shape[0] <= part
                merger.add(message)
            else:
                for index, counts in message:
                    assert all(zlib.crc32(p) % 16 == index and len(p) > 31 for p in counts)
                    long.update(counts)
    groups = merger.result()
    got: Counter[bytes] = Counter()
    for group in groups:
        pieces = list(group)
        assert len(pieces) == len(set(pieces)) == len(group)
        assert all(group[p] == c for p, c in zip(pieces, group.counts.tolist()))
        assert group.lengths(0, len(group)).tolist() == [len(p) for p in pieces]
        raw, lengths = group.raw(1, len(group))
        assert raw.tobytes() == b"".join(pieces[1:]) and lengths.tolist() == [len(p) for p in pieces[1:]]
        got.update(dict(zip(pieces, group.counts.tolist())))
    assert not set(got) & set(long)
    assert got + long == expected
