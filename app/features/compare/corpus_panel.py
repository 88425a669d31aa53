"""Compare's corpus mode: one file encoded by every column's tokenizer, in a worker.

:class:`CorpusPanel` is the "Corpus mode" tab below the summary table: the file chosen, how
much of it to use, Run and Cancel, a progress bar and a status line. It owns the
:class:`~app.features.compare.corpus_controller.CorpusCompareController` that runs the worker;
the figures go to the summary table (the view listens to ``figures_changed``).

It leaves out which tokenizers the columns show (the view passes them to :meth:`CorpusPanel.run`).
"""

from __future__ import annotations

import os
from enum import StrEnum

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QSpinBox, QVBoxLayout, QWidget

from app.core.i18n import bind, connect, tr, tr_n
from app.core.messages import CorpusStats
from app.core.settings import Settings
from app.features.compare.corpus_controller import CorpusCompareController, CorpusState
from app.widgets import build
from app.widgets.open_files import choose_text_file
from bpe_engine import TokenizerLike

__all__ = ["CorpusPanel", "CorpusNote"]


class CorpusNote(StrEnum):
    """What the status line says (its arguments are kept with it, see :meth:`CorpusPanel.say`)."""

    CHOOSE = "choose"
    READY = "ready"
    NO_FILE = "no file"
    NO_TOKENIZER = "no tokenizer"
    RUNNING = "running"
    CANCELLED = "cancelled"
    DONE = "done"
    FAILED = "failed"


class CorpusPanel(QWidget):
    """Corpus mode (see the module docstring).

    Signals:
        figures_changed(): the corpus figures (``controller.results``) or their status changed.
    """

    figures_changed = Signal()

    def __init__(self, settings: Settings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.controller = CorpusCompareController(self)
        self.path = ""
        # What the status line says, kept to say it again in another language.
        self._said: tuple[object, ...] = (CorpusNote.CHOOSE,)
        self._build()
        self.controller.progress.connect(self._on_controller_progress)
        self.controller.column_done.connect(self._on_controller_column_done)
        self.controller.finished.connect(self._on_controller_finished)
        self.controller.failed.connect(self._on_controller_failed)
        self.controller.state_changed.connect(self._on_controller_state_changed)
        connect(self._on_language_changed)
        self._update_buttons()
        self._show_path()
        self.say()

    def _build(self) -> None:
        self.file_button = build.button(self, "Choose file…", self._on_file_button_clicked)
        self.path_label = QLabel(self)
        self.limit_spin = QSpinBox(self)
        self.limit_spin.setRange(0, 100_000)
        self.limit_spin.setValue(0)  # the whole file: fast with the engine's file encoder
        self.limit_spin.setSuffix(" MB")  # i18n: none (a unit, written so in Chinese too)
        bind(self.limit_spin, "setSpecialValueText", "whole file")
        bind(self.limit_spin, "setToolTip", "Encode only the first megabytes of the file (0: the whole file)")
        self.run_button = build.button(
            self, "Run", tooltip="Encode the file with every column's tokenizer (Ctrl+Return)", shortcut="Ctrl+Return"
        )
        self.cancel_button = build.button(
            self, "Cancel", self.controller.cancel, tooltip="Stop the corpus run (Esc)", shortcut="Escape"
        )
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        self._show_bar(None)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.file_button)
        row.addWidget(self.path_label)
        row.addStretch(1)
        build.labelled(row, self, "Use at most", self.limit_spin)
        row.addWidget(self.run_button)
        row.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)

    # -- the file ---------------------------------------------------------------------------

    def set_path(self, path: str) -> None:
        """Use the file ``path``; figures measured on another file are dropped."""
        if path != self.path and not self.controller.is_running():
            self.controller.results = {}  # figures belong to the file they were measured on
            self._show_bar(None)
            self.say((CorpusNote.READY,))
            self.figures_changed.emit()
        self.path = path
        self._show_path()
        self._update_buttons()

    def set_add_specials(self, on: bool) -> None:
        """ "Add BOS/EOS" changed: figures counted the other way are dropped (Run again)."""
        if on != self.controller.add_specials and self.controller.results and not self.controller.is_running():
            self.controller.results = {}
            self._show_bar(None)
            self.say((CorpusNote.READY,))
            self.figures_changed.emit()

    def _show_path(self) -> None:
        path = self.path
        if not path:
            self.path_label.setText(tr("No file chosen"))
            self.path_label.setToolTip("")
            return
        try:
            size = os.path.getsize(path)
            self.path_label.setText(tr("{name} ({mb} MB)").format(name=os.path.basename(path), mb=f"{size / 1e6:,.1f}"))
        except OSError:
            self.path_label.setText(tr("{name} (cannot be read)").format(name=os.path.basename(path)))
        self.path_label.setToolTip(path)

    @Slot()
    def _on_file_button_clicked(self) -> None:
        path = choose_text_file(self, self.settings, tr("Choose a UTF-8 text file"))
        if path:
            self.set_path(path)

    # -- running ----------------------------------------------------------------------------

    def run(self, ready: dict[str, TokenizerLike], skipped: int, add_specials: bool = False) -> None:
        """Encode the file with the ``ready`` tokenizers (by key); ``skipped`` columns have none;
        ``add_specials``: count the BOS/EOS each model adds, once per non-blank line."""
        if self.controller.is_running():
            return
        if not self.path:
            self.say((CorpusNote.NO_FILE,))
            return
        if not ready:
            self.say((CorpusNote.NO_TOKENIZER,))
            return
        self.controller.start(self.path, self.limit_spin.value() * 1_000_000, list(ready.items()), add_specials)
        self._show_bar(0)
        self.say((CorpusNote.RUNNING, os.path.basename(self.path), len(ready), skipped))
        self.figures_changed.emit()

    def _show_bar(self, value: int | None) -> None:
        """The run's share done (of 1000), or None: no run's figure (none yet, cancelled or
        failed: "0%" before any run, and a cancelled run's "42%", read as figures of a run)."""
        self.progress.setTextVisible(value is not None)
        self.progress.setValue(value or 0)

    @Slot(int, int)
    def _on_controller_progress(self, done: int, total: int) -> None:
        self.progress.setValue(int(1000 * done / total) if total else 0)

    @Slot(CorpusStats)
    def _on_controller_column_done(self, _stats: CorpusStats) -> None:
        self.figures_changed.emit()

    @Slot(str)
    def _on_controller_finished(self, reason: str) -> None:
        if reason == CorpusState.CANCELLED:
            self._show_bar(None)
            self.say((CorpusNote.CANCELLED,))
        else:
            results = self.controller.results.values()
            secs = sum(s.seconds for s in results)
            nbytes = max((s.bytes for s in results), default=0)
            self._show_bar(1000)
            added = [s for s in results if s.added]
            texts = max((s.texts for s in added), default=0)
            self.say((CorpusNote.DONE, f"{nbytes / 1e6:,.2f}", f"{secs:.1f}", texts))
        self.figures_changed.emit()

    @Slot(str)
    def _on_controller_failed(self, message: str) -> None:
        self.say((CorpusNote.FAILED, message))
        self._show_bar(None)
        self.figures_changed.emit()

    @Slot(str)
    def _on_controller_state_changed(self, _state: str) -> None:
        self._update_buttons()

    def _update_buttons(self) -> None:
        running = self.controller.is_running()
        self.run_button.setEnabled(bool(self.path) and not running)
        self.cancel_button.setEnabled(self.controller.state == CorpusState.RUNNING)
        self.file_button.setEnabled(not running)

    # -- the status line --------------------------------------------------------------------

    def say(self, said: tuple[object, ...] | None = None) -> None:
        """The status line (``said``: a :class:`CorpusNote` and its arguments, to say from now
        on; None: say it again)."""
        if said is not None:
            self._said = said
        what, *args = self._said
        tip = ""
        if what == CorpusNote.RUNNING:
            name, count, skipped = args
            assert isinstance(count, int) and isinstance(skipped, int)
            text = _running_text(name, count, skipped)
        elif what == CorpusNote.DONE:
            text = tr("Done: {mb} MB encoded by each tokenizer in {s} s in total.").format(mb=args[0], s=args[1])
            texts = args[2]
            if isinstance(texts, int) and texts:  # (short: a second line was cut at 1024x700; the tooltip says why)
                text += " " + tr_n("BOS/EOS counted once per non-blank line (%n).", texts)
                tip = _additions_text(texts)
        elif what == CorpusNote.FAILED:
            text = "<span style='color:#b71c1c'>{}</span>".format(
                tr("<b>Cannot use this file.</b> {reason}").format(reason=args[0])
            )
        else:
            text = _fixed_text(what)
        self.status.setText(text)
        self.status.setToolTip(tip)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._show_path()
        self.say()


def _running_text(name: object, count: int, skipped: int) -> str:
    """The status line while ``count`` tokenizers encode the file ``name``."""
    text = tr_n("Encoding {name} with %n tokenizer(s)…", count).format(name=name)
    if skipped:
        text += tr_n(" (%n column(s) without a tokenizer skipped)", skipped)
    return text


def _additions_text(texts: int) -> str:
    """How the BOS/EOS were counted: once per non-blank line (``texts`` of them)."""
    return tr_n(
        "Add BOS/EOS: each non-blank line of the file is one text (%n here), and the tokens counted include "
        "the special tokens each model adds around a text, once per line.",
        texts,
    )


def _fixed_text(what: object) -> str:
    """The status lines without arguments."""
    if what == CorpusNote.READY:
        return tr("Press Run to encode the file with every column's tokenizer.")
    if what == CorpusNote.NO_FILE:
        return tr("Choose a file first.")
    if what == CorpusNote.NO_TOKENIZER:
        return tr("No column has a usable tokenizer yet.")
    if what == CorpusNote.CANCELLED:
        return tr("Cancelled. Rows with corpus figures finished before Cancel; the others show —.")
    return tr("Choose a UTF-8 text file to compare the tokenizers' compression on more than a snippet.")
