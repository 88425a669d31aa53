"""Writing a byte-level tokenizer in other programs' formats (``Tokenizer.export``).

- ``"ours"``: our JSON (:mod:`.ours`);
- ``"hf"``: a Hugging Face ``tokenizer.json`` (BPE model, ``Split`` + ``ByteLevel``
  pre-tokenizer, added tokens) that ``tokenizers.Tokenizer.from_file`` loads;
- ``"tiktoken"``: a rank file plus a JSON sidecar (pattern, special tokens, and the three
  lines of Python that build a ``tiktoken.Encoding`` from the two);
- ``"gpt2"``: ``vocab.json`` + ``merges.txt``.

Each target must encode exactly as the tokenizer does, or the export is refused with the
reason (:class:`~bpe_engine.errors.ExportError`): tiktoken merges by the rank of the result,
so the ids must follow the merge order (or the tokenizer must use tiktoken's rule already);
``merges.txt`` holds no pre-tokenizer (readers assume GPT-2's) and our GPT-2 reader takes
merges in learned order. Every file is written atomically (:mod:`.atomic`).
"""

from __future__ import annotations

import base64
import json
import os
from typing import TYPE_CHECKING, Any

from .._vocab import split_pairs
from ..errors import ConfigError, ExportError, short
from ..pretokenize import WHITESPACE_PATTERN
from .atomic import atomic_write_bytes
from .gpt2 import gpt2_bytes_to_unicode
from .ours import tokenizer_json
from .tiktoken import OPENAI_PATTERNS, SIDECAR_FORMAT, merges_from_ranks, special_overlap

if TYPE_CHECKING:
    from ..interface import ByteLevelTokenizerLike as Tokenizer

__all__ = ["EXPORT_FORMATS", "SIDECAR_FORMAT", "export_paths", "export_tokenizer", "tiktoken_python", "pattern_of"]

EXPORT_FORMATS = ("ours", "hf", "tiktoken", "gpt2")
_WHOLE_TEXT = r"[\s\S]+"  # "none": the text between special tokens is one piece


def pattern_of(tok: Tokenizer) -> str:
    """The regex of the tokenizer's pre-tokenizer, as tiktoken and Hugging Face take it."""
    pre = tok.pretokenizer
    if pre.name in OPENAI_PATTERNS:
        return OPENAI_PATTERNS[pre.name]
    if pre.name == "whitespace":
        return WHITESPACE_PATTERN
    if pre.name == "none":
        return _WHOLE_TEXT
    assert pre.pattern is not None
    return pre.pattern


def export_paths(path: str | os.PathLike[str], format: str) -> list[str]:
    """The files an export to ``path`` writes (a folder gets the usual names)."""
    path = os.fspath(path)
    if format not in EXPORT_FORMATS:
        raise ConfigError(f"unknown export format {short(format)}; use one of {', '.join(EXPORT_FORMATS)}")
    folder = os.path.isdir(path)
    if format == "gpt2":
        vocab = os.path.join(path, "vocab.json") if folder else path
        base = os.path.basename(vocab)
        merges_name = base.replace("vocab.json", "merges.txt") if "vocab.json" in base else base + ".merges.txt"
        return [vocab, os.path.join(os.path.dirname(vocab), merges_name)]
    if format == "tiktoken":
        ranks = os.path.join(path, "tokenizer.tiktoken") if folder else path
        return [ranks, ranks + ".json"]
    if format == "hf":
        return [os.path.join(path, "tokenizer.json") if folder else path]
    return [os.path.join(path, "tokenizer.json") if folder else path]


def export_tokenizer(tok: Tokenizer, path: str | os.PathLike[str], format: str) -> list[str]:
    """Write ``tok`` in ``format`` (see the module docstring); returns the paths written."""
    paths = export_paths(path, format)
    if format == "ours":
        files = {paths[0]: tokenizer_json(tok)}
    elif format == "hf":
        files = {paths[0]: _json_bytes(hf_json(tok))}
    elif format == "tiktoken":
        ranks, sidecar = tiktoken_files(tok, os.path.basename(paths[0]))
        files = {paths[0]: ranks, paths[1]: sidecar}
    else:
        vocab, merges = gpt2_files(tok)
        files = {paths[0]: vocab, paths[1]: merges}
    for target, data in files.items():
        try:
            atomic_write_bytes(target, data)
        except OSError as exc:
            raise ExportError(f"{target}: cannot save ({exc.strerror}); choose another folder") from None
    return paths


def _json_bytes(obj: Any) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _refuse(target: str, why: str) -> ExportError:
    return ExportError(f"cannot export to {target}: {why}")


def _byte_level(data: bytes) -> str:
    table = gpt2_bytes_to_unicode()
    return "".join(table[b] for b in data)


def _ordinary(tok: Tokenizer) -> dict[int, bytes]:
    return {i: b for i, b in tok.vocab.items() if not tok.is_special(i)}


def _check_specials(tok: Tokenizer, target: str) -> None:
    ids = list(tok.special_tokens.values())
    if len(set(ids)) != len(ids):
        raise _refuse(target, "two special tokens share an id, which it cannot express")


# -- Hugging Face -------------------------------------------------------------------------


def hf_json(tok: Tokenizer) -> dict[str, Any]:
    """A ``tokenizer.json`` that Hugging Face's ``tokenizers`` encodes exactly as ``tok``:
    ``encode(text, add_special_tokens=False)`` gives ``tok.encode(text, allowed_special="all")``.

    Hugging Face merges one pair at a time by the pair's rank. Merges learned in order, or
    Hugging Face's own list, are written as they are; for tiktoken's rule (``rank_splits``)
    every split of a token is a merge, in token order, with ``ignore_merges`` as tiktoken's
    whole-piece shortcut.
    """
    _check_specials(tok, "Hugging Face tokenizer.json")
    ordinary = _ordinary(tok)
    vocab = {_byte_level(b): i for i, b in sorted(ordinary.items())}
    if len(vocab) != len(ordinary):
        raise _refuse("Hugging Face tokenizer.json", "two tokens have the same bytes")
    triples = tok.merge_ids()
    pairs = [(a, b) for a, b, _ in triples]
    if tok.rank_splits:
        new_ids = [z for _, _, z in triples]
        more = split_pairs(ordinary, new_ids, pairs)
        ranked = [(r, 0, a, b) for r, (a, b) in enumerate(pairs)] + [(r, 1, a, b) for a, b, r in more]
        ranked.sort()
        pairs = [(a, b) for _, _, a, b in ranked]
    merges = [[_byte_level(ordinary[a]), _byte_level(ordinary[b])] for a, b in pairs]
    # subtle: Hugging Face gives an added token the id of the model's token with its text, else
    # the next id after the model's vocabulary; so special tokens go into the vocabulary too.
    for t, i in tok.special_tokens.items():
        if vocab.setdefault(t, i) != i:
            raise _refuse(
                "Hugging Face tokenizer.json", f"the special token {short(t)} has the text of an ordinary token"
            )
    split = {"type": "Split", "pattern": {"Regex": pattern_of(tok)}, "behavior": "Isolated", "invert": False}
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}
    pre: dict[str, Any] = (
        byte_level if tok.pretokenizer.name == "none" else {"type": "Sequence", "pretokenizers": [split, byte_level]}
    )
    added = [
        {
            "id": i,
            "content": t,
            "single_word": False,
            "lstrip": False,
            "rstrip": False,
            "normalized": False,
            "special": True,
        }
        for t, i in sorted(tok.special_tokens.items(), key=lambda item: item[1])
    ]
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": {"type": tok.normalizer} if tok.normalizer is not None else None,
        "pre_tokenizer": pre,
        "post_processor": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False},
        "decoder": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False},
        "model": {
            "type": "BPE",
            "dropout": None,
            "unk_token": None,
            "continuing_subword_prefix": None,
            "end_of_word_suffix": None,
            "fuse_unk": False,
            "byte_fallback": False,
            "ignore_merges": tok.ignore_merges,
            "vocab": vocab,
            "merges": merges,
        },
    }


# -- tiktoken -----------------------------------------------------------------------------


def tiktoken_problem(tok: Tokenizer) -> str | None:
    """Why tiktoken, given this vocabulary as ranks, would not encode as ``tok`` does (or None)."""
    if tok.normalizer is not None:
        return f"tiktoken has no normalizer ({tok.normalizer})"
    overlap = special_overlap(tok.special_tokens)
    if overlap is not None:
        return overlap
    ranks: dict[bytes, int] = {}
    for i, b in _ordinary(tok).items():
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
        raise _refuse("tiktoken", problem)
    lines = [base64.b64encode(b) + b" " + str(i).encode("ascii") for i, b in sorted(_ordinary(tok).items())]
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


# -- GPT-2 --------------------------------------------------------------------------------


def gpt2_files(tok: Tokenizer) -> tuple[bytes, bytes]:
    """``vocab.json`` and ``merges.txt`` (special tokens are in ``vocab.json``; pass their
    names when loading, ``<|endoftext|>`` is found by itself)."""
    target = "GPT-2 vocab.json + merges.txt"
    if tok.pretokenizer.name != "gpt2":
        raise _refuse(
            target,
            f"these files hold no pre-tokenizer and readers assume GPT-2's regex, but this tokenizer uses "
            f"{short(tok.pretokenizer.spec)}",
        )
    if tok.pair_ranks or tok.rank_splits or tok.ignore_merges:
        raise _refuse(target, "merges.txt lists merges in learned order only; this tokenizer merges by another rule")
    if tok.normalizer is not None:
        raise _refuse(target, f"these files have no normalizer ({tok.normalizer})")
    _check_specials(tok, target)
    ordinary = _ordinary(tok)
    vocab = {_byte_level(b): i for i, b in sorted(ordinary.items())}
    if len(vocab) != len(ordinary):
        raise _refuse(target, "two tokens have the same bytes")
    for t, i in tok.special_tokens.items():
        if t in vocab:
            raise _refuse(target, f"the special token {short(t)} has the text of an ordinary token")
        vocab[t] = i
    lines = ["#version: 0.2"] + [f"{_byte_level(a)} {_byte_level(b)}" for a, b in tok.merges]
    return _json_bytes(vocab), ("\n".join(lines) + "\n").encode("utf-8")
