"""How things are written on screen: tokens (visible whitespace, escaped bytes, hex) and numbers.

Pure functions (no Qt), shared by every view: the merges table, the vocabulary browser,
token chips, the stream-decode animation, progress lines and counts. ``format_*`` write
sizes, counts, durations and ratios the way people read them.

Words go through :func:`app.core.i18n.tr` (without a QApplication it gives the English back); the
unit symbols KB, MB and GB stay as they are in every language (Chinese writes them so too).

It leaves out measuring (:mod:`app.features.train.meter`) and what a token is made of
(:mod:`app.display.token_data`).
"""

from __future__ import annotations

import html
from unicodedata import category

from app.core.i18n import tr, tr_n

__all__ = [
    "visible",
    "token_label",
    "hex_bytes",
    "split_valid_utf8",
    "ChipPart",
    "format_bytes",
    "format_count",
    "format_duration",
    "format_ratio",
    "visible_html",
]

# subtle: every glyph here is in the common fonts (DejaVu, Noto, Liberation); U+240D (␍) is
# in none of them and showed as a box, so a carriage return is ← (back to the line start).
_WS = {" ": "·", "\t": "→", "\n": "⏎", "\r": "←", "\u00a0": "⍽", "\u3000": "□"}
# Characters that draw nothing or reorder the text around them: format characters (soft hyphen,
# zero-width joiners and non-joiners, bidi controls, tags) and the line and paragraph separators;
# escaped, or a token of one showed as "‘’".
_INVISIBLE = frozenset({"Cf", "Zl", "Zp"})


def visible(text: str, whitespace: bool = True) -> str:
    """``text`` with whitespace made visible (· space, → tab, ⏎ newline) and controls escaped."""
    out = []
    for ch in text:
        if whitespace and ch in _WS:
            out.append(_WS[ch])
        elif ch == "\n" or ch == "\t" or ch == " ":
            out.append(ch)
        elif ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0:
            out.append(f"\\x{ord(ch):02x}")
        elif ch >= "\u00ad" and category(ch) in _INVISIBLE:
            out.append(f"\\u{ord(ch):04x}" if ch <= "\uffff" else f"\\U{ord(ch):08x}")
        else:
            out.append(ch)
    return "".join(out)


def visible_html(text: str, whitespace: bool = True) -> str:
    """:func:`visible`, escaped for rich text: a piece such as ``<|endoftext|>`` or ``<b`` is
    shown, not read as a tag."""
    return html.escape(visible(text, whitespace), quote=False)


def hex_bytes(data: bytes) -> str:
    """``b'\\xe5\\x9c'`` -> ``"e5 9c"``."""
    return data.hex(" ")


ChipPart = tuple[str, bool]  # (text, is_raw_bytes)


def split_valid_utf8(data: bytes) -> list[ChipPart]:
    """Cut ``data`` into runs of valid UTF-8 text and runs of bytes that are not (partial characters)."""
    parts: list[ChipPart] = []
    pos = 0
    while pos < len(data):
        try:
            parts.append((data[pos:].decode("utf-8"), False))
            break
        except UnicodeDecodeError as exc:
            if exc.start > 0:
                parts.append((data[pos : pos + exc.start].decode("utf-8"), False))
            bad_end = pos + exc.end
            parts.append((hex_bytes(data[pos + exc.start : bad_end]), True))
            pos = bad_end
    return parts


def token_label(data: bytes, whitespace: bool = True) -> str:
    """A one-line label for a token: its text with visible whitespace, partial bytes as ``<e5 9c>``."""
    out = []
    for text, raw in split_valid_utf8(data):
        out.append(f"<{text}>" if raw else visible(text, whitespace))
    return "".join(out)


def format_bytes(n: float) -> str:
    """``1536`` -> ``"1.5 KB"`` (decimal units, as file managers show them)."""
    for unit in ("bytes", "KB", "MB", "GB"):
        if abs(n) < 1000 or unit == "GB":
            if unit == "bytes":
                return tr_n("%n byte(s)", int(n))
            return f"{n:.1f} {unit}"
        n /= 1000
    return f"{n:.1f} GB"  # pragma: no cover


def format_count(n: int) -> str:
    """``12345`` -> ``"12,345"``: one way everywhere (:func:`app.core.i18n.tr_n` groups so too).

    English and Chinese both group thousands with a comma."""
    return f"{n:,}"


def format_duration(seconds: float | None) -> str:
    """``75`` -> ``"1 min 15 s"``; None -> ``"…"`` (not known yet)."""
    if seconds is None:
        return "…"
    s = int(round(seconds))
    if s < 60:
        return tr("{s} s").format(s=s)
    m, s = divmod(s, 60)
    if m < 60:
        return tr("{m} min {s} s").format(m=m, s=f"{s:02d}")
    h, m = divmod(m, 60)
    return tr("{h} h {m} min").format(h=h, m=f"{m:02d}")


def format_ratio(value: float | None) -> str:
    """``2.5`` -> ``"2.50"`` (bytes or characters per token); None -> ``"—"`` (no token)."""
    return "—" if value is None else f"{value:.2f}"
