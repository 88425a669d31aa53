"""The commands between formats: ``export`` (a tokenizer of any format, written in another)
and ``overlap`` (how much two vocabularies share)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .commands import shown
from .files import Fail, check_output
from .tokenizers import TIKTOKEN_PREFIX, load_named

if TYPE_CHECKING:
    from ..loading import AnyTokenizer

__all__ = ["cmd_export", "cmd_overlap"]


def cmd_export(args: argparse.Namespace) -> int:
    from ..formats.export import export_paths
    from ..spm.tokenizer import SentencePieceTokenizer

    outputs = export_paths(args.output, args.format)
    read: list[str] = []
    tok = load_named(args.input, args, read)
    inputs = read + ([] if args.input.startswith(TIKTOKEN_PREFIX) else [args.input])
    for path in outputs:
        check_output(path, inputs)
    if tok.family == "wordpiece" and args.format != "hf":
        raise Fail(
            f"{args.input}: is a WordPiece tokenizer (greedy longest match, ## continuation), which has no "
            f"merges; {args.format} holds BPE merges, so it cannot be exported there (use -f hf)"
        )
    if isinstance(tok, SentencePieceTokenizer):
        raise Fail(
            f"{args.input}: is a {'Unigram' if tok.family == 'unigram' else 'SentencePiece'} model (characters, "
            "▁ for spaces, byte fallback); no byte-level format reproduces its ids, so it cannot be exported"
        )
    written = tok.export(args.output, args.format)
    for path in written:
        print(f"wrote {path}")
    if args.format == "tiktoken":
        from ..formats.export import tiktoken_python

        print("load it with tiktoken:")
        print(tiktoken_python(written[0], written[1]), end="")
    return 0


def _lenient(spec: str, args: argparse.Namespace) -> AnyTokenizer:
    """``--pattern``/``--special-token`` go to whichever of the two needs them (a rank file)."""
    from ..errors import ConfigError

    try:
        return load_named(spec, args)
    except ConfigError:
        if args.pattern is None and args.special_token is None:
            raise
        return load_named(spec, argparse.Namespace())


def cmd_overlap(args: argparse.Namespace) -> int:
    from ..overlap import vocabulary_overlap

    if args.list < 0:
        raise Fail(f"--list must be 0 or more, got {args.list}")
    a, b = _lenient(args.a, args), _lenient(args.b, args)
    found = vocabulary_overlap(a, b, include_special=args.special)
    name_a, name_b = a.name or args.a, b.name or args.b
    print(f"A: {name_a}: {found.size_a:,} distinct tokens")
    print(f"B: {name_b}: {found.size_b:,} distinct tokens")
    print(f"shared:    {found.shared_count:,} tokens ({found.share_a:.1%} of A, {found.share_b:.1%} of B)")
    for label, only in (("A", found.only_a), ("B", found.only_b)):
        shown_ones = ", ".join(f"{i}: {shown(data)}" for i, data in only[: args.list])
        more = f", … ({len(only) - args.list:,} more)" if len(only) > args.list else ""
        print(f"only in {label}: {len(only):,} tokens" + (f"; {shown_ones}{more}" if shown_ones else ""))
    return 0
