"""Rendering a chat template as Hugging Face ``transformers`` does, with limits a hostile
template cannot get past.

The environment is ``transformers``' own (``utils/chat_template_utils.py``,
``_cached_compile_jinja_template``): Jinja2's ``ImmutableSandboxedEnvironment`` with
``trim_blocks`` and ``lstrip_blocks``, the ``loopcontrols`` extension, ``raise_exception``,
``strftime_now`` and its ``tojson`` filter (``json.dumps`` without HTML escaping,
``ensure_ascii=False``). Its ``{% generation %}`` tag only tracks assistant spans for training
masks; here it renders its body, as ``transformers`` does when no mask is asked for.

What bounds what (a template runs in the caller's thread, so nothing may hang or fill memory):

- **The sandbox** refuses attributes that reach Python's internals (``__class__``,
  ``__mro__``, ``__globals__``, ...) and any mutation of lists and dicts; ``range`` stops at
  100 000 items.
- **Time**: a trace function, set only in the rendering thread and only while it renders,
  checks the clock (and the caller's ``cancelled``) on every line and every call of the
  template's code, so nested loops and deep macro recursion stop at ``limits.seconds``.
- **Memory**: on every line, the trace checks the sizes of the template's variables (strings,
  lists, ``namespace`` attributes), so doubling a string in a loop stops at ``limits.max_chars``;
  ``*``, ``**`` and ``+`` are checked before they run (``"a" * 10**9``, ``9**9**9``); every
  filter and call refuses an integer argument above ``max_chars`` (``center(10**9)``,
  ``ljust``), and ``join``, ``replace`` and ``format`` are checked against the size they would
  make; the output is collected chunk by chunk and stops at ``max_chars``.
- **Recursion**: Python's own limit (a ``RecursionError`` becomes a :class:`ChatTemplateError`).

Not bounded: a single C call that allocates more than ``max_chars`` from arguments that are
each small and through a function not listed above; the sandbox makes those rare.
"""

from __future__ import annotations

import json
import math
import re
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from functools import lru_cache, wraps
from types import FrameType
from typing import Any

import jinja2
import jinja2.ext
import jinja2.nodes
import jinja2.parser
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Namespace

from ..errors import ChatTemplateError

__all__ = ["ChatRole", "ChatMessage", "RenderLimits", "DEFAULT_LIMITS", "render_template"]

_FILENAME = "<chat template>"  # the code object's file name: how the trace knows template frames


class ChatRole(StrEnum):
    """Who says a message (the ``role`` the templates read)."""

    SYSTEM = "system"
    USER = "user"
    ASSISTANT = "assistant"


@dataclass(frozen=True)
class ChatMessage:
    """One message of a chat: its role and its text."""

    role: ChatRole
    content: str


@dataclass(frozen=True)
class RenderLimits:
    """How long a render may take and how large any string it makes may grow."""

    seconds: float = 2.0
    max_chars: int = 1_000_000


DEFAULT_LIMITS = RenderLimits()


class _Stop(Exception):
    """Raised by the guard inside the template's code (caught and reworded by the caller)."""


class _Generation(jinja2.ext.Extension):
    """``{% generation %}...{% endgeneration %}``: the body, rendered as it stands."""

    tags = {"generation"}

    def parse(self, parser: jinja2.parser.Parser) -> jinja2.nodes.Node:
        lineno = next(parser.stream).lineno
        body = parser.parse_statements(("name:endgeneration",), drop_needle=True)
        return jinja2.nodes.Scope(body).set_lineno(lineno)


def _size(value: object) -> int:
    """Characters of a string, items of a container, and a namespace's attributes' sizes.

    O(1) for containers (checked on every line, a scan of a long chat's messages would make
    the render quadratic): their items are references to strings each checked where it was
    made, so a container's own memory is its length; what joins them is checked (``join``)."""
    if isinstance(value, str | list | tuple | dict):
        return len(value)
    if isinstance(value, Namespace):
        attrs = object.__getattribute__(value, "_Namespace__attrs")
        return sum(_size(v) for v in attrs.values())
    return 0


#: The guard looks every this many template lines: a value doubled on every line of a loop
#: overshoots the size limit by at most 2**_EVERY / 2 before it is seen (and a long chat's
#: render costs a few times the bare sandbox's, not tens of times).
_EVERY = 4


class _Guard:
    """The trace function of one render (see the module docstring: time and memory)."""

    def __init__(self, limits: RenderLimits, cancelled: Callable[[], bool] | None) -> None:
        self.deadline = time.monotonic() + limits.seconds
        self.limits = limits
        self.cancelled = cancelled
        self.lines = 0

    def check_time(self) -> None:
        if time.monotonic() > self.deadline:
            raise _Stop(f"took longer than {self.limits.seconds:g} s (a loop too long?)")
        if self.cancelled is not None and self.cancelled():
            raise _Stop("cancelled")

    def on_call(self, frame: FrameType, event: str, _arg: object) -> Callable[..., Any] | None:
        self.check_time()
        return self.on_line if frame.f_code.co_filename == _FILENAME else None

    def on_line(self, frame: FrameType, event: str, _arg: object) -> Callable[..., Any] | None:
        if event == "line":
            self.lines += 1
            if self.lines % _EVERY == 0:
                self.check_time()
                limit = self.limits.max_chars
                for value in frame.f_locals.values():
                    if _size(value) > limit:
                        raise _Stop(f"makes a value of more than {limit:,} characters")
        return self.on_line


def _too_big(n: float, limits: RenderLimits, what: str) -> None:
    if n > limits.max_chars:
        raise jinja2.exceptions.SecurityError(f"{what} would make more than {limits.max_chars:,} characters")


_WIDTH = re.compile(r"\d{7,}")  # a width or precision of a million or more in a format string


class _Environment(ImmutableSandboxedEnvironment):
    """The sandbox with the size checks of the module docstring."""

    intercepted_binops = frozenset({"*", "**", "+"})
    limits = DEFAULT_LIMITS

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        seq = (str, list, tuple)
        if operator == "*" and isinstance(left, seq) and isinstance(right, int):
            _too_big(len(left) * right, self.limits, "'*'")
        elif operator == "*" and isinstance(right, seq) and isinstance(left, int):
            _too_big(len(right) * left, self.limits, "'*'")
        elif operator == "+" and isinstance(left, seq) and isinstance(right, seq):
            _too_big(len(left) + len(right), self.limits, "'+'")
        elif operator == "**" and isinstance(left, int | float) and isinstance(right, int | float):
            bits = abs(right) * math.log2(abs(left)) if abs(left) > 1 and right > 0 else 0
            _too_big(bits / 8, self.limits, "'**'")
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (Jinja's signature)
        _check_arguments(__self.limits, args, kwargs)
        owner = getattr(__obj, "__self__", None)
        name = getattr(__obj, "__name__", "")
        if isinstance(owner, str) and name == "join" and args:
            items = list(args[0])
            _too_big(sum(map(_size, items)) + len(owner) * len(items), __self.limits, "join")
            args = (items, *args[1:])
        elif isinstance(owner, str) and name == "replace" and len(args) >= 2:
            _too_big(len(owner) + owner.count(str(args[0])) * len(str(args[1])), __self.limits, "replace")
        elif isinstance(owner, str) and name in ("format", "format_map") and _WIDTH.search(owner):
            _too_big(__self.limits.max_chars + 1, __self.limits, "a format width")
        return super().call(__context, __obj, *args, **kwargs)


def _check_arguments(limits: RenderLimits, args: Iterable[Any], kwargs: Mapping[str, Any]) -> None:
    for value in (*args, *kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > limits.max_chars:
            _too_big(abs(value), limits, f"an argument of {value:,}")


def _checked_filter(limits: RenderLimits, name: str, f: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(f)  # keeps Jinja's pass_context marks
    def run(*args: Any, **kwargs: Any) -> Any:
        _check_arguments(limits, args, kwargs)
        values = [a for a in args if isinstance(a, str | list | tuple)]
        if name == "join" and values:
            _too_big(sum(_size(v) for v in values) * 2, limits, "join")
        elif name == "replace" and len(args) >= 3 and isinstance(args[0], str):
            s, old, new = str(args[0]), str(args[1]), str(args[2])
            _too_big(len(s) + s.count(old) * len(new), limits, "replace")
        elif name == "format" and args and _WIDTH.search(str(args[0])):
            _too_big(limits.max_chars + 1, limits, "a format width")
        return f(*args, **kwargs)

    return run


def _raise_exception(message: str) -> None:
    raise jinja2.exceptions.TemplateError(message)


def _tojson(
    x: Any,
    ensure_ascii: bool = False,
    indent: int | str | None = None,
    separators: tuple[str, str] | None = None,
    sort_keys: bool = False,
) -> str:
    # transformers' filter: Jinja's own escapes HTML characters, which a prompt must not get
    return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)


def _strftime_now(format: str) -> str:
    return datetime.now().strftime(format)


def _environment(limits: RenderLimits) -> _Environment:
    env = _Environment(trim_blocks=True, lstrip_blocks=True, extensions=[_Generation, jinja2.ext.loopcontrols])
    env.limits = limits
    env.filters = {name: _checked_filter(limits, name, f) for name, f in env.filters.items()}
    env.filters["tojson"] = _checked_filter(limits, "tojson", _tojson)
    env.globals["raise_exception"] = _raise_exception
    env.globals["strftime_now"] = _strftime_now
    return env


@lru_cache(maxsize=16)
def _compiled(source: str, limits: RenderLimits) -> jinja2.Template:
    """``source`` compiled once (a chat re-rendered on every keystroke reuses it); Jinja's
    templates render in any thread."""
    env = _environment(limits)
    code = env.compile(source, name=None, filename=_FILENAME)
    return env.template_class.from_code(env, code, env.make_globals(None), None)


def _template_line(exc: BaseException) -> int | None:
    """The template line an error was raised at (Jinja rewrites tracebacks to template lines)."""
    if isinstance(exc, jinja2.exceptions.TemplateSyntaxError):
        return exc.lineno
    line = None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == _FILENAME:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _error(name: str, exc: BaseException) -> ChatTemplateError:
    line = _template_line(exc)
    where = f"{name}, line {line}" if line is not None else name
    if isinstance(exc, jinja2.exceptions.SecurityError):
        why = f"the sandbox refused it: {exc}"
    elif isinstance(exc, jinja2.exceptions.UndefinedError):
        why = f"{exc} (the template reads a name or field the chat does not have)"
    elif isinstance(exc, RecursionError):
        why = "recursion too deep"
    elif isinstance(exc, jinja2.exceptions.TemplateSyntaxError):
        why = f"syntax error: {exc.message}"
    else:
        why = str(exc) or type(exc).__name__
    return ChatTemplateError(f"chat template {where}: {why}")


def render_template(
    source: str,
    name: str,
    messages: Sequence[ChatMessage],
    *,
    add_generation_prompt: bool = False,
    bos_token: str = "",
    eos_token: str = "",
    limits: RenderLimits = DEFAULT_LIMITS,
    cancelled: Callable[[], bool] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> str:
    """``messages`` rendered by the Jinja ``source`` (errors name ``name`` and the line)."""
    if len(source) > limits.max_chars:
        raise ChatTemplateError(f"chat template {name}: longer than {limits.max_chars:,} characters")
    chat = [{"role": str(m.role), "content": m.content} for m in messages]
    variables = {"messages": chat, "add_generation_prompt": add_generation_prompt}
    variables |= {"bos_token": bos_token, "eos_token": eos_token, "tools": None, "documents": None}
    variables |= dict(extra or {})
    guard = _Guard(limits, cancelled)
    previous = sys.gettrace()
    parts: list[str] = []
    total = 0
    try:
        template = _compiled(source, limits)
        sys.settrace(guard.on_call)
        for chunk in template.generate(**variables):
            total += len(chunk)
            if total > limits.max_chars:
                raise _Stop(f"makes more than {limits.max_chars:,} characters")
            parts.append(chunk)
    except _Stop as exc:
        raise ChatTemplateError(f"chat template {name}: stopped: it {exc}") from None
    except (jinja2.exceptions.TemplateError, RecursionError, TypeError, ValueError, ArithmeticError) as exc:
        raise _error(name, exc) from None
    finally:
        sys.settrace(previous)
    return "".join(parts)
