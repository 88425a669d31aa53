"""tiktoken's cores of the session's tokenizers, in a helper process (:mod:`app.core.core_server`).

Building a tokenizer's ``tiktoken`` core (or dropping one) is one Rust call that holds the
interpreter lock 100-300 ms: built in a job thread, the GUI thread waited for it (Compare
built three on a 1 MB paste: 350 ms). :class:`CoreHost` gives the registry's tokenizers a
builder (:meth:`~bpe_engine.Tokenizer.use_core_builder`) whose cores live in one helper
process, started on first use: the recipe (the ranks) sent once, then each text as UTF-8, the
ids back as ``uint32`` bytes. No core is ever built or dropped in the app's process.

If the process dies it is started again (its cores sent again) at most ``RESTARTS`` times;
past that, or once the host is closed, an encode raises
:class:`~bpe_engine.errors.CoreUnavailableError` and the tokenizer's own encoder answers
(the same ids, slower). An encode is one request (as tiktoken's call was one call: a newer
job waits for it); two job threads encoding at once use two processes (a corpus run's
workers), more wait.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import weakref
from collections.abc import Set as AbstractSet
from pathlib import Path

import numpy as np

from app.core import core_server as wire
from bpe_engine import CoreRecipe, array_in_blocks, errors, tolist_in_blocks

__all__ = ["CoreHost", "RemoteCore", "RESTARTS"]

RESTARTS = 3
_CLOSE_WAIT_S = 2.0
_ROOT = str(Path(__file__).resolve().parents[2])  # where `app` is importable from


class _Dead(Exception):
    """The helper process ended (a broken pipe, the end of its output)."""


def _recipe_payload(recipe: CoreRecipe) -> list[bytes]:
    """A BUILD request's payload (made in the job thread that first needs the core; the
    passes over the ranks go in blocks, letting the GUI thread run between them)."""
    ranks = recipe.ranks
    tokens = list(ranks)
    sizes = array_in_blocks(tokens, np.uint32, len)
    ids = array_in_blocks(tokens, np.uint32, ranks.__getitem__)
    meta = {
        "name": recipe.name,
        "pattern": recipe.pattern,
        "specials": dict(recipe.special_tokens),
        "count": len(tokens),
    }
    return wire.pack_json(meta, sizes.tobytes(), ids.tobytes(), b"".join(tokens))


def _end(holder: list[subprocess.Popen[bytes]]) -> None:
    """End the helper process: its input closed (it returns), killed if it does not."""
    while True:
        try:
            proc = holder.pop()
        except IndexError:  # (none, or ended by another thread meanwhile)
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(_CLOSE_WAIT_S)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        finally:
            if proc.stdout is not None:
                proc.stdout.close()


class _Lane:
    """One helper process and what it holds; one request at a time (under ``lock``)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.proc: list[subprocess.Popen[bytes]] = []  # (a list: the host's finalizer shares it)
        self.built: set[int] = set()  # the cores the running process has


def _end_all(procs: list[list[subprocess.Popen[bytes]]]) -> None:
    for proc in list(procs):
        _end(proc)


class CoreHost:
    """Helper processes owning tiktoken's cores; :meth:`build` is a tokenizer's core builder.

    One process serves a session; a second starts only when two job threads encode at once
    (a corpus run's workers: tiktoken ran them side by side in the app's process, and one
    process answering one request at a time made such runs up to twice as slow)."""

    def __init__(self, lanes: int = 2) -> None:
        self._max_lanes = max(1, lanes)
        first = _Lane()
        self._lanes = [first]
        self._lanes_lock = threading.Lock()  # (adding a lane, counting restarts)
        self._lock = first.lock  # the first process's (tests wait on it)
        self._proc = first.proc
        self._procs = [first.proc]
        self._recipes: dict[int, list[bytes]] = {}  # every core's BUILD payload (sent again after a restart)
        self._restarts = 0
        self._closed = False
        self._finalizer = weakref.finalize(self, _end_all, self._procs)  # also at exit

    @property
    def pid(self) -> int | None:
        """The first helper process's id (None when not running)."""
        return self._proc[0].pid if self._proc else None

    def build(self, recipe: CoreRecipe) -> RemoteCore:
        """A core of ``recipe`` in the helper process (sent now, so that it is ready before
        the first long text; a failure shows as that text's encode falling back)."""
        payload = _recipe_payload(recipe)
        lane = self._lanes[0]
        with lane.lock:
            with self._lanes_lock:
                core = len(self._recipes) + 1
                self._recipes[core] = payload
            try:
                self._ensure_built(lane, core)
            except _Dead:
                self._stop(lane)
            except errors.CoreUnavailableError:
                pass  # (its encodes fall back)
        return RemoteCore(self, core)

    def encode(self, core: int, text: bytes, allowed: AbstractSet[str]) -> np.ndarray:
        """The ids of the UTF-8 ``text`` by core ``core``; raises ``ValueError`` with tiktoken's
        message where its regex gave up, ``CoreUnavailableError`` where the process cannot answer."""
        return self._ask(core, wire.ENCODE, wire.pack_json({"allowed": sorted(allowed)}, text))

    def encode_many(self, core: int, texts: list[bytes]) -> list[list[int]]:
        """``encode_ordinary`` of each UTF-8 text (one request for all: one round trip each
        cost more than tiktoken's work on a short text)."""
        sizes = np.fromiter(map(len, texts), dtype=np.uint32, count=len(texts))
        out = self._ask(core, wire.ENCODE_MANY, wire.pack_json({"count": len(texts)}, sizes.tobytes(), *texts))
        counts = out[: len(texts)].tolist()
        flat = tolist_in_blocks(out[len(texts) :])
        ends = np.cumsum(counts, dtype=np.int64).tolist()
        return [flat[s:e] for s, e in zip([0, *ends[:-1]], ends)]

    def _free_lane(self) -> _Lane:
        """A lane whose lock this thread now holds: a free one, a new one while there are
        fewer than the most, else the first (waiting for it)."""
        for lane in list(self._lanes):
            if lane.lock.acquire(blocking=False):
                return lane
        with self._lanes_lock:
            if len(self._lanes) < self._max_lanes and not self._closed:
                lane = _Lane()
                lane.lock.acquire()
                self._lanes.append(lane)
                self._procs.append(lane.proc)
                return lane
        lane = self._lanes[0]
        lane.lock.acquire()
        return lane

    def _ask(self, core: int, op: int, payload: list[bytes]) -> np.ndarray:
        """The uint32 reply of request ``op`` to core ``core`` (a process started again if it
        died, at most ``RESTARTS`` times in all)."""
        lane = self._free_lane()
        try:
            while True:
                try:
                    self._ensure_built(lane, core)
                    status, out = self._request(lane, op, core, payload)
                    break
                except _Dead:
                    self._stop(lane)
                    with self._lanes_lock:
                        if self._closed or self._restarts >= RESTARTS:
                            raise errors.CoreUnavailableError("the process of tiktoken's cores ended") from None
                        self._restarts += 1
            if self._closed:  # (closed while this request ran: see close)
                self._stop(lane)
        finally:
            lane.lock.release()
        if status == wire.OK:
            return np.frombuffer(out, dtype=np.uint32).copy()  # (writable, as tiktoken's)
        message = out.decode("utf-8", "replace")
        if status == wire.GAVE_UP:
            raise ValueError(f"Regex error while tokenizing: {message}")
        raise errors.CoreUnavailableError(f"tiktoken's core failed: {message}")

    def close(self) -> None:
        """End the helper processes (the app quits); later encodes fall back to the tokenizers' own."""
        with self._lanes_lock:
            self._closed = True
        # subtle: a job may be waiting for a reply (a long text: a few hundred ms) while it
        # holds a lane; the window does not wait for it, and killing the process would hand
        # the text to our slower encoder while the app exits: the job ends the process once
        # answered (_ask); the finalizer at exit, if the job is still waiting then.
        for lane in list(self._lanes):
            if lane.lock.acquire(blocking=False):
                try:
                    self._stop(lane)
                finally:
                    lane.lock.release()

    # -- a process (under its lane's lock) --------------------------------------------------

    def _start(self, lane: _Lane) -> subprocess.Popen[bytes]:
        if self._closed:
            raise _Dead
        if not lane.proc:
            try:
                proc = subprocess.Popen(
                    [sys.executable, "-m", "app.core.core_server"],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    cwd=_ROOT,
                    close_fds=True,
                )
            except OSError:
                raise _Dead from None
            lane.proc.append(proc)
            lane.built.clear()
        return lane.proc[0]

    def _stop(self, lane: _Lane) -> None:
        _end(lane.proc)
        lane.built.clear()

    def _ensure_built(self, lane: _Lane, core: int) -> None:
        if core not in lane.built or not lane.proc:
            status, out = self._request(lane, wire.BUILD, core, self._recipes[core])
            if status != wire.OK:
                raise errors.CoreUnavailableError(f"tiktoken's core was not built: {out.decode('utf-8', 'replace')}")
            lane.built.add(core)

    def _request(self, lane: _Lane, op: int, core: int, payload: list[bytes]) -> tuple[int, bytes]:
        proc = self._start(lane)
        stdin, stdout = proc.stdin, proc.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(wire.REQUEST.pack(op, core, sum(map(len, payload))))
            for part in payload:
                stdin.write(part)
            stdin.flush()
            head = wire.read_exactly(stdout, wire.REPLY.size)
            if head is None:
                raise _Dead
            status, size = wire.REPLY.unpack(head)
            out = wire.read_exactly(stdout, size)
        except OSError:
            raise _Dead from None
        if out is None:
            raise _Dead
        return status, bytes(out)


class RemoteCore:
    """A core in the helper process, with the part of ``tiktoken.Encoding`` the engine calls
    (:class:`~bpe_engine.CoreEncoding`)."""

    def __init__(self, host: CoreHost, core: int) -> None:
        self._host = host
        self._core = core

    def encode_to_numpy(
        self, text: str, *, allowed_special: AbstractSet[str], disallowed_special: AbstractSet[str] = frozenset()
    ) -> np.ndarray:
        # a lone surrogate raises UnicodeEncodeError here, as tiktoken's encode_to_numpy does
        return self._host.encode(self._core, text.encode("utf-8"), allowed_special)

    def encode(
        self, text: str, *, allowed_special: AbstractSet[str], disallowed_special: AbstractSet[str] = frozenset()
    ) -> list[int]:
        out: list[int] = tolist_in_blocks(self._host.encode(self._core, _utf8(text), allowed_special))
        return out

    def encode_ordinary(self, text: str) -> list[int]:
        return self.encode(text, allowed_special=frozenset())

    def encode_ordinary_batch(self, texts: list[str]) -> list[list[int]]:
        return self._host.encode_many(self._core, [_utf8(t) for t in texts])


def _utf8(text: str) -> bytes:
    """``text`` in UTF-8, lone surrogates replaced as tiktoken's ``encode`` does."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode("utf-8")
