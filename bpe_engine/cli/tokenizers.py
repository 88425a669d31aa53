"""Naming a tokenizer on the command line: a file or folder of any format, or ``tiktoken:NAME``.

``--pattern REGEX`` and ``--special-token NAME=ID`` (repeatable; ``NAME`` alone takes the next
free id) complete a tiktoken rank file, which holds neither (see
:func:`bpe_engine.load_tokenizer`).
"""

from __future__ import annotations

import argparse

from ..loading import AnyTokenizer, tokenizer_from_data
from .files import Fail

__all__ = ["TIKTOKEN_PREFIX", "add_format_options", "load_named", "special_tokens_of"]

TIKTOKEN_PREFIX = "tiktoken:"


def add_format_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pattern", metavar="REGEX", help="pre-tokenizer regex for a tiktoken rank file")
    p.add_argument(
        "--special-token",
        action="append",
        default=None,
        metavar="NAME=ID",
        help="a special token of a tiktoken rank file (repeatable; NAME alone takes the next free id)",
    )


def special_tokens_of(values: list[str] | None) -> dict[str, int] | list[str] | None:
    """``--special-token`` values: a mapping when every one has an id, else a list of names."""
    if not values:
        return None
    pairs = [v.rpartition("=") if "=" in v else ("", "", v) for v in values]
    if all(sep for _, sep, _ in pairs):
        out: dict[str, int] = {}
        for name, _, number in pairs:
            if not name or not number.isdigit():
                raise Fail(f"--special-token {name}={number}: the id must be a whole number (NAME=ID)")
            out[name] = int(number)
        return out
    if any(sep for _, sep, _ in pairs):
        raise Fail("--special-token: give every special token an id (NAME=ID), or none of them")
    return [name for _, _, name in pairs]


def load_named(spec: str, args: argparse.Namespace, files: list[str] | None = None) -> AnyTokenizer:
    """The tokenizer ``spec`` names (``files`` receives the paths read)."""
    from ..formats.detect import read_any
    from ..tokenizer import Tokenizer

    pattern = getattr(args, "pattern", None)
    specials = special_tokens_of(getattr(args, "special_token", None))
    if spec.startswith(TIKTOKEN_PREFIX):
        if pattern is not None or specials is not None:
            raise Fail("--pattern and --special-token are for tiktoken rank files, not OpenAI's named encodings")
        return Tokenizer.from_tiktoken(spec[len(TIKTOKEN_PREFIX) :])
    return tokenizer_from_data(read_any(spec, pattern=pattern, special_tokens=specials, files=files))
