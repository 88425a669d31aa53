""" "As of merge k": the check box with which a view follows the Timeline's slider.

A view that shows a tokenizer (Vocabulary, Tokenize, Compare) puts an :class:`AsOfBox` beside
its picker. Checked, the view shows its tokenizer (the Timeline's) as it was after its first ``k``
merges, and follows the slider as it moves; unchecked, the whole tokenizer. The view keeps
the tokenizer the user chose: the box never replaces it. The box names the
position ("As of merge 1 234") and is offered only while the view shows the Timeline's
tokenizer (not while the Timeline shows another, none, or a training in progress).

It leaves out what "as of" means for each view (encoding, or filtering the vocabulary).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QCheckBox, QWidget

from app.core import i18n
from app.core.i18n import tr, tr_n
from app.core.registry import TokenizerRegistry
from app.core.timeline_position import TimelinePosition
from app.display.algorithms import algorithm_name
from app.display.format import format_count
from bpe_engine import TokenizerFacts

__all__ = ["AsOfBox"]


def _has_timeline(facts: TokenizerFacts) -> bool:
    """Merge k means the k-th merge its training learned (the Timeline's condition too)."""
    return facts.has_merges and facts.merges_in_training_order


class AsOfBox(QCheckBox):
    """Follow the Timeline's "as of merge k" (see the module docstring).

    The view says which tokenizers it shows (:meth:`set_keys`); the box is offered only when
    one of them is the Timeline's, and it never chooses a tokenizer for the view. When the
    Timeline moves to another tokenizer the box is unticked: the view shows its own in full.

    Signals:
        changed(): the merges to use may have changed (checked, unchecked, or the slider moved
            while checked): the view shows its tokenizer again.
    """

    changed = Signal()

    def __init__(self, position: TimelinePosition, registry: TokenizerRegistry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position = position
        self.registry = registry
        self._keys: tuple[str, ...] = ()
        position.moved.connect(self._on_position_moved)
        self.toggled.connect(self._on_self_toggled)
        i18n.connect(self._on_language_changed)
        self._describe()

    def set_keys(self, keys: Iterable[str]) -> None:
        """The tokenizers the view shows now (one, or Compare's columns)."""
        keys = tuple(keys)
        if keys != self._keys:
            self._keys = keys
            self._describe()

    def available(self) -> bool:
        """True when the view shows the Timeline's tokenizer and it has merges (the box can be
        ticked): a WordPiece or Unigram tokenizer has no "as of merge k"."""
        key = self.position.key
        return bool(key) and key in self._keys and self._without_merges() is None

    def limit_for(self, key: str) -> int | None:
        """How many merges a view showing ``key`` uses: the Timeline's k when checked and
        ``key`` is the Timeline's tokenizer, else None (all of them)."""
        return self.position.limit_for(key) if self.isChecked() and self.available() else None

    def _name(self, key: str) -> str:
        return self.registry.entry(key).label if key in self.registry.keys() else key

    def _without_merges(self) -> tuple[str, str] | None:
        """The view's tokenizer and why it has no merge k: no merges (WordPiece, Unigram), or
        merges worked out from scores (a SentencePiece model)."""
        for key in self._keys:
            tok = self.registry.get(key) if key in self.registry.keys() else None
            if tok is None or _has_timeline(tok.facts):
                continue
            if not tok.facts.has_merges:
                why = tr("{name} has no merges ({algorithm}): “As of merge k” applies to BPE tokenizers only")
                return key, why.format(name=self._name(key), algorithm=algorithm_name(tok.facts.algorithm))
            why = tr(
                "{name} is a SentencePiece model: its merges are worked out from scores, not learned in "
                "order, so “As of merge k” does not apply to it"
            )
            return key, why.format(name=self._name(key))
        return None

    def _timeline_has_no_merges(self) -> bool:
        """The Timeline holds a tokenizer without merges learned in order (it says it has no timeline)."""
        key = self.position.key
        tok = self.registry.get(key) if key and key in self.registry.keys() else None
        return tok is not None and not _has_timeline(tok.facts)

    def _describe(self) -> None:
        key, k = self.position.key, self.position.merges
        on = self.available()
        self.setEnabled(on)
        if not on and self.isChecked():
            self.setChecked(False)  # (toggled: the view shows its tokenizer in full again)
        without = self._without_merges()
        if not key or (self._timeline_has_no_merges() and not without):
            self.setText(tr("As of merge k"))
            self.setToolTip(
                tr(
                    "Follow the Timeline's slider: choose a trained tokenizer in the Timeline tab first "
                    "(a training in progress can be followed only there)"
                )
            )
            return
        # (a Unigram or WordPiece tokenizer on the Timeline has no merge k: "As of merge 0" misled;
        # beside another tokenizer, the Timeline's k is not a number of the one shown)
        named = on and not self._timeline_has_no_merges()
        self.setText(tr("As of merge {k}").format(k=format_count(k)) if named else tr("As of merge k"))
        if not on and without:
            self.setToolTip(without[1])
            return
        if not on:
            self.setToolTip(
                tr(
                    "The Timeline shows {name}, not the tokenizer shown here: choose {name} here to see "
                    "it as of the Timeline's merge {k}"
                ).format(name=self._name(key), k=format_count(k))
            )
            return
        self.setToolTip(
            tr_n(
                "Show {name} as the Timeline's slider shows it: with only its first {k} of "
                "%n merge(s) (it follows the slider)",
                self.position.total,
            ).format(name=self._name(key), k=format_count(k))
        )

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._describe()

    @Slot(str, int)
    def _on_position_moved(self, _key: str, _merges: int) -> None:
        was = self.isChecked()
        self._describe()
        if was and self.isChecked():
            self.changed.emit()  # (unticked by _describe: toggled said it already)

    @Slot(bool)
    def _on_self_toggled(self, _on: bool) -> None:
        self.changed.emit()
