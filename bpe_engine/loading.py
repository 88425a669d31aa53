"""One entry point for every tokenizer file: :func:`load_tokenizer`.

The format is told from the content (:mod:`bpe_engine.formats.detect`); a byte-level file
becomes a :class:`~bpe_engine.Tokenizer`, a SentencePiece-family file a
:class:`~bpe_engine.spm.SentencePieceTokenizer`, a WordPiece file (BERT) a
:class:`~bpe_engine.wordpiece.WordPieceTokenizer`. All have the whole interface of
:class:`~bpe_engine.interface.TokenizerLike`.
"""

from __future__ import annotations

import os

from ._cache import arguments, cache_dir, cached, file_key
from ._files import FileProblem, read_regular
from .errors import TokenizerFileError
from .formats.data import AnyTokenizerData, SentencePieceData, WordPieceData
from .formats.detect import SpecialTokens, read_any
from .formats.sentencepiece import looks_like_model_proto
from .kinds import Algorithm
from .spm.tokenizer import SentencePieceTokenizer
from .tokenizer import Tokenizer
from .unigram.tokenizer import UnigramTokenizer
from .wordpiece.tokenizer import WordPieceTokenizer

__all__ = ["load_tokenizer", "tokenizer_from_data", "AnyTokenizer"]

AnyTokenizer = Tokenizer | SentencePieceTokenizer | UnigramTokenizer | WordPieceTokenizer


def load_tokenizer(
    path: str | os.PathLike[str], *, pattern: str | None = None, special_tokens: SpecialTokens | None = None
) -> AnyTokenizer:
    """The tokenizer in ``path`` (a file or a folder), whatever its format.

    Our JSON; GPT-2's ``vocab.json`` + ``merges.txt`` (a folder, or either file); a Hugging
    Face ``tokenizer.json`` with a BPE model (byte-level or SentencePiece-style) or a WordPiece
    model; a BERT ``vocab.txt`` (a file, or a folder with it); a tiktoken
    rank file (``.tiktoken``, Llama 3's ``tokenizer.model``); Mistral's Tekken JSON; a
    SentencePiece ``.model`` of type BPE or Unigram (a
    :class:`~bpe_engine.unigram.UnigramTokenizer`). ``pattern`` (a regex) and ``special_tokens``
    (``{name: id}``) complete a tiktoken rank file, which holds neither (without them they are
    looked for beside the file, and the error says what to pass); for GPT-2 files they replace
    the GPT-2 pattern and name the special tokens. Errors
    (:class:`~bpe_engine.errors.TokenizerFileError`) name the file and what is wrong.

    >>> import bpe_engine
    >>> bpe_engine.load_tokenizer("/no/such/file.json")
    Traceback (most recent call last):
    ...
    bpe_engine.errors.TokenizerFileError: /no/such/file.json: no such file; check the path
    """
    args = arguments(pattern, special_tokens)
    # A SentencePiece model is never stored (its tables are built on first use, and reading
    # it is as fast as reading a stored copy): no hash of it, no look in the cache folder.
    key = None
    # The bytes hashed for the key are the ones parsed (read once: 10 ms of Tekken's 15 MB),
    # by the first build only; dropped after it (a pending entry keeps ``reread``).
    first: list[bytes] = []
    if args is not None and cache_dir() is not None and not _sentencepiece_model(path):
        data = _regular_bytes(path)
        key = file_key(path, "load_tokenizer", *args, folder=True, data=data)
        if data is not None and key is not None:
            first.append(data)
        del data

    def build() -> AnyTokenizer:
        data = first.pop() if first else None
        return tokenizer_from_data(read_any(path, pattern=pattern, special_tokens=special_tokens, data=data))

    def reread() -> AnyTokenizer:
        # A cached tokenizer's merges taken from its file on first use: the same file still.
        # The bytes checked are the bytes parsed (read once: the file may change between two reads).
        data = _regular_bytes(path)
        if args is None or file_key(path, "load_tokenizer", *args, folder=True, data=data) != key:
            raise TokenizerFileError(f"{os.fspath(path)}: the file changed after it was opened; open it again")
        if data is not None:
            first.append(data)
        return build()

    try:
        return cached(key, build, Tokenizer, Tokenizer._from_tables, reread)
    finally:
        first.clear()  # (a tokenizer found in the cache: its file's bytes not kept)


def _regular_bytes(path: str | os.PathLike[str]) -> bytes | None:
    """The bytes of the regular file ``path`` (size-limited), or None: a folder, a missing
    file, anything the loader then reports itself."""
    try:
        if not os.path.isfile(path):
            return None
        return read_regular(os.fspath(path), what="tokenizer file")
    except (FileProblem, OSError, TypeError, ValueError):
        return None


def _sentencepiece_model(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` is a file that starts as a SentencePiece ``.model`` does (a piece:
    its text, then its score), which no other format this program reads does."""
    try:
        if not os.path.isfile(path):  # a folder, a pipe (opening it would wait), a missing file
            return False
        with open(path, "rb") as f:
            head = f.read(136)
    except (OSError, TypeError, ValueError):
        return False  # the loader reports what it is
    return looks_like_model_proto(head) and len(head) > head[3] + 4 and head[4 + head[3]] == 0x15


def tokenizer_from_data(data: AnyTokenizerData) -> AnyTokenizer:
    """The tokenizer of what a reader of :mod:`bpe_engine.formats` returned."""
    if isinstance(data, SentencePieceData) and data.algorithm is Algorithm.UNIGRAM:
        return UnigramTokenizer.from_data(data)
    if isinstance(data, SentencePieceData):
        return SentencePieceTokenizer.from_data(data)
    if isinstance(data, WordPieceData):
        return WordPieceTokenizer.from_data(data)
    return Tokenizer.from_data(data)
