"""What a chip of the Families tab says when hovered: the token's id and bytes, the text it
stands for (or the character it holds part of), and what its family adds: an unknown word's
fate, a char-level BPE piece, a Unigram piece and its score, the merge that made a byte-level BPE token. Plain text, no Qt,
composed when shown so that it follows the language.
"""

from __future__ import annotations

from app.core.i18n import tr, tr_n
from app.display.format import format_count, hex_bytes, visible
from bpe_engine import (
    FamilyResult,
    FamilyToken,
    FamilyTokenizer,
    SentencePieceTokenizer,
    Tokenizer,
    UnigramTokenizer,
    WordPieceTokenizer,
)

__all__ = ["chip_tooltip"]


def chip_tooltip(result: FamilyResult, index: int, tokenizer: FamilyTokenizer | None, known_words: int) -> str:
    """The tooltip of chip ``index`` of ``result`` (``tokenizer``: the family's, if any;
    ``known_words``: how many words the word family knows)."""
    if not 0 <= index < result.count:
        return ""
    token = result.tokens[index]
    head = tr("Token {k} of {n}: id {id}").format(k=format_count(index + 1), n=format_count(result.count), id=token.id)
    if token.unknown and isinstance(tokenizer, WordPieceTokenizer):
        word = visible(result.text[token.start : token.end])
        return "\n".join(
            [head, tr("‘{word}’ cannot be covered by WordPiece's pieces: it becomes [UNK].").format(word=word)]
        )
    if token.unknown:
        return "\n".join([head, *_unknown_lines(result, token, known_words)])
    lines = [head, tr_n("%n byte(s): {hex}", len(token.data)).format(hex=hex_bytes(token.data))]
    lines.append(_text_line(result, token))
    lines.extend(_family_lines(token, tokenizer))
    return "\n".join(lines)


def _unknown_lines(result: FamilyResult, token: FamilyToken, known_words: int) -> list[str]:
    return [
        tr_n("‘{word}’ is not one of the corpus's %n word(s): it becomes <UNK>,", known_words).format(
            word=visible(result.text[token.start : token.end])
        ),
        tr("and decoding writes <UNK> here: the word is lost."),
    ]


def _text_line(result: FamilyResult, token: FamilyToken) -> str:
    """The text of a whole token, or the character a partial token holds part of."""
    if token.complete:
        return tr("Text: ‘{text}’").format(text=visible(token.data.decode("utf-8")))
    ch = result.text[token.start]
    return tr_n("Part of ‘{char}’ (U+{code}, %n byte(s)): not a character on its own", len(ch.encode("utf-8"))).format(
        char=visible(ch), code=f"{ord(ch):04X}"
    )


def _family_lines(token: FamilyToken, tokenizer: FamilyTokenizer | None) -> list[str]:
    if isinstance(tokenizer, UnigramTokenizer):
        piece = tokenizer.pieces_text[token.id]
        return [tr("Piece: {piece} (score {score})").format(piece=piece, score=f"{tokenizer.scores[token.id]:.3f}")]
    if isinstance(tokenizer, SentencePieceTokenizer):
        return [tr("Piece: {piece}").format(piece=tokenizer.pieces_text[token.id])]
    if isinstance(tokenizer, WordPieceTokenizer):
        piece = tokenizer.token_text(token.id)
        if tokenizer.is_continuation(token.id):
            return [tr("Piece: {piece} (## continues the word before it)").format(piece=piece)]
        return [tr("Piece: {piece}").format(piece=piece)]
    if isinstance(tokenizer, Tokenizer) and not tokenizer.merges_made:
        # An OpenAI encoding opened without its merges: never made here, in the GUI thread
        # (seconds for o200k); the view asks a job for them and writes the tooltip again.
        if len(token.data) > 1:
            return [tr("Which merge made it: being worked out (a few seconds the first time)")]
        return []
    if isinstance(tokenizer, Tokenizer):
        merge = tokenizer.merge_of(token.id)
        if merge is not None:
            return [tr("Made by merge rank {rank}").format(rank=format_count(merge[2]))]
    return []
