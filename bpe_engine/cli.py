"""The ``bpe-engine`` command line (also ``python -m bpe_engine``).

    bpe-engine train CORPUS... --vocab-size 32000 -o tokenizer.json
    bpe-engine encode CORPUS --tokenizer tokenizer.json -o ids.npy      (or --encoding cl100k_base)
    bpe-engine decode ids.npy --tokenizer tokenizer.json -o text.txt
    bpe-engine info tokenizer.json

Progress goes to stderr (a bar on a terminal, a few lines otherwise); errors are one line
and a non-zero exit status, never a traceback. Output files are written atomically.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, BinaryIO, NoReturn, TextIO

from .formats.atomic import atomic_writer

if TYPE_CHECKING:
    import numpy as np

    from .tokenizer import Tokenizer

__all__ = ["main"]

EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class _Progress:
    """A one-line progress bar on a terminal; sparse plain lines when stderr is not one."""

    def __init__(
        self, label: str, total: float, unit: str = "", stream: TextIO = sys.stderr, quiet: bool = False
    ) -> None:
        self.label = label
        self.total = max(total, 1)
        self.unit = unit
        self.stream = stream
        self.quiet = quiet
        self.tty = stream.isatty()
        self.start = time.monotonic()
        self.last = 0.0
        self.last_decile = -1

    def _fmt(self, value: float) -> str:
        if self.unit == "B":
            for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
                if value >= size:
                    return f"{value / size:.1f} {unit}"
            return f"{value:.0f} B"
        return f"{value:,.0f}"

    def update(self, done: float, force: bool = False) -> None:
        if self.quiet:
            return
        now = time.monotonic()
        frac = min(done / self.total, 1.0)
        if self.tty:
            if not force and now - self.last < 0.1:
                return
            self.last = now
            elapsed = now - self.start
            rate = done / elapsed if elapsed > 0 else 0.0
            left = (self.total - done) / rate if rate > 0 else 0.0
            bar = "#" * int(frac * 30)
            self.stream.write(
                f"\r{self.label:10s} [{bar:<30s}] {frac * 100:5.1f}% {self._fmt(done)}/{self._fmt(self.total)}"
                f" {self._fmt(rate)}{self.unit}/s ETA {left:4.0f}s "
            )
            self.stream.flush()
        else:
            decile = int(frac * 10)
            if decile > self.last_decile:
                self.last_decile = decile
                self.stream.write(f"{self.label}: {frac * 100:.0f}% ({self._fmt(done)}/{self._fmt(self.total)})\n")
                self.stream.flush()

    def close(self, message: str = "") -> None:
        if self.quiet:
            return
        elapsed = time.monotonic() - self.start
        if self.tty:
            self.stream.write("\r\x1b[K")
        self.stream.write(f"{self.label}: done in {elapsed:.1f}s{' - ' + message if message else ''}\n")
        self.stream.flush()


class _Fail(Exception):
    """An error to print as one line."""


class _ArgumentParserError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line (raised, printed by main)."""

    def error(self, message: str) -> NoReturn:
        raise _ArgumentParserError(message)


def _load_tokenizer(args: argparse.Namespace) -> Tokenizer:
    from .tokenizer import Tokenizer

    if getattr(args, "encoding", None):
        return Tokenizer.from_tiktoken(args.encoding)
    if not args.tokenizer:
        raise _Fail("say which tokenizer to use: --tokenizer FILE.json (ours) or --encoding NAME (e.g. cl100k_base)")
    return Tokenizer.load(args.tokenizer)


def _check_folder(path: str) -> None:
    """Fail before any work if ``path`` cannot be written (nothing is lost at the end)."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise _Fail(f"{path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise _Fail(f"{path}: the folder {folder} is not writable")
    if os.path.isdir(path):
        raise _Fail(f"{path}: is a folder; give a file name")


def _cmd_train(args: argparse.Namespace) -> int:
    from .train.config import TrainerConfig
    from .train.events import CountingDone, CountingProgress, MergeEvent, TrainingDone
    from .train.trainer import BpeTrainer

    _check_folder(args.output)
    config = TrainerConfig(
        vocab_size=args.vocab_size,
        special_tokens=tuple(args.special),
        pretokenizer=args.pretokenizer,
        tie_break=args.tie_break,
        workers=args.workers,
        name=args.name or os.path.basename(args.corpus[0]),
    )
    trainer = BpeTrainer(args.corpus, config)
    counting = _Progress("counting", trainer.source.total_bytes(), "B", quiet=args.quiet)
    merging: _Progress | None = None
    reason = ""
    for event in trainer.events():
        if isinstance(event, CountingProgress):
            counting.update(event.bytes_done)
        elif isinstance(event, CountingDone):
            counting.update(event.total_bytes, force=True)
            counting.close(f"{event.distinct_pretokens:,} distinct pre-tokens")
            merging = _Progress("merging", max(event.target_merges, 1), quiet=args.quiet)
        elif isinstance(event, MergeEvent) and merging is not None:
            merging.update(event.rank + 1)
        elif isinstance(event, TrainingDone):
            reason = "vocabulary size reached" if event.reason == "vocab_size" else "no pair left to merge"
    tok = trainer.tokenizer()
    if merging is not None:
        merging.close(f"{len(tok.merges):,} merges, {reason}")
    tok.save(args.output)
    print(
        f"saved {args.output}: {len(tok.vocab):,} tokens ({len(tok.merges):,} merges, {len(tok.special_tokens)} special)"
    )
    return 0


def _cmd_encode(args: argparse.Namespace) -> int:
    import numpy as np

    from .encode.files import iter_encode_file

    tok = _load_tokenizer(args)
    dtype = np.dtype(args.dtype) if args.dtype else np.dtype(np.uint16 if tok.max_id < 65536 else np.uint32)
    if dtype == np.uint16 and tok.max_id >= 65536:
        raise _Fail(f"--dtype uint16 cannot hold ids up to {tok.max_id}; use --dtype uint32")
    size = os.path.getsize(args.input) if os.path.isfile(args.input) else 0
    progress = _Progress("encoding", size, "B", quiet=args.quiet)
    _check_folder(args.output)
    count = 0
    with atomic_writer(args.output) as out:
        if args.output.endswith(".npy"):
            header_at = out.tell()
            _npy_header(out, dtype, 0)  # rewritten with the real length at the end
        for done, _, ids in iter_encode_file(
            tok, args.input, workers=args.workers, backend=args.backend, special=args.special
        ):
            out.write(ids.astype(dtype).tobytes())
            count += ids.size
            progress.update(done)
        if args.output.endswith(".npy"):
            out.seek(header_at)
            _npy_header(out, dtype, count)
    progress.close(f"{count:,} tokens, {size / max(count, 1):.2f} bytes/token")
    print(
        f"wrote {args.output}: {count:,} token ids ({dtype.name}{', NumPy .npy' if args.output.endswith('.npy') else ', raw'})"
    )
    return 0


def _npy_header(out: BinaryIO, dtype: np.dtype[Any], count: int) -> None:
    """A NumPy .npy header for ``count`` ids, always the same size (so it can be rewritten)."""
    import numpy as np

    header = {"descr": np.lib.format.dtype_to_descr(np.dtype(dtype)), "fortran_order": False, "shape": (count,)}
    # subtle: the length is padded to 20 digits so the first (count 0) and the final header
    # have the same size, and the ids written after the first one stay in place.
    text = repr(header).replace(f"({count},)", f"({count:>20},)")
    data = text.encode("latin1")
    total = 12 + len(data) + 1
    pad = (64 - total % 64) % 64
    out.write(b"\x93NUMPY\x02\x00" + (len(data) + 1 + pad).to_bytes(4, "little") + data + b" " * pad + b"\n")


def _read_ids(path: str, dtype_name: str | None) -> np.ndarray:
    import numpy as np

    if path.endswith(".npy"):
        try:
            ids = np.load(path, allow_pickle=False)
        except (ValueError, OSError) as exc:
            raise _Fail(f"{path}: not a readable .npy file ({exc})") from None
        if not isinstance(ids, np.ndarray) or ids.ndim != 1 or ids.dtype.kind not in "iu":
            raise _Fail(
                f"{path}: expected a 1-D array of integer ids, got {getattr(ids, 'shape', '?')} and dtype {getattr(ids, 'dtype', '?')}"
            )
        return ids
    if not dtype_name:
        raise _Fail(f"{path}: raw id files need --dtype uint16 or uint32 (or use a .npy file)")
    size = os.path.getsize(path)
    dtype = np.dtype(dtype_name)
    if size % dtype.itemsize:
        raise _Fail(f"{path}: {size} bytes is not a whole number of {dtype.name} ids; check --dtype")
    return np.fromfile(path, dtype=dtype)


def _cmd_decode(args: argparse.Namespace) -> int:
    tok = _load_tokenizer(args)
    if not os.path.isfile(args.input):
        raise _Fail(f"{args.input}: no such file")
    ids = _read_ids(args.input, args.dtype)
    progress = _Progress("decoding", ids.size, quiet=args.quiet)
    _check_folder(args.output)
    with atomic_writer(args.output) as out:
        step = 1 << 20
        for start in range(0, ids.size, step):
            out.write(tok.decode_bytes(ids[start : start + step].tolist()))
            progress.update(min(start + step, ids.size))
    progress.close()
    print(f"wrote {args.output}: {os.path.getsize(args.output):,} bytes from {ids.size:,} ids")
    return 0


def _show(token: bytes) -> str:
    """A token as text when it is valid UTF-8 on its own, else as bytes."""
    try:
        return repr(token.decode("utf-8"))
    except UnicodeDecodeError:
        return repr(token)


def _cmd_info(args: argparse.Namespace) -> int:
    from .tokenizer import Tokenizer

    tok = (
        Tokenizer.from_tiktoken(args.tokenizer[len("tiktoken:") :])
        if args.tokenizer.startswith("tiktoken:")
        else Tokenizer.load(args.tokenizer)
    )
    ordinary = [b for i, b in tok.vocab.items() if not tok.is_special(i)]
    longest = sorted(ordinary, key=len, reverse=True)[:5]
    print(f"name:           {tok.name or '-'}")
    print(
        f"tokens:         {len(tok.vocab):,} (256 bytes, {len(tok.merges):,} merges, {len(tok.special_tokens)} special)"
    )
    print(f"pre-tokenizer:  {tok.pretokenizer.spec} ({tok.pretokenizer.description})")
    print(f"special tokens: {', '.join(f'{t} = {i}' for t, i in tok.special_tokens.items()) or '-'}")
    print(
        f"average token:  {sum(map(len, ordinary)) / max(len(ordinary), 1):.2f} bytes; longest: {', '.join(_show(b) for b in longest)}"
    )
    shown = min(args.merges, len(tok.merges))
    if shown:
        print(f"first {shown} merges:")
        for r in range(shown):
            a, b = tok.merges[r]
            count = tok.merge_counts[r]
            print(
                f"  {r:>6}  {_show(a)} + {_show(b)} -> {_show(a + b)}"
                + (f"  (count {count:,})" if count is not None else "")
            )
    return 0


def _parser() -> argparse.ArgumentParser:
    from .encode.files import BACKENDS, SPECIAL_MODES
    from .pretokenize import PRETOKENIZER_NAMES
    from .train.config import TIE_BREAKS

    p = _Parser(prog="bpe-engine", description="Train, use and inspect byte-level BPE tokenizers.")
    sub = p.add_subparsers(dest="command", required=True, metavar="{train,encode,decode,info}", parser_class=_Parser)

    t = sub.add_parser("train", help="train a tokenizer on UTF-8 text files")
    t.add_argument("corpus", nargs="+", help="UTF-8 text file(s)")
    t.add_argument("-o", "--output", required=True, help="where to save the tokenizer (JSON)")
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
    t.add_argument("-w", "--workers", type=int, default=None, help="counting processes (default: all cores)")
    t.add_argument("--name", help="a name stored in the tokenizer file")
    t.add_argument("-q", "--quiet", action="store_true", help="no progress output")
    t.set_defaults(func=_cmd_train)

    def tokenizer_options(q: argparse.ArgumentParser) -> None:
        g = q.add_mutually_exclusive_group()
        g.add_argument("-t", "--tokenizer", help="a tokenizer file saved by BPE Explorer / bpe-engine train")
        g.add_argument(
            "-e", "--encoding", help="an OpenAI encoding: r50k_base, p50k_base, cl100k_base, o200k_base, gpt2"
        )

    e = sub.add_parser("encode", help="encode a UTF-8 file to token ids (.npy, or raw uint16/uint32)")
    e.add_argument("input")
    e.add_argument("-o", "--output", required=True, help="ids.npy (NumPy) or any other name for raw ids")
    tokenizer_options(e)
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
    e.add_argument("-w", "--workers", type=int, default=None)
    e.add_argument("-q", "--quiet", action="store_true")
    e.set_defaults(func=_cmd_encode)

    d = sub.add_parser("decode", help="decode token ids back to the exact bytes of the text")
    d.add_argument("input", help="ids (.npy, or raw with --dtype)")
    d.add_argument("-o", "--output", required=True)
    tokenizer_options(d)
    d.add_argument("--dtype", choices=["uint16", "uint32"], help="type of raw id files")
    d.add_argument("-q", "--quiet", action="store_true")
    d.set_defaults(func=_cmd_decode)

    i = sub.add_parser("info", help="print a summary of a tokenizer")
    i.add_argument("tokenizer", help="a tokenizer file, or tiktoken:NAME")
    i.add_argument("--merges", type=int, default=10, help="how many of the first merges to list")
    i.set_defaults(func=_cmd_info)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    from .errors import BPEError

    parser = _parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "train":
            if args.special is None:
                args.special = ["<|endoftext|>"]
            args.special = [s for s in args.special if s]
        return int(args.func(args))
    except _ArgumentParserError as exc:
        print(f"bpe-engine: error: {exc} (see bpe-engine --help)", file=sys.stderr)
        return EXIT_USAGE
    except (_Fail, BPEError) as exc:
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
    except KeyboardInterrupt:
        print("\nbpe-engine: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
