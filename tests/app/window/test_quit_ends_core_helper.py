"""Closing the window after Compare encoded a long text on tiktoken's cores: the helper process
that owns the cores (app/core/core_host.py) ends with the app, which exits with status 0."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from ...conftest import tiktoken_encoding

REPO = Path(__file__).resolve().parents[3]


def test_closing_the_window_ends_the_helper_of_tiktokens_cores(tmp_path: Path) -> None:
    for name in ("r50k_base", "cl100k_base", "o200k_base"):  # Compare's columns (offline: a skip)
        tiktoken_encoding(name)
    script = textwrap.dedent("""
        import sys
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        from app.__main__ import main

        app = QApplication(["bpe-explorer"])
        text = "The quick brown fox jumps over the lazy dog, 12345 times. " * 5000

        def start():
            window = next(w for w in app.topLevelWidgets() if w.windowTitle() == "BPE Explorer")
            compare = window.compare_view
            window.tabs.setCurrentWidget(compare)
            def paste():
                if not compare.is_settled():
                    QTimer.singleShot(50, paste)
                    return
                compare.set_text(text)
                QTimer.singleShot(50, close)
            def close():
                pid = window.registry.core_host.pid
                if not compare.is_settled() or pid is None:
                    QTimer.singleShot(50, close)
                    return
                print("helper:", pid, flush=True)
                window.close()
            paste()
        QTimer.singleShot(300, start)
        sys.exit(main([]))
    """)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path), HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    pids = [int(line.split()[1]) for line in out.stdout.splitlines() if line.startswith("helper:")]
    assert len(pids) == 1, out.stdout
    assert not Path(f"/proc/{pids[0]}").exists()  # ended and reaped (the app was its parent)
    assert "Traceback" not in out.stderr
