"""Chat templates: a chat's messages rendered to the text a model is given, as Hugging Face
``transformers`` renders them (:mod:`.sandbox`), with the template a tokenizer ships or a
built-in format of the family it belongs to (:mod:`.templates`)."""

from __future__ import annotations

from .sandbox import ChatMessage, ChatRole, RenderLimits
from .templates import (
    BuiltinFormat,
    ChatTemplate,
    LookupBasis,
    TemplateLookup,
    TemplateOrigin,
    builtin_template,
    find_chat_template,
    render_chat,
)

__all__ = [
    "ChatMessage",
    "ChatRole",
    "RenderLimits",
    "BuiltinFormat",
    "ChatTemplate",
    "LookupBasis",
    "TemplateLookup",
    "TemplateOrigin",
    "builtin_template",
    "find_chat_template",
    "render_chat",
]
