"""Pre-tokenizers: the named patterns, whitespace/none/custom behaviour, safe chunk cuts."""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings, strategies as st

from bpe_engine import Pretokenizer, preview
from bpe_engine.pretokenize import LLAMA3_PATTERN, QWEN_PATTERN, TEKKEN_PATTERN, SpecialSplitter

from ..conftest import data_text, shared_corpus
from .conftest import DATA_FILES
from .test_roundtrip import SNIPPETS


def test_gpt2_splits_like_the_seed() -> None:
    assert Pretokenizer("gpt2").split("some text that i'll pre-tokenize") == [
        "some",
        " text",
        " that",
        " i",
        "'ll",
        " pre",
        "-",
        "tokenize",
    ]
    assert Pretokenizer("gpt2").split("Hello helo, I'm") == ["Hello", " helo", ",", " I", "'m"]


def test_whitespace_prefix_pieces() -> None:
    pre = Pretokenizer("whitespace")
    assert pre.split("Hello  world\tand\nmore") == ["Hello", " ", " world\tand\nmore"]
    assert pre.split(" lead") == [" lead"]


def test_none_keeps_segments_whole_and_specials_still_split() -> None:
    pieces = preview("a b<|endoftext|>c d", "none", ["<|endoftext|>"])
    assert [(p.text, p.special) for p in pieces] == [("a b", False), ("<|endoftext|>", True), ("c d", False)]


def test_custom_regex_keeps_unmatched_text() -> None:
    pre = Pretokenizer(r"regex:\d+")
    assert pre.split("ab12cd345") == ["ab", "12", "cd", "345"]
    assert "".join(Pretokenizer(r"regex:x*").split("abxxc")) == "abxxc"  # empty matches are skipped


def test_preview_offsets_cover_the_text() -> None:
    text = "Hi there<|endoftext|>國語 ok"
    pieces = preview(text, "cl100k", ["<|endoftext|>"])
    assert "".join(p.text for p in pieces) == text
    assert all(text[p.start : p.end] == p.text for p in pieces)


def test_longest_special_token_wins() -> None:
    sp = SpecialSplitter(["<|a|>", "<|a|><|a|>"])
    assert sp.split("x<|a|><|a|><|a|>") == [("x", False), ("<|a|><|a|>", True), ("<|a|>", True)]


# The custom patterns of Qwen, Llama 3 and Tekken: they have safe cuts and ASCII twins too.
RELEASED = tuple("regex:" + p for p in (QWEN_PATTERN, LLAMA3_PATTERN, TEKKEN_PATTERN))

texts = st.lists(
    st.one_of(st.text(max_size=20), st.sampled_from(SNIPPETS + ["word\nNext", "ab cd", "x.\n/y", "a \nb"])),
    max_size=15,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=texts)
def test_safe_cuts_do_not_change_pieces(text: str) -> None:
    for name in ("gpt2", "cl100k", "o200k", "whitespace", *RELEASED):
        pre = Pretokenizer(name)
        whole = pre.split(text)
        for m in pre.safe_cut.finditer(text):  # type: ignore[union-attr]
            cut = m.start()
            assert pre.split(text[:cut]) + pre.split(text[cut:]) == whole, (name, cut)


@settings(max_examples=300, deadline=None)
@given(text=texts)
def test_byte_level_chunk_cuts_do_not_change_pieces(text: str) -> None:
    from bpe_engine.corpus import SAFE_CUT_BYTES

    data = text.encode("utf-8")
    for name, pattern in SAFE_CUT_BYTES.items():
        pre = Pretokenizer(name)
        whole = pre.split(text)
        for m in pattern.finditer(data):
            cut = m.end()
            left, right = data[:cut].decode("utf-8"), data[cut:].decode("utf-8")
            assert pre.split(left) + pre.split(right) == whole, (name, cut)


def test_named_patterns_compile_with_regex() -> None:
    for name in ("gpt2", "cl100k", "o200k", "whitespace"):
        assert isinstance(Pretokenizer(name).pattern, str)
        regex.compile(Pretokenizer(name).pattern)


@settings(max_examples=200, deadline=None)
@given(text=texts)
def test_spans_from_lengths_equal_match_spans(text: str) -> None:
    """spans() of the named patterns are computed from piece lengths; they must equal the
    spans of the regex matches themselves (on the text pinned to the references' Unicode)."""
    from bpe_engine.unicode_classes import pinned_text

    for name in ("gpt2", "cl100k", "o200k", "whitespace"):
        pre = Pretokenizer(name)
        assert pre.spans(text) == list(pre._spans(pinned_text(text))), name


def test_pieces_with_offsets(trained: dict) -> None:
    tok = trained["gpt2"]
    text = "Hi there<|endoftext|> 國語!"
    pieces = tok.pieces(text)
    assert [p[0] for p in pieces] == ["Hi", " there", "<|endoftext|>", " 國語", "!"]
    assert all(text[s:e] == piece for piece, s, e, _ in pieces)
    assert [p[3] for p in pieces] == [False, False, True, False, False]
    plain = tok.pieces(text, special=False)
    assert "".join(p[0] for p in plain) == text and not any(p[3] for p in plain)


# Characters where the stand-in rule could go wrong: letters that fold to a contraction letter
# (long s, Kelvin sign), non-ASCII spaces and line breaks, digits of other scripts, marks,
# letter-like numbers (Roman numerals, Hangzhou numerals), astral letters and emoji.
TRICKY = "ſKÅ\u00a0\u0085\u1680\u2028\u2029\u3000\u200b\u180e١٢٣Ⅻ〇〡々ß\u0301\u20dd𝐀𐐀🤚🏾'’\r\n\t sSdDmMtTlLvVrReE"


def _pieces_by_regex(pre: Pretokenizer, splitter: SpecialSplitter, text: str) -> tuple[list[bytes], list[int]]:
    pieces: list[bytes] = []
    special_at: list[int] = []
    for segment, special in splitter.split(text):
        if special:
            special_at.append(len(pieces))
            pieces.append(segment.encode("utf-8"))
        else:
            pieces += [p.encode("utf-8") for p in pre.split(segment)]
    return pieces, special_at


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.one_of(st.sampled_from(TRICKY), st.characters(blacklist_categories=("Cs",))), max_size=60),
    st.lists(st.sampled_from(SNIPPETS), max_size=4),
)
def test_ascii_stand_ins_split_like_the_regex(text: str, extra: list[str]) -> None:
    """GPT-2 and cl100k through stand-ins (bpe_engine.pretokenize.stand_in_table), o200k and
    the released custom patterns through byte stand-ins (``byte_stand_ins``) give the regex's
    pieces (on the text pinned to the references' tables), special tokens included."""
    text = text + "".join(extra) + text[::-1]
    splitter = SpecialSplitter(["<|endoftext|>"])
    for spec in ("gpt2", "cl100k", "o200k", *(f"regex:{p}" for p in (QWEN_PATTERN, LLAMA3_PATTERN, TEKKEN_PATTERN))):
        pre = Pretokenizer(spec)
        assert pre.utf8_pieces(text, splitter) == _pieces_by_regex(pre, splitter, text), spec
    assert Pretokenizer(r"regex:\w+|\W+").utf8_pieces(text) is None
    assert Pretokenizer("gpt2").utf8_pieces(text + "\ud800") is None  # no UTF-8 form


@pytest.mark.parametrize(
    "corpus",
    [*DATA_FILES, pytest.param("multi_udhr_532langs_7MB.txt", id="big-corpora-532-languages", marks=pytest.mark.slow)],
)
def test_ascii_stand_ins_on_real_text(corpus: str) -> None:
    text = data_text(corpus) if corpus in DATA_FILES else shared_corpus(corpus).read_bytes().decode("utf-8")
    splitter = SpecialSplitter(["<|endoftext|>"])
    for name in ("gpt2", "cl100k"):
        pre = Pretokenizer(name)
        assert pre.utf8_pieces(text, splitter) == _pieces_by_regex(pre, splitter, text), name


def test_stand_ins_agree_with_the_regex_classes() -> None:
    """Every code point's stand-in is in exactly the classes the code point is in (in the
    references' Unicode, as the pinned text shows them to regex)."""
    from bpe_engine.pretokenize import every_code_point, stand_in_table
    from bpe_engine.unicode_classes import pinned_text

    every = pinned_text(every_code_point())
    for name in ("gpt2", "cl100k"):
        table = stand_in_table(name)
        stand = table.tobytes().decode("ascii")
        for prop in (r"\s", r"\p{L}", r"\p{N}", r"[\r\n]"):
            members = [m.start() for m in regex.finditer(prop, every)]
            stand_members = [m.start() for m in regex.finditer(prop, stand)]
            assert members == stand_members, (name, prop)


ascii_texts = st.lists(
    st.one_of(
        st.text(alphabet=st.characters(max_codepoint=127), max_size=12),
        st.sampled_from(["'s", "'LL", "'Re", " 123456", "a/b", ".\n/x", "x \n\n  y", "\r\n", "  \t", "Ab", "aB"]),
    ),
    max_size=20,
).map("".join)


@settings(max_examples=400, deadline=None)
@given(text=ascii_texts)
def test_ascii_twins_of_released_patterns_split_like_the_regex(text: str) -> None:
    """On ASCII text the byte-level twin of each released pattern (used instead of ``regex``,
    ~2x faster) gives the regex module's pieces."""
    for spec in RELEASED:
        pre = Pretokenizer(spec)
        found = pre.split_bytes(text.encode("ascii"))
        assert found is not None, spec
        assert [p.decode("ascii") for p in found] == regex.findall(spec[len("regex:") :], text), spec


blank_texts = st.lists(
    st.one_of(
        st.text(alphabet=" \t\n\r\x0b\x0c", min_size=1, max_size=40),
        st.sampled_from(["x", "Ab", "1", ".", "/", "'s", "\x1c", "#"]),
    ),
    max_size=25,
).map("".join)


@settings(max_examples=500, deadline=None)
@given(text=blank_texts)
def test_ascii_twins_split_runs_of_whitespace_like_the_regex(text: str) -> None:
    """The twins match a run of whitespace up to its last line break without backtracking
    (runs of other whitespace each ending in a line break): the regex module's pieces, for
    indentation, blank lines, ``\r\n`` and every mix, in every twin."""
    for spec in ("gpt2", "cl100k", "o200k", *RELEASED):
        pre = Pretokenizer(spec)
        found = pre.split_bytes(text.encode("ascii"))
        assert found is not None, spec
        assert [p.decode("ascii") for p in found] == regex.findall(pre.pattern or "", text), spec


def test_released_patterns_tile_every_code_point() -> None:
    """``split`` takes a released pattern's matches as the pieces without checking their
    lengths: they cover every code point (none left out, none empty)."""
    from bpe_engine.pretokenize import every_code_point

    text = every_code_point()
    for spec in RELEASED:
        pieces = Pretokenizer(spec).split(text)
        assert "".join(pieces) == text and all(pieces), spec


@pytest.mark.parametrize("spec", ["gpt2", "cl100k", "o200k", "whitespace", "regex:" + QWEN_PATTERN])
@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="ab9 \n\t/.國語é\u3000\u00a0", max_size=40), data=st.data())
def test_may_cut_is_false_only_where_the_rule_finds_no_cut(spec: str, text: str, data: st.DataObject) -> None:
    # may_cut skips the safe-cut regex on long lines without cuts; it must never hide one.
    pre = Pretokenizer(spec)
    rule = pre.safe_cut
    assert rule is not None
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    found = [p for p in range(start, end + 1) if rule.match(text, p) is not None]
    if found:
        assert pre.may_cut(text, start, end) and pre.may_cut(text.encode(), *_byte_span(text, start, end))
    assert not pre.may_cut("國語" * 50, 0, 100)  # (and it does skip a text without marks)


def _byte_span(text: str, start: int, end: int) -> tuple[int, int]:
    return len(text[:start].encode()), len(text[:end].encode())
