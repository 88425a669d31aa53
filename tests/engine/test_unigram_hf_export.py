"""A Unigram tokenizer written as a Hugging Face ``tokenizer.json`` (issue 23): ``tokenizers``
loads the written file and gives the same ids as the file it came from (made here by
``tokenizers``' UnigramTrainer, with and without NFKC, and converted from a ``sentencepiece``
model with byte fallback), on the corpora heads, hard cases and generated strings; our reader
reads it back to the same ids. A model that removes extra whitespace (sentencepiece's default)
is written with Strip and ``Replace(Regex(" {2,}"))``, as transformers' converter writes it, and
the converter's own form (built here with ``tokenizers`` alone) is read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bpe_engine import load_tokenizer
from bpe_engine.errors import ExportError, TokenizerFileError
from bpe_engine.formats.data import CONTROL, SentencePieceData
from bpe_engine.formats.sentencepiece import read_sentencepiece_model
from bpe_engine.kinds import Algorithm
from bpe_engine.spm.normalizer import Normalizer

from .formats_support import first_difference
from .test_unigram_hf import _converted, _trained
from .unigram_support import texts_to_compare, train_sentencepiece

tk = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")

TEXTS = texts_to_compare(500)


@pytest.mark.parametrize("kind", ["plain", "nfkc", "converted"])
def test_written_file_gives_the_ids_of_the_original(tmp_path: Path, kind: str) -> None:
    source = _converted(tmp_path) if kind == "converted" else _trained(tmp_path, nfkc=kind == "nfkc")
    ours = load_tokenizer(source)
    written = tmp_path / "written.json"
    assert ours.export(written, "hf") == [str(written)]
    original, copy = tk.Tokenizer.from_file(str(source)), tk.Tokenizer.from_file(str(written))
    again = load_tokenizer(written)
    for name, text in TEXTS:
        want = original.encode(text, add_special_tokens=False).ids
        assert copy.encode(text, add_special_tokens=False).ids == want, name
        assert again.encode(text, disallowed_special=()) == ours.encode(text, disallowed_special=()), name
    assert copy.decode(copy.encode(TEXTS[0][1]).ids) == original.decode(original.encode(TEXTS[0][1]).ids)


def test_other_formats_are_refused(tmp_path: Path) -> None:
    ours = load_tokenizer(_trained(tmp_path))
    for format in ("ours", "tiktoken", "gpt2"):
        with pytest.raises(ExportError, match="no merges"):
            ours.export(tmp_path / "x", format)
    assert not list(tmp_path.glob("x*"))


# Runs of spaces, spaces at either end, tabs, newlines and other spaces that nmt_nfkc makes
# spaces: what remove_extra_whitespaces trims or makes one.
WHITESPACE_TEXTS = [
    ("one leading space", " a"),
    ("leading spaces", "   a b"),
    ("trailing spaces", "a b   "),
    ("inner run", "a     b  c"),
    ("tabs", "\ta\t\tb\t"),
    ("newlines", "\n\nfirst line\n\n\nsecond  line\n"),
    ("mixed", " \t \n a \t\n b \r\n c \u3000 d\u00a0\u00a0e \u2003"),
    ("only whitespace", " \t\n  "),
    ("empty", ""),
    ("code", "def f(x):\n    return  x  +  1\n\n\n"),
    ("vertical tab and form feed", "\x0ba\x0c b\x0b"),
]


def _best_scores_tie(data: SentencePieceData, a: list[int], b: list[int]) -> bool:
    """Both segmentations have the same total score: a tie the two libraries break differently."""
    return abs(sum(data.scores[i] for i in a) - sum(data.scores[i] for i in b)) < 1e-9


@pytest.mark.parametrize("byte_fallback", [True, False])
def test_a_default_sentencepiece_model_is_written_with_its_whitespace_rules(
    tmp_path: Path, byte_fallback: bool
) -> None:
    """sentencepiece's default (remove_extra_whitespaces) is written as Strip and a Replace of
    ``" {2,}"``: ``tokenizers`` on the written file gives sentencepiece's ids. Set apart, and
    counted: texts starting or ending with U+0085 (Strip takes it, sentencepiece keeps it: the
    one whitespace character nmt_nfkc leaves), texts holding a special token's text
    (``tokenizers`` matches it, sentencepiece does not), texts whose precompiled rules apply
    differently per grapheme in ``tokenizers`` (as for any converted file), and ties."""
    spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
    model = train_sentencepiece(tmp_path / "u.model", byte_fallback=byte_fallback, vocab_size=2000)
    data = read_sentencepiece_model(model)
    assert data.remove_extra_whitespaces  # sentencepiece's default
    ours = load_tokenizer(model)
    written = tmp_path / "tokenizer.json"
    ours.export(written, "hf")
    normalizers = json.loads(written.read_text(encoding="utf-8"))["normalizer"]["normalizers"]
    assert [n["type"] for n in normalizers] == ["Precompiled", "Strip", "Replace", "Prepend"]
    ref, copy = spm.SentencePieceProcessor(model_file=str(model)), tk.Tokenizer.from_file(str(written))
    precompiled = tk.normalizers.Precompiled(data.charsmap)
    rules = Normalizer(charsmap=data.charsmap, escape_whitespaces=False, prefix="never")
    set_apart = 0
    for name, text in WHITESPACE_TEXTS + TEXTS:
        want, got = ref.encode(text), copy.encode(text, add_special_tokens=False).ids
        if got == want:
            continue
        assert (name, text) not in WHITESPACE_TEXTS, (name, got, want)
        assert (
            "\x85" in text
            or any(s in text for s in data.special_tokens)
            or precompiled.normalize_str(text) != rules.normalize(text)
            or _best_scores_tie(data, got, want)
        ), (name, text, got, want)
        set_apart += 1
    assert set_apart < len(TEXTS) // 50


def test_nel_at_the_ends_is_where_strip_and_sentencepiece_differ(tmp_path: Path) -> None:
    spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
    model = train_sentencepiece(tmp_path / "u.model", byte_fallback=True, vocab_size=2000)
    written = tmp_path / "tokenizer.json"
    load_tokenizer(model).export(written, "hf")
    ref, copy = spm.SentencePieceProcessor(model_file=str(model)), tk.Tokenizer.from_file(str(written))
    assert copy.encode("a\x85b").ids == ref.encode("a\x85b")  # inside a text: kept by both
    assert copy.encode("ab\x85").ids == ref.encode("ab")  # at the end: Strip takes it
    assert ref.encode("ab\x85") != ref.encode("ab")  # sentencepiece keeps it


NEL_TEXTS = [("NEL at the start", "\x85a b"), ("NEL at the end", "a b\x85"), ("NEL around a special", "\x85</s>\x85 a")]


def test_our_reader_reads_the_written_whitespace_rules(tmp_path: Path) -> None:
    """Read back, the file gives ``tokenizers``' ids, on every text: NEL at the ends (Strip
    takes it, as ``tokenizers`` does) and special tokens' texts (each part between two is
    trimmed and given its ``▁`` alone)."""
    model = train_sentencepiece(tmp_path / "u.model", byte_fallback=True, vocab_size=2000)
    written = tmp_path / "tokenizer.json"
    load_tokenizer(model).export(written, "hf")
    again, copy = load_tokenizer(written), tk.Tokenizer.from_file(str(written))
    assert again.facts.algorithm is Algorithm.UNIGRAM
    texts = WHITESPACE_TEXTS + NEL_TEXTS + TEXTS
    assert any(s in t for _, t in texts for s in again.special_tokens)
    problem = first_difference(
        "written",
        texts,
        lambda t: again.encode(t, allowed_special="all"),
        lambda t: copy.encode(t, add_special_tokens=False).ids,
    )
    assert problem is None, problem


def _spm_converter_file(tmp_path: Path, model: Path, scheme: str = "always") -> Path:
    """What transformers' ``SpmConverter`` (``convert_slow_tokenizer.py``) writes for a Unigram
    model (its normalizer: the precompiled rules, ``Strip(left=False, right=True)``,
    ``Replace(Regex(" {2,}"), "▁")``; Metaspace with ``prepend_scheme="always"``, ``"first"``
    for a non-legacy tokenizer; control pieces as added tokens), made with ``tokenizers``
    alone (transformers is no dependency of ours)."""
    data = read_sentencepiece_model(model)
    tok = tk.Tokenizer(tk.models.Unigram(list(zip(data.pieces, data.scores)), unk_id=data.unk_id))
    tok.add_tokens(
        [tk.AddedToken(p, normalized=False, special=True) for p, k in zip(data.pieces, data.kinds) if k == CONTROL]
    )
    tok.normalizer = tk.normalizers.Sequence(
        [
            tk.normalizers.Precompiled(data.charsmap),
            tk.normalizers.Strip(left=False, right=True),
            tk.normalizers.Replace(tk.Regex(" {2,}"), "▁"),
        ]
    )
    tok.pre_tokenizer = tk.pre_tokenizers.Metaspace(replacement="▁", prepend_scheme=scheme)
    tok.decoder = tk.decoders.Metaspace(replacement="▁", prepend_scheme=scheme)
    path = tmp_path / f"converted-{scheme}.json"
    tok.save(str(path))
    return path


@pytest.mark.parametrize("scheme", ["always", "first"])
def test_a_file_in_the_converters_form_reads_with_the_ids_of_tokenizers(tmp_path: Path, scheme: str) -> None:
    model = train_sentencepiece(tmp_path / "u.model", byte_fallback=False, vocab_size=2000)
    path = _spm_converter_file(tmp_path, model, scheme)
    normalizers = json.loads(path.read_text(encoding="utf-8"))["normalizer"]["normalizers"]
    assert normalizers[1:] == [
        {"type": "Strip", "strip_left": False, "strip_right": True},
        {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": "▁"},
    ]
    ours, ref = load_tokenizer(path), tk.Tokenizer.from_file(str(path))
    problem = first_difference(
        "converted",
        WHITESPACE_TEXTS + NEL_TEXTS + TEXTS,
        lambda t: ours.encode(t, allowed_special="all"),
        lambda t: ref.encode(t, add_special_tokens=False).ids,
    )
    assert problem is None, problem


def test_the_converters_form_is_written_back_as_it_was(tmp_path: Path) -> None:
    """Strip only at the right stays so when the file is written again: ``tokenizers`` on the
    written file gives the ids of the original (NEL at the start, special tokens)."""
    model = train_sentencepiece(tmp_path / "u.model", byte_fallback=False, vocab_size=2000)
    source = _spm_converter_file(tmp_path, model, "first")
    written = tmp_path / "written.json"
    load_tokenizer(source).export(written, "hf")
    original, copy = tk.Tokenizer.from_file(str(source)), tk.Tokenizer.from_file(str(written))
    problem = first_difference(
        "written again",
        WHITESPACE_TEXTS + NEL_TEXTS + TEXTS[:300],
        lambda t: copy.encode(t, add_special_tokens=False).ids,
        lambda t: original.encode(t, add_special_tokens=False).ids,
    )
    assert problem is None, problem


@pytest.mark.parametrize(
    ("changed", "message"),
    [
        ({"pattern": {"Regex": "a+"}}, r"normalizer 'Replace'"),
        ({"pattern": {"Regex": " +"}}, r"normalizer 'Replace'"),
        ({"content": "x"}, r"normalizer 'Replace'"),
    ],
)
def test_other_regexes_are_refused(tmp_path: Path, changed: dict[str, object], message: str) -> None:
    """Only the regex ``" {2,}"`` after a Strip is read (no other regex is run)."""
    model = train_sentencepiece(tmp_path / "u.model", byte_fallback=False, vocab_size=2000)
    path = _spm_converter_file(tmp_path, model)
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["normalizer"]["normalizers"][2].update(changed)
    path.write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(TokenizerFileError, match=message):
        load_tokenizer(path)


def test_strip_only_at_the_right_needs_a_prefix(tmp_path: Path) -> None:
    """Without a ▁ put before the text, a Strip that keeps the left end is not SentencePiece's."""
    model = train_sentencepiece(tmp_path / "u.model", byte_fallback=False, vocab_size=2000)
    path = _spm_converter_file(tmp_path, model)
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["pre_tokenizer"]["prepend_scheme"] = "never"
    path.write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(TokenizerFileError, match="normalizer 'Strip'"):
        load_tokenizer(path)
