"""Encoding jobs for the live views: text in, token tables and pre-tokenization pieces out.

Plain functions (no Qt) run by :class:`app.controllers.encoding.EncodeController` on a
pool thread. One job encodes the same text with one or more tokenizers (the compare view
sends up to five) and stops early when a newer job is waiting, so stale work is dropped.

Special-token modes are the engine's (:meth:`Tokenizer.encode_with`) under the names the
views show (:data:`ENGINE_MODES`):

- ``"recognised"`` (engine ``"allow"``): special-token text becomes its special token.
- ``"error"`` (engine ``"raise"``, tiktoken's default): special-token text raises
  :class:`bpe_engine.errors.SpecialTokenError`; the outcome carries its message.
- ``"plain"`` (engine ``"ordinary"``): special-token text is ordinary text.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bpe_engine import Tokenizer, errors

from ..display.token_data import TokenTable, token_table

__all__ = ["SPECIAL_MODES", "ENGINE_MODES", "EncodeJob", "EncodeOutcome", "EncodeResult", "run_job", "encode_with_mode"]

#: The views' special-token modes and the engine's names for them.
ENGINE_MODES = {"recognised": "allow", "error": "raise", "plain": "ordinary"}
SPECIAL_MODES = tuple(ENGINE_MODES)


@dataclass(frozen=True)
class EncodeJob:
    generation: int
    text: str
    mode: str
    tokenizers: tuple[tuple[str, Tokenizer], ...]
    want_pieces: bool = False


@dataclass(frozen=True)
class EncodeOutcome:
    key: str
    table: TokenTable | None  # None when the mode is "error" and the text holds a special token
    pieces: list[tuple[str, int, int, bool]] | None
    error: str = ""
    encode_seconds: float = 0.0


@dataclass(frozen=True)
class EncodeResult:
    generation: int
    text: str
    mode: str
    outcomes: tuple[EncodeOutcome, ...] = field(default_factory=tuple)
    seconds: float = 0.0

    def outcome(self, key: str) -> EncodeOutcome | None:
        return next((o for o in self.outcomes if o.key == key), None)


def encode_with_mode(tokenizer: Tokenizer, text: str, mode: str) -> list[int]:
    """``tokenizer``'s ids for ``text`` under a view's special-token mode (see the module docstring)."""
    engine_mode = ENGINE_MODES.get(mode)
    if engine_mode is None:
        raise ValueError(f"unknown special-token mode {mode!r}; use one of {SPECIAL_MODES}")
    return tokenizer.encode_with(text, engine_mode)


def run_job(job: EncodeJob, is_stale: Callable[[], bool]) -> EncodeResult | None:
    """Encode ``job.text`` with each tokenizer; ``None`` when a newer job made this one stale."""
    t0 = time.perf_counter()
    outcomes = []
    for key, tok in job.tokenizers:
        if is_stale():
            return None
        t1 = time.perf_counter()
        error = ""
        table = None
        try:
            ids = encode_with_mode(tok, job.text, job.mode)
        except errors.SpecialTokenError as exc:
            error = str(exc)
        else:
            table = token_table(tok, ids, job.text)
        elapsed = time.perf_counter() - t1
        pieces = tok.pieces(job.text, special=job.mode != "plain") if job.want_pieces else None
        outcomes.append(EncodeOutcome(key, table, pieces, error, elapsed))
    return EncodeResult(job.generation, job.text, job.mode, tuple(outcomes), time.perf_counter() - t0)
