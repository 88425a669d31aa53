"""The patterns of the named pre-tokenizers (tiktoken's, exactly) and of released tokenizers'
custom regexes (Qwen's, Llama 3's, Tekken's), and the rules that say where a text may be cut
into chunks without changing its pieces (safe cuts)."""

from __future__ import annotations

from ..unicode_classes import divergence

__all__ = [
    "PRETOKENIZER_NAMES",
    "GPT2_PATTERN",
    "CL100K_PATTERN",
    "O200K_PATTERN",
    "WHITESPACE_PATTERN",
    "QWEN_PATTERN",
    "LLAMA3_PATTERN",
    "TEKKEN_PATTERN",
    "LINEAR_PATTERNS",
]


# Exactly tiktoken's patterns (tiktoken_ext/openai_public.py); tests compare them with tiktoken's.
GPT2_PATTERN = r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s"""
CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
WHITESPACE_PATTERN = r""" ?[^ ]+| """

# Where a chunk boundary leaves the pieces unchanged (see tests/engine/test_pretokenize.py):
# for the GPT patterns, right after a newline that follows a letter or digit and precedes a
# non-space, or that follows any non-space and precedes any non-space but "/" (subtle: after
# "x \n", or ".\n" followed by "/" or a space, the lookaheads and o200k's [\r\n/]* tail would
# differ); and before a space between two letters (a letter run ends there, and the next
# piece starts at the space whatever came before). For ``whitespace``, before a space that
# follows a non-space.
_GPT_SAFE_CUT = r"(?<=[\p{L}\p{N}]\n)(?=\S)|(?<=\S\n)(?=[^\s/])|(?<=\p{L})(?= \p{L})"
_WHITESPACE_SAFE_CUT = r"(?<=[^ ])(?= )"
# Every cut of these rules has a line break just before it or a space at it: a text with
# neither has none, which ``str.find`` tells at C speed (the rules' regex: ~0.4 us a
# character, on a long line without cuts searched for one again and again).
CUT_MARKS = {_GPT_SAFE_CUT: ("\n", " "), _WHITESPACE_SAFE_CUT: (" ",)}
# The custom patterns of released tokenizers (Qwen's, Llama 3's, Tekken's: the text of their
# files, to the character). Like OpenAI's named patterns they are alternatives of character
# classes whose backtracking is bounded by the match it leads to (linear time), and tiktoken
# runs them without a limit; so do we (the regex module's limit check doubles their time).
QWEN_PATTERN = r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
LLAMA3_PATTERN = r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
TEKKEN_PATTERN = (
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+|"""
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*|\p{N}|"""
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
LINEAR_PATTERNS = frozenset({QWEN_PATTERN, LLAMA3_PATTERN, TEKKEN_PATTERN})
# Custom patterns whose pieces the named patterns' safe cuts (_GPT_SAFE_CUT) keep: no lookbehind,
# no \s++$, a space inside a piece only at its start or in a run of whitespace, and tails
# after punctuation of line breaks (and "/") only (tests/engine/test_pretokenize.py checks it).
_RELEASED = {QWEN_PATTERN: "qwen", LLAMA3_PATTERN: "llama3", TEKKEN_PATTERN: "tekken"}


def _guarded(rule: str) -> str:
    """``rule`` with no cut next to a code point that ``regex`` classifies differently from
    the references (see :mod:`~bpe_engine.unicode_classes`): the text the rule reads is not
    pinned, so it stays clear of them (a cut is only ever optional)."""
    if rule != _GPT_SAFE_CUT or not divergence().count:
        return rule
    d = f"[{divergence().class_body()}]"
    return (
        rf"(?<=[\p{{L}}\p{{N}}]\n)(?<!{d}\n)(?=\S)(?!{d})|(?<=\S\n)(?<!{d}\n)(?=[^\s/])(?!{d})"
        rf"|(?<=\p{{L}})(?<!{d})(?= \p{{L}})(?! {d})"
    )


PRETOKENIZER_NAMES: tuple[str, ...] = ("gpt2", "cl100k", "o200k", "whitespace", "none")


_NAMED: dict[str, tuple[str | None, str | None, str]] = {
    "gpt2": (GPT2_PATTERN, _GPT_SAFE_CUT, "GPT-2 regex (tiktoken r50k/p50k)"),
    "cl100k": (CL100K_PATTERN, _GPT_SAFE_CUT, "GPT-4 regex (tiktoken cl100k)"),
    "o200k": (O200K_PATTERN, _GPT_SAFE_CUT, "GPT-4o regex (tiktoken o200k)"),
    "whitespace": (WHITESPACE_PATTERN, _WHITESPACE_SAFE_CUT, "Whitespace prefix (SentencePiece-like ▁)"),
    "none": (None, None, "None (merges may cross words)"),
}
