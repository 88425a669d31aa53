"""Test set-up shared by tests/engine and tests/app.

- Qt runs offscreen (set before any Qt import).
- ``tests/data`` holds the small texts the project wrote itself (see tests/data/README.md);
  :func:`data_path` and :func:`data_text` read them. Every test that does not check a shared
  fixture itself runs on them, so a fresh clone runs almost all tests.
- ``shared`` points at ../shared (or $BPE_SHARED_DIR): the CS336 fixtures and the big corpora.
  Without it, tests that need them are skipped locally (the reason says what is missing and
  how to get it), but fail under CI=true, where ../shared must be present.
- tiktoken reads the offline cache in ../shared/tiktoken_cache when TIKTOKEN_CACHE_DIR is
  unset. :func:`tiktoken_encoding` loads an OpenAI encoding from tiktoken's cache, or downloads
  it once (with a time limit); when neither works, the test is skipped with a reason that
  says how to get the encoding (and fails under CI=true).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data"
SHARED = Path(os.environ.get("BPE_SHARED_DIR", REPO.parent / "shared")).resolve()
# Tests never write to the user's cache of opened tokenizers; tests of the cache point it at tmp_path.
os.environ.setdefault("BPE_EXPLORER_CACHE", "0")
if "TIKTOKEN_CACHE_DIR" not in os.environ and (SHARED / "tiktoken_cache").is_dir():
    os.environ["TIKTOKEN_CACHE_DIR"] = str(SHARED / "tiktoken_cache")

SHARED_HINT = "put the shared folder beside the repository (../shared) or set BPE_SHARED_DIR to it"
TIKTOKEN_HINT = (
    "set TIKTOKEN_CACHE_DIR to a folder of tiktoken's cached encoding files (the shared folder's "
    "tiktoken_cache/ is one), or allow network access once so that tiktoken downloads the "
    "encoding into its cache"
)


def _missing(message: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def _need(path: Path, what: str = "shared test data") -> Path:
    if not path.exists():
        _missing(f"{path} is missing ({what}): {SHARED_HINT}")
    return path


@pytest.fixture(scope="session")
def shared() -> Path:
    return _need(SHARED)


@pytest.fixture(scope="session")
def fixtures() -> Path:
    return _need(SHARED / "fixtures" / "cs336", "the CS336 reference fixtures")


@pytest.fixture(scope="session")
def corpora() -> Path:
    return _need(SHARED / "corpora", "the big shared corpora")


def shared_path(relative: str, what: str) -> Path:
    """A file or folder of ../shared; skips (fails under CI) when absent, saying it is ``what``."""
    return _need(SHARED / relative, what)


def shared_corpus(name: str) -> Path:
    """One of the big corpora in ../shared/corpora; skips (fails under CI) when absent."""
    return _need(SHARED / "corpora" / name, "one of the big shared corpora")


def data_path(name: str) -> Path:
    """A file of tests/data (part of the repository: it is always there)."""
    path = DATA / name
    assert path.is_file(), f"{path} is missing from the repository"
    return path


def data_text(name: str) -> str:
    """A file of tests/data as text, byte for byte (CRLF line ends stay CRLF)."""
    return data_path(name).read_bytes().decode("utf-8")


# --- OpenAI encodings through tiktoken -------------------------------------------------------

_DOWNLOAD_TIMEOUT = (15, 120)  # seconds: to connect, and between two bytes received
_tiktoken_problems: dict[str, str] = {}
_network_problem: list[str] = []  # once a download fails, the others are not tried


class _NotInCache(Exception):
    pass


@contextlib.contextmanager
def scratch_tiktoken_cache(folder: Path) -> Iterator[None]:
    """tiktoken copies every rank file it reads into TIKTOKEN_CACHE_DIR, local ones too: while
    a test reads its own rank files, that is ``folder``, never ../shared (read-only in CI)."""
    before = os.environ.get("TIKTOKEN_CACHE_DIR")
    os.environ["TIKTOKEN_CACHE_DIR"] = str(folder)
    try:
        yield
    finally:
        if before is None:
            del os.environ["TIKTOKEN_CACHE_DIR"]
        else:
            os.environ["TIKTOKEN_CACHE_DIR"] = before


def _load_tiktoken(name: str) -> Any:
    """tiktoken's encoding ``name`` from its cache, else downloaded (bounded in time)."""
    import tiktoken
    import tiktoken.load as tl

    real_read_file = tl.read_file

    def cache_only(blobpath: str) -> bytes:
        if blobpath.startswith(("http://", "https://")):
            raise _NotInCache(blobpath)
        return real_read_file(blobpath)

    def download(blobpath: str) -> bytes:
        if not blobpath.startswith(("http://", "https://")):
            return real_read_file(blobpath)
        import requests

        resp = requests.get(blobpath, timeout=_DOWNLOAD_TIMEOUT)
        resp.raise_for_status()
        return resp.content

    try:
        tl.read_file = cache_only  # subtle: read_file_cached looks read_file up at each call
        try:
            return tiktoken.get_encoding(name)
        except _NotInCache:
            pass
        if _network_problem:
            raise RuntimeError(f"is not in tiktoken's cache, and an earlier download failed ({_network_problem[0]})")
        tl.read_file = download
        try:
            return tiktoken.get_encoding(name)
        except Exception as exc:
            _network_problem.append(type(exc).__name__)
            raise RuntimeError(f"is not in tiktoken's cache, and downloading it failed ({type(exc).__name__})") from exc
    finally:
        tl.read_file = real_read_file


def tiktoken_encoding(name: str) -> Any:
    """``tiktoken.get_encoding(name)``, or a skip (a failure under CI=true) saying how to get it."""
    problem = _tiktoken_problems.get(name)
    if problem is None:
        try:
            return _load_tiktoken(name)
        except Exception as exc:
            problem = _tiktoken_problems[name] = (
                str(exc) if isinstance(exc, RuntimeError) else f"cannot be loaded ({exc})"
            )
    cache = os.environ.get("TIKTOKEN_CACHE_DIR", "unset")
    _missing(f"OpenAI encoding {name} {problem} (TIKTOKEN_CACHE_DIR={cache}). To get it, {TIKTOKEN_HINT}")
    raise AssertionError("unreachable")


OPENAI_NAMES = ("r50k_base", "p50k_base", "cl100k_base", "o200k_base")


@pytest.fixture
def openai_encodings() -> None:
    """For a test whose app or CLI opens OpenAI's encodings itself (the app's default Compare
    columns and Tokenize/Vocabulary choice, a ``tiktoken:`` spec): skipped (failed under
    CI=true) with the way to get them when tiktoken cannot load them."""
    for name in OPENAI_NAMES:
        tiktoken_encoding(name)


# --- Without the OpenAI encodings (offline, no cache) ------------------------------------------
#
# Many tests open r50k/cl100k/o200k through the engine itself (Tokenizer.from_tiktoken, the
# app's default Compare columns), which raises EncodingUnavailableError when tiktoken can
# neither find the encoding in its cache nor download it. Such a test cannot run here: it is
# reported as skipped with the way to get the encodings (and still fails under CI=true, where
# the cache must be there). Only that error is turned into a skip, nothing else a test raises.


class OfflineError(ConnectionError):
    """tiktoken's download refused at once: an earlier one found no network."""


def _encoding_unavailable(excinfo: pytest.ExceptionInfo[BaseException]) -> str | None:
    from bpe_engine.errors import EncodingUnavailableError, UnknownEncodingError

    exc = excinfo.value
    if isinstance(exc, OfflineError):  # a test's own tiktoken.get_encoding, the reference
        return f"tiktoken cannot load OpenAI's encodings here ({exc}). To get them, {TIKTOKEN_HINT}"
    if isinstance(exc, EncodingUnavailableError) and not isinstance(exc, UnknownEncodingError):
        message = str(exc)
        if "tiktoken's cache" in message or "cannot load" in message:
            return message
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    if call.excinfo is None or os.environ.get("CI"):
        return
    message = _encoding_unavailable(call.excinfo)
    if message is None:
        return
    report = outcome.get_result()  # type: ignore[attr-defined]
    report.outcome = "skipped"
    report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {message}")


def _fail_fast_once_offline() -> None:
    """After one download of tiktoken's has failed for want of a network, the next fail at once
    (each attempt otherwise waits for name resolution: seconds per test)."""
    try:
        import tiktoken.load as tl
    except ImportError:
        return
    real_read_file = tl.read_file
    failed: list[str] = []

    def read_file(blobpath: str) -> bytes:
        if not blobpath.startswith(("http://", "https://")):
            return real_read_file(blobpath)
        if failed:
            raise OfflineError(f"no network: an earlier download failed ({failed[0]})")
        try:
            return real_read_file(blobpath)
        except OSError as exc:  # requests' ConnectionError, a failed name lookup
            failed.append(type(exc).__name__)
            raise

    tl.read_file = read_file


_fail_fast_once_offline()
