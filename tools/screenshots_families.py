"""Screenshots of the Families tab: one text cut by the five tokenizer families.

Runs the real application window offscreen, the way a new user would: open the Families tab
(it trains on the built-in samples when first shown), then show the built-in texts (English
with new words, Chinese, mixed with emoji, a typed ▁), a vocabulary too small for
character-level BPE (the warning and its fix), and the byte-level row showing o200k_base.
Saves PNGs into ``screenshots/`` (git-ignored) at each window size and prints what each shows.

Run: python tools/screenshots_families.py [--out screenshots] [--sizes 1280x820,1024x700]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from _common import REPO  # noqa: E402  (sets sys.path and TIKTOKEN_CACHE_DIR)
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


def wait(app: QApplication, cond, timeout: float = 120.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise TimeoutError("the app did not get there in time")
        app.processEvents()
        time.sleep(0.005)
    for _ in range(5):  # let the last paints happen
        app.processEvents()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "screenshots")
    parser.add_argument("--sizes", default="1280x820,1024x700")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    shots: list[tuple[str, str]] = []
    for size in args.sizes.split(","):
        width, height = (int(v) for v in size.split("x"))
        shoot(app, args.out, width, height, shots)
    for name, what in shots:
        print(f"{args.out / name}: {what}")
    return 0


def shoot(app: QApplication, out: Path, width: int, height: int, shots: list[tuple[str, str]]) -> None:
    from app.core.settings import Settings
    from app.features.families.content import FAMILY_TEXTS
    from app.window.main_window import MainWindow

    tmp = tempfile.TemporaryDirectory()
    settings = Settings(QSettings(str(Path(tmp.name) / "settings.ini"), QSettings.Format.IniFormat))
    win = MainWindow(settings)
    win.resize(width, height)
    win.show()

    def shot(name: str, what: str) -> None:
        app.processEvents()
        name = name.replace(".png", f"_{width}x{height}.png")
        win.grab().save(str(out / name))
        shots.append((name, what))

    fv = win.families_view
    win.tabs.setCurrentWidget(fv)  # trains on the built-in samples when first shown
    wait(app, lambda: fv.models is not None and fv.is_settled())
    shot("families_table.png", "Families: the mixed text with emoji, five rows of chips and the families table")
    for tag, (title, text, _) in zip(("english", "chinese", "emoji", "code", "space_sign"), FAMILY_TEXTS):
        if tag == "emoji":
            continue  # the first shot
        fv.set_text(text)
        wait(app, fv.is_settled)
        shot(f"families_{tag}.png", f"Families on the built-in text '{title}'")

    fv.set_text(FAMILY_TEXTS[0][1])
    fv.set_vocab_size(500)
    fv.train()
    wait(app, lambda: fv.controller.state == "done" and fv.is_settled())
    shot("families_vocab_too_small.png", "Vocabulary 500: char-level BPE needs more; the bar offers the minimum")
    fv.messages.buttons()[0].click()
    wait(app, lambda: fv.controller.state == "done" and fv.models.vocab_size != 500 and fv.is_settled())
    shot("families_vocab_minimum.png", "Char-level BPE at its minimum vocabulary: no merges, one token per character")

    fv.set_vocab_size(1000)
    fv.train()
    wait(app, lambda: fv.controller.state == "done" and fv.models.vocab_size == 1000 and fv.is_settled())
    fv.set_byte_source("o200k_base")
    wait(app, lambda: win.registry.get("o200k_base") is not None and fv.is_settled())
    shot(
        "families_o200k.png", "The byte-level row showing o200k_base (200,000 tokens) next to the families trained here"
    )
    win.close()
    win.registry.wait(10_000)


if __name__ == "__main__":
    sys.exit(main())
