"""``bpe-engine measure`` prints the same figures as the Measure tab: Mistral v3's
SentencePiece ``.model`` measured on the built-in parallel sample with vocabulary health, once
by the command (a fresh process, its CSV) and once in the tab (its CSV export), every figure
of the language tax, efficiency and health counts compared."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.features.measure.job import MeasureState
from app.features.measure.texts import TextSet
from app.features.measure.view import MeasureView
from bpe_engine import load_tokenizer

from ...conftest import REPO, shared_path
from .conftest import measure

pytestmark = pytest.mark.slow  # 100 languages and a vocabulary's health, twice: seconds


def _figures(path: Path) -> dict[tuple[str, str, str], float]:
    """(table, language, measure) -> value, the per-token health lists left out."""
    rows = csv.DictReader(path.read_text(encoding="utf-8").splitlines())
    return {(r["table"], r["language"], r["measure"]): float(r["value"]) for r in rows if r["table"] != "health_tokens"}


def test_the_command_and_the_tab_agree(qtbot, registry, view, tmp_path) -> None:
    model = shared_path("tokenizers/mistral_sentencepiece_v3.model", "the Mistral v3 model")
    out = tmp_path / "cli.csv"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    args = [str(model), "--parallel", str(REPO / "resources" / "parallel"), "--health", "--csv", str(out)]
    done = subprocess.run(
        [sys.executable, "-m", "bpe_engine", "measure", *args], capture_output=True, text=True, env=env, timeout=900
    )
    assert done.returncode == 0, done.stderr
    key = registry.add(load_tokenizer(model), "mistral v3", kind="file")
    measure(qtbot, view, key, TextSet.SAMPLE, timeout=600_000)
    view.export_csv(str(tmp_path / "app.csv"))
    cli, app = _figures(out), _figures(tmp_path / "app.csv")
    assert len(cli) > 600  # 100 languages x 6 measures, the Gini coefficients, efficiency, health
    shared = cli.keys() & app.keys()
    assert shared == cli.keys(), sorted(cli.keys() - app.keys())[:10]
    for k in sorted(shared):
        assert app[k] == pytest.approx(cli[k], rel=1e-9), k
    view.shutdown()
    view.controller.wait(60_000)
