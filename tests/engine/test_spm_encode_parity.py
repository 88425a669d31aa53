"""SentencePiece BPE encoding at speed stays sentencepiece's ids (issue 21).

Long texts are cut and put together with NumPy (:data:`bpe_engine.spm.model.VECTOR_MIN`);
these compare ids with the real ``sentencepiece`` where that path differs most from the plain
loop: Chinese with no space (one huge stretch), long lines, runs of one character, mixed
scripts, emoji, characters that only byte fallback (or ``<unk>``) covers, and 1,000+
generated strings, each also sent through the NumPy path with the threshold at 0. Models:
two trained here by ``sentencepiece`` (BPE, byte fallback on and off) and Mistral's two
(skipped when ../shared/tokenizers is missing).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from bpe_engine import SentencePieceTokenizer
from bpe_engine.spm import chunks as spm_chunks, model as spm_model

from ..conftest import SHARED, data_text
from .formats_support import first_difference, shared_tokenizer

spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")

_TRAINING = [
    line
    for name in ("english.txt", "multiscript.txt", "russian.txt", "python_code.txt")
    for line in data_text(name).splitlines()
    if line.strip()
] + [line for line in data_text("chinese.txt").splitlines()[:300] if line.strip()]

MODELS = ["trained, byte fallback", "trained, no byte fallback", "mistral v1", "mistral v3"]
_SHARED = {"mistral v1": "mistral_sentencepiece_v1.model", "mistral v3": "mistral_sentencepiece_v3.model"}


def _train(path: Path, byte_fallback: bool) -> Path:
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(_TRAINING),
        model_writer=out,
        model_type="bpe",
        vocab_size=3000,
        character_coverage=0.995,
        byte_fallback=byte_fallback,
        minloglevel=2,
    )
    path.write_bytes(out.getvalue())
    return path


@pytest.fixture(scope="module", params=MODELS)
def pair(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    name: str = request.param
    if name in _SHARED:
        return name, shared_tokenizer(_SHARED[name])
    folder = tmp_path_factory.mktemp("spm")
    return name, _train(folder / "m.model", byte_fallback=name.endswith(", byte fallback"))


class _Both:
    """Our tokenizer and sentencepiece's on one file."""

    def __init__(self, path: Path) -> None:
        self.ours = SentencePieceTokenizer.load(path)
        self.ours.model.use_core = False  # the merge loops (tests/engine/test_spm_core.py: the core)
        self.ref = spm.SentencePieceProcessor(model_file=str(path))

    def ids(self, text: str, vector_min: int | None = None) -> list[int]:
        """Our ids, with the NumPy path's threshold set to ``vector_min`` for this call."""
        saved = spm_model.VECTOR_MIN
        if vector_min is not None:
            spm_model.VECTOR_MIN = vector_min
        try:
            return self.ours.encode_ordinary(text)
        finally:
            spm_model.VECTOR_MIN = saved


@pytest.fixture(scope="module")
def both(pair: tuple[str, Path]) -> _Both:
    return _Both(pair[1])


def _chinese_without_spaces(size: int) -> str:
    """tests/data's Chinese, then the shared Chinese corpus when present, spaces taken out."""
    text = data_text("chinese.txt")
    corpus = SHARED / "corpora" / "zh_classical_poetry_25MB.txt"
    if corpus.is_file():
        with open(corpus, "rb") as f:
            text += f.read(size * 3).decode("utf-8", errors="ignore")
    text = "".join(text.split())
    return (text * (size // len(text) + 1))[:size]


def _hard_texts() -> Iterator[tuple[str, str]]:
    english = " ".join(data_text("english.txt").split())
    code = data_text("python_code.txt")
    yield "chinese, no spaces, 60k characters", _chinese_without_spaces(60_000)
    yield "chinese and punctuation, no newline", "".join(data_text("chinese.txt").split("\n"))
    yield "english, one long line", english
    yield "code", code
    yield "one character repeated", "a" * 20_000
    yield "one CJK character repeated", "的" * 5_000
    yield "spaces and marks", (" " * 300 + "▁" * 300 + "x ") * 20
    yield "tabs and newlines", ("\t\n \r\n" * 500) + "end"
    yield "mixed scripts", data_text("multiscript.txt").replace("\n", " ") * 3
    yield "emoji", "family 👨‍👩‍👧‍👦 flag 🇫🇷🇯🇵 skin 👍🏽 keycap 1️⃣ " * 40
    yield "byte fallback or unknown", "".join(chr(c) for c in range(0x20000, 0x20400)) + "\ue000\U0010fffd\U000e0001"
    yield "astral and controls", "x\x01\x7f\u200b\u200d\ufeff\U0001d11e𝔘𝔫𝔦" * 100
    yield "unknown runs between words", ("abc " + "\U00030000\U00030001" * 3 + " def") * 100
    yield "everything at once", english[:3000] + _chinese_without_spaces(3000) + code[:3000] + "🙂" * 100


@pytest.mark.parametrize("label", [name for name, _ in _hard_texts()])
def test_long_and_hard_texts_give_sentencepieces_ids(both: _Both, label: str) -> None:
    """Each text whole (the NumPy path), the first 200 characters (the plain loop) and the
    text cut into lines each with the threshold at 0: ids equal sentencepiece's."""
    text = dict(_hard_texts())[label]
    texts = [(label, text), (label + ", head", text[:200])]
    texts += [(f"{label}, line {k}", line) for k, line in enumerate(text.splitlines()[:200])]
    assert first_difference(label, texts, both.ids, both.ref.encode) is None
    assert first_difference(label + " (threshold 0)", texts, lambda t: both.ids(t, 0), both.ref.encode) is None


_ALPHABET = st.one_of(
    st.characters(exclude_categories=["Cs"], exclude_characters="\x00"),
    st.sampled_from(list(" \t\n▁的一是不了人我在有國語abcdeABC.,;:!?'\"()[]{}-_012345👍🏽🇫🇷\u200d\ufe0f\ue000")),
)


@pytest.mark.parametrize("name", MODELS)
def test_generated_strings_give_sentencepieces_ids(name: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """1,000 generated strings (any code point but surrogates and NUL, weighted to spaces, ``▁``,
    CJK, emoji and ASCII), through the plain loop and the NumPy path."""
    if name in _SHARED:
        path = shared_tokenizer(_SHARED[name])
    else:
        path = _train(tmp_path_factory.mktemp("spm") / "m.model", byte_fallback=name.endswith(", byte fallback"))
    both = _Both(path)

    @settings(max_examples=1_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(text=st.text(_ALPHABET, max_size=400))
    def check(text: str) -> None:
        want = both.ref.encode(text)
        assert both.ids(text) == want
        assert both.ids(text, 0) == want

    check()


@settings(max_examples=500, deadline=None)
@given(
    text=st.text(st.sampled_from(list(" ▁\t\nab的👍<>")), max_size=40),
    remove_extra=st.booleans(),
    escape=st.booleans(),
    prefix=st.sampled_from(["always", "never", "if_missing"]),
    user_defined=st.sampled_from([(), ("<>",), ("a b",), ("▁▁",)]),
)
def test_the_normalizers_shortcut_is_its_loop(
    text: str, remove_extra: bool, escape: bool, prefix: str, user_defined: tuple[str, ...]
) -> None:
    """Without charsmap rules ``normalize`` skips the byte loop of ``normalize_with_offsets``:
    both give the same text (trimmed spaces and trailing ``▁``, user-defined symbols)."""
    from bpe_engine.spm.normalizer import Normalizer

    norm = Normalizer(
        remove_extra_whitespaces=remove_extra, escape_whitespaces=escape, prefix=prefix, user_defined=user_defined
    )
    assert norm.normalize(text) == norm.normalize_with_offsets(text)[0]


@pytest.fixture(scope="module")
def nfkc_charsmap(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The nmt_nfkc rules as sentencepiece writes them (its default normalization)."""
    path = _train(tmp_path_factory.mktemp("spm") / "m.model", byte_fallback=True)
    charsmap = SentencePieceTokenizer.load(path)._data.charsmap
    assert charsmap
    return charsmap


_REWRITTEN = list(" \u3000\u00a0\t\n▁abcABＡＢ１ﬁ①ｱｲ㍿e\u0301\x01\u200b\ufeff的國👍<>·…™")


def test_the_normalizers_rules_shortcut_is_its_loop(nfkc_charsmap: bytes) -> None:
    """With charsmap rules ``normalize`` looks up only characters that start a rule: the same
    text as the byte loop of ``normalize_with_offsets``, for every setting that changes it."""
    from bpe_engine.spm.normalizer import Normalizer

    @settings(max_examples=500, deadline=None)
    @given(
        text=st.text(st.sampled_from(_REWRITTEN), max_size=40),
        remove_extra=st.booleans(),
        escape=st.booleans(),
        prefix=st.sampled_from(["always", "never"]),
        user_defined=st.sampled_from([(), ("<>",), ("ab",), ("ＡＢ",), ("a b",)]),
    )
    @example(text="\x01", remove_extra=False, escape=False, prefix="always", user_defined=())  # all erased
    @example(text="\u3000a\u3000", remove_extra=True, escape=True, prefix="always", user_defined=())
    def check(text: str, remove_extra: bool, escape: bool, prefix: str, user_defined: tuple[str, ...]) -> None:
        norm = Normalizer(
            charsmap=nfkc_charsmap,
            remove_extra_whitespaces=remove_extra,
            escape_whitespaces=escape,
            prefix=prefix,
            user_defined=user_defined,
        )
        assert norm.normalize(text) == norm.normalize_with_offsets(text)[0]

    check()


def _short_lines() -> list[tuple[str, str]]:
    """Lines as an editor sends them one call at a time: English, Chinese, code, scripts, and
    the hard texts' lines (cut to 200 characters: all below the NumPy path's threshold)."""
    out = []
    for name in ("english.txt", "chinese.txt", "python_code.txt", "multiscript.txt", "russian.txt"):
        out += [(f"{name} line {k}", line) for k, line in enumerate(data_text(name).splitlines()[:400])]
    for label, text in _hard_texts():
        out += [(f"{label} line {k}", line[:200]) for k, line in enumerate(text.splitlines()[:50])]
    return out


@pytest.mark.parametrize("scan_max", [1_000, 0])
def test_short_lines_give_sentencepieces_ids_cold_and_cached(
    both: _Both, scan_max: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One call per line (runs cut by a regex, joined where a merge may cross, kept in the
    piece cache across calls), chunks merged by the list scan (``SCAN_MAX`` above every chunk)
    or by the heap (0): ids equal sentencepiece's, with the cache empty and again with every
    run cached."""
    monkeypatch.setattr(spm_chunks, "SCAN_MAX", scan_max)
    lines = _short_lines()
    both.ours.model.cache.clear()
    assert first_difference("empty cache", lines, both.ids, both.ref.encode) is None
    assert first_difference("cached", lines, both.ids, both.ref.encode) is None
