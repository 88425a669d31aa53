"""GPT-2 from files and the OpenAI encodings through from_tiktoken give tiktoken's ids."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bpe_engine import Tokenizer, gpt2_bytes_to_unicode
from bpe_engine.pretokenize import CL100K_PATTERN, GPT2_PATTERN, O200K_PATTERN

from ..conftest import data_text, shared_corpus
from .conftest import BIG_CORPORA, DATA_FILES, OPENAI

CORPORA = [
    "en_mix_36MB.txt",
    "en_enwik8_prefix_4MB.txt",
    "zh_classical_poetry_25MB.txt",
    "code_python311_stdlib_32MB.txt",
    "multi_udhr_532langs_7MB.txt",
    "ja_novels_2MB.txt",
    "ru_fortunes_4MB.txt",
]


def _big_samples(fixtures: Path) -> dict[str, str]:
    out = {}
    for name in CORPORA:
        path = shared_corpus(name)
        size = path.stat().st_size
        with open(path, "rb") as f:
            for k, offset in enumerate((0, size // 2, size - 60_000)):
                f.seek(max(offset, 0))
                out[f"{name}@{k}"] = f.read(60_000).decode("utf-8", errors="ignore")
    for name in ("corpus.en", "tinystories_sample.txt", "german.txt", "address.txt"):
        out[name] = (fixtures / name).read_text(encoding="utf-8")
    return out


@pytest.fixture(scope="module")
def data_samples() -> dict[str, str]:
    """Every text of tests/data, whole."""
    names = (*DATA_FILES, "low_lower_widest_newest.txt", "hello_helo.txt")
    return {name: data_text(name) for name in names}


@pytest.fixture(scope="module")
def big_samples(fixtures: Path) -> dict[str, str]:
    """60 KB from the start, middle and end of every big corpus, and the CS336 fixture texts."""
    return _big_samples(fixtures)


@pytest.fixture(scope="module")
def gpt2_files(tiktoken_encodings: dict, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """GPT-2's vocab.json and merges.txt, written here from tiktoken's gpt2 ranks (its cache,
    not ../shared): tokens as text through GPT-2's byte-to-unicode table, ids = ranks, and for
    every token the merge that made it, i.e. the two parts that merging its bytes by rank
    (lowest-ranked adjacent pair first, as GPT-2 encodes) leaves."""
    ranks: dict[bytes, int] = tiktoken_encodings["gpt2"]._mergeable_ranks
    as_char = gpt2_bytes_to_unicode()

    def show(token: bytes) -> str:
        return "".join(as_char[b] for b in token)

    merges = ["#version: 0.2"]
    for token, rank in sorted(ranks.items(), key=lambda kv: kv[1]):
        if len(token) == 1:
            continue
        parts = [bytes([b]) for b in token]
        while len(parts) > 2:
            best, i = min((ranks.get(a + b, len(ranks)), i) for i, (a, b) in enumerate(zip(parts, parts[1:])))
            assert best < rank, token  # only tokens made before this one take part
            parts[i : i + 2] = [parts[i] + parts[i + 1]]
        merges.append(f"{show(parts[0])} {show(parts[1])}")
    vocab = {show(token): rank for token, rank in ranks.items()}
    vocab["<|endoftext|>"] = tiktoken_encodings["gpt2"]._special_tokens["<|endoftext|>"]
    folder = tmp_path_factory.mktemp("gpt2")
    (folder / "vocab.json").write_text(json.dumps(vocab, ensure_ascii=False), encoding="utf-8")
    (folder / "merges.txt").write_text("\n".join(merges) + "\n", encoding="utf-8")
    return folder / "vocab.json", folder / "merges.txt"


SOURCES = ["tests-data", pytest.param(BIG_CORPORA, marks=pytest.mark.slow)]


def test_patterns_are_tiktokens(tiktoken_encodings: dict) -> None:
    assert tiktoken_encodings["r50k_base"]._pat_str == GPT2_PATTERN
    assert tiktoken_encodings["cl100k_base"]._pat_str == CL100K_PATTERN
    assert tiktoken_encodings["o200k_base"]._pat_str == O200K_PATTERN


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("name", OPENAI)
def test_openai_encodings_match_tiktoken(
    name: str, source: str, openai: dict, tiktoken_encodings: dict, request: pytest.FixtureRequest
) -> None:
    samples = request.getfixturevalue("big_samples" if source == BIG_CORPORA else "data_samples")
    ours, theirs = openai[name], tiktoken_encodings[name]
    assert ours.special_tokens == theirs._special_tokens
    for label, text in samples.items():
        assert ours.encode_ordinary(text) == theirs.encode_ordinary(text), label
        assert ours.encode(text, allowed_special="all") == theirs.encode(text, allowed_special="all"), label
    text = "Hi<|endoftext|>there <|endoftext|>"
    assert ours.encode(text, allowed_special="all") == theirs.encode(text, allowed_special="all")
    assert ours.encode_ordinary(text) == theirs.encode_ordinary(text)


@pytest.mark.parametrize("name", OPENAI)
def test_openai_vocab_is_tiktokens(name: str, openai: dict, tiktoken_encodings: dict) -> None:
    ours, theirs = openai[name], tiktoken_encodings[name]
    assert len(ours.merges) == len(theirs._mergeable_ranks) - 256
    for i in (0, 255, 256, 1000, len(ours.merges) + 255):
        assert ours.vocab[i] == theirs.decode_single_token_bytes(i)


def _gpt2_files_match_tiktoken(tok: Tokenizer, enc: object, samples: dict[str, str]) -> None:
    assert tok.special_tokens == {"<|endoftext|>": 50256}
    for label, text in samples.items():
        assert tok.encode_ordinary(text) == enc.encode_ordinary(text), label  # type: ignore[attr-defined]
        assert tok.encode(text, allowed_special="all") == enc.encode(text, allowed_special="all"), label  # type: ignore[attr-defined]


@pytest.mark.slow
def test_gpt2_from_files_matches_tiktoken(
    fixtures: Path, tiktoken_encodings: dict, data_samples: dict, big_samples: dict
) -> None:
    """GPT-2's own files, as the CS336 fixtures hold them."""
    tok = Tokenizer.from_gpt2_files(fixtures / "gpt2_vocab.json", fixtures / "gpt2_merges.txt")
    _gpt2_files_match_tiktoken(tok, tiktoken_encodings["gpt2"], {**data_samples, **big_samples})


def test_gpt2_files_written_from_tiktoken_match_tiktoken(
    gpt2_files: tuple[Path, Path], tiktoken_encodings: dict, data_samples: dict
) -> None:
    tok = Tokenizer.from_gpt2_files(*gpt2_files)
    assert len(tok.merges) == 50_000
    _gpt2_files_match_tiktoken(tok, tiktoken_encodings["gpt2"], data_samples)


def test_gpt2_files_written_from_tiktoken_are_gpt2s(gpt2_files: tuple[Path, Path], fixtures: Path) -> None:
    """The files written from tiktoken's ranks say what GPT-2's own files say (so the test
    above checks the same thing where ../shared is absent)."""
    vocab, merges = gpt2_files
    assert json.loads(vocab.read_text(encoding="utf-8")) == json.loads(
        (fixtures / "gpt2_vocab.json").read_text(encoding="utf-8")
    )
    ours = [line for line in merges.read_text(encoding="utf-8").splitlines() if not line.startswith("#version")]
    theirs = [
        line
        for line in (fixtures / "gpt2_merges.txt").read_text(encoding="utf-8").splitlines()
        if not line.startswith("#version")
    ]
    assert ours == theirs


def test_overlapping_special_tokens_resolve_to_the_longest(gpt2_files: tuple[Path, Path]) -> None:
    double = "<|endoftext|><|endoftext|>"
    tok = Tokenizer.from_gpt2_files(*gpt2_files, ["<|endoftext|>", double])
    ids = tok.encode(f"a{double}b<|endoftext|>c{double}<|endoftext|>", allowed_special="all")
    d, s = tok.special_tokens[double], tok.special_tokens["<|endoftext|>"]
    assert [i for i in ids if i in (d, s)] == [d, s, d, s]
    assert tok.decode(ids) == f"a{double}b<|endoftext|>c{double}<|endoftext|>"
    # Order of registration does not matter.
    rev = Tokenizer.from_gpt2_files(*gpt2_files, [double, "<|endoftext|>"])
    assert [rev.vocab[i] for i in rev.encode(double + "<|endoftext|>", allowed_special="all")] == [
        double.encode(),
        b"<|endoftext|>",
    ]


def test_strict_special_mode_behaves_like_tiktoken(openai: dict, tiktoken_encodings: dict) -> None:
    from bpe_engine.errors import SpecialTokenError

    ours, theirs = openai["cl100k_base"], tiktoken_encodings["cl100k_base"]
    text = "hello <|endoftext|> world"
    with pytest.raises(ValueError):
        theirs.encode(text)
    with pytest.raises(SpecialTokenError, match="<\\|endoftext\\|>.*character 6"):
        ours.encode(text, allowed_special=set(), disallowed_special="all")
    assert ours.encode(text, allowed_special={"<|endoftext|>"}, disallowed_special="all") == theirs.encode(
        text, allowed_special={"<|endoftext|>"}
    )
    assert ours.encode(text, allowed_special=set(), disallowed_special=()) == theirs.encode(text, disallowed_special=())


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", pytest.param("o200k_base", marks=pytest.mark.slow)])
def test_every_openai_token_encodes_to_itself(name: str, openai: dict) -> None:
    """tiktoken maps a piece that is a token straight to it; our merge rule must agree, and it
    does when every token's bytes merge back into that very token. Checked for all tokens:
    this is what makes the whole-piece shortcut in Encoder.ids_of exact."""
    from bpe_engine.encode.batch import bpe_many

    tok = openai[name]
    ids = [i for i in tok.vocab if not tok.is_special(i)]
    results = bpe_many(tok.encoder.tables, [tok.vocab[i] for i in ids])
    assert [i for i, r in zip(ids, results) if r != (i,)] == []
