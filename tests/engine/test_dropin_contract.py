"""tiktoken's contract for code that swaps ``import tiktoken`` for ``import bpe_engine`` (compared
with tiktoken itself), and special tokens that share an id, refused in every file format that
carries special tokens."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import bpe_engine
from bpe_engine import Tokenizer, load_tokenizer, train_bpe
from bpe_engine.errors import BPEError, TokenizerFileError

from .conftest import training_text

tiktoken = pytest.importorskip("tiktoken", reason="the reference library: pip install tiktoken")


def test_an_unknown_model_name_is_a_key_error_as_in_tiktoken() -> None:
    with pytest.raises(KeyError) as theirs:
        tiktoken.encoding_for_model("no-such-model")
    with pytest.raises(KeyError) as ours:
        bpe_engine.encoding_for_model("no-such-model")
    assert isinstance(ours.value, BPEError) and type(theirs.value) is KeyError
    assert str(ours.value).startswith("'no-such-model' is not an OpenAI model name")  # not quoted as a key


def test_an_unknown_encoding_is_a_value_error_as_in_tiktoken() -> None:
    with pytest.raises(ValueError):
        tiktoken.get_encoding("nope")
    with pytest.raises(ValueError, match="'nope' is not an encoding tiktoken knows") as ours:
        bpe_engine.get_encoding("nope")
    assert isinstance(ours.value, BPEError)


@pytest.mark.parametrize("text", ["hello", "hi <|no_such|> there", "a <|endoftext|> b", "<|no_such|><|endoftext|>"])
def test_allowing_a_name_that_is_no_special_token(
    text: str, openai: Mapping[str, Tokenizer], tiktoken_encodings: Mapping[str, Any]
) -> None:
    enc, tok = tiktoken_encodings["cl100k_base"], openai["cl100k_base"]

    def run(encode: Any) -> object:
        try:
            return encode(text, allowed_special={"<|no_such|>"})
        except ValueError as exc:
            return type(exc).__name__ if isinstance(exc, BPEError) else "SpecialTokenError"

    assert run(tok.encode) == run(enc.encode)
    both = {"<|no_such|>", "<|endoftext|>"}
    assert tok.encode(text, allowed_special=both) == enc.encode(text, allowed_special=both)


# -- two special tokens, one id ----------------------------------------------------------------


def _message_names_both(exc: pytest.ExceptionInfo[TokenizerFileError]) -> None:
    message = str(exc.value)
    assert "'<x>'" in message and "'<y>'" in message and "700" in message, message


@pytest.fixture(scope="module")
def base() -> Tokenizer:
    return train_bpe(None, 300, text=training_text())


def test_our_format(tmp_path: Path, base: Tokenizer) -> None:
    base.save(tmp_path / "t.json")
    obj = json.loads((tmp_path / "t.json").read_text())
    obj["special_tokens"] = {"<x>": 700, "<y>": 700}
    (tmp_path / "t.json").write_text(json.dumps(obj))
    with pytest.raises(TokenizerFileError, match="field 'special_tokens'") as exc:
        load_tokenizer(tmp_path / "t.json")
    _message_names_both(exc)
    with pytest.raises(BPEError, match="share an id"):  # nor is such a file written
        Tokenizer(base.vocab, base.merges, {"<x>": 700, "<y>": 700}).save(tmp_path / "u.json")


def test_a_hugging_face_file(tmp_path: Path, base: Tokenizer) -> None:
    base.export(tmp_path / "tokenizer.json", "hf")
    obj = json.loads((tmp_path / "tokenizer.json").read_text())
    entry = {"single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True}
    obj["added_tokens"] = [{"id": 700, "content": "<x>", **entry}, {"id": 700, "content": "<y>", **entry}]
    (tmp_path / "tokenizer.json").write_text(json.dumps(obj))
    with pytest.raises(TokenizerFileError, match="added_tokens") as exc:
        load_tokenizer(tmp_path / "tokenizer.json")
    _message_names_both(exc)


def test_a_tiktoken_sidecar_and_a_tokenizer_config(tmp_path: Path, base: Tokenizer) -> None:
    ranks, sidecar = (Path(p) for p in base.export(tmp_path / "t.tiktoken", "tiktoken"))
    spec = json.loads(sidecar.read_text())
    spec["special_tokens"] = {"<x>": 700, "<y>": 700}
    sidecar.write_text(json.dumps(spec))
    with pytest.raises(TokenizerFileError, match="special_tokens") as exc:
        load_tokenizer(ranks)
    _message_names_both(exc)
    sidecar.unlink()
    config = {"added_tokens_decoder": {"700": {"content": "<x>"}, "0700": {"content": "<y>"}}}
    (tmp_path / "tokenizer_config.json").write_text(json.dumps(config))
    with pytest.raises(TokenizerFileError, match="added_tokens_decoder") as exc:
        load_tokenizer(ranks, pattern=r"\S+|\s+")
    _message_names_both(exc)
