"""WordPiece ids, offsets and decoding identical to Hugging Face's ``tokenizers``, on
tokenizers it trains here (uncased BERT-style and cased), on tests/data, the shared corpora's
heads and 2,000 generated strings; a BERT ``vocab.txt`` as ``BertWordPieceTokenizer`` reads it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bpe_engine import load_tokenizer
from bpe_engine.formats.data import WordPieceSplit
from bpe_engine.wordpiece import WordPieceTokenizer

from ..conftest import data_text, shared_corpus
from .conftest import DATA_FILES
from .wordpiece_support import generated_strings, reference, save, write_vocab_txt

pytest.importorskip("tokenizers")

#: The shared corpora whose heads are compared (English, Chinese, code, Russian, Japanese, UDHR).
CORPORA = (
    "en_enwik8_prefix_4MB.txt",
    "zh_classical_poetry_25MB.txt",
    "code_python311_stdlib_32MB.txt",
    "ru_fortunes_4MB.txt",
    "ja_novels_2MB.txt",
    "multi_udhr_532langs_7MB.txt",
)
HEAD_BYTES = 50_000


@pytest.fixture(scope="module", params=["uncased", "cased"])
def pair(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, WordPieceTokenizer]:
    ref = reference(cased=request.param == "cased")
    tok = load_tokenizer(save(ref, tmp_path_factory.mktemp(request.param)))
    assert isinstance(tok, WordPieceTokenizer)
    return ref, tok


def _check(ref: Any, tok: WordPieceTokenizer, text: str, label: str) -> None:
    enc = ref.encode(text, add_special_tokens=False)
    assert tok.encode(text, allowed_special="all") == enc.ids, label
    assert tok.encode_as_model(text, allowed_special="all") == ref.encode(text).ids, label
    assert [(a, b) for _, a, b in tok.encode_with_offsets(text)] == enc.offsets, label
    # Special tokens ([UNK] too) decode to their text: tokenizers' skip_special_tokens=False.
    assert tok.decode(enc.ids) == ref.decode(enc.ids, skip_special_tokens=False), label


@pytest.mark.parametrize("name", DATA_FILES)
def test_test_data_gives_the_ids_of_tokenizers(pair: tuple[Any, WordPieceTokenizer], name: str) -> None:
    ref, tok = pair
    text = data_text(name)
    _check(ref, tok, text, name)
    for line in text.splitlines()[:300]:
        _check(ref, tok, line, f"{name}: {line!r}")


@pytest.mark.parametrize("name", CORPORA)
def test_shared_corpora_heads_give_the_ids_of_tokenizers(pair: tuple[Any, WordPieceTokenizer], name: str) -> None:
    ref, tok = pair
    with open(shared_corpus(name), encoding="utf-8", errors="replace") as f:
        text = f.read(HEAD_BYTES)
    _check(ref, tok, text, name)


def test_generated_strings_give_the_ids_of_tokenizers(pair: tuple[Any, WordPieceTokenizer]) -> None:
    ref, tok = pair
    for k, text in enumerate(generated_strings(2000, seed=23)):
        _check(ref, tok, text, f"string {k}: {text!r}")
        # With the special tokens' text taken as text (tokenizers' split_special_tokens).
        if "[" in text:
            ref.encode_special_tokens = True
            try:
                assert tok.encode_ordinary(text) == ref.encode(text, add_special_tokens=False).ids, text
            finally:
                ref.encode_special_tokens = False


def test_decode_matches_tokenizers_with_and_without_special_tokens(pair: tuple[Any, WordPieceTokenizer]) -> None:
    ref, tok = pair
    text = "Hello, world! It's [UNK] a don't-test: 你好 , . ? the end."
    ids = ref.encode(text).ids
    assert tok.decode(ids) == ref.decode(ids, skip_special_tokens=False)
    plain = [i for i in ids if not tok.is_special(i)]
    assert tok.decode(plain) == ref.decode(ids)  # tokenizers skips special tokens by default
    assert tok.decode_bytes(ids) == tok.decode(ids).encode("utf-8")


def test_spans_point_into_the_original_text(pair: tuple[Any, WordPieceTokenizer]) -> None:
    ref, tok = pair
    text = "Ünïcode CAFÉ naïve 東京 İstanbul ΣΊΣΥΦΟΣ straße"
    for word, start, end, special in tok.pieces(text):
        assert not special
        assert tok.normalizer.normalize(text[start:end]).strip() == word
    for token_id, start, end in tok.encode_with_offsets(text):
        assert 0 <= start < end <= len(text)
        piece = tok.normalizer.normalize(text[start:end])
        assert tok.vocab[token_id].decode() in piece or token_id == tok.unk_id
    # char_spans place every token in decode(ids), as for every tokenizer.
    ids = tok.encode(text)
    decoded = tok.decode(ids)
    starts, ends, whole = tok.char_spans(ids)
    for i, a, b in zip(ids, starts, ends):
        assert decoded[a:b].strip() == tok.vocab[i].decode()
    assert all(whole)


@pytest.mark.parametrize("lowercase", [True, False])
def test_a_vocab_txt_folder_reads_as_bert_wordpiece_tokenizer(
    lowercase: bool, tmp_path: Path, pair: tuple[Any, WordPieceTokenizer]
) -> None:
    from tokenizers import BertWordPieceTokenizer

    ref, _ = pair
    folder = tmp_path / "bert"
    vocab = write_vocab_txt(ref, folder)
    if not lowercase:
        (folder / "tokenizer_config.json").write_text(json.dumps({"do_lower_case": False}), encoding="utf-8")
    bert = BertWordPieceTokenizer(str(vocab), lowercase=lowercase)
    for source in (folder, vocab):
        tok = load_tokenizer(source)
        assert isinstance(tok, WordPieceTokenizer)
        for text in [data_text("multiscript.txt")[:20_000], *generated_strings(300, seed=5)]:
            assert tok.encode(text, allowed_special="all") == bert.encode(text, add_special_tokens=False).ids
            assert tok.encode_as_model(text, allowed_special="all") == bert.encode(text).ids
            ids = bert.encode(text).ids
            assert tok.decode([i for i in ids if not tok.is_special(i)]) == bert.decode(ids)


VARIANTS: dict[str, Callable[[dict[str, Any]], object]] = {
    "Whitespace": lambda o: o.update(pre_tokenizer={"type": "Whitespace"}),
    "WhitespaceSplit+Punctuation": lambda o: o.update(
        pre_tokenizer={
            "type": "Sequence",
            "pretokenizers": [{"type": "WhitespaceSplit"}, {"type": "Punctuation", "behavior": "Isolated"}],
        }
    ),
    "no pre-tokenizer": lambda o: o.update(pre_tokenizer=None),
    "no normalizer, no decoder": lambda o: o.update(normalizer=None, decoder=None),
    "lowercase, accents kept, no CJK split, no cleanup": lambda o: (
        o["normalizer"].update(lowercase=True, strip_accents=False, handle_chinese_chars=False, clean_text=False),
        o["decoder"].update(cleanup=False),
    ),
    "max 5 characters a word": lambda o: o["model"].update(max_input_chars_per_word=5),
    "added tokens, normalized or not": lambda o: o["added_tokens"].extend(
        {"id": len(o["model"]["vocab"]) + k, "content": c, "normalized": n, "special": False}
        | {"single_word": False, "lstrip": False, "rstrip": False}
        for k, (c, n) in enumerate((("Ünï", True), ("Cat Dog", False), ("xyz", True)))
    ),
    "BertProcessing": lambda o: o.update(
        post_processor={"type": "BertProcessing", "sep": ["[SEP]", 3], "cls": ["[CLS]", 2]}
    ),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_other_settings_of_the_file_give_the_ids_of_tokenizers(variant: str, tmp_path: Path) -> None:
    from tokenizers import Tokenizer

    base = reference(cased=False, vocab_size=800, texts=[data_text(n)[:8000] for n in DATA_FILES])
    obj = json.loads(base.to_str())
    VARIANTS[variant](obj)
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    ref = Tokenizer.from_file(str(path))
    tok = load_tokenizer(path)
    assert isinstance(tok, WordPieceTokenizer)
    extra = ["ünï and UNI, Cat Dog cat dog XYZ xyzzy ÜNÏ", "Cat Dogs xyzxyz Ünïon"]
    for k, text in enumerate(generated_strings(400, seed=99) + extra):
        _check(ref, tok, text, f"{variant}, string {k}: {text!r}")


@pytest.mark.parametrize(
    ("clean", "chinese", "strip", "lower"),
    [(True, True, True, True), (True, False, False, False), (False, False, True, False), (False, False, False, True)],
)
def test_every_character_class_is_tokenizers(clean: bool, chinese: bool, strip: bool, lower: bool) -> None:
    """The tables of bpe_engine/wordpiece/_tables.py (tools/wordpiece_tables.py) against the
    installed tokenizers, character by character: the first 0x3100 code points and a seeded
    sample of the rest (a newer tokenizers with newer Unicode tables fails here)."""
    import random

    from tokenizers import normalizers, pre_tokenizers

    from bpe_engine.wordpiece.normalizer import BertNormalizer, WordSplitter

    ref = normalizers.BertNormalizer(
        clean_text=clean, handle_chinese_chars=chinese, strip_accents=strip, lowercase=lower
    )
    ours = BertNormalizer(True, clean, chinese, strip, lower)
    rng = random.Random(7)
    codes = list(range(0x3100)) + rng.sample(range(0x3100, 0x110000), 20_000)
    chars = [chr(c) for c in codes if not 0xD800 <= c <= 0xDFFF]
    for c in chars:
        assert ours.normalize(c) == ref.normalize_str(c), f"U+{ord(c):04X}"
    if clean and chinese and strip and lower:
        pre, split = pre_tokenizers.BertPreTokenizer(), WordSplitter((WordPieceSplit.BERT,))
        for c in chars:
            assert split.words("a" + c + "b") == [w for w, _ in pre.pre_tokenize_str("a" + c + "b")], f"U+{ord(c):04X}"
