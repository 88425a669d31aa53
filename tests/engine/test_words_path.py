"""Long mostly-ASCII text on the pure path cut into chunks by NumPy, its simple words and short
pieces looked up as integer keys (``Encoder._ids_words``, :mod:`bpe_engine.encode.words`),
checked against tiktoken (and Hugging Face ``tokenizers`` for Llama 3.2's ``tokenizer.json``).

Every test counts the calls that the words path answered, so that a test passing on the piece
path alone (the path not taken) fails.
"""

from __future__ import annotations

import base64
import functools
import random
import re
import string
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from bpe_engine import Tokenizer, load_tokenizer, tokenizer_core
from bpe_engine.encode import encoder as encoder_module, whole as whole_module, words as words_module, words_path
from bpe_engine.pretokenize import CL100K_PATTERN, O200K_PATTERN, QWEN_PATTERN, TEKKEN_PATTERN

from ..conftest import data_text
from .formats_support import corpus_heads, shared_tokenizer
from .test_pure_path import _real

tiktoken = pytest.importorskip("tiktoken")

_NAMES = ["o200k", "cl100k", "qwen", "llama3", "tekken"]


@functools.cache
def _pair(name: str) -> tuple[Tokenizer, Callable[[str], list[int]], Callable[[str], list[int]] | None]:
    """Ours, the reference's ``encode_ordinary`` and its ``encode`` with every special token
    allowed (None where the reference matches none: Tekken's)."""
    if name in ("o200k", "cl100k"):
        ours, ref, offset = Tokenizer.from_tiktoken(f"{name}_base"), tiktoken.get_encoding(f"{name}_base"), 0
    else:
        ours, ref, offset = _real(name)
    ours.encoder.tables.merge_tables()  # else a lazy open sends texts to the core until then
    ordinary = lambda t: [i + offset for i in ref.encode_ordinary(t)]  # type: ignore[attr-defined]  # noqa: E731
    special = None if offset else (lambda t: ref.encode(t, allowed_special="all"))  # type: ignore[attr-defined]
    return ours, ordinary, special


class _Spy:
    """While active: the pure path forced, the words path's thresholds at ``threshold``
    characters and ``share``, and its answers counted (``taken``) and its refusals (``refused``)."""

    def __init__(self, threshold: int, share: float = 0.0) -> None:
        self.threshold, self.share = threshold, share
        self.taken = self.refused = 0

    def __enter__(self) -> _Spy:
        method = encoder_module.Encoder._ids_words
        self.saved = (
            tokenizer_core._CORE_MIN,
            tokenizer_core._CORE_BUILT_MIN,
            encoder_module._WORDS_MIN,
            words_path._WORDS_SHARE,
            method,
        )
        tokenizer_core._CORE_MIN = tokenizer_core._CORE_BUILT_MIN = 1 << 62
        encoder_module._WORDS_MIN, words_path._WORDS_SHARE = self.threshold, self.share

        def counted(enc: encoder_module.Encoder, segments: list[tuple[str, bool]]) -> list[int] | None:
            out = method(enc, segments)
            if out is None:
                self.refused += 1
            else:
                self.taken += 1
            return out

        encoder_module.Encoder._ids_words = counted  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        (
            tokenizer_core._CORE_MIN,
            tokenizer_core._CORE_BUILT_MIN,
            encoder_module._WORDS_MIN,
            words_path._WORDS_SHARE,
            encoder_module.Encoder._ids_words,  # type: ignore[method-assign]
        ) = self.saved


@pytest.fixture
def spy() -> Iterator[_Spy]:
    with _Spy(1) as s:
        yield s


def _check(name: str, text: str) -> None:
    """Ours against the reference on ``text``: cold, warm, and as documents between special
    tokens (cold)."""
    ours, ordinary, special = _pair(name)
    expected = ordinary(text)
    ours.clear_cache()
    assert ours.encode_ordinary(text) == expected, (name, text[:60])
    assert ours.encode_ordinary(text) == expected, (name, text[:60])
    if special is not None:
        doc = "<|endoftext|>" + text + "<|endoftext|><|endoftext|>" + text[: len(text) // 2] + "<|endoftext|>x"
        ours.clear_cache()
        assert ours.encode(doc, allowed_special="all") == special(doc), (name, text[:60])


# ASCII classes the patterns tell apart, a few non-ASCII characters (white space among them:
# U+00A0 and U+2028 must not count as a non-space before a space) and contractions.
_PARTS = [
    *"abcxyzABCXYZ",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x00",
    *"0123456789",
    *".,;:!?-_/\\\"'`()[]{}<>@#$%^&*+=|~",
    "'s",
    "'T",
    "'re",
    "'LL",
    "n't",
    " the",
    " The",
    " THE",
    " tHe",
    " HELLOworld",
    " helloWorld",
    " abcdefgh",
    " abcdefghi",
    " abcdefghijklmno",
    " abcdefghijklmnop",
    " internationalization",
    " é",
    "\u00a0",
    "\u2028",
    "中",
    "ſ",
    "K",
    "ǅ",
    "\u0301",
    "𝐀",
]


@pytest.mark.slow
@pytest.mark.parametrize("name", _NAMES)
@settings(max_examples=80, deadline=None)
@given(parts=st.lists(st.sampled_from(_PARTS), min_size=1, max_size=60))
def test_mixed_ascii_texts_through_words_give_tiktokens_ids(name: str, parts: list[str]) -> None:
    """Any mix of words, white space, digits, punctuation, contractions and a few non-ASCII
    characters (thresholds lowered to one character): tiktoken's ids, the words path taken."""
    text = "".join(parts)
    with _Spy(1) as s:
        _check(name, text)
        _check(name, " " + text + " word")
    assert s.taken >= 2 or encoder_module.mostly_multibyte(text)


def _adversarial() -> list[str]:
    rng = random.Random(21)
    words = [" the", " of", " Hello", " HELLO", " hELLo", " x", " abcdefgh", " abcdefghij", "word", " don't"]
    out = [
        " " * 50 + "a" + " " * 3 + "b\n\n  \n\t c",
        "a" * 5000 + " " + "B" * 3000 + " " + "aB" * 1000,
        " " + " ".join("x" * k for k in range(1, 40)),
        "1234567890 " * 50 + "12 345 6789 x1y22z333",
        "I'm you're we've they'll he'd it's CAN'T I'M 'S 'sx 're\n" * 20,
        "...!!!??? ,,, --- /// a/b/c .\n/ .\n\n/ x.\r\n\r\ny \n\n",
        "\r\n\r\n  \n \r \n\t\t\n   x\n\n\n  y  \n",
        "tab\tafter\tword\t tab \t\tword",
        "nul\x00 a\x00b \x00 \x1c \x1d x\x1e\x1f y",
        "  leading and trailing  ",
        "Ünïcödé wörds über straße \u00a0nbsp\u00a0 x \u2028 line \u3000 ideographic",
        "中文 mixed 中文字 English 中 text 。 words",
        "".join(rng.choice(words) for _ in range(3000)),
        "".join(rng.choice(" aB1.'\n\t") for _ in range(4000)),
    ]
    return out


@pytest.mark.parametrize("name", _NAMES)
def test_adversarial_texts_through_words_give_tiktokens_ids(name: str, spy: _Spy) -> None:
    """Runs of white space, digits, contractions, punctuation runs, line-break mixes, very long
    words, NUL and separator controls, non-ASCII letters and white space, Chinese among
    English: tiktoken's ids, every text through the words path."""
    texts = _adversarial()
    for text in texts:
        _check(name, text)
    assert spy.taken >= len(texts)


@pytest.mark.parametrize("name", _NAMES)
def test_english_and_code_at_the_default_thresholds(name: str) -> None:
    """tests/data's English and Python, repeated past the default threshold, and with special
    tokens: tiktoken's ids, the words path taken for English (code: taken or refused by the
    share of its words, never wrong)."""
    english = data_text("english.txt")
    code = data_text("python_code.txt")
    with _Spy(encoder_module._WORDS_MIN, words_path._WORDS_SHARE) as s:
        text = english * (1 + encoder_module._WORDS_MIN // len(english))
        _check(name, text)
        assert s.taken >= 2
        _check(name, code * (1 + encoder_module._WORDS_MIN // len(code)))


@pytest.mark.slow
@pytest.mark.parametrize("name", _NAMES)
def test_shared_corpus_heads_through_words(name: str) -> None:
    """The first 200 KB of every shared corpus (default thresholds): tiktoken's ids."""
    with _Spy(encoder_module._WORDS_MIN, words_path._WORDS_SHARE) as s:
        for _, text in corpus_heads():
            _check(name, text)
    assert s.taken


@pytest.mark.slow
def test_llama3_tokenizer_json_through_words() -> None:
    """Llama 3.2's ``tokenizer.json`` (no whole-token rule: its words are the tokens the
    merges make of themselves, once that table is made) against ``tokenizers``."""
    hf = pytest.importorskip("tokenizers")
    path = shared_tokenizer("llama3.2_tokenizer.json")
    ours = load_tokenizer(path)
    assert isinstance(ours, Tokenizer)
    ours.encoder.tables.merge_tables()
    ref = hf.Tokenizer.from_file(str(path))
    texts = [text for text in _adversarial() if text.isascii()] + [data_text("english.txt") * 4]
    with _Spy(1) as s:
        ours.clear_cache()
        text = texts[-1]
        assert ours.encode_ordinary(text) == ref.encode(text, add_special_tokens=False).ids
        assert s.refused == 1 and not s.taken  # until the table is made (a call with many new pieces)
        ours.encoder.tables.derived("self_tokens", whole_module.self_tokens)
        for text in texts:
            ours.clear_cache()
            assert ours.encode_ordinary(text) == ref.encode(text, add_special_tokens=False).ids, text[:40]
    assert s.taken >= len(texts)


def test_where_the_words_path_refuses(spy: _Spy) -> None:
    """A custom pattern it does not know, lone surrogates, and code when its share of words is
    low: refused (the piece path answers)."""
    vocab = {i: bytes([i]) for i in range(256)}
    custom = Tokenizer(vocab, [], pretokenizer=r"regex:\w+|\s+|[^\w\s]+")
    assert custom.encoder.tables.pretokenizer.twin == ""
    assert custom.encoder._ids_words([("some words here", False)]) is None
    ours, _, _ = _pair("o200k")
    assert ours.encoder._ids_words([("a \ud800 b", False)]) is None
    words_path._WORDS_SHARE = 0.99
    assert ours.encoder._ids_words([("x = f(a, b)[0]\n" * 100, False)]) is None


def test_the_chunks_and_keys() -> None:
    """Chunks start at a space after an ASCII non-space (and at the given cuts); a simple word
    is a space and letters (o200k's rule: no lower-case letter before an upper-case one);
    keys are equal exactly for equal words of up to 16 bytes, and none for non-ASCII."""
    data = b"ab cd,  ef\xc2\xa0 gh Ij iJ KL! mn"
    chunks = words_module.chunk_words(data, "cased", np.array([8]))
    got = [data[s : s + n] for s, n in zip(chunks.starts.tolist(), chunks.lengths.tolist())]
    assert got == [b"ab", b" cd,", b"  ", b"ef\xc2\xa0 gh", b" Ij", b" iJ", b" KL!", b" mn"]
    assert chunks.simple.tolist() == [False, False, False, False, True, False, False, True]
    assert words_module.chunk_words(data, "letters", np.zeros(0, dtype=np.int64)).simple.tolist()[3:6] == [
        True,
        True,
        False,
    ]
    pieces = [b"a", b"a\x00", b"\x00a", b"abcdefgh", b"abcdefg", b"\x01", b"abcdefgh\x00", b"abcdefghi"]
    pieces += [b"abcdefghabcdefgh", b"abcdefghabcdefg", b"\x81", b"\xc3\xa9", b"abcdefghi\xc3\xa9"]
    raw = np.frombuffer(b"".join(pieces), dtype=np.uint8)
    lengths = np.array([len(p) for p in pieces])
    keys = words_module.word_keys(raw, np.cumsum(lengths) - lengths, lengths)
    assert len(set(zip(keys[0, :10].tolist(), keys[1, :10].tolist()))) == 10
    table = words_module.word_table({p: k for k, p in enumerate(pieces)} | {b"x" * 17: 99})
    assert table.lookup(keys).tolist() == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -1, -1]
    assert 99 not in table.rows[:, 2].tolist()  # longer than a key: not in the table


@pytest.mark.parametrize("pattern", ["o200k", "tekken", "qwen", "cl100k"])
def test_a_word_the_pattern_cuts_in_two_is_not_taken_whole(pattern: str, tmp_path: Path, spy: _Spy) -> None:
    """A rank file whose whole tokens include ``" tHe"`` and ``" iPhone"``: o200k's and
    Tekken's patterns cut them (a lower-case letter before an upper-case one), Qwen's and
    cl100k's do not (then tiktoken takes them whole); against tiktoken on the same ranks."""
    patterns = {"o200k": O200K_PATTERN, "tekken": TEKKEN_PATTERN, "qwen": QWEN_PATTERN, "cl100k": CL100K_PATTERN}
    extra = [b" t", b"He", b" tHe", b" i", b"Phone", b" iPhone", b"ab", b" ab", b" abc", b" Abc"]
    ranks = {bytes([b]): b for b in range(256)} | {t: 256 + k for k, t in enumerate(extra)}
    path = tmp_path / "cased.tiktoken"
    path.write_text("".join(f"{base64.b64encode(t).decode()} {r}\n" for t, r in ranks.items()))
    ours = load_tokenizer(path, pattern=patterns[pattern])
    assert isinstance(ours, Tokenizer) and ours.encoder.tables.pretokenizer.twin == pattern
    ours.encoder.tables.merge_tables()
    ref = tiktoken.Encoding("cased", pat_str=patterns[pattern], mergeable_ranks=ranks, special_tokens={})
    for text in [" tHe iPhone abc Abc ab tHe", "x tHe, iPhone. abc\n tHe", " tHe" * 50 + " iPhone" * 50]:
        ours.clear_cache()
        assert ours.encode_ordinary(text) == ref.encode_ordinary(text), text
    assert spy.taken >= 3


class _TailSpy:
    """While active: the chunks that :func:`.words.known_chunks` answered as a word and its
    punctuation (two tokens, no pattern) counted in ``tails``, those answered as a space and
    punctuation (one token) in ``puncts``."""

    def __init__(self) -> None:
        self.tails = self.puncts = 0

    def __enter__(self) -> _TailSpy:
        self.saved = words_path.known_chunks

        def counted(*args: object) -> tuple[np.ndarray, np.ndarray]:
            units, tokens = self.saved(*args)  # type: ignore[arg-type]
            self.tails += int(np.count_nonzero(units == 2))
            self.puncts += int(np.count_nonzero((units == 1) & args[2].punct))  # type: ignore[attr-defined]
            return units, tokens

        words_path.known_chunks = counted  # type: ignore[assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        words_path.known_chunks = self.saved


# Words (cased every way, 16 and 17 bytes, contractions' letters) and what may end a chunk after
# them: each printable ASCII punctuation character, runs of two, letters and digits after it,
# white space, non-ASCII.
_TAIL_WORDS = [
    " the",
    " The",
    " THE",
    " tHe",
    " iPhone",
    " don",
    " s",
    " abcdefghijklmno",
    " abcdefghijklmnop",
    "x",
    " =",
    " ",
]
_TAIL_ENDS = [
    *string.punctuation,
    "'s",
    "'t",
    "'S",
    "'ll",
    ",,",
    ".\n",
    ',"',
    "s",
    "1",
    "\n",
    "\t",
    " ",
    "\u00a0",
    "é",
    "",
]


@pytest.mark.slow
@pytest.mark.parametrize("name", _NAMES)
@settings(max_examples=60, deadline=None)
@given(parts=st.lists(st.tuples(st.sampled_from(_TAIL_WORDS), st.sampled_from(_TAIL_ENDS)), min_size=1, max_size=50))
def test_words_with_a_punctuation_tail_give_tiktokens_ids(name: str, parts: list[tuple[str, str]]) -> None:
    """Words followed by punctuation, contractions, letters, digits, white space, non-ASCII
    (thresholds lowered to one character): tiktoken's ids, with chunks answered as a word and
    its punctuation character wherever the text has one the pattern keeps whole."""
    text = "".join(w + e for w, e in parts)
    with _Spy(1), _TailSpy() as tails:
        _check(name, text)
        _check(name, text + " the, end. x = f() == y")
    assert tails.tails >= 1 and tails.puncts >= 1


@pytest.mark.parametrize("name", _NAMES)
def test_english_punctuation_is_answered_without_the_pattern(name: str, spy: _Spy) -> None:
    """tests/data's English: tiktoken's ids, and its ``" word,"`` and ``" word."`` chunks
    answered as two tokens each (a test on the pattern's path alone fails here)."""
    text = data_text("english.txt")
    with _TailSpy() as tails:
        _check(name, text)
    expected = len(re.findall(r"(?<=[^\s]) [A-Za-z]+[!-/:-@\[-`{-~]{1,2}(?= |$)", text))
    assert tails.tails >= expected // 2 > 0


def test_the_tails_of_chunks() -> None:
    """A tail is a space, a simple word's letters and one or two printable ASCII punctuation
    characters: not after a lower-case letter before an upper-case one (o200k's rule), not
    three, not a non-ASCII or white-space byte, not without letters; a space and one or two
    punctuation characters is one piece."""
    data = b"a b, cD. Ef! g,, h\xc2\xa0 .. i_ j\x1c k' l,,, = == =-= ,a"
    cased = words_module.chunk_words(data, "cased", np.zeros(0, dtype=np.int64))
    got = [data[s : s + n] for s, n in zip(cased.starts.tolist(), cased.lengths.tolist())]
    assert got == [
        *[b"a", b" b,", b" cD.", b" Ef!", b" g,,", b" h\xc2\xa0 ..", b" i_", b" j\x1c", b" k'"],
        *[b" l,,,", b" =", b" ==", b" =-=", b" ,a"],
    ]
    assert cased.tail.tolist() == [0, 1, 0, 1, 2, 0, 1, 0, 1, 0, 0, 0, 0, 0]
    assert cased.punct.tolist() == [False] * 10 + [True, True, False, False]
    letters = words_module.chunk_words(data, "letters", np.zeros(0, dtype=np.int64))
    assert letters.tail.tolist()[2] == 1 and not ((cased.tail > 0) & (cased.simple | cased.punct)).any()


@pytest.mark.parametrize("name", ["o200k", "qwen", "tekken"])
def test_a_partly_warm_cache_on_the_words_path(name: str, spy: _Spy) -> None:
    """The pieces the words path leaves to the piece cache, some known from an earlier call
    (merged or taken whole), some new, some repeated: tiktoken's ids, and the cache then
    holds every piece's complete entry."""
    ours, ordinary, _ = _pair(name)
    rng = random.Random(5)
    words = [" Rosalind", " quixotically", " a", " supercalifragilistic", " x1", " don't", " HELLOworld"]
    first = "".join(rng.choice(words) + rng.choice([",", ".", " ", "\n"]) for _ in range(300))
    second = first + "".join(rng.choice(words) + " zqxv" + str(k) for k in range(300))
    ours.clear_cache()
    assert ours.encode_ordinary(first) == ordinary(first)
    assert ours.encode_ordinary(second) == ordinary(second)
    cache = ours.encoder._cache
    assert all(isinstance(entry, bytes) and entry for entry in cache.values())
    assert spy.taken == 2


@pytest.mark.parametrize("name", _NAMES)
def test_code_operators_are_answered_without_the_pattern(name: str, spy: _Spy) -> None:
    """tests/data's Python: tiktoken's ids, its ``" ="`` and ``" =="`` chunks answered as one
    token and its ``" f()"`` as two (a test on the pattern's path alone fails here)."""
    text = data_text("python_code.txt")
    with _TailSpy() as tails:
        _check(name, text)
    assert tails.puncts >= text.count(" = ") // 2 > 0 and tails.tails > 0


@pytest.mark.parametrize("name", ["qwen", "llama3", "tekken"])
def test_new_ascii_words_merged_in_rounds_without_the_cuts(name: str, spy: _Spy) -> None:
    """Tables that are not ``merge_all_safe`` (tiktoken's rule on Qwen's, Llama 3's and
    Tekken's ranks): thousands of new short ASCII words, and a few longer than the direct
    rounds take, merged as tiktoken merges them; the short ones went to the rounds directly."""
    ours, ordinary, _ = _pair(name)
    rng = random.Random(9)
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    words = [" " + "".join(rng.choice(letters) for _ in range(rng.randint(3, 14))) for _ in range(3000)]
    calls: list[int] = []
    saved = encoder_module.merge_packed

    def counted(tables: object, todo: list[bytes]) -> list[bytes]:
        calls.append(len(todo))
        return saved(tables, todo)  # type: ignore[arg-type]

    encoder_module.merge_packed = counted  # type: ignore[assignment]
    try:
        for text in ["".join(words), "".join(words[:500]) + " " + "xq" * 40 + ",\n" + "zv" * 300]:
            ours.clear_cache()
            assert ours.encode_ordinary(text) == ordinary(text)
    finally:
        encoder_module.merge_packed = saved
    assert calls and max(calls) >= encoder_module._BATCH_MIN_PIECES and spy.taken == 2
