"""Helpers shared by the benchmark scripts and the scripts in tools/: where the corpora are,
slices of them, timing, percentiles and the peak memory of a process tree. Nothing here is a
benchmark itself."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("BPE_SHARED_DIR", REPO.parent / "shared")).resolve()
CORPORA = SHARED / "corpora"
FIXTURES = SHARED / "fixtures" / "cs336"
EOT = "<|endoftext|>"
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
if "TIKTOKEN_CACHE_DIR" not in os.environ and (SHARED / "tiktoken_cache").is_dir():
    os.environ["TIKTOKEN_CACHE_DIR"] = str(SHARED / "tiktoken_cache")


def require_shared() -> None:
    if not CORPORA.is_dir():
        sys.exit(f"{CORPORA} not found: put the shared folder beside the repository or set BPE_SHARED_DIR")


def prefix_file(source: Path, size: int, folder: Path, *, at_document: bool = False) -> Path:
    """The first ``size`` bytes of ``source``, cut after the last newline (or, with
    ``at_document``, at the last ``\\n<|endoftext|>\\n`` document boundary)."""
    with open(source, "rb") as f:
        data = f.read(size)
    if at_document:
        cut = data.rfind(b"\n" + EOT.encode() + b"\n")
        cut = cut + 1 if cut >= 0 else data.rfind(b"\n") + 1
    else:
        cut = data.rfind(b"\n") + 1
    out = folder / f"{source.stem}.first{size // 1_000_000}MB.txt"
    out.write_bytes(data[:cut] if cut else data)
    return out


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, int(round(q / 100 * (len(ordered) - 1)))))
    return ordered[k]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _private_kb(pid: int) -> int:
    """Memory that only ``pid`` maps (Linux /proc smaps_rollup), in KiB."""
    total = 0
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            if line.startswith(("Private_Clean:", "Private_Dirty:")):
                total += int(line.split()[1])
    return total


def _tree_rss_kb(pid: int) -> int:
    """Resident memory of ``pid`` and all its descendants (Linux /proc), in KiB: the resident
    memory of ``pid`` plus what each descendant holds privately.

    subtle: a forked worker shares the pages of its parent until one of them writes to a page
    (the interpreter, NumPy, everything imported, the data read before the fork); summing
    every process's resident memory counted those pages once per worker (on 10 MB of
    English, 2 x ~30 MB that exist once). A worker's pages shared with anything else are
    shared libraries that ``pid`` maps too."""
    total = 0
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            if p == pid:
                with open(f"/proc/{p}/status") as f:
                    for line in f:
                        if line.startswith("VmRSS:"):
                            total += int(line.split()[1])
                            break
            else:
                total += _private_kb(p)
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    stack.extend(int(c) for c in f.read().split())
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return total


def run_measured(cmd: list[str], timeout: float = 3600) -> tuple[str, float]:
    """Run ``cmd``; return its stdout and the peak resident memory of its process tree (MB,
    see :func:`_tree_rss_kb`), sampled every 10 ms (children included: our counting workers
    count)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = 0
    start = time.monotonic()
    while proc.poll() is None:
        peak = max(peak, _tree_rss_kb(proc.pid))
        if time.monotonic() - start > timeout:
            proc.kill()
            raise TimeoutError(" ".join(cmd))
        time.sleep(0.01)
    out, err = proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{err}")
    return out, peak / 1024
