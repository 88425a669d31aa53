"""import bpe_engine pulls in no Qt; the app imports only bpe_engine's public names."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _python(code: str) -> str:
    """What a fresh interpreter running ``code`` in the checkout prints (it must succeed)."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_import_bpe_engine_imports_no_qt() -> None:
    code = (
        "import sys, bpe_engine, bpe_engine.cli, bpe_engine.train.trainer, bpe_engine.encode.files\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'PyQt5', 'PyQt6', 'shiboken6', 'pyqtgraph'))\n"
        "print(bad)\n"
    )
    assert _python(code) == "[]"


def test_app_uses_only_public_engine_names() -> None:
    import bpe_engine

    public = set(bpe_engine.__all__)
    offenders = []
    for path in (REPO / "app").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bpe_engine"):
                if node.module != "bpe_engine":
                    offenders.append(f"{path.name}: from {node.module} import ...")
                else:
                    offenders += [f"{path.name}: {a.name}" for a in node.names if a.name not in public]
            elif isinstance(node, ast.Import):
                offenders += [f"{path.name}: import {a.name}" for a in node.names if a.name.startswith("bpe_engine.")]
    assert offenders == []


def test_every_package_is_listed_for_installation() -> None:
    """pyproject.toml lists packages by name (setuptools installs only those): a subpackage
    missing there is missing from a wheel (bpe_engine.formats once was)."""
    import tomllib

    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    for top in ("bpe_engine", "app"):
        for init in (REPO / top).rglob("__init__.py"):
            name = ".".join(init.parent.relative_to(REPO).parts)
            assert name in listed, f"{name} is not in [tool.setuptools] packages of pyproject.toml"


def test_training_imports_only_what_it_uses() -> None:
    """A process that trains (here on Chinese, which preforming indexes) imports neither the
    checkpoint format (zipfile, read only when a checkpoint is saved or resumed) nor
    ``numpy.ma`` (which ``np.unique`` imports); each costs every training ~5-10 ms."""
    code = (
        "import sys\n"
        "from bpe_engine import BpeTrainer\n"
        "text = '春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。床前明月光，疑是地上霜。\\n' * 40\n"
        "t = BpeTrainer(None, 300, text=text, workers=1)\n"
        "events = t.events()\n"
        "next(e for e in events if type(e).__name__ == 'CountingDone')\n"
        "assert t._preformed is not None  # the merges of characters were made ahead\n"
        "for _ in events: pass\n"
        "t.tokenizer()\n"
        "print(sorted(m for m in ('numpy.ma', 'zipfile', 'bpe_engine.train.checkpoint') if m in sys.modules))\n"
    )
    assert _python(code) == "[]"
