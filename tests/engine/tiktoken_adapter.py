"""tiktoken's module, backed by bpe_engine: the thin adapter that runs tiktoken's own public
tests against our tokenizer (tests/engine/test_tiktoken_suite.py installs it as ``tiktoken``).

Our ``Tokenizer`` already has tiktoken's public methods with tiktoken's signatures; this only
maps the module functions and the few private attributes tiktoken's tests read
(``_encode_bytes``, ``_special_tokens``, ``_mergeable_ranks``, ``_pat_str``). The real
tiktoken must be imported before this module replaces it (the engine reads OpenAI's ranks
through tiktoken's own submodules, which stay in place).
"""

from __future__ import annotations

from typing import Any

from tiktoken.registry import list_encoding_names as _names

from bpe_engine import Tokenizer


class Encoding:
    """``tiktoken.Encoding`` over a bpe_engine ``Tokenizer``."""

    def __init__(
        self,
        name: str,
        *,
        pat_str: str | None = None,
        mergeable_ranks: dict[bytes, int] | None = None,
        special_tokens: dict[str, int] | None = None,
        explicit_n_vocab: int | None = None,
        tokenizer: Tokenizer | None = None,
    ) -> None:
        if tokenizer is None:
            assert pat_str is not None and mergeable_ranks is not None
            tokenizer = Tokenizer.from_ranks(mergeable_ranks, pat_str, special_tokens or {}, name)
        self.__dict__["_tok"] = tokenizer
        self.__dict__["name"] = name

    def __getattr__(self, attr: str) -> Any:
        tok = self.__dict__["_tok"]
        if attr == "_encode_bytes":
            return tok.encode_bytes
        if attr == "_special_tokens":
            return dict(tok.special_tokens)
        if attr == "_mergeable_ranks":
            return {b: i for i, b in tok.vocab.items() if not tok.is_special(i)}
        if attr == "_pat_str":
            return tok.pretokenizer.pattern
        return getattr(tok, attr)

    def __getstate__(self) -> dict[str, Any]:
        return {"name": self.name, "tok": self._tok}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__["_tok"] = state["tok"]
        self.__dict__["name"] = state["name"]

    def __repr__(self) -> str:
        return f"<Encoding {self.name!r} (bpe_engine)>"


def get_encoding(name: str) -> Encoding:
    return Encoding(name, tokenizer=Tokenizer.from_tiktoken(name))


def encoding_for_model(model_name: str) -> Encoding:
    tok = Tokenizer.for_model(model_name)
    return Encoding(tok.name or model_name, tokenizer=tok)


def list_encoding_names() -> list[str]:
    return list(_names())
