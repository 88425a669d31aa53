"""Unigram segmentation: the most probable cut of normalized text into pieces (Viterbi).

Two rules, each exact to its reference:

- sentencepiece 0.2.3 (``unigram_model.cc``, ``EncodeOptimized``): the whole normalized text
  is one lattice; the pieces that may match are the NORMAL and USER_DEFINED ones (UNUSED
  never); a user-defined piece scores ``0.1 * (byte length - 1)`` (``GetUserDefinedScore``;
  0.2.1 gave ``byte length * max score - 0.1``), at least 0, so it beats any normal piece; a
  character that no one-character piece covers is ``<unk>`` with ``min score - 10``. Scores
  add up in float32, as there (ties and near-ties then go the same way), and once the best
  score at a start passes +-100,000 it is subtracted from the scores reached so far
  (``kScoreResetThreshold``, :meth:`UnigramModel._rebase`). Each end position keeps the first
  best path found: starts are visited left to right, so on a tie the earlier start (the
  longer last piece) wins. Unknown characters become their UTF-8 bytes' ``<0xNN>`` pieces
  with byte fallback; a run of them is one ``<unk>`` without.
- Hugging Face (``models/unigram``): per word of the pre-tokenizer; every vocabulary entry may
  match; scores add up in float64; the unknown penalty is ``min score - 10`` over all entries;
  consecutive unknown characters are fused into one ``<unk>`` (or into their bytes), as in
  sentencepiece.

The search is linear in the text: at each position only the pieces that start there are
tried, at most as many as the longest piece has characters (one dict of every piece and
every piece's prefix stops the search early). For a ``.model`` whose pieces hold no ``▁``
past their start, each distinct word's cut is searched once and kept with its margins
(``UnigramModel._encode_words``): exact as long as the float32 rounding cannot reach them,
searched again in float32 otherwise.
"""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from operator import sub

from ..formats.data import NORMAL, USER_DEFINED, SentencePieceData
from ..spm.model import CharBpeModel, split_before

__all__ = [
    "UnigramModel",
    "Segmentation",
    "ViterbiResult",
    "UNK_PENALTY",
    "EDGE_CACHE_LIMIT",
    "NBEST_LIMIT",
    "NBEST_MAX_CHARS",
]

UNK_PENALTY = 10.0
#: At most this many segmentations are listed by :meth:`UnigramModel.viterbi`.
NBEST_LIMIT = 5
#: Competing segmentations are searched in at most this many characters of a piece (the
#: search keeps ``NBEST_LIMIT`` paths per position: cost grows with both).
NBEST_MAX_CHARS = 64
#: Distinct words whose cut is kept (a word of more than 256 characters is not kept).
EDGE_CACHE_LIMIT = 200_000
_WORD_CACHE_MAX = 256
_NEVER = float("-inf")
#: sentencepiece 0.2.3's ``kScoreResetThreshold``: see :meth:`UnigramModel._rebase`.
_RESET = 100_000.0


@dataclass(frozen=True)
class Segmentation:
    """One way to cut a piece: the text of each part, its id (``<unk>`` for an unknown
    character) and the sum of their scores (log probabilities)."""

    parts: tuple[str, ...]
    ids: tuple[int, ...]
    score: float


@dataclass(frozen=True)
class ViterbiResult:
    """What :meth:`UnigramModel.viterbi` found for one piece: the best segmentation, the ids
    ``encode`` gives (byte fallback applied) and the best few segmentations, best first (the
    first is ``best``)."""

    piece: str
    best: Segmentation
    ids: tuple[int, ...]
    candidates: tuple[Segmentation, ...]


class UnigramModel(CharBpeModel):
    """The Viterbi search of one model (see the module docstring)."""

    def __init__(self, data: SentencePieceData, space: str) -> None:
        super().__init__(data, space)
        self.sentencepiece = data.merges is None
        self.rule = "unigram (sentencepiece)" if self.sentencepiece else "unigram (huggingface)"
        kinds, scores = self.kinds, self.scores  # (lists: a .model's are arrays)
        self.match: dict[str, tuple[int, float]] = {}
        if self.sentencepiece:
            normal = [scores[i] for i, k in enumerate(kinds) if k == NORMAL]
            low = min(normal, default=0.0)
            self.unk_score = _f32(low - UNK_PENALTY)
            for i, (p, k) in enumerate(zip(data.pieces, kinds)):
                if k == NORMAL:
                    self.match.setdefault(p, (i, scores[i]))
                elif k == USER_DEFINED:
                    self.match.setdefault(p, (i, _f32(0.1 * (len(p.encode("utf-8")) - 1))))
        else:
            self.unk_score = min(scores, default=0.0) - UNK_PENALTY
            for i, p in enumerate(data.pieces):
                self.match.setdefault(p, (i, scores[i]))
        # Every prefix of a piece in one dict: the piece's (id, score), or (-1, 0.0) when the
        # prefix is no piece (one look-up per tried end instead of two).
        self.table: dict[str, tuple[int, float]] = {p[:k]: (-1, 0.0) for p in self.match for k in range(1, len(p))}
        self.table.update(self.match)
        self.longest = max((len(p) for p in self.match), default=1)
        # Whether a ▁ may sit inside a piece: if not, no piece crosses the start of a word.
        self.crosses_space = any(space in p[1:] for p in self.match)
        self._gains = any(score > 0.0 for _, score in self.match.values())
        self._round = array("f", [0.0])
        self.word_cache: dict[str, tuple[int, ...]] = {}
        self.chunk_cache: dict[str, _Word] = {}

    # -- text to ids ----------------------------------------------------------------------

    def encode(self, text: str) -> list[int]:
        """Ids of normalized text (one segment: no special tokens in it)."""
        if not text:
            return []
        if self.sentencepiece:
            if not self.crosses_space:
                return self._encode_words(text)
            return self.finish(text, self.best_path(text)[0])
        out: list[int] = []
        cache = self.word_cache
        for word in split_before(text, self.space) if self.split_at_space else [text]:
            ids = cache.get(word)
            if ids is None:
                ids = tuple(self.finish(word, self.best_path(word)[0]))
                if len(cache) < self.cache_size:
                    cache[word] = ids
            out += ids
        return out

    def split(self, text: str) -> list[str]:
        """The stretches of normalized text shown apart (words, where no piece crosses a ▁)."""
        if not self.split_at_space and self.crosses_space:
            return [text] if text else []
        return list(split_before(text, self.space))

    def chunk_ids(self, text: str, steps: object = None) -> list[int]:
        return self.encode(text)

    def best_path(self, text: str) -> tuple[list[tuple[int, int, int]], float]:
        """``(start, end, id)`` of each part of the best segmentation of ``text`` (``<unk>``'s
        id, or -1 without one, for an unknown character), left to right, and its score
        (sentencepiece's float32 sums for a ``.model``)."""
        return self._search(text, 0.0)

    def _search(self, text: str, base: float) -> tuple[list[tuple[int, int, int]], float]:
        """:meth:`best_path` of ``text`` when the path before it scores ``base``.

        sentencepiece (``EncodeOptimized``) adds in float32: each sum is rounded before it is
        compared with the float kept at its end (comparing the double sum instead gives other
        cuts than the ``sentencepiece`` wheel on exact ties such as ``w`` + ``ww`` against
        ``ww`` + ``w``). Hugging Face adds in double throughout."""
        n = len(text)
        score = [base] * (n + 1)
        start = [-1] * (n + 1)
        ident = [-1] * (n + 1)
        f32 = self.sentencepiece
        rounding = self._round
        root = self._trie
        chars = list(text)
        unk_id = self.unk_id if self.unk_id is not None else -1
        unk_score = self.unk_score
        reset = _RESET if f32 else float("inf")
        low_reset = -reset
        for i in range(n):
            here = score[i]
            if here < low_reset or here > reset:
                self._rebase(score, start, i, min(n, i + self.longest))
                here = 0.0
            single = False
            node = root
            j = i
            while j < n:  # the pieces starting at i, shortest first (see _word)
                hit = node.get(chars[j])
                if hit is None:
                    break
                j += 1
                pid, piece_score, node = hit
                if pid < 0:
                    continue
                if j == i + 1:
                    single = True
                cand = here + piece_score
                if f32:
                    rounding[0] = cand
                    cand = rounding[0]
                if start[j] < 0 or cand > score[j]:
                    score[j], start[j], ident[j] = cand, i, pid
            if not single:
                cand = here + unk_score
                if f32:
                    rounding[0] = cand
                    cand = rounding[0]
                if start[i + 1] < 0 or cand > score[i + 1]:
                    score[i + 1], start[i + 1], ident[i + 1] = cand, i, unk_id
        path: list[tuple[int, int, int]] = []
        end = n
        while end > 0:
            path.append((start[end], end, ident[end]))
            end = start[end]
        path.reverse()
        return path, score[n]

    def _rebase(self, score: list[float], start: list[int], i: int, frontier: int) -> None:
        """sentencepiece 0.2.3's reset (``unigram_model.cc``, ``EncodeOptimized``): once the
        best score at a start ``i`` is beyond +-``kScoreResetThreshold`` (100,000), it is
        subtracted from the scores at ``i`` and at every end already reached past it (in
        float32), so that the sums are small (and finely rounded) again."""
        offset = score[i]
        rounding = self._round
        for k in range(i, frontier + 1):
            if k == i or start[k] >= 0:
                rounding[0] = score[k] - offset
                score[k] = rounding[0]

    def _encode_words(self, text: str) -> list[int]:
        """sentencepiece's ids of ``text`` when no piece crosses the start of a word: each
        distinct word's cut is searched once, at a base of 0, in double (:class:`_Word`).

        One lattice over the text, as there, is one search per word (every path passes every
        word start) except for the float32 rounding of the sums, which depends on the score
        before the word, and the reset of the scores past +-100,000 (:meth:`_rebase`), which
        may fall inside a word. A kept cut is used only while that score is small enough for
        the rounding errors to stay below the word's smallest margin between a position's best
        and second-best edges, and far enough from the reset for none to happen in the word;
        otherwise the word is searched again in float32 from the exact float32 score before
        it (the sums of the cuts before, replayed)."""
        out: list[int] = []
        cache = self.chunk_cache
        approx = 0.0  # the score so far in double (for the size of the rounding errors)
        drift = 0.0  # a bound on |approx - the float32 score|
        exact = 0.0  # the float32 score at the end of ``replay``'s parts
        replay: list[float] = []
        last_unk = False
        for word in split_before(text, self.space):
            entry = cache.get(word)
            if entry is None and len(word) <= _WORD_CACHE_MAX:
                entry = self._word(word)
                if len(cache) < EDGE_CACHE_LIMIT:
                    cache[word] = entry
            ids: Sequence[int]
            size = abs(approx) + drift + 1.0
            if entry is not None and size < entry.limit:
                replay += entry.scores
                drift += (size + entry.reach) * entry.drift
                approx += entry.total
                ids, first, last = entry.ids, entry.first_unk, entry.last_unk
            else:
                for s in replay:
                    exact = self._add(exact, s)
                replay.clear()
                path, exact = self._search(word, exact)
                approx, drift = exact, 0.0
                ids = self.finish(word, path)
                unk = self.unk_id if self.unk_id is not None else -1
                first, last = path[0][2] == unk, path[-1][2] == unk
            if last_unk and first:  # a run of unknown characters across words: one <unk>
                return self.finish(text, self.best_path(text)[0])
            last_unk = last
            out += ids
        return out

    @cached_property
    def _trie(self) -> _Trie:
        """Every piece by characters: ``{char: (id or -1, score, {next char: ...})}`` (built on
        the first word searched, not when the model opens)."""
        root: _Trie = {}
        for piece, (pid, score) in self.match.items():
            node = root
            for k, c in enumerate(piece):
                last = k == len(piece) - 1
                hit = node.get(c)
                if hit is None:
                    hit = (pid, score, {}) if last else (-1, 0.0, {})
                    node[c] = hit
                elif last:
                    hit = (pid, score, hit[2])
                    node[c] = hit
                node = hit[2]
        return root

    def _add(self, total: float, score: float) -> float:
        """``total + score`` rounded to a float32 (sentencepiece's kept sum)."""
        self._round[0] = total + score
        return self._round[0]

    def _word(self, word: str) -> _Word:
        """The best cut of ``word`` in double from a base of 0, with how far it holds (see
        :class:`_Word`)."""
        n = len(word)
        best = [0.0] * (n + 1)
        second = [_NEVER] * (n + 1)
        start = [-1] * (n + 1)
        ident = [-1] * (n + 1)
        gain = [0.0] * (n + 1)  # the score of the best edge ending at each position
        root = self._trie
        chars = list(word)
        unk_id = self.unk_id if self.unk_id is not None else -1
        unk_score = self.unk_score
        low = 0.0
        # The hot loop of a cold cache: the pieces starting at i are found by walking the
        # trie one character at a time (no slice made and hashed per tried end), shortest
        # first as with the table; the edge's score is kept, not looked up again.
        for i in range(n):
            here = best[i]
            single = False
            node = root
            j = i
            while j < n:
                hit = node.get(chars[j])
                if hit is None:
                    break
                j += 1
                pid, piece_score, node = hit
                if pid < 0:
                    continue
                if j == i + 1:
                    single = True
                cand = here + piece_score
                if start[j] < 0:
                    best[j], start[j], ident[j], gain[j] = cand, i, pid, piece_score
                elif cand > best[j]:
                    second[j], best[j], start[j], ident[j], gain[j] = best[j], cand, i, pid, piece_score
                elif cand > second[j]:
                    second[j] = cand
                if cand < low:
                    low = cand
            if not single:
                cand = here + unk_score
                j = i + 1
                if start[j] < 0:
                    best[j], start[j], ident[j], gain[j] = cand, i, unk_id, unk_score
                elif cand > best[j]:
                    second[j], best[j], start[j], ident[j], gain[j] = best[j], cand, i, unk_id, unk_score
                elif cand > second[j]:
                    second[j] = cand
                if cand < low:
                    low = cand
        margin = min(map(sub, best, second))
        path: list[tuple[int, int, int]] = []
        scores: list[float] = []
        end = n
        while end > 0:
            path.append((start[end], end, ident[end]))
            scores.append(gain[end])
            end = start[end]
        path.reverse()
        scores.reverse()
        # Each kept sum is off by at most half a float32 unit (2**-24 of its size) per part
        # before it in the word, and so is each compared sum: the cut holds while twice the
        # word's length in such units, at the size of the largest sum, stays below the margin.
        limit = margin * 2.0**22 / (n + 2) + low
        # The largest size of a sum in the word (the kept ones are the largest at each end;
        # above 0 only with user-defined pieces): no reset happens in the word (:meth:`_rebase`)
        # while the size before it plus this stays below the reset.
        reach = max(-low, *best) if self._gains else -low
        return _Word(
            tuple(self.finish(word, path)),
            tuple(scores),
            best[n],
            min(limit, _RESET - reach),
            reach,
            # Each float32 sum in the word is off by at most 2**-24 of its size (doubled).
            len(scores) * 2.0**-23,
            path[0][2] == unk_id,
            path[-1][2] == unk_id,
        )

    def finish(self, text: str, path: list[tuple[int, int, int]]) -> list[int]:
        """The ids of a best path: unknown characters as ``<unk>`` or their bytes (Hugging Face
        fuses a run of them first)."""
        unk = self.unk_id if self.unk_id is not None else -1
        out: list[int] = []
        k = 0
        while k < len(path):
            a, b, pid = path[k]
            k += 1
            if pid != unk:
                out.append(pid)
                continue
            while k < len(path) and path[k][2] == unk:  # both libraries make one <unk> of a run
                b = path[k][1]
                k += 1
            if self.byte_fallback:
                byte_ids = [self.byte_id[x] for x in text[a:b].encode("utf-8")]
                if all(x >= 0 for x in byte_ids):
                    out += byte_ids
                    continue
            out.append(unk)
        return out

    # -- explaining -----------------------------------------------------------------------

    def viterbi(self, piece: str) -> ViterbiResult:
        """The best segmentation of ``piece`` (normalized text), its ids and the best few
        segmentations (:data:`NBEST_LIMIT`, searched in the first :data:`NBEST_MAX_CHARS`
        characters when the piece is longer)."""
        path, total = self.best_path(piece)
        ids = tuple(self.finish(piece, path))
        best = Segmentation(tuple(piece[a:b] for a, b, _ in path), tuple(i for _, _, i in path), total)
        head = piece[:NBEST_MAX_CHARS]
        whole = len(head) == len(piece)
        others = [s for s in self.nbest(head, NBEST_LIMIT) if not whole or s.parts != best.parts]
        return ViterbiResult(piece, best, ids, (best, *others[: NBEST_LIMIT - 1]))

    def edges(self, text: str, i: int) -> list[tuple[int, int, float]]:
        """``(end, id, score)`` of every lattice edge from position ``i`` (the unknown one too)."""
        out: list[tuple[int, int, float]] = []
        single = False
        for j in range(i + 1, min(len(text), i + self.longest) + 1):
            hit = self.table.get(text[i:j])
            if hit is None:
                break
            if hit[0] >= 0:
                out.append((j, hit[0], hit[1]))
                single = single or j == i + 1
        if not single:
            out.append((i + 1, self.unk_id if self.unk_id is not None else -1, self.unk_score))
        return out

    def nbest(self, text: str, k: int) -> list[Segmentation]:
        """The ``k`` best segmentations of ``text`` by total score (float64), best first."""
        n = len(text)
        top: list[list[tuple[float, tuple[tuple[int, int, int], ...]]]] = [[] for _ in range(n + 1)]
        top[0] = [(0.0, ())]
        for i in range(n):
            for end, pid, sc in self.edges(text, i):
                for total, path in top[i]:
                    top[end].append((total + sc, (*path, (i, end, pid))))
            for j in range(i + 1, min(n, i + self.longest) + 1):
                if len(top[j]) > k:
                    top[j] = heapq.nlargest(k, top[j], key=lambda t: t[0])
        best = sorted(top[n], key=lambda t: -t[0])[:k]
        return [Segmentation(tuple(text[a:b] for a, b, _ in p), tuple(x for _, _, x in p), s) for s, p in best]


_Trie = dict[str, "tuple[int, float, _Trie]"]


@dataclass(frozen=True)
class _Word:
    """A word's best cut found in double from a base of 0 (sentencepiece, no piece crossing
    a word start): its ids, the score of each part (for the float32 sum), their total, and
    ``limit``: the cut is float32-exact while the score before the word is above
    ``-limit`` and far enough from sentencepiece's reset for none to happen in the word;
    ``reach``: the largest size of a sum in the word; ``drift``: how much the float32 sums of
    its parts may be off, per unit of size; whether the cut starts and ends with an unknown
    character."""

    ids: tuple[int, ...]
    scores: tuple[float, ...]
    total: float
    limit: float
    reach: float
    drift: float
    first_unk: bool
    last_unk: bool


def _f32(x: float) -> float:
    """``x`` rounded to float32 (sentencepiece's scores and sums are floats)."""
    return array("f", [x])[0]
