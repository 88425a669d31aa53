"""A seeded random user drives the real main window: tabs, menu actions, buttons, typing
(Chinese, emoji, control characters, pastes up to 200 KB), language switches, trainings
started, paused, stepped and cancelled, files opened (valid and hostile; the dialogs answer
from the seed). It fails on an uncaught exception, a Qt warning (pytest-qt), or a GUI stall
over 1.5 s (a heartbeat timer the GUI thread must keep running), and says the seed and the last
actions. CI runs a bounded number of steps per seed; ``tools/chaos.py --seed N --minutes M``
runs longer."""

from __future__ import annotations

import pytest

from app.core import i18n

from .chaos_support import ChaosUser, Files

SEEDS = [1, 2, 3]
STEPS = 40  # per seed: 20-30 s of a user's actions on an idle machine, 3 seeds in all


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_user_finds_no_crash_exception_warning_or_stall(qtbot, window, monkeypatch, tmp_path, seed):
    files = Files.make(tmp_path / "files")
    window.resize(1400, 900)
    lines: list[str] = []
    user = ChaosUser(window, seed, files, log=lines.append)
    try:
        with user.canned_dialogs(monkeypatch.setattr), user.watching():
            user.run(steps=STEPS)
            user.finish()
    finally:
        i18n.set_language("en")  # the next test starts in English whatever the user chose
    # the whole session and the longest gap, shown by pytest when the test fails (or with -rA)
    print("\n".join([*lines, *user.slow, f"longest gap {user.longest:.2f} s"]))
    assert not user.failures, user.report()
