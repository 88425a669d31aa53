"""GPT-2 from files and the OpenAI encodings through from_tiktoken give tiktoken's ids."""

from __future__ import annotations

from pathlib import Path

import pytest

from bpe_engine import Tokenizer
from bpe_engine.pretokenize import CL100K_PATTERN, GPT2_PATTERN, O200K_PATTERN

from .conftest import OPENAI

CORPORA = [
    "en_mix_36MB.txt",
    "en_enwik8_prefix_4MB.txt",
    "zh_classical_poetry_25MB.txt",
    "code_python311_stdlib_32MB.txt",
    "multi_udhr_532langs_7MB.txt",
    "ja_novels_2MB.txt",
    "ru_fortunes_4MB.txt",
]


def _samples(corpora: Path, fixtures: Path) -> dict[str, str]:
    out = {}
    for name in CORPORA:
        path = corpora / name
        size = path.stat().st_size
        with open(path, "rb") as f:
            for k, offset in enumerate((0, size // 2, size - 60_000)):
                f.seek(max(offset, 0))
                out[f"{name}@{k}"] = f.read(60_000).decode("utf-8", errors="ignore")
    for name in ("corpus.en", "tinystories_sample.txt", "german.txt", "address.txt"):
        out[name] = (fixtures / name).read_text(encoding="utf-8")
    return out


@pytest.fixture(scope="module")
def samples(corpora: Path, fixtures: Path) -> dict[str, str]:
    return _samples(corpora, fixtures)


def test_patterns_are_tiktokens(tiktoken_encodings: dict) -> None:
    assert tiktoken_encodings["r50k_base"]._pat_str == GPT2_PATTERN
    assert tiktoken_encodings["cl100k_base"]._pat_str == CL100K_PATTERN
    assert tiktoken_encodings["o200k_base"]._pat_str == O200K_PATTERN


@pytest.mark.parametrize("name", OPENAI)
def test_openai_encodings_match_tiktoken(name: str, openai: dict, tiktoken_encodings: dict, samples: dict) -> None:
    ours, theirs = openai[name], tiktoken_encodings[name]
    assert ours.special_tokens == theirs._special_tokens
    for label, text in samples.items():
        assert ours.encode_ordinary(text) == theirs.encode_ordinary(text), label
        assert ours.encode(text) == theirs.encode(text, allowed_special="all"), label
    text = "Hi<|endoftext|>there <|endoftext|>"
    assert ours.encode(text) == theirs.encode(text, allowed_special="all")
    assert ours.encode_ordinary(text) == theirs.encode_ordinary(text)


@pytest.mark.parametrize("name", OPENAI)
def test_openai_vocab_is_tiktokens(name: str, openai: dict, tiktoken_encodings: dict) -> None:
    ours, theirs = openai[name], tiktoken_encodings[name]
    assert len(ours.merges) == len(theirs._mergeable_ranks) - 256
    for i in (0, 255, 256, 1000, len(ours.merges) + 255):
        assert ours.vocab[i] == theirs.decode_single_token_bytes(i)


def test_gpt2_from_files_matches_tiktoken(fixtures: Path, tiktoken_encodings: dict, samples: dict) -> None:
    tok = Tokenizer.from_gpt2_files(fixtures / "gpt2_vocab.json", fixtures / "gpt2_merges.txt")
    enc = tiktoken_encodings["gpt2"]
    assert tok.special_tokens == {"<|endoftext|>": 50256}
    for label, text in samples.items():
        assert tok.encode_ordinary(text) == enc.encode_ordinary(text), label
        assert tok.encode(text) == enc.encode(text, allowed_special="all"), label


def test_overlapping_special_tokens_resolve_to_the_longest(fixtures: Path) -> None:
    double = "<|endoftext|><|endoftext|>"
    tok = Tokenizer.from_gpt2_files(
        fixtures / "gpt2_vocab.json", fixtures / "gpt2_merges.txt", ["<|endoftext|>", double]
    )
    ids = tok.encode(f"a{double}b<|endoftext|>c{double}<|endoftext|>")
    d, s = tok.special_tokens[double], tok.special_tokens["<|endoftext|>"]
    assert [i for i in ids if i in (d, s)] == [d, s, d, s]
    assert tok.decode(ids) == f"a{double}b<|endoftext|>c{double}<|endoftext|>"
    # Order of registration does not matter.
    rev = Tokenizer.from_gpt2_files(
        fixtures / "gpt2_vocab.json", fixtures / "gpt2_merges.txt", [double, "<|endoftext|>"]
    )
    assert [rev.vocab[i] for i in rev.encode(double + "<|endoftext|>")] == [double.encode(), b"<|endoftext|>"]


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


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
def test_every_openai_token_encodes_to_itself(name: str, openai: dict) -> None:
    """tiktoken maps a piece that is a token straight to it; our merge rule must agree, and it
    does when every token's bytes merge back into that very token. Checked for all tokens:
    this is what makes the whole-piece shortcut in Encoder.ids_of exact."""
    from bpe_engine.encode.batch import bpe_many

    tok = openai[name]
    ids = [i for i in tok.vocab if not tok.is_special(i)]
    results = bpe_many(tok.encoder.tables, [tok.vocab[i] for i in ids])
    assert [i for i, r in zip(ids, results) if r != (i,)] == []
