"""bpe_engine: byte-level BPE that trains, encodes and decodes exactly.

Plain Python (no Qt): train from UTF-8 files, encode by merge rank, decode losslessly,
stream-decode token by token, save/load a versioned format, and use OpenAI's encodings
(r50k, p50k, cl100k, o200k) as tokenizers of our own.

>>> from bpe_engine import train_bpe
>>> tok = train_bpe(None, 300, ["<|endoftext|>"], text="low lower lowest " * 50)
>>> tok.decode(tok.encode("slow lowest<|endoftext|>"))
'slow lowest<|endoftext|>'
"""

from . import errors
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

__version__ = "0.1.0"

__all__ = [
    "errors",
    "train_bpe",
    "BpeTrainer",
    "TrainingEvent",
    "CountingProgress",
    "CountingDone",
    "MergeEvent",
    "TrainingDone",
    "PairInfo",
    "PretokenInfo",
    "TIE_BREAKS",
    "Tokenizer",
    "TokenSpan",
    "BpeStep",
    "StreamingDecoder",
    "StreamStep",
    "utf8_sequence_length",
    "Pretokenizer",
    "Piece",
    "PRETOKENIZER_NAMES",
    "get_pretokenizer",
    "preview",
    "OPENAI_ENCODINGS",
    "load_tiktoken_file",
    "FORMAT_VERSION",
    "gpt2_bytes_to_unicode",
    "default_workers",
    "__version__",
]
