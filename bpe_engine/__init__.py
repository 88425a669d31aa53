"""bpe_engine: byte-level BPE that trains, encodes and decodes exactly.

Plain Python (no Qt): train from UTF-8 files, encode by merge rank, decode losslessly,
stream-decode token by token, save/load a versioned format, and use OpenAI's encodings
(r50k, p50k, cl100k, o200k) as tokenizers of our own. :func:`load_tokenizer` reads every
other format (Hugging Face, tiktoken rank files, GPT-2, Tekken, SentencePiece, BERT's WordPiece) with the ids of
the library that defines it; :meth:`Tokenizer.export` writes them.

>>> from bpe_engine import train_bpe
>>> tok = train_bpe(None, 300, ["<|endoftext|>"], text="low lower lowest " * 50)
>>> ids = tok.encode("slow lowest<|endoftext|>", allowed_special="all")
>>> tok.decode(ids)
'slow lowest<|endoftext|>'

As in tiktoken, special-token text in ``encode`` raises unless it is allowed:

>>> tok.encode("<|endoftext|>")
Traceback (most recent call last):
...
bpe_engine.errors.SpecialTokenError: the text contains the special token '<|endoftext|>' at character 0. ...

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
    "train_char_bpe": "train.chars",
    "CharBpeTrainer": "train.chars",
    "char_pretokens": "train.chars",
    "FAMILIES": "families",
    "CharacterTokenizer": "families",
    "ByteTokenizer": "families",
    "WordTokenizer": "families",
    "WordTrainer": "families",
    "train_words": "families",
    "FamilyToken": "families",
    "FamilyTokens": "families",
    "FamilyResult": "families",
    "FamilyTokenizer": "families",
    "family_result": "families",
    "compare_families": "families",
    "FamilyTrainer": "family_trainers",
    "FAMILY_TRAINERS": "family_trainers",
    "family_trainer": "family_trainers",
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
    "SentencePieceTokenizer": "spm.tokenizer",
    "WordPieceTokenizer": "wordpiece.tokenizer",
    "WordPieceDecoder": "wordpiece.tokenizer",
    "WordPieceStep": "wordpiece.model",
    "StepOutcome": "wordpiece.model",
    "train_wordpiece": "wordpiece.train",
    "TrainedWordPiece": "wordpiece.train",
    "WordPieceMerge": "wordpiece.train",
    "UnigramTokenizer": "unigram.tokenizer",
    "UnigramTrainer": "unigram.train",
    "UnigramRound": "unigram.train",
    "ViterbiResult": "unigram.lattice",
    "Segmentation": "unigram.lattice",
    "WordPieceTrainer": "wordpiece.train",
    "TokenizerLike": "interface",
    "TokenizerFacts": "kinds",
    "Family": "kinds",
    "TokenUnit": "kinds",
    "Algorithm": "kinds",
    "SpecialMode": "kinds",
    "SpecialAdditions": "formats.post_processor",
    "TieBreak": "kinds",
    "MergeRule": "kinds",
    "load_tokenizer": "loading",
    "EXPORT_FORMATS": "formats.export",
    "FORMATS": "formats.registry",
    "file_filters": "formats.registry",
    "proposed_file_name": "formats.registry",
    "export_paths": "formats.export",
    "tiktoken_python": "formats.export",
    "vocabulary_overlap": "overlap",
    "VocabularyOverlap": "overlap",
    "find_hf_tokenizers": "discovery",
    "CachedTokenizer": "discovery",
    "hf_cache_dir": "discovery",
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
    "LLAMA3_PATTERN": "pretokenize",
    "QWEN_PATTERN": "pretokenize",
    "TEKKEN_PATTERN": "pretokenize",
    "OPENAI_ENCODINGS": "formats.tiktoken",
    "FORMAT_VERSION": "formats.ours",
    "gpt2_bytes_to_unicode": "formats.gpt2",
    "default_workers": "corpus",
    "encode_file": "encode.files",
    "iter_encode_file": "encode.files",
    "compression": "metrics",
    "fertility": "metrics",
    "renyi_efficiency": "metrics",
    "parity": "metrics",
    "sentence_count": "metrics",
    "gini": "metrics",
    "vocabulary_health": "metrics",
    "reachability": "metrics",
    "token_uses": "metrics",
    "Compression": "metrics",
    "Fertility": "metrics",
    "RenyiEfficiency": "metrics",
    "Parity": "metrics",
    "LanguageCost": "metrics",
    "VocabularyHealth": "metrics",
    "TokenUse": "metrics",
    "load_parallel": "metrics",
    "ParallelText": "metrics",
    "ParallelLanguage": "metrics",
    "dominant_script": "metrics",
    "words": "metrics",
    "word_spans": "metrics",
    "NO_SPACE_SCRIPTS": "metrics",
    "ChatMessage": "chat",
    "ChatRole": "chat",
    "ChatTemplate": "chat",
    "BuiltinFormat": "chat",
    "TemplateOrigin": "chat",
    "TemplateLookup": "chat",
    "LookupBasis": "chat",
    "RenderLimits": "chat",
    "render_chat": "chat",
    "find_chat_template": "chat",
    "builtin_template": "chat",
    "reference_train": "reference",
    "reference_encode": "reference",
    "CoreRecipe": "encode.core",
    "CoreEncoding": "encode.core",
    "array_in_blocks": "_blocks",
    "dict_in_blocks": "_blocks",
    "tolist_in_blocks": "_blocks",
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
    from . import errors as errors
    from ._blocks import (
        array_in_blocks as array_in_blocks,
        dict_in_blocks as dict_in_blocks,
        tolist_in_blocks as tolist_in_blocks,
    )
    from .chat import (
        BuiltinFormat as BuiltinFormat,
        ChatMessage as ChatMessage,
        ChatRole as ChatRole,
        ChatTemplate as ChatTemplate,
        LookupBasis as LookupBasis,
        RenderLimits as RenderLimits,
        TemplateLookup as TemplateLookup,
        TemplateOrigin as TemplateOrigin,
        builtin_template as builtin_template,
        find_chat_template as find_chat_template,
        render_chat as render_chat,
    )
    from .corpus import default_workers as default_workers
    from .discovery import (
        CachedTokenizer as CachedTokenizer,
        find_hf_tokenizers as find_hf_tokenizers,
        hf_cache_dir as hf_cache_dir,
    )
    from .encode.core import CoreEncoding as CoreEncoding, CoreRecipe as CoreRecipe
    from .encode.files import encode_file as encode_file, iter_encode_file as iter_encode_file
    from .encode.piece import BpeStep as BpeStep
    from .explain import TokenSpan as TokenSpan
    from .families import (
        FAMILIES as FAMILIES,
        ByteTokenizer as ByteTokenizer,
        CharacterTokenizer as CharacterTokenizer,
        FamilyResult as FamilyResult,
        FamilyToken as FamilyToken,
        FamilyTokenizer as FamilyTokenizer,
        FamilyTokens as FamilyTokens,
        WordTokenizer as WordTokenizer,
        WordTrainer as WordTrainer,
        compare_families as compare_families,
        family_result as family_result,
        train_words as train_words,
    )
    from .family_trainers import (
        FAMILY_TRAINERS as FAMILY_TRAINERS,
        FamilyTrainer as FamilyTrainer,
        family_trainer as family_trainer,
    )
    from .formats.export import (
        EXPORT_FORMATS as EXPORT_FORMATS,
        export_paths as export_paths,
        tiktoken_python as tiktoken_python,
    )
    from .formats.gpt2 import gpt2_bytes_to_unicode as gpt2_bytes_to_unicode
    from .formats.ours import FORMAT_VERSION as FORMAT_VERSION
    from .formats.post_processor import SpecialAdditions as SpecialAdditions
    from .formats.registry import (
        FORMATS as FORMATS,
        file_filters as file_filters,
        proposed_file_name as proposed_file_name,
    )
    from .formats.tiktoken import OPENAI_ENCODINGS as OPENAI_ENCODINGS
    from .interface import TokenizerLike as TokenizerLike
    from .kinds import (
        Algorithm as Algorithm,
        Family as Family,
        MergeRule as MergeRule,
        SpecialMode as SpecialMode,
        TieBreak as TieBreak,
        TokenizerFacts as TokenizerFacts,
        TokenUnit as TokenUnit,
    )
    from .loading import load_tokenizer as load_tokenizer
    from .metrics import (
        NO_SPACE_SCRIPTS as NO_SPACE_SCRIPTS,
        Compression as Compression,
        Fertility as Fertility,
        LanguageCost as LanguageCost,
        ParallelLanguage as ParallelLanguage,
        ParallelText as ParallelText,
        Parity as Parity,
        RenyiEfficiency as RenyiEfficiency,
        TokenUse as TokenUse,
        VocabularyHealth as VocabularyHealth,
        compression as compression,
        dominant_script as dominant_script,
        fertility as fertility,
        gini as gini,
        load_parallel as load_parallel,
        parity as parity,
        reachability as reachability,
        renyi_efficiency as renyi_efficiency,
        sentence_count as sentence_count,
        token_uses as token_uses,
        vocabulary_health as vocabulary_health,
        word_spans as word_spans,
        words as words,
    )
    from .overlap import VocabularyOverlap as VocabularyOverlap, vocabulary_overlap as vocabulary_overlap
    from .pretokenize import (
        LLAMA3_PATTERN as LLAMA3_PATTERN,
        PRETOKENIZER_NAMES as PRETOKENIZER_NAMES,
        QWEN_PATTERN as QWEN_PATTERN,
        TEKKEN_PATTERN as TEKKEN_PATTERN,
        Piece as Piece,
        Pretokenizer as Pretokenizer,
        get_pretokenizer as get_pretokenizer,
        preview as preview,
    )
    from .reference import reference_encode as reference_encode, reference_train as reference_train
    from .spm.tokenizer import SentencePieceTokenizer as SentencePieceTokenizer
    from .streaming import (
        StreamingDecoder as StreamingDecoder,
        StreamStep as StreamStep,
        utf8_sequence_length as utf8_sequence_length,
    )
    from .tokenizer import Tokenizer as Tokenizer
    from .train.chars import (
        CharBpeTrainer as CharBpeTrainer,
        char_pretokens as char_pretokens,
        train_char_bpe as train_char_bpe,
    )
    from .train.config import (
        DEFAULT_VOCAB_SIZE as DEFAULT_VOCAB_SIZE,
        TIE_BREAKS as TIE_BREAKS,
        TrainerConfig as TrainerConfig,
    )
    from .train.events import (
        CountingDone as CountingDone,
        CountingProgress as CountingProgress,
        MergeEvent as MergeEvent,
        PairInfo as PairInfo,
        PretokenInfo as PretokenInfo,
        TrainingDone as TrainingDone,
        TrainingEvent as TrainingEvent,
    )
    from .train.trainer import BpeTrainer as BpeTrainer, train_bpe as train_bpe
    from .unigram.lattice import Segmentation as Segmentation, ViterbiResult as ViterbiResult
    from .unigram.tokenizer import UnigramTokenizer as UnigramTokenizer
    from .unigram.train import UnigramRound as UnigramRound, UnigramTrainer as UnigramTrainer
    from .wordpiece.model import StepOutcome as StepOutcome, WordPieceStep as WordPieceStep
    from .wordpiece.tokenizer import WordPieceDecoder as WordPieceDecoder, WordPieceTokenizer as WordPieceTokenizer
    from .wordpiece.train import (
        TrainedWordPiece as TrainedWordPiece,
        WordPieceMerge as WordPieceMerge,
        WordPieceTrainer as WordPieceTrainer,
        train_wordpiece as train_wordpiece,
    )

    load_tiktoken_file = Tokenizer.from_tiktoken_file
    get_encoding = Tokenizer.from_tiktoken
    encoding_for_model = Tokenizer.for_model
