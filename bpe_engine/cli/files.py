"""Where the command line reads and writes: checks made before any work, so nothing is lost.

- An output that resolves to one of the inputs (also through ``..`` or a link) is refused: the
  input would be overwritten.
- ``-`` writes to standard output; a device or FIFO is written directly; anything else goes
  through an atomic save (:mod:`bpe_engine.formats.atomic`), removed again if the command
  fails or is interrupted (Ctrl+C or SIGTERM).
- NumPy ``.npy`` headers are written so that they can be rewritten with the final length,
  and read with every claim checked against the file's real size.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO

import numpy as np

from ..formats.atomic import atomic_writer

__all__ = ["Fail", "STDOUT", "check_output", "open_output", "npy_header", "read_ids"]

STDOUT = "-"


class Fail(Exception):
    """An error to print as one line."""


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def check_output(path: str, inputs: Iterable[str | None]) -> None:
    """Fail before any work if ``path`` cannot be written or is one of ``inputs``."""
    if path == STDOUT:
        return
    for source in inputs:
        if source and source != STDOUT and _same_file(path, source):
            raise Fail(f"{path}: is the input file {source}; writing there would destroy it, choose another output")
    if os.path.isdir(path):
        raise Fail(f"{path}: is a folder; give a file name")
    if os.path.exists(path) and not os.path.isfile(path):
        return  # a device or FIFO: written directly
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise Fail(f"{path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise Fail(f"{path}: the folder {folder} is not writable")


@contextlib.contextmanager
def open_output(path: str) -> Iterator[BinaryIO]:
    """The output stream: standard output for ``-``, else an atomic (or direct) file."""
    if path == STDOUT:
        out = sys.stdout.buffer
        yield out
        out.flush()
        return
    with atomic_writer(path) as f:
        yield f


def npy_header(out: BinaryIO, dtype: np.dtype[Any], count: int) -> None:
    """A NumPy .npy header for ``count`` ids, always the same size (so it can be rewritten)."""
    header = {"descr": np.lib.format.dtype_to_descr(np.dtype(dtype)), "fortran_order": False, "shape": (count,)}
    # subtle: the length is padded to 20 digits so the first (count 0) and the final header
    # have the same size, and the ids written after the first one stay in place.
    text = repr(header).replace(f"({count},)", f"({count:>20},)")
    data = text.encode("latin1")
    total = 12 + len(data) + 1
    pad = (64 - total % 64) % 64
    out.write(b"\x93NUMPY\x02\x00" + (len(data) + 1 + pad).to_bytes(4, "little") + data + b" " * pad + b"\n")


def _read_npy(path: str) -> np.ndarray:
    """The ids of a .npy file, its header checked against the file's size first (a damaged
    header that claims 10^10 ids must not be taken for a lack of memory)."""
    size = os.path.getsize(path)
    try:
        with open(path, "rb") as f:
            version = np.lib.format.read_magic(f)
            if version not in ((1, 0), (2, 0)):
                raise ValueError(f"format version {version[0]}.{version[1]} is not supported")
            if version == (1, 0):
                shape, fortran, dtype = np.lib.format.read_array_header_1_0(f)
            else:
                shape, fortran, dtype = np.lib.format.read_array_header_2_0(f)
            offset = f.tell()
    except (ValueError, OSError, SyntaxError, EOFError) as exc:
        raise Fail(f"{path}: not a readable .npy file ({exc})") from None
    if len(shape) != 1 or dtype.kind not in "iu" or dtype.hasobject:
        raise Fail(f"{path}: expected a 1-D array of integer ids, got shape {shape} and dtype {dtype}")
    expected = shape[0] * dtype.itemsize
    if expected != size - offset:
        raise Fail(
            f"{path}: damaged .npy file: its header says {shape[0]:,} ids ({expected:,} bytes) "
            f"but {size - offset:,} bytes follow it"
        )
    ids = np.fromfile(path, dtype=dtype, offset=offset)
    return ids


def read_ids(path: str, dtype_name: str | None) -> np.ndarray:
    """Token ids from a .npy file, or a raw file of ``dtype_name`` ids."""
    if not os.path.isfile(path):
        raise Fail(f"{path}: no such file" if not os.path.exists(path) else f"{path}: is not a regular file")
    if path.endswith(".npy"):
        return _read_npy(path)
    if not dtype_name:
        raise Fail(f"{path}: raw id files need --dtype uint16 or uint32 (or use a .npy file)")
    size = os.path.getsize(path)
    dtype = np.dtype(dtype_name)
    if size % dtype.itemsize:
        raise Fail(f"{path}: {size} bytes is not a whole number of {dtype.name} ids; check --dtype")
    return np.fromfile(path, dtype=dtype)
