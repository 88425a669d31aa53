"""Closing the window while a long encoding runs ("As of merge k" on 400 000 "a"s, once
quadratic: minutes): the process ends with status 0 and Qt never destroys a thread that still
runs ("QThread: Destroyed while thread 'encode' is still running" aborted it)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def test_closing_during_an_as_of_encoding_exits_cleanly(tmp_path: Path) -> None:
    script = textwrap.dedent("""
        import sys
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        from app.__main__ import main
        from bpe_engine import SpecialMode, train_bpe

        app = QApplication(["bpe-explorer"])
        tok = train_bpe(None, 256 + 40, text="low lower newest widest " * 50 + "a" * 3000)

        def start():
            window = next(w for w in app.topLevelWidgets() if w.windowTitle() == "BPE Explorer")
            window.registry.add(tok, "runs of a")
            window.registry.mark_saved(tok, "runs-of-a.json")  # closing asks nothing about it
            timeline = window.timeline_view
            window.tabs.setCurrentWidget(timeline)
            timeline.set_merges(3)
            def encode():
                if not timeline.is_settled():
                    QTimer.singleShot(50, encode)
                    return
                view = window.tokenize_view
                window.tabs.setCurrentWidget(view)
                view.set_text("a" * 100)
                view.as_of.click()
                # The view's own request, with the long text (laying out 400 000 characters in
                # the editor is another matter: this is about the encoding job at exit).
                key = view.current_key()
                view.controller.request("a" * 400_000, SpecialMode.ALLOW, [(key, tok)], as_of={key: view.merge_limit()})
                print("busy:", view.merge_limit(), view.controller.is_busy(), flush=True)
                window.close()
            encode()
        QTimer.singleShot(300, start)
        sys.exit(main([]))
    """)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path), HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, env=env, timeout=300)
    assert "busy: 3 True" in out.stdout, (out.stdout, out.stderr)
    assert "QThread: Destroyed" not in out.stderr
    assert out.returncode == 0, out.stderr
