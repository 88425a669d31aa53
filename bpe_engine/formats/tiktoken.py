"""OpenAI's encodings (r50k, p50k, cl100k, o200k, gpt2) and tiktoken's rank files.

tiktoken stores ranks, not merges: the token with rank ``r`` is made by merging two tokens
of lower rank. We rebuild that merge for every token (the only split into two lower-ranked
tokens, or where several exist, the one tiktoken's own byte-pair procedure reaches), so our
encoder, not tiktoken's, produces the ids, and the vocabulary browser can show merge trees.

The rank data comes from tiktoken (which downloads it once and caches it; set
``TIKTOKEN_CACHE_DIR`` to use a folder of cached files offline) or from a local
``.tiktoken`` file. Patterns and special tokens of the known encodings are listed here, so
a local file needs nothing else.
"""

from __future__ import annotations

import base64
import binascii
import functools
import json
import os
import re
import socket
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from .._files import FileProblem, read_regular
from ..errors import (
    EncodingUnavailableError,
    PatternNeededError,
    TokenizerFileError,
    UnknownEncodingError,
    UnknownModelError,
)
from ..kinds import MergeRule
from ..pretokenize import Pretokenizer
from .base import (
    OPENAI_PATTERNS,
    Content,
    Format,
    ReadRequest,
    SpecialTokens,
    Writer,
    beside,
    check_special_ids,
    display_name,
    load_recorded_json,
    load_recorded_settings,
    no_arguments,
    ordinary_tokens,
    pattern_of,
    pretokenizer_for,
    read_file,
    refuse,
)
from .data import TokenizerData
from .hf import added_tokens, is_hf_tokenizer, split_pattern, template_bos
from .jsonfile import short

if TYPE_CHECKING:
    from ..interface import ByteLevelTokenizerLike as Tokenizer

__all__ = [
    "OPENAI_ENCODINGS",
    "OPENAI_PATTERNS",
    "SIDECAR_FORMAT",
    "encoding_name_for_model",
    "read_openai_encoding",
    "read_tiktoken_file",
    "merges_from_ranks",
    "merge_ids_from_ranks",
    "merge_triples_from_ranks",
    "tiktoken_cache_hint",
    "equivalence_problem",
    "special_overlap",
    "setup_problem",
    "pattern_error",
    "data_from_ranks",
    "data_from_rank_file",
    "parse_ranks",
    "pretokenizer_for",
    "build_encoding",
    "tiktoken_problem",
    "tiktoken_python",
    "tiktoken_files",
    "is_rank_file",
    "FORMAT",
]

_EOT = "<|endoftext|>"
_FIM = {"<|fim_prefix|>": 100258, "<|fim_middle|>": 100259, "<|fim_suffix|>": 100260}

# name -> (pre-tokenizer, special tokens, description)
OPENAI_ENCODINGS: dict[str, tuple[str, dict[str, int], str]] = {
    "r50k_base": ("gpt2", {_EOT: 50256}, "GPT-3 (davinci), 50k"),
    "p50k_base": ("gpt2", {_EOT: 50256}, "Codex / text-davinci-002/003, 50k"),
    "cl100k_base": ("cl100k", {_EOT: 100257, **_FIM, "<|endofprompt|>": 100276}, "GPT-3.5 / GPT-4, 100k"),
    "o200k_base": ("o200k", {_EOT: 199999, "<|endofprompt|>": 200018}, "GPT-4o / o1, 200k"),
    "gpt2": ("gpt2", {_EOT: 50256}, "GPT-2, 50k"),
}
_PATTERNS = OPENAI_PATTERNS
_BLOB = "https://openaipublic.blob.core.windows.net/encodings/"
# The rank files of tiktoken's own encodings and the SHA-256 tiktoken pins for each (as in
# tiktoken_ext/openai_public.py); gpt2's files are another format, read through tiktoken.
_RANK_FILES: dict[str, tuple[str, str]] = {
    "r50k_base": (_BLOB + "r50k_base.tiktoken", "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930"),
    "p50k_base": (_BLOB + "p50k_base.tiktoken", "94b5ca7dff4d00767bc256fdd1b27e5b17361d7b8a5f968547f9f23eb70d2069"),
    "cl100k_base": (_BLOB + "cl100k_base.tiktoken", "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"),
    "o200k_base": (_BLOB + "o200k_base.tiktoken", "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"),
}
#: The ``format`` of the JSON sidecar that ``Tokenizer.export(path, "tiktoken")`` writes beside
#: a rank file (``<rank file>.json``: name, pattern, special tokens, Python to load them).
SIDECAR_FORMAT = "bpe-explorer-tiktoken-sidecar"


def tiktoken_cache_hint(name: str) -> str:
    return (
        f"tiktoken downloads {name} from the internet on first use. Without internet, set the "
        "environment variable TIKTOKEN_CACHE_DIR to a folder that holds tiktoken's cached files, "
        f"or open a local {name}.tiktoken file instead."
    )


def _offline(exc: BaseException) -> bool:
    """Whether tiktoken failed because it could not reach the internet (its downloads go
    through ``requests``; a name lookup or connection that fails is an ``OSError`` inside)."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        if isinstance(e, (ConnectionError, TimeoutError, socket.gaierror)) or type(e).__name__ in (
            "ConnectionError",
            "NameResolutionError",
            "MaxRetryError",
            "ConnectTimeout",
        ):
            return True
        todo += [e.__cause__, e.__context__]
    return False


def merges_from_ranks(ranks: Mapping[bytes, int]) -> list[tuple[bytes, bytes]]:
    """The merge that builds each multi-byte token, in rank order (see :func:`merge_ids_from_ranks`)."""
    by_rank = {r: t for t, r in ranks.items()}
    return [(by_rank[a], by_rank[b]) for a, b in merge_ids_from_ranks(ranks)]


def merge_ids_from_ranks(ranks: Mapping[bytes, int], strict: bool = True) -> list[tuple[int, int]]:
    """The two token ids (ranks) merged into each multi-byte token, in rank order (see
    :func:`merge_triples_from_ranks`)."""
    return [(a, b) for a, b, _ in merge_triples_from_ranks(ranks, strict)]


def merge_triples_from_ranks(
    ranks: Mapping[bytes, int], strict: bool = True, offset: int = 0
) -> list[tuple[int, int, int]]:
    """``(left, right, token)`` ranks (plus ``offset``) of the merge of each multi-byte token,
    in rank order.

    Tokens are visited in rank order; each one is encoded with the merges recovered so far
    (all of lower rank), which must leave exactly two parts: those are its merge. With
    ``strict=False`` a token where that leaves more parts (Llama 3 has such tokens: tiktoken
    reaches them only through splits with a higher-ranked part, or as a whole piece) gets its
    first split into two tokens, and a token with no such split gets no merge; the tokenizer
    then merges every split at its token's rank (``rank_splits``), which is tiktoken's rule.
    """
    byte_rank = [0] * 256
    for token, r in ranks.items():
        if len(token) == 1:
            byte_rank[token[0]] = r
    by_rank = {r: t for t, r in ranks.items()}
    pair_rank: dict[int, int] = {}  # left_rank << 32 | right_rank -> merged token's rank
    get = pair_rank.get
    merges = []
    for r in sorted(by_rank):
        token = by_rank[r]
        if len(token) < 2:
            continue
        parts = [byte_rank[x] for x in token]
        while len(parts) > 2:
            best_i, best_r = -1, r
            prev = parts[0]
            for i in range(1, len(parts)):
                cur = parts[i]
                m = get(prev << 32 | cur)
                if m is not None and m < best_r:
                    best_i, best_r = i - 1, m
                prev = cur
            if best_i < 0:
                break
            parts[best_i : best_i + 2] = [best_r]
        if len(parts) != 2:
            if strict:
                raise TokenizerFileError(
                    f"token {token!r} (rank {r}) cannot be built from two lower-ranked tokens; "
                    "these ranks are not a byte-pair vocabulary"
                )
            split = next(
                (
                    (ranks[token[:k]], ranks[token[k:]])
                    for k in range(1, len(token))
                    if token[:k] in ranks and token[k:] in ranks
                ),
                None,
            )
            if split is None:
                continue
            parts = list(split)
        pair_rank[parts[0] << 32 | parts[1]] = r
        merges.append((parts[0] + offset, parts[1] + offset, r + offset))
    return merges


def _data_from_ranks(
    ranks: dict[bytes, int],
    name: str,
    pretokenizer: str,
    specials: dict[str, int],
    source: str,
    exact: bool = False,
    lazy: bool = False,
) -> TokenizerData:
    """The tokenizer of a rank table. OpenAI's encodings keep one merge per token (tiktoken's
    own procedure rebuilds them; tests/engine/test_tiktoken_parity.py shows the ids equal);
    ``exact``: every split of a token into two tokens merges at the token's rank
    (``rank_splits``), which is tiktoken's rule itself, for rank files of other vocabularies.
    ``lazy``: the merges are rebuilt on first use (``merge_source``), for tables where that
    cannot fail: ``exact`` ones and OpenAI's own (pinned by tiktoken's hash)."""
    singles = list(map(len, ranks)).count(1)
    if singles != 256:
        raise TokenizerFileError(f"{source}: the ranks hold {singles} single-byte tokens, not 256")
    vocab = dict(zip(ranks.values(), ranks.keys()))
    if len(vocab) != len(ranks):
        raise TokenizerFileError(f"{source}: two tokens share a rank")
    rule = MergeRule.tiktoken(exact_splits=exact)
    if lazy:
        return TokenizerData(
            vocab,
            [],
            specials,
            pretokenizer=pretokenizer,
            name=name,
            merge_rule=rule,
            source=source,
            merge_source=lambda: merge_triples_from_ranks(ranks, strict=not exact),
        )
    try:
        merge_ids = merge_ids_from_ranks(ranks, strict=not exact)
    except TokenizerFileError as exc:
        raise TokenizerFileError(f"{source}: {exc}") from None
    merges = [(vocab[a], vocab[b]) for a, b in merge_ids]
    return TokenizerData(
        vocab,
        merges,
        specials,
        pretokenizer=pretokenizer,
        name=name,
        merge_ids=merge_ids,
        merge_rule=rule,
        source=source,
    )


def encoding_name_for_model(model_name: str) -> str:
    """The encoding of an OpenAI model name, by tiktoken's own table."""
    try:
        from tiktoken.model import encoding_name_for_model as lookup
    except ImportError:
        raise EncodingUnavailableError("the tiktoken package is not installed (pip install tiktoken)") from None
    try:
        return str(lookup(model_name))
    except KeyError:
        raise UnknownModelError(
            f"{short(model_name)} is not an OpenAI model name tiktoken knows; name an encoding instead "
            "(for example o200k_base)"
        ) from None


def parse_ranks(data: bytes, source: str) -> dict[bytes, int]:
    """``base64-token rank`` lines; a token or a rank given twice is an error naming the line.

    A file of exactly such lines (one space each, no blank line) is read at C speed: one
    split, ``binascii`` and ``int`` mapped over the fields (the layout checked with NumPy).
    Anything else, or any bad field, goes line by line (:func:`_parse_ranks_slowly`), which
    names the first bad line.
    """
    body = data[:-1] if data.endswith(b"\n") else data
    if not _plain_lines(body):
        return _parse_ranks_slowly(data, source)
    parts = body.split()
    try:
        tokens = list(map(_b64, parts[0::2]))
        numbers = list(map(int, parts[1::2]))
    except (ValueError, binascii.Error):
        return _parse_ranks_slowly(data, source)
    ranks = dict(zip(tokens, numbers))
    if len(ranks) != len(tokens) or len(set(numbers)) != len(numbers) or min(numbers, default=0) < 0:
        return _parse_ranks_slowly(data, source)
    return ranks


_OTHER_SPACE = b"\t\r\x0b\x0c"


def _plain_lines(body: bytes) -> bool:
    """Whether ``body`` is non-empty lines, each two non-empty fields around one space."""
    if not body or any(c in body for c in _OTHER_SPACE):
        return False
    arr = np.frombuffer(body, dtype=np.uint8)
    newlines = np.flatnonzero(arr == 10)
    spaces = np.flatnonzero(arr == 32)
    if len(spaces) != len(newlines) + 1:
        return False
    starts = np.concatenate(([0], newlines + 1))
    ends = np.concatenate((newlines, [len(body)]))
    return bool(np.all(spaces > starts) and np.all(spaces + 1 < ends))


_b64 = functools.partial(binascii.a2b_base64, strict_mode=True)  # no Python frame per token


def _parse_ranks_slowly(data: bytes, source: str) -> dict[bytes, int]:
    """:func:`parse_ranks` line by line, raising at the first bad line (or the parse)."""
    ranks: dict[bytes, int] = {}
    line_of_rank: dict[int, int] = {}
    line_of_token: dict[bytes, int] = {}
    for lineno, line in enumerate(data.split(b"\n"), 1):
        if not line.strip():
            continue
        try:
            token_b64, rank_text = line.split()
            token = base64.b64decode(token_b64, validate=True)
            rank = int(rank_text)
            if rank < 0:
                raise ValueError
        except ValueError:
            raise TokenizerFileError(
                f"{source}: line {lineno} must be '<base64 token> <rank>' with a rank of 0 or more, got {short(line)}"
            ) from None
        if token in line_of_token:
            raise TokenizerFileError(
                f"{source}: line {lineno} repeats the token {short(token)} of line {line_of_token[token]}"
            )
        if rank in line_of_rank:
            raise TokenizerFileError(f"{source}: line {lineno} repeats the rank {rank} of line {line_of_rank[rank]}")
        line_of_token[token] = lineno
        line_of_rank[rank] = lineno
        ranks[token] = rank
    return ranks


def read_openai_encoding(name: str) -> TokenizerData:
    """One of tiktoken's encodings (downloaded once by tiktoken, or read from its cache)."""
    if not isinstance(name, str):
        raise EncodingUnavailableError(f"encoding name must be a string, got {name!r}")
    try:
        # subtle: tiktoken's submodules, not the package: code that puts something else in
        # sys.modules["tiktoken"] (tests/engine/tiktoken_adapter.py does) must not be called back.
        from tiktoken.registry import get_encoding
    except ImportError:
        raise EncodingUnavailableError(
            f"cannot load {name}: the tiktoken package is not installed (pip install tiktoken), "
            f"or open a local {name}.tiktoken file instead"
        ) from None
    try:
        if name in _RANK_FILES:
            # The rank file itself, as tiktoken fetches and checks it (its cache, its pinned
            # hash), read by parse_ranks: twice as fast as tiktoken's own reading, and without
            # building tiktoken's encoder, which is not needed to open the tokenizer.
            from tiktoken.load import read_file_cached

            url, expected_hash = _RANK_FILES[name]
            ranks = parse_ranks(read_file_cached(url, expected_hash), name)
            pretokenizer, specials, _ = OPENAI_ENCODINGS[name]
            return _data_from_ranks(ranks, name, pretokenizer, dict(specials), name, lazy=True)
        enc = get_encoding(name)
        ranks = dict(enc._mergeable_ranks)  # subtle: tiktoken has no public accessor for these
        pattern = enc._pat_str
        specials = dict(enc._special_tokens)
    except TokenizerFileError as exc:
        raise EncodingUnavailableError(f"cannot load {name}: {exc}. {tiktoken_cache_hint(name)}") from None
    except ValueError as exc:
        if "Unknown encoding" in str(exc):
            raise UnknownEncodingError(
                f"{name!r} is not an encoding tiktoken knows; use one of {', '.join(OPENAI_ENCODINGS)}"
            ) from None
        raise EncodingUnavailableError(f"cannot load {name}: {exc}. {tiktoken_cache_hint(name)}") from None
    except Exception as exc:  # network errors, hash mismatches, broken cache files
        if _offline(exc):
            raise EncodingUnavailableError(
                f"{name} is not in tiktoken's cache and cannot be downloaded (no internet connection). "
                + tiktoken_cache_hint(name)
            ) from None
        raise EncodingUnavailableError(
            f"cannot load {name}: {short(str(exc), 200)}. {tiktoken_cache_hint(name)}"
        ) from None
    return _data_from_ranks(ranks, name, pretokenizer_for(pattern), specials, name, lazy=True)


def data_from_ranks(
    ranks: Mapping[bytes, int], pattern: str, special_tokens: Mapping[str, int], name: str
) -> TokenizerData:
    """The parts of a tokenizer from tiktoken's own (``tiktoken.Encoding``'s arguments)."""
    return _data_from_ranks(dict(ranks), name, pretokenizer_for(pattern), dict(special_tokens), name)


def read_tiktoken_file(path: str | os.PathLike[str], name: str | None = None) -> TokenizerData:
    """A local ``.tiktoken`` file (``base64-token rank`` per line).

    ``name`` (or the file name, e.g. ``cl100k_base.tiktoken``) selects the pattern and
    special tokens of a known encoding; an unknown name gets the GPT-2 pattern and none.
    """
    path = os.fspath(path)
    if name is None:
        base = os.path.basename(path)
        name = base[: -len(".tiktoken")] if base.endswith(".tiktoken") else base
    pretokenizer, specials, _ = OPENAI_ENCODINGS.get(name, ("gpt2", {}, ""))
    try:
        data = read_regular(path, what="tiktoken rank file")
    except FileProblem as exc:
        raise TokenizerFileError(str(exc)) from None
    ranks = parse_ranks(data, path)
    if not ranks:
        raise TokenizerFileError(f"{path}: holds no tokens; it is not a tiktoken rank file")
    return _data_from_ranks(ranks, name, pretokenizer, dict(specials), path)


def data_from_rank_file(
    data: bytes, path: str, pattern: str, special_tokens: Mapping[str, int], name: str | None = None
) -> TokenizerData:
    """The bytes of a rank file (``base64-token rank`` per line) with the pattern and special
    tokens that such a file does not hold (:func:`bpe_engine.load_tokenizer` finds them)."""
    ranks = parse_ranks(data, path)
    if not ranks:
        raise TokenizerFileError(f"{path}: holds no tokens; it is not a tiktoken rank file")
    if not isinstance(pattern, str) or not pattern:
        raise TokenizerFileError(f"{path}: the pre-tokenizer pattern must be a non-empty regex, got {short(pattern)}")
    label = name or os.path.splitext(os.path.basename(path))[0]
    return _data_from_ranks(ranks, label, pretokenizer_for(pattern), dict(special_tokens), path, exact=True, lazy=True)


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


# -- rank files completed by what lies beside them -------------------------------------------

_RANK_LINE = re.compile(rb"[A-Za-z0-9+/]+=* [0-9]+\r?")


def is_rank_file(data: bytes) -> bool:
    """Whether ``data`` starts like a rank file (``base64 rank``)."""
    first = data.lstrip(b"\n").split(b"\n", 1)[0]
    return bool(_RANK_LINE.fullmatch(first))


def _read_ranks(path: str, data: bytes, pattern: str | None, special_tokens: SpecialTokens | None) -> TokenizerData:
    """A rank file, completed by the arguments or by what :func:`_settings_for` finds."""
    found_pattern, found_specials, where = (None, None, "")
    loaded: dict[str, Any] = {}  # the files beside it, each parsed once (a tokenizer.json: 9 MB)
    if pattern is None or special_tokens is None:
        found_pattern, found_specials, where = _settings_for(path, loaded)
    final_pattern = pattern if pattern is not None else found_pattern
    if final_pattern is None:
        raise PatternNeededError(path, found_specials, where)
    if special_tokens is None:
        specials = found_specials or {}
    elif isinstance(special_tokens, Mapping):
        specials = dict(special_tokens)
    else:
        specials = {}
        next_id = _max_rank(data) + 1
        for tok in special_tokens:
            if tok not in specials:
                specials[tok] = next_id
                next_id += 1
    found = data_from_rank_file(data, path, final_pattern, specials, display_name(path))
    if where:
        found.extra["settings_from"] = where
    found.bos, found.adds_bos = _bosbeside(path, specials, loaded)
    return found


_HF = "Hugging Face tokenizer.json"
# What a rank file takes from a tokenizer.json beside it; its "model" (8 of Llama 3.2's 8.2 MB,
# written last) is not parsed for them: parsing it took three times as long as the rank file.
_HF_SETTINGS = ("added_tokens", "pre_tokenizer", "post_processor")


def _load_beside(path: str, what: str, loaded: dict[str, Any]) -> Any:
    """``load_recorded_json``, once per file for one open (``loaded`` keeps what was parsed)."""
    if path not in loaded:
        loaded[path] = load_recorded_json(path, what)
    return loaded[path]


def _hf_beside(path: str, loaded: dict[str, Any]) -> Any:
    """The settings of a ``tokenizer.json`` beside a rank file, once per file for one open."""
    if path not in loaded:
        loaded[path] = load_recorded_settings(path, _HF, "model", _HF_SETTINGS)
    return loaded[path]


def _bosbeside(path: str, specials: Mapping[str, int], loaded: dict[str, Any] | None = None) -> tuple[str | None, bool]:
    """``(bos, adds_bos)`` for a rank file, from the ``tokenizer.json`` beside it (its
    template's first special token, which it adds), else ``tokenizer_config.json``'s
    ``bos_token`` and ``add_bos_token``; ``(None, False)`` when neither names a special token."""
    stem = os.path.splitext(os.path.basename(path))[0]
    loaded = {} if loaded is None else loaded
    hf = beside(path, f"{stem}.json", "tokenizer.json")
    if hf is not None:
        obj = _hf_beside(hf, loaded)
        bos = template_bos(obj, hf) if is_hf_tokenizer(obj) else None
        if bos is not None and bos in specials:
            return bos, True
    config = beside(path, f"{stem}_config.json", "tokenizer_config.json")
    if config is not None:
        obj = _load_beside(config, "tokenizer_config.json", loaded)
        if isinstance(obj, dict):
            bos = obj.get("bos_token")
            if isinstance(bos, dict):  # older files: {"content": ..., "lstrip": ...}
                bos = bos.get("content")
            if isinstance(bos, str) and bos in specials:
                return bos, obj.get("add_bos_token") is True
    return None, False


def _settings_for(path: str, loaded: dict[str, Any] | None = None) -> tuple[str | None, dict[str, int] | None, str]:
    """``(pattern, special tokens, where they came from)`` for a rank file: its sidecar
    (``<file>.json``, written by our export), else a ``tokenizer.json`` and
    ``tokenizer_config.json`` beside it (also named ``<stem>.json``, ``<stem>_config.json``),
    else a known OpenAI encoding of the same name; None where nothing was found."""
    sidecar = beside(path, os.path.basename(path) + ".json")
    if sidecar is not None:
        spec = load_recorded_json(sidecar, "tiktoken sidecar")
        if isinstance(spec, dict) and spec.get("format") == SIDECAR_FORMAT:
            pattern, specials = _sidecar(spec, sidecar)
            return pattern, specials, os.path.basename(sidecar)
    stem = os.path.splitext(os.path.basename(path))[0]
    known = OPENAI_ENCODINGS.get(stem)
    found_pattern = OPENAI_PATTERNS[known[0]] if known else None
    found_specials = dict(known[1]) if known else None
    where = [f"OpenAI's {stem}"] if known else []
    hf = beside(path, f"{stem}.json", "tokenizer.json")
    if hf is not None:
        obj = _hf_beside(hf, {} if loaded is None else loaded)
        if is_hf_tokenizer(obj):
            found_pattern = _pattern_of(obj, hf)
            found_specials = {content: i for content, i, _, _ in added_tokens(obj, hf)}
            where = [os.path.basename(hf)]
    config = beside(path, f"{stem}_config.json", "tokenizer_config.json")
    if config is not None:
        specials = _config_specials(config)
        if specials:
            found_specials = specials
            where.append(os.path.basename(config))
    return found_pattern, found_specials, " and ".join(where)


def _sidecar(spec: dict[str, Any], path: str) -> tuple[str, dict[str, int]]:
    pattern, specials = spec.get("pattern"), spec.get("special_tokens")
    if not isinstance(pattern, str) or not pattern:
        raise TokenizerFileError(f"{path}: field 'pattern' must be a regex, got {short(pattern)}")
    if not isinstance(specials, dict) or not all(
        isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in specials.values()
    ):
        raise TokenizerFileError(f"{path}: field 'special_tokens' must map names to ids, got {short(specials)}")
    check_special_ids(specials.items(), path, "special_tokens")
    return pattern, specials


def _max_rank(data: bytes) -> int:
    last = -1
    for line in data.split(b"\n"):
        parts = line.split()
        if len(parts) == 2 and parts[1].isdigit():
            last = max(last, int(parts[1]))
    return last


def _pattern_of(obj: dict[str, Any], path: str) -> str:
    """The regex of a Hugging Face file's ``Split`` pre-tokenizer (what a rank file lacks)."""
    pre = obj.get("pre_tokenizer")
    parts = pre.get("pretokenizers") if isinstance(pre, dict) and pre.get("type") == "Sequence" else [pre]
    for k, part in enumerate(parts if isinstance(parts, list) else []):
        if isinstance(part, dict) and part.get("type") == "Split":
            return split_pattern(part, f"pre_tokenizer.pretokenizers[{k}]", path)
    raise TokenizerFileError(f"{path}: has no Split pre-tokenizer, so it gives no pattern for the rank file beside it")


def _config_specials(path: str) -> dict[str, int]:
    obj = load_recorded_json(path, "tokenizer_config.json")
    decoder = obj.get("added_tokens_decoder") if isinstance(obj, dict) else None
    if decoder is None:
        return {}
    if not isinstance(decoder, dict):
        raise TokenizerFileError(f"{path}: added_tokens_decoder must be an object, got {short(decoder)}")
    out: dict[str, int] = {}
    for key, entry in decoder.items():
        if not key.isdigit() or not isinstance(entry, dict) or not isinstance(entry.get("content"), str):
            raise TokenizerFileError(
                f"{path}: added_tokens_decoder[{short(key)}] must be {{'content': ...}} under an id"
            )
        out[entry["content"]] = int(key)
    check_special_ids(((entry["content"], int(key)) for key, entry in decoder.items()), path, "added_tokens_decoder")
    return out


# -- writing ------------------------------------------------------------------------------


def tiktoken_problem(tok: Tokenizer) -> str | None:
    """Why tiktoken, given this vocabulary as ranks, would not encode as ``tok`` does (or None)."""
    if tok.normalizer is not None:
        return f"tiktoken has no normalizer ({tok.normalizer})"
    overlap = special_overlap(tok.special_tokens)
    if overlap is not None:
        return overlap
    ranks: dict[bytes, int] = {}
    for i, b in ordinary_tokens(tok).items():
        if b in ranks:
            return f"tokens {ranks[b]} and {i} have the same bytes {b!r}"
        ranks[b] = i
    if tok.rank_splits:
        return None  # tiktoken's rule already
    if tok.pair_ranks:
        return "its merges are Hugging Face's pair priorities, which tiktoken's ranks cannot express"
    new_ids = [z for _, _, z in tok.merge_ids()]
    if any(b >= a for a, b in zip(new_ids[1:], new_ids)) or (new_ids and new_ids[0] <= max(tok.byte_ids())):
        return "token ids do not follow the merge order (tiktoken merges by the rank of the result)"
    if merges_from_ranks(ranks) != tok.merges:
        return "tiktoken's byte-pair procedure would not rebuild these merges from the ranks"
    return None


def tiktoken_python(ranks_name: str, sidecar_name: str) -> str:
    """The three lines of Python that build a ``tiktoken.Encoding`` from the exported files."""
    return (
        "import json, pathlib, tiktoken, tiktoken.load\n"
        f"spec = json.loads(pathlib.Path({sidecar_name!r}).read_text(encoding='utf-8'))\n"
        f"enc = tiktoken.Encoding(spec['name'], pat_str=spec['pattern'], "
        f"mergeable_ranks=tiktoken.load.load_tiktoken_bpe({ranks_name!r}), special_tokens=spec['special_tokens'])\n"
    )


def tiktoken_files(tok: Tokenizer, ranks_name: str) -> tuple[bytes, bytes]:
    """The rank file and its JSON sidecar (``ranks_name`` is the rank file's name)."""
    problem = tiktoken_problem(tok)
    if problem is not None:
        raise refuse("tiktoken", problem)
    lines = [base64.b64encode(b) + b" " + str(i).encode("ascii") for i, b in sorted(ordinary_tokens(tok).items())]
    sidecar = {
        "format": SIDECAR_FORMAT,
        "version": 1,
        "name": tok.name or os.path.splitext(ranks_name)[0],
        "ranks": ranks_name,
        "pattern": pattern_of(tok),
        "special_tokens": dict(sorted(tok.special_tokens.items(), key=lambda item: item[1])),
        "python": tiktoken_python(ranks_name, ranks_name + ".json"),
    }
    return b"\n".join(lines) + b"\n", json.dumps(sidecar, ensure_ascii=False, indent=1).encode("utf-8")


def _detect(content: Content) -> bool:
    if content.is_json:  # the sidecar our export writes beside a rank file
        obj = content.json
        return isinstance(obj, dict) and obj.get("format") == SIDECAR_FORMAT
    return is_rank_file(content.data)


def _read(content: Content, request: ReadRequest) -> TokenizerData:
    path = content.path
    if not content.is_json:
        return _read_ranks(path, content.data, request.pattern, request.special_tokens)
    no_arguments(path, "tiktoken sidecar (it names the pattern and special tokens)", request)
    ranks = content.json.get("ranks")
    target = beside(path, ranks) if isinstance(ranks, str) and os.path.basename(ranks) == ranks else None
    if target is None:
        raise TokenizerFileError(f"{path}: the rank file it names ({short(ranks)}) is not beside it")
    return _read_ranks(target, read_file(target), None, None)


def _paths(path: str, folder: bool) -> list[str]:
    ranks = os.path.join(path, "tokenizer.tiktoken") if folder else path
    return [ranks, ranks + ".json"]


def _files(tok: Tokenizer, paths: list[str]) -> list[bytes]:
    return list(tiktoken_files(tok, os.path.basename(paths[0])))


FORMAT = Format(
    name="tiktoken",
    title="tiktoken rank file",
    patterns=("*.tiktoken", "*.model"),
    detect=_detect,
    read=_read,
    order=10,
    folder_files=("tokenizer.model", "*.tiktoken"),
    folder_rank=2,
    takes_settings=True,
    writer=Writer(paths=_paths, files=_files, suffix=".tiktoken"),
    menu_rank=3,
)
