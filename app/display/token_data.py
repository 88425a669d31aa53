"""Per-token facts for display: byte and character spans, split characters, counts, boundary diffs.

Pure Python and numpy (no Qt), so the encode worker can compute everything off the GUI
thread. A :class:`TokenTable` says, for each token of an encoded text, which bytes and which
characters it covers and whether it holds only part of a character (a character whose UTF-8
bytes a vocabulary split across tokens). The boundary diff finds the stretches of a text
that several tokenizers cut differently.

It leaves out what a chip says (:mod:`app.display.chips`), drawing (:mod:`app.widgets`) and encoding
itself (the engine).
"""

from __future__ import annotations

import gc
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import TypeVar

import numpy as np

from app.core.i18n import tr, tr_n
from app.display.format import format_count, hex_bytes, visible
from app.display.palette import stable_colors
from app.display.pieces import fallback_ids, piece_texts, token_text
from bpe_engine import Tokenizer, TokenizerLike, array_in_blocks, tolist_in_blocks

T = TypeVar("T")
_BLOCK = 32_768  # ids per C call (a few milliseconds)

__all__ = [
    "TokenTable",
    "Counts",
    "token_table",
    "counts",
    "cut_points",
    "boundary_diff",
    "diff_array",
    "char_spans",
    "describe_char",
    "token_detail",
]


@dataclass(frozen=True, slots=True)
class TokenTable:
    """Where every token of ``text`` sits.

    ``byte_starts`` has one more entry than ``ids`` (the end of the last token). Character
    spans of a token that holds only part of a character cover that whole character, so
    ``char_starts[k]..char_ends[k]`` is always the text a chip "points at".

    ``tokens`` are the bytes each token adds to the decoded text. For a SentencePiece
    tokenizer ``labels`` holds each token's piece (``▁Hello``: the first piece's ``▁`` adds
    nothing, the dummy prefix is dropped when decoding) and ``fallback`` marks its byte-fallback
    tokens (``<0xE5>``); both are None for byte-level tokenizers.
    """

    text: str
    data: bytes  # text.encode("utf-8")
    ids: tuple[int, ...]
    tokens: tuple[bytes, ...]
    byte_starts: tuple[int, ...]
    char_starts: tuple[int, ...]
    char_ends: tuple[int, ...]
    complete: tuple[bool, ...]
    special: tuple[bool, ...]
    char_byte_starts: np.ndarray  # byte offset where each character starts (plus len(data))
    labels: tuple[str, ...] | None = None
    fallback: tuple[bool, ...] | None = None
    #: Each token's palette index (:func:`~app.display.palette.stable_colors`), made here in
    #: the encode job rather than in the GUI thread; None: made by whoever draws the chips.
    colors: tuple[int, ...] | None = None
    #: ``byte_starts`` as an array (:func:`cut_points`), made in the encode job: Compare's diff
    #: converted each column's 100 000 offsets several times in the GUI thread.
    cuts: np.ndarray | None = None
    #: ``ids`` as an array and each token's chip kind (int8, :mod:`app.display.chips`'s
    #: kinds), made in the encode job (:func:`app.display.chips.with_chip_arrays`): these
    #: passes over 300 000 tokens took 30-50 ms of the GUI thread's turn that showed them.
    id_array: np.ndarray | None = None
    kinds: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.ids)

    def char_at_byte(self, offset: int) -> int:
        """Index of the character that holds byte ``offset``."""
        return int(np.searchsorted(self.char_byte_starts, offset, side="right")) - 1


@dataclass(frozen=True, slots=True)
class Counts:
    chars: int
    bytes: int
    tokens: int

    @property
    def bytes_per_token(self) -> float | None:
        return self.bytes / self.tokens if self.tokens else None

    @property
    def chars_per_token(self) -> float | None:
        return self.chars / self.tokens if self.tokens else None


def _lead_mask(data: bytes) -> np.ndarray:
    arr = np.frombuffer(data, dtype=np.uint8)
    lead: np.ndarray = (arr & 0xC0) != 0x80
    return lead


def token_table(tokenizer: TokenizerLike, ids: Sequence[int], text: str | None = None) -> TokenTable:
    """The spans of ``ids``; ``text`` must be what they decode to (``None``: decode them).

    Character spans come from the engine's vectorised ``char_spans``; the byte offsets and
    the character starts (for shading the editor) are one numpy pass each. Any tokenizer of
    the engine works: the bytes of each token are what it adds to ``decode`` (a SentencePiece
    text's first ``▁`` adds nothing), so spans and text always agree.
    """
    ids = _walked(ids)
    pieces = piece_texts(tokenizer)
    # (passes over every token in blocks: the GUI thread waits for no long C call, see
    # bpe_engine's array_in_blocks)
    if pieces is None:
        try:
            tokens = _walked(_tokens_in_blocks(tokenizer.vocab, ids))  # C-speed; ids come from the encoder
        except KeyError:
            tokens = tuple(tokenizer.token_bytes(ids))  # raises the engine's message for a bad id
        labels = fallback = None
    else:
        step = tokenizer.byte_stream()
        tokens = tuple(step(i) for i in ids)  # raises the engine's message for a bad id
        labels = tuple(pieces[i] for i in ids)
        byte_tokens = fallback_ids(tokenizer)
        fallback = tuple(i in byte_tokens for i in ids)
    data = b"".join(tokens)
    if text is None or len(text) > len(data) or text.encode("utf-8") != data:
        text = data.decode("utf-8", errors="replace")
    first, after, whole = tokenizer.char_spans(ids)
    lead = _lead_mask(data)
    char_byte_starts = np.concatenate([np.flatnonzero(lead), [len(data)]]).astype(np.int64)
    cuts = np.zeros(len(tokens) + 1, dtype=np.int64)
    np.cumsum(array_in_blocks(tokens, np.int64, len), out=cuts[1:])
    starts = _walked(tolist_in_blocks(cuts))
    special_ids = list(tokenizer.special_tokens.values())
    if special_ids:
        special = _walked(tolist_in_blocks(np.isin(array_in_blocks(ids, np.int64), special_ids)))
    else:
        special = (False,) * len(ids)
    return TokenTable(
        text,
        data,
        ids,
        tokens,
        starts,
        _walked(first),
        _walked(after),
        _walked(whole),
        special,
        char_byte_starts,
        labels,
        fallback,
        _walked(stable_colors(ids)),
        cuts,
    )


def _walked(items: Iterable[T]) -> tuple[T, ...]:
    """``tuple(items)``, then a young-generation collection in the job's thread (which, by
    the job runner's guard, freezes every object there rather than walking them; either way
    no later collection walks this tuple): the first collection after a table walked
    its ten tuples of 400 000 items together (1 MB of text), 50-100 ms holding the
    interpreter lock while the GUI thread waited."""
    out = tuple(items)
    gc.collect(0)
    return out


def _tokens_in_blocks(vocab: Mapping[int, bytes], ids: tuple[int, ...]) -> tuple[bytes, ...]:
    """The bytes of each id (``tuple(map(vocab.__getitem__, ids))``), a block per C call."""
    out: list[bytes] = []
    for i in range(0, len(ids), _BLOCK):
        out += map(vocab.__getitem__, ids[i : i + _BLOCK])
    return tuple(out)


def counts(text: str, n_tokens: int) -> Counts:
    return Counts(len(text), len(text.encode("utf-8")), n_tokens)


def cut_points(table: TokenTable) -> np.ndarray:
    """Byte offsets where ``table`` cuts (including 0 and the end)."""
    if table.cuts is not None:
        return table.cuts
    return np.fromiter(table.byte_starts, dtype=np.int64, count=len(table.byte_starts))


def boundary_diff(tables: Sequence[TokenTable]) -> list[tuple[int, int]]:
    """Byte spans ``[start, end)`` where the tokenizers do not all cut the same way
    (:func:`diff_array` as a list)."""
    return [(int(a), int(b)) for a, b in diff_array(tables).tolist()]


def diff_array(tables: Sequence[TokenTable]) -> np.ndarray:
    """Byte spans ``[start, end)`` where the tokenizers do not all cut the same way.

    A cut every tokenizer makes is an agreed cut; between two neighbouring agreed cuts the
    tokenizers agree exactly when none of them cuts inside. The stretches where some do are
    the diff spans (for one tokenizer there are none).
    """
    if len(tables) < 2:
        return np.zeros((0, 2), dtype=np.int64)
    # How many tokenizers cut at each byte offset: a pass over the text per tokenizer, no sort
    # (the sorted unions of 300 000 cuts took a quarter of a second in the GUI thread).
    size = max(len(t.data) for t in tables) + 1
    cutting = np.zeros(size, dtype=np.int16)
    cuts = np.zeros(size, dtype=bool)
    for t in tables:
        cuts[:] = False
        cuts[cut_points(t)] = True  # once per offset: a SentencePiece token may add no bytes
        cutting += cuts
    agreed = np.flatnonzero(cutting == len(tables))
    # For each gap between agreed cuts, is there any cut (of any tokenizer) inside it?
    some = np.concatenate([[0], np.cumsum(cutting > 0)])  # some[i]: offsets before i cut by any
    inside = some[agreed[1:]] - some[agreed[:-1] + 1]
    gaps = np.flatnonzero(inside > 0)
    return np.stack([agreed[gaps], agreed[gaps + 1]], axis=1).astype(np.int64)


def char_spans(table: TokenTable, byte_spans: Sequence[tuple[int, int]] | np.ndarray) -> list[tuple[int, int]]:
    """Byte spans turned into character spans of ``table.text`` (covering split characters)."""
    if len(byte_spans) == 0:
        return []
    if isinstance(byte_spans, np.ndarray):
        spans = byte_spans
    else:  # subtle: np.asarray of a list of tuples walks them element by element (25 ms for 30 000)
        flat = chain.from_iterable(byte_spans)
        spans = np.fromiter(flat, dtype=np.int64, count=2 * len(byte_spans)).reshape(-1, 2)
    cbs = table.char_byte_starts
    starts = np.searchsorted(cbs, spans[:, 0], side="right") - 1
    ends = np.searchsorted(cbs, spans[:, 1], side="left")
    return list(zip(starts.tolist(), ends.tolist()))


def describe_char(ch: str) -> str:
    """``'國' (U+570B CJK UNIFIED IDEOGRAPH-570B, 3 bytes e5 9c 8b)``."""
    data = ch.encode("utf-8")
    name = unicodedata.name(ch, "")
    label = visible(ch)
    code = f"U+{ord(ch):04X}" + (f" {name}" if name else "")  # Unicode's names are English everywhere
    return tr_n("'{char}' ({code}, %n byte(s) {hex})", len(data)).format(char=label, code=code, hex=hex_bytes(data))


def token_detail(tokenizer: TokenizerLike, table: TokenTable, k: int) -> str:
    """Everything about token ``k`` in a few lines (tooltips and the info line).

    It never makes a lazily opened rank table's merges (seconds for o200k: never in the GUI
    thread): until they are made the merge line says so, and the
    caller asks for them in a job (:class:`~app.core.jobs.merges.MergesMaker`) and asks again."""
    tid = table.ids[k]
    data = table.tokens[k]
    size = tr_n("%n byte(s): {hex}", len(data)).format(hex=hex_bytes(data))
    lines = [tr("Token {k} of {n}: id {id}").format(k=format_count(k + 1), n=format_count(len(table)), id=tid), size]
    if table.labels is not None:
        lines.insert(1, tr("Piece: {piece}").format(piece=table.labels[k]))
        if table.fallback is not None and table.fallback[k]:
            lines.insert(
                2, tr("Byte fallback: the vocabulary has no piece for this character, so it is spelled in bytes.")
            )
        elif k == 0 and table.labels[k].startswith("▁") and not data.startswith(b" "):
            lines.insert(2, tr("Its ▁ is the space SentencePiece puts before the text; decoding drops it."))
    if table.special[k]:
        lines.append(tr("A special token: matched as a whole before pre-tokenization, never merged."))
    elif not table.complete[k]:
        b0, b1 = table.byte_starts[k], table.byte_starts[k + 1]
        c = table.char_at_byte(b0)
        while c < len(table.char_byte_starts) - 1 and table.char_byte_starts[c] < b1:
            cs, ce = int(table.char_byte_starts[c]), int(table.char_byte_starts[c + 1])
            if cs < b0 or ce > b1:
                lo, hi = max(cs, b0) - cs + 1, min(ce, b1) - cs
                which = tr("byte {i}").format(i=lo) if lo == hi else tr("bytes {lo}–{hi}").format(lo=lo, hi=hi)
                lines.append(
                    tr("{which} of {n} of {char}").format(which=which, n=ce - cs, char=describe_char(table.text[c]))
                )
            c += 1
        lines.append(tr("This token is not a whole character: decoded alone it would print U+FFFD."))
    else:
        lines.append(tr("Text: ‘{text}’").format(text=visible(table.text[table.char_starts[k] : table.char_ends[k]])))
    lines += _merge_lines(tokenizer, table, k)
    return "\n".join(lines)


def _merges_pending(tokenizer: TokenizerLike) -> bool:
    """Whether reading ``tokenizer``'s merges would make them first (a lazily opened rank
    table; :func:`app.core.jobs.merges.merges_at_hand`, which this Qt-free module cannot import)."""
    return isinstance(tokenizer, Tokenizer) and not tokenizer.merges_made


def _merge_lines(tokenizer: TokenizerLike, table: TokenTable, k: int) -> list[str]:
    """The line that says which merge made token ``k`` (or that it is a single byte)."""
    data = table.tokens[k]
    merge = None
    if not _merges_pending(tokenizer):
        merge = tokenizer.merge_of(table.ids[k])
    elif not table.special[k] and len(data) > 1:
        # (a rank table's single bytes and special tokens are made by no merge: said at once)
        return [tr("Which merge made it: being worked out (a few seconds the first time)")]
    if merge is not None:
        a, b, rank = merge
        text = tr("Made by merge rank {rank}: {left} ({left_id}) + {right} ({right_id})").format(
            rank=format_count(rank),
            left=token_text(tokenizer, a),
            left_id=a,
            right=token_text(tokenizer, b),
            right_id=b,
        )
        return [text]
    if not table.special[k] and len(data) == 1 and table.labels is None:
        return [tr("A single byte: part of every byte-level vocabulary.")]
    return []
