"""The words path's other chunks cut finer and split by NumPy (:mod:`bpe_engine.encode.fine`):
their pieces against the ``regex`` module's matches of each real pattern on the whole text
(chunks laid end to end in any selection, as the encoder lays them), and whole encodes of
code against tiktoken with that path taken."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest
import regex
from hypothesis import given, settings, strategies as st

from bpe_engine.encode import encoder as encoder_module, fine as fine_module, words as words_module, words_path
from bpe_engine.pretokenize import (
    CL100K_PATTERN,
    GPT2_PATTERN,
    LLAMA3_PATTERN,
    O200K_PATTERN,
    QWEN_PATTERN,
    TEKKEN_PATTERN,
)

from .formats_support import corpus_heads
from .test_words_path import _NAMES, _check, _Spy

_PATTERNS = {
    "gpt2": GPT2_PATTERN,
    "cl100k": CL100K_PATTERN,
    "o200k": O200K_PATTERN,
    "qwen": QWEN_PATTERN,
    "llama3": LLAMA3_PATTERN,
    "tekken": TEKKEN_PATTERN,
}
assert set(_PATTERNS) == set(words_module.WORD_RULES) == set(fine_module.SPLITS)

# Code's shapes: names, cases, punctuation (apostrophes and "/" among it), digit runs (past
# three), every ASCII white space, line breaks after letters and punctuation, indentation, two
# non-ASCII characters (U+00A0 is white space).
_CODE_PARTS = [
    *"aZxQ",
    "abc",
    "Abc",
    "ABC",
    "aB",
    *"_.(),:;'\"/#-=[]{}*!<>@\\",
    "0",
    "12",
    "345",
    "6789",
    " ",
    "  ",
    "    ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "\x0b",
    "\x0c",
    "\x1c",
    "\n    ",
    "\n\n        ",
    ":\n",
    ".\n\n",
    ".\n/",
    "\n/",
    "):\n    ",
    " self._x(a, b):\n        ",
    "'t",
    "é",
    "\u00a0",
]


def _pattern_spans(name: str, text: str) -> set[tuple[int, int]]:
    """The byte spans of the pieces of ``text`` under the real pattern ``name``."""
    out = set()
    for m in regex.finditer(_PATTERNS[name], text):
        start = len(text[: m.start()].encode("utf-8"))
        out.add((start, start + len(m.group().encode("utf-8"))))
    return out


def _fine_spans(name: str, text: str, rng: random.Random) -> tuple[set[tuple[int, int]], int, int]:
    """The pieces :func:`.fine.fine_pieces` gives for a random selection of the chunks of
    ``text`` laid end to end, as byte spans of ``text``; how many chunks it split; and how
    many bytes of those its pieces leave out (0 when they cover them)."""
    data = text.encode("utf-8")
    chunks = words_module.chunk_words(data, words_module.WORD_RULES[name], np.zeros(0, dtype=np.int64))
    chosen = [k for k in range(chunks.starts.size) if rng.random() < 0.7] or [0]
    starts = chunks.starts[chosen]
    lengths = chunks.lengths[chosen]
    laid = np.cumsum(lengths) - lengths
    joined = b"".join(data[s : s + n] for s, n in zip(starts.tolist(), lengths.tolist()))
    ok, piece_starts, piece_lengths = fine_module.fine_pieces(
        joined, laid, words_module.WORD_RULES[name] == "cased", fine_module.SPLITS[name]
    )
    chunk = np.searchsorted(laid, piece_starts, side="right") - 1
    shift = starts[chunk] - laid[chunk]
    spans = set(zip((piece_starts + shift).tolist(), (piece_starts + shift + piece_lengths).tolist()))
    return spans, int(ok.sum()), int(lengths[ok].sum() - piece_lengths.sum())


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(_PATTERNS))
@settings(max_examples=300, deadline=None)
@given(parts=st.lists(st.sampled_from(_CODE_PARTS), min_size=1, max_size=50), seed=st.integers(0, 2**32))
def test_split_chunks_give_the_patterns_pieces(name: str, parts: list[str], seed: int) -> None:
    """Any code-like text, any selection of its chunks laid end to end: every piece of a chunk
    split by NumPy is a piece of the whole text under the real pattern, and they cover it."""
    text = "".join(parts)
    spans, _, uncovered = _fine_spans(name, text, random.Random(seed))
    assert spans <= _pattern_spans(name, text), (name, text)
    assert uncovered == 0


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(_PATTERNS))
@settings(max_examples=200, deadline=None)
@given(
    documents=st.lists(st.lists(st.sampled_from(_CODE_PARTS), min_size=1, max_size=30), min_size=1, max_size=4),
    seed=st.integers(0, 2**32),
)
def test_split_chunks_of_documents_give_each_documents_pieces(name: str, documents: list[list[str]], seed: int) -> None:
    r"""Documents between special tokens (the encoder's cuts at their ends: a document's end is
    the text's end to the pattern, ``\s++$`` and all), any selection of their chunks laid end
    to end: every piece split by NumPy is a piece of its own document under the real pattern."""
    texts = ["".join(parts) for parts in documents]
    raw = [text.encode("utf-8") for text in texts]
    data = b"".join(raw)
    bounds = np.cumsum([len(r) for r in raw])
    expected: set[tuple[int, int]] = set()
    for text, end, size in zip(texts, bounds.tolist(), map(len, raw)):
        expected |= {(s + end - size, e + end - size) for s, e in _pattern_spans(name, text)}
    rule = words_module.WORD_RULES[name]
    chunks = words_module.chunk_words(data, rule, bounds[:-1])
    rng = random.Random(seed)
    chosen = [k for k in range(chunks.starts.size) if rng.random() < 0.7] or [0]
    starts, lengths = chunks.starts[chosen], chunks.lengths[chosen]
    laid = np.cumsum(lengths) - lengths
    joined = b"".join(data[s : s + n] for s, n in zip(starts.tolist(), lengths.tolist()))
    ok, piece_starts, piece_lengths = fine_module.fine_pieces(joined, laid, rule == "cased", fine_module.SPLITS[name])
    shift = (starts - laid)[np.searchsorted(laid, piece_starts, side="right") - 1]
    spans = set(zip((piece_starts + shift).tolist(), (piece_starts + shift + piece_lengths).tolist()))
    assert spans <= expected, (name, texts)
    assert int(lengths[ok].sum()) == int(piece_lengths.sum())


def _code(seed: int, lines: int) -> str:
    """Python-like text: indented statements, calls, attributes, strings, comments, numbers."""
    rng = random.Random(seed)
    names = ["self", "x", "_cmd", "isinstance", "Value", "HTTPError", "getName", "os", "path", "__init__", "a_b"]
    out = []
    depth = 0
    for _ in range(lines):
        a, b, c = (rng.choice(names) for _ in range(3))
        stmt = rng.choice(
            [
                f"if {a}.{b}({c}, {a}):",
                f"def {a}({b}, {c}=None):",
                f"return {a}[{b}] + {rng.randint(0, 999)}",
                f"# {a} is {b}'s {c}.",
                f'{a}._{b} = "{c} it\'s"',
                f"raise {a}({b!r})",
                f"{a}({b}, {c}),",
                "",
                '"""' + a + " " + b + '."""',
            ]
        )
        out.append("    " * depth + stmt)
        depth = max(0, min(4, depth + (1 if stmt.endswith(":") else rng.choice([0, 0, -1]))))
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", sorted(_PATTERNS))
def test_code_like_text_is_split_by_numpy(name: str) -> None:
    """Generated code, all its chunks: the pieces of the real pattern, and most of the chunks
    the simple words leave are split here (so the tests above check something)."""
    text = _code(1, 400)
    spans, split, _ = _fine_spans(name, text, random.Random(0))
    assert spans <= _pattern_spans(name, text)
    assert split >= 200, split


def test_byte_classes_are_the_regex_modules() -> None:
    """Every byte's class against ``regex``: letters by case, white space, the characters that
    are none of white space, letter or number (punctuation, "/" and the apostrophe apart),
    other ASCII and non-ASCII bytes."""
    f = fine_module
    for c in range(256):
        cls, ch = f._CLASSES[c], chr(c)
        if c >= 128:
            assert cls == f._NA
        elif regex.fullmatch(r"\p{Ll}", ch):
            assert cls == f._LO and regex.fullmatch(r"[\p{Ll}\p{Lm}\p{Lo}\p{M}]", ch)
        elif regex.fullmatch(r"\p{L}", ch):
            assert cls == f._UP and regex.fullmatch(r"\p{Lu}", ch)
        elif regex.fullmatch(r"\p{N}", ch):
            assert cls == f._DIGIT
        elif regex.fullmatch(r"\s", ch):
            assert cls == (f._SP if ch == " " else f._LB if ch in "\r\n" else f._WT)
        elif regex.fullmatch(r"[^\s\p{L}\p{N}]", ch) and ch.isprintable():
            assert cls == (f._SLASH if ch == "/" else f._APOS if ch == "'" else f._PUNCT)
        else:
            assert cls == f._OTH, c


class _Split:
    """While active: how many chunks :func:`.fine.fine_pieces` split inside the encoder."""

    def __init__(self) -> None:
        self.count = 0

    def __enter__(self) -> _Split:
        self.saved = words_path.fine_pieces

        def counted(*args: object) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
            out = self.saved(*args)  # type: ignore[arg-type]
            self.count += int(out[0].sum())
            return out

        words_path.fine_pieces = counted  # type: ignore[assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        words_path.fine_pieces = self.saved


@pytest.fixture
def split() -> Iterator[_Split]:
    with _Spy(1), _Split() as s:
        yield s


@pytest.mark.parametrize("name", _NAMES)
def test_generated_code_through_the_split_gives_tiktokens_ids(name: str, split: _Split) -> None:
    """Generated code (cold, warm, between special tokens): tiktoken's ids, with chunks split
    by NumPy (the pieces that are no whole token through the piece cache)."""
    for seed in range(3):
        _check(name, _code(seed, 300))
    assert split.count >= 300


@pytest.mark.slow
@pytest.mark.parametrize("name", _NAMES)
def test_shared_code_head_through_the_split_gives_tiktokens_ids(name: str, split: _Split) -> None:
    """The first 200 KB of the shared Python corpus: tiktoken's ids, chunks split by NumPy."""
    texts = [text for corpus, text in corpus_heads() if corpus.startswith("code")]
    assert texts
    for text in texts:
        _check(name, text)
    assert split.count >= 1000
