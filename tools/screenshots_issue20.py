"""Issue 20's real-window look at points 4, 5, 6, 7, 9, B, 12 and 13, on a real X window.

Starts the main window on ``$DISPLAY`` (xcb), maximized, so the screen's size is the window's
(run it on a 1600x1000 and on a 1024x700 X server), and drives it as a user would, in this
order: the empty Train plots (6); a sample's Apply, a custom pattern, another sample, a regex
error (12); step mode up to the three-way tie of ``low lower widest newest`` (5); a training
with "Follow new merges" to its end (13, and the plots after it: 6); the Timeline of that
tokenizer and "As of merge k" in Tokenize and Compare with o200k_base chosen (9); Llama 3.2's
``tokenizer.json`` and Qwen's rank file on the Timeline at several k (4; Qwen's pattern
question: 12); a SentencePiece ``.model`` on the Timeline and in Sweep (7, and the empty plot:
6); a smaller tokenizer on the Timeline and the language switched before its chips (B).

Each step saves the whole screen (``import -window root``) as
``<point>-<screen width>-<en|zh>-<what>.png`` and prints the figures it shows, with the
independent figure beside it, for the report.

Run: ``DISPLAY=:23 python tools/screenshots_issue20.py --out /work/shots-20 --language zh``
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

os.environ["QT_QPA_PLATFORM"] = "xcb"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from _common import REPO, SHARED  # noqa: E402  (sets sys.path and TIKTOKEN_CACHE_DIR)
from PySide6.QtCore import QPoint, QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication, QToolTip, QWidget  # noqa: E402

if TYPE_CHECKING:
    from app.window.main_window import MainWindow

TEXT = "the lowest tokens of the newest story, and then some more text"


class Look:
    """The window, where the shots go, and how to wait for it."""

    def __init__(self, app: QApplication, win: MainWindow, out: Path, language: str) -> None:
        self.app, self.out, self.language = app, out, language
        self.win: Any = win  # (driven through its views' widgets: Optional ones are there by now)
        self.width = app.primaryScreen().size().width()

    def wait(self, cond: Callable[[], object], timeout: float = 300.0) -> None:
        end = time.monotonic() + timeout
        while not cond():
            if time.monotonic() > end:
                raise TimeoutError("the app did not get there in time")
            self.app.processEvents()
            time.sleep(0.01)
        self.settle(0.8)

    def settle(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:  # the last paints, and the X server showing them
            self.app.processEvents()
            time.sleep(0.02)

    def shot(self, point: str, what: str) -> None:
        self.settle(0.6)
        name = self.out / f"{point}-{self.width}-{self.language}-{what}.png"
        subprocess.run(["import", "-window", "root", str(name)], check=True)
        print("shot", name, flush=True)

    def tip(self, widget: QWidget) -> None:
        """Show ``widget``'s tooltip, as a mouse resting on it does."""
        QToolTip.showText(widget.mapToGlobal(QPoint(10, widget.height() // 2)), widget.toolTip(), widget)

    def click_banner(self, view: Any, text: str) -> None:
        for button in view.messages.buttons():
            if button.text() == text:
                button.click()
                return
        print("no banner button", text, [b.text() for b in view.messages.buttons()])


def train_part(look: Look) -> None:
    from app.core.i18n import tr

    win = look.win
    train = win.train_view
    win.tabs.setCurrentWidget(train)
    look.shot("6", "train-plots-empty")
    # 12: the worked example's sample (pattern \S+), then the English story: its own pattern again.
    train.corpus.select_sample("low_lower_widest_newest")
    look.click_banner(train, tr("Apply"))
    look.settle(0.5)
    print("12 after low/lower:", train.settings_panel.pretokenizer_spec())
    train.corpus.select_sample("english_story")
    look.shot("12", "story-suggests")
    look.click_banner(train, tr("Apply"))
    print("12 after the story:", train.settings_panel.values())
    look.shot("12", "story-applied")
    panel = train.settings_panel
    panel.pretokenizer.setCurrentIndex(panel.pretokenizer.findData("regex"))
    panel.custom_regex.setText(r"\S+(")
    look.settle(0.5)
    print("12 regex problem:", panel.regex_problem.text())
    look.shot("12", "regex-error")
    # 5: step mode up to merge 4 (the three-way tie at 6), then one more step.
    train.corpus.select_sample("low_lower_widest_newest")
    look.click_banner(train, tr("Apply"))
    c = train.controller
    train.step_action.trigger()
    look.wait(lambda: c.state == "paused" and c.snapshot is not None)
    for done in range(1, 5):
        train.step_action.trigger()
        look.wait(lambda: c.state == "paused" and c.snapshot.merges_done == done)  # noqa: B023 (waited here)
    print("5 next:", train.step_panel.next_label.text())
    look.shot("5", "three-way-tie")
    train.step_action.trigger()
    look.wait(lambda: c.state == "paused" and c.snapshot.merges_done == 5)
    print("5 last:", train.step_panel.last_label.text())
    look.shot("5", "after-the-tie")
    c.cancel()
    look.wait(lambda: c.state == "cancelled")
    # 13 and 6: a training of 2,000 merges with "Follow new merges", to its end.
    train.corpus.set_text((REPO / "tests" / "data" / "english.txt").read_text(encoding="utf-8"))
    train.settings_panel.set_values(vocab_size=256 + 1 + 2000, special_tokens="<|endoftext|>", pretokenizer="gpt2")
    print("13 follow checked:", train.follow.isChecked())
    train.result_tabs.setCurrentIndex(0)  # Live, as a user clicks it after step mode
    train.start_action.trigger()
    look.wait(lambda: c.state == "finished", 600)
    look.wait(lambda: train.merges_model.rowCount() == len(c.merges))
    table = train.merges_view
    last_shown = table.rowAt(table.viewport().height() - 1)
    print("13 merges:", len(c.merges), "rows:", train.merges_model.rowCount(), "last row in view:", last_shown)
    look.shot("13", "follow-end")
    look.shot("6", "train-plots-after")
    train.result_tabs.setCurrentIndex(1)
    print("5 end of a run:", train.step_panel.last_label.text())
    look.shot("5", "end-of-run")


def as_of_part(look: Look) -> str:
    win = look.win
    trained = win.registry.latest_trained()
    assert isinstance(trained, str)
    tok = win.registry.get(trained)
    timeline = win.timeline_view
    win.tabs.setCurrentWidget(timeline)
    timeline.picker.set_current_key(trained)
    timeline.set_merges(40)
    look.wait(timeline.is_settled)
    look.shot("9", "timeline-k40")
    view = win.tokenize_view
    win.tabs.setCurrentWidget(view)
    view.set_text(TEXT)
    view.picker.set_current_key("o200k_base")
    look.wait(view.is_settled)
    box = view.as_of
    box.click()  # not offered: nothing changes
    look.wait(view.is_settled)
    o200k = win.registry.get("o200k_base")
    print("9 o200k: enabled", box.isEnabled(), "checked", box.isChecked(), "key", view.picker.current_key())
    print("9 o200k ids == o200k.encode:", list(view.table().ids) == o200k.encode(TEXT, allowed_special="all"))
    look.tip(box)
    look.shot("9", "tokenize-o200k")
    view.picker.set_current_key(trained)
    look.wait(view.is_settled)
    box.click()
    look.wait(lambda: view.is_settled() and box.isChecked())
    ids = list(view.table().ids)
    print("9 trained as of 40:", ids == tok.encode_as_of(TEXT, 40, allowed_special="all"), len(ids), "tokens")
    look.shot("9", "tokenize-as-of")
    compare = win.compare_view
    win.tabs.setCurrentWidget(compare)
    compare.set_text(TEXT)
    compare.set_keys(["o200k_base", trained])
    look.wait(compare.is_settled)
    if not compare.as_of.isChecked():
        compare.as_of.click()
    look.wait(lambda: compare.is_settled() and compare.columns()[1].table is not None)
    cols = compare.columns()
    print(
        "9 compare keys",
        compare.keys()[:2],
        "o200k ids ok:",
        list(cols[0].table.ids) == o200k.encode(TEXT, allowed_special="all"),
        "trained as of 40 ok:",
        list(cols[1].table.ids) == tok.encode_as_of(TEXT, 40, allowed_special="all"),
    )
    look.shot("9", "compare")
    return trained


def open_file(look: Look, path: Path, accept_pattern: bool = False) -> str:
    win = look.win
    keys: list[str] = []
    win.train_view.file_opened.connect(lambda key, _path: keys.append(key))
    win.opening.open_tokenizer(str(path))
    if accept_pattern:
        look.wait(lambda: win.opening.pattern_dialog is not None and win.opening.pattern_dialog.isVisible())
        dialog = win.opening.pattern_dialog
        print("12 qwen dialog preselects:", dialog.known().key if dialog.known() else None)
        dialog.fill_button.click()  # as a user would: Qwen's special tokens with their ids
        look.shot("12", "qwen-pattern-dialog")
        dialog.accept()
    look.wait(lambda: bool(keys), 600)
    return keys[0]


def timeline_part(look: Look, trained: str) -> None:
    win = look.win
    timeline = win.timeline_view
    for name, path, dialog in (
        ("llama", SHARED / "tokenizers" / "llama3.2_tokenizer.json", False),
        ("qwen", SHARED / "tokenizers" / "qwen.tiktoken", True),
    ):
        key = open_file(look, path, dialog)
        win.tabs.setCurrentWidget(timeline)
        timeline.set_text(TEXT)
        start = time.monotonic()
        timeline.picker.set_current_key(key)
        look.wait(timeline.is_settled, 600)
        print(f"4 {name}: the Timeline settled in {time.monotonic() - start:.1f} s")
        end = len(win.registry.get(key).merges)
        for k in (0, 1000, 150_000, end):
            timeline.set_merges(k)
            look.wait(timeline.is_settled, 600)
            print(f"4 {name} k={k}:", timeline.position_label.text())
            if k in (1000, end):
                look.shot("4", f"{name}-k{k}")
    spm = open_file(look, SHARED / "tokenizers" / "mistral_sentencepiece_v3.model")
    win.tabs.setCurrentWidget(timeline)
    timeline.picker.set_current_key(spm)
    look.settle(1.5)
    print("7 timeline says:", timeline.messages.text())
    look.shot("7", "timeline-spm")
    timeline.picker.set_current_key(trained)  # the one it can show, again
    look.wait(timeline.is_settled)
    print("7 timeline back to the trained one:", timeline.position_label.text())
    look.shot("7", "timeline-back-to-bpe")
    sweep = win.sweep_view
    win.tabs.setCurrentWidget(sweep)
    sweep.picker.set_current_key(trained)
    look.wait(sweep.is_settled, 600)
    look.shot("7", "sweep-trained-before")
    sweep.picker.set_current_key(spm)
    look.wait(lambda: "SentencePiece" in sweep.about.text() or "SentencePiece" in sweep.about.text(), 60)
    print("7 sweep says:", sweep.about.text())
    look.shot("7", "sweep-spm")


def language_part(look: Look, trained: str) -> None:
    from app.core import i18n
    from bpe_engine import train_bpe

    win = look.win
    timeline = win.timeline_view
    win.tabs.setCurrentWidget(timeline)
    timeline.set_text(TEXT)
    timeline.picker.set_current_key(trained)
    timeline.set_merges(500)
    look.wait(timeline.is_settled)
    small = train_bpe(None, 256 + 20 + 1, ["<|endoftext|>"], text=(REPO / "tests/data/english.txt").read_text())
    key = win.registry.add(small, "small · 20 merges")
    target = "en" if look.language == "zh" else "zh_CN"
    timeline.picker.set_current_key(key)
    win.language_actions[target].trigger()  # before the small tokenizer's chips arrive
    look.wait(timeline.is_settled)
    print("B language now", i18n.current_language(), "saved", win.settings.language, "k", timeline.merges())
    print("B status bar:", win.statusBar().currentMessage(), "| position:", timeline.position_label.text())
    look.shot("B", f"switched-to-{target}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots-20"))
    parser.add_argument("--language", default="en", choices=("en", "zh"))
    parser.add_argument("--parts", default="train,as_of,timeline,language")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    app = QApplication([])
    from app.core import i18n
    from app.core.settings import Settings
    from app.window.main_window import MainWindow

    if args.language == "zh":
        i18n.set_language("zh_CN")
    tmp = tempfile.TemporaryDirectory()
    win = MainWindow(Settings(QSettings(str(Path(tmp.name) / "s.ini"), QSettings.Format.IniFormat)))
    win.showMaximized()
    look = Look(app, win, args.out, args.language)
    look.settle(1.0)
    parts = args.parts.split(",")
    if "train" in parts:
        train_part(look)
    trained = as_of_part(look) if "as_of" in parts else ""
    if "timeline" in parts and trained:
        timeline_part(look, trained)
    if "language" in parts and trained:
        language_part(look, trained)
    win.train_view.controller.shutdown(30_000)
    win.registry.wait(60_000)
    win.close()
    return 0


if __name__ == "__main__":  # subtle: required, training starts worker processes (forkserver)
    sys.exit(main())
