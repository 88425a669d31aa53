"""Jobs of the vocabulary-size sweep: bytes per token of held-out texts for every vocabulary
size one training passed through, and OpenAI's encodings on the same texts.

Plain functions and frozen results (no Qt widgets; their messages go through ``app.core.i18n.tr``,
i.e. ``QCoreApplication.translate``, which is thread-safe), run off the GUI thread by
:class:`app.features.sweep.controller.SweepController`. One training to the largest size is enough:
the tokenizer of a smaller vocabulary is the same training stopped earlier, i.e. its first
merges, and ``Tokenizer.token_curve`` counts a text's tokens after every number of merges in
one pass. Special-token text in a held-out text counts as one token each (it is recognised),
as tiktoken's ``encode(text, allowed_special="all")`` does.

It leaves out scheduling (the controller) and drawing (the Sweep view).
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from app.core.text_files import MAX_TEXT_BYTES, TextFileError, read_user_text
from app.features.sweep.heldout import HeldOutText
from bpe_engine import Tokenizer

__all__ = [
    "SweepCurve",
    "SweepReference",
    "sweep_curves",
    "reference_counts",
    "read_text_file",
    "TextFileError",
    "sweep_csv",
    "MAX_TEXT_BYTES",
]


@dataclass(frozen=True)
class SweepCurve:
    """One text measured with every prefix of one tokenizer's merges.

    ``tokens[k]`` is the text's length in tokens with the first ``k`` merges; the vocabulary
    then holds ``sizes[k]`` tokens: the bytes, the distinct tokens those merges make and the
    special tokens (``256 + k + specials`` unless two merges make one token, as in Llama 3's
    ``tokenizer.json``: 280,147 merges, 128,000 tokens).
    """

    name: str
    bytes: int
    tokens: np.ndarray
    specials: int
    sizes: np.ndarray

    def vocab_sizes(self) -> np.ndarray:
        return self.sizes

    def bytes_per_token(self) -> np.ndarray:
        out: np.ndarray = self.bytes / np.maximum(self.tokens, 1).astype(np.float64)
        return out


@dataclass(frozen=True)
class SweepReference:
    """One of OpenAI's encodings on the texts: its vocabulary size and each text's token count."""

    key: str
    vocab_size: int
    tokens: tuple[tuple[str, int], ...]  # (text name, tokens)
    bytes: tuple[tuple[str, int], ...]  # (text name, UTF-8 bytes)

    def bytes_per_token(self, name: str) -> float | None:
        tokens = dict(self.tokens).get(name)
        size = dict(self.bytes).get(name)
        return size / tokens if tokens and size is not None else None


def sweep_curves(tokenizer: Tokenizer, texts: Sequence[HeldOutText]) -> list[SweepCurve]:
    """Each text's token count after every number of ``tokenizer``'s merges."""
    specials = len(tokenizer.special_tokens)
    sizes = np.asarray(tokenizer.vocab_sizes_after(), dtype=np.int64) + specials
    return [
        SweepCurve(t.name, t.size, tokenizer.token_curve(t.text, allowed_special="all"), specials, sizes) for t in texts
    ]


def reference_counts(key: str, tokenizer: Tokenizer, texts: Sequence[HeldOutText]) -> SweepReference:
    """``tokenizer`` (an OpenAI encoding) on each text, special tokens recognised."""
    counts = tuple((t.name, len(tokenizer.encode(t.text, allowed_special="all"))) for t in texts)
    # its tokens, as the curves count theirs (n_vocab, the ids' range, has gaps: cl100k 100,277)
    return SweepReference(key, tokenizer.vocab_size, counts, tuple((t.name, t.size) for t in texts))


def read_text_file(path: str) -> HeldOutText:
    """A user's held-out text file (see :func:`app.core.text_files.read_user_text`)."""
    name = os.path.basename(path)
    return HeldOutText(name, read_user_text(path), Path(path))


def sweep_csv(tokenizer: str, curves: Sequence[SweepCurve], references: Sequence[SweepReference]) -> str:
    """Every point of the sweep as CSV: one row per text and vocabulary size of ``tokenizer``
    (every number of merges), then one per text and OpenAI encoding."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["text", "tokenizer", "merges", "vocab_size", "bytes", "tokens", "bytes_per_token"])
    for curve in curves:
        for k, (size, tokens) in enumerate(zip(curve.vocab_sizes().tolist(), curve.tokens.tolist())):
            writer.writerow(
                [curve.name, tokenizer, k, size, curve.bytes, tokens, f"{curve.bytes / max(tokens, 1):.6f}"]
            )
    for ref in references:
        sizes = dict(ref.bytes)
        for name, tokens in ref.tokens:
            writer.writerow(
                [name, ref.key, "", ref.vocab_size, sizes[name], tokens, f"{sizes[name] / max(tokens, 1):.6f}"]
            )
    return out.getvalue()
