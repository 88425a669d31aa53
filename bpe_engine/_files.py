"""Opening the files a user names: regular files only, and never more than a limit.

A FIFO would block a reader forever and ``/dev/zero`` would fill the memory, so a path is
opened without blocking and refused unless it is a regular file; a tokenizer file larger
than any real one (1 GiB) is refused before it is read. Errors say what the path is and
what to do; callers put them in their own exception class.
"""

from __future__ import annotations

import os
import stat

__all__ = ["MAX_TOKENIZER_BYTES", "file_problem", "read_regular", "FileProblem"]

MAX_TOKENIZER_BYTES = 1 << 30

_KINDS = (
    (stat.S_ISDIR, "is a folder, not a file; choose a file inside it"),
    (stat.S_ISFIFO, "is a pipe (FIFO), not a regular file; save the data to a file first"),
    (stat.S_ISCHR, "is a device, not a regular file; choose a file"),
    (stat.S_ISBLK, "is a device, not a regular file; choose a file"),
    (stat.S_ISSOCK, "is a socket, not a regular file; choose a file"),
)


class FileProblem(Exception):
    """Why a path cannot be read (the message starts with the path)."""


def _describe(mode: int) -> str:
    for test, words in _KINDS:
        if test(mode):
            return words
    return "is not a regular file; choose a file"


def file_problem(path: str) -> str | None:
    """Why ``path`` cannot be read as a regular file, or None (for checks made up front)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return "no such file; check the path"
    except OSError as exc:
        return f"cannot be read ({exc.strerror}); check the path and its permissions"
    if not stat.S_ISREG(st.st_mode):
        return _describe(st.st_mode)
    if not os.access(path, os.R_OK):
        return "cannot be read (permission denied); check its permissions"
    return None


def read_regular(path: str, limit: int = MAX_TOKENIZER_BYTES, what: str = "file") -> bytes:
    """The whole content of the regular file ``path``; :class:`FileProblem` otherwise.

    subtle: opened with O_NONBLOCK, so that naming a FIFO returns at once (fstat then says
    what it is) instead of waiting for a writer.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise FileProblem(f"{path}: no such file; check the path") from None
    except IsADirectoryError:
        raise FileProblem(f"{path}: {_describe(stat.S_IFDIR)}") from None
    except OSError as exc:
        raise FileProblem(f"{path}: cannot be read ({exc.strerror}); check the path and its permissions") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileProblem(f"{path}: {_describe(st.st_mode)}")
        if st.st_size > limit:
            raise FileProblem(
                f"{path}: is {st.st_size / 2**20:,.0f} MiB, larger than any {what} ({limit / 2**20:,.0f} MiB at most); "
                "is it the right file?"
            )
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise FileProblem(f"{path}: cannot be read ({exc.strerror})") from None
    finally:
        os.close(fd)
    if len(data) > limit:  # the file grew while it was read
        raise FileProblem(f"{path}: is larger than any {what} ({limit / 2**20:,.0f} MiB at most)")
    return data
