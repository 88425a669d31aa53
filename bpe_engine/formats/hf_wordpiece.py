"""Hugging Face ``tokenizer.json`` files with a WordPiece model (BERT and its kin).

Read into :class:`~.data.WordPieceData` for :class:`bpe_engine.wordpiece.WordPieceTokenizer`
(its ``FORMAT`` is asked before :mod:`.hf`'s, which reads BPE models). What is read, each as ``tokenizers``
runs it: the model (``vocab``, ``unk_token``, ``continuing_subword_prefix``,
``max_input_chars_per_word``); a ``BertNormalizer`` (``clean_text``,
``handle_chinese_chars``, ``strip_accents``, ``lowercase``) or none; the pre-tokenizer
(``BertPreTokenizer``, ``WhitespaceSplit``, ``Whitespace``, ``Punctuation`` with isolated
behaviour, or a ``Sequence`` of them); the added tokens; the ``WordPiece`` decoder or none;
the post-processor (``TemplateProcessing``/``BertProcessing``: the ``[CLS]``/``[SEP]`` of
``encode_as_model``). Anything else is refused naming the file and the field.
"""

from __future__ import annotations

from typing import Any

from ..errors import TokenizerFileError, short
from .base import Content, Format, ReadRequest, display_name, no_arguments
from .data import WordPieceData, WordPieceSplit
from .hf import _check_post_processor, _flag, _flatten, _type, _vocab, added_tokens, is_hf_tokenizer, template_bos
from .post_processor import additions_from_hf

__all__ = ["wordpiece_from_hf", "wordpiece_json", "is_wordpiece", "FORMAT"]

_SPLITS = {
    "BertPreTokenizer": WordPieceSplit.BERT,
    "WhitespaceSplit": WordPieceSplit.WHITESPACE_SPLIT,
    "Whitespace": WordPieceSplit.WHITESPACE,
    "Punctuation": WordPieceSplit.PUNCTUATION,
}


def _fail(path: str, what: str) -> TokenizerFileError:
    return TokenizerFileError(f"{path}: {what}")


def _model(model: dict[str, Any], path: str) -> tuple[dict[str, int], str, str, int]:
    vocab = _vocab(model, path)
    unk = model.get("unk_token", "[UNK]")
    if not isinstance(unk, str) or unk not in vocab:
        raise _fail(path, f"model.unk_token {short(unk)} must be a token of model.vocab")
    prefix = model.get("continuing_subword_prefix", "##")
    if not isinstance(prefix, str):
        raise _fail(path, f"model.continuing_subword_prefix must be a string, got {short(prefix)}")
    limit = model.get("max_input_chars_per_word", 100)
    if type(limit) is not int or limit < 1:
        raise _fail(path, f"model.max_input_chars_per_word must be a whole number above 0, got {short(limit)}")
    return vocab, unk, prefix, limit


def _normalizer(obj: dict[str, Any], data: WordPieceData, path: str) -> None:
    norm = obj.get("normalizer")
    if norm is None:
        data.normalize = False
        return
    kind = _type(norm, "normalizer", path)
    if kind != "BertNormalizer":
        raise _fail(path, f"normalizer {short(kind)} is not supported with a WordPiece model (only BertNormalizer)")
    data.clean_text = _flag(norm, "clean_text", True, "normalizer", path)
    data.handle_chinese_chars = _flag(norm, "handle_chinese_chars", True, "normalizer", path)
    data.lowercase = _flag(norm, "lowercase", True, "normalizer", path)
    # null means "as lowercase", as in tokenizers' BertNormalizer.
    data.strip_accents = _flag(norm, "strip_accents", data.lowercase, "normalizer", path)


def _splits(obj: dict[str, Any], path: str) -> tuple[WordPieceSplit, ...]:
    parts = _flatten(obj.get("pre_tokenizer"), "pretokenizers", "pre_tokenizer", path)
    if not parts:
        return (WordPieceSplit.NONE,)
    out: list[WordPieceSplit] = []
    for part, where in parts:
        kind = part["type"]
        if kind not in _SPLITS:
            raise _fail(path, f"{where}: pre-tokenizer {short(kind)} is not supported with a WordPiece model")
        if kind == "Punctuation" and part.get("behavior", "Isolated") != "Isolated":
            raise _fail(path, f"{where}.behavior is {short(part.get('behavior'))}; only Isolated is supported")
        out.append(_SPLITS[kind])
    return tuple(out)


def _decoder(obj: dict[str, Any], data: WordPieceData, path: str) -> None:
    dec = obj.get("decoder")
    if dec is None:
        data.decode_prefix, data.cleanup = None, False
        return
    kind = _type(dec, "decoder", path)
    if kind != "WordPiece":
        raise _fail(path, f"decoder {short(kind)} is not supported with a WordPiece model (only WordPiece)")
    prefix = dec.get("prefix", "##")
    if not isinstance(prefix, str):
        raise _fail(path, f"decoder.prefix must be a string, got {short(prefix)}")
    data.decode_prefix = prefix
    data.cleanup = _flag(dec, "cleanup", True, "decoder", path)


def wordpiece_from_hf(obj: dict[str, Any], path: str, name: str | None) -> WordPieceData:
    """The WordPiece tokenizer of a parsed ``tokenizer.json`` (see the module docstring)."""
    vocab, unk, prefix, limit = _model(obj["model"], path)
    tokens = {i: t for t, i in vocab.items()}
    specials: dict[str, int] = {}
    normalized: set[str] = set()
    for content, i, _special, is_normalized in added_tokens(obj, path):
        if tokens.get(i, content) != content:
            raise _fail(path, f"added token {short(content)} has id {i}, which model.vocab gives {short(tokens[i])}")
        tokens[i] = content
        specials[content] = i
        if is_normalized:
            normalized.add(content)
    _check_post_processor(obj, path)
    data = WordPieceData(
        tokens=tokens,
        unk_token=unk,
        prefix=prefix,
        max_input_chars_per_word=limit,
        splits=_splits(obj, path),
        special_tokens=specials,
        normalized_specials=frozenset(normalized),
        added_only=frozenset(specials.values()) - set(vocab.values()),
        name=name,
        source=path,
    )
    _normalizer(obj, data, path)
    _decoder(obj, data, path)
    data.additions = additions_from_hf(obj, path, tokens)
    bos = template_bos(obj, path)
    if data.additions.before:
        data.bos, data.adds_bos = data.additions.before[0][0], True
    elif bos is not None and bos in specials:
        data.bos, data.adds_bos = bos, True
    return data


_SPLIT_TYPES = {v: k for k, v in _SPLITS.items()}


def _template(data: WordPieceData) -> dict[str, Any] | None:
    """A TemplateProcessing for the tokens ``data.additions`` puts around a text (and, for a
    pair, the same around the second text with type id 1)."""
    adds = data.additions
    if not adds:
        return None

    def special(name: str, type_id: int) -> dict[str, Any]:
        return {"SpecialToken": {"id": name, "type_id": type_id}}

    def sequence(name: str, type_id: int) -> dict[str, Any]:
        return {"Sequence": {"id": name, "type_id": type_id}}

    before = [special(n, 0) for n, _ in adds.before]
    after = [special(n, 0) for n, _ in adds.after]
    single = before + [sequence("A", 0)] + after
    pair = single + [sequence("B", 1)] + [special(n, 1) for n, _ in adds.after]
    tokens = {n: {"id": n, "ids": [i], "tokens": [n]} for n, i in adds.before + adds.after}
    return {"type": "TemplateProcessing", "single": single, "pair": pair, "special_tokens": tokens}


def wordpiece_json(data: WordPieceData) -> dict[str, Any]:
    """A Hugging Face ``tokenizer.json`` of a WordPiece tokenizer's parts: what
    ``tokenizers.Tokenizer.from_file`` loads with the same ids (every added token is written
    as special: the parts do not keep the flag)."""
    splits: list[dict[str, Any]] = [{"type": _SPLIT_TYPES[s]} for s in data.splits if s is not WordPieceSplit.NONE]
    for part in splits:
        if part["type"] == "Punctuation":
            part["behavior"] = "Isolated"
    pre = None if not splits else splits[0] if len(splits) == 1 else {"type": "Sequence", "pretokenizers": splits}
    added = [
        {
            "id": i,
            "content": t,
            "single_word": False,
            "lstrip": False,
            "rstrip": False,
            "normalized": t in data.normalized_specials,
            "special": True,
        }
        for t, i in sorted(data.special_tokens.items(), key=lambda item: item[1])
    ]
    normalizer = (
        {
            "type": "BertNormalizer",
            "clean_text": data.clean_text,
            "handle_chinese_chars": data.handle_chinese_chars,
            "strip_accents": data.strip_accents,
            "lowercase": data.lowercase,
        }
        if data.normalize
        else None
    )
    decoder = (
        None
        if data.decode_prefix is None
        else {"type": "WordPiece", "prefix": data.decode_prefix, "cleanup": data.cleanup}
    )
    model = {
        "type": "WordPiece",
        "unk_token": data.unk_token,
        "continuing_subword_prefix": data.prefix,
        "max_input_chars_per_word": data.max_input_chars_per_word,
        "vocab": {t: i for i, t in sorted(data.tokens.items()) if i not in data.added_only},
    }
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": normalizer,
        "pre_tokenizer": pre,
        "post_processor": _template(data),
        "decoder": decoder,
        "model": model,
    }


def is_wordpiece(obj: object) -> bool:
    """True for the parsed JSON of a ``tokenizer.json`` whose model is WordPiece."""
    return is_hf_tokenizer(obj) and isinstance(obj, dict) and obj["model"].get("type") == "WordPiece"


def _read(content: Content, request: ReadRequest) -> WordPieceData:
    no_arguments(content.path, "Hugging Face tokenizer.json", request)
    return wordpiece_from_hf(content.json, content.path, display_name(content.path))


FORMAT = Format(
    name="hf_wordpiece",
    title="Hugging Face WordPiece tokenizer.json",
    patterns=("tokenizer.json", "*.json"),
    detect=lambda content: is_wordpiece(content.json),
    read=_read,
    order=25,  # before hf's, which refuses every model but BPE
    folder_files=("tokenizer.json",),
    folder_rank=0,
    cannot_write="a WordPiece tokenizer.json is written by WordPieceTokenizer.export(path, 'hf'), not from BPE",
    menu_rank=7,
)
