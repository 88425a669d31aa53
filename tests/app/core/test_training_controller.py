"""The training controller: finish, pause/resume, step, cancel (running, paused, counting),
failure, shutdown, and the results compared with the engine's own ``train_bpe``."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from app.core.training.controller import TrainingController
from app.core.training.events import Cancelled, Failed, Finished, Paused, TokenizerBuilt
from bpe_engine import CountingDone, CountingProgress, MergeEvent, errors, train_bpe

from ..training_support import config_for, on_event, run_to_end, syllable_text, waiting_for, write_corpus


@pytest.fixture
def controller(qtbot):
    ctrl = TrainingController()
    yield ctrl
    assert ctrl.shutdown(30_000)


@pytest.fixture(scope="module")
def long_corpus(tmp_path_factory) -> Path:
    """Enough distinct pairs that merging 3 000 times takes a while (to act part-way)."""
    return write_corpus(tmp_path_factory.mktemp("long"), 60_000, "long.txt")


def test_finishes_with_the_engines_result(qtbot, controller, tiny_corpus) -> None:
    states: list[str] = []
    progress: list[tuple[int, int]] = []
    controller.state_changed.connect(states.append)
    on_event(controller, CountingProgress, lambda p: progress.append((p.bytes_done, p.bytes_total)))
    config = config_for(tiny_corpus, vocab_size=300)
    run_to_end(qtbot, controller, config)
    expected = train_bpe(tiny_corpus, 300, ["<|endoftext|>"])
    tok = controller.tokenizer()
    assert controller.state == "finished"
    assert states[:2] == ["counting", "merging"] and states[-1] == "finished"
    assert tok.merges == expected.merges
    assert [(m.left, m.right) for m in controller.merges] == expected.merges
    assert progress and progress[-1][0] == progress[-1][1] == tiny_corpus.stat().st_size
    assert controller.counting.initial_tokens - sum(m.count for m in controller.merges) == len(
        expected.encode(tiny_corpus.read_text(encoding="utf-8"), allowed_special="all")
    )
    assert controller.result.merges == len(expected.merges)


def test_runs_again_after_finishing(qtbot, controller) -> None:
    run_to_end(qtbot, controller, config_for(text="low lower lowest " * 30, vocab_size=270))
    first = controller.tokenizer().merges
    run_to_end(qtbot, controller, config_for(text="the tech team " * 30, vocab_size=265))
    assert controller.tokenizer().merges != first
    assert controller.tokenizer().merges == train_bpe(None, 265, ["<|endoftext|>"], text="the tech team " * 30).merges


def test_step_mode_parks_before_the_first_merge_and_each_step_applies_one(qtbot, controller) -> None:
    # Seed 001 part 2: in "Hello helo, I'm" (e,l) and (l,o) both occur twice; (l,o) wins.
    with waiting_for(qtbot, controller, Paused, timeout=30_000) as blocker:
        assert controller.step(config_for(text="Hello helo, I'm", vocab_size=262))
    snap = blocker.event.snapshot
    assert controller.state == "paused" and controller.merges == []
    assert snap.merges_done == 0 and snap.last_merge is None
    assert [(p.left, p.right, p.count) for p in snap.next_pairs[:2]] == [(b"l", b"o", 2), (b"e", b"l", 2)]
    assert {p.text for p in snap.pretokens} == {b"Hello", b" helo", b",", b" I", b"'m"}

    with waiting_for(qtbot, controller, Paused, timeout=30_000) as blocker:
        controller.step()
    snap = blocker.event.snapshot
    assert len(controller.merges) == 1
    merge = controller.merges[0]
    assert (merge.left, merge.right, merge.count) == (b"l", b"o", 2)
    assert merge.tied_with == (b"e", b"l")
    assert snap.last_merge == merge and snap.merges_done == 1
    hello = next(p for p in snap.pretokens if p.text == b"Hello")
    assert hello.token_ids == (ord("H"), ord("e"), ord("l"), 256)
    assert snap.token_bytes[256] == b"lo"

    for expected in (2, 3):
        with waiting_for(qtbot, controller, Paused, timeout=30_000):
            controller.step()
        assert len(controller.merges) == expected
    reference = train_bpe(None, 262, ["<|endoftext|>"], text="Hello helo, I'm")
    assert [(m.left, m.right) for m in controller.merges] == reference.merges[:3]


def test_step_on_the_last_merge_finishes(qtbot, controller) -> None:
    with waiting_for(qtbot, controller, Paused, timeout=30_000):
        controller.step(config_for(text="low low lower", vocab_size=258))  # one merge to learn
    with waiting_for(qtbot, controller, Finished, timeout=30_000):
        controller.step()
    assert controller.state == "finished" and len(controller.merges) == 1


def test_pause_stops_progress_and_resume_gives_the_uninterrupted_result(qtbot, controller, long_corpus) -> None:
    config = config_for(long_corpus, vocab_size=3300)
    paused_at: list[int] = []

    def pause_once(_events) -> None:
        if not paused_at:
            paused_at.append(len(controller.merges))
            controller.pause()

    on_event(controller, MergeEvent, pause_once)
    with waiting_for(qtbot, controller, Paused, timeout=60_000) as blocker:
        assert controller.start(config)
    assert controller.state == "paused"
    snap = blocker.event.snapshot
    done = len(controller.merges)
    assert 0 < done < 3300 - 257
    assert snap is not None and snap.merges_done == done
    # The paused run's tokenizer is built by the parked worker, never in the GUI thread.
    assert controller.tokenizer() is None
    trainer = controller._run.trainer
    built_in: list[threading.Thread] = []
    real_tokenizer = trainer.tokenizer

    def spy():
        built_in.append(threading.current_thread())
        return real_tokenizer()

    trainer.tokenizer = spy
    with waiting_for(qtbot, controller, TokenizerBuilt, timeout=30_000) as built:
        assert controller.request_tokenizer()
    paused_tok = built.event.tokenizer
    assert paused_tok.merges == [(m.left, m.right) for m in controller.merges]
    assert built_in and threading.main_thread() not in built_in
    assert controller.tokenizer() is paused_tok  # kept for this pause: asking again costs nothing
    with waiting_for(qtbot, controller, TokenizerBuilt, timeout=1_000) as again:
        assert controller.request_tokenizer()
    assert again.event.tokenizer is paused_tok and len(built_in) == 1
    qtbot.wait(300)  # Pause really stops: nothing arrives while paused
    assert len(controller.merges) == done and controller.state == "paused"

    with waiting_for(qtbot, controller, Finished, timeout=60_000):
        controller.resume()
    expected = train_bpe(long_corpus, 3300, ["<|endoftext|>"], workers=1)
    assert controller.tokenizer().merges == expected.merges
    assert [m.rank for m in controller.merges] == list(range(len(expected.merges)))


def test_a_tokenizer_asked_for_just_before_resuming_holds_the_paused_merges(qtbot, controller) -> None:
    with waiting_for(qtbot, controller, Paused, timeout=30_000):
        controller.step(config_for(text=syllable_text(300), vocab_size=400))
    for _ in range(3):
        with waiting_for(qtbot, controller, Paused, timeout=30_000):
            controller.step()
    at_pause = [(m.left, m.right) for m in controller.merges]
    built: list[object] = []
    on_event(controller, TokenizerBuilt, lambda event: built.append(event.tokenizer))
    assert controller.request_tokenizer()
    with waiting_for(qtbot, controller, Finished, timeout=60_000):
        controller.resume()  # the worker answers the request before it merges again
    assert len(built) == 1 and built[0].merges == at_pause
    assert len(controller.merges) > len(at_pause)
    assert controller.tokenizer().merges == [(m.left, m.right) for m in controller.merges]
    with waiting_for(qtbot, controller, TokenizerBuilt, timeout=1_000) as final:
        assert controller.request_tokenizer()  # finished: the result is there at once
    assert final.event.tokenizer is controller.tokenizer()


def test_cancel_while_merging_keeps_the_merges_so_far(qtbot, controller, long_corpus) -> None:
    on_event(controller, MergeEvent, lambda _event: controller.cancel())
    with waiting_for(qtbot, controller, Cancelled, timeout=60_000):
        assert controller.start(config_for(long_corpus, vocab_size=3300))
    assert controller.state == "cancelled"
    tok = controller.tokenizer()
    n = len(controller.merges)
    assert 0 < n < 3300 - 257 and len(tok.merges) == n
    full = train_bpe(long_corpus, 3300, ["<|endoftext|>"], workers=1)
    assert tok.merges == full.merges[:n]
    text = "lowest newest 國語<|endoftext|>"
    assert tok.decode(tok.encode(text, allowed_special="all")) == text


def test_cancel_while_counting_takes_effect_at_once(qtbot, controller, tmp_path) -> None:
    big = write_corpus(tmp_path, 150_000, "big.txt")
    counted: list[object] = []
    on_event(controller, CountingDone, counted.append)
    with waiting_for(qtbot, controller, Cancelled, timeout=5_000):
        assert controller.start(config_for(big, vocab_size=1000))
        assert controller.state == "counting"
        controller.cancel()  # no wait on the engine: the GUI thread never blocks
    assert controller.state == "cancelled"
    assert controller.tokenizer().merges == []
    assert controller.shutdown(30_000)  # the counting thread ends too
    assert not counted
    # and the controller is usable again at once
    run_to_end(qtbot, controller, config_for(text="low lower " * 20, vocab_size=260))


def test_cancel_while_paused(qtbot, controller) -> None:
    with waiting_for(qtbot, controller, Paused, timeout=30_000):
        controller.step(config_for(text=syllable_text(300), vocab_size=400))
    with waiting_for(qtbot, controller, Paused, timeout=30_000):
        controller.step()
    with waiting_for(qtbot, controller, Cancelled, timeout=5_000):
        controller.cancel()
    assert controller.state == "cancelled" and len(controller.tokenizer().merges) == 1
    assert not controller.can("resume") and controller.can("start")


def test_a_file_that_is_not_utf8_fails_with_the_engines_message(qtbot, controller, tmp_path) -> None:
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(syllable_text(20_000).encode() + "café".encode("latin-1") + b"\n")
    with waiting_for(qtbot, controller, Failed, timeout=30_000) as blocker:
        assert controller.start(config_for(bad))
    message = blocker.event.message
    assert "latin1.txt" in message and "not valid UTF-8" in message and "iconv" in message
    assert controller.state == "failed" and controller.error == message
    assert controller.tokenizer() is None
    run_to_end(qtbot, controller, config_for(text="still usable " * 20, vocab_size=260))


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"vocab_size": 100}, "too small"),
        ({"pretokenizer": "regex:(unclosed"}, "invalid pre-tokenizer regex"),
    ],
)
def test_bad_settings_fail_at_once(qtbot, controller, kwargs, words) -> None:
    # The engine's config refuses them (naming the bad value) before any run exists; the
    # controller reports that as a run that failed at once.
    with pytest.raises(errors.ConfigError) as refused:
        config_for(text="some text", **kwargs)
    with waiting_for(qtbot, controller, Failed, timeout=1_000) as blocker:
        controller.refuse(str(refused.value))
    assert words in blocker.event.message
    assert controller.state == "failed" and controller.can("start")


def test_missing_file_fails_with_its_name(qtbot, controller, tmp_path) -> None:
    with waiting_for(qtbot, controller, Failed, timeout=1_000) as blocker:
        controller.start(config_for(tmp_path / "gone.txt"))
    assert "gone.txt" in blocker.event.message and "no such file" in blocker.event.message


def test_shutdown_while_running_stops_the_thread(qtbot, controller, long_corpus) -> None:
    with waiting_for(qtbot, controller, MergeEvent, timeout=60_000):
        controller.start(config_for(long_corpus, vocab_size=3300))
    assert controller.shutdown(30_000)
    assert controller.state == "cancelled"
    assert controller._run is not None and not controller._run.thread.isRunning()


def test_actions_make_sense_in_each_state(qtbot, controller) -> None:
    assert [controller.can(a) for a in ("start", "pause", "resume", "step", "cancel", "save")] == [
        True,
        False,
        False,
        True,
        False,
        False,
    ]
    with waiting_for(qtbot, controller, Paused, timeout=30_000):
        controller.step(config_for(text="Hello helo, I'm", vocab_size=262))
    assert [controller.can(a) for a in ("start", "pause", "resume", "step", "cancel", "save")] == [
        False,
        False,
        True,
        True,
        True,
        True,
    ]
    with waiting_for(qtbot, controller, Finished, timeout=30_000):
        controller.resume()
    assert [controller.can(a) for a in ("start", "pause", "resume", "step", "cancel", "save")] == [
        True,
        False,
        False,
        True,
        False,
        True,
    ]


def test_a_request_trains_with_its_config_and_never_forks(tiny_corpus) -> None:
    request = config_for(tiny_corpus, vocab_size=300)
    assert request.config.fork_workers  # the engine's default...
    trainer = request.make_trainer()
    # ...but Qt runs threads Python cannot see: the app's trainers never fork.
    assert trainer.config == request.config.replace(fork_workers=False, name="tiny.txt")
