"""Timeline latency: from moving the slider to merge k until the chips of the text as of merge
k are painted, in the real main window, for a 32 000-merge tokenizer and 2 KB of text.

The tokenizer is trained once on the shared English corpus (``en_mix_36MB.txt``, vocabulary
32 000 merges + 256 bytes + ``<|endoftext|>``) and cached (``--cache``), or given with
``--tokenizer``. The text is the first 2 KB of the app's held-out English text (never
trained on). Two ways of scrubbing are measured:

- *jumps*: the slider set to random positions (a click on the groove, typing k);
- *drag*: consecutive small moves (dragging the handle: 1 to 40 merges per step).

Each position is timed from ``slider.setValue(k)`` until the view shows k and its chips have
been painted (the encoding runs in the background: the event loop turns meanwhile, as it
does for a user). Printed: median, 95th percentile and maximum in milliseconds, and the
engine's share (``Tokenizer.encode_as_of`` alone).

Run: python benchmarks/timeline_latency.py [--positions 300] [--tokenizer tok.json]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPORA, EOT, REPO, median, percentile, require_shared  # noqa: E402

MERGES = 32_000
TEXT_BYTES = 2_000


def load_tokenizer(args: argparse.Namespace):  # -> Tokenizer
    from bpe_engine import Tokenizer, train_bpe

    if args.tokenizer:
        return Tokenizer.load(args.tokenizer)
    cached = args.cache / f"en_mix_{MERGES}.json"
    if cached.is_file():
        return Tokenizer.load(cached)
    require_shared()
    print(f"training {MERGES} merges on {CORPORA / 'en_mix_36MB.txt'} (once; cached in {cached})…", flush=True)
    tok = train_bpe(CORPORA / "en_mix_36MB.txt", 256 + MERGES + 1, [EOT])
    args.cache.mkdir(parents=True, exist_ok=True)
    tok.save(cached)
    return tok


def sample_text() -> str:
    data = (REPO / "resources" / "heldout" / "english.txt").read_bytes()[:TEXT_BYTES]
    return data.decode("utf-8", errors="ignore")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300, help="positions per way of scrubbing")
    parser.add_argument("--tokenizer", help="a saved tokenizer to use instead of training one")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "bpe-explorer-bench")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()

    tok = load_tokenizer(args)
    text = sample_text()
    print(f"tokenizer: {len(tok.merges):,} merges; text: {len(text.encode('utf-8')):,} bytes")

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from app.core.settings import Settings
    from app.widgets.plots import paint_pending
    from app.window.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    folder = tempfile.TemporaryDirectory()
    window = MainWindow(Settings(QSettings(str(Path(folder.name) / "s.ini"), QSettings.Format.IniFormat)))
    window.resize(1280, 820)
    window.show()
    window.registry.add(tok, f"en_mix · {len(tok.merges)} merges")
    view = window.timeline_view
    window.tabs.setCurrentWidget(view)
    view.set_text(text)

    def settle(k: int, limit: float = 30.0) -> float:
        began = time.perf_counter()
        view.set_merges(k)
        while True:
            app.processEvents()
            if view.is_settled():
                paint_pending(view)  # the chips' repaint, now (a user sees it at the next frame)
                app.processEvents()
                if view.chips.painted_generation == view.chips.generation:
                    return (time.perf_counter() - began) * 1000
            if time.perf_counter() - began > limit:
                raise TimeoutError(f"position {k} was not shown within {limit} s")
            time.sleep(0.0002)

    rng = random.Random(args.seed)
    total = len(tok.merges)
    for k in (0, total // 2, total):  # warm up: first paints, caches of chip images
        settle(k)
    jumps = [settle(rng.randrange(total + 1)) for _ in range(args.positions)]
    k = rng.randrange(total + 1)
    drag = []
    for _ in range(args.positions):
        k = min(max(k + rng.choice((-1, 1)) * rng.randint(1, 40), 0), total)
        drag.append(settle(k))

    engine = []
    for _ in range(args.positions):
        k = rng.randrange(total + 1)
        began = time.perf_counter()
        tok.encode_as_of(text, k, allowed_special="all")
        engine.append((time.perf_counter() - began) * 1000)

    def line(name: str, values: list[float]) -> str:
        return (
            f"{name:<26} median {median(values):6.1f} ms   p95 {percentile(values, 95):6.1f} ms   "
            f"max {max(values):6.1f} ms   ({len(values)} positions)"
        )

    print(line("jumps (slider to chips)", jumps))
    print(line("drag (slider to chips)", drag))
    print(line("encode_as_of alone", engine))
    window.close()
    window.registry.wait(10_000)
    return 0


if __name__ == "__main__":
    sys.exit(main())
