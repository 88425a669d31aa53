"""Screenshots of the Measure tab in presentation mode, from a real X window.

Starts the application window on ``$DISPLAY`` (xcb, not offscreen: presentation mode is full
screen, so the screen's size is the window's), adds a tokenizer trained on a built-in sample
and the Llama 3.2 ``tokenizer.json`` of ``../shared/tokenizers``, measures them with o200k
on the parallel sample with vocabulary health, turns presentation mode on (F11) and saves the
whole screen (``import -window root``) on each page: language tax, efficiency, vocabulary
health. ``--language zh`` runs it in Simplified Chinese.

``--evidence``: issue 22's closing evidence in a maximized window: a tokenizer trained in the
Train tab (tests/data/english.txt, 1,000 tokens) and o200k measured with vocabulary health
(the health page of each, the Intermediate-only list, then a token opened in the Vocabulary
tab), then the language tax of r50k, cl100k, o200k, Llama 3.2 and Mistral v3 (the chart
alone, then with the mouse on Chinese's bars); prints every figure it shows.

Run (on an X server whose screen is the size to check, e.g. ``Xvfb :14 -screen 0 1024x700x24``):
    DISPLAY=:14 python tools/screenshots_measure.py --out /tmp/measure_shots --language zh
    DISPLAY=:13 python tools/screenshots_measure.py --evidence --out /tmp/evidence --language en
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
    parser.add_argument(
        "--tax-five",
        action="store_true",
        help="instead: the language tax of r50k, cl100k, o200k, Llama 3.2 and Mistral v3 in a "
        "1024x720 window (not presenting), the mouse on Chinese's bars (docs/images/measure_language_tax_zh.png)",
    )
    parser.add_argument("--evidence", action="store_true", help="issue 22's evidence (see the module docstring)")
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
    if args.evidence:
        return evidence(app, win, args.out, args.language)
    if args.tax_five:
        return tax_five(app, win, args.out / f"measure_language_tax_{args.language}.png")
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


def shoot(path: Path) -> None:
    subprocess.run(["import", "-display", os.environ["DISPLAY"], "-window", "root", str(path)], check=True)
    print(path)


def evidence(app: QApplication, win, out: Path, language: str) -> int:
    """Issue 22's evidence (see the module docstring)."""
    win.showMaximized()
    wait(app, lambda: True)
    train = win.train_view
    train.corpus.add_files([str(REPO / "tests" / "data" / "english.txt")])
    train.corpus.set_source("files")
    train.settings_panel.set_values(vocab_size=1000, special_tokens="<|endoftext|>", pretokenizer="gpt2")
    win.tabs.setCurrentWidget(train)
    train.start()
    wait(app, lambda: train.controller.state == "finished")
    shoot(out / f"train_done_{language}.png")
    trained = win.registry.latest_trained()
    view = win.measure_view
    win.tabs.setCurrentWidget(view)
    view.side.set_checked(["o200k_base", trained])
    view.side.health_box.setChecked(True)
    done: list[bool] = []
    view.measured.connect(lambda: done.append(True))
    view.measure()
    wait(app, lambda: bool(done))
    view.pages.setCurrentWidget(view.health)
    print("health:", view.health.model.header_texts())
    for row in view.health.model.cells():
        print("health:", row)
    for key, name in (("o200k_base", "o200k"), (trained, "trained")):
        view.health.tokenizer_combo.setCurrentIndex(view.health.tokenizer_combo.findData(key))
        view.health.kind_combo.setCurrentIndex(3)  # intermediate only
        wait(app, lambda: True)
        print("health table height", view.health.table.height(), "splitter", view.health._split.sizes())
        shoot(out / f"health_{name}_{language}.png")
    first = view.health.tokens.item(0)
    view.health.tokens.setCurrentItem(first)
    view.health.tokens.itemActivated.emit(first)  # as a double click or Return does
    wait(app, lambda: True)
    shoot(out / f"health_token_opened_{language}.png")
    done.clear()
    return tax_five(app, win, out / f"tax_five_{language}.png", maximized=True)


def tax_five(app: QApplication, win, out: Path, maximized: bool = False) -> int:
    """The language tax of five tokenizers with the mouse on Chinese's bars (its tooltip)."""
    from app.core.registry import RegistryKind
    from bpe_engine import load_tokenizer

    shared = REPO.parent / "shared" / "tokenizers"
    keys = [
        win.registry.add(load_tokenizer(shared / name), name, RegistryKind.FILE, source=str(shared / name))
        for name in ("mistral_sentencepiece_v3.model", "llama3.2_tokenizer.json")
    ]
    if not maximized:
        win.resize(1024, 720)
        win.move(0, 0)
    view = win.measure_view
    view.side.health_box.setChecked(False)
    win.tabs.setCurrentWidget(view)
    view.pages.setCurrentIndex(0)
    win.tabs.setCurrentWidget(view)
    view.side.set_checked([*keys, "r50k_base", "cl100k_base", "o200k_base"])
    done: list[bool] = []
    view.measured.connect(lambda: done.append(True))
    view.measure()
    wait(app, lambda: bool(done))
    for f in view.figures():
        p = f.parity
        print(
            f"tax: {f.label}: Gini {p.gini_premium:.3f} (per byte {p.gini_per_byte:.3f});",
            "; ".join(f"{c} {p.cost(c).premium:.2f} ({p.cost(c).tokens} tokens)" for c in ("eng", "cmn", "jpn", "rus")),
        )
    if maximized:
        shoot(out.with_name(out.stem + "_chart.png"))
    chart = view.chart
    k = next(n for n, t in enumerate(view.texts()) if t.code == "cmn")
    x = chart._layout.x[chart._layout.order.index(k)]
    scene = chart.plot.getPlotItem().vb.mapViewToScene(pg_point(x, 0.5))
    spot = chart.plot.mapToGlobal(chart.plot.mapFromScene(scene))
    display = os.environ["DISPLAY"]
    print("mouse at", spot.x(), spot.y())
    for dx in (0, 2, 4):  # moves, so that the chart hears the mouse
        subprocess.run(["xdotool", "mousemove", str(spot.x() + dx), str(spot.y())], check=True)
        wait(app, lambda: True)
    if chart.plot.toolTip() != chart.describe(k):  # no pointer events reached the chart: a Qt move
        from PySide6.QtTest import QTest

        QTest.mouseMove(chart.plot.viewport(), chart.plot.viewport().mapFromGlobal(spot))
        wait(app, lambda: True)
    hovered = chart.plot.toolTip() == chart.describe(k)
    print("the hover set Chinese's tooltip:", hovered)
    if hovered:  # Qt shows a tooltip after a pause of the mouse; show the one the hover set now
        from PySide6.QtWidgets import QToolTip

        QToolTip.showText(spot, chart.plot.toolTip(), chart.plot)
    end = time.monotonic() + 2.5
    while time.monotonic() < end:  # the tooltip's delay
        app.processEvents()
        time.sleep(0.02)
    subprocess.run(["import", "-display", display, "-window", "root", str(out)], check=True)
    print(out)
    view.shutdown()
    view.controller.wait(60_000)
    return 0


def pg_point(x: float, y: float):
    from PySide6.QtCore import QPointF

    return QPointF(x, y)


if __name__ == "__main__":
    raise SystemExit(main())
