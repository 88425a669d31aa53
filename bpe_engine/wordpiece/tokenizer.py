"""The :class:`WordPieceTokenizer`: BERT's WordPiece, as Hugging Face's ``tokenizers`` runs it."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING

from .._special_text import NO_SPECIALS, SpecialText, WithoutMerges
from .._text import fix_surrogates
from ..errors import ExportError, TokenIdError, TokenizerFileError, short
from ..explain import TokenSpan, char_spans, token_spans
from ..formats.data import WordPieceData
from ..formats.post_processor import SpecialAdditions
from ..kinds import Algorithm, Family, TokenizerFacts, TokenUnit
from ..pretokenize import SpecialSplitter
from .model import WordPieceModel, WordPieceStep
from .normalizer import BertNormalizer, WordSplitter

if TYPE_CHECKING:
    from ..encode.piece import BpeStep

__all__ = ["WordPieceTokenizer", "WordPieceSplitInfo", "WordPieceDecoder", "decode_cleanup"]


class WordPieceDecoder(Enum):
    """How a WordPiece tokenizer puts text back together: the file's ``decoder``, as
    ``tokenizers`` runs it."""

    #: No decoder: every token as the model writes it (``##ing`` with its ``##``), a space between two.
    NONE = "none"
    #: A continuation joins the token before it without its prefix; any other token follows a space.
    WORDPIECE = "wordpiece"
    #: As :attr:`WORDPIECE`, then no space before ``.``, ``,``, ``!``, ``?``, ``'s``, ``n't``... (``cleanup``).
    WORDPIECE_CLEANUP = "wordpiece-cleanup"


@dataclass(frozen=True)
class WordPieceSplitInfo:
    """The pre-tokenizer of a WordPiece tokenizer, for display."""

    spec: str
    description: str


def decode_cleanup(text: str) -> str:
    """Hugging Face's WordPiece decoder ``cleanup``: no space before punctuation and English
    contractions (applied to each token with its leading space, as there)."""
    for dirty, clean in (
        (" .", "."),
        (" ?", "?"),
        (" !", "!"),
        (" ,", ","),
        (" ' ", "'"),
        (" n't", "n't"),
        (" 'm", "'m"),
        (" do not", " don't"),
        (" 's", "'s"),
        (" 've", "'ve"),
        (" 're", "'re"),
    ):
        text = text.replace(dirty, clean)
    return text


class WordPieceTokenizer(WithoutMerges, SpecialText):
    """BERT's WordPiece: normalize (BertNormalizer), cut into words (BertPreTokenizer), then
    the greedy longest match of each word (:mod:`.model`); ids as ``tokenizers``' own.

    It offers :class:`~bpe_engine.interface.TokenizerLike`, with these meanings:

    - ``vocab`` maps each id to the bytes of the token as it appears in text: the ``##`` of a
      continuation is left out (``##ing`` -> ``b"ing"``); :meth:`token_text` gives the token
      as the model writes it, :meth:`is_continuation` whether it continues a word.
    - There are no merges: ``merges``, ``merge_ids()``, ``merge_counts`` are empty,
      ``merge_of``/``merge_rank`` None, ``vocab_size_after(k)`` the whole vocabulary, and
      ``bpe_steps`` empty; :meth:`wordpiece_steps` shows the greedy match of a word instead.
    - ``pieces(text)`` gives the words (normalized) with their offsets in ``text``;
      :meth:`encode_with_offsets` the offsets of every token in ``text`` (as ``tokenizers``'
      ``Encoding.offsets``); ``char_spans``/``token_spans`` place tokens in ``decode(ids)`` as
      for every tokenizer of the engine.
    - Decoding is Hugging Face's WordPiece decoder: a continuation joins the token before it,
      other tokens follow a space, then the cleanup (no space before ``.``, ``,``, ``'s``...)
      when the file asks for it. Lower-casing and accents stripped are not undone. Special
      tokens decode to their text (``tokenizers``' ``decode(ids, skip_special_tokens=False)``).

    ``encode`` follows tiktoken's default like the other tokenizers: special-token text
    raises unless allowed; ``tokenizers`` matches added tokens in the text, so its
    ``encode(text, add_special_tokens=False).ids`` is ``encode(text, allowed_special="all")``.
    """

    family: Family = Family.WORDPIECE

    def __init__(self, data: WordPieceData) -> None:
        self.name = data.name
        self.source = data.source
        self._data = data
        self._tokens: dict[int, str] = dict(data.tokens)
        model_vocab = {t: i for i, t in self._tokens.items() if i not in data.added_only}
        if data.unk_token not in model_vocab:
            raise TokenizerFileError(
                f"{data.source}: the unknown token {short(data.unk_token)} is not in the vocabulary"
            )
        if data.max_input_chars_per_word < 1:
            raise TokenizerFileError(
                f"{data.source}: max_input_chars_per_word must be at least 1, got {data.max_input_chars_per_word}"
            )
        self.model = WordPieceModel(model_vocab, data.unk_token, data.prefix, data.max_input_chars_per_word)
        self.normalizer = BertNormalizer(
            data.normalize, data.clean_text, data.handle_chinese_chars, data.strip_accents, data.lowercase
        )
        self.splitter = WordSplitter(data.splits)
        self.pretokenizer = WordPieceSplitInfo(
            "+".join(s.value for s in data.splits),
            "BERT: split at whitespace and around every punctuation mark"
            if data.splits == ("bert",)
            else "split " + ", then ".join(s.value for s in data.splits),
        )
        self.special_tokens: dict[str, int] = dict(data.special_tokens)
        for tok, i in self.special_tokens.items():
            if i not in self._tokens:
                raise TokenizerFileError(f"{data.source}: added token {short(tok)} has id {i}, which has no token")
        self._special_ids = frozenset(self.special_tokens.values())
        self._normalized_specials = frozenset(data.normalized_specials) & frozenset(self.special_tokens)
        self._names = {i: t for t, i in self.special_tokens.items()}
        for name in self._normalized_specials:
            # tokenizers keeps a normalized added token as its normalized text (decoded so).
            self._tokens[self.special_tokens[name]] = self.normalizer.normalize(name) or name
        self._splitters: dict[frozenset[str], SpecialSplitter] = {}
        #: Id -> the bytes of the token as it appears in text (without the ``##``).
        self.vocab: dict[int, bytes] = {i: self._plain(t, i).encode("utf-8") for i, t in self._tokens.items()}
        self.special_additions: SpecialAdditions = data.additions
        self.unk_token, self.unk_id = data.unk_token, self.model.unk_id
        self.prefix = data.prefix

    def _plain(self, token: str, token_id: int) -> str:
        if token_id not in self._special_ids and self._data.prefix and token.startswith(self._data.prefix):
            return token[len(self._data.prefix) :]
        return token

    @classmethod
    def from_data(cls, data: WordPieceData) -> WordPieceTokenizer:
        return cls(data)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> WordPieceTokenizer:
        """The WordPiece tokenizer in ``path`` (a ``tokenizer.json``, a ``vocab.txt`` or a folder)."""
        from ..formats.detect import read_any

        data = read_any(path)
        if not isinstance(data, WordPieceData):
            raise TokenizerFileError(f"{os.fspath(path)}: is not a WordPiece tokenizer; open it with load_tokenizer")
        return cls(data)

    def __repr__(self) -> str:
        return f"WordPieceTokenizer(name={self.name!r}, vocab_size={self.vocab_size})"

    def __len__(self) -> int:
        return len(self._tokens)

    @property
    def vocab_size(self) -> int:
        return len(self._tokens)

    @property
    def max_id(self) -> int:
        return max(self._tokens)

    @property
    def facts(self) -> TokenizerFacts:
        before = self.special_additions.before
        return TokenizerFacts(
            family=Family.WORDPIECE,
            unit=TokenUnit.CHARACTER,
            merges_in_training_order=False,
            space_symbol=" ",
            special_tokens=dict(self.special_tokens),
            bos=before[0][0] if before else None,
            adds_bos=bool(before),
            algorithm=Algorithm.WORDPIECE,
        )

    @property
    def decoder(self) -> WordPieceDecoder:
        """How :meth:`decode` puts the text back together (the file's ``decoder``)."""
        if self._data.decode_prefix is None:
            return WordPieceDecoder.NONE
        return WordPieceDecoder.WORDPIECE_CLEANUP if self._data.cleanup else WordPieceDecoder.WORDPIECE

    @property
    def decode_prefix(self) -> str | None:
        """The prefix the decoder removes from a continuation (None: no decoder)."""
        return self._data.decode_prefix

    def vocab_size_after(self, k: int) -> int:
        """The whole vocabulary, special tokens not counted: WordPiece has no merges to replay."""
        return len(self._tokens) - len(self._special_ids)

    def token_text(self, token_id: int) -> str:
        """The token as the model writes it (``##ing``)."""
        self.id_to_bytes(token_id)
        return self._tokens[token_id]

    def is_continuation(self, token_id: int) -> bool:
        """Whether the token continues a word (it is written with the prefix, ``##``)."""
        return self.token_text(token_id) != self._plain(self._tokens[token_id], token_id)

    def is_special(self, token_id: int) -> bool:
        return token_id in self._special_ids

    def byte_ids(self) -> list[int]:
        """The id of the word-initial token of each ASCII byte (-1 where there is none)."""
        get = self.model.vocab.get
        return [get(chr(b), -1) if b < 128 else -1 for b in range(256)]

    # -- encoding -------------------------------------------------------------------------

    def _normalize(self, text: str) -> str:
        return self.normalizer.normalize(text)

    def _encode(self, text: str, allowed: frozenset[str]) -> list[int]:
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = fix_surrogates(text)
        out: list[int] = []
        encode = self.model.encode
        words = self.splitter.words
        for seg, _, special in self._segments(text, allowed):
            if special:
                out.append(self.special_tokens[seg])
                continue
            for part, _, sid in self._normalized_parts(self.normalizer.normalize(seg), allowed):
                if sid is not None:
                    out.append(sid)
                    continue
                for word in words(part):
                    out += encode(word)
        return out

    def encode_with_offsets(self, text: str, *, special: bool = True) -> list[tuple[int, int, int]]:
        """``(id, start, end)`` of every token of ``text`` (``special``: special-token text
        is matched, as ``encode(text, allowed_special="all")``), ``start``/``end`` character
        offsets in ``text`` itself, as ``tokenizers``' ``Encoding.offsets``. A token of a
        character that normalization made several (a lower-cased ``İ``) covers the whole
        character."""
        out: list[tuple[int, int, int]] = []
        for word, start, end, is_special, origin, at in self._words(text, special):
            if is_special:
                out.append((self.special_tokens[word], start, end))
                continue
            for i, a, b in self.model.encode_spans(word):
                out.append((i, origin[at + a], origin[at + b - 1] + 1))
        return out

    # -- decoding -------------------------------------------------------------------------

    def id_to_bytes(self, token_id: int) -> bytes:
        if type(token_id) is bool or not isinstance(token_id, int):
            raise TypeError(f"token ids are whole numbers, got {token_id!r}")
        found = self.vocab.get(token_id)
        if found is None:
            raise TokenIdError(
                f"token id {token_id} is not in this vocabulary (valid ids: 0 to {self.max_id}); "
                "were these ids made by a different tokenizer?"
            )
        return found

    def token_bytes(self, ids: Iterable[int]) -> list[bytes]:
        return [self.id_to_bytes(i) for i in ids]

    def byte_stream(self) -> Callable[[int], bytes]:
        """What each token adds to the decoded text: Hugging Face's WordPiece decoder works
        token by token (the first as written; then a continuation without its prefix, any
        other after a space; then the cleanup), so this is exact."""
        first = [True]
        prefix = self._data.decode_prefix
        cleanup = self._data.cleanup and prefix is not None

        def step(token_id: int) -> bytes:
            self.id_to_bytes(token_id)
            token = self._tokens[token_id]
            if first[0]:
                first[0] = False
            elif prefix is not None and prefix and token.startswith(prefix):
                token = token.replace(prefix, "", 1)
            else:
                token = " " + token
            return (decode_cleanup(token) if cleanup else token).encode("utf-8")

        return step

    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        step = self.byte_stream()
        return b"".join([step(i) for i in ids])

    def decode(self, ids: Iterable[int], errors: str = "replace") -> str:
        return self.decode_bytes(ids).decode("utf-8", errors=errors)

    def char_spans(self, ids: Sequence[int]) -> tuple[list[int], list[int], list[bool]]:
        return char_spans(self, ids)

    def token_spans(self, ids: Sequence[int]) -> list[TokenSpan]:
        return token_spans(self, ids)

    # -- explaining -----------------------------------------------------------------------

    def _words(self, text: str, special: bool) -> Iterator[tuple[str, int, int, bool, list[int], int]]:
        """``(word, start, end, is special, origin, at)``: each word (normalized; a special
        token: its name) with its offsets in ``text``; ``origin[at + k]`` is the offset in ``text`` of character ``k``."""
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = fix_surrogates(text)
        allowed = frozenset(self.special_tokens) if special else NO_SPECIALS
        for seg, offset, is_special in self._segments(text, allowed):
            if is_special:
                yield seg, offset, offset + len(seg), True, [], 0
                continue
            norm, local = self.normalizer.normalize_with_offsets(seg)
            origin = [offset + k for k in local]
            for part, at, sid in self._normalized_parts(norm, allowed):
                if sid is not None:
                    # The special token by its name (its text here is the normalized one).
                    yield self._names[sid], origin[at], origin[at + len(part) - 1] + 1, True, origin, at
                    continue
                for a, b in self.splitter.spans(part):
                    yield part[a:b], origin[at + a], origin[at + b - 1] + 1, False, origin, at + a

    def pieces(self, text: str, *, special: bool = True) -> list[tuple[str, int, int, bool]]:
        """``(word, start, end, is_special)``: the words WordPiece matches in (normalized:
        lower-cased, accents stripped, as the file says), with their offsets in ``text``."""
        return [(w, a, b, s) for w, a, b, s, _, _ in self._words(text, special)]

    def wordpiece_steps(self, word: str) -> list[WordPieceStep]:
        """The greedy longest match of one word (as :meth:`pieces` gives it): at each
        position, the candidates tried longest first and the token taken, or the unknown
        token for the whole word (see :class:`~.model.WordPieceStep`)."""
        return self.model.steps(word)

    def bpe_steps(self, piece: str | bytes) -> list[BpeStep]:
        """Empty: WordPiece has no merges (see :meth:`wordpiece_steps`)."""
        return []

    def piece_ids(self, piece: str) -> list[int]:
        if piece in self.special_tokens:
            return [self.special_tokens[piece]]
        return list(self.model.encode(piece))

    def to_data(self) -> WordPieceData:
        """The parts this tokenizer was built from (a copy)."""
        return replace(self._data, tokens=dict(self._data.tokens), special_tokens=dict(self._data.special_tokens))

    def export(self, path: str | os.PathLike[str], format: str) -> list[str]:
        """Write a Hugging Face ``tokenizer.json`` (``format`` ``"hf"``; ``path`` a file or a
        folder) that ``tokenizers`` loads with the same ids; returns the paths written. The
        other formats hold BPE merges: ExportError says so."""
        if format != "hf":
            raise ExportError(
                f"cannot export {self.name or 'this tokenizer'} to {format}: it is WordPiece (greedy longest "
                "match, ## continuation), and that format holds BPE merges, which would give other ids; "
                "export it as hf (a WordPiece tokenizer.json)"
            )
        from ..formats.atomic import atomic_write_bytes
        from ..formats.base import json_bytes
        from ..formats.hf_wordpiece import wordpiece_json

        target = os.fspath(path)
        if os.path.isdir(target):
            target = os.path.join(target, "tokenizer.json")
        try:
            atomic_write_bytes(target, json_bytes(wordpiece_json(self._data)))
        except OSError as exc:
            raise ExportError(f"{target}: cannot save ({exc.strerror}); choose another folder") from None
        return [target]

    # -- merges: none ---------------------------------------------------------------------
