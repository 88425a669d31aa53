"""Long texts are cut into chunks where the pieces cannot change, whatever the script, and
the results do not depend on where the cuts fall (counting, bulk encoding, encode_iterable)."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bpe_engine import Pretokenizer, encode_file
from bpe_engine.corpus import Chunker, CorpusSource, iter_blocks
from bpe_engine.encode.stream import iter_encode
from bpe_engine.pretokenize import SpecialSplitter
from bpe_engine.reference import reference_pretoken_counts
from bpe_engine.train.counting import count_pretokens_iter

from ..conftest import data_path, data_text, shared_corpus
from .conftest import DATA_FILES
from .test_roundtrip import texts

# A text without special tokens per script: (tests/data file, big corpus, block size). The
# tests/data texts are smaller, so their blocks are too: either way a text is many blocks.
NON_LATIN = {
    "zh": ("chinese.txt", "zh_classical_poetry_25MB.txt"),
    "ru": ("russian.txt", "ru_fortunes_4MB.txt"),
}
DATA_BLOCK, BIG_BLOCK = 2048, 65536


def _no_specials(text: str, folder: Path, name: str) -> Path:
    path = folder / f"{name}.txt"
    path.write_text(text.replace("<|endoftext|>", ""), encoding="utf-8", newline="")
    return path


@pytest.fixture(scope="module")
def no_specials(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Chinese and Russian text of tests/data without any special token (so only text rules can cut it)."""
    folder = tmp_path_factory.mktemp("chunks")
    return {lang: _no_specials(data_text(data), folder, lang) for lang, (data, _) in NON_LATIN.items()}


@pytest.fixture(scope="module")
def big_no_specials(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The same from the big corpora, 700 KB each."""
    folder = tmp_path_factory.mktemp("big-chunks")
    out = {}
    for lang, (_, big) in NON_LATIN.items():
        with open(shared_corpus(big), encoding="utf-8") as f:
            out[lang] = _no_specials(f.read(700_000), folder, lang)
    return out


def _cut_into_small_chunks(path: Path, pre: str, block: int) -> None:
    chunks = list(iter_blocks(CorpusSource(paths=(str(path),)), Chunker(Pretokenizer(pre), []), block))
    assert len(chunks) > 8
    assert max(len(c) for c, _, _, _ in chunks) < 2 * block
    assert b"".join(c for c, _, _, _ in chunks) == path.read_bytes()
    text = path.read_text(encoding="utf-8")
    counts = next(
        r
        for r in count_pretokens_iter(CorpusSource(paths=(str(path),)), Pretokenizer(pre), [], workers=1)
        if not isinstance(r, tuple)
    )
    assert counts.counts() == dict(reference_pretoken_counts(text, (), pre))


@pytest.mark.parametrize("lang", ["zh", "ru"])
@pytest.mark.parametrize("pre", ["gpt2", "cl100k", "o200k"])
def test_non_latin_text_without_special_tokens_is_cut_into_small_chunks(no_specials: dict, lang: str, pre: str) -> None:
    _cut_into_small_chunks(no_specials[lang], pre, DATA_BLOCK)


@pytest.mark.slow
@pytest.mark.parametrize("pre", ["gpt2", "cl100k", "o200k"])
def test_big_non_latin_texts_without_special_tokens_are_cut_into_small_chunks(
    pre: str, request: pytest.FixtureRequest
) -> None:
    big_no_specials = request.getfixturevalue("big_no_specials")
    for lang in NON_LATIN:
        _cut_into_small_chunks(big_no_specials[lang], pre, BIG_BLOCK)


@pytest.mark.parametrize("which", ["no_specials", pytest.param("big_no_specials", marks=pytest.mark.slow)])
def test_bulk_encoding_of_non_latin_text_without_specials(
    which: str, openai: dict, request: pytest.FixtureRequest
) -> None:
    tok = openai["cl100k_base"]
    for path in request.getfixturevalue(which).values():
        text = path.read_text(encoding="utf-8")
        assert encode_file(tok, path, backend="python", workers=1).tolist() == tok.encode(text, allowed_special="all")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=texts,
    sizes=st.lists(st.integers(min_value=1, max_value=30), max_size=20),
    block=st.integers(min_value=1, max_value=64),
)
def test_encode_iterable_with_small_blocks_equals_encode(
    trained: dict, openai: dict, text: str, sizes: list[int], block: int
) -> None:
    """Small blocks force a cut search every few characters (special tokens, safe cuts)."""
    chunks, pos = [], 0
    for n in sizes:
        chunks.append(text[pos : pos + n])
        pos += n
    chunks.append(text[pos:])
    for tok in (trained["gpt2"], trained["whitespace"], openai["o200k_base"]):
        blocks = iter_encode(tok.encoder, chunks, frozenset(tok.special_tokens), block=block)
        assert [i for ids in blocks for i in ids] == tok.encode(text, allowed_special="all")


def test_one_tokenizer_encodes_in_several_threads(openai: dict) -> None:
    """The app encodes with one tokenizer from several threads; a tiny cache that is replaced
    all the time must not make any of them fail or produce different ids."""
    tok = openai["gpt2"]
    text = "".join(data_text(name) for name in ("english.txt", "multiscript.txt", "python_code.txt"))
    expected = tok.encode(text, allowed_special="all")
    old = tok.cache_size
    tok.cache_size = 50
    results: list[object] = []

    def work() -> None:
        try:
            results.append(all(tok.encode(text, allowed_special="all") == expected for _ in range(3)))
        except Exception as exc:  # noqa: BLE001 - any failure is the finding
            results.append(exc)

    try:
        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        tok.cache_size = old
    assert results == [True] * 4


def _counts_are_sharded_alike(path: Path) -> None:
    from bpe_engine.train.counting import SHARDS, shard_of

    expected = dict(reference_pretoken_counts(path.read_bytes().decode("utf-8"), ("<|endoftext|>",), "gpt2"))
    for workers in (1, 2):
        result = next(
            r
            for r in count_pretokens_iter(
                CorpusSource(paths=(str(path),)), Pretokenizer("gpt2"), ["<|endoftext|>"], workers=workers
            )
            if not isinstance(r, tuple)
        )
        assert len(result.shards) == SHARDS
        assert all(shard_of(piece) == i for i, shard in enumerate(result.shards) for piece in shard)
        assert result.distinct == len(expected)
        assert result.counts() == expected


@pytest.mark.slow
def test_counts_are_sharded_alike_in_process_and_in_workers(tmp_path: Path) -> None:
    """The trainer's counts come in dicts split by `shard_of` (no dict grows huge); with one
    worker or two, each piece is in its own shard and the totals equal the reference count."""
    path = tmp_path / "mixed.txt"
    with open(shared_corpus("zh_classical_poetry_25MB.txt"), "rb") as f:
        zh = f.read(3_000_000)
    with open(shared_corpus("en_mix_36MB.txt"), "rb") as f:
        en = f.read(2_000_000)
    data = zh[: zh.rfind(b"\n") + 1] + en[: en.rfind(b"\n") + 1]
    path.write_bytes(data)
    _counts_are_sharded_alike(path)


def test_counts_of_tests_data_are_sharded_alike_in_process_and_in_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same on all of tests/data, with the worker threshold and block lowered so that two
    workers share its 290 KB in many blocks."""
    from bpe_engine.train import counting

    monkeypatch.setattr(counting, "_WORKER_BLOCK", 16 * 1024)
    monkeypatch.setattr(counting, "_PARALLEL_MIN_BYTES", 64 * 1024)
    path = tmp_path / "mixed.txt"
    path.write_bytes(b"".join(data_path(name).read_bytes() for name in DATA_FILES))
    _counts_are_sharded_alike(path)


# Special token sets for the range tests: none, the usual one, overlapping ones (a scan that
# starts inside one would see others), and ones that begin with a letter, a space or a newline.
RANGE_SPECIALS = [(), ("<|endoftext|>",), ("ab", "bc", "abc", "b"), ("\n\n", " x", "é"), ("<|a|>", "a|><|b", "|")]
RANGE_PRETOKENIZERS = ["gpt2", "cl100k", "o200k", "whitespace", "none", r"regex:\w+|\s+"]
range_texts = st.lists(
    st.one_of(
        st.text(max_size=30),
        st.text(alphabet="ab c\n|<>x", max_size=30),
        st.sampled_from(["<|endoftext|>", "<|a|>", "a|><|b", "abc", "\n\n", " x", "國語\n", "Жизнь "]),
    ),
    max_size=25,
).map("".join)


def _count_ranges(
    data: bytes, positions: list[int], pre: str, specials: tuple[str, ...], folder: Path
) -> tuple[dict[bytes, int], int]:
    """Read ``data`` from a file in the ranges between ``positions``; check the chunks cover it
    once, in order; count them (in-process and worker-style counters); return the counts."""
    from bpe_engine.corpus import read_range
    from bpe_engine.train.counting import _ChunkCounter

    path = folder / "ranges.txt"
    path.write_bytes(data)
    pretokenizer = Pretokenizer(pre)
    chunker = Chunker(pretokenizer, specials)
    size = len(data)
    bounds = sorted({0, size, *positions})
    with open(path, "rb") as f:
        cuts = [chunker.boundary(f, size, x) for x in bounds]
        assert cuts == sorted(cuts) and cuts[0] == 0 and cuts[-1] == size
        assert all(c >= x for c, x in zip(cuts, bounds))
        chunks = [read_range(f, size, a, b, chunker) for a, b in zip(bounds, bounds[1:])]
    assert b"".join(chunk for _, chunk in chunks) == data
    results = []
    for sharded in (False, True):
        counter = _ChunkCounter(pretokenizer, specials, sharded=sharded)
        for offset, chunk in chunks:
            if chunk:
                counter.add(chunk, str(path), offset)
        counts = counter.result() if not sharded else {k: v for s in counter.sharded_result() for k, v in s.items()}
        results.append((counts, counter.special_count))
    assert results[0] == results[1]
    return results[0]


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(
    text=range_texts,
    step=st.integers(min_value=1, max_value=9),
    pre=st.sampled_from(RANGE_PRETOKENIZERS),
    specials=st.sampled_from(RANGE_SPECIALS),
)
def test_file_ranges_are_cut_alike_by_every_reader_and_count_like_the_whole(
    tmp_path: Path, text: str, step: int, pre: str, specials: tuple[str, ...]
) -> None:
    """Workers read ranges of a file on their own: each finds the cuts at both ends of its
    range from the bytes around them, so neighbours agree, every byte is read once, and the
    counts are those of the whole text (any pre-tokenizer, overlapping special tokens). Ranges
    end every ``step`` bytes, so every kind of position is a range end somewhere."""
    data = text.encode("utf-8")
    counts, specials_seen = _count_ranges(data, list(range(0, len(data), step)), pre, specials, tmp_path)
    splitter = SpecialSplitter(specials)
    assert counts == dict(reference_pretoken_counts(text, specials, pre))
    assert specials_seen == sum(special for _, special in splitter.split(text))


@pytest.mark.parametrize("pre", ["gpt2", "o200k", "none"])
def test_ranges_without_a_nearby_cut_grow_until_one(tmp_path: Path, pre: str) -> None:
    """A cut can be far away (20 KB of letters, no space): the reader looks further until it
    finds one, and readers of ranges inside that stretch read nothing."""
    text = "word " * 500 + "x" * 20_000 + "<|endoftext|>" + "國" * 9_000 + "\n" + "end of text\n"
    data = text.encode("utf-8")
    counts, seen = _count_ranges(data, list(range(0, len(data), 1500)), pre, ("<|endoftext|>",), tmp_path)
    assert counts == dict(reference_pretoken_counts(text, ("<|endoftext|>",), pre))
    assert seen == 1


def test_batches_of_documents_count_like_one_at_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Short documents are counted in batches (special tokens inside), long ones alone in
    sub-blocks: with tiny batches and sub-blocks, every mix of them gives the reference counts."""
    from bpe_engine.train import counting

    monkeypatch.setattr(counting, "_SUB_BLOCK", 64)
    text = "".join(
        data_text(name)[:3000] + ("<|endoftext|>" if i % 3 else "<|endoftext|><|endoftext|>") + "x " * (i * 40)
        for i, name in enumerate(DATA_FILES * 2)
    )
    for pre in ("gpt2", "cl100k", "o200k", "whitespace"):
        counts, seen = _count_ranges(text.encode("utf-8"), [], pre, ("<|endoftext|>",), tmp_path)
        assert counts == dict(reference_pretoken_counts(text, ("<|endoftext|>",), pre)), pre
        assert seen == text.count("<|endoftext|>")


@pytest.mark.parametrize("pre", ["gpt2", "none"])
def test_range_cuts_inside_overlapping_special_tokens(tmp_path: Path, pre: str) -> None:
    """A range that begins inside a special token must not scan for special tokens from
    there: "<|a|>" is matched, so "a|><|b" (which a scan from inside it would find) is not,
    and "bcd" stays one piece. Every position is tried as a range end."""
    specials = ("<|a|>", "a|><|b", "|")
    text = "xx<|a|><|bcd ef " * 3
    data = text.encode("utf-8")
    counts, seen = _count_ranges(data, list(range(len(data))), pre, specials, tmp_path)
    assert counts == dict(reference_pretoken_counts(text, specials, pre))
    assert seen == 6


class _CountingFile:
    """A binary file that counts the bytes read from it."""

    def __init__(self, f) -> None:  # type: ignore[no-untyped-def]
        self.f, self.read_bytes = f, 0

    def seek(self, pos: int) -> int:
        return self.f.seek(pos)

    def read(self, n: int = -1) -> bytes:
        data = self.f.read(n)
        self.read_bytes += len(data)
        return data


@pytest.mark.parametrize(
    "shape",
    [
        b"abcdefghij" * 40_000,  # one long line of letters: no cut anywhere (one GPT-2 piece)
        b"a" * 400_000,  # one repeated character
        "春眠不觉晓处处闻啼鸟".encode() * 13_400,  # Chinese without punctuation or newline
        b"x=function(a){return a+1};" * 16_000,  # a minified-JavaScript-like line
    ],
    ids=["letters", "one-character", "chinese", "minified"],
)
def test_range_readers_read_each_byte_a_bounded_number_of_times(tmp_path: Path, shape: bytes) -> None:
    # Readers of 4 KiB ranges of a file with few or no cuts: each reads its own range and at
    # most the stretch to the next cut; before, each scanned on to the next cut however far
    # (a file without cuts: every reader read the rest of the file, quadratic in all).
    from bpe_engine.corpus import read_range

    path = tmp_path / "shape.txt"
    path.write_bytes(shape)
    size, step = len(shape), 4096
    chunker = Chunker(Pretokenizer("gpt2"), ("<|endoftext|>",))
    with open(path, "rb") as raw:
        f = _CountingFile(raw)
        chunks = [read_range(f, size, a, min(size, a + step), chunker) for a in range(0, size, step)]  # type: ignore[arg-type]
    assert b"".join(chunk for _, chunk in chunks) == shape
    # Each reader's range, the first reader's search to the file's end, and the context
    # around them: 3x; 5.3x while each doubled window was scanned again from its start.
    assert f.read_bytes <= 3.5 * size, f"read {f.read_bytes / size:.1f} times the file"


_ONE_FINDING = """
import os, sys
from bpe_engine import unicode_classes
from bpe_engine.corpus import CorpusSource
from bpe_engine.parallel import can_fork
from bpe_engine.pretokenize import Pretokenizer
from bpe_engine.train import counting

counting._WORKER_BLOCK, counting._PARALLEL_MIN_BYTES = 16 * 1024, 64 * 1024
finder, log = unicode_classes._regex_disagrees, sys.argv[2]

def logged(*args):
    with open(log, "a") as f:
        f.write(f"{os.getpid()}\\n")
    return finder(*args)

unicode_classes._regex_disagrees = logged
assert can_fork()
source = CorpusSource(paths=(sys.argv[1],))
for r in counting.count_pretokens_iter(source, Pretokenizer("gpt2"), ["<|endoftext|>"], workers=2):
    pass
print(unicode_classes.divergence.cache_info().currsize)
"""


def test_forked_counting_workers_inherit_the_pinning_tables(tmp_path: Path) -> None:
    """The code points `regex` classifies differently are found once, before the workers are
    forked, not once in each worker (~0.05 s each on a first non-ASCII chunk), and the
    process that forked them does not keep them (~7 MB) unless it had them before."""
    path, log = tmp_path / "mixed.txt", tmp_path / "finders.txt"
    path.write_bytes(b"".join(data_path(name).read_bytes() for name in DATA_FILES))
    out = subprocess.run(
        [sys.executable, "-c", _ONE_FINDING, str(path), str(log)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert len(log.read_text().split()) == 1  # the parent's, before it forked
    assert out.stdout.split() == ["0"]
