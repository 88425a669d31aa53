"""Hugging Face Unigram files whose normalizer trims whitespace and puts a ``▁`` before the
text (issue 23): ids identical to ``tokenizers`` around special tokens and with whitespace of
every Unicode kind at the ends.

``tokenizers`` cuts the text at the added tokens first and normalizes each part between two
alone: ``Strip`` takes every Unicode White_Space character (tabs, newlines, NEL, U+3000, ...)
at the ends of each part, ``Prepend("▁")`` puts a ``▁`` before each part left non-empty, and
nothing takes a trailing ``▁`` of the text itself (sentencepiece's ``.model`` does: there a
text ending in ``▁`` loses it). Files made here by ``tokenizers``' UnigramTrainer in the shapes
our exporter and transformers' converter write, and one exported from a ``sentencepiece``
model; compared on hand-made cases and 2,000 generated strings mixing special tokens,
whitespace, CJK and emoji.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bpe_engine import UnigramTokenizer, load_tokenizer

from .unigram_support import TRAINING, train_sentencepiece

tk = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")

SPECIALS = ["<unk>", "<s>", "</s>", "<mask>"]
#: Unicode White_Space (what ``tokenizers``' Strip takes), and look-alikes it keeps.
WHITESPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
WHITESPACE += "\u2028\u2029\u202f\u205f\u3000"
NOT_WHITESPACE = "\x1c\x1d\x1e\x1f\u200b\ufeff\u180e\u2581"


def _train(path: Path, normalizer: Any, scheme: str) -> Path:
    tok = tk.Tokenizer(tk.models.Unigram())
    if normalizer is not None:
        tok.normalizer = normalizer
    tok.pre_tokenizer = tk.pre_tokenizers.Metaspace(prepend_scheme=scheme)
    tok.decoder = tk.decoders.Metaspace(prepend_scheme=scheme)
    tok.train_from_iterator(
        TRAINING, tk.trainers.UnigramTrainer(vocab_size=2000, special_tokens=SPECIALS, unk_token="<unk>")
    )
    tok.save(str(path))
    return path


def _ours_shape(folder: Path) -> Path:
    """Our exporter's shape for sentencepiece's defaults: Strip, Replace(" {2,}"), Prepend."""
    n = tk.normalizers
    seq = n.Sequence([n.Strip(), n.Replace(tk.Regex(" {2,}"), " "), n.Prepend("▁")])
    return _train(folder / "prepend.json", seq, "never")


def _converter_shape(folder: Path, scheme: str) -> Path:
    """transformers' SpmConverter's shape: Strip at the right, runs of spaces one ``▁``, Metaspace's prefix."""
    n = tk.normalizers
    seq = n.Sequence([n.Strip(left=False, right=True), n.Replace(tk.Regex(" {2,}"), "▁")])
    return _train(folder / f"converter-{scheme}.json", seq, scheme)


def _exported(folder: Path) -> Path:
    """A sentencepiece model (nmt_nfkc, its defaults) exported by us: Precompiled, Strip, Replace, Prepend."""
    model = train_sentencepiece(folder / "u.model", byte_fallback=True, vocab_size=2000)
    path = folder / "exported.json"
    load_tokenizer(model).export(path, "hf")
    return path


SHAPES = {
    "exporter's shape": _ours_shape,
    "converter, always": lambda f: _converter_shape(f, "always"),
    "converter, first": lambda f: _converter_shape(f, "first"),
    "exported from sentencepiece": _exported,
}


@pytest.fixture(scope="module", params=list(SHAPES))
def pair(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[UnigramTokenizer, Any]:
    path = SHAPES[request.param](tmp_path_factory.mktemp("ws"))
    ours = load_tokenizer(path)
    assert isinstance(ours, UnigramTokenizer)
    return ours, tk.Tokenizer.from_file(str(path))


def _hand_made() -> list[str]:
    out = ["", "<s>", "<s><s>", "<s></s>", "a<s>b", "a <s> b", "<s>a", " <s>  hello  </s> world ", "a</s>", "a▁", "▁a"]
    out += ["a ▁", "<s>▁</s>", "a▁▁<s>▁b▁", "  ", "<s>  </s>", "x<mask>  y", "<mask>\u3000"]
    for w in WHITESPACE + NOT_WHITESPACE:
        out += [
            w,
            w + "ab" + w,
            f"<s>{w}ab{w}</s>",
            f"a{w}<s>{w}{w}b",
            f"{w}<s>{w}",
            f"<s>{w}</s>{w}{w}<mask>",
            f"a {w} b",
        ]
    return out


def _generated(n: int, seed: int = 23) -> list[str]:
    """Strings mixing special tokens, whitespace of every kind, ASCII, CJK and emoji."""
    rnd = random.Random(seed)
    pools = [
        SPECIALS,
        list(WHITESPACE + NOT_WHITESPACE),
        list("abc xyz"),
        list("你好世界的一"),
        ["🙂", "👍🏽", "👨\u200d👩\u200d👧"],
    ]
    return ["".join(rnd.choice(rnd.choice(pools)) for _ in range(rnd.randint(0, 14))) for _ in range(n)]


TEXTS = _hand_made() + _generated(2000)


def _first_difference(ours: Any, ref: Any, texts: list[str]) -> str | None:
    for text in texts:
        got, want = ours(text), ref(text)
        if got != want:
            return f"{text!r}: ours {got}, tokenizers {want}"
    return None


def test_ids_equal_tokenizers_around_special_tokens(pair: tuple[UnigramTokenizer, Any]) -> None:
    ours, ref = pair
    problem = _first_difference(
        lambda t: ours.encode(t, allowed_special="all"), lambda t: ref.encode(t, add_special_tokens=False).ids, TEXTS
    )
    assert problem is None, problem
    problem = _first_difference(
        lambda t: ours.encode_as_model(t, allowed_special="all"), lambda t: ref.encode(t).ids, TEXTS
    )
    assert problem is None, problem


def test_pieces_give_the_same_ids(pair: tuple[UnigramTokenizer, Any]) -> None:
    """The pieces shown (normalized with offsets, another code path) make the same ids, and
    their offsets cover the text in order."""
    ours, _ = pair
    for text in TEXTS[:600]:
        pieces = ours.pieces(text)
        ids = [i for piece, *_ in pieces for i in ours.piece_ids(piece)]
        assert ids == ours.encode(text, allowed_special="all"), text
        assert all(0 <= a <= b <= len(text) for _, a, b, _ in pieces), text
        assert [a for _, a, _, _ in pieces] == sorted(a for _, a, _, _ in pieces), text
