"""BPE training: the incremental merge loop and the training event stream.

Pre-tokens are counted by :mod:`bpe_engine.counting`; this module then runs the merge loop
of seed ``001`` part 3 on compact arrays:

- every distinct pre-token is laid out once in one flat ``int32`` array of token ids, with
  ``prev``/``next`` links (a merge unlinks the right element) and the pre-token's count as the
  weight of each position;
- pair counts live in a dict keyed by ``left << 32 | right``; a heap with lazy invalidation
  picks the next pair (an entry whose count is out of date is re-pushed or dropped on pop);
- for each token an index of the positions where it stands as a left element, so a merge of
  ``(a, b)`` looks only at the positions of ``a``, never at the whole corpus;
- a merge is applied to all its positions at once with NumPy, and only the pairs next to
  those positions change count.

Ties go to the highest count, then (``tie_break="greatest"``, the default and the rule of
GPT-2 and of the reference fixtures) to the lexicographically greatest pair of byte strings
``(left_bytes, right_bytes)``, or (``"smallest"``) to the smallest. The result is
deterministic: same input, same merges.

:class:`BpeTrainer` exposes the whole run as an event stream that a GUI thread can pull from
(progress while counting, then one :class:`MergeEvent` per merge); stopping between two
events leaves a usable tokenizer of the merges so far.
"""

from __future__ import annotations

import heapq
import os
from dataclasses import dataclass
from typing import Iterator, Sequence, Union

import numpy as np

from .counting import CorpusSource, CountResult, count_pretokens_iter
from .errors import ConfigError, CorpusError
from .pretokenize import Pretokenizer, SpecialSplitter, get_pretokenizer
from .tokenizer import Tokenizer

__all__ = [
    "TIE_BREAKS",
    "CountingProgress",
    "CountingDone",
    "MergeEvent",
    "TrainingDone",
    "TrainingEvent",
    "PairInfo",
    "PretokenInfo",
    "BpeTrainer",
    "train_bpe",
]

TIE_BREAKS: dict[str, str] = {
    "greatest": "Lexicographically greatest pair (GPT-2, CS336)",
    "smallest": "Lexicographically smallest pair",
}

_MASK32 = 0xFFFFFFFF


@dataclass(frozen=True, slots=True)
class CountingProgress:
    """Pre-token counting has read ``bytes_done`` of ``bytes_total`` corpus bytes."""

    bytes_done: int
    bytes_total: int


@dataclass(frozen=True, slots=True)
class CountingDone:
    """Counting finished; the merge loop starts next.

    ``initial_tokens`` is the corpus length in tokens before any merge (its pieces' bytes plus
    one per special token); each merge of a pair with count ``c`` removes ``c`` tokens.
    """

    total_bytes: int
    distinct_pretokens: int
    total_pretokens: int
    initial_tokens: int
    special_count: int
    target_merges: int


@dataclass(frozen=True, slots=True)
class MergeEvent:
    """One merge: ``left_id`` + ``right_id`` became ``new_id``, a pair that occurred ``count`` times.

    ``tied_with`` is the best other pair that had the same count when this one was chosen
    (the tie-break rule decided between them), or None.
    """

    rank: int
    left_id: int
    right_id: int
    left: bytes
    right: bytes
    new_id: int
    count: int
    tied_with: "tuple[bytes, bytes] | None" = None

    @property
    def new_bytes(self) -> bytes:
        return self.left + self.right


@dataclass(frozen=True, slots=True)
class TrainingDone:
    """Training ended: ``reason`` is ``"vocab_size"`` (target reached) or ``"no_pairs"``."""

    merges: int
    reason: str


TrainingEvent = Union[CountingProgress, CountingDone, MergeEvent, TrainingDone]


@dataclass(frozen=True, slots=True)
class PairInfo:
    """A pair of adjacent tokens and how often it occurs now (for step-by-step views)."""

    left_id: int
    right_id: int
    left: bytes
    right: bytes
    count: int


@dataclass(frozen=True, slots=True)
class PretokenInfo:
    """A distinct pre-token, its count, and its current segmentation into token ids."""

    text: bytes
    count: int
    token_ids: tuple[int, ...]


def _key_greatest(tok: bytes) -> str:
    # Inverted byte order plus a terminator above every byte: comparing these strings
    # ascending orders (left, right) tuples descending, prefixes included.
    return "".join([chr(255 - b) for b in tok]) + "\u0100"


def _key_smallest(tok: bytes) -> str:
    return "".join([chr(b + 1) for b in tok]) + "\x00"


class _MergeState:
    """The arrays and indexes of the incremental merge loop (see module docstring)."""

    def __init__(self, words: Sequence[bytes], counts: Sequence[int], tie_break: str) -> None:
        n_words = len(words)
        lengths = np.fromiter((len(w) for w in words), dtype=np.int64, count=n_words)
        flat = np.frombuffer(b"".join(words), dtype=np.uint8)
        n = int(flat.size)
        if n >= 2**31 - 2:
            raise CorpusError(
                f"the distinct pre-tokens hold {n} bytes, more than this trainer can index (2 GiB); "
                "use a pre-tokenizer that splits the text (gpt2, cl100k, o200k, whitespace)"
            )
        starts = np.zeros(n_words, dtype=np.int64)
        if n_words > 1:
            np.cumsum(lengths[:-1], out=starts[1:])
        self.word_start = starts
        self.word_len = lengths
        self.word_count = np.asarray(counts, dtype=np.int64)
        self.sym = flat.astype(np.int32)
        nxt = np.arange(1, n + 1, dtype=np.int32)
        prv = np.arange(-1, n - 1, dtype=np.int32)
        if n_words:
            nxt[starts + lengths - 1] = -1
            prv[starts] = -1
        self.nxt = nxt
        self.prv = prv
        self.wt = np.repeat(self.word_count, lengths)
        self.mark = np.zeros(n, dtype=np.int8)

        self.key_of = _key_greatest if tie_break == "greatest" else _key_smallest
        self.tok: list[bytes] = [bytes([i]) for i in range(256)]
        self.tkey: list[str] = [self.key_of(t) for t in self.tok]

        # Initial pair counts and the per-token index of left positions (bytes: codes < 65536).
        left = np.flatnonzero(nxt >= 0).astype(np.int32)
        lsym = self.sym[left]
        codes16 = (lsym << 8) | self.sym[left + 1]
        pair_counts = np.bincount(codes16, weights=self.wt[left], minlength=65536)
        self.counts: dict[int, int] = {}
        heap = []
        tkey = self.tkey
        for c16 in np.flatnonzero(pair_counts).tolist():
            a, b = c16 >> 8, c16 & 0xFF
            cnt = int(pair_counts[c16])
            code = a << 32 | b
            self.counts[code] = cnt
            heap.append((-cnt, tkey[a] + tkey[b], code))
        heapq.heapify(heap)
        self.heap = heap
        order = np.argsort(lsym.astype(np.uint8), kind="stable")
        sorted_left = left[order]
        bounds = np.concatenate(([0], np.cumsum(np.bincount(lsym, minlength=256))))
        self.tokpos: list[list[np.ndarray]] = [
            [sorted_left[bounds[t]:bounds[t + 1]]] if bounds[t + 1] > bounds[t] else [] for t in range(256)
        ]

    # -- choosing -------------------------------------------------------------------------

    def _clean_top(self) -> "tuple[int, int] | None":
        """Bring a valid entry to the top of the heap; return ``(code, count)`` or None."""
        heap = self.heap
        counts = self.counts
        while heap:
            negc, key, code = heap[0]
            cur = counts.get(code, 0)
            if cur == -negc:
                return code, cur
            heapq.heappop(heap)
            if cur > -negc:
                continue  # a newer entry with the higher count exists
            if cur > 0:
                heapq.heappush(heap, (-cur, key, code))  # count dropped since: re-queue
        return None

    def pop_best(self) -> "tuple[int, int, tuple[int, int] | None] | None":
        """Remove and return the best pair ``(code, count, tied_code_or_None)``."""
        top = self._clean_top()
        if top is None:
            return None
        heapq.heappop(self.heap)
        code, count = top
        nxt_top = self._clean_top()
        tied = nxt_top[0] if nxt_top is not None and nxt_top[1] == count else None
        return code, count, tied

    # -- merging --------------------------------------------------------------------------

    def merge(self, a: int, b: int) -> int:
        """Merge every occurrence of ``(a, b)``; returns the new token id."""
        sym, nxt, prv, wt, mark = self.sym, self.nxt, self.prv, self.wt, self.mark
        z = len(self.tok)
        self.tok.append(self.tok[a] + self.tok[b])
        self.tkey.append(self.key_of(self.tok[z]))
        self.tokpos.append([])

        lst = self.tokpos[a]
        if not lst:
            cand = np.empty(0, dtype=np.int32)
        else:
            cand = lst[0] if len(lst) == 1 else np.concatenate(lst)
        cand = cand[sym[cand] == a]  # drop positions merged away or turned into other tokens
        nx = nxt[cand]
        occ = (nx >= 0) & (sym[nx] == b)  # subtle: sym[-1] is read for nx == -1, then masked out
        pos = cand[occ]
        j = nx[occ]
        rest = cand[(~occ) & (nx >= 0)]

        if a == b and pos.size > 1:
            # Overlapping occurrences ("aaaa"): merge left to right, so in a chain of
            # overlapping occurrences only every other one (from the chain's start) merges.
            order = np.argsort(pos, kind="stable")
            pos = pos[order]
            j = j[order]
            overlap = pos[1:] == j[:-1]
            if overlap.any():
                start = np.ones(pos.size, dtype=bool)
                start[1:] = ~overlap
                run_start = np.flatnonzero(start)
                run_id = np.cumsum(start) - 1
                keep = ((np.arange(pos.size) - run_start[run_id]) & 1) == 0
                pos = pos[keep]
                j = j[keep]

        w = wt[pos]
        p = prv[pos]
        nn = nxt[j]
        # Mark right elements (1) and left elements (2) of this merge to see which
        # neighbours are themselves part of it ("a b a b": the middle pair disappears).
        mark[j] = 1
        mark[pos] = 2
        has_p = p >= 0
        p_free = has_p & (mark[p] != 1)
        has_n = nn >= 0
        n_merged = has_n & (mark[nn] == 2)
        mark[j] = 0
        mark[pos] = 0

        hi_a = np.int64(a) << 32
        hi_b = np.int64(b) << 32
        hi_z = np.int64(z) << 32
        code_ab = int(hi_a | b)
        sp = sym[p[p_free]].astype(np.int64) << 32
        wl = w[p_free]
        sn = sym[nn[has_n]].astype(np.int64)
        wr = w[has_n]
        sn_new = np.where(n_merged[has_n], np.int64(z), sn)
        codes = np.concatenate((sp | a, sp | z, hi_b | sn, hi_z | sn_new))
        deltas = np.concatenate((-wl, wl, -wr, wr))

        # Structural update.
        sym[pos] = z
        sym[j] = -1
        nxt[pos] = nn
        prv[nn[has_n]] = pos[has_n]
        self.tokpos[a] = [rest] if rest.size else []
        zpos = pos[has_n]
        if zpos.size:
            self.tokpos[z] = [zpos]

        # Count update: aggregate the deltas per pair, then touch each changed pair once.
        counts = self.counts
        total = int(w.sum())
        left_after = counts.get(code_ab, 0) - total
        if left_after > 0:
            counts[code_ab] = left_after
        else:
            counts.pop(code_ab, None)
        if codes.size:
            uniq, inv = np.unique(codes, return_inverse=True)
            agg = np.bincount(inv, weights=deltas)
            heap = self.heap
            tkey = self.tkey
            push = heapq.heappush
            for code, dv in zip(uniq.tolist(), agg.tolist()):
                if dv == 0:
                    continue
                nc = counts.get(code, 0) + int(dv)
                if nc > 0:
                    counts[code] = nc
                    if dv > 0:
                        push(heap, (-nc, tkey[code >> 32] + tkey[code & _MASK32], code))
                else:
                    counts.pop(code, None)
        return z

    # -- inspection (step mode) -----------------------------------------------------------

    def pair_info(self, code: int) -> PairInfo:
        a, b = code >> 32, code & _MASK32
        return PairInfo(a, b, self.tok[a], self.tok[b], self.counts.get(code, 0))

    def top_pairs(self, k: int) -> list[PairInfo]:
        tkey = self.tkey
        best = heapq.nsmallest(
            k, self.counts.items(), key=lambda kv: (-kv[1], tkey[kv[0] >> 32] + tkey[kv[0] & _MASK32])
        )
        return [self.pair_info(code) for code, _ in best]

    def pretokens(self, limit: int) -> list[PretokenInfo]:
        order = np.argsort(-self.word_count, kind="stable")[:limit]
        out = []
        for w in order.tolist():
            s = int(self.word_start[w])
            e = s + int(self.word_len[w])
            ids = tuple(t for t in self.sym[s:e].tolist() if t >= 0)
            out.append(PretokenInfo(b"".join(self.tok[t] for t in ids), int(self.word_count[w]), ids))
        return out


class BpeTrainer:
    """Trains a byte-level BPE tokenizer as a stream of events.

    Iterate :meth:`events` (once); stop whenever you like; :meth:`tokenizer` returns the
    tokenizer of the merges done so far. Pausing is simply not pulling the next event.

    ``vocab_size`` counts the 256 byte tokens, the merges and the special tokens.
    ``input_path`` is a path or a list of paths to UTF-8 text files; or pass ``text=``.
    ``workers`` is the number of processes that count pre-tokens (default: all cores).
    """

    def __init__(
        self,
        input_path: "str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None" = None,
        vocab_size: int = 1000,
        special_tokens: Sequence[str] = (),
        *,
        text: str | None = None,
        pretokenizer: "str | Pretokenizer" = "gpt2",
        tie_break: str = "greatest",
        workers: int | None = None,
        name: str | None = None,
    ) -> None:
        if isinstance(special_tokens, str):
            raise ConfigError(
                f"special_tokens must be a list of strings, got the string {special_tokens!r}; "
                f"write [{special_tokens!r}]"
            )
        self.special_tokens = SpecialSplitter(special_tokens).tokens
        if isinstance(vocab_size, bool) or not isinstance(vocab_size, int):
            raise ConfigError(f"vocab_size must be a whole number, got {vocab_size!r}")
        minimum = 256 + len(self.special_tokens)
        if vocab_size < minimum:
            raise ConfigError(
                f"vocab_size {vocab_size} is too small: it must be at least {minimum} "
                f"(256 byte tokens + {len(self.special_tokens)} special token(s)); "
                f"choose {minimum + 1} or more to learn any merge"
            )
        if tie_break not in TIE_BREAKS:
            raise ConfigError(f"unknown tie_break {tie_break!r}; use one of {', '.join(TIE_BREAKS)}")
        if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
            raise ConfigError(f"workers must be a whole number of at least 1, got {workers!r}")
        self.vocab_size = vocab_size
        self.pretokenizer = get_pretokenizer(pretokenizer)
        self.tie_break = tie_break
        self.workers = workers
        self.source = CorpusSource.from_input(input_path, text)
        self.name = name
        self.target_merges = vocab_size - minimum
        self.merges: list[tuple[int, int]] = []
        self.merge_counts: list[int] = []
        self.counting: CountingDone | None = None
        self._state: _MergeState | None = None
        self._started = False
        self.finished = False

    @property
    def phase(self) -> str:
        """``"new"``, ``"counting"``, ``"merging"`` or ``"done"``."""
        if self.finished:
            return "done"
        if self._state is not None:
            return "merging"
        return "counting" if self._started else "new"

    def events(self) -> Iterator[TrainingEvent]:
        """The training run as events; may be iterated only once."""
        if self._started:
            raise RuntimeError("BpeTrainer.events() can run only once; create a new trainer")
        self._started = True
        result: CountResult | None = None
        for item in count_pretokens_iter(self.source, self.pretokenizer, self.special_tokens, workers=self.workers):
            if isinstance(item, CountResult):
                result = item
            else:
                yield CountingProgress(item[0], item[1])
        assert result is not None
        words = list(result.counts)
        counts = list(result.counts.values())
        del result.counts
        self._state = _MergeState(words, counts, self.tie_break)
        total_pretokens = int(self._state.word_count.sum())
        initial_tokens = int((self._state.word_count * self._state.word_len).sum()) + result.special_count
        self.counting = CountingDone(
            total_bytes=result.total_bytes,
            distinct_pretokens=len(words),
            total_pretokens=total_pretokens,
            initial_tokens=initial_tokens,
            special_count=result.special_count,
            target_merges=self.target_merges,
        )
        del words, counts
        yield self.counting
        state = self._state
        tok = state.tok
        while len(self.merges) < self.target_merges:
            best = state.pop_best()
            if best is None:
                self.finished = True
                yield TrainingDone(len(self.merges), "no_pairs")
                return
            code, count, tied = best
            a, b = code >> 32, code & _MASK32
            z = state.merge(a, b)
            self.merges.append((a, b))
            self.merge_counts.append(count)
            tied_with = (tok[tied >> 32], tok[tied & _MASK32]) if tied is not None else None
            yield MergeEvent(len(self.merges) - 1, a, b, tok[a], tok[b], z, count, tied_with)
        self.finished = True
        yield TrainingDone(len(self.merges), "vocab_size")

    def tokenizer(self) -> Tokenizer:
        """A tokenizer of the merges done so far (specials follow the last merge)."""
        tok = self._state.tok if self._state is not None else [bytes([i]) for i in range(256)]
        n = len(self.merges)
        vocab = {i: tok[i] for i in range(256 + n)}
        for j, s in enumerate(self.special_tokens):
            vocab[256 + n + j] = s.encode("utf-8")
        return Tokenizer(
            vocab,
            [(tok[a], tok[b]) for a, b in self.merges],
            list(self.special_tokens),
            pretokenizer=self.pretokenizer,
            merge_counts=list(self.merge_counts),
            merge_ids=list(self.merges),
            name=self.name,
        )

    # Step-mode inspection: cheap on small corpora, bounded on big ones.
    def top_pairs(self, k: int = 20) -> list[PairInfo]:
        """The ``k`` pairs that would be merged next, best first (empty before counting ends)."""
        return self._state.top_pairs(k) if self._state is not None else []

    def pretokens(self, limit: int = 200) -> list[PretokenInfo]:
        """The ``limit`` most frequent pre-tokens with their current segmentation."""
        return self._state.pretokens(limit) if self._state is not None else []

    def token_bytes(self, token_id: int) -> bytes:
        """Bytes of a token id of this run (bytes and merges; not special tokens)."""
        if self._state is not None:
            return self._state.tok[token_id]
        if 0 <= token_id < 256:
            return bytes([token_id])
        raise IndexError(token_id)


def train_bpe(
    input_path: "str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None",
    vocab_size: int,
    special_tokens: Sequence[str] = (),
    *,
    text: str | None = None,
    pretokenizer: "str | Pretokenizer" = "gpt2",
    tie_break: str = "greatest",
    workers: int | None = None,
    name: str | None = None,
) -> Tokenizer:
    """Train a byte-level BPE tokenizer on UTF-8 text files (or ``text=``) and return it."""
    trainer = BpeTrainer(
        input_path, vocab_size, special_tokens, text=text, pretokenizer=pretokenizer,
        tie_break=tie_break, workers=workers, name=name,
    )
    for _ in trainer.events():
        pass
    return trainer.tokenizer()
