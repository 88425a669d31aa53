"""The Sweep's vocabulary sizes are the tokens that exist after k merges, not ``256 + k``: a
Hugging Face file may make one token by several merges (Llama 3.2's ``tokenizer.json``: 280,147
merges, 128,000 tokens). The line beside the picker, the table's rows, the curves' points and
the CSV are checked against the distinct merge results counted from the file's own JSON."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from tokenizers import Tokenizer as HFTokenizer, models, pre_tokenizers

from app.display.format import format_count
from bpe_engine import load_tokenizer

from ...conftest import shared_path
from .test_sweep_view import shown_view


def _repeating_file(folder: Path) -> Path:
    """A byte-level BPE file written by `tokenizers`, whose merges make "abc" twice."""
    from tokenizers.pre_tokenizers import ByteLevel

    alphabet = ByteLevel.alphabet()
    vocab = {ch: i for i, ch in enumerate(sorted(alphabet))}
    merges = [("a", "b"), ("b", "c"), ("ab", "c"), ("a", "bc"), ("Ġ", "abc")]
    for a, b in merges:
        vocab.setdefault(a + b, len(vocab))
    hf = HFTokenizer(models.BPE(vocab, merges))
    hf.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    path = folder / "tokenizer.json"
    hf.save(str(path))
    return path


def _check(qtbot, registry, path: Path, tmp_path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    pairs = [m.split(" ") if isinstance(m, str) else m for m in data["model"]["merges"]]
    tok = load_tokenizer(str(path))
    specials = len(tok.special_tokens)
    seen: set[str] = set()
    made = [0]  # made[k]: the distinct tokens the first k merges make
    for a, b in pairs:
        seen.add(a + b)
        made.append(len(seen))
    assert made[-1] < len(pairs)  # the file repeats tokens
    view = shown_view(qtbot, registry, tok, "repeating", timeout=300_000)
    low, high = 256 + specials, 256 + made[-1] + specials
    assert f"from {format_count(low)} to {format_count(high)} is" in view.about.text()
    sizes, _ = view.points(view.texts()[0].name)
    assert sizes.tolist() == [256 + m + specials for m in made]
    rows = [label for label, _ in view.table_rows()]
    assert rows[0].startswith(f"{format_count(low)} (0 merges)")
    assert rows[-1].startswith(f"{format_count(high)} ({format_count(len(pairs))} merge")
    view.export_csv(str(tmp_path / "sweep.csv"))
    with open(tmp_path / "sweep.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["merges"]:
                assert int(row["vocab_size"]) == 256 + made[int(row["merges"])] + specials
    view.shutdown()


def test_a_file_whose_merges_repeat_a_token(qtbot, registry, tmp_path) -> None:
    _check(qtbot, registry, _repeating_file(tmp_path), tmp_path)


@pytest.mark.slow
def test_llama_3_2s_tokenizer_json(qtbot, registry, tmp_path) -> None:
    path = shared_path("tokenizers/llama3.2_tokenizer.json", "Llama 3.2's tokenizer.json")
    _check(qtbot, registry, path, tmp_path)


def test_a_failed_measure_leaves_the_line_with_the_sizes(qtbot, registry, tmp_path, monkeypatch) -> None:
    # (the line said "Loading…" for good once the curves' job failed: it waits for the curves)
    import app.features.sweep.controller as controller

    def broken(*_args: object) -> list[object]:
        raise ValueError("no curves today")

    monkeypatch.setattr(controller, "sweep_curves", broken)
    tok = load_tokenizer(str(_repeating_file(tmp_path)))
    view = shown_view(qtbot, registry, tok, "repeating")
    assert "from 256 to 260 is" in view.about.text()  # 256 bytes + the 4 distinct tokens the merges make
    assert view.table_rows() == []
    view.shutdown()


def test_an_openai_reference_point_sits_at_its_number_of_tokens() -> None:
    """cl100k's point stood at 100,277 (tiktoken's n_vocab: its ids run to 100,276 with gaps
    before its special tokens) where the Timeline says its vocabulary is 100,261 tokens, as the
    curves count them."""
    tiktoken = pytest.importorskip("tiktoken")
    from app.features.sweep.heldout import HeldOutText
    from app.features.sweep.job import reference_counts
    from bpe_engine import Tokenizer

    enc = tiktoken.get_encoding("cl100k_base")
    ref = reference_counts("cl100k_base", Tokenizer.from_tiktoken("cl100k_base"), [HeldOutText("t", "Hello world")])
    assert ref.vocab_size == len(enc._mergeable_ranks) + len(enc._special_tokens) == 100_261
