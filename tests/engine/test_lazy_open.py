"""Opening a rank table without its merges (issue 21): OpenAI's encodings, rank files and
Tekken are opened with their vocabulary only, and their merges are rebuilt from the ranks on
first use. After such a lazy open the ids are tiktoken's, and the merges, once made, are the
ones the eager path (every merge checked by ``Tokenizer.__init__``) makes of the same ranks,
whichever thread, process or cache makes them. The fast reader of rank files agrees with the
line-by-line one on every file, good or damaged."""

from __future__ import annotations

import base64
import pickle
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bpe_engine import Tokenizer, load_tokenizer, train_bpe
from bpe_engine.errors import TokenizerFileError
from bpe_engine.formats.tiktoken import _parse_ranks_slowly, merge_ids_from_ranks, parse_ranks

from .conftest import EOT, training_text

TEXTS = [
    "Hello world! It's 2024, isn't it?\n\n  indented\tcode = f(x) # comment",
    "國語 日本語 Жизнь 🤚🏾 👍 naïve café",
    "def f(x):\n    return x ** 2  # squares\n" * 3,
    "",
]


@pytest.fixture(autouse=True)
def no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BPE_EXPLORER_CACHE", "0")  # the lazy open itself, not a cached one


@pytest.fixture(scope="module")
def rank_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small trained tokenizer exported as a rank file (with its sidecar)."""
    folder = tmp_path_factory.mktemp("lazy")
    tok = train_bpe(None, 256 + 1 + 300, [EOT], text=training_text(), pretokenizer="cl100k")
    return Path(tok.export(folder / "r.tiktoken", "tiktoken")[0])


def eager_twin(tok: Tokenizer) -> Tokenizer:
    """The tokenizer ``Tokenizer.__init__`` builds (and checks) from ``tok``'s ranks."""
    specials = set(tok.special_tokens.values())
    ranks = {b: i for i, b in tok.vocab.items() if i not in specials}
    merge_ids = merge_ids_from_ranks(ranks, strict=not tok.merge_rule.rank_splits)
    vocab = {i: b for i, b in tok.vocab.items() if i not in specials}
    return Tokenizer(
        vocab,
        [(vocab[a], vocab[b]) for a, b in merge_ids],
        dict(tok.special_tokens),
        pretokenizer=tok.pretokenizer,
        merge_ids=merge_ids,
        merge_rule=tok.merge_rule,
        name=tok.name,
    )


def lazy(tok: Tokenizer) -> bool:
    return not tok.encoder.tables.merges_ready


def test_a_rank_file_opens_lazily_and_encodes_as_its_eager_twin(rank_file: Path) -> None:
    tok = load_tokenizer(rank_file)
    assert isinstance(tok, Tokenizer) and lazy(tok)
    twin = eager_twin(tok)
    for text in TEXTS:
        assert tok.encode(text, allowed_special="all") == twin.encode(text, allowed_special="all")
    assert lazy(tok)  # tiktoken's core answered without the merges (issue 21)
    tok.merge_ids()
    assert not lazy(tok)
    for text in TEXTS:
        assert tok.encode(text, allowed_special="all") == twin.encode(text, allowed_special="all")
    assert tok.merges == twin.merges
    assert tok.merge_ids() == twin.merge_ids()
    assert tok.merge_counts == [None] * len(twin.merges)
    assert tok.vocab_size_after(len(tok.merges)) == twin.vocab_size_after(len(twin.merges))
    assert tok.bpe_steps("tokenization") == twin.bpe_steps("tokenization")


def test_an_openai_encoding_opens_lazily_with_tiktokens_ids(tiktoken_encodings: Any) -> None:
    from bpe_engine import tokenizer as tokenizer_module

    enc = tiktoken_encodings["r50k_base"]
    saved = dict(tokenizer_module._openai)
    tokenizer_module._openai.pop("r50k_base", None)  # not the one this process built already
    try:
        tok = Tokenizer.from_tiktoken("r50k_base")
    finally:
        tokenizer_module._openai.clear()
        tokenizer_module._openai.update(saved)
    assert lazy(tok)
    assert tok.vocab == {**{r: b for b, r in enc._mergeable_ranks.items()}, 50256: EOT.encode()}
    for text in TEXTS:
        assert tok.encode(text, allowed_special="all") == enc.encode(text, allowed_special="all")
    # Each merge joins two lower-ranked tokens into the token of its rank, once per token.
    vocab = tok.vocab
    for a, b, z in tok.merge_ids():
        assert vocab[a] + vocab[b] == vocab[z] and a < z and b < z
    assert len({z for _, _, z in tok.merge_ids()}) == len(tok.merges) == 50000


def test_a_lazy_openai_encoding_encodes_short_texts_without_making_its_merges(tiktoken_encodings: Any) -> None:
    """Compare's columns show an OpenAI encoding's ids right after the open (issue 21): a short
    text goes to tiktoken's core, whose ids are tiktoken's, and the merges stay unmade."""
    from bpe_engine import tokenizer as tokenizer_module

    enc = tiktoken_encodings["cl100k_base"]
    saved = dict(tokenizer_module._openai)
    tokenizer_module._openai.pop("cl100k_base", None)
    try:
        tok = Tokenizer.from_tiktoken("cl100k_base")
    finally:
        tokenizer_module._openai.clear()
        tokenizer_module._openai.update(saved)
    for text in TEXTS:
        assert tok.encode(text, allowed_special="all") == enc.encode(text, allowed_special="all")
        assert tok.encode(text, disallowed_special=()) == enc.encode(text, disallowed_special=())
    assert lazy(tok)  # the merges were not needed
    tok.merge_ids()
    assert not lazy(tok)
    for text in TEXTS:  # and once made, our encoder gives the same ids
        assert tok.encode(text, allowed_special="all") == enc.encode(text, allowed_special="all")


def test_threads_asking_for_the_merges_at_once_get_the_same_ones(rank_file: Path) -> None:
    tok = load_tokenizer(rank_file)
    assert isinstance(tok, Tokenizer) and lazy(tok)
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda _: tok.merge_ids(), range(4)))
    assert all(g == got[0] for g in got) and got[0] == eager_twin(tok).merge_ids()


def test_a_lazy_tokenizer_travels_to_a_worker_with_its_merges(rank_file: Path) -> None:
    tok = load_tokenizer(rank_file)
    assert isinstance(tok, Tokenizer) and lazy(tok)
    copy = pickle.loads(pickle.dumps(tok))
    assert copy.merges == tok.merges and not lazy(copy)
    for text in TEXTS:
        assert copy.encode_ordinary(text) == tok.encode_ordinary(text)


def test_tekken_opens_lazily_with_mistral_commons_ids(shared: Path) -> None:
    import json

    import tiktoken

    path = shared / "tokenizers" / "mistral_tekken_240718.json"
    tok = load_tokenizer(path)
    assert isinstance(tok, Tokenizer) and lazy(tok)
    data = json.loads(path.read_text(encoding="utf-8"))
    cfg = data["config"]
    count = cfg["default_num_special_tokens"]
    inner = cfg["default_vocab_size"] - count
    ranks = {base64.b64decode(v["token_bytes"]): i for i, v in enumerate(data["vocab"][:inner])}
    enc = tiktoken.Encoding("tekken", pat_str=cfg["pattern"], mergeable_ranks=ranks, special_tokens={})
    for text in TEXTS:
        assert tok.encode_ordinary(text) == [i + count for i in enc.encode_ordinary(text)]


GOOD = b"YQ== 0\nYg== 1\nYWI= 2\n"


@pytest.mark.parametrize(
    "data",
    [
        GOOD,
        GOOD.rstrip(b"\n"),
        GOOD.replace(b"\n", b"\r\n"),  # CRLF: line by line
        GOOD.replace(b"\nYg", b"\n\nYg"),  # a blank line
        GOOD.replace(b" 1\n", b"  1\n"),  # two spaces
        GOOD.replace(b"Yg== 1", b"Yg== 1 7"),  # three fields
        GOOD.replace(b"Yg== 1\n", b"Yg==\n1\n"),  # a field per line
        GOOD.replace(b"Yg== 1", b"Y@== 1"),  # not base64
        GOOD.replace(b"Yg== 1", b"Yg== -1"),  # a negative rank
        GOOD.replace(b"Yg== 1", b"Yg== 0"),  # a rank twice
        GOOD.replace(b"Yg== 1", b"YQ== 1"),  # a token twice
        b"",
        b"\n\n",
    ],
)
def test_the_fast_rank_reader_agrees_with_the_line_by_line_one(data: bytes) -> None:
    def read(parse: Any) -> Any:
        try:
            return parse(data, "f.tiktoken")
        except TokenizerFileError as exc:
            return str(exc)

    assert read(parse_ranks) == read(_parse_ranks_slowly)
