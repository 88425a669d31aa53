"""WordPiece's greedy longest-match-first encoding of one word, and its steps for display.

As Hugging Face's ``models::wordpiece``: a word longer than ``max_input_chars_per_word``
characters is one ``[UNK]``; otherwise, from the start, the longest vocabulary entry that
begins there is taken (written with the continuation prefix, ``##``, when it does not start
the word); if no entry begins at some position, the whole word is one ``[UNK]``. Candidates
longer than the longest token are never tried, so a word costs at most (its length × the
longest token's length) look-ups: linear in the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["WordPieceModel", "WordPieceStep", "StepOutcome"]


class StepOutcome(Enum):
    """How one step of :meth:`WordPieceModel.steps` ended."""

    MATCH = "match"  #: the longest candidate in the vocabulary was taken
    NO_MATCH = "no-match"  #: no candidate is in the vocabulary: the whole word is the unknown token
    TOO_LONG = "too-long"  #: the word is over ``max_input_chars_per_word``: it is the unknown token


@dataclass(frozen=True)
class WordPieceStep:
    """One position of the greedy match: from character ``start`` of the word, the
    candidates looked up (longest first, with the prefix when ``start > 0``), the token taken
    (``token``/``token_id``: the last candidate tried, or the unknown token) and why."""

    start: int
    tried: tuple[str, ...]
    token: str
    token_id: int
    outcome: StepOutcome


class WordPieceModel:
    """The vocabulary (token as written -> id) and the rule."""

    def __init__(self, vocab: dict[str, int], unk_token: str, prefix: str, max_chars: int) -> None:
        self.vocab = vocab
        self.unk_token = unk_token
        self.unk_id = vocab[unk_token]
        self.prefix = prefix
        self.max_chars = max_chars
        self.longest = max((len(t) for t in vocab), default=0)
        self._cache: dict[str, tuple[int, ...]] = {}

    def encode(self, word: str) -> tuple[int, ...]:
        """The ids of one word (cached: words repeat)."""
        found = self._cache.get(word)
        if found is None:
            found = tuple(i for i, _, _ in self.encode_spans(word))
            if len(self._cache) > 200_000:
                self._cache.clear()
            self._cache[word] = found
        return found

    def encode_spans(self, word: str) -> list[tuple[int, int, int]]:
        """``(id, start, end)`` of each token of ``word`` (character offsets in the word)."""
        n = len(word)
        if n > self.max_chars:
            return [(self.unk_id, 0, n)]
        get = self.vocab.get
        prefix, longest = self.prefix, self.longest
        out: list[tuple[int, int, int]] = []
        start = 0
        while start < n:
            extra = len(prefix) if start else 0
            end = min(n, start + longest - extra)
            found = None
            while end > start:
                found = get(prefix + word[start:end] if start else word[start:end])
                if found is not None:
                    break
                end -= 1
            if found is None:
                return [(self.unk_id, 0, n)]
            out.append((found, start, end))
            start = end
        return out

    def steps(self, word: str) -> list[WordPieceStep]:
        """The greedy match of ``word``, one step per position (see :class:`WordPieceStep`)."""
        n = len(word)
        if n > self.max_chars:
            return [WordPieceStep(0, (), self.unk_token, self.unk_id, StepOutcome.TOO_LONG)]
        out: list[WordPieceStep] = []
        start = 0
        while start < n:
            tried: list[str] = []
            end = n
            found = None
            while end > start:
                candidate = self.prefix + word[start:end] if start else word[start:end]
                end -= 1
                if len(candidate) > self.longest:
                    continue  # no token is that long: never looked up
                tried.append(candidate)
                found = self.vocab.get(candidate)
                if found is not None:
                    end += 1
                    break
            if found is None:
                out.append(WordPieceStep(start, tuple(tried), self.unk_token, self.unk_id, StepOutcome.NO_MATCH))
                return out
            out.append(WordPieceStep(start, tuple(tried), tried[-1], found, StepOutcome.MATCH))
            start = end
        return out
