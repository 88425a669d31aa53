"""Screenshots of the Measure tab in presentation mode, from a real X window.

Starts the application window on ``$DISPLAY`` (xcb, not offscreen: presentation mode is full
screen, so the screen's size is the window's), adds a tokenizer trained on a built-in sample
and the Llama 3.2 ``tokenizer.json`` of ``../shared/tokenizers``, measures them with o200k
on the parallel sample with vocabulary health, turns presentation mode on (F11) and saves the
whole screen (``import -window root``) on each page: language tax, efficiency, vocabulary
health. ``--language zh`` runs it in Simplified Chinese.

Run (on an X server whose screen is the size to check, e.g. ``Xvfb :14 -screen 0 1024x700x24``):
    DISPLAY=:14 python tools/screenshots_measure.py --out /tmp/measure_shots --language zh
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "xcb"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from _common import REPO  # noqa: E402  (sets sys.path and TIKTOKEN_CACHE_DIR)
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


def wait(app: QApplication, cond, timeout: float = 300.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise TimeoutError("the app did not get there in time")
        app.processEvents()
        time.sleep(0.01)
    settle = time.monotonic() + 0.8
    while time.monotonic() < settle:  # the last paints, and the X server showing them
        app.processEvents()
        time.sleep(0.02)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/measure_shots"))
    parser.add_argument("--language", default="en", choices=("en", "zh"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    from app.core import i18n
    from app.core.registry import RegistryKind
    from app.core.settings import Settings
    from app.window.main_window import MainWindow
    from bpe_engine import load_tokenizer, train_bpe

    if args.language == "zh":
        i18n.set_language("zh_CN")
    tmp = tempfile.TemporaryDirectory()
    win = MainWindow(Settings(QSettings(str(Path(tmp.name) / "s.ini"), QSettings.Format.IniFormat)))
    win.resize(1000, 650)
    win.show()
    reg = win.registry
    sample = (REPO / "tests" / "data" / "english.txt").read_text(encoding="utf-8")
    sample += (REPO / "tests" / "data" / "chinese.txt").read_text(encoding="utf-8")
    trained = reg.add(train_bpe(None, 2000, text=sample), "trained 2000")
    llama = REPO.parent / "shared" / "tokenizers" / "llama3.2_tokenizer.json"
    opened = reg.add(load_tokenizer(llama), "Llama 3.2", RegistryKind.FILE, source=str(llama))
    view = win.measure_view
    win.tabs.setCurrentWidget(view)
    view.side.set_checked([trained, "o200k_base", opened])
    view.side.health_box.setChecked(True)
    done: list[bool] = []
    view.measured.connect(lambda: done.append(True))
    view.measure()
    wait(app, lambda: bool(done))
    win.presentation.set_presenting(True)
    for page in range(view.pages.count()):
        view.pages.setCurrentIndex(page)
        wait(app, lambda: True)
        name = args.out / f"measure_{args.language}_{app.primaryScreen().size().width()}_{page}.png"
        subprocess.run(["import", "-display", os.environ["DISPLAY"], "-window", "root", str(name)], check=True)
        print(name)
    win.presentation.set_presenting(False)
    view.shutdown()
    view.controller.wait(60_000)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
