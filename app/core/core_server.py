"""The process that owns the session's tiktoken cores (run by :mod:`app.core.core_host`).

Building a core (``tiktoken.Encoding``: one Rust call converting 100 000-200 000 ranks) or
dropping one holds the interpreter lock 100-300 ms; in the app's process the GUI thread
waited that long. Here it waits for nothing: the app sends a core's recipe once, then texts
as UTF-8 and reads the ids back as ``uint32`` bytes (its reads and writes of the pipe let its
other threads run).

Standard library, NumPy and tiktoken only (no Qt, no engine): it starts in a fraction of a
second. It reads requests from stdin until it ends (the app quit or died), one at a time:

- request: ``<BIQ`` (op, core id, payload size), then the payload;
- ``BUILD``: ``<I`` JSON size, JSON ``{"name", "pattern", "specials", "count"}``, then the
  ranks as ``count`` uint32 sizes, ``count`` uint32 ids and the tokens' bytes joined;
- ``ENCODE``: ``<I`` JSON size, JSON ``{"allowed": [...]}``, then the text in UTF-8;
- ``ENCODE_MANY``: ``<I`` JSON size, JSON ``{"count"}``, ``count`` uint32 sizes, then the
  texts in UTF-8 joined; each encoded alone (``encode_ordinary``), the reply's ids preceded
  by ``count`` uint32 numbers of ids;
- reply: ``<BQ`` (status, payload size), then the ids as ``uint32`` (``OK``) or a message.
"""

from __future__ import annotations

import json
import signal
import struct
import sys
from typing import IO, Any

import numpy as np

REQUEST = struct.Struct("<BIQ")
REPLY = struct.Struct("<BQ")
SIZE = struct.Struct("<I")
BUILD, ENCODE, ENCODE_MANY = 1, 2, 3
OK, GAVE_UP, FAILED = 0, 1, 2


def pack_json(meta: dict[str, Any], *parts: bytes) -> list[bytes]:
    """A payload: the JSON header's size, the header, then ``parts``."""
    head = json.dumps(meta).encode("utf-8")
    return [SIZE.pack(len(head)), head, *parts]


def _unpack_json(payload: memoryview) -> tuple[dict[str, Any], memoryview]:
    (size,) = SIZE.unpack_from(payload)
    meta: dict[str, Any] = json.loads(bytes(payload[SIZE.size : SIZE.size + size]))
    return meta, payload[SIZE.size + size :]


def read_exactly(stream: IO[bytes], size: int) -> bytes | None:
    """``size`` bytes from ``stream`` (buffered: ``read`` returns fewer only at its end), or
    None at its end."""
    data = stream.read(size)
    return data if len(data) == size else None


def _build(payload: memoryview) -> Any:
    from tiktoken.core import Encoding

    meta, rest = _unpack_json(payload)
    n = int(meta["count"])
    sizes = np.frombuffer(rest, dtype=np.uint32, count=n)
    ids = np.frombuffer(rest, dtype=np.uint32, count=n, offset=4 * n).tolist()
    blob = bytes(rest[8 * n :])
    ends = np.cumsum(sizes, dtype=np.int64).tolist()
    starts = [0, *ends[:-1]]
    ranks = {blob[s:e]: i for s, e, i in zip(starts, ends, ids)}
    return Encoding(meta["name"], pat_str=meta["pattern"], mergeable_ranks=ranks, special_tokens=meta["specials"])


def _encode(encoding: Any, payload: memoryview) -> bytes:
    meta, rest = _unpack_json(payload)
    text = str(rest, "utf-8")
    ids = encoding.encode_to_numpy(text, allowed_special=set(meta["allowed"]), disallowed_special=())
    return np.ascontiguousarray(ids, dtype=np.uint32).tobytes()


def _encode_many(encoding: Any, payload: memoryview) -> bytes:
    meta, rest = _unpack_json(payload)
    n = int(meta["count"])
    ends = np.cumsum(np.frombuffer(rest, dtype=np.uint32, count=n), dtype=np.int64).tolist()
    blob = bytes(rest[4 * n :])
    one = encoding.encode_ordinary  # (not encode_ordinary_batch: its thread pool costs 4x on short texts)
    ids = [one(str(blob[s:e], "utf-8")) for s, e in zip([0, *ends[:-1]], ends)]
    counts = np.fromiter(map(len, ids), dtype=np.uint32, count=n)
    flat = np.fromiter((i for part in ids for i in part), dtype=np.uint32, count=int(counts.sum()))
    return counts.tobytes() + flat.tobytes()


def _answer(cores: dict[int, Any], op: int, core: int, payload: memoryview) -> tuple[int, bytes]:
    try:
        if op == BUILD:
            cores[core] = _build(payload)
            return OK, b""
        if op in (ENCODE, ENCODE_MANY):
            encoding = cores.get(core)
            if encoding is None:
                return FAILED, f"no core {core} was built".encode()
            return OK, (_encode if op == ENCODE else _encode_many)(encoding, payload)
        return FAILED, f"unknown request {op}".encode()
    except BaseException as exc:  # noqa: BLE001 (tiktoken panics with a BaseException)
        if isinstance(exc, KeyboardInterrupt | SystemExit):
            raise
        # fancy-regex at its backtracking limit: a panic, or a ValueError of encode_to_numpy
        gave_up = type(exc).__name__ == "PanicException" or str(exc).startswith("Regex error while tokenizing")
        return GAVE_UP if gave_up else FAILED, f"{type(exc).__name__}: {exc}".encode()


def serve(source: IO[bytes], sink: IO[bytes]) -> None:
    """Answer requests from ``source`` on ``sink`` until ``source`` ends."""
    cores: dict[int, Any] = {}
    while True:
        head = read_exactly(source, REQUEST.size)
        if head is None:
            return
        op, core, size = REQUEST.unpack(head)
        payload = read_exactly(source, size)
        if payload is None:
            return
        status, out = _answer(cores, op, core, memoryview(payload))
        sink.write(REPLY.pack(status, len(out)))
        sink.write(out)
        sink.flush()


if __name__ == "__main__":
    # Ctrl+C in the app's terminal reaches this process too: the app decides when it ends
    # (the end of its input), and no traceback of ours is printed.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    serve(sys.stdin.buffer, sys.stdout.buffer)
