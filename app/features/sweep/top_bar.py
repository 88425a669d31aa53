"""The Sweep's top row: the tokenizer picker and the line beside it saying what the sweep of
the chosen tokenizer holds (or why there is none: loading, a SentencePiece model, none yet).

Its own widget because the line is composed from the registry's state of the choice, apart
from measuring.
"""

from __future__ import annotations

import html

from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from app.core.i18n import bind, tr, tr_n
from app.core.registry import EntryStatus, TokenizerRegistry
from app.display.algorithms import no_merges_reason
from app.display.format import format_count
from app.widgets import build
from app.widgets.tokenizer_picker import TokenizerPicker
from bpe_engine import Tokenizer

__all__ = ["TopBar"]


class TopBar(QWidget):
    """The picker (``picker``) and the line about its sweep (``about``)."""

    def __init__(self, registry: TokenizerRegistry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.registry = registry
        self.picker = TokenizerPicker(registry, self)
        bind(
            self.picker,
            "setToolTip",
            "The tokenizer trained once to the largest size: every smaller vocabulary is its first merges",
        )
        build.shrinkable(self.picker, characters=24)
        self.about = QLabel(self)
        self.about.setWordWrap(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        build.labelled(row, self, "Tokenizer:", self.picker)
        row.addWidget(self.about, 1)

    def describe(self, key: str, tok: Tokenizer | None, sizes: tuple[int, int] = (0, 0)) -> None:
        """Say what the sweep of ``key`` holds; ``tok`` is its BPE tokenizer (None: none yet, or
        not a BPE one), ``sizes`` its smallest and largest vocabulary (with its special tokens)."""
        if tok is not None:
            n = len(tok.merges)
            self.about.setText(
                tr_n(
                    "%n merge(s): each vocabulary size from {low} to {high} is this tokenizer with only its "
                    "first merges, as if its training had stopped there.",
                    n,
                ).format(low=format_count(sizes[0]), high=format_count(sizes[1]))
            )
        elif key and (other := self.registry.get(key)) is not None:
            self.about.setText(no_merges_reason(self.registry.entry(key).label, other.facts, tr("sweep")))
        elif key and self.registry.entry(key).status == EntryStatus.LOADING:
            self.describe_loading(key)
        else:
            self.about.setText(
                tr("Train a tokenizer to the largest vocabulary size you want (Train tab): the sweep uses its merges.")
            )

    def describe_loading(self, key: str) -> None:
        """Say that ``key`` is loading (its file, or the merges the line counts)."""
        self.about.setText(tr("Loading {name}…").format(name=html.escape(self.registry.entry(key).label)))
