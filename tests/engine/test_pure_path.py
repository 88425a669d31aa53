"""The pure-Python encoder of tables that are not ``merge_all_safe`` (tiktoken's rule on rank
files such as Qwen's, Llama 3's, Tekken): vectorised rounds and character cuts give
tiktoken's ids.

Such tables merge a piece "lowest rank, leftmost", one pair at a time, and a rank's token
may sit in a pair of a lower rank, so a round may merge only the leftmost occurrence of such
a rank. Checked against tiktoken itself (random rank tables full of such tokens, and the real
files on the shared corpus heads) and against the one-piece-at-a-time loop.
"""

from __future__ import annotations

import base64
import functools
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from bpe_engine import Tokenizer, load_tokenizer, tokenizer_core
from bpe_engine.encode.batch import bpe_flat, bpe_many, bpe_rounds, pair_tables, rounds_exact
from bpe_engine.encode.piece import bpe_piece
from bpe_engine.pretokenize import Pretokenizer

from ..conftest import data_text
from .formats_support import (
    QWEN_PATTERN,
    QWEN_SPECIALS,
    first_difference,
    generated_strings,
    llama_reference,
    parity_texts,
    qwen_reference,
    shared_tokenizer,
    tekken_reference,
)

tiktoken = pytest.importorskip("tiktoken")


def _random_ranks(seed: int, alphabet: bytes = b"ab c", count: int = 120) -> dict[bytes, int]:
    """Bytes, then tokens that join two earlier tokens in random order: a later token often
    sits inside pairs that rank before it (``abc`` from ``ab`` + ``c``, then ``bc``)."""
    rng = random.Random(seed)
    ranks = {bytes([b]): b for b in range(256)}
    tokens = [bytes([b]) for b in alphabet]
    while len(ranks) < 256 + count:
        t = rng.choice(tokens) + rng.choice(tokens)
        # A rank file's token must merge to two parts by the lower ranks (what tiktoken's
        # format requires, and what the merges are rebuilt from).
        if len(t) <= 7 and t not in ranks and len(_tiktoken_merge(ranks, t)) == 2:
            ranks[t] = len(ranks)
            tokens.append(t)
    return ranks


def _tiktoken_merge(ranks: dict[bytes, int], data: bytes) -> list[bytes]:
    """tiktoken's merge of one piece, plainly: join the adjacent parts whose bytes have the
    lowest rank, leftmost first, until no two adjacent parts make a token."""
    parts = [data[i : i + 1] for i in range(len(data))]
    while len(parts) > 1:
        found = [(ranks.get(a + b, 1 << 30), i) for i, (a, b) in enumerate(zip(parts, parts[1:]))]
        best, i = min(found)
        if best == 1 << 30:
            break
        parts[i : i + 2] = [parts[i] + parts[i + 1]]
    return parts


def _rank_file_tokenizer(folder: Path, ranks: dict[bytes, int], pattern: str, specials: dict[str, int]) -> Tokenizer:
    """The ranks as a rank file read back (a rank file merges by tiktoken's rule)."""
    path = folder / "random.tiktoken"
    path.write_bytes(b"".join(base64.b64encode(t) + b" %d\n" % r for t, r in sorted(ranks.items(), key=lambda x: x[1])))
    tok = load_tokenizer(path, pattern=pattern, special_tokens=specials)
    assert isinstance(tok, Tokenizer) and tok.rank_splits
    return tok


def _random_texts(seed: int, alphabet: str = "ab c") -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 60))) for _ in range(1500)]


@pytest.mark.parametrize("seed", range(6))
def test_random_rank_tables_give_tiktokens_ids(seed: int, pure: None, tmp_path: Path) -> None:
    ranks = _random_ranks(seed)
    pattern = r"\S+|\s+"
    ours = _rank_file_tokenizer(tmp_path, ranks, pattern, {"<|eot|>": 1000})
    tables = ours.encoder.tables
    tables.merge_tables()
    assert not tables.merge_all_safe and rounds_exact(tables)
    safe = pair_tables(tables).rank_safe
    assert safe is not None and not safe.all()  # the case this test is about
    ref = tiktoken.Encoding(f"r{seed}", pat_str=pattern, mergeable_ranks=ranks, special_tokens={"<|eot|>": 1000})
    texts = _random_texts(seed)
    # Distinct pieces in bulk (the rounds) and one at a time equal the reference.
    pieces = sorted({p.encode() for t in texts for p in t.split(" ") if p} | {t.encode() for t in texts})
    one_by_one = [bpe_piece(tables, p) for p in pieces]
    assert bpe_many(tables, pieces) == one_by_one
    flat, counts = bpe_rounds(tables, pieces)
    assert flat.tolist() == [i for ids in one_by_one for i in ids]
    assert counts.tolist() == [len(ids) for ids in one_by_one]
    # Whole texts (one long text: thousands of new pieces, the vectorised path) against tiktoken.
    whole = "<|eot|>".join(texts)
    assert ours.encode(whole, allowed_special="all") == ref.encode(whole, allowed_special="all")
    pairs = [(t, t) for t in texts[:300]] + [(f"g{k}", s) for k, s in enumerate(generated_strings(200))]
    assert first_difference("random", pairs, ours.encode_ordinary, ref.encode_ordinary) is None


def test_long_pieces_take_the_one_at_a_time_merge(pure: None, tmp_path: Path) -> None:
    """Pieces beyond the rounds' length limit, mixed with short ones, come back in order."""
    ranks = _random_ranks(11)
    ours = _rank_file_tokenizer(tmp_path, ranks, r"\S+|\s+", {})
    tables = ours.encoder.tables
    rng = random.Random(3)
    pieces = [bytes(rng.choice(b"abc") for _ in range(n)) for n in [5, 2000, 3, 1500, 1, 7]]
    flat, counts = bpe_flat(tables, pieces)
    expected = [bpe_piece(tables, p) for p in pieces]
    assert flat.tolist() == [i for ids in expected for i in ids]
    assert counts.tolist() == [len(ids) for ids in expected]


def _real(name: str) -> tuple[Tokenizer, object, int]:
    if name == "qwen":
        ours = load_tokenizer(shared_tokenizer("qwen.tiktoken"), pattern=QWEN_PATTERN, special_tokens=QWEN_SPECIALS)
        return ours, qwen_reference(), 0
    if name == "llama3":
        return load_tokenizer(shared_tokenizer("llama3.2_tokenizer.model")), llama_reference(), 0
    path = shared_tokenizer("mistral_tekken_240718.json")
    ref, offset = tekken_reference(path)
    return load_tokenizer(path), ref, offset


@pytest.mark.slow
@pytest.mark.parametrize("name", ["qwen", "llama3", "tekken"])
def test_real_rank_files_on_the_pure_path(name: str, pure: None) -> None:
    ours, ref, offset = _real(name)
    ours.encoder.tables.merge_tables()  # else a lazy open sends texts to the core until then
    texts = parity_texts(shared_too=True)
    assert (
        first_difference(
            name,
            texts,
            ours.encode_ordinary,
            lambda t: [i + offset for i in ref.encode_ordinary(t)],  # type: ignore[attr-defined]
        )
        is None
    )
    assert ours._core is None  # the pure path answered, not tiktoken's core


@pytest.mark.parametrize("name", ["qwen", "llama3", "tekken"])
def test_released_patterns_run_without_the_time_limit(name: str) -> None:
    """The patterns of the real files are the vetted ones (the limit check doubles the regex
    module's time); a pattern differing by one character keeps the limit, and the pieces are
    the same either way."""
    ours, _, _ = _real(name)
    pre = ours.pretokenizer
    assert pre.time_limit(1_000_000) is None
    other = Pretokenizer("regex:" + pre.pattern + "|x")  # type: ignore[operator]
    assert other.time_limit(1_000_000) is not None
    text = "".join(t for _, t in parity_texts(shared_too=False))
    assert pre.split(text) == other.split(text)


@pytest.mark.parametrize("name", ["qwen", "llama3", "tekken"])
def test_released_patterns_on_ascii_text_give_tiktokens_ids(name: str, pure: None) -> None:
    """ASCII text (short, and long enough to be cut in blocks at the safe cuts around one
    non-ASCII character) goes through the ASCII twin of the pattern: tiktoken's ids."""
    ours, ref, offset = _real(name)
    ours.encoder.tables.merge_tables()
    rng = random.Random(7)
    words = ["'s", "'LL", "'re", "I", "don't", "Hello", "wORLD", "x/y", "1234567", ".\n/", "\t", "  ", "\n\n ", "\r\n"]
    chars = [chr(c) for c in range(128)]
    texts = [
        "".join(rng.choice(words) if rng.random() < 0.6 else rng.choice(chars) for _ in range(40)) for _ in range(300)
    ]
    long = " ".join(texts) * 3
    texts += [long, long[: len(long) // 2] + "\u00e9 " + long[len(long) // 2 :]]
    assert ours.pretokenizer.split_bytes(long.encode("ascii")) is not None  # the twin, not regex
    ids = ours.encode_ordinary
    assert (
        first_difference(
            name,
            [(str(k), t) for k, t in enumerate(texts)],
            ids,
            lambda t: [i + offset for i in ref.encode_ordinary(t)],
        )
        is None
    )  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["qwen", "tekken"])
def test_mostly_new_pieces_take_the_flat_path_with_tiktokens_ids(
    name: str, pure: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tables that are not ``merge_all_safe`` (tiktoken's rule) also encode text of mostly new
    pieces without caching them; pieces the cache knows (special tokens, tokens taken whole,
    pieces seen before) are put back in place. Thresholds lowered for tests/data's Chinese."""
    from bpe_engine.encode import encoder

    monkeypatch.setattr(encoder, "_BATCH_MIN_BYTES", 20_000)
    monkeypatch.setattr(encoder, "_FLAT_SHARE", 0.2)
    calls = []
    flat = encoder.Encoder._ids_flat

    def spy(self: encoder.Encoder, pieces: list[bytes]) -> list[int]:
        calls.append(len(pieces))
        return flat(self, pieces)

    monkeypatch.setattr(encoder.Encoder, "_ids_flat", spy)
    ours, ref, offset = _real(name)
    ours.encoder.tables.merge_tables()
    assert not ours.encoder.tables.merge_all_safe
    part = data_text("chinese.txt")
    seen = "你好 hello 123\n" + part[:300]
    text = seen + part + " the 世界 " + part[::-1] + seen
    for allowed in ((), ("<|endoftext|>",)):
        ours.clear_cache()
        ours.encode_ordinary(seen)  # some pieces known, the rest new
        calls.clear()
        if allowed and name == "qwen":
            doc = text + "<|endoftext|>" + text
            got = ours.encode(doc, allowed_special=set(allowed))
            assert got == ref.encode(doc, allowed_special="all")  # type: ignore[attr-defined]
        else:
            assert ours.encode_ordinary(text) == [i + offset for i in ref.encode_ordinary(text)]  # type: ignore[attr-defined]
        assert calls


@pytest.mark.parametrize("name", ["o200k", "qwen"])
def test_many_short_documents_between_special_tokens_give_tiktokens_ids(name: str, pure: None) -> None:
    """Mostly multi-byte text of many documents between special tokens: without stand-ins
    (o200k) each document goes to the pattern as it is, ASCII and mixed ones too; the same
    ids cold and again from a warm cache (every piece known: one join of cache entries)."""
    if name == "o200k":
        ours, ref = Tokenizer.from_tiktoken("o200k_base"), tiktoken.get_encoding("o200k_base")
    else:
        ours, ref, _ = _real(name)
    ours.encoder.tables.merge_tables()  # else a lazy open sends texts to the core until then
    core = ours._core  # (o200k is one object per process: another test may have built its core)
    part = data_text("chinese.txt")
    rng = random.Random(3)
    docs = [part[s : s + rng.randrange(1, 400)] for s in (rng.randrange(len(part)) for _ in range(60))]
    docs += ["plain ASCII, 123 don't", "Ünïcödé and 世界", "", "\n\n", "x" * 50]
    rng.shuffle(docs)
    text = "<|endoftext|>".join(docs) + "<|endoftext|>"
    expected = ref.encode(text, allowed_special="all")  # type: ignore[attr-defined]
    ours.clear_cache()
    assert ours.encode(text, allowed_special="all") == expected
    assert ours.encode(text, allowed_special="all") == expected  # warm: every piece cached
    assert ours.encode_ordinary(text) == ref.encode_ordinary(text)  # type: ignore[attr-defined]
    assert ours._core is core  # none built here: the pure path did the work


@pytest.mark.parametrize("name", ["qwen", "tekken"])
def test_a_partly_warm_cache_gives_tiktokens_ids_and_keeps_no_placeholder(name: str, pure: None) -> None:
    """A cold call on mostly-ASCII text looks every piece up once, through placeholders that
    every occurrence of a new piece shares (Encoder._ids_gathered): pieces the cache knows,
    tokens taken whole and new pieces repeated many times all give tiktoken's ids, and the
    shared cache holds only finished entries afterwards (another thread may read it)."""
    ours, ref, offset = _real(name)
    ours.encoder.tables.merge_tables()
    english = data_text("english.txt")
    ours.clear_cache()
    ours.encode_ordinary(english[:2000])  # some pieces known, the rest new
    text = (english + " Zyxwq zyxwq'll 12345 \n\n  ") * 3
    assert ours.encode_ordinary(text) == [i + offset for i in ref.encode_ordinary(text)]  # type: ignore[attr-defined]
    assert all(type(entry) is bytes for entry in ours.encoder._cache.values())
    assert ours.encode_ordinary(text) == [i + offset for i in ref.encode_ordinary(text)]  # type: ignore[attr-defined]


# Characters the byte stand-ins tell apart (bpe_engine.pretokenize.twins.byte_stand_ins): each
# category group, a letter folding to a contraction's letter (long s), non-ASCII spaces and
# line breaks, marks, digits of other scripts, and code points the installed ``regex``
# classifies differently from the references (U+05C8, U+0558, U+1ACF: issue 21, point 7).
_MIXED = "中文字词了的，。！\n ſKÅßǅʰー\u0301\u0903٣Ⅻ\u00a0\u3000\u2028\u05c8\u0558\u1acf𝐀🤚'’sStT0129.,-/"


@functools.cache
def _pure_pair(name: str) -> tuple[Tokenizer, object, int]:
    if name == "o200k":
        return Tokenizer.from_tiktoken("o200k_base"), tiktoken.get_encoding("o200k_base"), 0
    ours, ref, offset = _real(name)
    ours.encoder.tables.merge_tables()
    return ours, ref, offset


@pytest.mark.slow
@pytest.mark.parametrize("name", ["o200k", "qwen", "tekken"])
@settings(max_examples=60, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(_MIXED), min_size=1, max_size=80))
def test_mostly_multibyte_text_through_byte_stand_ins_gives_tiktokens_ids(name: str, text: str) -> None:
    """Mostly multi-byte text is split through the byte stand-ins (one byte per character, its
    category group's), cold and warm cache, with and without special tokens: tiktoken's ids."""
    ours, ref, offset = _pure_pair(name)
    text = "中文" * 8 + text + "\u05c8't" + text[::-1]
    saved = tokenizer_core._CORE_MIN, tokenizer_core._CORE_BUILT_MIN
    tokenizer_core._CORE_MIN = tokenizer_core._CORE_BUILT_MIN = 1 << 62
    try:
        assert ours.encoder.tables.pretokenizer.utf8_pieces(text) is not None
        expected = [i + offset for i in ref.encode_ordinary(text)]  # type: ignore[attr-defined]
        ours.clear_cache()
        assert ours.encode_ordinary(text) == expected
        assert ours.encode_ordinary(text) == expected
        if not offset:  # Tekken's reference matches no special tokens
            doc = text + "<|endoftext|>" + text
            assert ours.encode(doc, allowed_special="all") == ref.encode(doc, allowed_special="all")  # type: ignore[attr-defined]
    finally:
        tokenizer_core._CORE_MIN, tokenizer_core._CORE_BUILT_MIN = saved


@pytest.mark.parametrize("name", ["qwen", "llama3", "tekken"])
def test_released_patterns_cut_divergent_code_points_as_tiktoken(name: str, pure: None) -> None:
    """The released custom patterns run on text pinned to the references' Unicode tables, as
    the named ones do (issue 21, point 7): Tekken cut ``"\\u05c8't"`` by the installed
    ``regex``'s tables before (U+05C8 is a letter there, not for tiktoken)."""
    ours, ref, offset = _pure_pair(name)
    for text in ("\u05c8't", "a\u0558b \u1acf\u05c8's", "中文" * 8 + "\u05c8't \u0558x", "x" * 20_000 + "\u05c8't"):
        ours.clear_cache()
        assert ours.encode_ordinary(text) == [i + offset for i in ref.encode_ordinary(text)], text[-12:]  # type: ignore[attr-defined]
