"""``python -m bpe_engine`` and the ``bpe-engine`` command: the command line (see bpe_engine.cli).

A program, not the library: it may set its own process's environment before NumPy loads
(``import bpe_engine`` never does; a user's matrix work keeps its threaded BLAS).
"""

import os
import sys
from collections.abc import Sequence


def run(argv: Sequence[str] | None = None) -> int:
    # The engine makes no BLAS call, and OpenBLAS's thread pool, started when NumPy loads,
    # spins ~0.1 CPU s before it sleeps (a user's own setting is kept). Set before `.cli`,
    # which imports NumPy.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from .cli import main

    return main(argv)


if __name__ == "__main__":
    sys.exit(run())
