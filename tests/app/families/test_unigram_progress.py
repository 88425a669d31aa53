"""The Families training reports Unigram's progress in rounds only (issue 23, point 3): the
engine's UnigramTrainer says CountingDone (with its expected rounds) before the rounds, and the
worker reported that as "merging", so the status line read "Unigram: merge 0 of 5" (seen on
screen in English and Chinese) although Unigram has no merges."""

from __future__ import annotations

from app.features.families.family import Family, Phase
from app.features.families.training_child import _drain, _Sender
from app.features.families.training_status import Said, status_text
from bpe_engine import UnigramRound, family_trainer

from ...conftest import data_text


class _Collect:
    """A pipe's sending end that keeps what the training process would send."""

    def __init__(self) -> None:
        self.sent: list[tuple[object, ...]] = []

    def send(self, message: tuple[object, ...]) -> None:
        self.sent.append(message)


def test_unigram_progress_is_rounds_from_the_start() -> None:
    text = data_text("english.txt")[:6000]
    trainer = family_trainer(Family.UNIGRAM, None, 400, text=text, fork_workers=False)
    events = list(trainer.events())
    rounds = [e for e in events if isinstance(e, UnigramRound)]
    assert rounds  # the real trainer's stream, with rounds
    pipe = _Collect()
    _drain(_Sender(pipe), Family.UNIGRAM, (e for e in events))  # type: ignore[arg-type]  (a fake pipe)
    seen = [m[1:] for m in pipe.sent if m[0] == "progress"]
    after_counting = [p for p in seen if p[1] != Phase.COUNTING]
    assert after_counting and all(p[:2] == ("unigram", "rounds") for p in after_counting), after_counting
    assert after_counting[-1][2] == after_counting[-1][3] == rounds[-1].total  # the last round: done
    assert all("merge" not in status_text((Said.PROGRESS, *p), str) for p in after_counting)
