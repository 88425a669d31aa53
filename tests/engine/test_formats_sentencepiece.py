"""SentencePiece BPE models: our reader and SentencePieceTokenizer give sentencepiece's ids.

Small models are trained here with the real ``sentencepiece`` (every normalizer setting that
changes ids: byte fallback or not, nmt_nfkc rules, extra whitespace, the dummy prefix,
user-defined and control symbols) or written piece by piece (UNUSED pieces, ties of score,
unknown runs); the two Mistral models of ../shared/tokenizers run on the big corpora.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bpe_engine import SentencePieceTokenizer, StreamingDecoder, load_tokenizer
from bpe_engine.errors import TokenizerFileError
from bpe_engine.formats.data import BYTE, CONTROL, NORMAL, UNKNOWN, UNUSED, USER_DEFINED

from ..conftest import data_text
from .formats_support import (
    data_texts,
    first_difference,
    generated_strings,
    iter_fields,
    parity_texts,
    pb_field,
    sentencepiece_model,
    shared_tokenizer,
)

spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")

_TRAINING = [
    line
    for name in ("english.txt", "multiscript.txt", "russian.txt")
    for line in data_text(name).splitlines()
    if line.strip()
] + [line for line in data_text("chinese.txt").splitlines()[:300] if line.strip()]

SETTINGS = {
    "byte-fallback identity": dict(
        byte_fallback=True, normalization_rule_name="identity", remove_extra_whitespaces=False
    ),
    "nmt_nfkc no fallback": dict(byte_fallback=False, normalization_rule_name="nmt_nfkc"),
    "nmt_nfkc fallback, symbols, no prefix": dict(
        byte_fallback=True,
        normalization_rule_name="nmt_nfkc",
        user_defined_symbols=["<sep>", "foo", "ab"],
        control_symbols=["<ctl>"],
        add_dummy_prefix=False,
    ),
    "identity, extra whitespace removed": dict(
        byte_fallback=True, normalization_rule_name="identity", remove_extra_whitespaces=True
    ),
}


def _train(path: Path, **options: object) -> Path:
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(_TRAINING),
        model_writer=out,
        model_type="bpe",
        vocab_size=2500,
        character_coverage=0.995,
        minloglevel=2,
        **options,
    )
    path.write_bytes(out.getvalue())
    return path


def _check_parity(path: Path, texts: list[tuple[str, str]]) -> None:
    ours = load_tokenizer(path)
    assert isinstance(ours, SentencePieceTokenizer)
    ref = spm.SentencePieceProcessor(model_file=str(path))
    assert first_difference(path.name, texts, ours.encode_ordinary, ref.encode) is None
    unk = ours.special_tokens.get("<unk>")
    for name, text in texts:
        ids = ours.encode_ordinary(text)
        if unk in ids:  # SentencePiece shows <unk> as " ⁇ ", we as its text
            continue
        assert ours.decode(ids) == ref.decode(ids), name


@pytest.mark.parametrize(
    "setting", [pytest.param(s, marks=pytest.mark.slow) if "nmt_nfkc" in s else s for s in SETTINGS]
)
def test_trained_models_give_sentencepieces_ids(tmp_path: Path, setting: str) -> None:
    """On tests/data and 2,000 generated strings (the nmt_nfkc rules run character by
    character in Python: those take a second or two)."""
    path = _train(tmp_path / "m.model", **SETTINGS[setting])
    _check_parity(path, parity_texts(shared_too=False))


def test_the_nmt_nfkc_rules(tmp_path: Path) -> None:
    """The precompiled charsmap on what it rewrites: compatibility forms, full-width letters,
    ligatures, odd spaces and controls, user-defined symbols left alone."""
    path = _train(tmp_path / "m.model", **SETTINGS["nmt_nfkc fallback, symbols, no prefix"])
    texts = [
        "ﬁne ①②③ Ｈｅｌｌｏ ｶﾀｶﾅ",
        "a\u3000b\u00a0c\td\x0be",
        "x<sep>y foo ab ²³ ℌ ™ Å",
        "\u200b\ufeffz  ",
        " ",
        "",
    ]
    _check_parity(path, [(repr(t), t) for t in texts])


def test_interface_of_a_sentencepiece_tokenizer(tmp_path: Path) -> None:
    tok = load_tokenizer(_train(tmp_path / "m.model", **SETTINGS["byte-fallback identity"]))
    assert isinstance(tok, SentencePieceTokenizer) and tok.family == "sentencepiece"
    text = "Hello  wörld 國語 🤚🏾\n</s>"
    ids = tok.encode(text, allowed_special="all")
    assert tok.special_tokens["</s>"] in ids and tok.decode(ids) == text
    with pytest.raises(ValueError, match="special token"):
        tok.encode(text)  # tiktoken's strict default, as for byte-level tokenizers
    assert tok.decode_bytes(ids) == text.encode("utf-8")
    # The stream releases exactly what decode gives, byte-fallback tokens one byte each.
    stream = StreamingDecoder(tok)
    out = "".join(stream.feed(i) for i in ids) + stream.flush()
    assert out == text
    # Spans: every token covers its place in decode(ids).
    spans = tok.token_spans(ids)
    assert spans[0].start == 0 and spans[-1].end == len(text)
    assert all(a.end <= b.start or not a.complete or not b.complete for a, b in zip(spans, spans[1:]))
    # Pieces cover the text, in order; their ids are the ids of the text.
    pieces = tok.pieces(text)
    assert pieces[0][1] == 0 and pieces[-1][2] == len(text)
    assert [i for p, *_ in pieces for i in tok.piece_ids(p)] == ids
    # Explaining a piece: its steps end in its ids (byte fallback aside).
    piece = tok.pieces("internationally")[0][0]
    steps = tok.bpe_steps(piece)
    last = steps[-1]
    assert last.parts[: last.index] + (last.new_id,) + last.parts[last.index + 2 :] == tuple(tok.piece_ids(piece))
    assert tok.merge_rank(last.parts[last.index], last.parts[last.index + 1]) == last.rank
    # Parents: a merged piece comes from two tokens whose bytes make it.
    parents = [(z, tok.merge_of(z)) for z in range(tok.vocab_size) if tok.merge_of(z) is not None]
    assert len(parents) == len(tok.merges) > 1000
    for z, found in parents[:200]:
        assert found is not None
        a, b, _ = found
        assert tok.id_to_bytes(a) + tok.id_to_bytes(b) == tok.id_to_bytes(z)
    assert tok.byte_ids()[0x41] >= 0 and tok.is_special(tok.special_tokens["<s>"])


def _pieces_by_hand() -> list[tuple[str, float, int]]:
    """A model written piece by piece: an UNUSED piece (resegmented), ties of score, no byte
    fallback (unknown runs become one <unk>), a user-defined symbol."""
    pieces = [("<unk>", 0.0, UNKNOWN), ("<s>", 0.0, CONTROL), ("</s>", 0.0, CONTROL), ("<sep>", 0.0, USER_DEFINED)]
    chars = "▁abcdelhnorstw"
    pieces += [(c, -100.0 - k, NORMAL) for k, c in enumerate(chars)]
    merged = [("▁t", -1.0), ("he", -2.0), ("▁the", -2.0), ("ll", -3.0), ("ab", -3.0), ("▁a", -4.0), ("ow", -4.0)]
    merged += [("abc", -5.0), ("▁ab", -5.0), ("hell", -6.0), ("hello", -7.0), ("▁hello", -8.0)]
    pieces += [(p, s, NORMAL) for p, s in merged]
    pieces += [("▁tow", -0.5, UNUSED), ("to", -1.5, NORMAL), ("▁to", -1.6, NORMAL), ("wn", -9.0, NORMAL)]
    return pieces


def test_a_model_written_by_hand(tmp_path: Path) -> None:
    path = tmp_path / "hand.model"
    path.write_bytes(sentencepiece_model(_pieces_by_hand()))
    texts = [
        ("words", "the hello town abc ab a tow towns"),
        ("unknown runs", "xyz the QQQ hello ZZ"),
        ("symbols", "the<sep>hello <sep> abc"),
        ("spaces", "  the   hello  "),
    ] + [(f"generated[{k}]", s) for k, s in enumerate(generated_strings(300))]
    _check_parity(path, texts)


def test_a_char_model_is_refused(tmp_path: Path) -> None:
    """Unigram models load (tests/engine/test_unigram_parity.py); char and word models do not."""
    path = tmp_path / "char.model"
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(_TRAINING), model_writer=out, model_type="char", minloglevel=2
    )
    path.write_bytes(out.getvalue())
    with pytest.raises(TokenizerFileError, match="is a SentencePiece char model, not a BPE or Unigram model"):
        load_tokenizer(path)


def _damaged(good: bytes) -> dict[str, bytes]:
    pieces = [value for number, _, value in iter_fields(good) if number == 1]
    assert isinstance(pieces[0], bytes)
    return {
        "truncated": good[: len(good) // 2],
        "a length past the end": good[:8] + pb_field(1, b"\x0a\xff\xff\xff\x0f"),
        "a varint that never ends": b"\x0a" + b"\xff" * 20,
        "an empty piece": pb_field(1, pb_field(1, "")) + good,
        "a piece twice": pb_field(1, pieces[5]) + good,  # type: ignore[arg-type]
        "no unknown piece": sentencepiece_model([("a", 0.0, NORMAL), ("b", 0.0, NORMAL)]),
        "a byte piece without byte fallback": sentencepiece_model([("<unk>", 0.0, UNKNOWN), ("<0x41>", 0.0, BYTE)]),
        "byte fallback with 2 byte pieces": sentencepiece_model(
            [("<unk>", 0.0, UNKNOWN), ("<0x41>", 0.0, BYTE), ("<0x42>", 0.0, BYTE)], byte_fallback=True
        ),
        "an unknown piece type": sentencepiece_model([("<unk>", 0.0, UNKNOWN), ("a", 0.0, 9)]),
        "a bad charsmap": sentencepiece_model(
            [("<unk>", 0.0, UNKNOWN), ("a", 0.0, NORMAL)], charsmap=b"\xff\xff\xff\x7f12"
        ),
        "wire type 3": b"\x0b" + good,
    }


def test_damaged_models_give_clear_errors(tmp_path: Path) -> None:
    good = sentencepiece_model(_pieces_by_hand())
    for label, data in _damaged(good).items():
        path = tmp_path / "bad.model"
        path.write_bytes(data)
        with pytest.raises(TokenizerFileError) as info:
            SentencePieceTokenizer.load(path)
        message = str(info.value)
        assert message.startswith(str(path)), (label, message)
        assert len(message) < 400, (label, message)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["mistral_sentencepiece_v1.model", "mistral_sentencepiece_v3.model"])
def test_mistral_models_give_sentencepieces_ids(name: str) -> None:
    """The real models on the first 200 KB of every shared corpus, tests/data and 2,000
    generated strings: ids identical to sentencepiece's, and decoding as it does."""
    path = shared_tokenizer(name)
    _check_parity(path, parity_texts(shared_too=True))


def test_data_texts_decode_back(tmp_path: Path) -> None:
    """With byte fallback and no normalization rules, decode gives back the very text."""
    tok = load_tokenizer(_train(tmp_path / "m.model", **SETTINGS["byte-fallback identity"]))
    for name, text in data_texts():
        assert tok.decode(tok.encode_ordinary(text)) == text, name


def test_many_user_defined_symbols(tmp_path: Path) -> None:
    """Tens of thousands of user-defined symbols (a hostile file could hold millions) are
    matched by length, not compiled into one regex, and still as SentencePiece does."""
    pieces = _pieces_by_hand() + [(f"sym{k}x", 0.0, USER_DEFINED) for k in range(50_000)]
    path = tmp_path / "many.model"
    path.write_bytes(sentencepiece_model(pieces))
    texts = [("symbols", "the sym12x sym123x sym49999xx sym5 hello sym1x0x"), ("plain", "the town")]
    _check_parity(path, texts)
