"""Hugging Face ``tokenizer.json`` files with a BPE model (a WordPiece model is
:mod:`.hf_wordpiece`'s, whose format is asked first).

Two BPE families are read, each exactly as Hugging Face's ``tokenizers`` encodes it:

- byte-level BPE (GPT-2, Llama 3, Qwen2): a ``ByteLevel`` pre-tokenizer, alone (GPT-2's
  regex) or after a ``Split`` regex with ``Isolated`` behaviour; the vocabulary is written in
  GPT-2's byte-to-unicode alphabet. Returns :class:`~.data.TokenizerData` with
  ``pair_ranks`` (Hugging Face merges by the rank of the pair: see
  :class:`~bpe_engine.Tokenizer`) and ``ignore_merges`` as the file says.
- SentencePiece-style BPE (Llama 2, Mistral): spaces become ``▁`` (a ``Replace`` normalizer
  or a ``Metaspace`` pre-tokenizer), ``▁`` put before the text (``Prepend`` or Metaspace's
  ``prepend_scheme``), ``<0xNN>`` tokens for byte fallback. Returns
  :class:`~.data.SentencePieceData` with the merge list.
- a ``Unigram`` model (T5, ALBERT) with the SentencePiece-style normalizer and pre-tokenizer:
  :mod:`.hf_unigram`.

The SentencePiece-style normalizer may also hold SentencePiece's ``remove_extra_whitespaces``
as transformers' ``SpmConverter`` writes it: ``Strip`` then ``Replace`` of the regex ``" {2,}"``
(no other regex is read, so none is run), read as ``tokenizers`` runs it (:class:`~.data.Trim`):
Strip takes every Unicode White_Space character, at both ends or (``left: false``) the right
only, of each part of the text between two added tokens, and Prepend's ``▁`` goes before each
part left non-empty.

Added tokens become special tokens (matched in the text when allowed, longest first, as
Hugging Face does; ``normalized`` ones by their normalized text). A byte-level file may have a
Unicode normal form as its normalizer (``NFC`` in Qwen2's). What these families cannot
express is refused, naming the component and the file: another model type (WordLevel), a normalizer or pre-tokenizer we do not reproduce, ``add_prefix_space``
(it prepends a space that decoding cannot take away), added tokens with ``lstrip``,
``rstrip`` or ``single_word``, dropout, subword prefixes or suffixes. Post-processors (they
only add tokens such as BOS around the ids of a text) and truncation/padding are not applied:
ids are those of ``encode(text, add_special_tokens=False)``.

- :mod:`.components`: what every reader shares (checks, ``Sequence``, added tokens, ``Split``);
- :mod:`.model`: the ``model`` section (vocabulary, merges, settings);
- :mod:`.byte_level` and :mod:`.sentencepiece_style`: the two BPE families;
- :mod:`.processor`: the post-processor (accepted kinds, BOS, what it adds);
- :mod:`.read`: ``data_from_hf``, which family a file is;
- :mod:`.write`: ``hf_json``, the file ``Tokenizer.export(path, "hf")`` writes.

This module re-exports their names and declares the format (``FORMAT``).
"""

from __future__ import annotations

import os

from ..base import Content, Format, ReadRequest, Writer, display_name, json_bytes, no_arguments
from ..data import AnyTokenizerData
from .byte_level import HF_BYTE_LEVEL_PATTERN
from .components import (
    _flag as _flag,
    _flatten as _flatten,
    _type as _type,
    added_tokens,
    is_hf_tokenizer,
    split_pattern,
)
from .model import _vocab as _vocab
from .processor import _check_post_processor as _check_post_processor, template_bos
from .read import data_from_hf
from .write import hf_json

__all__ = [
    "HF_BYTE_LEVEL_PATTERN",
    "data_from_hf",
    "split_pattern",
    "added_tokens",
    "is_hf_tokenizer",
    "template_bos",
    "hf_json",
    "FORMAT",
]


def _read(content: Content, request: ReadRequest) -> AnyTokenizerData:
    no_arguments(content.path, "Hugging Face tokenizer.json", request)
    found = data_from_hf(content.json, content.path)
    found.name = display_name(content.path)
    return found


def _paths(path: str, folder: bool) -> list[str]:
    return [os.path.join(path, "tokenizer.json") if folder else path]


FORMAT = Format(
    name="hf",
    title="Hugging Face tokenizer.json",
    patterns=("tokenizer.json", "*.json"),
    detect=lambda content: is_hf_tokenizer(content.json),
    read=_read,
    order=30,
    folder_files=("tokenizer.json",),
    folder_rank=0,
    writer=Writer(paths=_paths, files=lambda tok, paths: [json_bytes(hf_json(tok))], suffix="-tokenizer.json"),
    menu_rank=1,
)
