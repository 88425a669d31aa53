"""Test set-up shared by tests/engine and tests/app.

- Qt runs offscreen (set before any Qt import).
- tiktoken reads the offline cache in ../shared/tiktoken_cache when TIKTOKEN_CACHE_DIR is unset.
- ``tests/data`` holds the small texts the project wrote itself (see tests/data/README.md);
  :func:`data_path` and :func:`data_text` read them.
- ``shared`` points at ../shared (or $BPE_SHARED_DIR). Without it, tests that need the shared
  fixtures are skipped locally, but fail under CI=true, where ../shared must be present.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data"
SHARED = Path(os.environ.get("BPE_SHARED_DIR", REPO.parent / "shared")).resolve()
if "TIKTOKEN_CACHE_DIR" not in os.environ and (SHARED / "tiktoken_cache").is_dir():
    os.environ["TIKTOKEN_CACHE_DIR"] = str(SHARED / "tiktoken_cache")


def _need(path: Path) -> Path:
    if not path.exists():
        message = f"{path} is missing: put the shared folder beside the repository or set BPE_SHARED_DIR"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def shared() -> Path:
    return _need(SHARED)


@pytest.fixture(scope="session")
def fixtures(shared: Path) -> Path:
    return _need(shared / "fixtures" / "cs336")


@pytest.fixture(scope="session")
def corpora(shared: Path) -> Path:
    return _need(shared / "corpora")


def data_path(name: str) -> Path:
    """A file of tests/data (part of the repository: it is always there)."""
    path = DATA / name
    assert path.is_file(), f"{path} is missing from the repository"
    return path


def data_text(name: str) -> str:
    """A file of tests/data as text, byte for byte (CRLF line ends stay CRLF)."""
    return data_path(name).read_bytes().decode("utf-8")
