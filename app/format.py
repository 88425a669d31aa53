"""How tokens are shown: visible whitespace, escaped bytes, hex.

Pure functions (no Qt), shared by every view: the merges table, the vocabulary browser,
token chips, the stream-decode animation.
"""

from __future__ import annotations

__all__ = ["visible", "token_label", "hex_bytes", "split_valid_utf8", "ChipPart"]

_WS = {" ": "·", "\t": "→", "\n": "⏎", "\r": "␍", "\u00a0": "⍽", "\u3000": "□"}


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
        elif ch in ("\u2028", "\u2029", "\ufeff", "\u200b", "\u200d"):
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out)


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
