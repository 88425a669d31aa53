"""Vocabulary health: tokens a tokenizer can never produce, part-character tokens, and tokens a
text never uses or uses only on the way to bigger ones.

- *Unreachable*: tokens that encoding their own text does not give back (``encode(text of t)
  != [t]``). Land and Bartolo 2024, "Fishing for Magikarp: Automatically Detecting
  Under-trained Tokens in Large Language Models" (EMNLP) list these as under-trained for
  certain: the model never sees them in training. A byte-level token is encoded as ordinary
  text (``encode_ordinary``, pre-tokenizer included); a SentencePiece token as the piece it
  is (``piece_ids`` with ``▁`` for spaces: encoding its text would add the dummy prefix).
  Only tokens whose bytes are valid UTF-8 are tested (the others have no text).
- *Part-character*: tokens whose bytes are not valid UTF-8 on their own (a piece of a
  multi-byte character, or a lone byte above 0x7F; SentencePiece's ``<0xNN>`` byte-fallback
  tokens above 0x7F). Land and Bartolo's "partial UTF-8 sequences".
- *Unused* on a text: tokens its encoding never contains.
- *Final* and *intermediate* uses on a text: how often a token is in the encoding, and how
  often the merge procedure makes it and then merges it further (it appears in
  ``bpe_steps`` of a piece but not in the piece's ids). Tokens used only as intermediates are
  the *intermediate merge residues* of Sun, Yang, Lin and Zhang 2026, "LiteToken: Removing
  Intermediate Merge Residues From BPE Tokenizers" (arXiv 2602.04706), whose final/
  intermediate ratio ``R(t) = F1 / (F1 + F2)`` is :attr:`TokenUse.fi_ratio`: vocabulary
  paid for that the text never shows a model. Tokenizers that look a whole piece up before merging
  (tiktoken's rank tables, Hugging Face's ``ignore_merges``) skip those steps at run time;
  the residue is a property of the merges.
- *Under-trained candidates* that need no model weights: the unreachable tokens, then (with a
  text) those unused on it, by id. Land and Bartolo confirm candidates with the model's
  embeddings; this list is what can be said without them.

Special tokens are never counted: they are not made from text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from ..interface import TokenizerLike
from ..kinds import TokenUnit
from ..tokenizer import Tokenizer
from .text import encoded

__all__ = ["TokenUse", "VocabularyHealth", "vocabulary_health", "reachability", "token_uses"]

_PROGRESS_EVERY = 16384


@dataclass(frozen=True)
class TokenUse:
    """How one token served a text: ``final`` times in its encoding, ``intermediate`` times
    made by a merge and merged again."""

    token_id: int
    final: int
    intermediate: int

    @property
    def fi_ratio(self) -> float:
        """LiteToken's ``R(t) = final / (final + intermediate)`` (0 for an unused token)."""
        total = self.final + self.intermediate
        return self.final / total if total else 0.0


@dataclass(frozen=True)
class VocabularyHealth:
    """See the module docstring. Id tuples are sorted; ``unused``, ``uses`` and
    ``intermediate_only`` are None without a text. ``tokens``: the tokens examined (the
    vocabulary without its special tokens)."""

    tokens: int
    unreachable: tuple[int, ...]
    part_character: tuple[int, ...]
    unused: tuple[int, ...] | None
    uses: tuple[TokenUse, ...] | None
    intermediate_only: tuple[int, ...] | None
    undertrained_candidates: tuple[int, ...]

    @property
    def residue_share(self) -> float | None:
        """Intermediate-only tokens over the tokens examined (None without a text)."""
        if self.intermediate_only is None:
            return None
        return len(self.intermediate_only) / self.tokens if self.tokens else 0.0


def reachability(
    tok: TokenizerLike, progress: Callable[[int, int], None] | None = None
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """``(unreachable, part_character, tokens examined)`` of ``tok``'s vocabulary (see the
    module docstring); ``progress(done, total)`` is called every few thousand tokens (it may
    raise to stop).

    A byte-level :class:`~bpe_engine.Tokenizer` encodes the tokens a block at a time
    (:meth:`~bpe_engine.Tokenizer.encode_alone`: the pieces of a block merged together, the
    same ids as one ``encode_ordinary`` each, 5x faster on o200k); other tokenizers one by one.
    """
    vocab = tok.vocab
    ids = sorted(i for i in vocab if not tok.is_special(i))
    texts: list[str] = []
    valid: list[int] = []
    partial: list[int] = []
    for i in ids:
        try:
            texts.append(vocab[i].decode("utf-8"))
            valid.append(i)
        except UnicodeDecodeError:
            partial.append(i)
    unreachable: list[int] = []
    for start in range(0, len(valid), _PROGRESS_EVERY):
        if progress is not None:
            progress(start, len(valid))
        block = valid[start : start + _PROGRESS_EVERY]
        got = _encode_alone(tok, texts[start : start + _PROGRESS_EVERY])
        unreachable += (i for i, g in zip(block, got) if g != (i,))
    if progress is not None:
        progress(len(valid), len(valid))
    return tuple(sorted(unreachable)), tuple(partial), len(ids)


def _encode_alone(tok: TokenizerLike, texts: list[str]) -> list[tuple[int, ...] | None]:
    """Each text's ids encoded alone (None: several pieces, so several tokens): a
    SentencePiece token as the piece it is (encoding its text would add the dummy prefix)."""
    if isinstance(tok, Tokenizer):
        return tok.encode_alone(texts)
    if tok.facts.unit is TokenUnit.CHARACTER:
        space = tok.facts.space_symbol
        return [tuple(tok.piece_ids(t.replace(" ", space))) for t in texts]
    return [tuple(tok.encode_ordinary(t)) for t in texts]


def _made(tok: TokenizerLike, piece: str | bytes) -> Counter[int]:
    """The tokens the merge procedure makes while encoding ``piece`` alone."""
    return Counter(step.new_id for step in tok.bpe_steps(piece))


def _alone(tok: TokenizerLike, token_id: int, unit: TokenUnit) -> tuple[int, ...] | None:
    """The tokens made on the way to ``token_id`` when its own piece is merged alone, or None
    when merging it alone does not end in that one token. ``unit``: ``tok.facts.unit``
    (passed in: building the facts each call was a sixth of the time)."""
    data = tok.vocab[token_id]
    if unit is TokenUnit.CHARACTER:
        try:
            piece: str | bytes = data.decode("utf-8").replace(" ", tok.facts.space_symbol)
        except UnicodeDecodeError:
            return None
    else:
        piece = data
    steps = tok.bpe_steps(piece)
    if not steps:
        return () if len(data) == 1 or unit is TokenUnit.CHARACTER and len(piece) == 1 else None
    last = steps[-1]
    if len(last.parts) != 2 or last.new_id != token_id:
        return None
    return tuple(step.new_id for step in steps[:-1])


def token_uses(tok: TokenizerLike, text: str) -> dict[int, TokenUse]:
    """Final and intermediate uses of each token on ``text`` (tokens with none left out).

    Each distinct piece of ``tok.pieces(text, special=False)`` counts as often as it occurs.
    Merges are applied lowest rank first, so the merges inside one final token of a piece are
    those of merging that token's own piece alone: what each final token cost is worked out
    once per token (``bpe_steps`` of its piece). A piece holding a token whose own piece does
    not merge back into it is followed step by step instead (``bpe_steps`` of the piece).
    A byte-level :class:`~bpe_engine.Tokenizer`'s encoding is the pieces' ids one after the
    other, so when each of its tokens merges back alone the final uses are the encoding's
    counts and the intermediate ones each final token's cost times its count, with no piece
    encoded one by one (1.5x faster on the UDHR sample with o200k).
    """
    unit = tok.facts.unit
    memo: dict[int, tuple[int, ...] | None] = {}
    if isinstance(tok, Tokenizer):
        fast = _uses_from_encoding(tok, text, memo)
        if fast is not None:
            return fast
    final: Counter[int] = Counter()
    made: Counter[int] = Counter()
    pieces = Counter(p for p, _, _, special in tok.pieces(text, special=False) if not special)
    for piece, n in pieces.items():
        ids = tok.piece_ids(piece)
        inside: list[int] | None = []
        for t in ids:
            if t not in memo:
                memo[t] = _alone(tok, t, unit)
            known = memo[t]
            if known is None or inside is None:
                inside = None
                continue
            inside.extend(known)
        for t in ids:
            final[t] += n
        if inside is None:  # follow this piece's own merges
            created = _made(tok, piece)
            created.subtract(ids)
            inside = [t for t, c in created.items() for _ in range(max(c, 0))]
        for t in inside:
            made[t] += n
    return {t: TokenUse(t, final[t], made[t]) for t in sorted(final.keys() | made.keys())}


def _uses_from_encoding(
    tok: Tokenizer, text: str, memo: dict[int, tuple[int, ...] | None]
) -> dict[int, TokenUse] | None:
    """:func:`token_uses` from the encoding of ``text`` (see there); None when one of its
    tokens does not merge back alone (``memo`` then holds what was worked out)."""
    final = Counter(tok.encode_ordinary(text))
    made: Counter[int] = Counter()
    for t, n in final.items():
        if t not in memo:
            memo[t] = _alone(tok, t, TokenUnit.BYTE)
        inside = memo[t]
        if inside is None:
            return None
        for m in inside:
            made[m] += n
    return {t: TokenUse(t, final[t], made[t]) for t in sorted(final.keys() | made.keys())}


def vocabulary_health(
    tok: TokenizerLike,
    text: str | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
    reachable: tuple[tuple[int, ...], tuple[int, ...], int] | None = None,
) -> VocabularyHealth:
    """The health of ``tok``'s vocabulary, and with ``text`` its use on that text (see the
    module docstring). ``reachable``: :func:`reachability`'s result when already computed
    (it depends on the tokenizer only)."""
    unreachable, partial, examined = reachable if reachable is not None else reachability(tok, progress)
    if text is None:
        return VocabularyHealth(examined, unreachable, partial, None, None, None, unreachable)
    encoded(tok, text, ())  # checks the type of text
    uses = token_uses(tok, text)
    finals = {t for t, u in uses.items() if u.final}
    unused = tuple(i for i in sorted(tok.vocab) if not tok.is_special(i) and i not in finals)
    only = tuple(t for t, u in uses.items() if u.intermediate and not u.final)
    candidates = tuple(sorted(set(unreachable) | set(unused)))
    return VocabularyHealth(examined, unreachable, partial, unused, tuple(uses.values()), only, candidates)
