"""OpenAI's encodings (r50k, p50k, cl100k, o200k, gpt2) and tiktoken's rank files.

tiktoken stores ranks, not merges: the token with rank ``r`` is made by merging two tokens
of lower rank. We rebuild that merge for every token (the only split into two lower-ranked
tokens, or where several exist, the one tiktoken's own byte-pair procedure reaches), so our
encoder, not tiktoken's, produces the ids, and the vocabulary browser can show merge trees.

The rank data comes from tiktoken (which downloads it once and caches it; set
``TIKTOKEN_CACHE_DIR`` to use a folder of cached files offline) or from a local
``.tiktoken`` file. Patterns and special tokens of the known encodings are listed here, so
a local file needs nothing else.

- :mod:`.parse`: reading and checking a rank file's lines;
- :mod:`.merges`: the merges rebuilt from the ranks, and the tokenizer data of a rank table;
- :mod:`.encodings`: OpenAI's encodings (their settings, tiktoken's download and cache);
- :mod:`.settings`: a rank file completed by the settings found beside it;
- :mod:`.equivalence`: whether tiktoken's core encodes as we do, and its ``Encoding``;
- :mod:`.write`: the rank file and sidecar that ``Tokenizer.export(path, "tiktoken")`` writes.

This module re-exports their names and declares the format (``FORMAT``).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ...errors import TokenizerFileError
from ..base import (
    OPENAI_PATTERNS,
    Content,
    Format,
    ReadRequest,
    Writer,
    beside,
    no_arguments,
    pretokenizer_for,
    read_file,
)
from ..data import TokenizerData
from ..jsonfile import short
from .encodings import (
    OPENAI_ENCODINGS,
    encoding_name_for_model,
    read_openai_encoding,
    read_tiktoken_file,
    tiktoken_cache_hint,
)
from .equivalence import build_encoding, equivalence_problem, pattern_error, setup_problem, special_overlap
from .merges import (
    data_from_rank_file,
    data_from_ranks,
    merge_ids_from_ranks,
    merge_triples_from_ranks,
    merges_from_ranks,
)
from .parse import _parse_ranks_slowly as _parse_ranks_slowly, parse_ranks
from .settings import _read_ranks, is_rank_file
from .write import SIDECAR_FORMAT, tiktoken_files, tiktoken_problem, tiktoken_python

if TYPE_CHECKING:
    from ...interface import ByteLevelTokenizerLike as Tokenizer


__all__ = [
    "OPENAI_ENCODINGS",
    "OPENAI_PATTERNS",
    "SIDECAR_FORMAT",
    "encoding_name_for_model",
    "read_openai_encoding",
    "read_tiktoken_file",
    "merges_from_ranks",
    "merge_ids_from_ranks",
    "merge_triples_from_ranks",
    "tiktoken_cache_hint",
    "equivalence_problem",
    "special_overlap",
    "setup_problem",
    "pattern_error",
    "data_from_ranks",
    "data_from_rank_file",
    "parse_ranks",
    "pretokenizer_for",
    "build_encoding",
    "tiktoken_problem",
    "tiktoken_python",
    "tiktoken_files",
    "is_rank_file",
    "FORMAT",
]


def _detect(content: Content) -> bool:
    if content.is_json:  # the sidecar our export writes beside a rank file
        obj = content.json
        return isinstance(obj, dict) and obj.get("format") == SIDECAR_FORMAT
    return is_rank_file(content.data)


def _read(content: Content, request: ReadRequest) -> TokenizerData:
    path = content.path
    if not content.is_json:
        return _read_ranks(path, content.data, request.pattern, request.special_tokens)
    no_arguments(path, "tiktoken sidecar (it names the pattern and special tokens)", request)
    ranks = content.json.get("ranks")
    target = beside(path, ranks) if isinstance(ranks, str) and os.path.basename(ranks) == ranks else None
    if target is None:
        raise TokenizerFileError(f"{path}: the rank file it names ({short(ranks)}) is not beside it")
    return _read_ranks(target, read_file(target), None, None)


def _paths(path: str, folder: bool) -> list[str]:
    ranks = os.path.join(path, "tokenizer.tiktoken") if folder else path
    return [ranks, ranks + ".json"]


def _files(tok: Tokenizer, paths: list[str]) -> list[bytes]:
    return list(tiktoken_files(tok, os.path.basename(paths[0])))


FORMAT = Format(
    name="tiktoken",
    title="tiktoken rank file",
    patterns=("*.tiktoken", "*.model"),
    detect=_detect,
    read=_read,
    order=10,
    folder_files=("tokenizer.model", "*.tiktoken"),
    folder_rank=2,
    takes_settings=True,
    writer=Writer(paths=_paths, files=_files, suffix=".tiktoken"),
    menu_rank=3,
)
