"""OpenAI's encodings (r50k, p50k, cl100k, o200k, gpt2): their patterns and special tokens,
their rank files as tiktoken downloads, checks and caches them (``TIKTOKEN_CACHE_DIR`` for a
folder of cached files offline), a model name's encoding, and a local ``.tiktoken`` file
named after one of them."""

from __future__ import annotations

import os
import socket

from ..._files import FileProblem, read_regular
from ...errors import EncodingUnavailableError, TokenizerFileError, UnknownEncodingError, UnknownModelError
from ..base import pretokenizer_for
from ..data import TokenizerData
from ..jsonfile import short
from .merges import _data_from_ranks
from .parse import parse_ranks

__all__ = [
    "OPENAI_ENCODINGS",
    "encoding_name_for_model",
    "read_openai_encoding",
    "read_tiktoken_file",
    "tiktoken_cache_hint",
]


_EOT = "<|endoftext|>"
_FIM = {"<|fim_prefix|>": 100258, "<|fim_middle|>": 100259, "<|fim_suffix|>": 100260}

# name -> (pre-tokenizer, special tokens, description)
OPENAI_ENCODINGS: dict[str, tuple[str, dict[str, int], str]] = {
    "r50k_base": ("gpt2", {_EOT: 50256}, "GPT-3 (davinci), 50k"),
    "p50k_base": ("gpt2", {_EOT: 50256}, "Codex / text-davinci-002/003, 50k"),
    "cl100k_base": ("cl100k", {_EOT: 100257, **_FIM, "<|endofprompt|>": 100276}, "GPT-3.5 / GPT-4, 100k"),
    "o200k_base": ("o200k", {_EOT: 199999, "<|endofprompt|>": 200018}, "GPT-4o / o1, 200k"),
    "gpt2": ("gpt2", {_EOT: 50256}, "GPT-2, 50k"),
}
_BLOB = "https://openaipublic.blob.core.windows.net/encodings/"
# The rank files of tiktoken's own encodings and the SHA-256 tiktoken pins for each (as in
# tiktoken_ext/openai_public.py); gpt2's files are another format, read through tiktoken.
_RANK_FILES: dict[str, tuple[str, str]] = {
    "r50k_base": (_BLOB + "r50k_base.tiktoken", "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930"),
    "p50k_base": (_BLOB + "p50k_base.tiktoken", "94b5ca7dff4d00767bc256fdd1b27e5b17361d7b8a5f968547f9f23eb70d2069"),
    "cl100k_base": (_BLOB + "cl100k_base.tiktoken", "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"),
    "o200k_base": (_BLOB + "o200k_base.tiktoken", "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"),
}


def tiktoken_cache_hint(name: str) -> str:
    return (
        f"tiktoken downloads {name} from the internet on first use. Without internet, set the "
        "environment variable TIKTOKEN_CACHE_DIR to a folder that holds tiktoken's cached files, "
        f"or open a local {name}.tiktoken file instead."
    )


def _offline(exc: BaseException) -> bool:
    """Whether tiktoken failed because it could not reach the internet (its downloads go
    through ``requests``; a name lookup or connection that fails is an ``OSError`` inside)."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        if isinstance(e, (ConnectionError, TimeoutError, socket.gaierror)) or type(e).__name__ in (
            "ConnectionError",
            "NameResolutionError",
            "MaxRetryError",
            "ConnectTimeout",
        ):
            return True
        todo += [e.__cause__, e.__context__]
    return False


def encoding_name_for_model(model_name: str) -> str:
    """The encoding of an OpenAI model name, by tiktoken's own table."""
    try:
        from tiktoken.model import encoding_name_for_model as lookup
    except ImportError:
        raise EncodingUnavailableError("the tiktoken package is not installed (pip install tiktoken)") from None
    try:
        return str(lookup(model_name))
    except KeyError:
        raise UnknownModelError(
            f"{short(model_name)} is not an OpenAI model name tiktoken knows; name an encoding instead "
            "(for example o200k_base)"
        ) from None


def read_openai_encoding(name: str) -> TokenizerData:
    """One of tiktoken's encodings (downloaded once by tiktoken, or read from its cache)."""
    if not isinstance(name, str):
        raise EncodingUnavailableError(f"encoding name must be a string, got {name!r}")
    try:
        # subtle: tiktoken's submodules, not the package: code that puts something else in
        # sys.modules["tiktoken"] (tests/engine/tiktoken_adapter.py does) must not be called back.
        from tiktoken.registry import get_encoding
    except ImportError:
        raise EncodingUnavailableError(
            f"cannot load {name}: the tiktoken package is not installed (pip install tiktoken), "
            f"or open a local {name}.tiktoken file instead"
        ) from None
    try:
        if name in _RANK_FILES:
            # The rank file itself, as tiktoken fetches and checks it (its cache, its pinned
            # hash), read by parse_ranks: twice as fast as tiktoken's own reading, and without
            # building tiktoken's encoder, which is not needed to open the tokenizer.
            from tiktoken.load import read_file_cached

            url, expected_hash = _RANK_FILES[name]
            ranks = parse_ranks(read_file_cached(url, expected_hash), name)
            pretokenizer, specials, _ = OPENAI_ENCODINGS[name]
            return _data_from_ranks(ranks, name, pretokenizer, dict(specials), name, lazy=True)
        enc = get_encoding(name)
        ranks = dict(enc._mergeable_ranks)  # subtle: tiktoken has no public accessor for these
        pattern = enc._pat_str
        specials = dict(enc._special_tokens)
    except TokenizerFileError as exc:
        raise EncodingUnavailableError(f"cannot load {name}: {exc}. {tiktoken_cache_hint(name)}") from None
    except ValueError as exc:
        if "Unknown encoding" in str(exc):
            raise UnknownEncodingError(
                f"{name!r} is not an encoding tiktoken knows; use one of {', '.join(OPENAI_ENCODINGS)}"
            ) from None
        raise EncodingUnavailableError(f"cannot load {name}: {exc}. {tiktoken_cache_hint(name)}") from None
    except Exception as exc:  # network errors, hash mismatches, broken cache files
        if _offline(exc):
            raise EncodingUnavailableError(
                f"{name} is not in tiktoken's cache and cannot be downloaded (no internet connection). "
                + tiktoken_cache_hint(name)
            ) from None
        raise EncodingUnavailableError(
            f"cannot load {name}: {short(str(exc), 200)}. {tiktoken_cache_hint(name)}"
        ) from None
    return _data_from_ranks(ranks, name, pretokenizer_for(pattern), specials, name, lazy=True)


def read_tiktoken_file(path: str | os.PathLike[str], name: str | None = None) -> TokenizerData:
    """A local ``.tiktoken`` file (``base64-token rank`` per line).

    ``name`` (or the file name, e.g. ``cl100k_base.tiktoken``) selects the pattern and
    special tokens of a known encoding; an unknown name gets the GPT-2 pattern and none.
    """
    path = os.fspath(path)
    if name is None:
        base = os.path.basename(path)
        name = base[: -len(".tiktoken")] if base.endswith(".tiktoken") else base
    pretokenizer, specials, _ = OPENAI_ENCODINGS.get(name, ("gpt2", {}, ""))
    try:
        data = read_regular(path, what="tiktoken rank file")
    except FileProblem as exc:
        raise TokenizerFileError(str(exc)) from None
    ranks = parse_ranks(data, path)
    if not ranks:
        raise TokenizerFileError(f"{path}: holds no tokens; it is not a tiktoken rank file")
    return _data_from_ranks(ranks, name, pretokenizer, dict(specials), path)
