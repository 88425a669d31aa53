"""Hugging Face tokenizer.json files: our loader gives the ids of Hugging Face's ``tokenizers``.

Files are made here with ``tokenizers`` itself (GPT-2 style and Llama 3 style byte-level
BPE, added tokens special or not, ``ignore_merges``), or written by hand (a merge list where
merging one pair at a time differs from merging every occurrence at once; SentencePiece-style
files with byte fallback, Prepend or Metaspace); Llama 3.2's own file runs on the big
corpora. What we do not reproduce is refused, naming the component.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bpe_engine import SentencePieceTokenizer, Tokenizer, load_tokenizer
from bpe_engine.errors import ExportError, TokenizerFileError

from ..conftest import data_text
from .formats_support import byte_level_hf, first_difference, generated_strings, parity_texts, shared_tokenizer

hf = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")
spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")

LLAMA3_PATTERN = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"
_LINES = [
    line for name in ("english.txt", "multiscript.txt", "python_code.txt") for line in data_text(name).splitlines()
]


def _hf_ids(path: Path) -> Any:
    ref = hf.Tokenizer.from_file(str(path))
    return lambda text: ref.encode(text, add_special_tokens=False).ids


def _check(path: Path, texts: list[tuple[str, str]] | None = None) -> Tokenizer | SentencePieceTokenizer:
    ours = load_tokenizer(path)
    texts = texts if texts is not None else parity_texts(shared_too=False)
    problem = first_difference(path.name, texts, lambda t: ours.encode(t, allowed_special="all"), _hf_ids(path))
    assert problem is None
    return ours


def _byte_level(path: Path, *, llama: bool, ignore_merges: bool = False, normal_form: str | None = None) -> Path:
    from tokenizers import AddedToken, Regex, decoders, models, normalizers, pre_tokenizers, trainers

    tok = hf.Tokenizer(models.BPE(ignore_merges=ignore_merges))
    if normal_form is not None:
        tok.normalizer = getattr(normalizers, normal_form)()
    if llama:
        tok.pre_tokenizer = pre_tokenizers.Sequence(
            [
                pre_tokenizers.Split(Regex(LLAMA3_PATTERN), behavior="isolated"),
                pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
            ]
        )
    else:
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=900, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), special_tokens=["<|endoftext|>"]
    )
    tok.train_from_iterator(_LINES, trainer)
    tok.add_tokens([AddedToken("<tool>", special=False), AddedToken(" nested <tool> call", special=False)])
    tok.add_special_tokens(["<|im_start|>"])
    tok.save(str(path))
    return path


@pytest.mark.parametrize("llama", [False, True], ids=["gpt2-style", "llama3-style"])
@pytest.mark.parametrize("ignore_merges", [False, True], ids=["merges", "ignore-merges"])
def test_byte_level_files_made_by_tokenizers(tmp_path: Path, llama: bool, ignore_merges: bool) -> None:
    path = _byte_level(tmp_path / "tokenizer.json", llama=llama, ignore_merges=ignore_merges)
    texts = parity_texts(shared_too=False) + [("added", "a <tool> b<|im_start|>c nested <tool> call<|endoftext|>")]
    ours = _check(path, texts)
    assert isinstance(ours, Tokenizer) and ours.pair_ranks and ours.ignore_merges == ignore_merges
    for _, text in texts[:40]:
        assert ours.decode(ours.encode(text, allowed_special="all")) == text


@pytest.mark.parametrize("form", ["NFC", "NFKC", "NFD"])
def test_a_unicode_normal_form_as_normalizer(tmp_path: Path, form: str) -> None:
    """Qwen2's files normalize to NFC first: the same ids, and decoding gives the normalized
    text (tests/data's multi-script text has whole lines in NFD)."""
    import unicodedata

    path = _byte_level(tmp_path / "tokenizer.json", llama=True, ignore_merges=True, normal_form=form)
    ours = _check(path)
    assert isinstance(ours, Tokenizer) and ours.normalizer == form
    text = data_text("multiscript.txt")
    assert ours.decode(ours.encode(text, allowed_special="all")) == unicodedata.normalize(form, text)
    assert ours.tiktoken_equivalent() == f"tiktoken has no normalizer ({form})"
    back = load_tokenizer(ours.export(tmp_path / "again.json", "hf")[0])
    assert back.encode(text, allowed_special="all") == ours.encode(text, allowed_special="all")
    with pytest.raises(ExportError, match="no normalizer"):
        ours.export(tmp_path / "x.tiktoken", "tiktoken")


def test_merges_listed_before_their_parts_are_made(tmp_path: Path) -> None:
    """``ab a`` ranks before ``a b``: Hugging Face merges one pair at a time, so ``abab``
    becomes ``aba`` + ``b``, where merging every ``a b`` at once would give ``ab`` + ``ab``."""
    from bpe_engine import gpt2_bytes_to_unicode

    alphabet = list(gpt2_bytes_to_unicode().values())
    obj = byte_level_hf(alphabet + ["ab", "aba", "ĠĠ", "ĠĠĠĠ", "ĠĠĠ"], ["ab a", "a b", "Ġ ĠĠĠ", "ĠĠ ĠĠ", "Ġ Ġ", "ĠĠ Ġ"])
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    texts = [(t, t) for t in ["abab", "ababab", "aab ab abab", "      x", " " * 9, "\t  \n   "]]
    ours = _check(path, texts + [(f"g{k}", s) for k, s in enumerate(generated_strings(200))])
    assert isinstance(ours, Tokenizer)
    assert not ours.encoder.tables.merge_all_safe
    steps = ours.bpe_steps("abab")
    assert [s.rank for s in steps] == [1, 0]  # a b, then ab a (one pair at a time)


# -- SentencePiece-style files ------------------------------------------------------------


def _sp_model(tmp_path: Path) -> Any:
    import io

    out = io.BytesIO()
    lines = [line for line in _LINES if line.strip()]
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=out,
        model_type="bpe",
        vocab_size=2000,
        byte_fallback=True,
        normalization_rule_name="identity",
        remove_extra_whitespaces=False,
        character_coverage=0.99,
        minloglevel=2,
    )
    return spm.SentencePieceProcessor(model_proto=out.getvalue())


def _sp_style(sp: Any, variant: str, normalized: bool) -> dict[str, Any]:
    """A SentencePiece model as Hugging Face's converters write it (merges: every split of a
    piece into two pieces, by the piece's score)."""
    vocab = {sp.id_to_piece(i): i for i in range(sp.get_piece_size())}
    scores = {sp.id_to_piece(i): sp.get_score(i) for i in range(sp.get_piece_size())}
    merges = []
    for piece in vocab:
        local = [(piece[:k], piece[k:]) for k in range(1, len(piece)) if piece[:k] in vocab and piece[k:] in vocab]
        merges += sorted(((a, b, scores[piece]) for a, b in local), key=lambda m: (vocab[m[0]], vocab[m[1]]))
    merges.sort(key=lambda m: -m[2])
    added = [
        {
            "id": i,
            "content": t,
            "single_word": False,
            "lstrip": False,
            "rstrip": False,
            "normalized": normalized,
            "special": True,
        }
        for t, i in (("<unk>", 0), ("<s>", 1), ("</s>", 2))
    ]
    obj: dict[str, Any] = {
        "version": "1.0",
        "added_tokens": added,
        "normalizer": {
            "type": "Sequence",
            "normalizers": [
                {"type": "Prepend", "prepend": "▁"},
                {"type": "Replace", "pattern": {"String": " "}, "content": "▁"},
            ],
        },
        "pre_tokenizer": None,
        "post_processor": None,
        "decoder": {
            "type": "Sequence",
            "decoders": [
                {"type": "Replace", "pattern": {"String": "▁"}, "content": " "},
                {"type": "ByteFallback"},
                {"type": "Fuse"},
                {"type": "Strip", "content": " ", "start": 1, "stop": 0},
            ],
        },
        "model": {
            "type": "BPE",
            "dropout": None,
            "unk_token": "<unk>",
            "continuing_subword_prefix": None,
            "end_of_word_suffix": None,
            "fuse_unk": True,
            "byte_fallback": True,
            "vocab": vocab,
            "merges": [f"{a} {b}" for a, b, _ in merges],
        },
    }
    if variant.startswith("metaspace"):
        obj["normalizer"] = None
        scheme, split = variant.split("-")[1:]
        obj["pre_tokenizer"] = {
            "type": "Metaspace",
            "replacement": "▁",
            "prepend_scheme": scheme,
            "split": split == "split",
        }
        obj["decoder"] = {"type": "Metaspace", "replacement": "▁", "prepend_scheme": scheme, "split": split == "split"}
    return obj


@pytest.mark.parametrize(
    "variant",
    ["prepend", "metaspace-first-whole", "metaspace-always-whole", "metaspace-first-split", "metaspace-never-whole"],
)
@pytest.mark.parametrize("normalized", [False, True], ids=["raw-added", "normalized-added"])
def test_sentencepiece_style_files(tmp_path: Path, variant: str, normalized: bool) -> None:
    sp = _sp_model(tmp_path)
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(_sp_style(sp, variant, normalized), ensure_ascii=False), encoding="utf-8")
    texts = [(t, t) for t in ["Hello world", " two  spaces", "a</s>b <s> c</s>", "</s> after", "國語 🤚🏾 ok"]]
    texts += [(f"generated[{k}]", s) for k, s in enumerate(generated_strings(600))]
    texts += [("english", data_text("english.txt")[:20_000])]
    ours = _check(path, texts)
    assert isinstance(ours, SentencePieceTokenizer)
    if variant == "prepend" and not normalized:  # the very merges and byte fallback of sentencepiece
        assert ours.encode_ordinary("Hello wörld 🤚🏾") == sp.encode("Hello wörld 🤚🏾")
    for text in ("Hello world", "國語 🤚🏾 ok", "x\ny"):
        assert ours.decode(ours.encode_ordinary(text)) == text


# -- refused and damaged files ------------------------------------------------------------


def _llama_like() -> dict[str, Any]:
    from bpe_engine import gpt2_bytes_to_unicode

    obj = byte_level_hf(list(gpt2_bytes_to_unicode().values()) + ["ab"], ["a b"])
    obj["pre_tokenizer"] = {
        "type": "Sequence",
        "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": LLAMA3_PATTERN}, "behavior": "Isolated", "invert": False},
            {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False},
        ],
    }
    obj["added_tokens"] = [
        {
            "id": 257,
            "content": "<s>",
            "single_word": False,
            "lstrip": False,
            "rstrip": False,
            "normalized": False,
            "special": True,
        }
    ]
    return obj


def _edit(path: str, value: Any) -> Any:
    def change(obj: dict[str, Any]) -> None:
        *keys, last = path.split(".")
        target: Any = obj
        for key in keys:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return change


REFUSED = {
    "model.type": (_edit("model.type", "WordLevel"), "model type 'WordLevel' is not supported"),
    "unigram, empty": (
        _edit("model", {"type": "Unigram", "vocab": []}),
        "model.vocab of a Unigram model must be a list",
    ),
    "normalizer": (_edit("normalizer", {"type": "Lowercase"}), "normalizer 'Lowercase' is not supported"),
    "add_prefix_space": (_edit("pre_tokenizer.pretokenizers.1.add_prefix_space", True), "add_prefix_space is true"),
    "split behaviour": (
        _edit("pre_tokenizer.pretokenizers.0.behavior", "MergedWithPrevious"),
        "behavior 'MergedWithPrevious'",
    ),
    "two regexes": (_edit("pre_tokenizer.pretokenizers.1.use_regex", True), "two regexes in a row"),
    "other pre-tokenizer": (_edit("pre_tokenizer.pretokenizers.0", {"type": "Digits"}), "pre-tokenizer 'Digits'"),
    "lstrip": (_edit("added_tokens.0.lstrip", True), "has lstrip: true"),
    "dropout": (_edit("model.dropout", 0.1), "model.dropout is 0.1"),
    "suffix": (_edit("model.end_of_word_suffix", "</w>"), "model.end_of_word_suffix"),
    "decoder": (_edit("decoder", {"type": "WordPiece"}), "decoder 'WordPiece'"),
    "post-processor": (_edit("post_processor", {"type": "Frobnicate"}), "post-processor 'Frobnicate'"),
    "merges not a list": (_edit("model.merges", "a b"), "model.merges must be a list"),
    "vocab ids shared": (_edit("model.vocab.ab", 3), "both have id 3"),
    "vocab id not a number": (_edit("model.vocab.ab", "7"), "must be a token id"),
    "not a byte-level token": (_edit("model.vocab.中", 300), "not in the byte-level alphabet"),
    "added tokens not a list": (_edit("added_tokens", {}), "added_tokens must be a list"),
    "added token without content": (_edit("added_tokens.0.content", ""), "content must be a non-empty string"),
    "missing bytes": (_edit("model.vocab", {"a": 0, "b": 1, "ab": 2}), "lacks 254 of the 256 single-byte tokens"),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_what_we_do_not_reproduce_is_refused_by_name(tmp_path: Path, case: str) -> None:
    change, message = REFUSED[case]
    obj = copy.deepcopy(_llama_like())
    change(obj)
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(TokenizerFileError) as info:
        load_tokenizer(path)
    assert str(info.value).startswith(str(path)) and message in str(info.value)


# A byte-level file's merges are resolved on first use (opening Llama 3's is 3x faster
# without them): a damaged merge is reported then, naming the file and the merge.
REFUSED_AT_FIRST_USE = {
    "merge of unknown tokens": (
        _edit("model.merges", ["a zz"]),
        "model.merges[0] ('a' 'zz'): 'zz' is not in model.vocab",
    ),
    "bad merge line": (_edit("model.merges", ["a b", "a b c"]), "model.merges[1] must be"),
    "repeated merge": (_edit("model.merges", ["a b", "a b"]), "repeats merge 0"),
    "special made by a merge": (
        _edit("added_tokens.0", {"id": 256, "content": "ab", "special": True}),
        "special token 'ab' has id 256, which is an ordinary token",
    ),
}


@pytest.mark.parametrize("case", list(REFUSED_AT_FIRST_USE))
def test_damaged_merges_are_refused_by_name_on_first_use(tmp_path: Path, case: str) -> None:
    change, message = REFUSED_AT_FIRST_USE[case]
    obj = copy.deepcopy(_llama_like())
    change(obj)
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    tok = load_tokenizer(path)
    assert isinstance(tok, Tokenizer) and not tok.merges_made
    for use in (lambda: tok.encode("b a"), tok.merge_ids, lambda: tok.merges, lambda: tok.encode("b a")):
        with pytest.raises(TokenizerFileError) as info:  # every time: never a tokenizer without its merges
            use()
        assert str(info.value).startswith(str(path)) and message in str(info.value)


def test_the_unchanged_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(_llama_like()), encoding="utf-8")
    _check(path, [("x", "ab <s>abc\n\n  d")])


def test_truncated_and_odd_json(tmp_path: Path) -> None:
    text = json.dumps(_llama_like())
    path = tmp_path / "tokenizer.json"
    for data, message in [
        (text[: len(text) // 2], "truncated"),
        ('{"model": {"type": "BPE"}, "model": {}}', "appears twice"),
        ("[" * 100_000, "nested too deeply"),
        ('{"model": 3}', "no tokenizer format"),
    ]:
        path.write_text(data, encoding="utf-8")
        with pytest.raises(TokenizerFileError, match=message):
            load_tokenizer(path)


@pytest.mark.slow
def test_llama3_tokenizer_json_gives_hugging_faces_ids() -> None:
    """Llama 3.2's tokenizer.json on the first 200 KB of every shared corpus, tests/data and
    2,000 generated strings; decoding gives the text back."""
    path = shared_tokenizer("llama3.2_tokenizer.json")
    texts = parity_texts(shared_too=True)
    ours = _check(path, texts)
    for name, text in texts:
        assert ours.decode(ours.encode(text, allowed_special="all")) == text, name
