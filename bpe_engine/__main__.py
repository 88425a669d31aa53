"""``python -m bpe_engine``: the command line (see bpe_engine.cli)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
