"""What the Stream-decode view says about a step, in words: which bytes a token brought, what
the queue held, which characters completed, what still waits and why, what a naive
``decode([id])`` prints instead, and, at the end, whether the decoder's output is right.

Plain text and HTML, no widgets: the view writes these into its step line.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from app.core.i18n import tr, tr_n
from app.display.format import hex_bytes, visible_html
from app.display.token_data import describe_char
from bpe_engine import WordPieceDecoder

__all__ = ["FedToken", "WordPieceJoin", "describe_step", "done_text", "intro"]

_FFFD = "\ufffd"
_SHOWN_CHARS = 3  # completed characters named one by one; the rest are counted


def intro() -> str:
    """The step line before the first token."""
    return tr(
        "Each token is a few <b>bytes</b>. The decoder keeps bytes in a queue until they form a whole "
        "UTF-8 character; decoding each token on its own instead prints � for every piece of a split "
        "character."
    )


INTRO = intro


@dataclass(frozen=True)
class FedToken:
    """One token fed to the decoder: its place and id, the bytes that waited before it, its
    bytes, what the decoder released, what a naive decode of it alone printed, and what
    still waits after it (``needed`` more bytes)."""

    position: int  # 1 for the first token
    token_id: int
    queued: bytes
    data: bytes
    released: str
    naive: str
    pending: bytes
    needed: int
    dropped: bytes = b""  # the leading space the decoder dropped (SentencePiece's dummy prefix)


@dataclass(frozen=True)
class WordPieceJoin:
    """How a WordPiece file's decoder adds one token to the text: the file's ``decoder``, the
    token as the model writes it (``##ing``), the prefix that marks a continuation."""

    decoder: WordPieceDecoder
    written: str
    prefix: str
    continuation: bool


def describe_step(fed: FedToken, sentencepiece: bool, wordpiece: WordPieceJoin | None = None) -> str:
    """The step line for ``fed`` (``sentencepiece``: the tokenizer drops a text's first ▁;
    ``wordpiece``: how the WordPiece file's decoder adds this token to the text)."""
    own = fed.dropped + fed.data  # the token's bytes, the dropped space included
    if len(own) == 1:
        brings = tr("Token {k}: id <b>{id}</b> brings byte <b>{hex}</b>.")
    else:
        brings = tr("Token {k}: id <b>{id}</b> brings bytes <b>{hex}</b>.")
    parts = [brings.format(k=fed.position, id=fed.token_id, hex=hex_bytes(own))]
    if fed.dropped:
        parts.append(_dropped(fed))
    if fed.queued:
        parts.append(tr("The queue already held <b>{hex}</b>.").format(hex=hex_bytes(fed.queued)))
    if fed.released:
        parts.append(_released(fed.released))
    if fed.pending:
        parts.append(_waits(fed.pending, fed.needed))
    elif not fed.released:
        parts.append(tr("Nothing to print yet."))
    if wordpiece is not None:
        parts.append(_joined(fed, wordpiece))
    naive = _naive_wordpiece(fed, wordpiece) if wordpiece is not None else _naive(fed, sentencepiece)
    if naive:
        parts.append(naive)
    return " ".join(parts)


def _dropped(fed: FedToken) -> str:
    """Why the token's leading ▁ (a space) does not reach the decoder."""
    why = tr(
        "Its leading ▁ ({hex}) is the space SentencePiece puts before a text when it encodes (the dummy "
        "prefix); decoding drops it at the start of the text"
    ).format(hex=hex_bytes(fed.dropped))
    if fed.data:
        return why + tr(", so only <b>{hex}</b> enter the queue.").format(hex=hex_bytes(fed.data))
    return why + tr(", so no byte enters the queue.")


def _released(released: str) -> str:
    chars = tr(", ").join(html.escape(describe_char(c)) for c in released[:_SHOWN_CHARS])
    if len(released) > _SHOWN_CHARS:
        chars = tr("{chars} and {n} more").format(chars=chars, n=len(released) - _SHOWN_CHARS)
    return "<span style='color:#1b5e20'>" + tr("Complete → output: {chars}.").format(chars=chars) + "</span>"


def _waits(pending: bytes, need: int) -> str:
    waits = tr_n("{hex} waits: its lead byte announces a {n}-byte character, %n more byte(s) needed.", need)
    return "<span style='color:#e65100'>" + waits.format(hex=hex_bytes(pending), n=len(pending) + need) + "</span>"


def _naive(fed: FedToken, sentencepiece: bool) -> str:
    """What a naive decode of this token alone gets wrong ("" when nothing)."""
    if _FFFD in fed.naive:
        return tr("A naive decode([{id}]) would print <span style='color:#b71c1c'>{text}</span> here.").format(
            id=fed.token_id, text=html.escape(fed.naive)
        )
    if sentencepiece and fed.data[:1] == b" " and fed.naive[:1] != " ":
        return tr(
            "A naive decode([{id}]) prints <span style='color:#b71c1c'>{text}</span>: SentencePiece drops "
            "the ▁ that starts a text, so decoding token by token loses the spaces between words."
        ).format(id=fed.token_id, text=visible_html(fed.naive))
    return ""


def _joined(fed: FedToken, join: WordPieceJoin) -> str:
    """How the file's decoder adds the token to the text (as ``tokenizers``' ``decode``)."""
    token = visible_html(join.written)
    if join.decoder is WordPieceDecoder.NONE:
        if fed.position == 1:
            return tr(
                "This file has no decoder, so the text is what <code>tokenizers</code> gives then: every token "
                "as written (<b>{token}</b>, {prefix} included), a space between two tokens."
            ).format(token=token, prefix=html.escape(join.prefix))
        return tr("No decoder: <b>{token}</b> is written as it is, after a space.").format(token=token)
    if fed.position == 1:
        return tr("The decoder writes the first token as it is.")
    if join.continuation:
        return tr(
            "<b>{token}</b> continues a word: the decoder removes {prefix} and joins it to the token before."
        ).format(token=token, prefix=html.escape(join.prefix))
    if fed.data[:1] != b" ":  # the cleanup took the space away
        return tr(
            "<b>{token}</b> starts a word, but the decoder's cleanup writes no space before punctuation "
            "and contractions ('s, n't)."
        ).format(token=token)
    return tr("<b>{token}</b> starts a word: the decoder puts a space before it.").format(token=token)


def _naive_wordpiece(fed: FedToken, join: WordPieceJoin) -> str:
    """What decoding this WordPiece token alone prints, when it is not what it adds here."""
    adds = (fed.dropped + fed.data).decode("utf-8", errors="replace")
    if fed.naive == adds:
        return ""
    if join.decoder is WordPieceDecoder.NONE:
        return tr(
            "A naive decode([{id}]) prints <span style='color:#b71c1c'>{text}</span>, without the space "
            "that separates it from the token before."
        ).format(id=fed.token_id, text=visible_html(fed.naive))
    return tr(
        "A naive decode([{id}]) prints <span style='color:#b71c1c'>{text}</span>: WordPiece's decoder removes "
        "## only after another token and puts a space before every other token, so decoding token by token "
        "loses how the words join."
    ).format(id=fed.token_id, text=visible_html(fed.naive))


def done_text(same: bool, broken: int) -> str:
    """The end: whether the decoder's output equals decode(all ids), and how many � the naive one has."""
    if same:
        done = tr("<b>Done.</b> The decoder's output equals decode(all ids)")
    else:
        done = tr("<b>Done.</b> The decoder's output differs from decode(all ids)")
    if broken:
        done += tr("; the naive output has {n} × �.").format(n=broken)
    else:
        done += tr("; no character was split here.")
    return done
