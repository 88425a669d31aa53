"""tiktoken's own public test suite, run against our Tokenizer through a thin adapter.

The tests are not copied into this repository: they are taken from tiktoken's source
distribution on PyPI (the version installed here), once, into a cache folder, and run in a
fresh pytest process where ``import tiktoken`` gives tests/engine/tiktoken_adapter.py. Every
test of tests/test_encoding.py, test_misc.py, test_offsets.py, test_simple_public.py and
test_pickle.py must pass. One cannot apply and is left out, with the reason:

- ``test_optional_blobfile_dependency`` (test_misc, test_simple_public) checks that importing
  tiktoken itself does not import ``blobfile``, in a fresh interpreter where the adapter is
  not installed: it tests tiktoken's packaging, not encoding. (It passes anyway.)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from importlib.metadata import version
from pathlib import Path

import pytest

from ..conftest import OPENAI_NAMES, tiktoken_encoding

HERE = Path(__file__).resolve().parent
CACHE = Path(os.environ.get("BPE_TEST_CACHE", HERE.parents[1] / ".cache"))
SUITE = ("test_encoding.py", "test_misc.py", "test_offsets.py", "test_simple_public.py", "test_pickle.py")

CONFTEST = """
import importlib.util, sys
# The real tiktoken first, with every submodule the engine and tiktoken's registry use:
# they stay importable (and working) after the adapter takes the name "tiktoken".
import tiktoken, tiktoken.core, tiktoken.load, tiktoken.model, tiktoken.registry
import tiktoken_ext.openai_public
spec = importlib.util.spec_from_file_location("tiktoken", {adapter!r})
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
sys.modules["tiktoken"] = module
# Hypothesis feeds string constants of "local" code (outside site-packages) into st.text().
# Run against tiktoken itself it finds none (tiktoken_ext lives in site-packages); against
# our editable engine it finds special-token names such as "<|fim_suffix|>", which
# test_hyp_roundtrip's plain encode() must refuse, with tiktoken as with us. Same inputs as
# tiktoken's own run: no local constants.
try:
    from hypothesis.internal.conjecture import providers as _providers
    _no_constants = _providers._local_constants
    _providers._get_local_constants = lambda: _no_constants
except (ImportError, AttributeError):  # a Hypothesis without constant mining
    pass


def pytest_sessionfinish(session, exitstatus):
    import tiktoken
    with open({marker!r}, "w") as f:
        f.write(tiktoken.__file__ + "\\n" + repr(tiktoken.get_encoding("gpt2")))
"""


def _suite() -> Path:
    """tiktoken's tests folder for the installed version (downloaded once, then cached)."""
    release = version("tiktoken")
    folder = CACHE / f"tiktoken-{release}-tests"
    if (folder / "tests" / "test_encoding.py").exists():
        return folder / "tests"
    download = CACHE / "sdist"
    download.mkdir(parents=True, exist_ok=True)
    got = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            f"tiktoken=={release}",
            "--no-deps",
            "--no-binary",
            ":all:",
            "-d",
            str(download),
            "-q",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    archive = download / f"tiktoken-{release}.tar.gz"
    if got.returncode != 0 or not archive.exists():
        message = (
            f"tiktoken {release}'s source distribution could not be downloaded from PyPI "
            f"({got.stderr.strip()[-200:]}); with network access once, it is cached in {CACHE}"
        )
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    with tarfile.open(archive) as tar:
        members = [m for m in tar.getmembers() if "/tests/" in m.name and m.isfile()]
        for m in members:
            m.name = "tests/" + m.name.split("/tests/", 1)[1]
        tar.extractall(folder, members=members, filter="data")
    return folder / "tests"


@pytest.mark.slow
def test_tiktokens_public_tests_pass_on_our_tokenizer(tmp_path: Path, tiktoken_encodings: dict) -> None:
    for name in ("gpt2", *OPENAI_NAMES):  # the suite opens them all (skips here without them)
        tiktoken_encoding(name)
    source = _suite()
    work = tmp_path / "tiktoken_tests"
    work.mkdir()
    for name in ("__init__.py", "test_helpers.py", *SUITE):
        (work / name).write_bytes((source / name).read_bytes())
    marker = tmp_path / "used.txt"
    conftest = CONFTEST.format(adapter=str(HERE / "tiktoken_adapter.py"), marker=str(marker))
    (work / "conftest.py").write_text(conftest, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(HERE.parents[1]))
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            "--rootdir",
            str(tmp_path),
            "-o",
            "addopts=",
            "-W",
            "error",
            str(work),
        ],
        capture_output=True,
        text=True,
        timeout=1500,
        cwd=tmp_path,
        env=env,
    )
    summary = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert " passed" in summary and "failed" not in summary and "error" not in summary, summary
    # The adapter was really in use (a run against tiktoken itself would prove nothing).
    used = marker.read_text(encoding="utf-8").splitlines()
    assert used[0].endswith("tiktoken_adapter.py") and "(bpe_engine)" in used[1]
