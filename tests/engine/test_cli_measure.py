"""``bpe-engine measure`` run as a user would (fresh processes), its figures checked against
tiktoken's token counts and the metrics computed here."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bpe_engine import Tokenizer, fertility, load_parallel, renyi_efficiency, train_bpe

from ..conftest import data_text, tiktoken_encoding

pytestmark = pytest.mark.slow  # fresh interpreters loading OpenAI's encodings: seconds each

REPO = Path(__file__).resolve().parents[2]
PARALLEL = REPO / "resources" / "parallel"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO))  # this checkout's engine, whatever is installed
    return subprocess.run(
        [sys.executable, "-m", "bpe_engine", "measure", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )


def _parallel(tmp_path: Path, codes: tuple[str, ...]) -> Path:
    folder = tmp_path / "par"
    folder.mkdir()
    sample = load_parallel(PARALLEL)
    for code in codes:
        (folder / f"{code}.txt").write_text(sample.language(code).text, encoding="utf-8")
    return folder


def test_language_tax_against_tiktoken(tmp_path: Path) -> None:
    enc = tiktoken_encoding("cl100k_base")
    folder = _parallel(tmp_path, ("eng", "rus", "cmn", "hin"))
    out = run("tiktoken:cl100k_base", "--parallel", str(folder), "--csv", "out.csv", "-q", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    texts = load_parallel(folder).texts()
    tokens = {k: len(enc.encode_ordinary(t)) for k, t in texts.items()}
    rows = list(csv.DictReader((tmp_path / "out.csv").read_text(encoding="utf-8").splitlines()))
    tax = {(r["language"], r["measure"]): float(r["value"]) for r in rows if r["table"] == "language_tax"}
    for code, n in tokens.items():
        assert tax[(code, "tokens")] == n
        assert tax[(code, "premium")] == pytest.approx(n / tokens["eng"])
        # the content's sentences, counted once in English: its 17 non-empty lines
        assert tax[(code, "tokens_per_sentence")] == pytest.approx(n / 17)
    assert "Language tax" in out.stdout and "Gini of premiums" in out.stdout
    line = next(x for x in out.stdout.splitlines() if x.startswith("rus "))
    assert f"{tokens['rus']:,}" in line and f"{tokens['rus'] / tokens['eng']:.2f}" in line
    assert f"{tokens['rus'] / 17:.1f}" in line and "tokens/sentence" in out.stdout
    eff = {r["measure"]: float(r["value"]) for r in rows if r["table"] == "efficiency"}
    assert eff["tokens"] == sum(tokens.values())
    tok = Tokenizer.from_tiktoken("cl100k_base")
    all_ids = [i for t in texts.values() for i in enc.encode_ordinary(t)]
    assert eff["renyi_efficiency_2.5"] == pytest.approx(renyi_efficiency(tok, "", ids=all_ids).efficiency)
    words = sum(fertility(tok, t).words for t in texts.values())
    assert eff["words"] == words and eff["tokens_per_word"] == pytest.approx(sum(tokens.values()) / words)


def test_text_and_health(tmp_path: Path) -> None:
    tok = train_bpe(None, 400, text=data_text("english.txt"))
    tok.save(tmp_path / "tok.json")
    (tmp_path / "essay.txt").write_text(data_text("english.txt")[:2000], encoding="utf-8")
    out = run("tok.json", "--text", "essay.txt", "--health", "--csv", "-", "-q", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "Language tax" not in out.stdout and "Vocabulary health" in out.stdout
    from bpe_engine import vocabulary_health

    h = vocabulary_health(tok, data_text("english.txt")[:2000])
    rows = [r for r in csv.reader(out.stdout.splitlines()) if r and r[0] == "vocabulary_health"]
    got = {r[5]: int(r[6]) for r in rows}
    assert got == {
        "unreachable": len(h.unreachable),
        "part_character": 128,
        "unused": len(h.unused or ()),
        "intermediate_only": len(h.intermediate_only or ()),
        "undertrained_candidates": len(h.undertrained_candidates),
    }


@pytest.mark.usefixtures("openai_encodings")
def test_errors(tmp_path: Path) -> None:
    folder = _parallel(tmp_path, ("rus", "cmn"))
    out = run("tiktoken:r50k_base", "--parallel", str(folder), cwd=tmp_path)
    assert out.returncode == 1 and "reference language 'eng'" in out.stderr and "Traceback" not in out.stderr
    out = run("tiktoken:r50k_base", "--text", "missing.txt", cwd=tmp_path)
    assert out.returncode == 1 and "missing.txt" in out.stderr
    out = run("tiktoken:r50k_base", cwd=tmp_path)
    assert out.returncode == 2 and "--parallel" in out.stderr
    (tmp_path / "t.txt").write_text("hello", encoding="utf-8")
    out = run("tiktoken:r50k_base", "--text", "t.txt", "--csv", "t.txt", cwd=tmp_path)
    assert out.returncode == 1 and (tmp_path / "t.txt").read_text() == "hello"  # never over an input
