"""What the Sweep leaves out of the GUI thread when it is opened (issue 20, F).

- An OpenAI encoding opens without its merges; the line beside the picker counts them, so
  they are made in a job (never in the GUI thread) and the line then gives tiktoken's count.
- Each reference (an OpenAI encoding measured on the texts) arrives from its own job and is
  added to the chart: the curves drawn before stay (they are not drawn again), and the new
  item holds one symbol per text at the reference's size and bytes per token, which are
  tiktoken's.
"""

from __future__ import annotations

import threading

import pytest

import bpe_engine.tokenizer
from app.core.i18n import tr_n
from app.display.format import format_count
from app.features.sweep.view import SweepView
from bpe_engine import Tokenizer, train_bpe

from ...conftest import data_text, tiktoken_encoding
from .test_sweep_view import MERGES, SPECIALS, shown_view

NAME = "r50k_base"


@pytest.fixture
def merge_threads(monkeypatch) -> list[str]:
    """The names of the threads that make a lazily opened encoding's merges (the encodings
    opened before in this process are forgotten: the registry opens its own)."""
    monkeypatch.setattr(bpe_engine.tokenizer, "_openai", {})
    threads: list[str] = []
    adopt = Tokenizer._adopt_merges

    def spy(self: Tokenizer, m: object) -> None:
        threads.append(threading.current_thread().name)
        adopt(self, m)  # type: ignore[arg-type]

    monkeypatch.setattr(Tokenizer, "_adopt_merges", spy)
    return threads


def test_the_line_about_an_openai_encoding_counts_merges_made_in_a_job(qtbot, registry, merge_threads) -> None:
    enc = tiktoken_encoding(NAME)
    registry.request(NAME)
    qtbot.waitUntil(lambda: registry.get(NAME) is not None, timeout=60_000)
    tok = registry.get(NAME)
    assert isinstance(tok, Tokenizer) and not tok.merges_made
    view = SweepView(registry)
    qtbot.addWidget(view)
    for box in view.reference_boxes.values():
        box.setChecked(False)
    view.picker.set_current_key(NAME)
    view.picked.update()
    view.resize(1200, 800)
    view.show()
    qtbot.waitExposed(view)
    assert view.about.text().startswith(f"Loading {NAME}")  # (what the line says meanwhile)
    n = sum(1 for b in enc._mergeable_ranks if len(b) > 1)
    specials = len(enc._special_tokens)
    expected = tr_n(
        "%n merge(s): each vocabulary size from {low} to {high} is this tokenizer with only its first merges, "
        "as if its training had stopped there.",
        n,
    ).format(low=format_count(256 + specials), high=format_count(256 + n + specials))
    qtbot.waitUntil(lambda: view.about.text() == expected, timeout=60_000)
    assert tok.merges_made and len(tok.merges) == n
    assert merge_threads and threading.main_thread().name not in merge_threads
    view.shutdown()


@pytest.mark.usefixtures("openai_encodings")
def test_a_reference_is_added_to_the_chart_without_drawing_the_curves_again(qtbot, registry) -> None:
    tok = train_bpe(None, 256 + MERGES + 1, SPECIALS, text=data_text("english.txt"))
    view = shown_view(qtbot, registry, tok, "english · 800 merges")
    names = [text.name for text in view.texts()]
    curves = view.plot.getPlotItem().listDataItems()
    assert len(curves) == len(names)
    view.reference_boxes[NAME].setChecked(True)
    qtbot.waitUntil(lambda: view.reference_point(NAME, names[-1]) is not None, timeout=60_000)
    qtbot.waitUntil(view.is_settled, timeout=10_000)  # (the chart adds its items one per turn)
    items = view.plot.getPlotItem().listDataItems()
    assert items[: len(curves)] == curves  # the same items: the curves were not drawn again
    [symbols] = items[len(curves) :]  # one item for the reference, a symbol per text
    enc = tiktoken_encoding(NAME)
    assert list(symbols.xData) == [float(enc.n_vocab)] * len(names)
    for text, y in zip(view.texts(), symbols.yData, strict=True):
        assert y == pytest.approx(text.size / len(enc.encode(text.text, allowed_special="all")))
    view.reference_boxes[NAME].setChecked(False)  # a reference taken away: everything drawn anew
    qtbot.waitUntil(view.is_settled, timeout=10_000)
    assert len(view.plot.getPlotItem().listDataItems()) == len(names)
    view.shutdown()


@pytest.mark.usefixtures("openai_encodings")
def test_its_jobs_run_one_at_a_time(qtbot, registry, monkeypatch) -> None:
    # Opening the tab starts the curves, a reference per encoding and the merges: side by
    # side with other jobs, five threads running Python left the GUI thread a sixth of the
    # interpreter lock and its first paint waited 50-110 ms for it (issue 20, F).
    import app.core.jobs.merges as merges
    import app.features.sweep.controller as controller

    running: list[str] = []
    seen: list[tuple[str, int]] = []
    lock = threading.Lock()

    def spied(name: str, fn):
        def call(*args, **kwargs):
            with lock:
                running.append(name)
                seen.append((name, len(running)))
            try:
                threading.Event().wait(0.05)  # (a window in which another job could start)
                return fn(*args, **kwargs)
            finally:
                with lock:
                    running.remove(name)

        return call

    monkeypatch.setattr(controller, "sweep_curves", spied("curves", controller.sweep_curves))
    monkeypatch.setattr(controller, "reference_counts", spied("reference", controller.reference_counts))
    make = merges._make
    monkeypatch.setattr(merges, "_make", lambda tok: spied("merges", make(tok)))
    view = SweepView(registry)
    qtbot.addWidget(view)
    for box in view.reference_boxes.values():
        box.setChecked(True)
    view.picker.set_current_key(NAME)  # an OpenAI encoding: its merges are made in a job
    view.picked.update()
    view.resize(1200, 800)
    view.show()
    qtbot.waitExposed(view)
    qtbot.waitUntil(
        lambda: view.is_settled() and len(view.reference_boxes) == sum(1 for name, _ in seen if name == "reference"),
        timeout=120_000,
    )
    assert {name for name, _ in seen} == {"curves", "reference", "merges"}
    assert max(n for _, n in seen) == 1, seen
    view.shutdown()
