"""CI: the app as a user installs it. Run with the Python of a fresh venv that holds only the
built wheel (not the working tree): checks that ``app`` and ``bpe_engine`` come from that
install, that ``bpe-explorer --version`` answers, and that the window starts (offscreen) and
opens a tokenizer file given on its command line, as a file manager would pass it.

Usage: python .ci/smoke_installed.py REPO_DIR
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path


def main() -> int:
    repo = Path(sys.argv[1]).resolve()
    import app
    import bpe_engine

    for module in (app, bpe_engine):
        where = Path(module.__file__ or "").resolve()
        if Path(sys.prefix).resolve() not in where.parents:
            print(f"smoke: {module.__name__} comes from {where}, not from this venv's wheel", file=sys.stderr)
            return 1
    launcher = Path(sys.executable).parent / "bpe-explorer"
    version = subprocess.run([str(launcher), "--version"], capture_output=True, text=True, check=True).stdout
    assert version.strip() == f"BPE Explorer {bpe_engine.__version__}", version

    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_CONFIG_HOME"] = tmp  # never the user's settings
        tokenizer = Path(tmp) / "smoke.json"
        text = (repo / "tests" / "data" / "english.txt").read_text(encoding="utf-8")
        bpe_engine.train_bpe(None, 256 + 50, ["<|endoftext|>"], text=text).save(tokenizer)
        return _open_in_window(str(tokenizer))


def _open_in_window(path: str) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from app.__main__ import main as app_main

    qt = QApplication(["bpe-explorer"])
    opened: list[bool] = []

    def check() -> None:
        windows = [w for w in qt.topLevelWidgets() if w.windowTitle() == "BPE Explorer"]
        labels = [w.registry.entry(k).label for w in windows for k in w.registry.keys()]
        opened.append(any(label.startswith("smoke.json") for label in labels))
        if opened[-1] or len(opened) > 600:  # found, or a minute has passed
            for w in windows:
                w.close()
            qt.quit()
        else:
            QTimer.singleShot(100, check)

    QTimer.singleShot(100, check)
    status = app_main([path])
    if status != 0 or not any(opened):
        print(f"smoke: the installed app did not open {path} (status {status})", file=sys.stderr)
        return 1
    print(f"smoke: the installed app ({Path(sys.executable).parent.parent}) started and opened {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
