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
    "train_bpe": "train",
    "BpeTrainer": "train",
    "TrainingEvent": "train",
    "CountingProgress": "train",
    "CountingDone": "train",
    "MergeEvent": "train",
    "TrainingDone": "train",
    "PairInfo": "train",
    "PretokenInfo": "train",
    "TIE_BREAKS": "train",
    "Tokenizer": "tokenizer",
    "TokenSpan": "tokenizer",
    "BpeStep": "tokenizer",
    "StreamingDecoder": "streaming",
    "StreamStep": "streaming",
    "utf8_sequence_length": "streaming",
    "Pretokenizer": "pretokenize",
    "Piece": "pretokenize",
    "PRETOKENIZER_NAMES": "pretokenize",
    "get_pretokenizer": "pretokenize",
    "preview": "pretokenize",
    "OPENAI_ENCODINGS": "tiktoken_compat",
    "load_tiktoken_file": "tiktoken_compat",
    "FORMAT_VERSION": "serialization",
    "gpt2_bytes_to_unicode": "serialization",
    "default_workers": "counting",
    "set_fork_workers": "_procs",
    "encode_file": "bulk",
    "iter_encode_file": "bulk",
}

__all__ = ["errors", "__version__", *_EXPORTS]


def __getattr__(name: str) -> Any:
    if name == "errors":
        return importlib.import_module(".errors", __name__)
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
    from .bulk import encode_file, iter_encode_file
    from ._procs import set_fork_workers
    from .counting import default_workers
    from .pretokenize import PRETOKENIZER_NAMES, Piece, Pretokenizer, get_pretokenizer, preview
    from .serialization import FORMAT_VERSION, gpt2_bytes_to_unicode
    from .streaming import StreamingDecoder, StreamStep, utf8_sequence_length
    from .tiktoken_compat import OPENAI_ENCODINGS, load_tiktoken_file
    from .tokenizer import BpeStep, Tokenizer, TokenSpan
    from .train import (
        TIE_BREAKS,
        BpeTrainer,
        CountingDone,
        CountingProgress,
        MergeEvent,
        PairInfo,
        PretokenInfo,
        TrainingDone,
        TrainingEvent,
        train_bpe,
    )
