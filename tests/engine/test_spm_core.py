"""SentencePiece BPE on tiktoken's core (:mod:`bpe_engine.spm.core`) gives sentencepiece's ids.

The core runs wherever it is exact (issue 21): Mistral's v1 and v3 ``.model`` and models
trained here by ``sentencepiece`` with and without byte fallback. Compared with the real
``sentencepiece`` on the shared corpora's heads, the hard texts and short lines of the parity
tests, generated strings, and each refusal on a file made to show it (the loops answer
there, still with sentencepiece's ids). Mistral's files and the corpora skip when
../shared is missing.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bpe_engine import SentencePieceTokenizer
from bpe_engine.spm.core import SpmCore

from ..conftest import data_text
from .formats_support import corpus_heads, first_difference, shared_tokenizer
from .test_spm_encode_parity import _ALPHABET, _SHARED, _TRAINING, MODELS, _hard_texts, _short_lines, _train

spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
pytest.importorskip("tiktoken", reason="the core: pip install tiktoken")


def _path(name: str, folder: Path) -> Path:
    if name in _SHARED:
        return shared_tokenizer(_SHARED[name])
    return _train(folder / "m.model", byte_fallback=name.endswith(", byte fallback"))


class _Both:
    def __init__(self, path: Path) -> None:
        self.ours = SentencePieceTokenizer.load(path)
        self.ref = spm.SentencePieceProcessor(model_file=str(path))
        core = self.ours.model.core
        assert isinstance(core, SpmCore), core  # the core applies to every model here

    def ids(self, text: str) -> list[int]:
        return self.ours.encode_ordinary(text)


@pytest.fixture(scope="module", params=MODELS)
def both(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> _Both:
    return _Both(_path(request.param, tmp_path_factory.mktemp("spm")))


def test_corpus_heads_give_sentencepieces_ids(both: _Both) -> None:
    """The first 200 KB of every shared corpus (English, Chinese, code, Japanese, Russian,
    the UDHR's languages) whole, and line by line."""
    heads = corpus_heads()
    assert first_difference("whole", heads, both.ids, both.ref.encode) is None
    lines = [(f"{name} line {k}", line) for name, text in heads for k, line in enumerate(text.splitlines()[:300])]
    assert first_difference("lines", lines, both.ids, both.ref.encode) is None


def test_hard_texts_and_short_lines_give_sentencepieces_ids(both: _Both) -> None:
    """Long Chinese without spaces, runs of one character, of spaces and ``▁`` (Mistral's
    runs sharing one score), emoji, unknown characters, and 1,300 short lines."""
    texts = list(_hard_texts()) + [("spaces", " " * n + "x" + " " * (3 * n)) for n in range(0, 70)]
    assert first_difference("hard", texts, both.ids, both.ref.encode) is None
    assert first_difference("lines", _short_lines(), both.ids, both.ref.encode) is None


@pytest.mark.parametrize("name", MODELS)
def test_generated_strings_give_sentencepieces_ids(name: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    pair = _Both(_path(name, tmp_path_factory.mktemp("spm")))

    @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=st.text(_ALPHABET, max_size=400))
    def check(text: str) -> None:
        assert pair.ids(text) == pair.ref.encode(text)

    check()


def test_user_defined_pieces_are_cut_out_whole() -> None:
    """Mistral v3's user-defined ``[REFERENCE_DOC_n]`` pieces (the longest at each place)."""
    pair = _Both(shared_tokenizer(_SHARED["mistral v3"]))
    texts = [
        ("docs", "a[REFERENCE_DOC_1]b [REFERENCE_DOC_19][REFERENCE_DOC_1 [REFERENCE_DOC_]x[[REFERENCE_DOC_0]]"),
        ("long", ("see [REFERENCE_DOC_3] and x[1] " * 400)),
    ]
    assert first_difference("user-defined", texts, pair.ids, pair.ref.encode) is None


@pytest.mark.parametrize("byte_fallback", [True, False])
def test_one_call_encode_ordinary_gives_sentencepieces_ids(byte_fallback: bool, tmp_path: Path) -> None:
    """A model trained without rules nor removing extra whitespace (the normalizer only makes spaces
    ``▁`` and puts one first, as Mistral's): ``encode_ordinary``'s one call, through the core
    and through the character lookup of lines with no character of a longer piece, with and
    without byte fallback (runs of unknown characters one ``<unk>``)."""
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(_TRAINING),
        model_writer=out,
        model_type="bpe",
        vocab_size=3000,
        character_coverage=0.995,
        byte_fallback=byte_fallback,
        remove_extra_whitespaces=False,
        normalization_rule_name="identity",
        minloglevel=2,
    )
    path = tmp_path / "m.model"
    path.write_bytes(out.getvalue())
    pair = _Both(path)
    assert pair.ours.normalizer.spaces_only
    lines = _short_lines() + [("rare", "\U00030000\U00030001 \U00030002"), ("rare 2", "\U00030000x\U00030001")]
    assert first_difference("lines", lines, pair.ids, pair.ref.encode) is None
    assert pair.ours._ordinary is not None  # the one call ran

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=st.text(_ALPHABET, max_size=60))
    def check(text: str) -> None:
        assert pair.ids(text) == pair.ref.encode(text)

    check()


# -- refusals: the reason is named, and the loops give sentencepiece's ids ------------------


def _english_model(**options: object) -> bytes:
    lines = [line for line in data_text("english.txt").splitlines() if line.strip()]
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines), model_writer=out, model_type="bpe", vocab_size=500, minloglevel=2, **options
    )
    return out.getvalue()


def _entry(piece: str, model: bytes) -> tuple[int, bytes]:
    """Where a NORMAL piece's entry starts in a ``.model`` and its bytes (piece, score)."""
    text = piece.encode("utf-8")
    inner = b"\n" + bytes([len(text)]) + text + b"\x15"
    at = model.find(bytes([len(inner) + 4]) + inner) - 1
    assert at >= 0 and model[at] == 0x0A, piece
    return at, model[at : at + 2 + len(inner) + 4]


def _refused(model: bytes, tmp_path: Path, expected: str) -> None:
    path = tmp_path / "m.model"
    path.write_bytes(model)
    ours = SentencePieceTokenizer.load(path)
    ref = spm.SentencePieceProcessor(model_file=str(path))
    reason = ours.model.core
    assert isinstance(reason, str) and expected in reason, reason
    texts = [(name, data_text(name)) for name in ("english.txt", "python_code.txt", "chinese.txt")]
    texts += [(f"line {k}", line) for k, line in enumerate(data_text("english.txt").splitlines()[:200])]
    assert first_difference("refused", texts, ours.encode_ordinary, ref.encode) is None


def test_refuses_two_pieces_sharing_a_score(tmp_path: Path) -> None:
    """Which of two tied pieces merges first depends on where they are (leftmost), which a
    rank cannot say."""
    model = _english_model()
    at, entry = _entry("▁the", model)
    _, other = _entry("▁a", model)
    model = model[:at] + entry[:-4] + other[-4:] + model[at + len(entry) :]
    _refused(model, tmp_path, "share the score")


def test_refuses_unused_pieces(tmp_path: Path) -> None:
    """An UNUSED piece is split again into the two symbols that made it (which the core does
    not record)."""
    model = _english_model()
    at, entry = _entry("▁the", model)
    unused = bytes([0x0A, entry[1] + 2]) + entry[2:] + b"\x18\x05"
    model = model[:at] + unused + model[at + len(entry) :]
    _refused(model, tmp_path, "UNUSED")


def test_refuses_pieces_across_words(tmp_path: Path) -> None:
    """Pieces holding ``▁`` after another character: no cut before a space mark is safe."""
    _refused(_english_model(split_by_whitespace=False), tmp_path, "after another character")


def test_refuses_without_tiktoken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tiktoken", None)
    _refused(_english_model(), tmp_path, "tiktoken is not installed")
