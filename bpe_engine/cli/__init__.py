"""The ``bpe-engine`` command line (also ``python -m bpe_engine``).

    bpe-engine train CORPUS... --vocab-size 32000 -o tokenizer.json
    bpe-engine train CORPUS... --vocab-size 32000 -o tokenizer.json --cluster tcp://10.0.0.5:8786
    bpe-engine encode CORPUS --tokenizer tokenizer.json -o ids.npy      (or --encoding cl100k_base)
    bpe-engine decode ids.npy --tokenizer tokenizer.json -o text.txt
    bpe-engine info tokenizer.json                                       (any format, or tiktoken:NAME)
    bpe-engine export tokenizer.json -f hf -o hf/tokenizer.json          (hf, tiktoken, gpt2, ours)
    bpe-engine overlap llama3/tokenizer.json tiktoken:cl100k_base
    bpe-engine measure tiktoken:o200k_base llama3/tokenizer.json --parallel resources/parallel --csv out.csv

Tokenizers are read by :func:`bpe_engine.load_tokenizer`, so every command takes every format
(``--pattern`` and ``--special-token NAME=ID`` complete a tiktoken rank file). Progress goes to stderr (a bar on a terminal, a few lines otherwise); errors are one line
and a non-zero exit status, never a traceback. Outputs are written atomically (``-`` is
standard output) and never over an input; an interrupted command (Ctrl+C, SIGTERM) leaves
no partial file. The commands are in :mod:`.commands`, reading and writing in :mod:`.files`.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import Any, NoReturn

from .commands import cmd_decode, cmd_encode, cmd_info, cmd_train
from .convert import cmd_export, cmd_overlap
from .files import Fail
from .measure import add_measure
from .tokenizers import add_format_options

__all__ = ["main"]

EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143


class _ArgumentParserError(Exception):
    pass


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl+C so that every ``finally`` (temporary files, worker
    processes) runs before the process ends."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line (raised, printed by main)."""

    def error(self, message: str) -> NoReturn:
        raise _ArgumentParserError(message)


@contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    def raise_terminated(signum: int, frame: FrameType | None) -> None:
        raise _Terminated

    try:
        previous = signal.signal(signal.SIGTERM, raise_terminated)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="bpe-engine",
        description="Train, use and inspect tokenizers: byte-level BPE (trained here, OpenAI, Hugging Face, "
        "rank files, Tekken), SentencePiece BPE and Unigram, WordPiece.",
    )
    sub = p.add_subparsers(
        dest="command", required=True, metavar="{train,encode,decode,info,export,overlap,measure}", parser_class=_Parser
    )
    _add_train(sub)
    _add_encode(sub)
    _add_decode(sub)
    _add_inspecting(sub)
    add_measure(sub)
    return p


def _add_train(sub: Any) -> None:
    """``bpe-engine train``."""
    from ..pretokenize import PRETOKENIZER_NAMES
    from ..train.config import TIE_BREAKS

    t = sub.add_parser("train", help="train a tokenizer on UTF-8 text files")
    t.add_argument("corpus", nargs="+", help="UTF-8 text file(s)")
    t.add_argument("-o", "--output", required=True, help="where to save the tokenizer (JSON; - for standard output)")
    t.add_argument("-v", "--vocab-size", type=int, required=True, help="256 bytes + merges + special tokens")
    t.add_argument(
        "-s",
        "--special",
        action="append",
        default=None,
        metavar="TOKEN",
        help="a special token (repeatable; default <|endoftext|>; --special '' for none)",
    )
    t.add_argument(
        "-p", "--pretokenizer", default="gpt2", help=f"{', '.join(PRETOKENIZER_NAMES)} or regex:PATTERN (default gpt2)"
    )
    t.add_argument("--tie-break", default="greatest", choices=list(TIE_BREAKS))
    t.add_argument(
        "-w",
        "--workers",
        type=int,
        default=None,
        help="counting processes (default: all cores; with --cluster local: its workers)",
    )
    t.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="count on a Dask cluster: a scheduler's address (tcp://host:8786) or 'local' for a cluster of "
        "--workers processes on this machine; the merges are the same (needs bpe-explorer[distributed])",
    )
    t.add_argument("--name", help="a name stored in the tokenizer file")
    t.add_argument("-q", "--quiet", action="store_true", help="no progress output")
    t.set_defaults(func=cmd_train)


def _tokenizer_options(q: argparse.ArgumentParser) -> None:
    """Which tokenizer a command uses: a file (-t) or an OpenAI encoding (-e)."""
    g = q.add_mutually_exclusive_group()
    g.add_argument("-t", "--tokenizer", help="a tokenizer file or folder, any format (see bpe-engine info)")
    g.add_argument("-e", "--encoding", help="an OpenAI encoding: r50k_base, p50k_base, cl100k_base, o200k_base, gpt2")
    add_format_options(q)


def _add_encode(sub: Any) -> None:
    """``bpe-engine encode``."""
    from ..encode.files import BACKENDS, SPECIAL_MODES

    e = sub.add_parser("encode", help="encode a UTF-8 file to token ids (.npy, or raw uint16/uint32)")
    e.add_argument("input")
    e.add_argument(
        "-o", "--output", required=True, help="ids.npy (NumPy) or any other name for raw ids (- for standard output)"
    )
    _tokenizer_options(e)
    e.add_argument("--dtype", choices=["uint16", "uint32"], help="id type (default: uint16 when ids fit)")
    e.add_argument(
        "--backend",
        default="auto",
        choices=list(BACKENDS),
        help="auto: tiktoken's core when provably identical, else ours",
    )
    e.add_argument(
        "--special",
        default="allow",
        choices=list(SPECIAL_MODES),
        help="special tokens in the text: allow (default), ordinary (as text), raise",
    )
    e.add_argument(
        "--as-model",
        action="store_true",
        help="add the special tokens the model puts around a text (Llama 3's <|begin_of_text|>, "
        "BERT's [CLS]/[SEP]), as Hugging Face's encode(text) does; the file is one text",
    )
    e.add_argument("-w", "--workers", type=int, default=None)
    e.add_argument("-q", "--quiet", action="store_true")
    e.set_defaults(func=cmd_encode)


def _add_decode(sub: Any) -> None:
    """``bpe-engine decode``."""
    d = sub.add_parser("decode", help="decode token ids back to the exact bytes of the text")
    d.add_argument("input", help="ids (.npy, or raw with --dtype)")
    d.add_argument("-o", "--output", required=True, help="the decoded text (- for standard output)")
    _tokenizer_options(d)
    d.add_argument("--dtype", choices=["uint16", "uint32"], help="type of raw id files")
    d.add_argument("-q", "--quiet", action="store_true")
    d.set_defaults(func=cmd_decode)


def _add_inspecting(sub: Any) -> None:
    """``bpe-engine info``, ``export`` and ``overlap``."""
    from ..formats.export import EXPORT_FORMATS
    from ..formats.registry import readable_names, writable_formats

    formats = f"a tokenizer file or folder of any format ({', '.join(readable_names())}), or tiktoken:NAME"
    i = sub.add_parser("info", help="print a summary of a tokenizer")
    i.add_argument("tokenizer", help=formats)
    i.add_argument("--merges", type=int, default=10, help="how many of the first merges to list")
    add_format_options(i)
    i.set_defaults(func=cmd_info)

    x = sub.add_parser("export", help="write a tokenizer in another format")
    x.add_argument("input", help=formats)
    x.add_argument(
        "-f",
        "--format",
        required=True,
        choices=list(EXPORT_FORMATS),
        help="; ".join(f"{f.name}: {f.title}" for f in writable_formats()),
    )
    x.add_argument(
        "-o",
        "--output",
        required=True,
        help="the file (gpt2: the vocab.json, merges.txt goes beside it; tiktoken: the rank file, its .json "
        "sidecar beside it) or an existing folder",
    )
    add_format_options(x)
    x.set_defaults(func=cmd_export)

    o = sub.add_parser("overlap", help="how many tokens two tokenizers share (by bytes)")
    o.add_argument("a", help=formats)
    o.add_argument("b", help="the second tokenizer, the same way")
    o.add_argument("--list", type=int, default=10, help="how many tokens only in one to list (default 10)")
    o.add_argument("--special", action="store_true", help="count special tokens too")
    add_format_options(o)
    o.set_defaults(func=cmd_overlap)


def main(argv: Sequence[str] | None = None) -> int:
    from ..errors import BPEError

    parser = _parser()
    try:
        with _sigterm_as_interrupt():
            args = parser.parse_args(argv)
            if args.command == "train":
                if args.special is None:
                    args.special = ["<|endoftext|>"]
                args.special = [s for s in args.special if s]
            return int(args.func(args))
    except _ArgumentParserError as exc:
        print(f"bpe-engine: error: {exc} (see bpe-engine --help)", file=sys.stderr)
        return EXIT_USAGE
    except (Fail, BPEError) as exc:
        print(f"\nbpe-engine: error: {exc}" if sys.stderr.isatty() else f"bpe-engine: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"bpe-engine: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_ERROR
    except MemoryError:
        print(
            "bpe-engine: error: out of memory; try a smaller input or vocabulary, or fewer --workers", file=sys.stderr
        )
        return EXIT_ERROR
    except _Terminated:
        print("\nbpe-engine: terminated", file=sys.stderr)
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        print("\nbpe-engine: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
