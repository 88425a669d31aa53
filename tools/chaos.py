"""A seeded random user on the real main window, for as long as you like (the CI test runs a
few seeds for a bounded number of steps: tests/app/window/test_chaos.py).

    python tools/chaos.py --seed 7 --minutes 5        # offscreen unless QT_QPA_PLATFORM is set
    python tools/chaos.py --seed 7 --steps 120        # replay a failure the test reported

Every action is printed as it starts (flushed, so a crash leaves the log). Fails (exit 1) on an
uncaught exception, a Qt warning or a GUI stall over 1.5 s, printing the seed and the last
actions; prints the longest GUI-thread pause seen.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if "TIKTOKEN_CACHE_DIR" not in os.environ and (REPO.parent / "shared" / "tiktoken_cache").is_dir():
    os.environ["TIKTOKEN_CACHE_DIR"] = str(REPO.parent / "shared" / "tiktoken_cache")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=None, help="run this long (default: --steps)")
    parser.add_argument("--steps", type=int, default=None, help="run this many actions (default 200)")
    parser.add_argument("--keep-going", action="store_true", help="do not stop at the first failure")
    args = parser.parse_args(argv)

    from PySide6.QtCore import QSettings, QtMsgType, qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    from app.core.jobs import runner
    from app.core.settings import Settings
    from app.window.main_window import MainWindow
    from tests.app.window.chaos_support import ChaosUser, Files

    app = QApplication.instance() or QApplication(sys.argv[:1])
    folder = Path(tempfile.mkdtemp(prefix="bpe-chaos-"))
    settings = Settings(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    window = MainWindow(settings)
    window.resize(1400, 900)
    window.show()
    user = ChaosUser(window, args.seed, Files.make(folder / "files"), log=lambda s: print(s, flush=True))
    ignored = "This plugin does not support propagateSizeHints"  # the offscreen plugin's own

    def on_message(kind: QtMsgType, _context: object, message: str) -> None:
        print(f"  Qt: {message}", file=sys.stderr, flush=True)
        if kind != QtMsgType.QtDebugMsg and kind != QtMsgType.QtInfoMsg and ignored not in message:
            user.failures.append(f"Qt warning at step {user.step}: {message}")

    qInstallMessageHandler(on_message)

    def setattr_(owner: object, name: str, value: object) -> None:
        setattr(owner, name, value)  # the process ends after the session: nothing to undo

    with user.canned_dialogs(setattr_), user.watching():
        steps = args.steps if args.steps is not None or args.minutes is not None else 200
        user.run(
            steps=steps,
            seconds=None if args.minutes is None else args.minutes * 60,
            stop_on_failure=not args.keep_going,
        )
        user.finish()
    window.close()  # as a user closes it: the window's own shutdown
    # Background loads end before the window is freed (a QThread destroyed while running aborts).
    window.registry.wait(60_000)
    runner.wait_all(60_000)
    app.processEvents()
    print(f"seed {args.seed}: {user.step} actions, longest GUI-thread pause {user.longest:.2f} s", flush=True)
    for text in user.slow:
        print(f"slow (under the load-stretched limit): {text}", flush=True)
    if user.failures:
        print(user.report(), file=sys.stderr, flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
