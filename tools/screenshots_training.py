"""Screenshots of the Train and Vocabulary views, taken from the real widgets offscreen, at
each window size asked for (default 1280x820 and 1024x700; every name ends in ``_WxH``).

Writes PNGs to ``--out`` (default ``screenshots/``, git-ignored):

- ``train_mid_training.png``: the main window while training runs on 5 MB of Python code
  (merges table streaming in, both plots, progress with merges/s and time left).
- ``train_done.png``: the same run at its end (exact tokens now and bytes per token).
- ``step_mode_seed003.png``: step mode on the ``low lower widest newest`` sample after one
  step: the first merge (s, t) and why it beat (e, s), segmentations as chips, pair counts.
- ``step_mode_hello.png``: step mode on ``Hello helo, I'm`` before the first merge (the
  (l, o) / (e, l) tie of seed 001).
- ``vocab_merge_tree.png``: the vocabulary of the trained tokenizer with the merge tree of
  a long token.
- ``vocab_o200k.png``: o200k's 200 000 tokens, searched, with a merge tree (needs the
  tiktoken cache: ``$TIKTOKEN_CACHE_DIR`` or ``../shared/tiktoken_cache``).

Run: ``python tools/screenshots_training.py [--out /tmp/shots] [--sizes 1280x820,1024x700]``.
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
    from PySide6.QtWidgets import QApplication

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--sizes", default="1280x820,1024x700")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv)
    for size in args.sizes.split(","):
        width, height = (int(v) for v in size.split("x"))
        shoot(app, args.out, width, height)
    for name in sorted(p.name for p in args.out.glob("*.png") if p.name.startswith(("train_", "step_mode", "vocab_"))):
        print(args.out / name)
    return 0


def shoot(app, out: Path, width: int, height: int) -> None:
    from PySide6.QtCore import QSettings, QTimer

    from app.core.settings import Settings
    from app.window.main_window import MainWindow

    tmp = Path(tempfile.mkdtemp())
    window = MainWindow(Settings(QSettings(str(tmp / "shots.ini"), QSettings.Format.IniFormat)))
    window.resize(width, height)
    window.show()
    settle(app)
    train = window.train_view
    c = train.controller
    tag = f"_{width}x{height}"

    def save(name: str) -> None:
        settle(app, 0.2)
        window.grab().save(str(out / f"{name}{tag}.png"))

    # 1. Mid-training on 5 MB of Python code (cut at a newline), grabbed while merges stream in.
    corpus = SHARED / "corpora" / "code_python311_stdlib_32MB.txt"
    if corpus.is_file():
        with open(corpus, "rb") as f:
            data = f.read(5_000_000)
        part = tmp / "code5m.txt"
        part.write_bytes(data[: data.rfind(b"\n") + 1])
        train.corpus.add_files([str(part)])
        train.corpus.set_source("files")
        train.settings_panel.set_values(vocab_size=4000, special_tokens="<|endoftext|>", pretokenizer="gpt2")
    else:  # still a useful picture without the shared corpora
        train.corpus.select_sample("english_story")
    shots: list[object] = []

    def grab_mid(_events) -> None:
        # a few display turns after a third of the merges: the table and plots have caught up
        if not shots and len(c.merges) >= c.target_merges // 3:
            shots.append("armed")
            QTimer.singleShot(
                350, lambda: shots.append(window.grab().save(str(out / f"train_mid_training{tag}.png")) and c.state)
            )

    c.merges_added.connect(grab_mid)
    train.start()
    wait(app, lambda: c.state == "finished" and len(shots) != 1)
    c.merges_added.disconnect(grab_mid)
    save("train_done")

    # 2. The vocabulary of that result, with the merge tree of a long token.
    vocab = window.vocab_view
    window.tabs.setCurrentWidget(vocab)
    tok = c.tokenizer()
    vocab.mode.setCurrentIndex(vocab.mode.findData("text"))
    vocab.search.setText("·self")
    vocab.apply_search()
    candidates = [vocab.model.token_id(r) for r in range(vocab.model.rowCount())]
    target = max(candidates or [300], key=lambda i: (len(tok.id_to_bytes(i)), -i))
    vocab.select_token(target)
    save("vocab_merge_tree")

    # 3. Step mode on seed 003's example, after one step (the tie of merge 0 explained).
    window.tabs.setCurrentWidget(train)
    train.corpus.select_sample("low_lower_widest_newest")
    train.apply_sample_settings(train.corpus.current_sample())
    train.step_action.trigger()
    wait(app, lambda: c.state == "paused" and c.snapshot is not None)
    train.step_action.trigger()
    wait(app, lambda: c.state == "paused" and len(c.merges) == 1 and c.snapshot.merges_done == 1)
    save("step_mode_seed003")
    train.resume_action.trigger()
    wait(app, lambda: c.state == "finished" and train.step_panel.snapshot is not None)
    save("step_mode_seed003_final")

    # 4. Step mode on "Hello helo, I'm" before the first merge.
    train.corpus.select_sample("hello_helo")
    train.apply_sample_settings(train.corpus.current_sample())
    train.step_action.trigger()
    wait(app, lambda: c.state == "paused" and c.snapshot is not None)
    save("step_mode_hello")
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
    save("vocab_o200k")

    # 6. The guide (F1) over the window.
    window.guide_action.trigger()
    settle(app, 0.3)
    window._guide.grab().save(str(out / f"help_guide{tag}.png"))
    window._guide.close()
    window.close()
    window.registry.wait(10_000)


if __name__ == "__main__":  # subtle: required, counting starts worker processes (forkserver)
    sys.exit(main())
