"""The commands train, encode, decode, info (export and overlap are in :mod:`.convert`). Each
checks its inputs and output before doing any work, so a mistake costs nothing and loses nothing."""

from __future__ import annotations

import argparse
import os
import sys
import unicodedata
from typing import TYPE_CHECKING

from ..formats.post_processor import SpecialAdditions
from .files import STDOUT, Fail, check_output, npy_header, open_output, read_ids
from .progress import Progress

if TYPE_CHECKING:
    from collections.abc import Iterator

    import numpy as np

    from ..loading import AnyTokenizer

__all__ = ["cmd_train", "cmd_encode", "cmd_decode", "cmd_info", "printable", "shown"]

_SHOWN = 60  # characters of a token, name or special token shown in a line


def printable(text: str, limit: int = _SHOWN) -> str:
    """``text`` for a terminal: control characters and bidirectional overrides escaped (they
    could rewrite or reorder what the terminal shows), long values cut."""
    out = []
    for ch in text[: limit + 1]:
        code = ord(ch)
        if unicodedata.category(ch) == "Cc" or 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069:
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    shown_text = "".join(out)
    if len(text) > limit:
        shown_text = f"{shown_text[:limit]}… ({len(text):,} characters)"
    return shown_text


def shown(value: str | bytes, limit: int = _SHOWN) -> str:
    """A token, name or special token for a terminal: text when it is valid UTF-8, with
    control characters escaped (they could rewrite the terminal), and long values cut."""
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            text = repr(value)
            return text if len(text) <= limit else text[: limit - 1] + "…"
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 1]}… ({len(value):,} characters)"


def _report(args: argparse.Namespace, line: str) -> None:
    """The summary line: on stdout, unless stdout carries the output itself."""
    print(line, file=sys.stderr if getattr(args, "output", None) == STDOUT else sys.stdout)


def _load_tokenizer(args: argparse.Namespace) -> AnyTokenizer:
    from ..tokenizer import Tokenizer
    from .tokenizers import load_named

    if getattr(args, "encoding", None):
        return Tokenizer.from_tiktoken(args.encoding)
    if not args.tokenizer:
        raise Fail("say which tokenizer to use: --tokenizer FILE (any format) or --encoding NAME (e.g. cl100k_base)")
    return load_named(args.tokenizer, args)


def _whole_file_ids(tok: AnyTokenizer, path: str, special: str) -> Iterator[tuple[int, int, np.ndarray]]:
    """A SentencePiece model encodes the file as one text (its normalizer sees all of it)."""
    import numpy as np

    from .._files import FileProblem, read_regular
    from ..errors import CorpusEncodingError

    try:
        data = read_regular(path, limit=1 << 31, what="text file")
    except FileProblem as exc:
        raise Fail(str(exc)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorpusEncodingError(path, exc.start, exc.reason) from None
    yield len(data), 0, np.asarray(tok.encode_with(text, special), dtype=np.uint32)


def cmd_train(args: argparse.Namespace) -> int:
    from ..formats.ours import tokenizer_json
    from ..train.config import TrainerConfig
    from ..train.events import CountingDone, CountingProgress, MergeEvent, TrainingDone
    from ..train.trainer import BpeTrainer

    check_output(args.output, args.corpus)
    config = TrainerConfig(
        vocab_size=args.vocab_size,
        special_tokens=tuple(args.special),
        pretokenizer=args.pretokenizer,
        tie_break=args.tie_break,
        workers=args.workers,
        name=args.name or os.path.basename(args.corpus[0]),
        cluster=args.cluster,
    )
    trainer = BpeTrainer(args.corpus, config)
    counting = Progress("counting", trainer.source.total_bytes(), "B", quiet=args.quiet)
    merging: Progress | None = None
    reason = ""
    for event in trainer.events():
        if isinstance(event, CountingProgress):
            counting.update(event.bytes_done)
        elif isinstance(event, CountingDone):
            counting.update(event.total_bytes, force=True)
            counting.close(f"{event.distinct_pretokens:,} distinct pre-tokens")
            merging = Progress("merging", max(event.target_merges, 1), quiet=args.quiet)
        elif isinstance(event, MergeEvent) and merging is not None:
            merging.update(event.rank + 1)
        elif isinstance(event, TrainingDone):
            reason = "vocabulary size reached" if event.reason == "vocab_size" else "no pair left to merge"
    tok = trainer.tokenizer()
    if merging is not None:
        merging.close(f"{len(tok.merges):,} merges, {reason}")
    with open_output(args.output) as out:
        out.write(tokenizer_json(tok))
    _report(
        args,
        f"saved {args.output}: {len(tok.vocab):,} tokens ({len(tok.merges):,} merges, {len(tok.special_tokens)} special)",
    )
    return 0


def cmd_encode(args: argparse.Namespace) -> int:
    import numpy as np

    from ..encode.files import iter_encode_file
    from ..tokenizer import Tokenizer

    check_output(args.output, [args.input, args.tokenizer])
    tok = _load_tokenizer(args)
    dtype = np.dtype(args.dtype) if args.dtype else np.dtype(np.uint16 if tok.max_id < 65536 else np.uint32)
    if dtype == np.uint16 and tok.max_id >= 65536:
        raise Fail(f"--dtype uint16 cannot hold ids up to {tok.max_id}; use --dtype uint32")
    size = os.path.getsize(args.input) if os.path.isfile(args.input) else 0
    progress = Progress("encoding", size, "B", quiet=args.quiet)
    npy = args.output.endswith(".npy")
    if npy and args.output == STDOUT:
        raise Fail("a .npy file needs a seekable output; write raw ids to standard output")
    count = 0
    additions = tok.special_additions if args.as_model else SpecialAdditions()
    chunks = (
        iter_encode_file(tok, args.input, workers=args.workers, backend=args.backend, special=args.special)
        if isinstance(tok, Tokenizer)
        else _whole_file_ids(tok, args.input, args.special)
    )
    with open_output(args.output) as out:
        if npy:
            header_at = out.tell()
            npy_header(out, dtype, 0)  # rewritten with the real length at the end
        # The model wraps the whole text once: its BOS before the first chunk, its EOS after the last.
        for ids in _added_ids(additions.before):
            out.write(ids.astype(dtype).tobytes())
            count += ids.size
        for done, _, ids in chunks:
            out.write(ids.astype(dtype).tobytes())
            count += ids.size
            progress.update(done)
        for ids in _added_ids(additions.after):
            out.write(ids.astype(dtype).tobytes())
            count += ids.size
        if npy:
            out.seek(header_at)
            npy_header(out, dtype, count)
    progress.close(f"{count:,} tokens, {size / max(count, 1):.2f} bytes/token")
    _report(args, f"wrote {args.output}: {count:,} token ids ({dtype.name}{', NumPy .npy' if npy else ', raw'})")
    return 0


def _added_ids(pairs: tuple[tuple[str, int], ...]) -> list[np.ndarray]:
    """The ids of special tokens the model adds on one side of a text, as one array (or none)."""
    import numpy as np

    return [np.asarray([i for _, i in pairs], dtype=np.int64)] if pairs else []


def cmd_decode(args: argparse.Namespace) -> int:
    check_output(args.output, [args.input, args.tokenizer])
    tok = _load_tokenizer(args)
    ids = read_ids(args.input, args.dtype)
    progress = Progress("decoding", ids.size, quiet=args.quiet)
    written = 0
    # A WordPiece token's text depends on the one before (a space, or none for ##), so the
    # chunks are decoded as one stream.
    stream = None if tok.family != "wordpiece" else tok.byte_stream()
    with open_output(args.output) as out:
        step = 1 << 20
        for start in range(0, ids.size, step):
            chunk = ids[start : start + step].tolist()
            data = tok.decode_bytes(chunk) if stream is None else b"".join([stream(i) for i in chunk])
            out.write(data)
            written += len(data)
            progress.update(min(start + step, ids.size))
    progress.close()
    _report(args, f"wrote {args.output}: {written:,} bytes from {ids.size:,} ids")
    return 0


def cmd_info(args: argparse.Namespace) -> int:
    from ..wordpiece.tokenizer import WordPieceTokenizer
    from .tokenizers import load_named

    if args.merges < 0:
        raise Fail(f"--merges must be 0 or more, got {args.merges}")
    tok = load_named(args.tokenizer, args)
    vocab = tok.vocab
    ordinary = [b for i, b in vocab.items() if not tok.is_special(i)]
    longest = sorted(ordinary, key=len, reverse=True)[:5]
    specials = ", ".join(f"{printable(t)} = {i}" for t, i in list(tok.special_tokens.items())[:20])
    if len(tok.special_tokens) > 20:
        specials += f", … ({len(tok.special_tokens):,} in all)"
    merges = tok.merges
    print(f"name:           {printable(tok.name) if tok.name else '-'}")
    algorithm = tok.facts.algorithm
    kind = {"bpe": "BPE", "wordpiece": "WordPiece"}.get(algorithm.value, algorithm.value.capitalize())
    label = kind if tok.family.value == algorithm.value else f"{tok.family} {kind}"
    print(f"family:         {label} ({type(tok).__name__})")
    if tok.family == "byte-level":
        units = "256 bytes"
    elif isinstance(tok, WordPieceTokenizer):
        units = f"{sum(tok.is_continuation(i) for i in vocab):,} {tok.prefix} continuations"
    else:
        units = f"{sum(b >= 0 for b in tok.byte_ids())} byte-fallback"
    how = f"{len(merges):,} merges" if tok.facts.has_merges else "no merges"
    print(f"tokens:         {len(vocab):,} ({units}, {how}, {len(tok.special_tokens):,} special)")
    print(f"pre-tokenizer:  {printable(tok.pretokenizer.spec, 200)} ({printable(tok.pretokenizer.description, 200)})")
    print(f"special tokens: {specials or '-'}")
    average = sum(map(len, ordinary)) / max(len(ordinary), 1)
    print(f"average token:  {average:.2f} bytes; longest: {', '.join(shown(b) for b in longest)}")
    count = min(args.merges, len(merges))
    counts = tok.merge_counts if count else []
    if count:
        print(f"first {count} merges:")
        for r in range(count):
            a, b = merges[r]
            used = counts[r]
            print(
                f"  {r:>6}  {shown(a)} + {shown(b)} -> {shown(a + b)}"
                + (f"  (count {used:,})" if used is not None else "")
            )
    return 0
