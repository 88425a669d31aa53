"""Issue 20's real-window look, points 8, 10, 11, 14 and 15 (helper C), on ``$DISPLAY``.

The real MainWindow on xcb (maximized: the screen's size is the window's), steps run from
Python, the whole screen saved (``import -window root``) into ``--out`` as
``<point>-<screen width>-<language>-<what>.png``; every figure shown is printed beside the
reference's (sentencepiece, tiktoken, tokenizers) so that the look can check them.

- ``strip`` (8): Tokenize switched SentencePiece -> o200k -> Llama 3.2 json -> SentencePiece
  -> o200k: the pre-tokenization strip's space glyphs.
- ``stream`` (10): Stream decode with the SentencePiece model, one step: the first token.
- ``names`` (11, 15): a tokenizer trained in the Train tab with 1 merge, then with 2, the
  SentencePiece model opened; Train, Timeline, Vocabulary and Tokenize's picker, in the
  language given, then in the other one.
- ``svg`` (14): the Train view and the Timeline exported as SVG (View > Export), rendered by
  librsvg and by headless Chromium, beside the view's own pixels.

Run (``Xvfb :25 -screen 0 1600x1000x24`` with a window manager):
    DISPLAY=:25 python tools/look20c.py strip --language zh --out /work/shots-20
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

os.environ["QT_QPA_PLATFORM"] = "xcb"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from _common import SHARED  # noqa: E402  (sets sys.path and TIKTOKEN_CACHE_DIR)
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

TOKENIZERS = SHARED / "tokenizers"
SPM = TOKENIZERS / "mistral_sentencepiece_v3.model"
LLAMA = TOKENIZERS / "llama3.2_tokenizer.json"
TEXT = "the tea is hot 🤚 and 國語 the cat  is here\n  x = 12345"


def wait(app: QApplication, cond: Callable[[], bool], timeout: float = 300.0) -> None:
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


class Look:
    def __init__(self, out: Path, language: str) -> None:
        from app.core import i18n
        from app.core.settings import Settings
        from app.window.main_window import MainWindow

        app = QApplication.instance()
        self.app = app if isinstance(app, QApplication) else QApplication([])
        self.out, self.language = out, language
        i18n.set_language("zh_CN" if language == "zh" else "en")
        self._tmp = tempfile.TemporaryDirectory()
        ini = str(Path(self._tmp.name) / "s.ini")
        self.win = MainWindow(Settings(QSettings(ini, QSettings.Format.IniFormat)))
        self.win.showMaximized()
        wait(self.app, lambda: True)

    def shoot(self, point: str, what: str) -> None:
        wait(self.app, lambda: True)  # the tab just chosen, painted
        width = self.app.primaryScreen().size().width()
        path = self.out / f"{point}-{width}-{self.language}-{what}.png"
        subprocess.run(["import", "-display", os.environ["DISPLAY"], "-window", "root", str(path)], check=True)
        print("shot", path, flush=True)

    def open_file(self, path: Path) -> str:
        from app.core.registry import RegistryKind
        from bpe_engine import load_tokenizer

        return self.win.registry.add(load_tokenizer(path), path.name, RegistryKind.FILE, source=str(path))

    def switch_language(self) -> None:
        self.language = "en" if self.language == "zh" else "zh"
        self.win.language.choose("zh_CN" if self.language == "zh" else "en")
        wait(self.app, lambda: True)


def _shows(view: Any, key: str) -> bool:
    return bool(view.is_settled() and view.current_key() == key and view.table() is not None)


def _prepared(view: Any, ids: list[int]) -> bool:
    return bool(view.is_prepared() and view.position == 0 and view.ids == ids)


def strip(look: Look) -> None:
    import sentencepiece
    import tiktoken
    from tokenizers import Tokenizer as HfTokenizer

    spm, llama = look.open_file(SPM), look.open_file(LLAMA)
    sp = sentencepiece.SentencePieceProcessor(model_file=str(SPM))
    view = look.win.tokenize_view
    reference: dict[str, Any] = {
        spm: lambda t: sp.encode(t),
        "o200k_base": lambda t: tiktoken.get_encoding("o200k_base").encode(t),
        llama: lambda t: HfTokenizer.from_file(str(LLAMA)).encode(t, add_special_tokens=view.adds_special_tokens()).ids,
    }
    look.win.tabs.setCurrentWidget(view)
    view.set_text(TEXT)
    for n, key in enumerate((spm, "o200k_base", llama, spm, "o200k_base")):
        view.picker.set_current_key(key)
        wait(look.app, partial(_shows, view, key))
        chips = view.pieces_box.chips.chip_texts()
        glyphs = sorted({g for chip in chips for g in chip if g in "·▁"})
        table = view.table()
        ids = list(table.ids) if table is not None else []
        ref = reference[key](TEXT)
        print(
            f"{n} {key}: strip glyphs {glyphs}; chips {chips[:6]}; ids == reference: {ids == ref} ({len(ids)}, {len(ref)}); BOS added: {view.adds_special_tokens()}"
        )
        look.shoot("8", f"{n}-{Path(key).stem if '/' in key else key}"[:40].replace(" ", "_"))


def stream(look: Look) -> None:
    import sentencepiece

    sp = sentencepiece.SentencePieceProcessor(model_file=str(SPM))
    key = look.open_file(SPM)
    view = look.win.stream_view
    look.win.tabs.setCurrentWidget(view)
    view.picker.set_current_key(key)
    for n, text in enumerate(("hot tea", "🤚 hot tea")):
        view.text_edit.setText(text)
        ids = sp.encode(text)
        wait(look.app, partial(_prepared, view, ids))
        view.step_button.click()
        wait(look.app, lambda: view.position == 1)
        first = ids[0]
        piece = sp.id_to_piece(first)
        print(
            f"{text!r}: sentencepiece ids {ids}; first {first} {piece!r} bytes {piece.replace('▁', ' ').encode().hex(' ')}"
        )
        print(f"  sentencepiece decode([first]) = {sp.decode([first])!r}; shown {view.output_text!r}")
        print(f"  step line: {view.step_label.text()}")
        print(f"  log cell: {view.log.index(0, 2).data()!r}")
        look.shoot("10", f"step1-{n}")


def _train(look: Look, vocab_size: int) -> str:
    train = look.win.train_view
    look.win.tabs.setCurrentWidget(train)
    train.settings_panel.set_values(vocab_size=vocab_size)
    train.start()
    wait(look.app, lambda: train.controller.state == "finished" and train.result_key is not None)
    return str(train.result_key)


def _show_names(look: Look, keys: list[str], one: str, what: str) -> None:
    win = look.win
    for key in keys:
        print(f"  [{look.language}] {key}: {win.registry.entry(key).label!r}")
    print(f"  [{look.language}] status bar: {win.statusBar().currentMessage()!r}")
    train = win.train_view
    win.tabs.setCurrentWidget(train)
    print(f"  [{look.language}] train: {train.vocab_label.text()!r} | {train.progress.format()!r}")
    look.shoot("11", f"{what}-train")
    timeline = win.timeline_view
    win.tabs.setCurrentWidget(timeline)
    timeline.source_bar.picker.set_current_key(one)
    for k in (1, 0):
        timeline.set_merges(k)
        wait(look.app, timeline.is_settled)
        print(f"  [{look.language}] timeline k={k}: {timeline.position_label.text()!r}")
    timeline.set_merges(1)
    wait(look.app, timeline.is_settled)
    look.shoot("11", f"{what}-timeline")
    vocab = win.vocab_view
    win.tabs.setCurrentWidget(vocab)
    wait(look.app, lambda: True)
    look.shoot("11", f"{what}-vocabulary")
    tokenize = win.tokenize_view
    win.tabs.setCurrentWidget(tokenize)
    tokenize.picker.showPopup()
    wait(look.app, lambda: True)
    look.shoot("15", f"{what}-names")
    tokenize.picker.hidePopup()


def names(look: Look) -> None:
    keys = [_train(look, 1000), _train(look, 258), _train(look, 259)]
    look.win.opening.open_tokenizer(str(SPM))
    before = set(keys)
    wait(look.app, lambda: look.win.train_view.result_key not in before)
    keys.append(str(look.win.train_view.result_key))
    wait(look.app, lambda: look.win.tabs.currentWidget() is look.win.vocab_view)  # the opened file is revealed there
    look.shoot("15", "opened-spm")
    for what in ("first", "switched", "back"):
        _show_names(look, keys, keys[1], what)
        if what != "back":
            look.switch_language()


def _svg_three_ways(look: Look, view: Any, name: str) -> None:
    """The view's SVG export rendered by librsvg and by headless Chromium, beside its grab."""
    from app.widgets.export import widget_image

    width = look.app.primaryScreen().size().width()
    stem = look.out / f"14-{width}-{look.language}-{name}"
    svg = stem.with_suffix(".svg")
    assert look.win.presentation.export_view_svg(str(svg), view)
    widget_image(view).save(f"{stem}-screen.png")
    w, h = view.width(), view.height()
    subprocess.run(["rsvg-convert", "-w", str(w), "-h", str(h), "-o", f"{stem}-rsvg.png", str(svg)], check=True)
    chromium = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    chromium += ["--force-device-scale-factor=1", f"--screenshot={stem}-chromium.png", f"--window-size={w},{h}"]
    subprocess.run([*chromium, svg.as_uri()], check=True, capture_output=True)
    print("svg", svg, "and its -screen, -rsvg, -chromium pictures", flush=True)


def svg(look: Look) -> None:
    _train(look, 1000)
    win = look.win
    _svg_three_ways(look, win.train_view, "train")
    timeline = win.timeline_view
    win.tabs.setCurrentWidget(timeline)
    timeline.set_merges(200)
    wait(look.app, timeline.is_settled)
    _svg_three_ways(look, timeline, "timeline")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", choices=("strip", "stream", "names", "svg"))
    parser.add_argument("--out", type=Path, default=Path("/tmp/look20c"))
    parser.add_argument("--language", default="en", choices=("en", "zh"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    look = Look(args.out, args.language)
    {"strip": strip, "stream": stream, "names": names, "svg": svg}[args.scenario](look)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
