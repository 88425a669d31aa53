"""Screenshots of the whole window in Simplified Chinese, and once more after switching back.

Runs the real application window offscreen, started the way ``bpe-explorer`` starts on a
Chinese system (the saved language, else the locale, applied before the window builds its
texts): trains a small tokenizer on a built-in sample (Train tab), then saves one PNG per tab,
the F1 guide and the tokenizer list, and finally the Train tab again after View > Language >
English. At each window size (default 1280x820 and 1024x700).

Run: python tools/screenshots_i18n.py [--out /tmp/bpe_shots_i18n] [--sizes 1280x820,1024x700]
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
from _common import REPO  # noqa: E402, F401  (sets sys.path and TIKTOKEN_CACHE_DIR)
from PySide6.QtCore import QLocale, QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

TAB_FILES = ("train", "vocabulary", "tokenize", "compare", "stream", "timeline", "sweep", "families")


def wait(app: QApplication, cond, timeout: float = 180.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise TimeoutError("the app did not get there in time")
        app.processEvents()
        time.sleep(0.005)
    for _ in range(5):  # let the last paints happen
        app.processEvents()
        time.sleep(0.01)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/bpe_shots_i18n"))
    parser.add_argument("--sizes", default="1280x820,1024x700")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    shots: list[tuple[str, str]] = []
    try:
        for size in args.sizes.split(","):
            width, height = (int(v) for v in size.split("x"))
            shoot(app, args.out, width, height, shots)
    finally:
        from app.core import i18n

        i18n.set_language("en")
    for name, what in shots:
        print(f"{args.out / name}: {what}")
    return 0


def shoot(app: QApplication, out: Path, width: int, height: int, shots: list[tuple[str, str]]) -> None:
    from app.__main__ import apply_startup_language
    from app.core import i18n
    from app.core.settings import Settings
    from app.window.main_window import MainWindow

    tmp = tempfile.TemporaryDirectory()
    settings = Settings(QSettings(str(Path(tmp.name) / "settings.ini"), QSettings.Format.IniFormat))
    i18n.set_language("en")
    language, loaded = apply_startup_language(settings, QLocale(QLocale.Language.Chinese, QLocale.Country.China))
    if not loaded:
        raise SystemExit(f"{i18n.qm_path(language)} is missing: run python -m app.core.i18n.catalog")
    win = MainWindow(settings)
    win.resize(width, height)
    win.show()

    def shot(name: str, what: str, widget=None) -> None:
        wait(app, lambda: True)
        name = f"{name}_{width}x{height}.png"
        (widget or win).grab().save(str(out / name))
        shots.append((name, what))

    train = win.train_view
    train.corpus.select_sample("english_story")
    train.start()
    wait(app, lambda: win.registry.latest_trained() is not None and not train.controller.is_active)
    key = win.registry.latest_trained()
    win.vocab_view.show_key(key)
    for index, tag in enumerate(TAB_FILES):
        win.tabs.setCurrentIndex(index)
        view = win.tabs.currentWidget()
        settled = getattr(view, "is_settled", None)
        if callable(settled):
            try:
                wait(app, settled, 60)
            except TimeoutError:
                pass  # shown as it is
        shot(f"zh_{tag}", f"{win.tabs.tabText(index)} tab in Chinese")
    win.tabs.setCurrentIndex(0)
    win.guide_action.trigger()
    shot("zh_guide", "the F1 guide in Chinese", win._guide)
    win._guide.close()
    win.list_action.trigger()
    shot("zh_tokenizer_list", "File > Tokenizers… in Chinese", win._list_dialog)
    win._list_dialog.close()
    win.language_actions["en"].trigger()
    shot("en_train_after_switch", "the Train tab after View > Language > English")
    win.close()
    train.controller.shutdown(30_000)
    win.registry.wait(60_000)


if __name__ == "__main__":
    sys.exit(main())
