"""The cases of :mod:`gui_stalls` (what each one does in the real main window; the harness
that times them, the tick timer and the split of a stall, stays in ``gui_stalls.py``)."""

from __future__ import annotations

import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.window.main_window import MainWindow

Runner = Callable[[str, Callable[[], None], Callable[[], bool]], None]


def tokenize_cases(window: MainWindow, run: Runner, tokenize_settled: Callable[[], bool], big: str, line: str) -> None:
    """330 000 characters set into Tokenize, whitespace, zoom, 1 MB pasted, another tab."""
    tokenize = window.tokenize_view
    run("tokenize 330k", lambda: tokenize.set_text(big), tokenize_settled)
    box = tokenize.whitespace_box
    run("show whitespace off", box.toggle, tokenize_settled)
    run("show whitespace on", box.toggle, tokenize_settled)
    run("zoom out", window.presentation.zoom_out, tokenize_settled)
    run("actual size", window.presentation.reset_zoom, tokenize_settled)
    paste = (line * (1_000_000 // len(line) + 1))[:1_000_000]
    run("paste 1 MB", lambda: tokenize.set_text(paste), tokenize_settled)
    run("another tab", lambda: window.tabs.setCurrentWidget(window.vocab_view), lambda: True)
    run("back to Tokenize", lambda: window.tabs.setCurrentWidget(tokenize), tokenize_settled)


def compare_cases(window: MainWindow, run: Runner, idle: Callable[[float], None], big: str) -> None:
    """The 330 000 characters pasted into Compare, then one character inserted."""
    compare = window.compare_view
    window.tabs.setCurrentWidget(compare)
    idle(2.0)

    painted = [0.0, 0.0]  # (the text set, every column's chips painted with their images)

    def compare_settled() -> bool:
        views = [c.chips for c in compare.columns()]
        if compare.is_settled() and all(v.painted_generation == v.generation for v in views) and not painted[1]:
            painted[1] = time.perf_counter()
        return compare.is_settled() and all(laid_out(v) for v in views)

    def paste() -> None:
        painted[:] = [time.perf_counter(), 0.0]
        compare.set_text(big)

    run("compare 330k", paste, compare_settled)
    print(f"{'  chips painted after':<32} {1000 * (painted[1] - painted[0]):8.0f} ms", flush=True)
    run("compare edit", lambda: compare.set_text(big[:-1000] + "Ж" + big[-1000:]), compare_settled)
    compare.set_text("a")
    compare.set_keys(["r50k_base", "p50k_base", "cl100k_base", "o200k_base", "p50k_base"])
    idle(1.0)
    for _ in range(60):  # (each encoding loads on first use)
        if compare.is_settled():
            break
        idle(0.5)
    run("compare 330k, 5 columns", lambda: compare.set_text(big), compare_settled)
    compare.set_text("a")


def compare_first_case(window: MainWindow, run: Runner, tokenize_settled: Callable[[], bool], line: str) -> None:
    """1 MB pasted into Tokenize, then Compare opened for the first time before Tokenize's
    chips are all laid out; the time until Compare's chips are painted."""
    tokenize, compare = window.tokenize_view, window.compare_view
    paste = (line * (1_000_000 // len(line) + 1))[:1_000_000]
    run("paste 1 MB (compare first)", lambda: tokenize.set_text(paste), tokenize.is_settled)
    shown = [0.0]

    def open_compare() -> None:
        shown[0] = time.perf_counter()
        window.tabs.setCurrentWidget(compare)

    settled, painted = [0.0], [0.0]

    def compare_painted() -> bool:
        views = [c.chips for c in compare.columns() if c.chips.isVisible()]
        if compare.is_settled() and views and not settled[0]:
            settled[0] = time.perf_counter()
        done = bool(settled[0]) and all(v.painted_generation == v.generation for v in views)
        if done and not painted[0]:
            painted[0] = time.perf_counter()
        return done and all(laid_out(v) for v in views)

    run("open Compare after 1 MB paste", open_compare, compare_painted)
    # (settled: its columns show their encodings, the chips maybe blank boxes; painted: their images made)
    print(
        f"{'  Compare settled, painted after':<32} {1000 * (settled[0] - shown[0]):8.0f} ms"
        f" {1000 * (painted[0] - shown[0]):8.0f} ms",
        flush=True,
    )


def families_case(window: MainWindow, run: Runner, idle: Callable[[float], None], line: str) -> None:
    """250 000 characters pasted into Families, until every row shows them."""
    families = window.families_view
    window.tabs.setCurrentWidget(families)
    idle(1.0)
    for _ in range(120):  # the built-in samples train when the tab is first shown
        if families.is_settled():
            break
        idle(0.5)
    text = (line * (250_000 // len(line) + 1))[:250_000]

    def settled() -> bool:
        views = families.findChildren(ChipView)
        return families.is_settled() and all(laid_out(v) for v in views)

    from app.widgets.token_chips import ChipView

    run("families paste 250k", lambda: families.set_text(text), settled)
    families.set_text("a")
    idle(1.0)


def as_of_case(window: MainWindow, run: Runner, idle: Callable[[float], None]) -> None:
    """Tokenize's "As of merge k" encoding 120 000 'a's."""
    from bpe_engine import SpecialMode, train_bpe

    tokenize = window.tokenize_view
    tok = train_bpe(None, 256 + 40, text="low lower newest widest " * 50 + "a" * 3000)
    window.registry.add(tok, "runs of a")
    timeline = window.timeline_view
    window.tabs.setCurrentWidget(timeline)
    timeline.set_merges(3)
    idle(2.0)
    window.tabs.setCurrentWidget(tokenize)
    tokenize.set_text("a")
    tokenize.as_of.click()
    idle(1.0)
    # subtle: the text the tokenize cases left (1 MB) is encoded again with the new tokenizer
    # (1.2 million tokens), and with "As of": jobs of seconds, which fell in the measured run
    # under load; they are the 1 MB paste's cases, not this one.
    end = time.monotonic() + 120
    while tokenize.controller.is_busy() and time.monotonic() < end:
        idle(0.2)
    key = tokenize.current_key()
    # the encoding job alone (the editor's layout of one 120 000-character line is apart)
    run(
        "as-of encode 120k 'a'",
        lambda: tokenize.controller.request("a" * 120_000, SpecialMode.ALLOW, [(key, tok)], as_of={key: 3}),
        lambda: not tokenize.controller.is_busy(),
    )


def laid_out(chips: object) -> bool:
    """A chip view has laid out all its chips (before the lazy layout: at once, always)."""
    done = getattr(chips, "layout_done", None)
    return done() if done is not None else True


def while_training(window: MainWindow, run: Runner, idle: Callable[[float], None], spin: bool = False) -> None:
    """Presentation mode, Compare and Sweep opened while a Families training runs (``spin``: a
    thread running pure Python instead)."""
    from _common import CORPORA, prefix_file

    from app.core.jobs import runner

    families = window.families_view
    corpus = prefix_file(CORPORA / "en_mix_36MB.txt", 4_000_000, Path(tempfile.mkdtemp()), at_document=True)
    window.tabs.setCurrentWidget(families)
    idle(1.0)
    for _ in range(60):  # the built-in samples train when the tab is first shown (longer under load)
        if not families.controller.is_training():
            break
        idle(0.5)
    stop = threading.Event()
    if spin:

        def spinner() -> None:
            n = 0
            while not stop.is_set():
                for k in range(1000):
                    n += k

        threading.Thread(target=spinner, daemon=True).start()
        sys.setswitchinterval(runner.JOB_SWITCH_INTERVAL)
    elif not families.set_corpus_file(str(corpus)) or not families.train():
        print("while training: the Families training did not start", flush=True)
        return
    idle(1.0)
    training = (lambda: not stop.is_set()) if spin else families.controller.is_training
    toggle = window.presentation.presentation_action.trigger
    # (until its later turns, the panels and full screen, are done: they were not measured)
    pending = window.presentation.state_pending
    run("presentation on, training", toggle, lambda: not pending())
    run("presentation off, training", toggle, lambda: not pending())
    run("open Compare, training", lambda: window.tabs.setCurrentWidget(window.compare_view), lambda: True)
    # (until its curves and references are drawn: their arrival was the longest work)
    run("open Sweep, training", lambda: window.tabs.setCurrentWidget(window.sweep_view), window.sweep_view.is_settled)
    print(f"{'(training still running)':<32} {training()}", flush=True)
    stop.set()
    families.controller.cancel()
    window.tabs.setCurrentWidget(window.tokenize_view)
    idle(1.0)
