"""``byte_ids`` (the id of each single byte's token, checked at C speed) against its
definition: the lowest id whose token is that one byte, on vocabularies where several tokens
share a byte, in any id order, and the errors for missing bytes and bad entries."""

from __future__ import annotations

import random

import pytest

from bpe_engine._vocab import byte_ids
from bpe_engine.errors import TokenizerFileError


def _lowest_ids(vocab: dict[int, bytes]) -> list[int]:
    return [min(i for i, b in vocab.items() if b == bytes([x])) for x in range(256)]


def test_byte_ids_are_the_lowest_id_of_each_byte() -> None:
    rng = random.Random(4)
    for _ in range(50):
        tokens = [bytes([x]) for x in range(256)]
        tokens += [bytes([rng.randrange(256)]) for _ in range(rng.choice([0, 1, 30]))]  # shared bytes
        tokens += [bytes(rng.choices(range(256), k=rng.randint(2, 5))) for _ in range(100)]
        ids = rng.sample(range(5000), len(tokens))
        pairs = list(zip(ids, tokens, strict=True))
        rng.shuffle(pairs)
        vocab = dict(pairs)
        assert byte_ids(vocab) == _lowest_ids(vocab)
        vocab = {i: bytearray(b) for i, b in pairs}  # bytearray values too
        assert byte_ids(vocab) == _lowest_ids({i: bytes(b) for i, b in vocab.items()})


def test_byte_ids_name_what_is_wrong() -> None:
    whole = {x: bytes([x]) for x in range(256)}
    with pytest.raises(TokenizerFileError, match="lacks 1 of the 256 single-byte tokens"):
        byte_ids({x: b for x, b in whole.items() if x != 7})
    with pytest.raises(TokenizerFileError, match="value must be non-empty bytes"):
        byte_ids({**whole, 300: b""})
    with pytest.raises(TokenizerFileError, match="value must be non-empty bytes"):
        byte_ids({**whole, 300: "ab"})  # type: ignore[dict-item]
    with pytest.raises(TokenizerFileError, match="not a non-negative whole number"):
        byte_ids({**whole, -1: b"ab"})
