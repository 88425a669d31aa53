"""A tokenized text as a standalone HTML file: colored chips, their ids on hover.

One file with inline CSS and no script: every token is a ``<span>`` colored by the app's one
palette (:mod:`app.display.palette`, the same fill as on screen), whose ``title`` attribute
gives its id and bytes (shown on hover); special tokens are dark, tokens holding part of a
character are dashed with their bytes in hex. Every piece of text that comes from the user or
a tokenizer (the text, token labels, titles, names) is escaped, so a text holding
``<script>`` or quotes shows them as text.

Pure Python (no Qt); writing the file is the caller's job (atomically).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from app.core.i18n import current_language, tr, tr_n
from app.display.chips import HEX, PARTIAL, POINTER, SPECIAL, Chips
from app.display.format import format_ratio, hex_bytes
from app.display.palette import (
    FILLS,
    HEX_TEXT,
    HIGH_CONTRAST_BORDER,
    HIGH_CONTRAST_FILLS,
    POINTER_TEXT,
    SPECIAL_FILL,
    SPECIAL_TEXT,
    TEXT,
)
from app.display.token_data import TokenTable

__all__ = ["tokens_html"]

_CSS = f"""
body {{ font-family: "DejaVu Sans", "Noto Sans", "Noto Sans CJK SC", sans-serif; margin: 2em; color: {TEXT};
  background: #ffffff; }}
h1 {{ font-size: 1.4em; margin: 0 0 .2em 0; }}
p.about {{ color: #555; margin: 0 0 1em 0; }}
div.tokens {{ line-height: 2.1; font-size: {{size}}; }}
span.t {{ border-radius: 4px; padding: .1em .3em; margin: 0 .12em 0 0; border: 1px solid rgba(0,0,0,.25);
  white-space: pre; }}
span.t.contrast {{ border: 2px solid {HIGH_CONTRAST_BORDER}; }}
span.t.special {{ background: {SPECIAL_FILL}; color: {SPECIAL_TEXT}; }}
span.t.partial {{ border-style: dashed; }}
span.hex {{ font-family: "DejaVu Sans Mono", monospace; font-size: .85em; color: {HEX_TEXT}; }}
span.ptr {{ color: {POINTER_TEXT}; }}
p.legend {{ color: #555; font-size: .9em; margin-top: 1.5em; }}
"""


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def tokens_html(
    table: TokenTable,
    chips: Chips,
    *,
    title: str,
    about: Sequence[str] = (),
    contrast: bool = False,
    font_size: str = "1.1em",
) -> str:
    """The tokens of ``table`` as a standalone HTML page.

    ``chips`` are the chips the view draws for ``table`` (labels, kinds, colors, line
    breaks); ``title`` heads the page and ``about`` adds lines under it (the tokenizer, the
    counts). ``contrast``: the high-contrast fills of presentation mode.
    """
    if len(chips) != len(table):
        raise ValueError(f"{len(chips)} chips for {len(table)} tokens: build the chips from this table")
    fills = HIGH_CONTRAST_FILLS if contrast else FILLS
    colors = chips.colors if chips.colors is not None else [i % len(fills) for i in range(len(table))]
    n, nbytes = len(table), len(table.data)
    lines = list(about) + [
        tr("{tokens} · {bytes} · {ratio} bytes per token · hover a token for its id").format(
            tokens=tr_n("%n token(s)", n),
            bytes=tr_n("%n UTF-8 byte(s)", nbytes),
            ratio=format_ratio(nbytes / n if n else None),
        )
    ]
    out = _head(title, lines, font_size)
    for k in range(n):
        out.append(_chip(table, chips, k, fills[colors[k] % len(fills)], contrast))
        if chips.breaks[k]:
            out.append("<br>")
    out += _foot()
    return "\n".join(out)


def _head(title: str, lines: Sequence[str], font_size: str) -> list[str]:
    """The page up to the tokens: head, style, title and the lines about the text."""
    return [
        "<!DOCTYPE html>",
        f'<html lang="{"zh-CN" if current_language() == "zh_CN" else "en"}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="generator" content="BPE Explorer">',
        f"<title>{_e(title)}</title>",
        f"<style>{_CSS.replace('{size}', _e(font_size))}</style>",
        "</head>",
        "<body>",
        f"<h1>{_e(title)}</h1>",
        *(f'<p class="about">{_e(line)}</p>' for line in lines),
        '<div class="tokens">',
    ]


def _chip(table: TokenTable, chips: Chips, k: int, fill: str, contrast: bool) -> str:
    """Token ``k`` as a span: its classes, its fill (special tokens: dark), its hover text."""
    kind = chips.kinds[k]
    token = table.tokens[k]
    classes = ["t"]
    style = ""
    if kind == SPECIAL:
        classes.append("special")
    else:
        style = f' style="background:{fill}"'
    if kind == PARTIAL:
        classes.append("partial")
    if contrast:
        classes.append("contrast")
    size = tr_n("%n byte(s): {hex}", len(token)).format(hex=hex_bytes(token))
    hover = tr("id {id}").format(id=table.ids[k]) + " · " + size
    if kind == SPECIAL:
        hover += " · " + tr("a special token")
    elif kind == PARTIAL:
        hover += " · " + tr("part of a character")
    return f'<span class="{" ".join(classes)}"{style} title="{_e(hover)}">{_label(chips.segments[k])}</span>'


def _label(segments: Sequence[tuple[str, object]]) -> str:
    """A chip's label: its text, with bytes in hex and pointers styled apart."""
    label = []
    for text, seg_style in segments:
        if seg_style == HEX:
            label.append(f'<span class="hex">{_e(text)}</span>')
        elif seg_style == POINTER:
            label.append(f'<span class="ptr">{_e(text)}</span>')
        else:
            label.append(_e(text))
    return "".join(label)


def _foot() -> list[str]:
    """The end of the page: the legend of the marks."""
    return [
        "</div>",
        '<p class="legend">'
        + tr(
            '· space, ⏎ newline, → tab; <span class="hex">e3 80</span> bytes of a character '
            "split across tokens (dashed). Made with BPE Explorer."
        )
        + "</p>",
        "</body>",
        "</html>",
        "",
    ]
