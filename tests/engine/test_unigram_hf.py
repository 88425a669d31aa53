"""Hugging Face ``tokenizer.json`` files with a Unigram model: ids and text identical to
``tokenizers`` (issue 23).

Two files made here: one trained by ``tokenizers``' own ``UnigramTrainer`` (Metaspace
pre-tokenizer and decoder, ``<unk>``/``<s>``/``</s>``), one converted from a Unigram model that
``sentencepiece`` trained with byte fallback (its pieces and scores, its precompiled
normalizer, byte fallback, a T5-style post-processor that puts ``</s>`` after the text).
Compared on tests/data, the corpora heads, hard cases and 2,000 generated strings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bpe_engine import UnigramTokenizer, load_tokenizer
from bpe_engine.errors import TokenizerFileError
from bpe_engine.formats.sentencepiece import read_sentencepiece_model
from bpe_engine.kinds import Algorithm

from .formats_support import first_difference
from .unigram_support import TRAINING, texts_to_compare, train_sentencepiece

tk = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")

TEXTS = texts_to_compare()
_SPECIALS = ["<unk>", "<s>", "</s>"]


def _trained(folder: Path, nfkc: bool = False) -> Path:
    tok = tk.Tokenizer(tk.models.Unigram())
    if nfkc:
        tok.normalizer = tk.normalizers.NFKC()
    tok.pre_tokenizer = tk.pre_tokenizers.Metaspace()
    tok.decoder = tk.decoders.Metaspace()
    trainer = tk.trainers.UnigramTrainer(vocab_size=2000, special_tokens=_SPECIALS, unk_token="<unk>")
    tok.train_from_iterator(TRAINING, trainer)
    path = folder / ("nfkc" if nfkc else "plain") / "tokenizer.json"
    path.parent.mkdir()
    tok.save(str(path))
    return path


def _converted(folder: Path) -> Path:
    """A sentencepiece Unigram model written as ``tokenizer.json`` (as Hugging Face's converters do)."""
    data = read_sentencepiece_model(train_sentencepiece(folder / "u.model", byte_fallback=True))
    vocab = list(zip(data.pieces, data.scores))
    tok = tk.Tokenizer(tk.models.Unigram(vocab, unk_id=data.unk_id, byte_fallback=True))
    tok.normalizer = tk.normalizers.Precompiled(data.charsmap)
    tok.pre_tokenizer = tk.pre_tokenizers.Metaspace(prepend_scheme="always")
    tok.decoder = tk.decoders.Sequence([tk.decoders.ByteFallback(), tk.decoders.Metaspace()])
    tok.add_special_tokens(_SPECIALS)
    eos = data.pieces.index("</s>")
    tok.post_processor = tk.processors.TemplateProcessing(
        single="$A </s>", pair="$A </s> $B </s>", special_tokens=[("</s>", eos)]
    )
    path = folder / "converted" / "tokenizer.json"
    path.parent.mkdir()
    tok.save(str(path))
    return path


@pytest.fixture(
    scope="module", params=["trained by tokenizers", "trained by tokenizers, NFKC", "converted from sentencepiece"]
)
def pair(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[UnigramTokenizer, Any]:
    folder = tmp_path_factory.mktemp("hf_unigram")
    if request.param.startswith("trained"):
        path = _trained(folder, nfkc=request.param.endswith("NFKC"))
    else:
        path = _converted(folder)
    ours = load_tokenizer(path)
    assert isinstance(ours, UnigramTokenizer) and ours.facts.algorithm is Algorithm.UNIGRAM
    return ours, tk.Tokenizer.from_file(str(path))


_GRAPHEME_CASES = [
    ("decomposed voiced kana", "て\u3099 か\u3099き\u3099"),
    ("CRLF grapheme", "a\r\nb\r\n\r\nc"),
    ("long cluster", "q\u0323\u0307\u0301\u0300 Z\u0335\u0347\u0350"),
    ("emoji sequences", "👨\u200d👩\u200d👧 🇫🇷 👍🏽 1️⃣ ｆｕｌｌ①"),
    ("NUL inside", "a\x00b \x00\u3099"),
]


def test_normalization_equals_tokenizers(pair: tuple[UnigramTokenizer, Any]) -> None:
    """The normalized text is ``tokenizers``' on every text: for the converted file its
    Precompiled normalizer works per grapheme cluster (the whole cluster's shortest rule when
    it has one and is under 6 bytes, else character by character), not longest rule first."""
    ours, ref = pair
    for name, text in TEXTS + _GRAPHEME_CASES:
        normalized = ref.normalizer.normalize_str(text) if ref.normalizer is not None else text
        theirs = "".join(p for p, _ in ref.pre_tokenizer.pre_tokenize_str(normalized))
        assert ours.normalizer.metaspace(ours.normalizer.normalize(text), True) == theirs, name
    for name, text in _GRAPHEME_CASES:
        assert ours.encode_as_model(text) == ref.encode(text).ids, name


def test_ids_equal_tokenizers(pair: tuple[UnigramTokenizer, Any]) -> None:
    """``encode_as_model`` (special tokens allowed) is ``tokenizers``' ``encode(text).ids``."""
    ours, ref = pair
    problem = first_difference(
        "hf unigram",
        TEXTS,
        lambda t: ours.encode_as_model(t, allowed_special="all"),
        lambda t: ref.encode(t).ids,
    )
    assert problem is None, problem


def test_decoding_equals_tokenizers(pair: tuple[UnigramTokenizer, Any]) -> None:
    ours, ref = pair
    for name, text in TEXTS:
        ids = ours.encode(text, allowed_special="all")
        assert ours.decode(ids) == ref.decode(ids, skip_special_tokens=False), name


def test_the_post_processor_is_followed(pair: tuple[UnigramTokenizer, Any]) -> None:
    ours, ref = pair
    ids = ours.encode_as_model("Hello world")
    assert ids == ref.encode("Hello world").ids
    assert (ids[-1] == ours.special_tokens["</s>"]) == (ref.post_processor is not None)


def test_viterbi_agrees_with_encode(pair: tuple[UnigramTokenizer, Any]) -> None:
    ours, _ = pair
    for piece, *_ in ours.pieces("The tokenization of unbelievable words, 你好 🙂"):
        result = ours.viterbi(piece)
        assert list(result.ids) == ours.piece_ids(piece)
        assert result.candidates[0] == result.best


def _unigram_file(tmp_path: Path, model: dict[str, Any]) -> Path:
    obj = {
        "version": "1.0",
        "added_tokens": [],
        "normalizer": None,
        "pre_tokenizer": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": True},
        "post_processor": None,
        "decoder": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": True},
        "model": {"type": "Unigram", **model},
    }
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("model", "message"),
    [
        ({"vocab": {"a": 1}}, "model.vocab of a Unigram model must be a list"),
        ({"vocab": [["a", -1.0], ["a", -2.0]], "unk_id": None}, r"model.vocab\[0\] and \[1\] are both 'a'"),
        ({"vocab": [["a", "x"]]}, r"model.vocab\[0\] must be \[piece, score\]"),
        ({"vocab": [["a", -1.0]], "unk_id": 3}, "model.unk_id must be an id from 0 to 0"),
    ],
)
def test_damaged_unigram_files_give_clear_errors(tmp_path: Path, model: dict[str, Any], message: str) -> None:
    path = _unigram_file(tmp_path, model)
    with pytest.raises(TokenizerFileError, match=message) as info:
        load_tokenizer(path)
    assert str(info.value).startswith(str(path))


def test_scores_are_read_as_tokenizers_reads_them() -> None:
    """``rust_float`` gives the double ``tokenizers`` (serde_json) makes of each score's text:
    written back by ``tokenizers`` (shortest round-trip digits) and read by Python, the same
    value. A correctly rounded read differs in the last place for some texts (a near-tie of
    two segmentations then goes the other way: seen on a Japanese text)."""
    import json
    import random

    from bpe_engine.formats.jsonfile import rust_float

    rng = random.Random(7)
    texts = [f"-{rng.randint(0, 40)}.{rng.randint(0, 10 ** rng.randint(1, 22))}" for _ in range(3000)]
    texts += [f"-{rng.randint(1, 9)}.{rng.randint(10**15, 10**18)}e-{rng.randint(1, 30)}" for _ in range(500)]
    vocab = ",".join(f'["p{i}", {t}]' for i, t in enumerate(texts))
    model = json.loads(
        tk.Tokenizer.from_str(
            '{"version": "1.0", "added_tokens": [], "normalizer": null, "pre_tokenizer": null, '
            '"post_processor": null, "decoder": null, "model": {"type": "Unigram", "unk_id": null, '
            f'"byte_fallback": false, "vocab": [{vocab}]}}}}'
        ).to_str()
    )["model"]
    theirs = [score for _, score in model["vocab"]]
    assert [rust_float(t) for t in texts] == theirs
    assert any(rust_float(t) != float(t) for t in texts)  # the case this reader exists for
