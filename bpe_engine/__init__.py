"""bpe_engine: byte-level BPE that trains, encodes and decodes exactly.

Plain Python (no Qt): train from UTF-8 files, encode by merge rank, decode losslessly,
stream-decode token by token, save/load a versioned format, and use OpenAI's encodings
(r50k, p50k, cl100k, o200k) as tokenizers of our own.

>>> from bpe_engine import train_bpe
>>> tok = train_bpe(None, 300, ["<|endoftext|>"], text="low lower lowest " * 50)
>>> tok.decode(tok.encode("slow lowest<|endoftext|>"))
'slow lowest<|endoftext|>'

Names are imported lazily (PEP 562), so worker processes that only count pre-tokens start
without loading NumPy.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS: dict[str, str] = {
    "train_bpe": "train.trainer",
    "BpeTrainer": "train.trainer",
    "TrainerConfig": "train.config",
    "TIE_BREAKS": "train.config",
    "DEFAULT_VOCAB_SIZE": "train.config",
    "TrainingEvent": "train.events",
    "CountingProgress": "train.events",
    "CountingDone": "train.events",
    "MergeEvent": "train.events",
    "TrainingDone": "train.events",
    "PairInfo": "train.events",
    "PretokenInfo": "train.events",
    "Tokenizer": "tokenizer",
    "TokenSpan": "explain",
    "BpeStep": "encode.piece",
    "StreamingDecoder": "streaming",
    "StreamStep": "streaming",
    "utf8_sequence_length": "streaming",
    "Pretokenizer": "pretokenize",
    "Piece": "pretokenize",
    "PRETOKENIZER_NAMES": "pretokenize",
    "get_pretokenizer": "pretokenize",
    "preview": "pretokenize",
    "OPENAI_ENCODINGS": "formats.tiktoken",
    "FORMAT_VERSION": "formats.ours",
    "gpt2_bytes_to_unicode": "formats.gpt2",
    "default_workers": "corpus",
    "encode_file": "encode.files",
    "iter_encode_file": "encode.files",
    "reference_train": "reference",
    "reference_encode": "reference",
}

# tiktoken's module functions, so that code written for tiktoken changes one import.
_ALIASES = {
    "load_tiktoken_file": "from_tiktoken_file",
    "get_encoding": "from_tiktoken",
    "encoding_for_model": "for_model",
}

__all__ = ["errors", "__version__", *_ALIASES, *_EXPORTS]


def __getattr__(name: str) -> Any:
    if name == "errors":
        return importlib.import_module(".errors", __name__)
    if name in _ALIASES:
        return getattr(importlib.import_module(".tokenizer", __name__).Tokenizer, _ALIASES[name])
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'bpe_engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # cache: the next access is a plain global lookup
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs
    from . import errors
    from .corpus import default_workers
    from .encode.files import encode_file, iter_encode_file
    from .encode.piece import BpeStep
    from .explain import TokenSpan
    from .formats.gpt2 import gpt2_bytes_to_unicode
    from .formats.ours import FORMAT_VERSION
    from .formats.tiktoken import OPENAI_ENCODINGS
    from .pretokenize import PRETOKENIZER_NAMES, Piece, Pretokenizer, get_pretokenizer, preview
    from .reference import reference_encode, reference_train
    from .streaming import StreamingDecoder, StreamStep, utf8_sequence_length
    from .tokenizer import Tokenizer
    from .train.config import DEFAULT_VOCAB_SIZE, TIE_BREAKS, TrainerConfig
    from .train.events import (
        CountingDone,
        CountingProgress,
        MergeEvent,
        PairInfo,
        PretokenInfo,
        TrainingDone,
        TrainingEvent,
    )
    from .train.trainer import BpeTrainer, train_bpe

    load_tiktoken_file = Tokenizer.from_tiktoken_file
    get_encoding = Tokenizer.from_tiktoken
    encoding_for_model = Tokenizer.for_model
