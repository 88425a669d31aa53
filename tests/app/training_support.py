"""Helpers for the tests of training in the app: corpora of a chosen size, and waiting on runs.

``syllable_text`` makes a deterministic text of made-up words: it has many distinct pairs, so
training keeps merging (long enough to pause or cancel a run part-way) while counting stays
fast. Tests wait on the controller's ``events`` (GUI thread), never on the worker's:
``waiting_for`` waits for a batch holding an event of a type, ``on_event`` calls back on each.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from app.core.training.controller import TrainingController, TrainingRequest
from app.core.training.events import Finished, Paused
from bpe_engine import TrainerConfig

_SYLLABLES = [c + v for c in "bcdfghjklmnprstvwz" for v in "aeiou"] + ["th", "ng", "qu", "x", "y"]


def syllable_text(n_words: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    lines = []
    words = []
    for i in range(n_words):
        word = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(1, 4)))
        words.append(word.capitalize() if rng.random() < 0.1 else word)
        if len(words) == 12:
            lines.append(" ".join(words) + ".")
            words = []
        if i % 500 == 499:
            lines.append("<|endoftext|>")
    lines.append(" ".join(words))
    return "\n".join(lines) + "\n"


def write_corpus(folder: Path, n_words: int, name: str = "corpus.txt", seed: int = 7) -> Path:
    path = folder / name
    path.write_text(syllable_text(n_words, seed), encoding="utf-8")
    return path


def config_for(
    path: Path | None = None,
    *,
    text: str | None = None,
    vocab_size: int = 600,
    pretokenizer: str = "gpt2",
    workers: int | None = 1,
) -> TrainingRequest:
    return TrainingRequest(
        TrainerConfig(vocab_size, ("<|endoftext|>",), pretokenizer=pretokenizer, workers=workers),
        paths=(str(path),) if path is not None else (),
        text=text,
        label=path.name if path is not None else "text",
    )


class Caught:
    """The event ``waiting_for`` caught (``event``: None until it arrives)."""

    event: Any = None


@contextmanager
def waiting_for(qtbot, controller: TrainingController, kind: type, *, timeout: int) -> Iterator[Caught]:
    """Wait (at the end of the block) for a batch of ``controller.events`` holding a ``kind``."""
    caught = Caught()

    def check(events: tuple[object, ...]) -> bool:
        for event in events:
            if isinstance(event, kind):
                caught.event = event
                return True
        return False

    with qtbot.waitSignal(controller.events, timeout=timeout, check_params_cb=check):
        yield caught


def on_event(controller: TrainingController, kind: type, callback: Callable[[Any], object]) -> None:
    """Call ``callback(event)`` for each ``kind`` event the controller relays."""

    def relay(events: tuple[object, ...]) -> None:
        for event in events:
            if isinstance(event, kind):
                callback(event)

    controller.events.connect(relay)


def run_to_end(qtbot, controller: TrainingController, config: TrainingRequest, timeout: int = 60_000) -> None:
    with waiting_for(qtbot, controller, Finished, timeout=timeout):
        assert controller.start(config)


def choose_sample(qtbot, view, key: str) -> None:
    """Choose a built-in sample in the Train view and accept the settings it suggests, as a
    user does: click the sample, then Apply in the banner (if it asks)."""
    from PySide6.QtCore import Qt

    view.corpus.select_sample(key)
    for button in view.messages.buttons():
        if button.text() == "Apply":
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            break


def step_to(qtbot, view, merges: int) -> None:
    """Train in the Train ``view`` up to exactly ``merges`` merges and stay paused there, as a
    user does with Step (F10): the first step counts the corpus and parks before any merge,
    each next one makes one merge. (Pausing a running training part-way is a race on a fast
    machine: a small run can end before the pause arrives.)"""
    controller = view.controller
    with waiting_for(qtbot, controller, Paused, timeout=120_000):
        view.step_action.trigger()
    for _ in range(merges):
        with waiting_for(qtbot, controller, Paused, timeout=30_000):
            view.step_action.trigger()
    assert controller.state == "paused" and len(controller.merges) == merges
