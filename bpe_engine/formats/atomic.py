"""Atomic saves: a reader sees the old file or the whole new one, never half of either.

Every file the engine writes (tokenizers, ids, decoded text) goes through here: a temporary
file in the same folder, flushed and synced, then renamed over the target. A symlink is
followed (its target is replaced, the link stays). A target that is not a regular file (a
device such as ``/dev/null`` or ``/dev/stdout``, a FIFO) is written directly: renaming a file
over it would replace the device itself.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

# Errors of the target's disk, reported with the target's path (the OS leaves it out).
_DISK_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EROFS}

__all__ = ["atomic_writer", "atomic_write_bytes"]


@contextmanager
def atomic_writer(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary file that replaces ``path`` only once it is complete (temporary file in the
    same folder, fsync, rename); on any error the old file stays and no temporary remains.
    The new file gets the old file's permissions, or the usual ones (0666 minus umask).
    Disk errors (full, read-only, ...) name ``path``."""
    path = os.fspath(path)
    try:
        st = os.stat(path)  # follows symlinks
    except OSError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        with _naming(path), open(path, "wb") as direct:
            yield direct
        return
    if os.path.islink(path):
        path = os.path.realpath(path)
    folder = os.path.dirname(os.path.abspath(path))
    with _naming(path):
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".part", dir=folder)
    try:
        with _naming(path):
            mode = st.st_mode & 0o7777 if st is not None else 0o666 & ~_umask()
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)  # subtle: mkstemp makes 0600 files, which others could not read
            with os.fdopen(fd, "wb") as f:
                yield f
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


@contextmanager
def _naming(path: str) -> Iterator[None]:
    """Give a disk error that names no file the name of ``path``."""
    try:
        yield
    except OSError as exc:
        if exc.filename is None and exc.errno in _DISK_ERRORS:
            raise OSError(exc.errno, exc.strerror, path) from None
        raise


def _umask() -> int:
    """The process umask, read without changing it where possible (os.umask sets it too,
    which would race with other threads creating files)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    old = os.umask(0o022)
    os.umask(old)
    return old


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the whole new one."""
    with atomic_writer(path) as f:
        f.write(data)
