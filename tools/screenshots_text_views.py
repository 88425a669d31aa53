"""Screenshots of the Tokenize, Compare and Stream-decode views on the demo strings.

Runs the real application window offscreen, the way a new user would: train on a built-in
sample (the English story), then tokenize, compare and stream-decode ``🤚🏾``, ``國`` and
``Жизнь`` with cl100k_base, o200k_base and the trained tokenizer. Saves PNGs into
``screenshots/`` (git-ignored) and prints what each one shows.

Run: python tools/screenshots_text_views.py [--out screenshots]
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
from _common import REPO, SHARED  # noqa: E402  (sets sys.path and TIKTOKEN_CACHE_DIR)
from PySide6.QtCore import QSettings, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

DEMO_TEXT = "Hi 🤚🏾! 國語 and Жизнь: the tech team\n    def f(x):\n        return 12345678 <|endoftext|>"
STREAM = (("emoji", "🤚🏾"), ("guo", "國"), ("zhizn", "Жизнь"))


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
    from app.window.main_window import MainWindow
    from bpe_engine import SpecialMode

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

    # 1. Train on a built-in sample, as the Train view offers it.
    train = win.train_view
    train.corpus.select_sample("english_story")
    train.start()
    wait(app, lambda: win.registry.latest_trained() is not None)
    trained_key = win.registry.latest_trained()
    shot("walkthrough_1_trained.png", "Train view after training on the built-in English story")

    # 2. Tokenize: the trained tokenizer is the default now.
    tv = win.tokenize_view
    win.tabs.setCurrentWidget(tv)
    assert tv.current_key() == trained_key, "a freshly trained tokenizer should be the Tokenize default"
    tv.set_text(DEMO_TEXT)
    wait(app, tv.is_settled)
    shot("tokenize_trained.png", "Tokenize with the freshly trained tokenizer: many byte tokens on 🤚🏾 國 Жизнь")
    for key in ("cl100k_base", "o200k_base"):
        tv.picker.set_current_key(key)
        wait(app, lambda: win.registry.get(key) is not None and tv.is_settled())
        table = tv.table()
        partial = next((k for k in range(len(table)) if not table.complete[k]), 0)
        tv.token_chips.ensure_visible(partial)
        QTest.mouseClick(
            tv.token_chips.viewport(),
            Qt.MouseButton.LeftButton,
            pos=tv.token_chips.chip_rect(partial).toRect().center(),
        )
        shot(
            f"tokenize_{key.split('_')[0]}.png",
            f"Tokenize with {key}: split characters as hex chips pointing at their character; the selected chip, its id and its character shaded, its details below",
        )
    tv.picker.set_current_key("cl100k_base")
    wait(app, tv.is_settled)
    tech = next(i for i, p in enumerate(tv.pieces()) if p[0] == " tech")
    QTest.mouseClick(
        tv.piece_chips.viewport(), Qt.MouseButton.LeftButton, pos=tv.piece_chips.chip_rect(tech).toRect().center()
    )
    tv.explain.set_page(1)
    shot(
        "tokenize_explain_tech.png",
        "Explain ' tech' with cl100k: step 2 of its merges, candidate pairs with their ranks",
    )
    tv.set_mode(SpecialMode.RAISE)
    wait(app, tv.is_settled)
    shot(
        "tokenize_special_error.png",
        "Special tokens set to 'error': the engine's SpecialTokenError message, as tiktoken would raise",
    )
    tv.set_mode(SpecialMode.ALLOW)

    # 3. Compare the trained tokenizer with cl100k and o200k.
    cv = win.compare_view
    win.tabs.setCurrentWidget(cv)
    cv.set_keys([trained_key, "cl100k_base", "o200k_base"])
    cv.set_text(DEMO_TEXT)
    wait(app, lambda: all(win.registry.get(k) is not None for k in cv.keys()) and cv.is_settled())
    corpus = SHARED / "corpora" / "en_enwik8_prefix_4MB.txt"
    if not corpus.exists():
        corpus = REPO / "resources" / "samples" / "chinese_passage.txt"
    cv.set_corpus_path(str(corpus))
    cv.limit_spin.setValue(1)
    cv.run_corpus()
    wait(app, lambda: cv.corpus.state in ("done", "failed", "cancelled"), 600)
    shot(
        "compare_trained_cl100k_o200k.png",
        f"Compare: trained vs cl100k vs o200k on the demo text, boundary diff outlined, corpus figures for 1 MB of {corpus.name}",
    )
    cv.set_keys(["cl100k_base", "o200k_base"])
    cv.set_text("國 Жизнь 🤚🏾 hello world")
    wait(app, cv.is_settled)
    shot(
        "compare_cl100k_o200k_diff.png", "Compare cl100k vs o200k: only the stretches they cut differently are outlined"
    )

    # 4. Stream-decode the demo strings.
    sv = win.stream_view
    win.tabs.setCurrentWidget(sv)
    for key in ("cl100k_base", "o200k_base"):
        sv.picker.set_current_key(key)
        for name, text in STREAM:
            sv.set_text(text)
            wait(app, lambda: sv.is_prepared() and sv.text_edit.text() == text)
            tag = f"{key.split('_')[0]}_{name}"
            sv.step()
            shot(
                f"stream_{tag}_1.png",
                f"Stream {text!r} with {key}, first token fed: "
                + (
                    "bytes wait in the queue, the naive decode already printed U+FFFD"
                    if sv.decoder.pending
                    else "a whole character at once"
                ),
            )
            while sv.decoder.pending and sv.step():
                pass
            if sv.position > 1:
                shot(
                    f"stream_{tag}_{sv.position}.png",
                    f"Stream {text!r} with {key}: the character completes and moves to the output",
                )
            while sv.step():
                pass
            shot(f"stream_{tag}_done.png", f"Stream {text!r} with {key}, all tokens fed")
    win.close()
    win.registry.wait(10_000)


if __name__ == "__main__":
    sys.exit(main())
