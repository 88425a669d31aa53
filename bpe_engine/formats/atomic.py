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
    # The name is known before the file exists, so that Ctrl+C or SIGTERM (raised as an
    # exception at any point) cannot leave a file behind: with mkstemp, one arriving between its
    # return and the try below did (the CLI test that interrupts an encode saw it).
    # subtle: os.urandom, as secrets.token_hex does, without importing secrets (which loads
    # hmac, hashlib and OpenSSL's library: 3.6 MB resident in every process that trains)
    tmp = os.path.join(folder, f".tmp-{os.urandom(12).hex()}.part")
    try:
        with _naming(path):
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
            with os.fdopen(fd, "wb") as f:
                mode = st.st_mode & 0o7777 if st is not None else 0o666 & ~_umask()
                if hasattr(os, "fchmod"):
                    os.fchmod(
                        f.fileno(), mode
                    )  # subtle: made 0600 (private until complete), which others could not read
                yield f
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
    except BaseException as exc:
        if not (isinstance(exc, FileExistsError) and exc.filename == tmp):  # (another's file)
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
