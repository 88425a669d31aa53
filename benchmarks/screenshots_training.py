"""Screenshots of the Train and Vocabulary views, taken from the real widgets offscreen.

Writes PNGs to ``screenshots/`` (git-ignored):

- ``train_mid_training.png``: the main window while training runs on 10 MB of English
  (merges table streaming in, both plots, progress with merges/s and time left).
- ``step_mode_seed003.png``: step mode on the ``low lower widest newest`` sample after one
  step: the first merge (s, t) and why it beat (e, s), segmentations as chips, pair counts.
- ``step_mode_hello.png``: step mode on ``Hello helo, I'm`` before the first merge (the
  (l, o) / (e, l) tie of seed 001).
- ``vocab_merge_tree.png``: the vocabulary of the trained tokenizer with the merge tree of
  a long token.
- ``vocab_o200k.png``: o200k's 200 000 tokens, searched, with a merge tree (needs the
  tiktoken cache: ``$TIKTOKEN_CACHE_DIR`` or ``../shared/tiktoken_cache``).

Run: ``python benchmarks/screenshots_training.py``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import REPO, SHARED  # noqa: E402  (sets sys.path and TIKTOKEN_CACHE_DIR)

OUT = REPO / "screenshots"


def wait(app, predicate, timeout: float = 120.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise TimeoutError("the app did not reach the expected state")
        app.processEvents()
        time.sleep(0.005)


def settle(app, seconds: float = 0.3) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.005)


def main() -> int:
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from app.main_window import MainWindow
    from app.settings import Settings

    app = QApplication(sys.argv)
    OUT.mkdir(exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    window = MainWindow(Settings(QSettings(str(tmp / "shots.ini"), QSettings.Format.IniFormat)))
    window.resize(1400, 900)
    window.show()
    settle(app)
    train = window.train_view
    c = train.controller

    # 1. Mid-training on 10 MB of English (cut at a newline), grabbed while merges stream in.
    corpus = SHARED / "corpora" / "en_mix_36MB.txt"
    if corpus.is_file():
        with open(corpus, "rb") as f:
            data = f.read(10_000_000)
        part = tmp / "en_mix_10MB.txt"
        part.write_bytes(data[: data.rfind(b"\n") + 1])
        train.corpus.add_files([str(part)])
        train.settings_panel.set_values(vocab_size=8000, special_tokens="<|endoftext|>", pretokenizer="gpt2")
    else:  # still a useful picture without the shared corpora
        train.corpus.select_sample("english_story")
    shots: list[str] = []

    def grab_mid(_events) -> None:
        # a few display turns after a third of the merges: the table and plots have caught up
        if not shots and len(c.merges) >= c.target_merges // 3:
            shots.append("armed")
            QTimer.singleShot(
                350, lambda: shots.append(window.grab().save(str(OUT / "train_mid_training.png")) and c.state)
            )

    c.merges_added.connect(grab_mid)
    train.start()
    wait(app, lambda: c.state == "finished" and len(shots) != 1)
    c.merges_added.disconnect(grab_mid)
    print("mid-training screenshot taken while", shots[1] if len(shots) > 1 else "(not taken)")
    settle(app)

    # 2. The vocabulary of that result, with the merge tree of a long token.
    vocab = window.vocab_view
    window.tabs.setCurrentWidget(vocab)
    tok = c.tokenizer()
    vocab.mode.setCurrentIndex(vocab.mode.findData("text"))
    vocab.search.setText("·the")
    vocab.apply_search()
    candidates = [vocab.model.token_id(r) for r in range(vocab.model.rowCount())]
    target = max(candidates or [300], key=lambda i: (len(tok.id_to_bytes(i)), -i))
    vocab.select_token(target)
    settle(app)
    window.grab().save(str(OUT / "vocab_merge_tree.png"))

    # 3. Step mode on seed 003's example, after one step (the tie of merge 0 explained).
    window.tabs.setCurrentWidget(train)
    train.corpus.select_sample("low_lower_widest_newest")
    train.step_action.trigger()
    wait(app, lambda: c.state == "paused" and c.snapshot is not None)
    train.step_action.trigger()
    wait(app, lambda: c.state == "paused" and len(c.merges) == 1 and c.snapshot.merges_done == 1)
    settle(app)
    window.grab().save(str(OUT / "step_mode_seed003.png"))
    c.cancel()
    wait(app, lambda: c.state == "cancelled")

    # 4. Step mode on "Hello helo, I'm" before the first merge.
    train.corpus.select_sample("hello_helo")
    train.step_action.trigger()
    wait(app, lambda: c.state == "paused" and c.snapshot is not None)
    settle(app)
    window.grab().save(str(OUT / "step_mode_hello.png"))
    c.cancel()
    wait(app, lambda: c.state == "cancelled")

    # 5. o200k: 200 000 rows, a search, and the merge tree of a long word.
    window.tabs.setCurrentWidget(vocab)
    vocab.show_key("o200k_base")
    try:
        wait(app, lambda: vocab.model.total() > 199_000 or window.registry.entry("o200k_base").status == "error", 120)
    except TimeoutError:
        pass
    if vocab.model.total() > 199_000:
        vocab.search.setText("·understand")
        vocab.apply_search()
        ids = [vocab.model.token_id(r) for r in range(vocab.model.rowCount())]
        o200k = window.registry.get("o200k_base")
        if ids:
            vocab.select_token(max(ids, key=lambda i: len(o200k.id_to_bytes(i))))
    settle(app)
    window.grab().save(str(OUT / "vocab_o200k.png"))

    window.close()
    for name in sorted(p.name for p in OUT.glob("*.png") if p.name.startswith(("train_", "step_mode", "vocab_"))):
        print(OUT / name)
    return 0


if __name__ == "__main__":  # subtle: required, counting starts worker processes (forkserver)
    sys.exit(main())
