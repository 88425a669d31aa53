"""What a training run is asked to do: :class:`TrainingRequest`, the corpus with the engine's
settings. Its own module because the Train tab makes one, the controller runs one and the
Timeline describes one (``request.describe()``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from app.core.i18n import tr
from app.core.messages import ResumedRun
from bpe_engine import BpeTrainer, Tokenizer, TrainerConfig, errors

__all__ = ["TrainingRequest", "bytes_only_tokenizer"]


@dataclass(frozen=True)
class TrainingRequest:
    """What to train on, with the engine's settings for it.

    ``config`` holds every training setting (the engine's :class:`bpe_engine.TrainerConfig`,
    which checked them when it was made: a bad value raised ``ConfigError`` naming it). The
    rest is not a training setting: the corpus (files ``paths``, or one ``text``), how the UI
    names it (``label``: "tiny.txt", "Sample: ..."), and the seconds between two batches of
    the worker's signals.
    """

    config: TrainerConfig
    paths: tuple[str, ...] = ()
    text: str | None = None
    label: str = ""
    batch_interval: float = 0.05

    def make_trainer(self) -> BpeTrainer:
        """The engine's trainer; raises ``errors.BPEError`` for a corpus it cannot use."""
        if self.text is None and not self.paths:
            raise errors.EmptyCorpusError(
                tr("no corpus chosen: pick a built-in sample, add text files, or paste some text")
            )
        # Qt runs threads of its own that Python cannot see: never fork the counting processes.
        config = self.config.replace(fork_workers=False, name=self.name)
        return BpeTrainer(None if self.text is not None else list(self.paths), config, text=self.text)

    @property
    def name(self) -> str | None:
        """The trained tokenizer's name: the config's, else the corpus label."""
        return self.config.name if self.config.name is not None else (self.label or None)

    @classmethod
    def resumed(cls, run: ResumedRun) -> TrainingRequest:
        """The request a checkpoint held, named by its config, else by its corpus."""
        label = run.config.name or (
            tr("pasted text") if run.text is not None else ", ".join(os.path.basename(p) for p in run.paths)
        )
        return cls(run.config, paths=run.paths, text=run.text, label=label)

    def describe(self) -> str:
        if self.label:
            return self.label
        if self.text is not None:
            return tr("pasted text")
        return ", ".join(os.path.basename(p) for p in self.paths)


def bytes_only_tokenizer(request: TrainingRequest | None) -> Tokenizer:
    """The tokenizer of a run cancelled before its first merge: 256 bytes and the specials."""
    config = request.config if request is not None else TrainerConfig()
    return Tokenizer(
        {i: bytes([i]) for i in range(256)},
        [],
        list(config.special_tokens),
        pretokenizer=config.pretokenizer,
        name=request.name if request is not None else None,
    )
