"""What a training run reports: one event per step, and snapshots for step-by-step views.

Plain frozen dataclasses, so a GUI thread can receive them from the training thread and a
test can compare them. :class:`~bpe_engine.BpeTrainer` produces them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields

__all__ = [
    "CountingProgress",
    "CountingDone",
    "MergeEvent",
    "TrainingDone",
    "TrainingEvent",
    "PairInfo",
    "PretokenInfo",
]


@dataclass(frozen=True, slots=True)
class CountingProgress:
    """Pre-token counting has read ``bytes_done`` of ``bytes_total`` corpus bytes.

    ``stage`` is ``"counting"``, or ``"indexing"`` once: every byte is counted and the merge
    loop's pair index is being built (seconds on tens of megabytes, with no event meanwhile);
    :class:`CountingDone` follows when it is ready.
    """

    bytes_done: int
    bytes_total: int
    stage: str = "counting"


@dataclass(frozen=True, slots=True)
class CountingDone:
    """Counting finished; the merge loop starts next.

    ``initial_tokens`` is the corpus length in tokens before any merge (its pieces' bytes plus
    one per special token); each merge removes the occurrences it replaced
    (:attr:`MergeEvent.replaced`).
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

    ``replaced`` is how many occurrences the merge replaced: ``count`` unless occurrences
    overlap ("a a a" counts the pair ("a", "a") twice, but one merge uses up both). ``tokens``
    is the exact length of the training corpus in tokens after this merge (special tokens
    count one each): what encoding the corpus with the tokenizer of the merges so far gives.
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
    replaced: int
    tokens: int
    tied_with: tuple[bytes, bytes] | None = None

    @property
    def new_bytes(self) -> bytes:
        return self.left + self.right


def _merge_event_maker() -> Callable[
    [int, int, int, bytes, bytes, int, int, int, int, tuple[bytes, bytes] | None], MergeEvent
]:
    """A fast :class:`MergeEvent` constructor for the trainer (one event per merge): it fills
    the slots directly, where a frozen dataclass's ``__init__`` calls ``object.__setattr__``
    per field (2x slower). Same object, same checks of nothing (the trainer's values)."""
    new = object.__new__
    s0, s1, s2, s3, s4, s5, s6, s7, s8, s9 = (getattr(MergeEvent, f.name).__set__ for f in fields(MergeEvent))

    def make(
        rank: int,
        left_id: int,
        right_id: int,
        left: bytes,
        right: bytes,
        new_id: int,
        count: int,
        replaced: int,
        tokens: int,
        tied_with: tuple[bytes, bytes] | None,
    ) -> MergeEvent:
        event: MergeEvent = new(MergeEvent)
        s0(event, rank)
        s1(event, left_id)
        s2(event, right_id)
        s3(event, left)
        s4(event, right)
        s5(event, new_id)
        s6(event, count)
        s7(event, replaced)
        s8(event, tokens)
        s9(event, tied_with)
        return event

    return make


merge_event = _merge_event_maker()


@dataclass(frozen=True, slots=True)
class TrainingDone:
    """Training ended: ``reason`` is ``"vocab_size"`` (target reached) or ``"no_pairs"``."""

    merges: int
    reason: str


TrainingEvent = CountingProgress | CountingDone | MergeEvent | TrainingDone


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
