"""tiktoken rank files and Mistral's Tekken files: tiktoken's ids.

A rank file holds no pattern and no special tokens: they come from the arguments, a sidecar,
a tokenizer.json / tokenizer_config.json beside it, or a known OpenAI name; without them the
error says what to pass. Rank files other than OpenAI's merge by tiktoken's own rule
(``rank_splits``), which the hand-made vocabulary below needs: a token its own bytes never
reach by lower-ranked merges.
"""

from __future__ import annotations

import base64
import json
import pickle
from pathlib import Path

import pytest

from bpe_engine import Tokenizer, load_tokenizer, train_bpe
from bpe_engine.errors import ConfigError, PatternNeededError, TokenizerFileError

from ..conftest import tiktoken_encoding
from .conftest import EOT, training_text
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


def _write_ranks(path: Path, ranks: dict[bytes, int]) -> Path:
    path.write_bytes(b"".join(base64.b64encode(t) + b" %d\n" % r for t, r in sorted(ranks.items(), key=lambda x: x[1])))
    return path


def _odd_ranks() -> dict[bytes, int]:
    """Bytes, then tokens where ``.:.:`` ranks before ``.:.`` and ``:.``: its own bytes merge to
    ``.:`` + ``.`` + ``:`` and stop, so only tiktoken's rule (any two parts that make a token)
    reaches it, through ``.:.`` + ``:``."""
    ranks = {bytes([b]): b for b in range(256)}
    for token in [b".:", b"ab", b".:.:", b":.", b".:.", b"abab", b"  ", b"    ", b"   "]:
        ranks[token] = len(ranks)
    return ranks


def test_a_vocabulary_only_tiktokens_rule_reaches(tmp_path: Path) -> None:
    ranks = _odd_ranks()
    path = _write_ranks(tmp_path / "odd.tiktoken", ranks)
    pattern = r"\S+|\s+"
    ours = load_tokenizer(path, pattern=pattern, special_tokens={"<|eot|>": 300})
    assert isinstance(ours, Tokenizer) and ours.rank_splits
    ref = tiktoken.Encoding("odd", pat_str=pattern, mergeable_ranks=ranks, special_tokens={"<|eot|>": 300})
    texts = [(t, t) for t in [".:.:", ".:.:.:", "x.:.:.y", ".:.", "abababab", " " * 11, ".:<|eot|>.:.:"]]
    texts += [(f"g{k}", s) for k, s in enumerate(generated_strings(300))]
    assert (
        first_difference(
            "odd",
            texts,
            lambda t: ours.encode(t, allowed_special="all"),
            lambda t: ref.encode(t, allowed_special="all"),
        )
        is None
    )


def test_the_error_says_what_to_pass(tmp_path: Path) -> None:
    path = _write_ranks(tmp_path / "mine.tiktoken", _odd_ranks())
    with pytest.raises(TokenizerFileError, match="pass pattern='<regex>' and special_tokens="):
        load_tokenizer(path)
    with pytest.raises(TokenizerFileError, match="--pattern REGEX and --special-token NAME=ID"):
        load_tokenizer(path)


def test_a_missing_pattern_is_its_own_error_with_what_was_found(tmp_path: Path) -> None:
    """PatternNeededError (a TokenizerFileError) lets a program ask for the pattern only: it
    carries the special tokens found beside the file and where, and survives pickling."""
    path = _write_ranks(tmp_path / "tokenizer.model", _odd_ranks())
    with pytest.raises(PatternNeededError) as bare:
        load_tokenizer(path)
    assert (bare.value.path, bare.value.special_tokens, bare.value.found_in) == (str(path), {}, "")
    config = {"added_tokens_decoder": {"265": {"content": "<|b|>", "special": True}}, "tokenizer_class": "X"}
    (tmp_path / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(PatternNeededError) as found:
        load_tokenizer(path)
    assert found.value.special_tokens == {"<|b|>": 265} and found.value.found_in == "tokenizer_config.json"
    copy = pickle.loads(pickle.dumps(found.value))
    assert (copy.path, copy.special_tokens, copy.found_in, str(copy)) == (
        str(path),
        {"<|b|>": 265},
        "tokenizer_config.json",
        str(found.value),
    )
    tok = load_tokenizer(path, pattern=r"\S+|\s+")
    assert tok.special_tokens == {"<|b|>": 265} and tok.pretokenizer.spec == r"regex:\S+|\s+"


def test_settings_beside_a_rank_file(tmp_path: Path) -> None:
    """A tokenizer.json beside the file gives its Split regex, a tokenizer_config.json its
    added tokens (as Llama 3 ships them); a name list gets the ids after the last rank."""
    ranks = _odd_ranks()
    path = _write_ranks(tmp_path / "tokenizer.model", ranks)
    hf_json = {
        "model": {"type": "BPE", "vocab": {}, "merges": []},
        "pre_tokenizer": {
            "type": "Sequence",
            "pretokenizers": [
                {"type": "Split", "pattern": {"Regex": r"\S+|\s+"}, "behavior": "Isolated", "invert": False},
                {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False},
            ],
        },
        "added_tokens": [{"id": 400, "content": "<|a|>", "special": True}],
    }
    (tmp_path / "tokenizer.json").write_text(json.dumps(hf_json), encoding="utf-8")
    tok = load_tokenizer(path)
    assert tok.pretokenizer.spec == r"regex:\S+|\s+" and tok.special_tokens == {"<|a|>": 400}
    config = {"added_tokens_decoder": {"265": {"content": "<|b|>", "special": True}}, "tokenizer_class": "X"}
    (tmp_path / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    assert load_tokenizer(path).special_tokens == {"<|b|>": 265}
    assert load_tokenizer(path, special_tokens=["<x>", "<y>"]).special_tokens == {"<x>": 265, "<y>": 266}
    with pytest.raises(TokenizerFileError, match="is a tokenizer_config.json"):
        load_tokenizer(tmp_path / "tokenizer_config.json")


def test_settings_are_read_from_a_tokenizer_json_head(tmp_path: Path) -> None:
    """Written as Hugging Face writes it ("model" last), a tokenizer.json beside a rank file
    gives the same settings whether or not its model is parsed: it is not (the settings of
    Llama 3.2's are its first 55 KB of 8 MB); any doubt and the whole file is parsed."""
    from bpe_engine.formats.jsonfile import parse_json_head

    pre = {"type": "Split", "pattern": {"Regex": r"\S+|\s+"}, "behavior": "Isolated", "invert": False}
    head = {
        "version": "1.0",
        "added_tokens": [{"id": 400, "content": "<|a|>", "special": True}],
        "pre_tokenizer": {"type": "Sequence", "pretokenizers": [pre]},
        "post_processor": {"type": "TemplateProcessing", "single": [{"SpecialToken": {"id": "<|a|>", "type_id": 0}}]},
    }
    model = {"type": "BPE", "vocab": {"x": 0}, "merges": ["a b"]}
    text = json.dumps({**head, "model": model}, indent=2)
    assert parse_json_head(text.encode(), "model", ("pre_tokenizer",)) == {**head, "model": {}}
    # Not read alone: a wanted key's name after the model, the model not an object or absent, damage.
    later = json.dumps({"model": model, **head})
    for bad in (
        later,
        text.replace('"model": {', '"model": ['),
        json.dumps(head),
        text[:40],
        "[1]",
        '{"a": 1, "a": 2, "model": {}}',
    ):
        assert parse_json_head(bad.encode(), "model", ("pre_tokenizer",)) is None, bad[:60]
    path = _write_ranks(tmp_path / "tokenizer.model", _odd_ranks())
    hf = tmp_path / "tokenizer.json"
    hf.write_text(text, encoding="utf-8")
    whole = load_tokenizer(path)
    assert whole.pretokenizer.spec == r"regex:\S+|\s+" and whole.special_tokens == {"<|a|>": 400}
    hf.write_text(text.replace('"merges": [', '"merges": [}{'), encoding="utf-8")  # the model damaged
    tok = load_tokenizer(path)
    assert (tok.pretokenizer.spec, tok.special_tokens, tok.bos) == (
        whole.pretokenizer.spec,
        whole.special_tokens,
        whole.bos,
    )
    assert tok.bos == "<|a|>"
    hf.write_text(later, encoding="utf-8")  # read whole: the same settings
    assert load_tokenizer(path).special_tokens == {"<|a|>": 400}


def test_an_openai_name_gives_its_settings(tmp_path: Path) -> None:
    enc = tiktoken_encoding("gpt2")  # from tiktoken's cache; skipped, saying how to get it, if absent
    path = _write_ranks(tmp_path / "gpt2.tiktoken", enc._mergeable_ranks)
    tok = load_tokenizer(path)
    assert tok.pretokenizer.spec == "gpt2" and tok.special_tokens == {EOT: 50256}


def test_our_export_round_trips_through_its_sidecar(tmp_path: Path) -> None:
    trained = train_bpe(None, 256 + 1 + 200, [EOT], text=training_text(), pretokenizer="cl100k")
    ranks_path, sidecar = trained.export(tmp_path / "mine.tiktoken", "tiktoken")
    for opened in (ranks_path, sidecar):
        back = load_tokenizer(opened)
        assert back.special_tokens == trained.special_tokens
        for text in generated_strings(100):
            assert back.encode(text, allowed_special="all") == trained.encode(text, allowed_special="all")
    with pytest.raises(ConfigError, match="holds its own"):
        load_tokenizer(sidecar, pattern="x")


DAMAGED_RANKS = {
    "bad base64": b"IQ== 0\n!!! 1\n",
    "no rank": b"IQ==\n",
    "negative rank": b"IQ== -1\n",
    "a rank twice": b"IQ== 0\nIg== 0\n",
    "missing bytes": b"IQ== 0\nIg== 1\n",
}


@pytest.mark.parametrize("case", list(DAMAGED_RANKS))
def test_damaged_rank_files(tmp_path: Path, case: str) -> None:
    path = tmp_path / "bad.tiktoken"
    path.write_bytes(DAMAGED_RANKS[case])
    with pytest.raises(TokenizerFileError) as info:
        load_tokenizer(path, pattern=r"\S+", special_tokens={})
    assert str(info.value).startswith(str(path)) or "line" in str(info.value)


def test_a_bad_line_is_quoted_as_its_text_not_as_python_bytes(tmp_path: Path) -> None:
    path = tmp_path / "notes.tiktoken"
    path.write_bytes("IQ== 0\nnot a rank file, naïve\n".encode())
    with pytest.raises(TokenizerFileError) as info:
        load_tokenizer(path, pattern=r"\S+", special_tokens={})
    message = str(info.value)
    assert "line 2" in message and "got 'not a rank file, naïve'" in message
    assert "b'" not in message and "\\x" not in message


# -- Tekken -------------------------------------------------------------------------------


def _tekken(
    ranks: dict[bytes, int], *, vocab_size: int, specials: int, version: str = "v3", **extra: object
) -> dict[str, object]:
    vocab = [
        {"rank": r, "token_bytes": base64.b64encode(t).decode("ascii"), "token_str": t.decode("utf-8", "replace")}
        for t, r in sorted(ranks.items(), key=lambda x: x[1])
    ]
    config = {
        "pattern": r"[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+",
        "num_vocab_tokens": len(vocab),
        "default_vocab_size": vocab_size,
        "default_num_special_tokens": specials,
        "version": version,
    }
    return {"config": config, "vocab": vocab, **extra}


def test_a_small_tekken_file(tmp_path: Path) -> None:
    trained = train_bpe(None, 256 + 300, [], text=training_text(), pretokenizer="o200k")
    ranks = {b: i for i, b in trained.vocab.items()}
    path = tmp_path / "tekken.json"
    # 40 special ids before the ranks; the vocabulary is cut 20 tokens short of the file's.
    path.write_text(json.dumps(_tekken(ranks, vocab_size=40 + len(ranks) - 20, specials=40)), encoding="utf-8")
    ref, offset = tekken_reference(path)
    assert offset == 40
    ours = load_tokenizer(path)
    assert ours.special_tokens["<s>"] == 1 and ours.special_tokens["<SPECIAL_39>"] == 39
    assert ours.max_id == 40 + len(ranks) - 21
    texts = parity_texts(shared_too=False)
    assert (
        first_difference(
            "tekken", texts, ours.encode_ordinary, lambda t: [i + offset for i in ref.encode(t, disallowed_special=())]
        )
        is None
    )


def test_tekken_byte_ids_given_by_the_reader_are_the_checked_ones(tmp_path: Path) -> None:
    """The Tekken reader hands its byte ids over (the tokenizer then skips its own pass over
    the vocabulary): they are what ``byte_ids`` finds in the ordinary vocabulary, the single
    bytes' ids; with ids past the engine's limit it hands none, and the check names them."""
    from bpe_engine._vocab import MAX_VOCAB, byte_ids

    trained = train_bpe(None, 256 + 40, [], text=training_text(), pretokenizer="o200k")
    ranks = {b: i for i, b in trained.vocab.items()}
    path = tmp_path / "tekken.json"
    path.write_text(json.dumps(_tekken(ranks, vocab_size=40 + len(ranks), specials=40)), encoding="utf-8")
    tok = load_tokenizer(path)
    assert isinstance(tok, Tokenizer)
    ordinary = {i: b for i, b in tok.vocab.items() if i >= 40}
    assert tok.byte_ids() == byte_ids(ordinary) == [40 + b for b in range(256)]
    assert [tok.decode_bytes([i]) for i in tok.byte_ids()] == [bytes([b]) for b in range(256)]
    specials = MAX_VOCAB - 100
    path.write_text(json.dumps(_tekken(ranks, vocab_size=specials + len(ranks), specials=specials)), encoding="utf-8")
    with pytest.raises(TokenizerFileError, match=r"tekken\.json: vocab id \d+ is too large"):
        load_tokenizer(path)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda o: o["config"].update(version="v11"), "has no special_tokens, which files of version 11 must list"),
        (lambda o: o["config"].update(version="3"), "config.version must be like 'v3'"),
        (lambda o: o["vocab"][300].update(rank=7), "vocab[300] must be"),
        (lambda o: o["vocab"][300].update(token_bytes="!!"), "not base64"),
        (lambda o: o["vocab"][300].update(token_bytes="é"), "not base64"),
        (lambda o: o["vocab"].__setitem__(300, "QQ=="), "vocab[300] must be"),  # not an object
        (lambda o: o["vocab"][300].update(token_bytes=5), "vocab[300] must be"),
        (lambda o: o["vocab"][300].pop("rank"), "vocab[300] must be"),
        (lambda o: o["vocab"][300].pop("token_bytes"), "vocab[300] must be"),
        (lambda o: o["config"].update(default_vocab_size=10), "the vocab holds"),
        (lambda o: o["vocab"][3].update(token_bytes="QQ=="), "ranks 0-255 must be the single bytes"),
        (lambda o: o.update(special_tokens=[{"rank": 0, "token_str": "<s>"}] * 2), "rank 0, expected 1"),
    ],
)
def test_damaged_tekken_files(tmp_path: Path, change: object, message: str) -> None:
    trained = train_bpe(None, 256 + 50, [], text=training_text())
    obj = _tekken({b: i for i, b in trained.vocab.items()}, vocab_size=30 + 306, specials=30)
    change(obj)  # type: ignore[operator]
    path = tmp_path / "tekken.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(TokenizerFileError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_tokenizer(path)


# -- the real files -----------------------------------------------------------------------


@pytest.mark.slow
def test_qwen_rank_file_gives_tiktokens_ids() -> None:
    ours = load_tokenizer(shared_tokenizer("qwen.tiktoken"), pattern=QWEN_PATTERN, special_tokens=QWEN_SPECIALS)
    ref = qwen_reference()
    texts = parity_texts(shared_too=True)
    assert (
        first_difference(
            "qwen",
            texts,
            lambda t: ours.encode(t, allowed_special="all"),
            lambda t: ref.encode(t, allowed_special="all"),
        )
        is None
    )
    for name, text in texts:
        assert ours.decode(ours.encode(text, allowed_special="all")) == text, name


@pytest.mark.slow
def test_llama3_rank_file_gives_tiktokens_ids() -> None:
    """Llama 3's tokenizer.model, its pattern and special tokens found beside it."""
    ours = load_tokenizer(shared_tokenizer("llama3.2_tokenizer.model"))
    ref = llama_reference()
    assert ours.special_tokens == ref._special_tokens
    texts = parity_texts(shared_too=True)
    assert (
        first_difference(
            "llama3.2",
            texts,
            lambda t: ours.encode(t, allowed_special="all"),
            lambda t: ref.encode(t, allowed_special="all"),
        )
        is None
    )
    for name, text in texts:
        assert ours.decode(ours.encode(text, allowed_special="all")) == text, name


@pytest.mark.slow
def test_tekken_gives_mistral_commons_ids() -> None:
    path = shared_tokenizer("mistral_tekken_240718.json")
    ours = load_tokenizer(path)
    ref, offset = tekken_reference(path)
    texts = parity_texts(shared_too=True)
    assert (
        first_difference(
            "tekken", texts, ours.encode_ordinary, lambda t: [i + offset for i in ref.encode(t, disallowed_special=())]
        )
        is None
    )
    for name, text in texts:
        assert ours.decode(ours.encode_ordinary(text)) == text, name
