"""Tokenizer families side by side on the same text, for the lesson that compares them.

Seven families, from the simplest to ours, then BERT's and the Unigram model's:

- ``characters``: one token per Unicode code point; the id is the code point (``ord``). The
  vocabulary is every code point, ``0x110000`` = 1,114,112 ids (about 150,000 are assigned
  characters), so it needs no training and **nothing is ever unknown**: decode (``chr``)
  always gives the text back. Its cost is that huge, mostly unused vocabulary.
- ``bytes``: one token per UTF-8 byte; the id is the byte. Vocabulary 256, nothing unknown,
  decode always gives the text back; a character outside ASCII is 2 to 4 tokens.
- ``words``: the pieces of the GPT-2 pre-tokenizer, the same pieces byte-level BPE merges
  within (a word keeps the space before it, so `` cat`` and ``cat`` are different words;
  punctuation, digits and line breaks are pieces of their own; a run of Chinese characters up
  to the next punctuation mark is **one** piece). The vocabulary is ``<UNK>`` (id 0) and every
  distinct piece of the training corpus, most frequent first (ties by their UTF-8 bytes). A
  piece not in it becomes ``<UNK>``; decode writes ``<UNK>`` there, so **the text is not given
  back**: :attr:`FamilyResult.lost` says where.
- ``char-bpe``: character-level BPE with byte fallback, SentencePiece style
  (:func:`~bpe_engine.train_char_bpe`, a :class:`~bpe_engine.SentencePieceTokenizer`):
  ``▁`` for spaces, a dummy prefix, and a character outside its alphabet as ``<0xNN>`` byte
  tokens, so nothing is unknown.
- ``byte-bpe``: byte-level BPE (:func:`~bpe_engine.train_bpe` or any
  :class:`~bpe_engine.Tokenizer`).
- ``wordpiece``: BERT's WordPiece (:class:`~bpe_engine.WordPieceTokenizer`, trained here by
  :class:`~bpe_engine.wordpiece.train.WordPieceTrainer`): greedy longest match, ``##``
  continues a word, ``[UNK]`` for a word its pieces cannot cover. Its normalizer lower-cases
  and strips accents (when set) and decode writes one space between words: decode does not
  give the text back in general, and :attr:`FamilyResult.lost` says where (computed token by
  token: :mod:`bpe_engine.family_wordpiece`).
- ``unigram``: a Unigram language model (:class:`~bpe_engine.UnigramTokenizer`, trained here by
  :class:`~bpe_engine.unigram.train.UnigramTrainer`): the most probable segmentation (Viterbi
  over the pieces' scores), with SentencePiece's normalization and byte fallback, so nothing
  is unknown.

How each trained family is trained: :mod:`bpe_engine.family_trainers`.

:func:`compare_families` tokenizes one text with each and returns a :class:`FamilyResult`
per family: the tokens with their character spans, how many, bytes per token, the vocabulary
size, the unknown tokens, and whether decode gave the text back (computed, not assumed). Both
BPE families encode the text as ordinary text (special-token text is plain characters), so
every family sees the same characters. A lone surrogate has no UTF-8 form: the text is
repaired first as ``encode`` does (U+FFFD), and that repaired text is the one compared.

>>> from bpe_engine.families import CharacterTokenizer, ByteTokenizer, WordTokenizer, compare_families
>>> words = WordTokenizer.from_text("the cat sat on the mat")
>>> [r.count for r in compare_families("the dog sat", {"characters": CharacterTokenizer(),
...     "bytes": ByteTokenizer(), "words": words})]
[11, 11, 3]
>>> result = compare_families("the dog sat", {"words": words})[0]
>>> result.decoded, result.round_trip, result.lost
('the<UNK> sat', False, ((3, 7),))
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple, TypeAlias, overload

from ._sorting import sorted_in_blocks
from ._text import fix_surrogates
from .corpus import CorpusSource
from .family_wordpiece import wordpiece_lost, wordpiece_parts
from .interface import TokenizerLike
from .pretokenize import Pretokenizer, get_pretokenizer
from .spm.tokenizer import SentencePieceTokenizer
from .train.counting import CountResult, count_pretokens_iter
from .train.events import CountingProgress
from .train.keys import KeyedPieces
from .unigram.tokenizer import UnigramTokenizer
from .wordpiece.tokenizer import WordPieceTokenizer

__all__ = [
    "FAMILIES",
    "UNK",
    "CharacterTokenizer",
    "ByteTokenizer",
    "WordTokenizer",
    "WordTrainer",
    "FamilyToken",
    "FamilyTokens",
    "FamilyResult",
    "FamilyTokenizer",
    "family_tokens",
    "family_result",
    "compare_families",
    "train_words",
]

#: The family keys, simplest first (the order of the lesson and of the app's rows).
FAMILIES: tuple[str, ...] = ("characters", "bytes", "words", "char-bpe", "byte-bpe", "wordpiece", "unigram")
#: The word family's unknown token (id 0), and what decode writes in place of a lost word.
UNK = "<UNK>"
#: Code points: the characters family's vocabulary size.
_CODE_POINTS = 0x110000


class FamilyToken(NamedTuple):
    """One token of a text: its id, the bytes of the text it stands for (for ``<UNK>``: the
    bytes of the piece it replaced), its character span in the text (a token holding part of
    a character covers that whole character), whether it holds whole characters only, and
    whether it is the unknown token (made on demand by :class:`FamilyTokens`)."""

    id: int
    data: bytes
    start: int
    end: int
    complete: bool = True
    unknown: bool = False


#: One token as :class:`FamilyTokens` stores it: ``FamilyToken``'s fields in a plain tuple.
_Row: TypeAlias = tuple[int, bytes, int, int, bool, bool]


class FamilyTokens(Sequence[FamilyToken]):
    """A text's tokens: a sequence of :class:`FamilyToken` stored as plain tuples.

    subtle: the cyclic collector stops tracking a plain tuple of atomic items (not a
    ``NamedTuple``, not an object) the first time it sees it; objects stay tracked and every
    full collection walks them all. In the Families job's thread, the tokens of 250 000
    characters made each of those hold the interpreter lock (and the GUI thread) 100-280 ms,
    and the GUI thread's own collection before the next job 500 ms.
    """

    __slots__ = ("_rows",)

    def __init__(self, rows: Iterable[_Row]) -> None:
        self._rows: tuple[_Row, ...] = tuple(rows)

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> FamilyToken: ...
    @overload
    def __getitem__(self, index: slice) -> FamilyTokens: ...
    def __getitem__(self, index: int | slice) -> FamilyToken | FamilyTokens:
        if isinstance(index, slice):
            return FamilyTokens(self._rows[index])
        return FamilyToken._make(self._rows[index])

    def __iter__(self) -> Iterator[FamilyToken]:
        return map(FamilyToken._make, self._rows)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FamilyTokens):
            return self._rows == other._rows
        return isinstance(other, Sequence) and list(self) == list(other)

    def __hash__(self) -> int:
        return hash(self._rows)

    def __repr__(self) -> str:
        return f"FamilyTokens({len(self)} tokens)"


class CharacterTokenizer:
    """One token per code point, id ``ord(ch)``; every code point is in the vocabulary."""

    family = "characters"
    vocab_size = _CODE_POINTS

    def encode(self, text: str) -> list[int]:
        return [ord(ch) for ch in fix_surrogates(text)]

    def decode(self, ids: Iterable[int]) -> str:
        return "".join(map(chr, ids))

    def tokens(self, text: str) -> FamilyTokens:
        text = fix_surrogates(text)
        return FamilyTokens([(ord(ch), ch.encode("utf-8"), i, i + 1, True, False) for i, ch in enumerate(text)])


class ByteTokenizer:
    """One token per UTF-8 byte, id the byte's value; 256 tokens."""

    family = "bytes"
    vocab_size = 256

    def encode(self, text: str) -> list[int]:
        return list(fix_surrogates(text).encode("utf-8"))

    def decode(self, ids: Iterable[int]) -> str:
        return bytes(ids).decode("utf-8", errors="replace")

    def tokens(self, text: str) -> FamilyTokens:
        text = fix_surrogates(text)
        out: list[_Row] = []
        for i, ch in enumerate(text):
            data = ch.encode("utf-8")
            whole = len(data) == 1
            out.extend((b, bytes([b]), i, i + 1, whole, False) for b in data)
        return FamilyTokens(out)


class WordTokenizer:
    """Words (pre-tokenizer pieces) with ``<UNK>`` for every piece not seen in training.

    ``words``: the vocabulary without ``<UNK>``, in id order (id ``k + 1`` for ``words[k]``);
    ``counts``: how often each occurred in the training corpus (for display; may be empty).
    """

    family = "words"
    unk_id = 0
    unk = UNK

    def __init__(
        self,
        words: Sequence[str],
        pretokenizer: str | Pretokenizer = "gpt2",
        counts: Mapping[str, int] | None = None,
    ) -> None:
        self.pretokenizer = get_pretokenizer(pretokenizer)
        self.words: list[str] = list(words)
        self.ids: dict[str, int] = {w: i + 1 for i, w in enumerate(self.words)}
        if len(self.ids) != len(self.words):
            raise ValueError("the words of a vocabulary must be distinct")
        if UNK in self.ids:
            raise ValueError(f"{UNK} is the unknown token; it cannot also be a word")
        self.counts: dict[str, int] = dict(counts or {})

    @classmethod
    def from_counts(cls, counts: Mapping[str, int], pretokenizer: str | Pretokenizer = "gpt2") -> WordTokenizer:
        """The vocabulary of these word counts: most frequent first, ties by UTF-8 bytes."""
        # (in blocks: one C sort of a large corpus's words held the interpreter lock for a second)
        ordered = sorted_in_blocks(counts, key=lambda w: (-counts[w], w.encode("utf-8")))
        return cls(ordered, pretokenizer, counts)

    @classmethod
    def from_text(cls, text: str, pretokenizer: str | Pretokenizer = "gpt2") -> WordTokenizer:
        """The vocabulary of one training text (see :func:`train_words` for files)."""
        return train_words(None, text=text, pretokenizer=pretokenizer, workers=1)

    @property
    def vocab_size(self) -> int:
        """The words and ``<UNK>``."""
        return len(self.words) + 1

    def __contains__(self, word: object) -> bool:
        return word in self.ids

    def pieces(self, text: str) -> list[tuple[str, int, int]]:
        """The words of ``text`` with their character spans (they tile the text)."""
        text = fix_surrogates(text)
        return [(text[s:e], s, e) for s, e in self.pretokenizer.spans(text)]

    def encode(self, text: str) -> list[int]:
        get = self.ids.get
        return [get(piece, 0) for piece, _, _ in self.pieces(text)]

    def decode(self, ids: Iterable[int]) -> str:
        """The words of ``ids`` joined; ``<UNK>`` where a word was unknown (the word is lost)."""
        words = self.words
        return "".join(words[i - 1] if i > 0 else UNK for i in ids)

    def tokens(self, text: str) -> FamilyTokens:
        get = self.ids.get
        out: list[_Row] = []
        for piece, s, e in self.pieces(text):
            token_id = get(piece, 0)
            out.append((token_id, piece.encode("utf-8"), s, e, True, token_id == 0))
        return FamilyTokens(out)


class WordTrainer:
    """Counts the words of a corpus (streamed, in worker processes for a big one, as
    byte-level training counts its pre-tokens): iterate :meth:`events` (progress), then
    :meth:`tokenizer`. Closing the events early stops the work."""

    def __init__(
        self,
        input_path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None,
        *,
        text: str | None = None,
        pretokenizer: str | Pretokenizer = "gpt2",
        workers: int | None = None,
        fork_workers: bool = True,
    ) -> None:
        self.source = CorpusSource.from_input(input_path, text)
        self.pretokenizer = get_pretokenizer(pretokenizer)
        self.workers = workers
        self.fork_workers = fork_workers
        self._result: WordTokenizer | None = None
        self._started = False

    def events(self) -> Iterator[CountingProgress]:
        if self._started:
            raise RuntimeError("WordTrainer.events() can run only once; create a new trainer")
        self._started = True
        result: CountResult | None = None
        for item in count_pretokens_iter(
            self.source, self.pretokenizer, (), workers=self.workers, fork=self.fork_workers
        ):
            if isinstance(item, CountResult):
                result = item
            else:
                yield CountingProgress(item[0], item[1])
        assert result is not None
        counts: dict[str, int] = {}
        for group in result.groups():
            # (a KeyedPieces's items() would build a dict of every piece first)
            pairs = zip(group, group.counts.tolist()) if isinstance(group, KeyedPieces) else group.items()
            for piece, count in pairs:
                counts[piece.decode("utf-8")] = count
        self._result = WordTokenizer.from_counts(counts, self.pretokenizer)

    def tokenizer(self) -> WordTokenizer:
        if self._result is None:
            raise RuntimeError("nothing is counted yet: iterate events() to the end first")
        return self._result


def train_words(
    input_path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None,
    *,
    text: str | None = None,
    pretokenizer: str | Pretokenizer = "gpt2",
    workers: int | None = None,
    fork_workers: bool = True,
) -> WordTokenizer:
    """The word vocabulary of a corpus (see :class:`WordTokenizer` and :class:`WordTrainer`)."""
    trainer = WordTrainer(input_path, text=text, pretokenizer=pretokenizer, workers=workers, fork_workers=fork_workers)
    for _ in trainer.events():
        pass
    return trainer.tokenizer()


#: What :func:`compare_families` takes: one of the simple families above, or a BPE tokenizer.
FamilyTokenizer: TypeAlias = CharacterTokenizer | ByteTokenizer | WordTokenizer | TokenizerLike


def _bpe_tokens(tok: TokenizerLike, text: str) -> tuple[FamilyTokens, str]:
    ids = tok.encode_ordinary(text)
    step = tok.byte_stream()  # SentencePiece: the dummy prefix's space is dropped, as in decode
    datas = [step(i) for i in ids]
    first, after, whole = tok.char_spans(ids)
    unknown: set[int] = set()
    if isinstance(tok, SentencePieceTokenizer):  # byte fallback: <unk> only without it
        pieces = tok.pieces_text
        unknown = {i for i in set(ids) if pieces[i] == "<unk>"}
    tokens = FamilyTokens([(i, d, s, e, w, i in unknown) for i, d, s, e, w in zip(ids, datas, first, after, whole)])
    return tokens, tok.decode(ids)


def _wordpiece_tokens(tok: WordPieceTokenizer, text: str) -> tuple[FamilyTokens, str, tuple[tuple[int, int], ...]]:
    """Tokens with their spans in ``text``; a token sharing a character with its neighbour (a
    lower-cased ``İ`` made two characters) holds part of it. Then the decoded text and what is lost."""
    found, parts = wordpiece_parts(tok, text)
    unk = tok.unk_id
    tokens: list[_Row] = []
    for k, (i, s, e) in enumerate(found):
        shared = (k > 0 and found[k - 1][2] > s) or (k + 1 < len(found) and found[k + 1][1] < e)
        tokens.append((i, text[s:e].encode("utf-8"), s, e, not shared, i == unk))
    return FamilyTokens(tokens), "".join(parts), wordpiece_lost(text, found, parts)


def family_tokens(tokenizer: FamilyTokenizer, text: str) -> tuple[FamilyTokens, str]:
    """The tokens of ``text`` (repaired of lone surrogates) and what decoding them gives
    (WordPiece: a token's ``data`` is the text it covers, as written there)."""
    text = fix_surrogates(text)
    if isinstance(tokenizer, WordPieceTokenizer):
        tokens, decoded, _ = _wordpiece_tokens(tokenizer, text)
        return tokens, decoded
    if isinstance(tokenizer, (CharacterTokenizer, ByteTokenizer, WordTokenizer)):
        tokens = tokenizer.tokens(text)
        return tokens, tokenizer.decode([t.id for t in tokens])
    return _bpe_tokens(tokenizer, text)


def _family_of(tokenizer: FamilyTokenizer) -> str:
    if isinstance(tokenizer, (CharacterTokenizer, ByteTokenizer, WordTokenizer)):
        return tokenizer.family
    if isinstance(tokenizer, WordPieceTokenizer):
        return "wordpiece"
    if isinstance(tokenizer, UnigramTokenizer):
        return "unigram"
    return "char-bpe" if tokenizer.family == "sentencepiece" else "byte-bpe"


@dataclass(frozen=True)
class FamilyResult:
    """One family's tokens for one text, and the figures the lesson compares.

    ``lost``: character spans of ``text`` that decoding the tokens does not give back: each
    unknown token's span, or, should decode differ anywhere else, the stretch from the first
    to the last character that differs (WordPiece: each token and gap that decodes otherwise,
    see :func:`~bpe_engine.family_wordpiece.wordpiece_lost`). Empty exactly when
    :attr:`round_trip` is true.
    """

    family: str
    text: str
    tokens: FamilyTokens
    vocab_size: int
    decoded: str
    lost: tuple[tuple[int, int], ...]

    @property
    def count(self) -> int:
        return len(self.tokens)

    @cached_property
    def text_bytes(self) -> int:
        """UTF-8 bytes of the text."""
        return len(self.text.encode("utf-8"))

    @property
    def bytes_per_token(self) -> float | None:
        """UTF-8 bytes of the text per token (None without tokens)."""
        return self.text_bytes / self.count if self.tokens else None

    # (counted once: a table asks for these figures many times; a long text has 250 000 tokens)
    @cached_property
    def unknown_count(self) -> int:
        return sum(1 for t in self.tokens if t.unknown)

    @cached_property
    def partial_count(self) -> int:
        """Tokens that hold only part of a character (bytes, byte fallback, split characters)."""
        return sum(1 for t in self.tokens if not t.complete)

    @property
    def round_trip(self) -> bool:
        """``decode(encode(text)) == text``."""
        return self.decoded == self.text


def _lost_spans(text: str, decoded: str, tokens: Sequence[FamilyToken]) -> tuple[tuple[int, int], ...]:
    if decoded == text:
        return ()
    spans = [(t.start, t.end) for t in tokens if t.unknown]
    if spans:
        return tuple(spans)
    # No unknown token, yet decode differs: the stretch between the common prefix and suffix.
    n = min(len(text), len(decoded))
    p = next((i for i in range(n) if text[i] != decoded[i]), n)
    s = 0
    while s < n - p and text[-1 - s] == decoded[-1 - s]:
        s += 1
    return ((p, len(text) - s),)


def family_result(
    tokenizer: FamilyTokenizer,
    text: str,
    family: str | None = None,
) -> FamilyResult:
    """``tokenizer``'s :class:`FamilyResult` for ``text`` (``family``: its key, default from its class)."""
    text = fix_surrogates(text)
    if isinstance(tokenizer, WordPieceTokenizer):
        tokens, decoded, lost = _wordpiece_tokens(tokenizer, text)
        lost = lost or _lost_spans(text, decoded, tokens)  # (never empty when decode differs)
    else:
        tokens, decoded = family_tokens(tokenizer, text)
        lost = _lost_spans(text, decoded, tokens)
    return FamilyResult(family or _family_of(tokenizer), text, tokens, tokenizer.vocab_size, decoded, lost)


def compare_families(text: str, tokenizers: Mapping[str, FamilyTokenizer]) -> list[FamilyResult]:
    """One :class:`FamilyResult` per ``(family key, tokenizer)``, in the mapping's order."""
    return [family_result(tok, text, family) for family, tok in tokenizers.items()]
