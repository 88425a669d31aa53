"""Screenshots of other programs' tokenizers in the app: Compare and vocabulary overlap.

Runs the real application window offscreen, as a user would: a Hugging Face cache (built in
a temporary folder from ../shared/tokenizers, pointed at by HF_HUB_CACHE) holds Llama 3.2's
``tokenizer.json`` and Mistral 7B's SentencePiece ``tokenizer.model``; a tokenizer is trained
on the built-in English and Chinese samples; then

- Compare: the trained tokenizer, cl100k, Llama 3 and Mistral (SentencePiece) on the same
  Chinese and English text;
- Vocabulary overlap: Llama 3 against cl100k (Llama 3 took most of its vocabulary from it),
  then the trained tokenizer against Mistral;
- Tokenize with Mistral (▁ pieces and byte-fallback tokens), the pattern dialog of a bare
  Qwen rank file, and the Export dialog after a tiktoken export.

Saves PNGs into ``screenshots/`` (git-ignored) and prints what each one shows.

Run: python tools/screenshots_formats.py [--out screenshots] [--sizes 1280x820,1024x700]
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
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

TEXT = (
    "春天的早晨，小河边的柳树发出了新芽。國語和国语是同一个意思。\n"
    "On a rocky island at the edge of the map there stood a lighthouse, and a grey cat named Pebble."
)
TOKENIZERS = SHARED / "tokenizers"
LLAMA = "meta-llama/Llama-3.2-1B"
MISTRAL = "mistralai/Mistral-7B-v0.1"


def wait(app: QApplication, cond, timeout: float = 180.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise TimeoutError("the app did not get there in time")
        app.processEvents()
        time.sleep(0.005)
    for _ in range(5):  # let the last paints happen
        app.processEvents()


def fake_hf_cache(folder: Path) -> Path:
    """Llama 3.2 and Mistral 7B as huggingface_hub lays out a cache (links to ../shared)."""
    for model, name, source in (
        (LLAMA, "tokenizer.json", TOKENIZERS / "llama3.2_tokenizer.json"),
        (MISTRAL, "tokenizer.model", TOKENIZERS / "mistral_sentencepiece_v1.model"),
    ):
        root = folder / ("models--" + model.replace("/", "--"))
        snapshot = root / "snapshots" / "0123456789abcdef"
        snapshot.mkdir(parents=True)
        (root / "refs").mkdir()
        (root / "refs" / "main").write_text("0123456789abcdef", encoding="ascii")
        os.symlink(source, snapshot / name)
    return folder


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "screenshots")
    parser.add_argument("--sizes", default="1280x820,1024x700")
    args = parser.parse_args()
    if not TOKENIZERS.is_dir():
        sys.exit(f"{TOKENIZERS} not found: put the shared folder beside the repository or set BPE_SHARED_DIR")
    args.out.mkdir(parents=True, exist_ok=True)
    work = tempfile.TemporaryDirectory()
    os.environ["HF_HUB_CACHE"] = str(fake_hf_cache(Path(work.name) / "hub"))
    app = QApplication.instance() or QApplication([])
    shots: list[tuple[str, str]] = []
    for size in args.sizes.split(","):
        width, height = (int(v) for v in size.split("x"))
        shoot(app, args.out, Path(work.name), width, height, shots)
    for name, what in shots:
        print(f"{args.out / name}: {what}")
    return 0


def shoot(app: QApplication, out: Path, work: Path, width: int, height: int, shots: list[tuple[str, str]]) -> None:
    from app.core.settings import Settings
    from app.window.export_dialog import ExportDialog
    from app.window.main_window import MainWindow
    from app.window.pattern_dialog import PatternDialog

    tmp = tempfile.TemporaryDirectory()
    settings = Settings(QSettings(str(Path(tmp.name) / "settings.ini"), QSettings.Format.IniFormat))
    settings.last_folder = tmp.name
    win = MainWindow(settings)
    win.resize(width, height)
    win.show()

    def shot(name: str, what: str, widget: QWidget | None = None) -> None:
        app.processEvents()
        name = name.replace(".png", f"_{width}x{height}.png")
        (widget or win).grab().save(str(out / name))
        shots.append((name, what))

    # 1. Train on the built-in English and Chinese samples, pasted as one text.
    samples = REPO / "resources" / "samples"
    text = "\n".join(
        p.read_text(encoding="utf-8")
        for p in sorted(samples.glob("*.txt"))
        if "english" in p.name or "chinese" in p.name
    )
    train = win.train_view
    train.corpus.set_text(text)
    train.settings_panel.set_values(vocab_size=1200, special_tokens="<|endoftext|>", pretokenizer="gpt2")
    train.start()
    wait(app, lambda: win.registry.latest_trained() is not None)
    trained = win.registry.latest_trained()
    assert trained is not None

    # 2. Compare: trained vs cl100k vs Llama 3 vs Mistral (SentencePiece) on Chinese and English.
    cv = win.compare_view
    win.tabs.setCurrentWidget(cv)
    cv.set_keys([trained, "cl100k_base", LLAMA, MISTRAL])
    cv.set_text(TEXT)
    wait(app, lambda: all(win.registry.get(k) is not None for k in cv.keys()) and cv.is_settled())
    shot(
        "formats_compare.png",
        "Compare: a freshly trained tokenizer, cl100k, Llama 3 (tokenizer.json from the Hugging Face cache) and "
        "Mistral 7B (SentencePiece .model: ▁ pieces, byte-fallback tokens) on the same Chinese and English text",
    )

    # 3. Vocabulary overlap.
    cv.lower_tabs.setCurrentWidget(cv.overlap)
    cv.overlap.set_keys(LLAMA, "cl100k_base")
    wait(app, cv.overlap.is_settled)
    cv.overlap.filters[0].setText("中")
    shot(
        "formats_overlap_llama3_cl100k.png",
        "Vocabulary overlap: Llama 3 against cl100k (by bytes), shares of each, tokens only in Llama 3 filtered by 中",
    )
    cv.overlap.filters[0].setText("")
    cv.overlap.set_keys(trained, MISTRAL)
    wait(app, cv.overlap.is_settled)
    shot(
        "formats_overlap_trained_mistral.png",
        "Vocabulary overlap: the trained byte-level tokenizer against Mistral's SentencePiece pieces (▁ is a space)",
    )
    cv.lower_tabs.setCurrentIndex(0)

    # 4. Tokenize with Mistral: pieces with ▁, byte-fallback tokens as bytes pointing at their character.
    tv = win.tokenize_view
    win.tabs.setCurrentWidget(tv)
    tv.picker.set_current_key(MISTRAL)
    tv.set_text(TEXT + " 🤚🏾")
    wait(app, lambda: tv.is_settled() and tv.table() is not None)
    table = tv.table()
    fallback = next((k for k in range(len(table)) if table.fallback and table.fallback[k]), 0)
    tv.token_chips.select(fallback)
    shot(
        "formats_tokenize_mistral.png",
        "Tokenize with Mistral 7B (SentencePiece): ▁ pieces, a byte-fallback token selected, its details below",
    )

    # 5. The pattern dialog of a bare rank file (Qwen's, linked without anything beside it).
    bare = work / f"bare{width}"
    bare.mkdir(exist_ok=True)
    if not (bare / "qwen.tiktoken").exists():
        os.symlink(TOKENIZERS / "qwen.tiktoken", bare / "qwen.tiktoken")
    dialog = PatternDialog(str(bare / "qwen.tiktoken"), {}, "", win)
    dialog.choose("qwen")
    dialog.show()
    shot(
        "formats_pattern_dialog.png",
        "A tiktoken rank file without a pattern: known patterns by name, live preview",
        dialog,
    )
    dialog.choose("custom")
    dialog.regex.setText(r"(a|aa)+$")
    dialog.sample.setText("a" * 40 + "b")
    shot("formats_pattern_dialog_slow_regex.png", "A catastrophic custom regex refused by the time limit", dialog)
    dialog.close()

    # 6. Export the trained tokenizer as tiktoken files: the three lines of Python.
    tok = win.registry.get(trained)
    export = ExportDialog(tok, win.registry.entry(trained).label, win.exporter, tmp.name, "trained", win)
    export.set_format("tiktoken")
    export.show()
    export.export_button.click()
    wait(app, lambda: not win.exporter.is_busy() and export.python.isVisible())
    shot("formats_export_tiktoken.png", "File > Export…: tiktoken files written, the Python that loads them", export)
    export.close()
    win.close()
    win.registry.wait(10_000)


if __name__ == "__main__":
    sys.exit(main())
