"""Tokenize's Chat mode in the encode job: find the tokenizer's chat template (or the built-in
format chosen) and render the messages with it, in the job's thread (the template lookup reads
files; a long chat renders for a while; the engine's limits stop a hostile template).

Plain functions, no Qt; :func:`app.core.encode_job.run_job` calls :func:`render_request`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from app.core.messages import ChatOutcome, ChatRequest
from bpe_engine import TokenizerLike, builtin_template, errors, find_chat_template, render_chat

__all__ = ["render_request"]


def render_request(request: ChatRequest, tok: TokenizerLike, cancelled: Callable[[], bool]) -> ChatOutcome:
    """The text ``request``'s messages make with ``tok``'s template (or the chosen format)."""
    if request.builtin is not None:
        template = builtin_template(request.builtin)
        how = ChatOutcome("", template.builtin)
    else:
        found = find_chat_template(request.tokenizer_path or None, tok.special_tokens, tok.facts.unit)
        if found.template is None:
            return ChatOutcome("", basis=found.basis, error=found.reason)
        template = found.template
        how = ChatOutcome("", template.builtin, template.path or "", found.basis, found.marker)
    try:
        text = render_chat(
            request.messages, template, add_generation_prompt=request.add_generation_prompt, cancelled=cancelled
        )
    except errors.ChatTemplateError as exc:
        return replace(how, error=str(exc))
    return replace(how, text=text)
