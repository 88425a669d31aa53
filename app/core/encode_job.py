"""Encoding jobs for the live views: text in, token tables and pre-tokenization pieces out.

Plain functions (no Qt) that :class:`app.core.encoding.EncodeController` runs in a
:class:`~app.core.jobs.calls.CallQueue` thread. One job encodes the same text with one or more
tokenizers (the compare view sends up to five) and stops early when a newer job is waiting,
so stale work is dropped. A job's special-token mode is the engine's
:class:`~bpe_engine.SpecialMode`, as the views chose it.

It leaves out scheduling (the controller) and drawing (the views).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import replace

from app.core.chat_job import render_request
from app.core.messages import EncodeJob, EncodeOutcome, EncodeResult
from app.display.chips import piece_bounds, with_chip_arrays
from app.display.token_data import token_table
from bpe_engine import SpecialMode, Tokenizer, TokenizerLike, errors

__all__ = ["run_job"]


def _encode(tokenizer: TokenizerLike, text: str, mode: SpecialMode, as_of: int | None) -> list[int]:
    """``tokenizer``'s ids for ``text`` under ``mode``; with ``as_of``, the ids of the
    tokenizer of only its first ``as_of`` merges (``Tokenizer.encode_as_of``: the same ids)."""
    # (encode_as_of is Tokenizer's: the Timeline follows only tokenizers whose merges are in order)
    if as_of is None or not isinstance(tokenizer, Tokenizer):
        return tokenizer.encode_with(text, mode)
    if mode is SpecialMode.ALLOW:
        return tokenizer.encode_as_of(text, as_of, allowed_special="all")
    if mode is SpecialMode.ORDINARY:
        return tokenizer.encode_as_of(text, as_of, allowed_special=set(), disallowed_special=())
    return tokenizer.encode_as_of(text, as_of)  # raises SpecialTokenError, as encode() does


def run_job(job: EncodeJob, is_stale: Callable[[], bool]) -> EncodeResult | None:
    """Encode ``job.text`` with each tokenizer; ``None`` when a newer job made this one stale."""
    t0 = time.perf_counter()
    chat = None
    if job.chat is not None and job.tokenizers:
        # Chat mode: the rendered text is what is encoded, its special tokens recognised
        chat = render_request(job.chat, job.tokenizers[0][1], is_stale)
        if chat.error:
            return EncodeResult(job.generation, "", SpecialMode.ALLOW, (), time.perf_counter() - t0, chat)
        job = replace(job, text=chat.text, mode=SpecialMode.ALLOW)
    outcomes = []
    limits = dict(job.as_of)
    for key, tok in job.tokenizers:
        if is_stale():
            return None
        t1 = time.perf_counter()
        error = ""
        table = None
        try:
            ids = _encode(tok, job.text, job.mode, limits.get(key))
        except errors.SpecialTokenError as exc:
            error = str(exc)
        else:
            table = with_chip_arrays(token_table(tok, ids, job.text))
        elapsed = time.perf_counter() - t1
        pieces = tok.pieces(job.text, special=job.mode is not SpecialMode.ORDINARY) if job.want_pieces else None
        bounds = piece_bounds(pieces) if pieces is not None else None
        outcomes.append(EncodeOutcome(key, table, pieces, error, elapsed, bounds))
    if chat is not None and outcomes and outcomes[0].table is not None:
        chat = replace(chat, special_tokens=sum(outcomes[0].table.special))
    # subtle: a table's tuples (100 000 ids, offsets, bytes...) are new containers that the
    # first young-generation collection walks (and then untracks, their items being atomic):
    # 40 ms for three columns of 330 000 characters. Done here, in the job's thread, and not
    # by whichever allocation in the GUI thread's turn that shows them triggers it first. (In a
    # job's thread, the runner's guard makes this collection freeze them instead: the same end.)
    gc.collect(0)
    return EncodeResult(job.generation, job.text, job.mode, tuple(outcomes), time.perf_counter() - t0, chat)
