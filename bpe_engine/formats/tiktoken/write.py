"""Writing a tokenizer as a tiktoken rank file and its JSON sidecar (name, pattern, special
tokens, the Python that loads them), or saying why tiktoken would not encode as it does."""

from __future__ import annotations

import base64
import json
import os
from typing import TYPE_CHECKING

from ..base import ordinary_tokens, pattern_of, refuse
from .equivalence import special_overlap
from .merges import merges_from_ranks

if TYPE_CHECKING:
    from ...interface import ByteLevelTokenizerLike as Tokenizer

__all__ = ["SIDECAR_FORMAT", "tiktoken_problem", "tiktoken_python", "tiktoken_files"]


#: The ``format`` of the JSON sidecar that ``Tokenizer.export(path, "tiktoken")`` writes beside
#: a rank file (``<rank file>.json``: name, pattern, special tokens, Python to load them).
SIDECAR_FORMAT = "bpe-explorer-tiktoken-sidecar"


def tiktoken_problem(tok: Tokenizer) -> str | None:
    """Why tiktoken, given this vocabulary as ranks, would not encode as ``tok`` does (or None)."""
    if tok.normalizer is not None:
        return f"tiktoken has no normalizer ({tok.normalizer})"
    overlap = special_overlap(tok.special_tokens)
    if overlap is not None:
        return overlap
    ranks: dict[bytes, int] = {}
    for i, b in ordinary_tokens(tok).items():
        if b in ranks:
            return f"tokens {ranks[b]} and {i} have the same bytes {b!r}"
        ranks[b] = i
    if tok.rank_splits:
        return None  # tiktoken's rule already
    if tok.pair_ranks:
        return "its merges are Hugging Face's pair priorities, which tiktoken's ranks cannot express"
    new_ids = [z for _, _, z in tok.merge_ids()]
    if any(b >= a for a, b in zip(new_ids[1:], new_ids)) or (new_ids and new_ids[0] <= max(tok.byte_ids())):
        return "token ids do not follow the merge order (tiktoken merges by the rank of the result)"
    if merges_from_ranks(ranks) != tok.merges:
        return "tiktoken's byte-pair procedure would not rebuild these merges from the ranks"
    return None


def tiktoken_python(ranks_name: str, sidecar_name: str) -> str:
    """The three lines of Python that build a ``tiktoken.Encoding`` from the exported files."""
    return (
        "import json, pathlib, tiktoken, tiktoken.load\n"
        f"spec = json.loads(pathlib.Path({sidecar_name!r}).read_text(encoding='utf-8'))\n"
        f"enc = tiktoken.Encoding(spec['name'], pat_str=spec['pattern'], "
        f"mergeable_ranks=tiktoken.load.load_tiktoken_bpe({ranks_name!r}), special_tokens=spec['special_tokens'])\n"
    )


def tiktoken_files(tok: Tokenizer, ranks_name: str) -> tuple[bytes, bytes]:
    """The rank file and its JSON sidecar (``ranks_name`` is the rank file's name)."""
    problem = tiktoken_problem(tok)
    if problem is not None:
        raise refuse("tiktoken", problem)
    lines = [base64.b64encode(b) + b" " + str(i).encode("ascii") for i, b in sorted(ordinary_tokens(tok).items())]
    sidecar = {
        "format": SIDECAR_FORMAT,
        "version": 1,
        "name": tok.name or os.path.splitext(ranks_name)[0],
        "ranks": ranks_name,
        "pattern": pattern_of(tok),
        "special_tokens": dict(sorted(tok.special_tokens.items(), key=lambda item: item[1])),
        "python": tiktoken_python(ranks_name, ranks_name + ".json"),
    }
    return b"\n".join(lines) + b"\n", json.dumps(sidecar, ensure_ascii=False, indent=1).encode("utf-8")
