"""The vocabulary table: every token of one tokenizer, searchable, filterable, sortable.

A ``QAbstractTableModel`` over plain parallel lists (ids, bytes, parents, counts) built once
per tokenizer; the rows shown are a list of positions into them, recomputed when the search,
the filters or the sort change. Labels and flags are computed lazily and cached, so o200k's
200 000 tokens load in a fraction of a second and scrolling touches only the visible rows.

Search modes: ``text`` (substring of the token's text; · ⏎ → typed as shown also match
space, newline, tab), ``regex`` (``regex`` module syntax, so ``\\p{Han}`` works), ``id`` (``42``,
``100-200``, ``1, 5, 9``) and ``hex`` (a byte sequence the token contains, ``e5 9c`` or ``e59c``).
A bad query raises :class:`SearchError` with a message for the user; the rows stay as they
were. "As of merge k" (:meth:`VocabModel.set_as_of`) keeps only the tokens that exist after the
tokenizer's first ``k`` merges: the bytes, the tokens of merges of rank below ``k``, and the
special tokens. Searching runs in the GUI thread, so a regex is bounded in time
(:attr:`VocabModel.REGEX_TIMEOUT` per token, :attr:`VocabModel.REGEX_BUDGET` in all): one that
backtracks catastrophically is refused as "too slow" instead of freezing the window. Parsing
the query lives in :mod:`~app.features.vocabulary.search`, the merge tree of a token in
:mod:`~app.features.vocabulary.merge_tree` (both re-exported here).
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable
from typing import Any

import regex
from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from app.core.i18n import noop, tr, tr_n
from app.core.rows_model import RowsModel
from app.display.format import hex_bytes, token_label, visible
from app.display.pieces import fallback_ids, piece_texts, specials_have_no_bytes, token_text
from app.features.vocabulary.merge_tree import MergeTree, merge_tree
from app.features.vocabulary.search import FROM_VISIBLE, SEARCH_MODES, SearchError, SearchMode, parse_hex, parse_ids
from bpe_engine import TokenizerLike, UnigramTokenizer

__all__ = [
    "VocabModel",
    "SearchError",
    "SearchMode",
    "SEARCH_MODES",
    "MergeTree",
    "merge_tree",
    "parse_ids",
    "parse_hex",
]

_Index = QModelIndex | QPersistentModelIndex


class VocabModel(RowsModel):
    """Id, token, bytes in hex, byte length, left and right parent, count at merge time."""

    COLUMNS = (
        noop("Id"),
        noop("Token"),
        noop("Bytes (hex)"),
        noop("Length"),
        noop("Left parent"),
        noop("Right parent"),
        noop("Count"),
        noop("Score"),
    )
    ID, TOKEN, HEX, LENGTH, LEFT, RIGHT, COUNT, SCORE = range(8)
    _TIPS = (
        noop("Token id (bytes are 0-255, merge r is 256 + r, special tokens come last)"),
        noop("The token's text: · space, ⏎ newline, → tab; <e5 9c> marks bytes that are only part of a character"),
        noop("The token's bytes in hexadecimal"),
        noop("Number of bytes"),
        noop("The token this one was merged from (left part); empty for single bytes and special tokens"),
        noop("The token this one was merged from (right part)"),
        noop("How often the pair occurred when it was merged in training (unknown for OpenAI encodings)"),
        noop("A Unigram model's score of the piece: the log of its probability (higher is more likely)"),
    )
    TOKEN_ID_ROLE = Qt.ItemDataRole.UserRole + 1
    REGEX_TIMEOUT = 0.2  # seconds a regex search may take on one token
    REGEX_BUDGET = 1.5  # seconds for all tokens (a simple regex takes ~0.4 s on o200k's 200 000)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tokenizer: TokenizerLike | None = None
        self._pieces: list[str] | None = None  # a SentencePiece tokenizer's pieces, by id
        self._fallback: frozenset[int] = frozenset()
        self._ids: list[int] = []
        self._bytes: list[bytes] = []
        self._left: list[int] = []
        self._right: list[int] = []
        self._count: list[int] = []  # -1: unknown
        self._special: list[bool] = []
        self._rank: list[int] = []  # the merge that made each token; -1: a byte or a special token
        self._score: list[float] | None = None  # a Unigram tokenizer's scores, by row position
        self._as_of: int | None = None
        self._rows: list[int] = []
        self._labels: dict[int, str] = {}
        self._orders: dict[tuple[int, Qt.SortOrder], list[int]] = {}
        self._texts: list[str] | None = None
        self._invalid: list[bool] | None = None
        self._query: tuple[str, str] = (SearchMode.TEXT, "")
        self._flags: dict[str, bool] = {"space": False, "invalid": False, "special": False, "case": False}
        self._folded: list[str] | None = None  # texts case-folded, for case-insensitive search
        self._sort: tuple[int, Qt.SortOrder] = (self.ID, Qt.SortOrder.AscendingOrder)

    # -- public API ------------------------------------------------------------------------

    def set_tokenizer(self, tok: TokenizerLike | None) -> None:
        """Show all tokens of ``tok`` (None: empty); the search, filters and sort are kept.

        A SentencePiece tokenizer's tokens are shown and searched as its pieces (``▁the``,
        ``<0x0A>``); a space typed in a text search finds ``▁``.
        """
        self.beginResetModel()
        self.tokenizer = tok
        self._pieces = piece_texts(tok) if tok is not None else None
        self._fallback = fallback_ids(tok) if tok is not None else frozenset()
        self._labels = {}
        self._orders = {}
        self._texts = None
        self._folded = None
        self._invalid = None
        self._build_columns(tok)
        try:
            self._rows = self._select(*self._query, self._flags)
        except SearchError:
            self._query = (SearchMode.TEXT, "")
            self._rows = self._select(SearchMode.TEXT, "", self._flags)
        self._apply_sort()
        self.endResetModel()

    def _build_columns(self, tok: TokenizerLike | None) -> None:
        """The parallel lists of ``tok`` (empty without one): ids, bytes, parents, counts, ranks."""
        if tok is None:
            self._ids, self._bytes, self._left, self._right, self._count, self._special = [], [], [], [], [], []
            self._rank, self._score = [], None
            return
        ids = sorted(tok.vocab)
        vocab = tok.vocab
        self._ids = ids
        self._bytes = [vocab[i] for i in ids]
        pos = {i: k for k, i in enumerate(ids)}
        left = [-1] * len(ids)
        right = [-1] * len(ids)
        count = [-1] * len(ids)
        rank = [-1] * len(ids)
        for r, ((a, b, z), c) in enumerate(zip(tok.merge_ids(), tok.merge_counts)):
            k = pos[z]
            left[k] = a
            right[k] = b
            rank[k] = r
            if c is not None:
                count[k] = c
        self._left, self._right, self._count, self._rank = left, right, count, rank
        specials = set(tok.special_tokens.values())
        self._special = [i in specials for i in ids]
        if specials_have_no_bytes(tok):
            # a SentencePiece special (control or unknown piece: <s>, </s>, <unk>) stands for no
            # bytes of its own: the engine's table holds its literal text, "3c 75 6e 6b 3e"
            self._bytes = [b"" if special else b for b, special in zip(self._bytes, self._special)]
        self._score = _unigram_scores(tok, ids)

    @property
    def has_scores(self) -> bool:
        """True for a Unigram tokenizer: the Score column means something."""
        return self._score is not None

    def set_search(
        self,
        query: str,
        mode: str = SearchMode.TEXT,
        *,
        space: bool | None = None,
        invalid: bool | None = None,
        special: bool | None = None,
        case: bool | None = None,
    ) -> int:
        """Filter the rows; returns how many match. Raises :class:`SearchError` on a bad query.

        Text and regex searches ignore case unless ``case`` (match case) is set.
        """
        if mode not in SEARCH_MODES:
            raise ValueError(f"unknown search mode {mode!r}; use one of {', '.join(SEARCH_MODES)}")
        flags = dict(self._flags)
        for name, value in (("space", space), ("invalid", invalid), ("special", special), ("case", case)):
            if value is not None:
                flags[name] = bool(value)
        rows = self._select(mode, query, flags)  # raises before anything changes
        self.beginResetModel()
        self._query = (mode, query)
        self._flags = flags
        self._rows = rows
        self._apply_sort()
        self.endResetModel()
        return len(rows)

    def set_as_of(self, merges: int | None) -> int:
        """Keep only the tokens that exist after the first ``merges`` merges (None: all of
        them), with the search and filters; returns how many rows are shown."""
        if merges == self._as_of:
            return len(self._rows)
        self.beginResetModel()
        self._as_of = merges
        self._rows = self._select(*self._query, self._flags)  # the query was valid: it stays so
        self._apply_sort()
        self.endResetModel()
        return len(self._rows)

    @property
    def as_of(self) -> int | None:
        return self._as_of

    def total(self) -> int:
        """Tokens of the tokenizer (as of merge k: those that exist then)."""
        if self._as_of is None:
            return len(self._ids)
        return sum(1 for r in self._rank if r < self._as_of)

    def token_id(self, row: int) -> int:
        return self._ids[self._rows[row]]

    def row_of(self, token_id: int) -> int:
        """The row showing ``token_id``, or -1 when it is filtered out."""
        for row, k in enumerate(self._rows):
            if self._ids[k] == token_id:
                return row
        return -1

    # -- selection and ordering ------------------------------------------------------------

    def _is_invalid(self) -> list[bool]:
        if self._invalid is None:
            flags = []
            for b in self._bytes:
                try:
                    b.decode("utf-8")
                    flags.append(False)
                except UnicodeDecodeError:
                    flags.append(True)
            self._invalid = flags
        return self._invalid

    def _folded_texts(self) -> list[str]:
        if self._folded is None:
            self._folded = [t.casefold() for t in self._all_texts()]
        return self._folded

    def _select(self, mode: str, query: str, flags: dict[str, bool]) -> list[int]:
        """Positions (in id order) that pass the query and the filters (``flags``: space,
        invalid, special); each step narrows the list.

        subtle: plain list comprehensions, no per-row lambdas: o200k has 200 000 rows.
        """
        rows: list[int] = list(range(len(self._ids)))
        if query:
            rows = self._query_rows(SearchMode(mode), query, flags["case"], rows)
        if flags["space"]:
            data = self._bytes
            rows = [k for k in rows if data[k].startswith(b" ")]
        if flags["invalid"]:
            bad = self._is_invalid()
            rows = [k for k in rows if bad[k]]
        if flags["special"]:
            spec = self._special
            rows = [k for k in rows if spec[k]]
        if self._as_of is not None:
            limit = self._as_of
            made = self._rank
            rows = [k for k in rows if made[k] < limit]
        return rows

    def _query_rows(self, mode: SearchMode, query: str, case: bool, rows: list[int]) -> list[int]:
        """The ``rows`` the search ``query`` in ``mode`` finds (``case``: match case)."""
        if mode is SearchMode.TEXT:
            needle = query.translate(FROM_VISIBLE)
            if self._pieces is not None:
                needle = needle.replace(" ", "▁")
            if case:
                texts = self._all_texts()
            else:
                needle = needle.casefold()
                texts = self._folded_texts()
            return [k for k in rows if needle in texts[k]]
        if mode is SearchMode.REGEX:
            try:
                search = regex.compile(query, 0 if case else regex.IGNORECASE).search
            except regex.error as exc:
                raise SearchError(tr("invalid regex {query}: {reason}").format(query=repr(query), reason=exc)) from None
            return self._regex_rows(search, query, rows)
        if mode is SearchMode.ID:
            ids = self._ids
            picked: set[int] = set()
            for lo, hi in parse_ids(query):
                picked.update(range(bisect.bisect_left(ids, lo), bisect.bisect_right(ids, hi)))
            return sorted(picked)
        needle_b = parse_hex(query)
        data = self._bytes
        return [k for k in rows if needle_b in data[k]]

    def _regex_rows(self, search: Callable[..., Any], query: str, rows: list[int]) -> list[int]:
        """The rows whose text ``search`` finds something in, within the time limits."""
        texts = self._all_texts()
        out: list[int] = []
        deadline = time.monotonic() + self.REGEX_BUDGET
        step = 4096
        try:
            for start in range(0, len(rows), step):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                limit = min(self.REGEX_TIMEOUT, left)
                # subtle: positional (pos, endpos, concurrent, partial, timeout): keyword
                # arguments cost more than the search itself on 200 000 short tokens.
                out.extend(
                    k
                    for k in rows[start : start + step]
                    if search(texts[k], None, None, None, False, limit) is not None
                )
        except TimeoutError:
            raise SearchError(
                tr(
                    "pattern too slow: {query} takes too long on these tokens (it backtracks too much); "
                    "simplify it (avoid nested or overlapping repetitions such as (a|aa)+)"
                ).format(query=repr(query))
            ) from None
        return out

    def _all_texts(self) -> list[str]:
        if self._texts is None:
            if self._pieces is not None:
                pieces = self._pieces
                self._texts = [pieces[i] for i in self._ids]
            else:
                self._texts = [b.decode("utf-8", errors="replace") for b in self._bytes]
        return self._texts

    def _sort_key(self, column: int) -> Callable[[int], Any]:
        if column == self.ID:
            return self._ids.__getitem__
        if column in (self.TOKEN, self.HEX):
            return self._bytes.__getitem__
        if column == self.LENGTH:
            data = self._bytes
            return lambda k: len(data[k])
        if column == self.LEFT:
            return self._left.__getitem__
        if column == self.RIGHT:
            return self._right.__getitem__
        if column == self.SCORE:
            score = self._score
            return (lambda k: 0.0) if score is None else score.__getitem__
        return self._count.__getitem__

    def _apply_sort(self) -> None:
        column, order = self._sort
        if column == self.ID and order == Qt.SortOrder.AscendingOrder:
            return  # _select already yields id order
        # The full order of each column is computed once per tokenizer; a filtered view keeps
        # the rows of it that pass. subtle: sorted() is stable, so equal keys stay in id order.
        key = (column, order)
        full = self._orders.get(key)
        if full is None:
            full = sorted(
                range(len(self._ids)), key=self._sort_key(column), reverse=order == Qt.SortOrder.DescendingOrder
            )
            self._orders[key] = full
        if len(self._rows) == len(full):
            self._rows = list(full)
        else:
            keep = set(self._rows)
            self._rows = [k for k in full if k in keep]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(self.COLUMNS):
            return
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        old_keys = [self._rows[i.row()] for i in old]
        self._sort = (column, order)
        self._rows.sort()  # back to id order, then the requested order
        self._apply_sort()
        if old:
            where = {k: row for row, k in enumerate(self._rows)}
            self.changePersistentIndexList(old, [self.index(where[k], i.column()) for k, i in zip(old_keys, old)])
        self.layoutChanged.emit()

    # -- Qt model interface ----------------------------------------------------------------

    def _label(self, k: int) -> str:
        label = self._labels.get(k)
        if label is None:
            label = token_label(self._bytes[k]) if self._pieces is None else visible(self._pieces[self._ids[k]])
            self._labels[k] = label
        return label

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        k = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == self.ID:
                return self._ids[k]
            if col == self.TOKEN:
                return self._label(k)
            if col == self.HEX:
                return hex_bytes(self._bytes[k])
            if col == self.LENGTH:
                return len(self._bytes[k]) or ""  # (only a SentencePiece special has no bytes)
            if col == self.LEFT:
                return self._parent_label(self._left[k])
            if col == self.RIGHT:
                return self._parent_label(self._right[k])
            if col == self.COUNT:
                c = self._count[k]
                return "" if c < 0 else c
            if col == self.SCORE:
                return "" if self._score is None else f"{self._score[k]:.4f}"
        elif role == self.TOKEN_ID_ROLE:
            return self._ids[k]
        elif role == Qt.ItemDataRole.TextAlignmentRole:
            if col in (self.ID, self.LENGTH, self.COUNT, self.SCORE):
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        elif role == Qt.ItemDataRole.ForegroundRole:
            if self._special[k] and col == self.TOKEN:
                return QColor("#8e24aa")
        elif role == Qt.ItemDataRole.ToolTipRole and col == self.TOKEN:
            if self._special[k]:
                return tr("Special token: never merged, never split; encoded only where allowed")
            tip = tr_n("id {id}: %n byte(s) {hex}", len(self._bytes[k])).format(
                id=self._ids[k], hex=hex_bytes(self._bytes[k])
            )
            if self._ids[k] in self._fallback:
                tip += "\n" + tr("Byte fallback: stands for one byte of a character the vocabulary lacks")
            elif self._pieces is not None:
                tip += "\n" + tr("SentencePiece piece: ▁ is a space")
            return tip
        return None

    def score(self, row: int) -> float | None:
        """The score of the token of ``row`` (None: not a Unigram tokenizer)."""
        return None if self._score is None else self._score[self._rows[row]]

    def _parent_label(self, token_id: int) -> str:
        if token_id < 0 or self.tokenizer is None:
            return ""
        return f"{token_id} {token_text(self.tokenizer, token_id)}"


def _unigram_scores(tok: TokenizerLike, ids: list[int]) -> list[float] | None:
    """The score of each of ``ids`` (a Unigram tokenizer's log probabilities; None otherwise)."""
    if not isinstance(tok, UnigramTokenizer):
        return None
    scores = tok.scores
    return [scores[i] if 0 <= i < len(scores) else 0.0 for i in ids]
