"""Shared by the Unigram tests: the training text, the texts compared, models trained here."""

from __future__ import annotations

import io
from pathlib import Path

from ..conftest import SHARED, data_text
from .formats_support import generated_strings

TRAINING = [
    line
    for name in ("english.txt", "multiscript.txt", "russian.txt", "python_code.txt", "chinese.txt")
    for line in data_text(name).splitlines()
    if line.strip()
]

# The heads of the shared corpora (English, Chinese, code, Russian, Japanese, UDHR).
_CORPORA = [
    "en_enwik8_prefix_4MB.txt",
    "zh_classical_poetry_25MB.txt",
    "code_python311_stdlib_32MB.txt",
    "ru_fortunes_4MB.txt",
    "ja_novels_2MB.txt",
    "multi_udhr_532langs_7MB.txt",
]


def corpus_heads(size: int = 20_000) -> list[tuple[str, str]]:
    """``(name, text)``: the first ``size`` bytes of each shared corpus present (none when
    ../shared/corpora is missing)."""
    out = []
    for name in _CORPORA:
        path = SHARED / "corpora" / name
        if path.is_file():
            with open(path, "rb") as f:
                out.append((name, f.read(size).decode("utf-8", errors="ignore")))
    return out


def texts_to_compare(generated: int = 2_000) -> list[tuple[str, str]]:
    """tests/data line by line, the corpora heads in lines and whole, hard cases and
    ``generated`` generated strings."""
    out = [(f"line {k}", line) for k, line in enumerate(TRAINING)]
    for name, text in corpus_heads():
        out.append((f"{name} whole", text[:5000]))
        out += [(f"{name} line {k}", line) for k, line in enumerate(text.splitlines()[:200]) if line.strip()]
    out += [
        ("unknown runs", "abc \U00030000\U00030001\U00030002 def \ue000x\U0010fffd"),
        ("spaces", "   a   b  \t\n  c   "),
        ("one character repeated", "a" * 3000),
        ("one CJK character repeated", "的" * 2000),
        ("emoji", "family 👨\u200d👩\u200d👧 flag 🇫🇷 👍🏽 1️⃣ " * 5),
        ("accents", "café vs cafe\u0301, ñ vs n\u0303, Å, q̣̇, Z̵͇͐"),
        ("no spaces, long", "".join(data_text("english.txt").split())[:5000]),
    ]
    out += [(f"generated[{k}]", s) for k, s in enumerate(generated_strings(generated))]
    return out


def train_sentencepiece(path: Path, *, byte_fallback: bool, vocab_size: int = 4000) -> Path:
    """A Unigram ``.model`` trained by ``sentencepiece`` on :data:`TRAINING` (and the corpora heads)."""
    import sentencepiece as spm

    lines = TRAINING + [line for _, text in corpus_heads(30_000) for line in text.splitlines() if line.strip()]
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=out,
        model_type="unigram",
        vocab_size=vocab_size,
        character_coverage=0.98,
        byte_fallback=byte_fallback,
        # Without ../shared only tests/data is there to learn from: fewer pieces, not an error.
        hard_vocab_limit=False,
        minloglevel=2,
    )
    path.write_bytes(out.getvalue())
    return path
