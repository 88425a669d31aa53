"""Whether tiktoken's core, given our vocabulary, encodes exactly as one of our tokenizers
(and why not), and the ``tiktoken.Encoding`` built from it when it does."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ...errors import EncodingUnavailableError
from ...pretokenize import Pretokenizer
from ..base import OPENAI_PATTERNS, pattern_of
from ..jsonfile import short
from .merges import merges_from_ranks

if TYPE_CHECKING:
    from ...interface import ByteLevelTokenizerLike as Tokenizer

__all__ = ["equivalence_problem", "setup_problem", "pattern_error", "special_overlap", "build_encoding"]


_PATTERNS = OPENAI_PATTERNS


def equivalence_problem(tok: Tokenizer) -> str | None:
    """None if tiktoken's core, given our vocabulary, encodes exactly as ``tok`` does;
    otherwise the reason it would not.

    A tiktoken rank table (OpenAI's encodings, rank files, Tekken) is tiktoken's by
    construction: its pattern only has to compile in tiktoken's regex engine, and tiktoken's
    cuts are then the reference. For merges of our own rule (training), tiktoken merges any
    two adjacent parts whose concatenation is a token, by that token's rank; we apply our
    merges by their order. The two agree when the ranks follow the merge order and tiktoken's
    own procedure rebuilds exactly our merges from the ranks (checked here once per
    tokenizer), with the same named pattern. The differential tests (tests/engine/test_bulk.py,
    tests/engine/test_tiktoken_core.py) compare the two on every corpus and on random text.
    :meth:`Tokenizer.tiktoken_equivalent` keeps the answer.
    """
    rule = tok.merge_rule
    if rule.pair_ranks and not rule.tiktoken_ranks:
        return (
            "its merges are Hugging Face's pair priorities (a piece merges one pair at a time by the "
            "pair's rank), which tiktoken's token ranks cannot express"
        )
    problem = setup_problem(tok.pretokenizer, tok.special_tokens, rank_table=rule.tiktoken_ranks)
    if problem is not None or rule.tiktoken_ranks:
        return problem
    ranks: dict[bytes, int] = {}
    for i, b in tok.vocab.items():
        if tok.is_special(i):
            continue
        if b in ranks:
            return f"tokens {ranks[b]} and {i} have the same bytes {b!r}"
        ranks[b] = i
    return _order_problem(tok, ranks)


def _order_problem(tok: Tokenizer, ranks: Mapping[bytes, int]) -> str | None:
    """Why tiktoken's rank rule would not replay our merges (None if it would)."""
    triples = tok.merge_ids()
    top_byte = max(tok.byte_ids())
    for k, (_, _, z) in enumerate(triples):
        before = triples[k - 1][2] if k else top_byte
        if z <= before:
            what = f"merge {k - 1} makes id {before}" if k else f"a single byte has id {before}"
            return (
                f"token ids do not follow the merge order (merge {k} makes id {z}, but {what}): "
                "tiktoken merges by the id of the result, so it would apply them in another order"
            )
    rebuilt = merges_from_ranks(ranks)
    if rebuilt != tok.merges:
        k = next((k for k, (a, b) in enumerate(zip(rebuilt, tok.merges)) if a != b), min(len(rebuilt), len(tok.merges)))
        ours = tok.merges[k] if k < len(tok.merges) else None
        theirs = rebuilt[k] if k < len(rebuilt) else None
        return (
            f"tiktoken's byte-pair procedure would not rebuild these merges from the ranks "
            f"(merge {k}: ours {short(ours)}, tiktoken's {short(theirs)})"
        )
    return None


def setup_problem(pretokenizer: Pretokenizer, specials: Iterable[str], *, rank_table: bool = False) -> str | None:
    """What keeps tiktoken from encoding as we do, apart from the vocabulary: tiktoken itself,
    the pre-tokenizer, the special tokens. None if nothing.

    ``rank_table``: the vocabulary is a tiktoken rank table, so a custom pattern is one made
    for tiktoken (a rank file's, Tekken's) and tiktoken's regex engine defines its cuts.
    A custom regex of our own training stays with the regex module that counted its pieces.
    """
    try:
        import tiktoken  # noqa: F401
    except ImportError:
        return "the tiktoken package is not installed"
    if pretokenizer.name == "regex" and pretokenizer.pattern is not None:
        if not rank_table:
            return (
                f"its custom pre-tokenizer regex {short(pretokenizer.pattern)} was trained with Python's regex "
                "module; tiktoken's regex engine (Rust's fancy-regex) may cut some text differently"
            )
        error = pattern_error(pretokenizer.pattern)
        if error is not None:
            return f"{error} (pattern {short(pretokenizer.pattern)})"
    elif pretokenizer.name not in _PATTERNS:
        return f"tiktoken has no equivalent of the {short(pretokenizer.spec)} pre-tokenizer"
    return special_overlap(specials)


# Every ASCII character, other spaces, letters, digits, marks and an emoji: a pattern that
# drops one of these (tiktoken keeps only what the pattern matches) is refused outright.
_PROBE = "".join(map(chr, range(1, 128))) + "\u00a0\u2028\u3000é漢字Жب٣½\u0301😀 \n\n  a  \t"


def pattern_error(pattern: str) -> str | None:
    """Why tiktoken cannot run ``pattern`` as we do: its regex engine (Rust's fancy-regex)
    does not compile it, or it leaves characters of a probe text unmatched (tiktoken drops
    those, we keep them as pieces); None otherwise. Text a pattern leaves unmatched beyond
    the probe is caught when it is encoded (:class:`~bpe_engine.encode.core.CoreEncoder`)."""
    from tiktoken.core import Encoding

    try:
        probe = Encoding(
            "bpe-explorer:probe",
            pat_str=pattern,
            mergeable_ranks={bytes([b]): b for b in range(256)},
            special_tokens={},
        )
        if len(probe.encode_ordinary(_PROBE)) == len(_PROBE.encode("utf-8")):
            return None
        dropped = next((c for c in _PROBE if not probe.encode_ordinary(c)), None)
    except BaseException as exc:  # ValueError with fancy-regex's message; its panic on a hard pattern
        if not isinstance(exc, Exception) and type(exc).__name__ != "PanicException":
            raise
        return (
            f"tiktoken's regex engine (fancy-regex) cannot compile the pattern: {str(exc)[:200] or type(exc).__name__}"
        )
    where = f" (for example {dropped!r})" if dropped is not None else ""
    return f"the pattern leaves some characters unmatched{where}: tiktoken drops them, we keep them"


def special_overlap(specials: Iterable[str]) -> str | None:
    """Why tiktoken could pick other special tokens than we do, or None.

    We take the longest special token at the leftmost place; tiktoken tries them in an
    order of its own and skips one it may not use without trying the others at that place.
    The two agree when no special token's text can overlap another's (one inside the other,
    or the end of one being the start of another).
    """
    names = sorted(set(specials))
    if any(len(a) > 256 for a in names):
        return "a special token is longer than 256 characters; overlaps were not checked"
    known = set(names)
    starts: dict[str, list[str]] = {}  # every proper prefix -> the tokens that start with it
    for b in names:
        for k in range(1, len(b)):
            starts.setdefault(b[:k], []).append(b)
    for a in names:
        for i in range(len(a)):
            for j in range(i + 1, len(a) + 1):
                if (i, j) != (0, len(a)) and a[i:j] in known:
                    return f"the special tokens {short(a[i:j])} and {short(a)} overlap (one holds the other)"
        for k in range(1, len(a)):
            for b in starts.get(a[k:], ()):
                if b != a:
                    return f"the special tokens {short(a)} and {short(b)} overlap (one ends as the other starts)"
    return None


def build_encoding(tok: Tokenizer, ranks: dict[bytes, int]) -> Any:
    """A ``tiktoken.Encoding`` with our vocabulary (only if it is equivalent; see
    :func:`equivalence_problem`), ``ranks`` its ordinary tokens' bytes -> id (tiktoken keeps
    the dict). :meth:`Tokenizer.tiktoken_encoding` keeps it."""
    reason = tok.tiktoken_equivalent()
    if reason is not None:
        raise EncodingUnavailableError(f"cannot run this tokenizer on tiktoken: {reason}")
    from tiktoken.core import Encoding

    return Encoding(
        name=f"bpe-explorer:{tok.name or 'tokenizer'}",
        pat_str=pattern_of(tok),
        mergeable_ranks=ranks,
        special_tokens=dict(tok.special_tokens),
    )
