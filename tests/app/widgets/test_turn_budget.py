"""The chip views' lazy layout shares one budget per turn of the event loop.

Issue 20 F: after a 330 000-character paste, Compare's first result stalled the GUI thread
114-115 ms in 2 runs of 6: each column's chip view laid out its chips in slices with a budget
of its own (12 ms per turn of the event loop), and the timers of all the columns fire in the
same turn. The time is a fake clock that a slice of layout moves on 3 ms, so that the test
counts the work of a turn, not the machine's speed.
"""

from __future__ import annotations

import time

import pytest
import shiboken6
from PySide6.QtCore import Qt, QTimer

from app.display.chips import NORMAL, Chips
from app.widgets import chip_layout, token_chips
from app.widgets.export import widget_image
from app.widgets.token_chips import ChipView
from app.widgets.turn_budget import TurnScheduler

SLICE_COST, BUDGET = 0.003, 0.012  # a slice's time on the fake clock; the budget of a turn


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _chips(n: int) -> Chips:
    words = ("the", "quick", "brown", "fox", "國語", "jumps", "🔭")
    segments = [((words[i % len(words)], 0),) for i in range(n)]
    return Chips(segments, [NORMAL] * n, [int(i % 97 == 96) for i in range(n)])


def test_eight_chip_views_share_one_budget_per_turn(qtbot, monkeypatch) -> None:
    clock = FakeClock()
    monkeypatch.setattr(time, "perf_counter", clock)
    run = chip_layout.ChipLayouter.run

    def costly_run(self: chip_layout.ChipLayouter, budget: int) -> None:
        clock.now += SLICE_COST
        run(self, budget)

    monkeypatch.setattr(chip_layout.ChipLayouter, "run", costly_run)
    views = []
    for _ in range(8):  # (Compare's columns: one view each)
        view = ChipView()
        qtbot.addWidget(view)
        view.resize(300, 200)
        # (a scroll bar that comes with the first lines narrows the view: laid out anew when painted)
        view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        view.show()
        views.append(view)
    qtbot.waitExposed(views[-1])
    for view in views:
        view.set_chips(_chips(20_000))  # (the viewport's chips are laid out at once, the rest in turns)
    assert not any(view.layout_done() for view in views)
    turns: list[float] = []
    ticker = QTimer()  # fires once per turn of the event loop: the fake time between is a turn's work
    ticker.setInterval(0)
    ticker.timeout.connect(lambda: turns.append(clock.now))
    ticker.start()
    qtbot.waitUntil(lambda: all(view.layout_done() for view in views), timeout=60_000)
    ticker.stop()
    work = [b - a for a, b in zip(turns, turns[1:], strict=False)]
    assert len(work) > 10
    # each turn: the budget (its last slice may end past it), never a budget per view
    assert max(work) <= BUDGET + SLICE_COST + 1e-9, max(work)
    for view in views:  # and every chip is laid out
        assert view.chip_rect(view.count() - 1).bottom() > view.chip_rect(0).bottom()


def test_the_waiting_widgets_take_turns_within_the_budget(qtbot) -> None:
    clock = FakeClock()
    scheduler = TurnScheduler(BUDGET, clock)
    left = dict.fromkeys(range(8), 10)  # eight widgets, ten slices each
    done: list[list[int]] = []  # the widgets that ran a slice, per turn
    owners = [TurnScheduler() for _ in left]  # (any QObject owns work)

    def work(i: int) -> bool:
        clock.now += SLICE_COST
        left[i] -= 1
        done[-1].append(i)
        return left[i] > 0

    ticker = QTimer()
    ticker.setInterval(0)
    ticker.timeout.connect(lambda: done.append([]))
    ticker.start()
    done.append([])
    for i, owner in enumerate(owners):
        scheduler.add(owner, lambda i=i: work(i))
    qtbot.waitUntil(lambda: not any(left.values()), timeout=10_000)
    ticker.stop()
    assert all(len(turn) <= BUDGET / SLICE_COST for turn in done)
    ran = [i for turn in done for i in turn]
    assert ran[:16] == list(range(8)) * 2  # one slice each, in turns: none waits for the others
    assert not any(scheduler.waiting(owner) for owner in owners)


@pytest.mark.parametrize("again", [False, True])
def test_a_widget_deleted_or_given_new_work_while_waiting(qtbot, again: bool) -> None:
    clock = FakeClock()
    scheduler = TurnScheduler(BUDGET, clock)
    owner = TurnScheduler()
    calls: list[str] = []

    def first() -> bool:
        clock.now += SLICE_COST
        calls.append("first")
        if again:
            scheduler.add(owner, second)  # (a new layout started during the slice)
        else:
            shiboken6.delete(owner)  # (its widget closed)
        return True

    def second() -> bool:
        clock.now += SLICE_COST
        calls.append("second")
        return False

    scheduler.add(owner, first)
    qtbot.wait(100)
    assert calls == (["first", "second"] if again else ["first"])
    assert not scheduler._waiting


def _distinct_chips(n: int) -> Chips:
    """``n`` chips with labels all different (each its own cached image)."""
    return Chips([((f"w{i}", 0),) for i in range(n)], [NORMAL] * n, [0] * n)


def test_new_chip_images_are_made_within_the_turns_budget(qtbot, monkeypatch) -> None:
    """Presentation mode (a new size, the high-contrast colors) needs every visible chip's
    image anew, a few hundred in one paint; they are made within the budget of each turn,
    plain boxes of their color standing in until then; an export draws them all at once."""
    clock = FakeClock()
    monkeypatch.setattr(time, "perf_counter", clock)
    made: list[float] = []  # the fake time of each chip image made
    draw = token_chips.draw_chip

    def costly_draw(*args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        clock.now += 0.002
        made.append(clock.now)
        draw(*args, **kwargs)

    monkeypatch.setattr(token_chips, "draw_chip", costly_draw)
    view = ChipView()
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    turns: list[int] = []  # the images made so far, at each turn of the event loop
    ticker = QTimer()
    ticker.setInterval(0)
    ticker.timeout.connect(lambda: turns.append(len(made)))
    ticker.start()
    view.set_chips(_distinct_chips(400), generation=1)
    qtbot.waitUntil(lambda: view.painted_generation == 1, timeout=20_000)
    ticker.stop()
    visible = sum(1 for i in range(view.count()) if view.chip_rect(i).top() < view.viewport().height())
    assert len(made) == visible > 100  # each visible chip's image, once
    per_turn = [b - a for a, b in zip(turns, turns[1:], strict=False)]
    assert max(per_turn) <= BUDGET / 0.002 + 1, per_turn  # (the last one may end past the budget)
    settled = widget_image(view)
    # A fresh view exported at once draws every chip, as the settled one shows them.
    other = ChipView()
    qtbot.addWidget(other)
    other.resize(900, 600)
    other.show()
    qtbot.waitExposed(other)
    other.set_chips(_distinct_chips(400), generation=1)
    assert widget_image(other) == settled


def _costly_layout_and_images(monkeypatch) -> list[float]:  # type: ignore[no-untyped-def]
    """A fake clock on which a slice of layout costs SLICE_COST and a chip image 2 ms; returns
    the list the time of each image made is appended to."""
    clock = FakeClock()
    monkeypatch.setattr(time, "perf_counter", clock)
    run = chip_layout.ChipLayouter.run

    def costly_run(self: chip_layout.ChipLayouter, budget: int) -> None:
        clock.now += SLICE_COST
        run(self, budget)

    monkeypatch.setattr(chip_layout.ChipLayouter, "run", costly_run)
    made: list[float] = []
    draw = token_chips.draw_chip

    def costly_draw(*args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        clock.now += 0.002
        made.append(clock.now)
        draw(*args, **kwargs)

    monkeypatch.setattr(token_chips, "draw_chip", costly_draw)
    return made


def test_a_hidden_views_layout_waits_and_leaves_the_turns_to_the_views_shown(qtbot, monkeypatch) -> None:
    """Issue 20 F: after a 1 MB paste into Tokenize, Compare opened showed blank chips for
    seconds: Tokenize's hidden chip views (216 000 chips) went on laying out in the shared
    turns, leaving Compare's paint one chip image per turn. A hidden view's layout waits until
    it is shown again (a fake clock: a slice of layout 3 ms, a chip image 2 ms)."""
    made = _costly_layout_and_images(monkeypatch)
    hidden, shown = ChipView(), ChipView()
    for view in (hidden, shown):
        qtbot.addWidget(view)
        view.resize(900, 600)
    # (a scroll bar that comes with the first lines narrows the view: laid out anew when painted)
    hidden.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
    hidden.show()
    qtbot.waitExposed(hidden)
    hidden.set_chips(_chips(200_000))
    hidden.hide()  # (another tab chosen while it lays out)
    measured = hidden.measured_count()
    assert measured < 200_000, measured
    shown.show()
    qtbot.waitExposed(shown)
    shown.set_chips(_distinct_chips(400), generation=1)
    qtbot.waitUntil(lambda: shown.painted_generation == 1, timeout=20_000)
    assert len(made) >= 400  # every chip's image made
    qtbot.wait(50)  # (turns of the event loop with nothing else to do)
    assert hidden.measured_count() == measured  # nothing laid out while hidden: the turns were the shown view's
    hidden.show()  # shown again: its layout goes on to the end
    qtbot.waitUntil(hidden.layout_done, timeout=60_000)
    assert hidden.measured_count() > measured


def test_a_paint_short_of_budget_goes_before_the_layout_of_what_is_not_shown(qtbot, monkeypatch) -> None:
    """A view laying out 200 000 chips in slices beside one painting 400 new chip images: the
    turns after a paint that drew blank boxes go to the images first (before, each turn's
    budget went to the slices and the paint made one image a turn)."""
    made = _costly_layout_and_images(monkeypatch)
    long, painting = ChipView(), ChipView()
    for view in (long, painting):
        qtbot.addWidget(view)
        view.resize(900, 600)
        view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        view.show()
        qtbot.waitExposed(view)
    long.set_chips(_chips(200_000))
    turns = [0]
    ticker = QTimer()
    ticker.setInterval(0)
    ticker.timeout.connect(lambda: turns.__setitem__(0, turns[0] + 1))
    ticker.start()
    painting.set_chips(_distinct_chips(400), generation=1)
    qtbot.waitUntil(lambda: painting.painted_generation == 1, timeout=60_000)
    painted_in = turns[0]
    assert len(made) >= 400 and not long.layout_done()
    assert painted_in < len(made) / 2, painted_in  # several images a turn, not one
    qtbot.waitUntil(long.layout_done, timeout=60_000)  # and the layout goes on after
    ticker.stop()
