"""The settings of a training run, in one frozen, validated object.

:class:`TrainerConfig` is the only place where training settings, their defaults and their
checks live: :func:`bpe_engine.train_bpe`, :class:`bpe_engine.BpeTrainer`, the command line
and the app all build one (a bad value raises :class:`~bpe_engine.errors.ConfigError` that
names it), so a setting cannot be accepted by one of them and refused by another.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .._text import lone_surrogate, surrogate_message
from .._vocab import MAX_VOCAB
from ..errors import ConfigError, short
from ..kinds import TieBreak, tie_break as to_tie_break
from ..pretokenize import Pretokenizer, SpecialSplitter, get_pretokenizer

__all__ = ["DEFAULT_VOCAB_SIZE", "TIE_BREAKS", "TrainerConfig"]

DEFAULT_VOCAB_SIZE = 1000
# A scheduler address: an optional protocol, a host, a port (tcp://10.0.0.5:8786, host:8786).
_ADDRESS = re.compile(
    r"(?:[a-z][a-z0-9+.-]*://)?[^\s/:]+(?::[0-9]{1,5})?|(?:[a-z]+://)?\[[0-9a-fA-F:.]+\](?::[0-9]{1,5})?"
)

#: Each tie-break rule and its description (keys are :class:`~bpe_engine.kinds.TieBreak`,
#: equal to their strings).
TIE_BREAKS: dict[str, str] = {
    TieBreak.GREATEST: "Lexicographically greatest pair (GPT-2, CS336)",
    TieBreak.SMALLEST: "Lexicographically smallest pair",
}


@dataclass(frozen=True)
class TrainerConfig:
    """How to train: every setting of a run except the corpus.

    - ``vocab_size``: 256 byte tokens + the merges + the special tokens.
    - ``special_tokens``: never split, never part of a merge; in this order after the merges.
    - ``pretokenizer``: a name of :data:`~bpe_engine.PRETOKENIZER_NAMES` or ``"regex:<pattern>"``.
    - ``tie_break``: which pair wins among those with the highest count (:data:`TIE_BREAKS`).
    - ``workers``: processes that count pre-tokens (None: all cores).
    - ``fork_workers``: whether those processes may be forked when that is safe (no other
      Python thread). A GUI passes False: its toolkit runs threads Python cannot see.
    - ``name``: stored in the trained tokenizer.
    - ``cluster``: count pre-tokens on a Dask cluster (``"local"`` starts one of ``workers``
      processes on this machine; else a scheduler's address, ``"tcp://host:8786"``) and merge
      here; the result is the same. Needs the ``distributed`` extra. An address, not a client
      object: a config stays plain data (saved in checkpoints, compared, validated once).
    """

    vocab_size: int = DEFAULT_VOCAB_SIZE
    special_tokens: tuple[str, ...] = ()
    pretokenizer: str = "gpt2"
    tie_break: TieBreak = TieBreak.GREATEST
    workers: int | None = None
    fork_workers: bool = True
    name: str | None = None
    cluster: str | None = None

    def __post_init__(self) -> None:
        specials: Any = self.special_tokens
        if isinstance(specials, str):
            raise ConfigError(
                f"special_tokens must be a list of strings, got the string {specials!r}; write [{specials!r}]"
            )
        try:
            specials = tuple(specials)
        except TypeError:
            raise ConfigError(f"special_tokens must be a list of strings, got {specials!r}") from None
        # Duplicates are dropped (first one kept); empty or non-string tokens are refused.
        object.__setattr__(self, "special_tokens", SpecialSplitter(specials).tokens)
        pre: Any = self.pretokenizer
        if isinstance(pre, Pretokenizer):
            object.__setattr__(self, "pretokenizer", pre.spec)
        else:
            get_pretokenizer(pre)  # raises PretokenizerError naming the bad name or regex
        size: Any = self.vocab_size
        if isinstance(size, bool) or not isinstance(size, int):
            raise ConfigError(f"vocab_size must be a whole number, got {size!r}")
        minimum = self.min_vocab_size
        if size < minimum:
            raise ConfigError(
                f"vocab_size {size} is too small: it must be at least {minimum} "
                f"(256 byte tokens + {len(self.special_tokens)} special token(s)); "
                f"choose {minimum + 1} or more to learn any merge"
            )
        if size > MAX_VOCAB:
            raise ConfigError(f"vocab_size {size} is too large: at most {MAX_VOCAB} tokens are supported")
        # A string is accepted and stored as the enum (raises ConfigError for an unknown one).
        object.__setattr__(self, "tie_break", to_tie_break(self.tie_break))
        workers: Any = self.workers
        if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
            raise ConfigError(f"workers must be a whole number of at least 1, got {workers!r}")
        if not isinstance(self.fork_workers, bool):
            raise ConfigError(f"fork_workers must be True or False, got {self.fork_workers!r}")
        cluster: Any = self.cluster
        if cluster is not None and (
            not isinstance(cluster, str) or (cluster != "local" and not _ADDRESS.fullmatch(cluster))
        ):
            raise ConfigError(
                f"cluster must be 'local' or a Dask scheduler's address such as 'tcp://10.0.0.5:8786', "
                f"got {short(cluster)}"
            )
        if self.name is not None:
            if not isinstance(self.name, str):
                raise ConfigError(f"name must be a string or None, got {short(self.name)}")
            at = lone_surrogate(self.name)
            if at is not None:
                raise ConfigError(surrogate_message("the name", self.name, at))

    @property
    def min_vocab_size(self) -> int:
        """The smallest valid ``vocab_size``: 256 bytes + the special tokens (no merge)."""
        return 256 + len(self.special_tokens)

    @property
    def target_merges(self) -> int:
        """How many merges a run makes at most."""
        return self.vocab_size - self.min_vocab_size

    def replace(self, **changes: Any) -> TrainerConfig:
        """A copy with some settings changed (validated again)."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise ConfigError(
                f"unknown training setting(s) {', '.join(sorted(unknown))}; "
                f"the settings are {', '.join(f.name for f in dataclasses.fields(self))}"
            )
        return dataclasses.replace(self, **changes)

    @classmethod
    def of(
        cls,
        vocab_size: int | TrainerConfig | None = None,
        special_tokens: Sequence[str] | None = None,
        /,
        **settings: Any,
    ) -> TrainerConfig:
        """A config from the arguments of ``train_bpe``/``BpeTrainer``: a config (or None for
        the defaults) or a vocabulary size, optional special tokens, and any other settings
        (``vocab_size=`` and ``special_tokens=`` by keyword too: ``train_bpe(None, vocab_size=300, text=...)``)."""
        base = vocab_size if isinstance(vocab_size, TrainerConfig) else cls()
        if vocab_size is not None and not isinstance(vocab_size, TrainerConfig):
            settings["vocab_size"] = vocab_size
        if special_tokens is not None:
            settings["special_tokens"] = special_tokens
        return base.replace(**settings) if settings else base
