"""What background jobs send and views read: plain frozen dataclasses, no Qt, no behaviour.

Jobs (:mod:`app.jobs`) build these in their threads and emit them; controllers pass them
on in the GUI thread; views and models read them. Keeping them here, apart from the code of
either side, lets a view import what it displays without importing a worker, and a worker
describe what it sends without knowing who shows it.

- Live encoding: :class:`EncodeJob` in, :class:`EncodeResult` (one :class:`EncodeOutcome` per
  tokenizer) out; a job's special-token mode is the engine's :class:`~bpe_engine.SpecialMode`.
- Training in step mode: :class:`StepSnapshot`, what the parked trainer looks like.
- A training resumed from a checkpoint: :class:`ResumedRun`, what the file held.
- Corpus mode: :class:`CorpusStats`, one tokenizer's figures on a whole file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from app.display.token_data import Counts, TokenTable
from bpe_engine import (
    BuiltinFormat,
    ChatMessage,
    LookupBasis,
    MergeEvent,
    PairInfo,
    PretokenInfo,
    SpecialMode,
    TokenizerLike,
    TrainerConfig,
)

__all__ = [
    "TextPiece",
    "ChatRequest",
    "ChatOutcome",
    "EncodeJob",
    "EncodeOutcome",
    "EncodeResult",
    "StepSnapshot",
    "ResumedRun",
    "CorpusStats",
]


#: A pre-tokenization piece: its text, start and end (characters), and whether it is a special token.
TextPiece = tuple[str, int, int, bool]


@dataclass(frozen=True)
class ChatRequest:
    """Tokenize mode Chat: render ``messages`` with a chat template, then encode the text.

    ``builtin``: this built-in format, or None for the tokenizer's own template (found beside
    ``tokenizer_path``, or guessed from its special tokens)."""

    messages: tuple[ChatMessage, ...]
    add_generation_prompt: bool
    builtin: BuiltinFormat | None = None
    tokenizer_path: str = ""


@dataclass(frozen=True)
class ChatOutcome:
    """What rendering a :class:`ChatRequest` gave: the text (empty on an error); the template:
    a built-in format or a file (``path``); why it is that one (``basis``, None: chosen by hand;
    ``marker``: the special token it was guessed from); ``error`` (English, the engine's) when
    there is no template (``basis`` says why) or it failed; ``special_tokens``: how many special
    tokens the rendered text encodes to."""

    text: str
    builtin: BuiltinFormat | None = None
    path: str = ""
    basis: LookupBasis | None = None
    marker: str = ""
    error: str = ""
    special_tokens: int = 0


@dataclass(frozen=True)
class EncodeJob:
    """Encode ``text`` with each ``(key, tokenizer)`` under special-token ``mode``.

    ``generation`` numbers the requests of one controller (the newest wins);
    ``want_pieces`` also asks for the pre-tokenization pieces; ``as_of`` maps some keys to a
    number of merges: those tokenizers encode as the tokenizer of only their first merges
    would (the training timeline's "as of merge k").
    """

    generation: int
    text: str
    mode: SpecialMode
    tokenizers: tuple[tuple[str, TokenizerLike], ...]
    want_pieces: bool = False
    as_of: tuple[tuple[str, int], ...] = ()
    chat: ChatRequest | None = None  # render this chat with the first tokenizer's template first


@dataclass(frozen=True)
class EncodeOutcome:
    """One tokenizer's part of an :class:`EncodeResult`."""

    key: str
    table: TokenTable | None  # None when the mode is RAISE and the text holds a special token
    pieces: list[TextPiece] | None
    error: str = ""
    encode_seconds: float = 0.0
    #: ``pieces``' start and end offsets as arrays (:func:`app.display.chips.piece_bounds`),
    #: made in the job: two passes over 230 000 pieces of a 1 MB text, 20-30 ms in the GUI thread
    piece_bounds: tuple[np.ndarray, np.ndarray] | None = None


@dataclass(frozen=True)
class EncodeResult:
    """The answer to an :class:`EncodeJob` (``seconds``: the whole job, in its thread)."""

    generation: int
    text: str
    mode: str
    outcomes: tuple[EncodeOutcome, ...] = field(default_factory=tuple)
    seconds: float = 0.0
    chat: ChatOutcome | None = None  # the job rendered a chat: ``text`` is the rendered text

    def outcome(self, key: str) -> EncodeOutcome | None:
        return next((o for o in self.outcomes if o.key == key), None)


@dataclass(frozen=True)
class StepSnapshot:
    """What step mode shows while training is parked between two merges.

    ``next_pairs`` are the pairs with the highest counts now, best first (``next_pairs[0]`` is
    the pair the next merge will join); ``pretokens`` are the most frequent pre-tokens with
    their current segmentation; ``last_merge`` is the merge just applied (None before the
    first one). ``ended`` is empty while the run goes on, else why it ended: ``"vocab_size"``,
    ``"no_pairs"`` or ``"cancelled"`` (the final state: no merge comes next).
    """

    merges_done: int
    last_merge: MergeEvent | None
    next_pairs: list[PairInfo] = field(default_factory=list)
    pretokens: list[PretokenInfo] = field(default_factory=list)
    distinct_pretokens: int = 0
    tie_break: str = "greatest"
    token_bytes: dict[int, bytes] = field(default_factory=dict)  # ids >= 256 used above
    ended: str = ""


@dataclass(frozen=True)
class ResumedRun:
    """A training loaded from a checkpoint file: its settings (``name`` is how the run was
    called), its corpus (file ``paths``, or the ``text`` itself) and the merges it had made
    (0 for a run saved while still counting: it counts again)."""

    config: TrainerConfig
    paths: tuple[str, ...]
    text: str | None
    merges: int


@dataclass(frozen=True, slots=True)
class CorpusStats(Counts):
    """A tokenizer's figures on a whole file (``chars``/``bytes``/``tokens`` as in Counts);
    ``added``: the BOS/EOS among ``tokens`` (the model's, once for each of the ``texts``:
    the file's non-blank lines), when they were asked for."""

    key: str = ""
    seconds: float = 0.0
    texts: int = 0
    added: int = 0
