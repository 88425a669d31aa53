"""Screenshots of the classroom features: the training timeline at three positions, the
vocabulary as of merge k, the vocabulary-size sweep (and its exported chart), a slide-sized
view in presentation mode, a zoomed view, and a long training saved and resumed (the close
dialog, and the Train view after resuming).

Runs the real window offscreen on a screen of each size (a child process per size: Qt's
offscreen screen is set when it starts), driving it as a user would: train in the Train view
on the first 10 MB of the shared English corpus (16 000 merges; the built-in English story
without the shared folder), pause, save a checkpoint, resume it, then visit each view.
Saves PNGs (and the exported chart, CSV and HTML) outside the repository and prints what each
one shows.

Run: python tools/screenshots_classroom.py [--out /tmp/bpe-explorer-screenshots]
     [--sizes 1280x820,1024x700] [--slide 1280x720]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
MERGES = 16_000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "bpe-explorer-screenshots")
    parser.add_argument("--sizes", default="1280x820,1024x700")
    parser.add_argument("--slide", default="1280x720", help="the screen of the presentation-mode slide")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--what", default="all", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.child:
        return child(args)
    jobs = [(size, "all") for size in args.sizes.split(",")] + [(args.slide, "slide")]
    for size, what in jobs:
        width, height = (int(v) for v in size.split("x"))
        with tempfile.TemporaryDirectory() as tmp:
            config = Path(tmp) / "screen.json"
            screen = {"name": "shots", "x": 0, "y": 0, "width": width, "height": height, "logicalDpi": 96}
            config.write_text(json.dumps({"windowFrameMargins": False, "screens": [screen]}), encoding="utf-8")
            env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}")
            cmd = [sys.executable, __file__, "--child", size, "--what", what, "--out", str(args.out)]
            done = subprocess.run(cmd, env=env, timeout=1800)
            if done.returncode:
                return done.returncode
    return 0


def child(args: argparse.Namespace) -> int:
    sys.path.insert(0, str(HERE.parent / "benchmarks"))
    from _common import CORPORA, prefix_file  # sets sys.path and TIKTOKEN_CACHE_DIR
    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from app.core.settings import Settings
    from app.window.main_window import MainWindow

    width, height = (int(v) for v in args.child.split("x"))
    tag = f"{width}x{height}"
    app = QApplication.instance() or QApplication([])
    tmp = tempfile.TemporaryDirectory()
    settings = Settings(QSettings(str(Path(tmp.name) / "settings.ini"), QSettings.Format.IniFormat))
    win = MainWindow(settings)
    win.resize(width, height)
    win.show()
    shots: list[tuple[str, str]] = []

    def wait(cond, timeout: float = 600.0) -> None:
        end = time.monotonic() + timeout
        while not cond():
            if time.monotonic() > end:
                raise TimeoutError("the app did not get there in time")
            app.processEvents()
            time.sleep(0.005)
        for _ in range(5):
            app.processEvents()
            time.sleep(0.01)

    def shot(name: str, what: str, widget=None) -> None:
        wait(lambda: True)
        path = args.out / f"{name}_{tag}.png"
        (widget or win).grab().save(str(path))
        shots.append((path.name, what))

    train = win.train_view
    corpus = CORPORA / "en_mix_36MB.txt"
    if args.what == "slide":
        train.corpus.select_sample("english_story")
        train.start()
        wait(lambda: win.registry.latest_trained() is not None)
    else:
        # 1. A long training: paused, the close dialog, saved, resumed with its table and plots.
        if corpus.is_file():
            train.corpus.add_files([str(prefix_file(corpus, 10_000_000, Path(tmp.name), at_document=True))])
            train.settings_panel.vocab_size.setValue(256 + MERGES + 1)
        else:
            train.corpus.select_sample("english_story")
        c = train.controller
        train.start()
        wait(lambda: len(c.merges) >= min(3000, c.target_merges // 3) or c.state in ("finished", "failed"))
        if c.is_active:
            c.pause()
            wait(lambda: c.state == "paused" and c.tokenizer_available())
            win.close()  # asks: Save & quit, Quit, Cancel
            wait(lambda: win.quit_box is not None and win.quit_box.isVisible())
            shot("checkpoint_close_dialog", "Closing during a training: Save & quit / Quit / Cancel", win.quit_box)
            QTest.mouseClick(next(b for b in win.quit_box.buttons() if b.text() == "Cancel"), Qt.MouseButton.LeftButton)
            checkpoint = Path(tmp.name) / "run.ckpt"
            train.save_checkpoint(checkpoint)
            wait(lambda: not c.saving_checkpoint)
            shot("checkpoint_saved", f"Train view: the paused run ({len(c.merges)} merges) saved as a checkpoint")
            c.cancel()
            wait(lambda: c.state == "cancelled")
            train.resume_training(checkpoint)
            wait(lambda: c.state in ("finished", "failed"))
            shot(
                "checkpoint_resumed", "Train view after File > Resume training: table and plots restored, run finished"
            )
        key = train.result_key
        assert key is not None

        # 2. The timeline at three positions, on held-out English.
        tl = win.timeline_view
        win.tabs.setCurrentWidget(tl)
        text = (HERE.parent / "resources" / "heldout" / "english.txt").read_text(encoding="utf-8")[:2000]
        tl.set_text(text)
        total = tl.total()
        for k in (0, min(250, total), total):
            tl.set_merges(k)
            wait(lambda: tl.is_settled() and tl.curve() is not None)
            shot(f"timeline_k{k}", f"Timeline as of merge {k} of {total}: chips, count, bytes/token, merge k outlined")
        tl.set_merges(min(250, total))
        wait(tl.is_settled)

        # 3. The vocabulary as of merge k.
        vocab = win.vocab_view
        win.tabs.setCurrentWidget(vocab)
        vocab.as_of.setChecked(True)
        wait(lambda: vocab.model.rowCount() < len(win.registry.get(key)))
        shot("vocab_as_of", f"Vocabulary as of merge {tl.merges()}: only the tokens that exist then")
        vocab.as_of.setChecked(False)

        # 4. The sweep, with OpenAI's reference points; its exports.
        sweep = win.sweep_view
        win.tabs.setCurrentWidget(sweep)
        wait(sweep.is_settled, 900)
        shot("sweep", "Sweep: bytes/token against vocabulary size, held-out texts, OpenAI reference points")
        sweep.export_chart(str(args.out / f"sweep_chart_{tag}.png"))
        sweep.export_chart(str(args.out / f"sweep_chart_{tag}.svg"))
        sweep.export_csv(str(args.out / f"sweep_{tag}.csv"))
        shots.append(
            (f"sweep_chart_{tag}.png/.svg/.csv", "the chart exported (PNG at twice the pixels, SVG) and every point")
        )

        # 5. Zoom: every view follows; Compare at 130 %.
        compare = win.compare_view
        win.tabs.setCurrentWidget(compare)
        compare.set_keys([key, "cl100k_base", "o200k_base"])
        wait(lambda: all(win.registry.get(k) is not None for k in compare.keys()) and compare.is_settled(), 300)
        win.presentation.zoom_in()
        win.presentation.zoom_in()
        wait(compare.is_settled)
        shot("compare_zoom130", "Compare at zoom 130 % (Ctrl+= twice): fonts, chips and table rows follow")
        win.presentation.reset_zoom()

    # 6. Presentation mode: a slide-sized view (full screen on this screen).
    tokenize = win.tokenize_view
    win.tabs.setCurrentWidget(tokenize)
    tokenize.set_text("國語 and 国语: 春天的早晨 🤚🏾 — the tokenizer sees bytes, not characters.")
    wait(tokenize.is_settled)
    win.presentation.set_presenting(True)
    wait(lambda: win.isFullScreen() and tokenize.is_settled())
    shot("presentation_tokenize", "Presentation mode (F11): Tokenize full screen, large fonts, high-contrast chips")
    page = win.presentation.html_page(tokenize)
    if page is not None:
        (args.out / f"tokens_{tag}.html").write_text(page, encoding="utf-8")
        shots.append((f"tokens_{tag}.html", "the tokens exported as a standalone HTML page"))
    tl = win.timeline_view
    win.tabs.setCurrentWidget(tl)
    tl.set_merges(min(40, tl.total()))
    wait(tl.is_settled)
    shot("presentation_timeline", "Presentation mode: the Timeline (text box folded away)")
    win.presentation.set_presenting(False)

    for name, what in shots:
        print(f"{args.out / name}: {what}")
    win.close()
    win.registry.wait(10_000)
    return 0


if __name__ == "__main__":
    sys.exit(main())
