"""Which chat template a tokenizer has, and rendering a chat with it.

A tokenizer's own template comes from beside its file, as Hugging Face ships it: a
``chat_template.jinja`` (the newer layout, which ``transformers`` prefers), else the
``chat_template`` field of ``tokenizer_config.json`` (also ``<stem>_config.json``; a list of
named templates gives its ``"default"``). Its ``bos_token`` and ``eos_token`` come from that
config. Without one, the family is guessed from the special tokens (``<|im_start|>``: ChatML,
as Qwen; ``<|start_header_id|>``: Llama 3; ``[INST]``: Mistral, in the Tekken layout for a
byte-level tokenizer; a SentencePiece file named Mistral whose ``[INST]`` is plain text:
Mistral too) and its built-in format is used: the
template text those models ship in their ``tokenizer_config.json``, kept as data files in
``builtin/`` and rendered through the same sandbox.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from typing import Any

from .._files import FileProblem, read_regular
from ..errors import BPEError, ChatTemplateError, short
from ..formats.base import beside
from ..formats.jsonfile import load_json
from ..kinds import TokenUnit
from .sandbox import DEFAULT_LIMITS, ChatMessage, RenderLimits, render_template

__all__ = [
    "BuiltinFormat",
    "ChatTemplate",
    "LookupBasis",
    "TemplateLookup",
    "TemplateOrigin",
    "builtin_template",
    "find_chat_template",
    "render_chat",
]


class BuiltinFormat(StrEnum):
    """The chat formats known here, each the template its models ship (``builtin/<value>.jinja``)."""

    CHATML = "chatml"  #: Qwen2-7B-Instruct's ChatML template
    LLAMA3 = "llama3"  #: Meta-Llama-3-8B-Instruct's header-token template
    MISTRAL = "mistral"  #: Mistral-7B-Instruct-v0.1's [INST] template (SentencePiece models)
    #: Ministral-8B-Instruct-2410's template (transformers' Ministral conversion): the Tekken
    #: models' [INST]...[/INST], no spaces, a system message before the first user message
    MISTRAL_TEKKEN = "mistral_tekken"

    @property
    def label(self) -> str:
        return _TITLES[self]


_TITLES = {
    BuiltinFormat.CHATML: "ChatML (Qwen)",
    BuiltinFormat.LLAMA3: "Llama 3",
    BuiltinFormat.MISTRAL: "Mistral [INST]",
    BuiltinFormat.MISTRAL_TEKKEN: "Mistral Tekken [INST]",
}
#: (bos_token, eos_token) as those models' configs give them.
_TOKENS = {
    BuiltinFormat.CHATML: ("", "<|im_end|>"),
    BuiltinFormat.LLAMA3: ("<|begin_of_text|>", "<|eot_id|>"),
    BuiltinFormat.MISTRAL: ("<s>", "</s>"),
    BuiltinFormat.MISTRAL_TEKKEN: ("<s>", "</s>"),
}
#: A special token that says which family a tokenizer is, in the order they are tried.
_MARKERS = (
    ("<|im_start|>", BuiltinFormat.CHATML),
    ("<|start_header_id|>", BuiltinFormat.LLAMA3),
    ("[INST]", BuiltinFormat.MISTRAL),
)


class TemplateOrigin(StrEnum):
    """Where a template came from."""

    FILE = "file"  #: a file beside the tokenizer
    BUILTIN = "builtin"  #: a built-in format, guessed or chosen


@dataclass(frozen=True)
class ChatTemplate:
    """A template's Jinja source, where it came from and the tokens it is given.

    ``name`` is what errors and the app call it: the file (with ``: chat_template`` for a
    config's field) or the built-in format's title."""

    source: str
    name: str
    origin: TemplateOrigin
    bos_token: str = ""
    eos_token: str = ""
    builtin: BuiltinFormat | None = None
    path: str | None = None


class LookupBasis(StrEnum):
    """Why :func:`find_chat_template` chose what it did (for an app to say it in its language)."""

    JINJA_FILE = "jinja_file"  #: a chat_template.jinja beside the tokenizer
    CONFIG = "config"  #: the chat_template of the tokenizer_config.json beside it
    SPECIAL_TOKEN = "special_token"  #: guessed from the special token ``marker``
    FILE_NAME = "file_name"  #: guessed from the file's name (Mistral's plain-text [INST])
    UNREADABLE = "unreadable"  #: a file beside it could not be read (``reason`` says why)
    NONE = "none"  #: no template and no known special token


@dataclass(frozen=True)
class TemplateLookup:
    """What :func:`find_chat_template` found: a template and why it is that one, or None and why
    (``reason`` in English; ``basis`` and ``marker`` the same as data)."""

    template: ChatTemplate | None
    reason: str
    basis: LookupBasis = LookupBasis.NONE
    marker: str = ""


def builtin_template(fmt: BuiltinFormat, bos_token: str | None = None, eos_token: str | None = None) -> ChatTemplate:
    """The built-in format ``fmt`` (its tokens as its models have them unless given)."""
    source = resources.files(__package__).joinpath("builtin", f"{fmt.value}.jinja").read_text(encoding="utf-8")
    bos, eos = _TOKENS[fmt]
    return ChatTemplate(
        source,
        f"built-in {fmt.label}",
        TemplateOrigin.BUILTIN,
        bos if bos_token is None else bos_token,
        eos if eos_token is None else eos_token,
        builtin=fmt,
    )


def _token(value: Any) -> str | None:
    """A config's ``bos_token``: a string, or an AddedToken written as ``{"content": ...}``."""
    if isinstance(value, dict):
        value = value.get("content")
    return value if isinstance(value, str) else None


def _config_template(config: dict[str, Any], path: str) -> str | None:
    found = config.get("chat_template")
    if found is None or isinstance(found, str):
        return found
    if isinstance(found, list):  # [{"name": "default", "template": ...}, {"name": "tool_use", ...}]
        named = {t.get("name"): t.get("template") for t in found if isinstance(t, dict)}
        chosen = named.get("default")
        if isinstance(chosen, str):
            return chosen
    raise ChatTemplateError(f"{path}: chat_template must be a string or a list with a 'default', got {short(found)}")


def _read_config(path: str) -> dict[str, Any]:
    config = load_json(path, "tokenizer_config.json")
    if not isinstance(config, dict):
        raise ChatTemplateError(f"{path}: is not a JSON object")
    return config


def _guess(
    specials: Mapping[str, int], tokenizer_path: str | None, bos: str | None, eos: str | None, unit: TokenUnit | None
) -> TemplateLookup | None:
    for marker, fmt in _MARKERS:
        if marker in specials:
            if fmt is BuiltinFormat.MISTRAL and unit is TokenUnit.BYTE:
                fmt = BuiltinFormat.MISTRAL_TEKKEN  # byte-level BPE with [INST]: Tekken
            why = f"guessed from its special token {marker}"
            return TemplateLookup(builtin_template(fmt, bos, eos), why, LookupBasis.SPECIAL_TOKEN, marker)
    name = os.path.basename(tokenizer_path or "").lower()
    if "mistral" in name and "<s>" in specials:
        # Mistral's first SentencePiece models keep [INST] as plain text: only the name says whose they are
        why = "guessed from the file's name (its [INST] is plain text)"
        return TemplateLookup(builtin_template(BuiltinFormat.MISTRAL, bos, eos), why, LookupBasis.FILE_NAME)
    return None


def _from_files(tokenizer_path: str, bos: str | None, eos: str | None) -> TemplateLookup | None:
    stem = os.path.splitext(os.path.basename(tokenizer_path))[0]
    jinja_file = beside(tokenizer_path, f"{stem}_chat_template.jinja", "chat_template.jinja")
    if jinja_file is not None:
        try:
            source = read_regular(jinja_file, what="chat template").decode("utf-8", "replace")
        except FileProblem as exc:
            raise ChatTemplateError(str(exc)) from None
        template = ChatTemplate(source, jinja_file, TemplateOrigin.FILE, bos or "", eos or "", path=jinja_file)
        return TemplateLookup(template, f"from {os.path.basename(jinja_file)}", LookupBasis.JINJA_FILE)
    return None


def find_chat_template(
    tokenizer_path: str | None, special_tokens: Mapping[str, int], unit: TokenUnit | None = None
) -> TemplateLookup:
    """The chat template of the tokenizer read from ``tokenizer_path`` (see the module
    docstring); a file that cannot be read gives no template and says why. ``unit``
    (``tok.facts.unit``) tells Mistral's Tekken files (bytes) from its SentencePiece ones."""
    bos = eos = None
    try:
        config_path = None
        if tokenizer_path:
            stem = os.path.splitext(os.path.basename(tokenizer_path))[0]
            config_path = beside(tokenizer_path, f"{stem}_config.json", "tokenizer_config.json")
        config = _read_config(config_path) if config_path else {}
        bos, eos = _token(config.get("bos_token")), _token(config.get("eos_token"))
        found = _from_files(tokenizer_path, bos, eos) if tokenizer_path else None
        if found is not None:
            return found
        source = _config_template(config, config_path) if config_path else None
    except BPEError as exc:
        return TemplateLookup(None, str(exc), LookupBasis.UNREADABLE)
    if source is not None and config_path is not None:
        name = f"{config_path}: chat_template"
        template = ChatTemplate(source, name, TemplateOrigin.FILE, bos or "", eos or "", path=config_path)
        return TemplateLookup(template, f"from {os.path.basename(config_path)}", LookupBasis.CONFIG)
    guess = _guess(special_tokens, tokenizer_path, bos, eos, unit)
    if guess is None:
        where = "no tokenizer_config.json or chat_template.jinja beside its file" if tokenizer_path else "no file"
        return TemplateLookup(
            None, f"this tokenizer has no chat template ({where}) and none of the special tokens of a known format"
        )
    return guess


def render_chat(
    messages: Sequence[ChatMessage],
    template: ChatTemplate | str,
    *,
    add_generation_prompt: bool = False,
    bos_token: str | None = None,
    eos_token: str | None = None,
    limits: RenderLimits = DEFAULT_LIMITS,
    cancelled: Callable[[], bool] | None = None,
) -> str:
    """The text a model is given for ``messages``, rendered by ``template`` (a
    :class:`ChatTemplate`, or Jinja source) in ``transformers``' sandbox, within ``limits``.

    ``bos_token``/``eos_token`` default to the template's. Raises :class:`ChatTemplateError`
    naming the template and the line.

    >>> from bpe_engine.chat import ChatRole
    >>> chat = [ChatMessage(ChatRole.USER, "Hi")]
    >>> render_chat(chat, builtin_template(BuiltinFormat.CHATML), add_generation_prompt=True)
    '<|im_start|>system\\nYou are a helpful assistant.<|im_end|>\\n<|im_start|>user\\nHi<|im_end|>\\n<|im_start|>assistant\\n'
    """
    if isinstance(template, str):
        template = ChatTemplate(template, "(given)", TemplateOrigin.FILE)
    return render_template(
        template.source,
        template.name,
        messages,
        add_generation_prompt=add_generation_prompt,
        bos_token=template.bos_token if bos_token is None else bos_token,
        eos_token=template.eos_token if eos_token is None else eos_token,
        limits=limits,
        cancelled=cancelled,
    )
