r"""Byte-level BPE in a page of plain code: start reading here.

This module is the whole algorithm written as plainly as possible, and the oracle that the
fast engine is tested against (every fast path must give exactly these merges and ids).

**Training.** Cut the text into pieces (the pre-tokenizer: GPT-2's regex by default; special
tokens are cut out first and never merged), count the pieces, and write each one as a tuple
of single bytes. Then, until the vocabulary is full: count every adjacent pair inside every
piece (weighted by the piece's count), take the most frequent pair (ties: the
lexicographically greatest pair of byte strings), add it as a new token, and replace it in
every piece. The worked example of the course: "low", "lower", "widest" and "newest", split
at whitespace.

>>> text = "low low low low low lower lower widest widest widest " + "newest " * 6
>>> vocab, merges, counts = reference_train(text, 256 + 6, pretokenizer=r"regex:\S+")
>>> [(a.decode(), b.decode()) for a, b in merges]
[('s', 't'), ('e', 'st'), ('o', 'w'), ('l', 'ow'), ('w', 'est'), ('n', 'e')]
>>> counts  # how often each pair occurred when it was merged
[9, 9, 7, 7, 6, 6]

"s t" and "e s" both occur 9 times at first; the greater pair, ("s", "t"), wins the tie.

**Encoding.** Cut the text the same way, then apply the merges to each piece in the order they
were learned. Bytes are ids 0-255 and merge ``i`` makes id ``256 + i``:

>>> reference_encode("newest lowest", merges, vocab, pretokenizer=r"regex:\s+|\S+")
[261, 260, 32, 259, 257]
>>> [vocab[i] for i in [261, 260, 32, 259, 257]]
[b'ne', b'west', b' ', b'low', b'est']

Nothing here is clever: training recounts every pair before each merge and encoding tries
every merge on every piece, so use it only on small texts. The real engine
(:func:`bpe_engine.train_bpe`, :class:`bpe_engine.Tokenizer`) gives the same results on
any input, fast: it keeps a pair index and a heap instead of recounting
(:mod:`bpe_engine.train.merging`) and applies the lowest-ranked merge of each piece first
(:mod:`bpe_engine.encode.piece`), which gives the same ids as trying the merges in order.
docs/ARCHITECTURE.md explains the layout.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .pretokenize import Pretokenizer, SpecialSplitter, get_pretokenizer

__all__ = ["reference_train", "reference_encode", "reference_pretoken_counts"]


def reference_pretoken_counts(
    text: str, special_tokens: Sequence[str] = (), pretokenizer: str | Pretokenizer = "gpt2"
) -> Counter[bytes]:
    """Count the pieces of ``text`` after removing special tokens."""
    pre = get_pretokenizer(pretokenizer)
    counts: Counter[bytes] = Counter()
    for segment in SpecialSplitter(special_tokens).ordinary_segments(text):
        for piece in pre.split(segment):
            counts[piece.encode("utf-8")] += 1
    return counts


def _merge_word(word: tuple[bytes, ...], pair: tuple[bytes, bytes]) -> tuple[bytes, ...]:
    out: list[bytes] = []
    i = 0
    while i < len(word):
        if i + 1 < len(word) and word[i] == pair[0] and word[i + 1] == pair[1]:
            out.append(word[i] + word[i + 1])
            i += 2
        else:
            out.append(word[i])
            i += 1
    return tuple(out)


def reference_train(
    text: str,
    vocab_size: int,
    special_tokens: Sequence[str] = (),
    pretokenizer: str | Pretokenizer = "gpt2",
    tie_break: str = "greatest",
) -> tuple[dict[int, bytes], list[tuple[bytes, bytes]], list[int]]:
    """Train by brute force. Returns ``(vocab, merges, merge_counts)`` in our id layout.

    Tie-break: ``greatest`` picks the lexicographically greatest ``(left_bytes, right_bytes)``
    among the pairs with the highest count, ``smallest`` the smallest.
    """
    words: dict[tuple[bytes, ...], int] = {}
    for piece, count in reference_pretoken_counts(text, special_tokens, pretokenizer).items():
        key = tuple(bytes([b]) for b in piece)
        words[key] = words.get(key, 0) + count
    n_merges = vocab_size - 256 - len(special_tokens)
    merges: list[tuple[bytes, bytes]] = []
    merge_counts: list[int] = []
    while len(merges) < n_merges:
        pairs: Counter[tuple[bytes, bytes]] = Counter()
        for word, count in words.items():
            for i in range(len(word) - 1):
                pairs[(word[i], word[i + 1])] += count
        if not pairs:
            break
        best_count = max(pairs.values())
        tied = [p for p, c in pairs.items() if c == best_count]
        best = max(tied) if tie_break == "greatest" else min(tied)
        merges.append(best)
        merge_counts.append(best_count)
        new_words: dict[tuple[bytes, ...], int] = {}
        for word, count in words.items():
            merged = _merge_word(word, best)
            new_words[merged] = new_words.get(merged, 0) + count
        words = new_words
    vocab = {i: bytes([i]) for i in range(256)}
    for i, (a, b) in enumerate(merges):
        vocab[256 + i] = a + b
    for j, tok in enumerate(special_tokens):
        vocab[256 + len(merges) + j] = tok.encode("utf-8")
    return vocab, merges, merge_counts


def reference_encode(
    text: str,
    merges: Sequence[tuple[bytes, bytes]],
    vocab: dict[int, bytes],
    special_tokens: Sequence[str] = (),
    pretokenizer: str | Pretokenizer = "gpt2",
) -> list[int]:
    """Encode by applying every merge, in training order, to every piece (001 part 2)."""
    pre = get_pretokenizer(pretokenizer)
    to_id = {}
    for i, b in sorted(vocab.items(), reverse=True):
        to_id[b] = i  # lowest id wins if two tokens share bytes
    ids: list[int] = []
    for segment, special in SpecialSplitter(special_tokens).split(text):
        if special:
            ids.append(to_id[segment.encode("utf-8")])
            continue
        for piece in pre.split(segment):
            word = tuple(bytes([b]) for b in piece.encode("utf-8"))
            for pair in merges:
                if len(word) == 1:
                    break
                word = _merge_word(word, pair)
            ids.extend(to_id[t] for t in word)
    return ids
