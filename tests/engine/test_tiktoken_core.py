"""Encoding on tiktoken's compiled core: every tokenizer that it reproduces exactly (OpenAI's
encodings, rank files with their pattern: Qwen, Llama 3's tokenizer.model, Tekken; our
trained tokenizers under the rank rule) encodes long texts there, with the reference
library's ids; ``tiktoken_equivalent()`` says why any other is refused.

Texts from ``_CORE_MIN`` characters on take the core on their own; the Hypothesis tests lower
the thresholds (``core_always``) so that every short string takes it too, and compare with a
``tiktoken.Encoding`` built here from the file, independently of the engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bpe_engine import Tokenizer, load_tokenizer, tokenizer_core, train_bpe
from bpe_engine.errors import PretokenizerError, SpecialTokenError

from ..conftest import SHARED, shared_path, tiktoken_encoding
from .conftest import EOT, training_text
from .formats_support import (
    QWEN_PATTERN,
    QWEN_SPECIALS,
    data_texts,
    llama_reference,
    qwen_reference,
    rank_file,
    shared_tokenizer,
    tekken_reference,
)
from .test_formats_rankfiles import _tekken, _write_ranks

tiktoken = pytest.importorskip("tiktoken")

LONG = tokenizer_core._CORE_MIN
# Special-token text among ordinary text, so that allowed/disallowed matter.
SNIPPETS = [EOT, "<|im_start|>", "<|im_end|>", "<|extra_3|>", "<s>", "[INST]", " 's", "\r\n", "  \n", "१२३", "國語"]
texts = st.lists(st.one_of(st.text(max_size=30), st.sampled_from(SNIPPETS)), max_size=12).map("".join)
HYPOTHESIS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)


@pytest.fixture
def core_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text, however short, goes to the core when the tokenizer is equivalent."""
    monkeypatch.setattr(tokenizer_core, "_CORE_MIN", 0)
    monkeypatch.setattr(tokenizer_core, "_CORE_BUILT_MIN", 0)


def _long_text(texts: list[tuple[str, str]], specials: list[str]) -> str:
    """The texts joined by special tokens, repeated to at least LONG characters."""
    one = (specials[0] if specials else "\n").join(t for _, t in texts)
    return one * (LONG // len(one) + 1)


def _corpus_heads() -> list[tuple[str, str]]:
    """``(name, text)``: the first 2 MB of the English, Chinese and code corpora (LONG
    characters at least, so the core takes them without help) and 400 KB of the others."""
    folder = shared_path("corpora", "the big shared corpora")
    out = []
    for path in sorted(folder.glob("*.txt")):
        size = 2_000_000 if path.name.startswith(("en_mix", "zh_", "code_")) else 400_000
        with open(path, "rb") as f:
            out.append((path.name, f.read(size).decode("utf-8", errors="ignore")))
    return out


def _same_ids(tok: Tokenizer, ref: Any, text: str, offset: int = 0) -> None:
    """Ours and the reference agree on ``text`` with every treatment of special tokens."""
    shift = (lambda ids: [i + offset for i in ids]) if offset else (lambda ids: ids)
    assert tok.encode_ordinary(text) == shift(ref.encode_ordinary(text))
    if offset:  # Mistral's own encoder never matches special tokens in text
        return
    assert tok.encode(text, allowed_special="all") == ref.encode(text, allowed_special="all")
    some = set(list(tok.special_tokens)[:2])
    assert tok.encode(text, allowed_special=some, disallowed_special=()) == ref.encode(
        text, allowed_special=some, disallowed_special=()
    )
    try:
        expected = ref.encode(text)
    except ValueError:
        with pytest.raises(SpecialTokenError):
            tok.encode(text)
    else:
        assert tok.encode(text) == expected


# -- small rank files of our own (no ../shared needed) -------------------------------------


@pytest.fixture(scope="module")
def small_rank_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A trained vocabulary written as a rank file, to be read with Qwen's pattern."""
    trained = train_bpe(None, 256 + 1 + 400, [EOT], text=training_text(), pretokenizer="cl100k")
    ranks = {b: i for i, b in trained.vocab.items() if not trained.is_special(i)}
    return _write_ranks(tmp_path_factory.mktemp("core") / "small.tiktoken", ranks)


def _small_pair(path: Path) -> tuple[Tokenizer, Any]:
    specials = {EOT: 657, "<|im_start|>": 658, "<|im_end|>": 659}
    ours = load_tokenizer(path, pattern=QWEN_PATTERN, special_tokens=specials)
    assert isinstance(ours, Tokenizer)
    # Built from a dict (not tiktoken.load): tiktoken writes nothing into its cache.
    ref = tiktoken.Encoding("small", pat_str=QWEN_PATTERN, mergeable_ranks=rank_file(path), special_tokens=specials)
    return ours, ref


def test_a_rank_file_with_a_custom_pattern_runs_on_the_core(small_rank_file: Path, tmp_path: Path) -> None:
    ours, ref = _small_pair(small_rank_file)
    assert ours.tiktoken_equivalent() is None
    text = _long_text(data_texts(), [EOT])
    assert len(text) >= LONG
    _same_ids(ours, ref, text)
    assert ours._tiktoken_encoding is not None  # the long text built the core
    (tmp_path / "long.txt").write_text(text, encoding="utf-8")
    assert ours.encode_file(tmp_path / "long.txt", backend="tiktoken").tolist() == ref.encode(
        text, allowed_special="all"
    )


def test_a_short_text_does_not_build_the_core_once_the_merges_are_made(small_rank_file: Path) -> None:
    ours, ref = _small_pair(small_rank_file)
    ours.merge_ids()  # before, a rank table goes to the core whatever the length (issue 21)
    for _, text in data_texts():
        short = text[: tokenizer_core._CORE_BUILT_MIN * 2]
        assert ours.encode_ordinary(short) == ref.encode_ordinary(short)
    assert ours._tiktoken_encoding is None


@HYPOTHESIS
@given(text=texts)
def test_a_small_rank_file_on_the_core_equals_tiktoken(small_rank_file: Path, core_always: None, text: str) -> None:
    ours, ref = _small_pair(small_rank_file)
    _same_ids(ours, ref, text)


def test_lone_surrogates_on_the_core_with_a_custom_pattern_follow_tiktoken(
    small_rank_file: Path, core_always: None
) -> None:
    """The core's checked path (a custom pattern) repairs lone surrogates as tiktoken's
    ``encode`` does (tiktoken's ``encode_to_numpy`` raises on them)."""
    ours, ref = _small_pair(small_rank_file)
    for text in ("a\ud800b", "x\ud83d\udc4dy \udfff", "\ud800" + EOT + " the\udc00"):
        assert ours.encode(text, allowed_special="all") == ref.encode(text, allowed_special="all")
        assert ours.encode_ordinary(text) == ref.encode_ordinary(text)


def test_a_small_tekken_file_runs_on_the_core(tmp_path: Path) -> None:
    trained = train_bpe(None, 256 + 300, [], text=training_text(), pretokenizer="o200k")
    ranks = {b: i for i, b in trained.vocab.items()}
    path = tmp_path / "tekken.json"
    path.write_text(json.dumps(_tekken(ranks, vocab_size=40 + len(ranks), specials=40)), encoding="utf-8")
    ours = load_tokenizer(path)
    ref, offset = tekken_reference(path)
    assert ours.tiktoken_equivalent() is None
    _same_ids(ours, ref, _long_text(data_texts(), []), offset)


# -- the real files of ../shared ------------------------------------------------------------


def _qwen() -> tuple[Tokenizer, Any]:
    ours = load_tokenizer(shared_tokenizer("qwen.tiktoken"), pattern=QWEN_PATTERN, special_tokens=QWEN_SPECIALS)
    assert isinstance(ours, Tokenizer)
    return ours, qwen_reference()


def _llama3() -> tuple[Tokenizer, Any]:
    ours = load_tokenizer(shared_tokenizer("llama3.2_tokenizer.model"))
    assert isinstance(ours, Tokenizer)
    return ours, llama_reference()


def _openai(name: str) -> tuple[Tokenizer, Any]:
    ref = tiktoken_encoding(name)
    return Tokenizer.from_tiktoken(name), ref


REAL = {"qwen": _qwen, "llama3 tokenizer.model": _llama3, "o200k": lambda: _openai("o200k_base")}


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(REAL))
def test_real_rank_files_on_corpus_heads(kind: str) -> None:
    ours, ref = REAL[kind]()
    # o200k is the process's one instance: an app test in this process may have given it the
    # app's builder (cores in a helper process); this test is of the core made here.
    ours.use_core_builder(None)
    assert ours.tiktoken_equivalent() is None
    for name, text in _corpus_heads():
        if len(text) >= LONG:
            _same_ids(ours, ref, text)
        else:
            assert ours.encode(text, allowed_special="all") == ref.encode(text, allowed_special="all"), name
    assert ours._tiktoken_encoding is not None


@pytest.mark.slow
def test_tekken_on_corpus_heads() -> None:
    path = shared_tokenizer("mistral_tekken_240718.json")
    ours = load_tokenizer(path)
    ref, offset = tekken_reference(path)
    assert ours.tiktoken_equivalent() is None
    for name, text in _corpus_heads():
        assert ours.encode_ordinary(text) == [i + offset for i in ref.encode_ordinary(text)], name


@pytest.fixture(scope="module")
def real_pairs() -> dict[str, tuple[Tokenizer, Any, int]]:
    pairs: dict[str, tuple[Tokenizer, Any, int]] = {}
    if not (SHARED / "tokenizers").is_dir():
        pytest.skip("../shared/tokenizers is absent")
    for kind, make in REAL.items():
        ours, ref = make()
        pairs[kind] = (ours, ref, 0)
    path = shared_tokenizer("mistral_tekken_240718.json")
    ref, offset = tekken_reference(path)
    pairs["tekken"] = (load_tokenizer(path), ref, offset)  # type: ignore[assignment]
    return pairs


@pytest.mark.slow
@HYPOTHESIS
@given(text=texts)
def test_real_files_on_the_core_equal_their_reference(real_pairs: dict, core_always: None, text: str) -> None:
    for ours, ref, offset in real_pairs.values():
        _same_ids(ours, ref, text, offset)


# -- refusals and their reasons --------------------------------------------------------------


def test_merges_out_of_rank_order_are_refused() -> None:
    vocab = {b: bytes([b]) for b in range(256)} | {257: b"ab", 256: b"bc"}
    tok = Tokenizer(vocab, [(b"a", b"b"), (b"b", b"c")], pretokenizer="cl100k")
    reason = tok.tiktoken_equivalent() or ""
    assert reason.startswith("token ids do not follow the merge order (merge 1 makes id 256, but merge 0 makes id 257)")
    ref = tiktoken.Encoding(
        "x", pat_str=tok_pattern("cl100k"), mergeable_ranks={b: i for i, b in vocab.items()}, special_tokens={}
    )
    # The reason is real: tiktoken merges "bc" first (the lower id), we merge "ab" first.
    assert ref.encode("abc") == [ord("a"), 256] and tok.encode("abc") == [257, ord("c")]


def test_merges_tiktoken_would_not_rebuild_are_refused() -> None:
    vocab = {b: bytes([b]) for b in range(256)} | {256: b"ab", 257: b"bc", 258: b"abc"}
    tok = Tokenizer(vocab, [(b"a", b"b"), (b"b", b"c"), (b"a", b"bc")], pretokenizer="cl100k")
    reason = tok.tiktoken_equivalent() or ""
    assert "would not rebuild" in reason and "merge 2: ours (b'a', b'bc'), tiktoken's (b'ab', b'c')" in reason
    ref = tiktoken.Encoding(
        "x", pat_str=tok_pattern("cl100k"), mergeable_ranks={b: i for i, b in vocab.items()}, special_tokens={}
    )
    assert ref.encode("abc") == [258] and tok.encode("abc") == [256, ord("c")]


def test_a_custom_regex_of_our_training_stays_on_our_encoder(tmp_path: Path) -> None:
    tok = train_bpe(None, 300, [EOT], text=training_text(), pretokenizer=f"regex:{QWEN_PATTERN}")
    assert "custom pre-tokenizer regex" in (tok.tiktoken_equivalent() or "")
    text = _long_text(data_texts(), [EOT])
    assert tok.decode(tok.encode(text, allowed_special="all")) == text
    assert tok._tiktoken_encoding is None


def test_a_pattern_tiktoken_cannot_compile_is_refused(small_rank_file: Path) -> None:
    tok = load_tokenizer(small_rank_file, pattern=r"\m\w+|\s+|.", special_tokens={})
    assert "cannot compile the pattern" in (tok.tiktoken_equivalent() or "")
    with pytest.raises(ValueError):
        tiktoken.Encoding("x", pat_str=r"\m\w+|\s+|.", mergeable_ranks=rank_file(small_rank_file), special_tokens={})
    text = "hello world " * (LONG // 12 + 1)
    assert tok.decode(tok.encode(text)) == text


def test_a_pattern_the_core_gives_up_on_falls_back_to_our_encoder(small_rank_file: Path, core_always: None) -> None:
    """fancy-regex's backtracking limit panics inside tiktoken (a BaseException from Rust); our
    encoder takes the text and says what is wrong with the pattern, under its time limit."""
    pattern = r"(?:a|aa)+(?=b)|(?s:.)"
    tok = load_tokenizer(small_rank_file, pattern=pattern, special_tokens={})
    assert tok.tiktoken_equivalent() is None
    with pytest.raises(BaseException, match="BacktrackLimitExceeded"):
        tok.tiktoken_encoding().encode_ordinary("a" * 60 + "c")
    with pytest.raises(PretokenizerError, match="takes too long on this text"):
        tok.encode("a" * 60 + "c")
    assert tok.encode("ab a") == [ord(c) for c in "ab a"]  # the core again


def test_a_pattern_that_drops_characters_is_refused(small_rank_file: Path) -> None:
    tok = load_tokenizer(small_rank_file, pattern=r"\w+| ", special_tokens={})
    assert "leaves some characters unmatched (for example '\\x01')" in (tok.tiktoken_equivalent() or "")


def test_text_a_pattern_leaves_unmatched_is_kept(small_rank_file: Path, tmp_path: Path) -> None:
    """tiktoken drops what the pattern does not match (here only a snowman, which the probe
    of tiktoken_equivalent() does not hold); we keep it: the core's ids are checked to hold
    every byte, and our encoder answers where they do not, in encode and encode_file alike."""
    pattern = "[^\u2603]+"
    tok = load_tokenizer(small_rank_file, pattern=pattern, special_tokens={})
    assert tok.tiktoken_equivalent() is None
    ref = tiktoken.Encoding("x", pat_str=pattern, mergeable_ranks=rank_file(small_rank_file), special_tokens={})
    text = ("snow \u2603 man " * 100 + "\n") * (LONG // 1000 + 1)
    assert ref.decode(ref.encode(text)) != text  # tiktoken lost the snowmen
    ids = tok.encode(text)
    assert tok.decode(ids) == text and tok._core is not None
    (tmp_path / "snow.txt").write_text(text, encoding="utf-8")
    assert tok.encode_file(tmp_path / "snow.txt", backend="tiktoken").tolist() == ids
    plain = "no snowmen here " * (LONG // 16 + 1)
    assert tok.encode(plain) == ref.encode(plain)


def test_a_very_long_piece_stays_on_our_encoder(small_rank_file: Path) -> None:
    """tiktoken's merge of one piece grows faster than its length (2 MB of letters: 17 s,
    ours 4 s): text that may hold a piece of 128 Ki characters goes to our encoder."""
    import random

    ours, ref = _small_pair(small_rank_file)
    rng = random.Random(3)
    letters = "".join(rng.choice("lowerstin") for _ in range(300_000))
    for text in (letters, " " * 300_000, "漢字" * 150_000):
        assert ours.core_encoder().encode(text, frozenset()) is None
        assert ours.encode_ordinary(text) == ref.encode_ordinary(text)
    assert ours.core_encoder().encode(letters[:60_000], frozenset()) == ref.encode_ordinary(letters[:60_000])


def test_hugging_face_pair_priorities_are_refused() -> None:
    path = shared_tokenizer("llama3.2_tokenizer.json")
    reason = load_tokenizer(path).tiktoken_equivalent() or ""
    assert reason.startswith("its merges are Hugging Face's pair priorities")


def tok_pattern(name: str) -> str:
    from bpe_engine.formats.base import OPENAI_PATTERNS

    return OPENAI_PATTERNS[name]


def test_the_cores_ranks_are_the_ordinary_tokens_even_when_a_special_token_is_spelled_as_one() -> None:
    """tiktoken's core gets every ordinary token's bytes with its rank and no special token's
    (a special token spelled as an ordinary token keeps the ordinary one's rank), as the
    reference built from the same parts."""
    ranks = {bytes([b]): b for b in range(256)} | {b"ab": 256, b"abab": 257}
    for specials in ({"<|end|>": 258, "<|also end|>": 258}, {"ab": 258}):
        tok = Tokenizer.from_ranks(ranks, r"\S+|\s+", specials, name="spelled")
        enc = tok.tiktoken_encoding()
        assert enc._mergeable_ranks == ranks
        reference = tiktoken.Encoding("reference", pat_str=r"\S+|\s+", mergeable_ranks=ranks, special_tokens=specials)
        for text in ["ab", "x ab abab", "ab<|end|>abab"]:
            assert tok.encode(text, allowed_special="all") == reference.encode(text, allowed_special="all")
            assert tok.encode_ordinary(text) == reference.encode_ordinary(text)


def _tiktoken_of(recipe: Any) -> Any:
    """A core builder: tiktoken's own encoding of the recipe (here, not in a helper process)."""
    return tiktoken.Encoding(
        recipe.name,
        pat_str=recipe.pattern,
        mergeable_ranks=dict(recipe.ranks),
        special_tokens=dict(recipe.special_tokens),
    )


def test_a_core_being_built_keeps_no_other_tokenizer_waiting(small_rank_file: Path) -> None:
    # The app's GUI thread gives each tokenizer it adopts the builder (cores in a helper
    # process); it waited on one lock for every tokenizer while another's core was built
    # there (0.1-0.7 s: a paste's turn stalled 40-50 ms, issue 20 F).
    import threading

    slow, other = _small_pair(small_rank_file)[0], _small_pair(small_rank_file)[0]
    building, release = threading.Event(), threading.Event()

    def held_builder(recipe: Any) -> Any:
        building.set()
        release.wait(60)
        return _tiktoken_of(recipe)

    slow.use_core_builder(held_builder)
    threading.Thread(target=slow.core_encoder, daemon=True).start()
    assert building.wait(60)
    done = threading.Event()

    def adopt_other() -> None:
        other.use_core_builder(_tiktoken_of)
        other.core_encoder()
        done.set()

    threading.Thread(target=adopt_other, daemon=True).start()
    try:
        assert done.wait(60), "the other tokenizer waited for the slow build"
        assert not release.is_set()
    finally:
        release.set()
    _, ref = _small_pair(small_rank_file)
    text = _long_text(data_texts(), [EOT])
    assert other.core_encoder().encode(text, frozenset({EOT})) == ref.encode(text, allowed_special={EOT})


def test_a_builder_let_go_while_its_core_is_made_leaves_no_core_of_it(small_rank_file: Path, monkeypatch) -> None:
    # (the app's window closing while a job made a core in the helper process: the tokenizer
    # kept the closed helper's core, and its long texts went there and fell back each time)
    from bpe_engine.encode import core as core_module

    tok, ref = _small_pair(small_rank_file)
    made = core_module.CoreEncoder.of

    def of_then_let_go(*args: Any, **kwargs: Any) -> Any:
        made_core = made(*args, **kwargs)
        tok.use_core_builder(None)  # (what registry.close does meanwhile)
        return made_core

    tok.use_core_builder(_tiktoken_of)
    monkeypatch.setattr(core_module.CoreEncoder, "of", of_then_let_go)
    core = tok.core_encoder()
    assert core.local and tok._core is core  # made here once the builder was let go
    text = _long_text(data_texts(), [EOT])
    assert core.encode(text, frozenset({EOT})) == ref.encode(text, allowed_special={EOT})
