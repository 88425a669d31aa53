"""The Train view: choose a corpus and settings, train, watch every merge, keep the result.

Composed of the corpus panel, the settings panel, the controls (Start, Pause, Resume, Step,
Cancel, each with a shortcut and enabled only when it makes sense), the progress line, and
two result tabs: *Live* (the merges table streaming in, the pair-count and bytes-per-token
plots) and *Step by step* (step mode's tables). When a run finishes or is cancelled, its
tokenizer is registered in the shared :class:`~app.controllers.registry.TokenizerRegistry`, so
the other views can use it, and it can be saved (atomically, the engine's format). Saved
tokenizers open here too. Opening and saving run in the background
(``app/controllers/tokenizer_files.py``) with a busy line, so the window stays usable while a
200 000-token file loads.

Training itself is the controller's business (``app/controllers/training.py``); checking the
settings is the engine's (``TrainerConfig``); drawing the chips, plots and step tables belongs
to ``app/widgets``.
"""

from __future__ import annotations

import html
import os
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStyle,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bpe_engine import CountingDone, MergeEvent, Tokenizer, TrainerConfig, TrainingDone, errors

from ..content.samples import Sample
from ..controllers.registry import TokenizerRegistry
from ..controllers.tokenizer_files import TokenizerFileController
from ..controllers.training import TrainingController, TrainingRequest
from ..display.format import format_bytes, format_count, format_duration
from ..display.meter import RateMeter
from ..jobs.messages import StepSnapshot
from ..models.merges import MergesModel
from ..settings import Settings
from ..widgets.corpus_panel import CorpusPanel
from ..widgets.message_bar import MessageBar
from ..widgets.plots import TrainingPlots, paint_pending
from ..widgets.step_panel import StepPanel
from ..widgets.train_settings import TrainSettingsPanel

__all__ = ["TrainView", "SHORTCUTS"]

#: Keyboard shortcuts of the training controls (debugger conventions: F5 run, F10 step).
SHORTCUTS = {"start": "F5", "pause": "F6", "resume": "F8", "step": "F10", "cancel": "Shift+F5"}

_STATE_WORDS = {
    "idle": "Ready: choose a corpus and press Start (F5), or Step (F10) to go merge by merge.",
    "cancelling": "Cancelling…",
}


class TrainView(QWidget):
    """Train a tokenizer and watch it happen (see the module docstring).

    Signals:
        tokenizer_ready(str): a trained or opened tokenizer was registered (its registry key).
        browse_requested(str): the user asked to browse this tokenizer's vocabulary.
        file_opened(str, str): a tokenizer file was opened and registered (key, path).
        file_saved(str): the result was saved to this path.
        file_failed(str, str, str): "open" or "save", the path, and the message shown.
    """

    tokenizer_ready = Signal(str)
    browse_requested = Signal(str)
    file_opened = Signal(str, str)
    file_saved = Signal(str)
    file_failed = Signal(str, str, str)

    REFRESH_MS = 100  # a display turn every 100 ms: table and progress five times a second,
    #                   each plot 2.5 times a second

    def __init__(self, registry: TokenizerRegistry, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.registry = registry
        self.settings = settings
        self.controller = TrainingController(self)
        self.files = TokenizerFileController(self)
        self._save_path: str | None = None  # a save waiting for the paused run's tokenizer
        self.result_key: str | None = None
        self._rates = RateMeter()
        self._started_at = 0.0
        self._elapsed = 0.0
        self._special_count = 0
        self._pending: list[MergeEvent] = []  # merges received, not yet shown
        self._turn = 0  # refresh turns alternate: table and progress, then one plot
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(self.REFRESH_MS)
        self._refresh_timer.timeout.connect(self._on_refresh_timer_timeout)
        self.setAcceptDrops(True)

        self.corpus = CorpusPanel(last_folder=settings.last_folder)
        self.settings_panel = TrainSettingsPanel()
        self.settings_panel.set_values(
            vocab_size=settings.vocab_size,
            special_tokens=settings.special_tokens,
            pretokenizer=settings.pretokenizer,
            tie_break=settings.tie_break,
        )
        self.messages = MessageBar()
        self._build_actions()
        self._build_layout()

        self.corpus.sample_chosen.connect(self._on_corpus_sample_chosen)
        c = self.controller
        c.state_changed.connect(self._on_controller_state_changed)
        c.counting_progress.connect(self._on_controller_counting_progress)
        c.counting_done.connect(self._on_controller_counting_done)
        c.merges_added.connect(self._on_controller_merges_added)
        c.paused.connect(self._on_controller_paused)
        c.finished.connect(self._on_controller_finished)
        c.cancelled.connect(self._on_controller_cancelled)
        c.failed.connect(self._on_controller_failed)
        c.tokenizer_built.connect(self._on_controller_tokenizer_built)
        self.files.busy_changed.connect(self._on_files_busy_changed)
        self.files.opened.connect(self._on_files_opened)
        self.files.saved.connect(self._on_files_saved)
        self.files.failed.connect(self._on_files_failed)
        self._on_controller_state_changed("idle")

    # -- building --------------------------------------------------------------------------

    def _action(
        self, text: str, key: str, tip: str, icon: QStyle.StandardPixmap | None, slot: Callable[[], None]
    ) -> QAction:
        action = QAction(text, self)
        if key:
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            tip = f"{tip} ({QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)})"
        action.setToolTip(tip)
        action.setStatusTip(tip)
        if icon is not None:
            action.setIcon(self.style().standardIcon(icon))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        sp = QStyle.StandardPixmap
        self.start_action = self._action(
            "&Start", SHORTCUTS["start"], "Train on the chosen corpus", sp.SP_MediaPlay, self._on_start_triggered
        )
        self.pause_action = self._action(
            "&Pause", SHORTCUTS["pause"], "Pause training (nothing is lost)", sp.SP_MediaPause, self._on_pause_triggered
        )
        self.resume_action = self._action(
            "&Resume",
            SHORTCUTS["resume"],
            "Continue a paused training",
            sp.SP_MediaSeekForward,
            self._on_resume_triggered,
        )
        self.step_action = self._action(
            "S&tep",
            SHORTCUTS["step"],
            "Apply exactly one merge, then pause. From idle: count the corpus and stop before the first merge",
            sp.SP_MediaSkipForward,
            self._on_step_triggered,
        )
        self.cancel_action = self._action(
            "&Cancel",
            SHORTCUTS["cancel"],
            "Stop training; the merges done so far are kept as a tokenizer",
            sp.SP_MediaStop,
            self._on_cancel_triggered,
        )
        self.save_action = self._action(
            "Save &tokenizer…",
            "",
            "Save the current result (our JSON format, written atomically)",
            sp.SP_DialogSaveButton,
            self._on_save_triggered,
        )
        self.open_action = self._action(
            "&Open tokenizer…",
            "",
            "Open a tokenizer saved by BPE Explorer",
            sp.SP_DialogOpenButton,
            self._on_open_triggered,
        )
        self.training_actions = [
            self.start_action,
            self.pause_action,
            self.resume_action,
            self.step_action,
            self.cancel_action,
        ]

    def set_shortcut_context(self, context: Qt.ShortcutContext) -> None:
        """Where the training shortcuts work: inside this view (the default, for a view on its
        own) or, in the main window, ``WindowShortcut`` so they work from every tab."""
        for action in self.training_actions:
            action.setShortcutContext(context)

    def _button(self, action: QAction) -> QToolButton:
        button = QToolButton()
        button.setDefaultAction(action)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        return button

    def _build_layout(self) -> None:
        corpus_box = QGroupBox("Corpus")
        QVBoxLayout(corpus_box).addWidget(self.corpus)
        settings_box = QGroupBox("Settings")
        QVBoxLayout(settings_box).addWidget(self.settings_panel)
        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(corpus_box)
        top.addWidget(settings_box)
        top.setStretchFactor(0, 1)
        top.setStretchFactor(1, 1)

        self.buttons = {
            name: self._button(a)
            for name, a in zip(("start", "pause", "resume", "step", "cancel"), self.training_actions)
        }
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        self.progress_label = QLabel()
        self.vocab_label = QLabel()
        self.vocab_label.setToolTip("256 single bytes + one token per merge + the special tokens")
        self.stats_label = QLabel()
        self.stats_label.setStyleSheet("color: #555;")
        for label in (self.progress_label, self.vocab_label, self.stats_label):
            # subtle: text that changes five times a second must not re-layout the window
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        controls = QHBoxLayout()
        for button in self.buttons.values():
            controls.addWidget(button)
        controls.addWidget(self.progress, 1)
        status = QVBoxLayout()
        status.addWidget(self.progress_label)
        status.addWidget(self.vocab_label)
        status.addWidget(self.stats_label)

        self.merges_model = MergesModel(self)
        self.merges_view = QTableView()
        self.merges_view.setModel(self.merges_model)
        self.merges_view.verticalHeader().hide()
        self.merges_view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.merges_view.verticalHeader().setDefaultSectionSize(22)
        self.merges_view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.merges_view.setAlternatingRowColors(True)
        header = self.merges_view.horizontalHeader()
        for col, width in enumerate((60, 110, 110, 160, 90)):
            header.resizeSection(col, width)
        header.setStretchLastSection(True)
        self.follow = QCheckBox("Follow new merges")
        self.follow.setChecked(True)
        self.follow.setToolTip("Keep the newest merge in view while training runs")
        merges_box = QWidget()
        mv = QVBoxLayout(merges_box)
        mv.setContentsMargins(0, 0, 0, 0)
        mv.addWidget(self.merges_view, 1)
        mv.addWidget(self.follow)
        self.plots = TrainingPlots()
        live = QSplitter(Qt.Orientation.Horizontal)
        live.addWidget(merges_box)
        live.addWidget(self.plots)
        live.setStretchFactor(0, 1)
        live.setStretchFactor(1, 1)
        live.setSizes([560, 700])
        self.step_panel = StepPanel()
        self.result_tabs = QTabWidget()
        self.result_tabs.addTab(live, "Live")
        self.result_tabs.addTab(self.step_panel, "Step by step")
        self.result_tabs.setTabToolTip(0, "Merges as they arrive, and two plots")
        self.result_tabs.setTabToolTip(1, "Pre-tokens, pair counts and the reason for each merge")

        self.result_label = QLabel("No tokenizer trained yet.")
        self.result_label.setWordWrap(True)
        self.browse_button = QPushButton("Browse vocabulary")
        self.browse_button.setToolTip("Open the result in the Vocabulary tab")
        self.browse_button.clicked.connect(self._on_browse_button_clicked)
        self.file_busy = QProgressBar()
        self.file_busy.setRange(0, 0)  # busy: a file job cannot say how far it is
        self.file_busy.setTextVisible(False)
        self.file_busy.setMaximumWidth(120)
        self.file_busy.hide()
        self.file_status = QLabel()
        self.file_status.setToolTip("Tokenizer files are read and written in the background; keep working meanwhile")
        self.file_status.hide()
        result = QHBoxLayout()
        result.addWidget(self.result_label, 1)
        result.addWidget(self.file_status)
        result.addWidget(self.file_busy)
        result.addWidget(self.browse_button)
        result.addWidget(self._button(self.save_action))
        result.addWidget(self._button(self.open_action))

        bottom = QWidget()
        bv = QVBoxLayout(bottom)
        bv.setContentsMargins(0, 0, 0, 0)
        bv.addLayout(controls)
        bv.addLayout(status)
        bv.addWidget(self.messages)
        bv.addWidget(self.result_tabs, 1)
        bv.addLayout(result)
        outer = QSplitter(Qt.Orientation.Vertical)
        outer.addWidget(top)
        outer.addWidget(bottom)
        outer.setStretchFactor(0, 2)
        outer.setStretchFactor(1, 5)
        layout = QVBoxLayout(self)
        layout.addWidget(outer)

    # -- commands --------------------------------------------------------------------------

    def make_request(self) -> TrainingRequest:
        """The chosen corpus with the settings.

        Raises ``errors.ConfigError`` (the engine's, naming the bad setting) or ValueError
        (no corpus chosen: says what is missing).
        """
        choice = self.corpus.corpus()
        return TrainingRequest(self.settings_panel.config(), paths=choice.paths, text=choice.text, label=choice.label)

    def start(self, *, step_mode: bool = False) -> bool:
        """Start training (or step mode); problems are shown in the message bar."""
        if self.controller.is_active or self._save_path is not None:
            return False  # subtle: a save waits for this run's tokenizer; a new run would drop it
        try:
            request = self.make_request()
        except errors.ConfigError as exc:  # bad settings: a start that failed, in the engine's words
            self._begin_run(step_mode)
            self.controller.refuse(str(exc))
            return False
        except ValueError as exc:  # no corpus chosen: nothing was started, nothing failed
            self.messages.error(str(exc))
            return False
        self._begin_run(step_mode)
        self._special_count = len(request.config.special_tokens)
        ok = self.controller.start(request, step_mode=step_mode)
        if ok:
            self._remember_settings(request.config)
        return ok

    def save_tokenizer(self, path: str | os.PathLike[str]) -> bool:
        """Start saving the current result to ``path`` (in the background).

        Returns False (with a message) when there is nothing to save or a file job is running;
        the outcome is shown in the message bar and signalled by ``file_saved`` or
        ``file_failed``. A paused run's tokenizer is built by the training thread first.
        """
        if self.files.is_busy() or self._save_path is not None:
            self.messages.error("A tokenizer file is being read or written; try again when it is done.")
            return False
        path = os.fspath(path)
        tok = self.controller.tokenizer()
        if tok is not None:
            return self.files.save(tok, path)
        self._save_path = path  # subtle: set first; the answer may come before request returns
        if not self.controller.request_tokenizer():
            self._save_path = None
            self.messages.error("There is no result to save yet: train (or pause a training) first.")
            return False
        if self._save_path is not None:  # still waiting for the training thread
            self._show_file_busy(f"Preparing {len(self.controller.merges):,} merges for saving…")
        return True

    def open_tokenizer(self, path: str | os.PathLike[str]) -> bool:
        """Start opening a saved tokenizer (in the background); it is registered when loaded.

        Returns False (with a message) while another file job runs; the outcome is signalled
        by ``file_opened`` (with the registry key) or ``file_failed``.
        """
        if self.files.is_busy() or self._save_path is not None:
            self.messages.error("A tokenizer file is being read or written; try again when it is done.")
            return False
        return self.files.open(path)

    def shutdown(self) -> None:
        """Stop training and let a file job end (the window is closing)."""
        self.controller.shutdown()
        self.files.shutdown()

    # -- slots: actions --------------------------------------------------------------------

    @Slot()
    def _on_start_triggered(self) -> None:
        self.start()

    @Slot()
    def _on_pause_triggered(self) -> None:
        self.controller.pause()

    @Slot()
    def _on_resume_triggered(self) -> None:
        self.controller.resume()

    @Slot()
    def _on_step_triggered(self) -> None:
        if self.controller.state == "paused":
            self.result_tabs.setCurrentWidget(self.step_panel)
            self.controller.step()
        elif not self.controller.is_active:
            self.start(step_mode=True)

    @Slot()
    def _on_cancel_triggered(self) -> None:
        self.controller.cancel()

    @Slot()
    def _on_save_triggered(self) -> None:
        if not self.controller.can("save"):
            self.messages.error("There is no result to save yet: train (or pause a training) first.")
            return
        base = self.controller.request.describe() if self.controller.request else "tokenizer"
        safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in base).strip("_") or "tokenizer"
        merges = len(self.controller.merges)  # the tokenizer's merges; it is built only when saving
        start = os.path.join(self.settings.last_folder or str(Path.home()), f"{safe}-{merges}.json")
        path, _ = QFileDialog.getSaveFileName(self, "Save tokenizer", start, "BPE Explorer tokenizer (*.json)")
        if path:
            self.save_tokenizer(path)

    @Slot()
    def _on_open_triggered(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            "Open tokenizer",
            self.settings.last_folder or str(Path.home()),
            "BPE Explorer tokenizer (*.json);;All files (*)",
        )
        if path:
            self.open_tokenizer(path)

    @Slot()
    def _on_browse_button_clicked(self) -> None:
        if self.result_key is not None:
            self.browse_requested.emit(self.result_key)

    @Slot(Sample)
    def _on_corpus_sample_chosen(self, sample: Sample) -> None:
        if not sample.settings or self.controller.is_active:
            return
        self.settings_panel.set_values(
            **{
                k: v
                for k, v in sample.settings.items()
                if k in ("vocab_size", "special_tokens", "pretokenizer", "tie_break")
            }
        )
        applied = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in sample.settings.items())
        self.messages.info(f"Settings suggested for this sample: {applied}.")

    # -- slots: file jobs ------------------------------------------------------------------

    @Slot(Tokenizer)
    def _on_controller_tokenizer_built(self, tok: Tokenizer) -> None:
        path, self._save_path = self._save_path, None
        if path is None:
            return
        self._hide_file_busy()
        self.files.save(tok, path)

    @Slot(bool)
    def _on_files_busy_changed(self, busy: bool) -> None:
        if busy:
            verb = "Opening" if self.files.kind == "open" else "Saving to"
            self._show_file_busy(f"{verb} {Path(self.files.path).name}…")
        else:
            self._hide_file_busy()

    @Slot(str, Tokenizer)
    def _on_files_opened(self, path: str, tok: Tokenizer) -> None:
        label = f"{Path(path).name} · {len(tok.merges)} merges"
        key = self.registry.add(tok, label, kind="file")
        self.result_key = key
        self.settings.last_folder = str(Path(path).parent)
        self.messages.info(
            f"Opened {Path(path).name}: {len(tok)} tokens, {len(tok.merges)} merges. "
            "It is now available in the other views."
        )
        self.result_label.setText(
            f"Opened: <b>{html.escape(label)}</b>, {len(tok)} tokens. It is available in the "
            "Vocabulary, Tokenize, Compare and Stream decode views."
        )
        self._update_actions()
        self.tokenizer_ready.emit(key)
        self.file_opened.emit(key, path)

    @Slot(str, Tokenizer)
    def _on_files_saved(self, path: str, tok: Tokenizer) -> None:
        self.messages.info(f"Saved {len(tok.merges)} merges and {len(tok)} tokens to {path}.")
        self.settings.last_folder = str(Path(path).parent)
        self.file_saved.emit(path)

    @Slot(str, str, str)
    def _on_files_failed(self, kind: str, path: str, message: str) -> None:
        self.messages.error(message)
        self.file_failed.emit(kind, path, message)

    def _show_file_busy(self, text: str) -> None:
        self.file_status.setText(text)
        self.file_status.show()
        self.file_busy.show()
        self._update_actions()

    def _hide_file_busy(self) -> None:
        self.file_status.hide()
        self.file_busy.hide()
        self._update_actions()

    # -- slots: controller -----------------------------------------------------------------

    @Slot(str)
    def _on_controller_state_changed(self, state: str) -> None:
        self._update_actions()
        if state in _STATE_WORDS:
            self.progress_label.setText(_STATE_WORDS[state])
        elif state == "paused":
            self.progress_label.setText("Paused: " + self._progress_text(rates=False))
        elif state in ("counting", "merging"):
            if state == "merging" and self.controller.counting is not None:
                self.plots.fix_ranges(self.controller.target_merges)  # resumed: keep the axes still again
            self._rates.reset()
            self.progress_label.setText(self._progress_text())

    @Slot(int, int)
    def _on_controller_counting_progress(self, done: int, total: int) -> None:
        self._rates.add(done)
        self._schedule_refresh()

    @Slot(CountingDone)
    def _on_controller_counting_done(self, done: CountingDone) -> None:
        self._rates.reset()
        with self.controller.gui_priority():  # the axes are new: the heaviest redraw of a run
            self.plots.set_counting(done)
            paint_pending(self)
        self._refresh_progress(final=False)

    @Slot(list)
    def _on_controller_merges_added(self, events: list[MergeEvent]) -> None:
        self._pending.extend(events)
        self._rates.add(len(self.controller.merges))
        self._schedule_refresh()

    def _fit_plots_later(self) -> None:
        # Fitting the axes to the data regenerates them (the costliest repaint): in its own turn.
        QTimer.singleShot(0, self.plots.finish)

    def _schedule_refresh(self) -> None:
        if not self._refresh_timer.isActive():
            self._refresh_timer.start()

    @Slot()
    def _on_refresh_timer_timeout(self) -> None:
        # One job per turn, in rotation: table and progress, then one plot. Each turn stays
        # short (~10 ms), so the event loop never stalls for long.
        self._turn += 1
        stale = self.plots.stale()
        if self._turn % 2 == 0 and stale:
            with self.controller.gui_priority():
                self.plots.redraw(stale[(self._turn // 2) % len(stale)], now=True)
            if self._pending or self.plots.dirty:
                self._schedule_refresh()
        else:
            self._refresh_progress(final=False)

    def _refresh_progress(self, *, final: bool = True) -> None:
        """Bring the table, plots, progress and labels up to date with the controller.

        subtle: while training runs this is called a few times a second, not per batch; it
        repaints synchronously inside ``controller.gui_priority()``, and the plots are redrawn
        in other event-loop turns (see ``_on_refresh_timer_timeout``). The GUI thread shares the GIL with the worker: painting
        the table (a Python ``data()`` call per cell and role) and the plots took several
        times longer under contention, and one long turn stalls the whole event loop.
        """
        self._refresh_timer.stop()
        c = self.controller
        with c.gui_priority():
            if self._pending:
                pending, self._pending = self._pending, []
                self.merges_model.append(pending)
                self.plots.add_merges([e.count for e in pending])
                if self.follow.isChecked():
                    self.merges_view.scrollToBottom()
            if c.phase == "counting":
                total = c.bytes_total
                self.progress.setRange(0, 1000)
                self.progress.setValue(int(1000 * c.bytes_done / total) if total else 0)
                self.progress.setFormat(f"counting {format_bytes(c.bytes_done)} of {format_bytes(total)}")
            else:
                n, target = len(c.merges), c.target_merges
                self.progress.setRange(0, max(1, target))
                self.progress.setValue(n)
                self.progress.setFormat(f"{n} of {target} merges")
                self._update_stats()
            if c.state in ("counting", "merging"):
                self.progress_label.setText(self._progress_text())
            if not final:
                paint_pending(self)
        if final:
            if self.plots.dirty:
                self.plots.redraw()
        elif self.plots.dirty:
            self._schedule_refresh()

    @Slot(object)
    def _on_controller_paused(self, snapshot: StepSnapshot | None) -> None:
        self._refresh_progress()
        self._fit_plots_later()
        if snapshot is None:
            self.step_panel.show_counting()
        else:
            self.step_panel.set_snapshot(snapshot)
        self.progress_label.setText("Paused: " + self._progress_text(rates=False))
        self._update_actions()

    @Slot(TrainingDone)
    def _on_controller_finished(self, done: TrainingDone) -> None:
        self._refresh_progress()
        self._fit_plots_later()
        self._elapsed = time.monotonic() - self._started_at
        why = "the vocabulary size was reached" if done.reason == "vocab_size" else "no pair was left to merge"
        self.progress.setValue(self.progress.maximum())
        self.progress_label.setText(
            f"Done: {format_count(done.merges)} merges in {format_duration(self._elapsed)} ({why})."
        )
        if done.reason == "no_pairs":
            self.step_panel.next_label.setText("<b>Training ended</b>: no pair was left to merge.")
        self._register_result(cancelled=False)

    @Slot()
    def _on_controller_cancelled(self) -> None:
        self._refresh_progress()
        self._fit_plots_later()
        n = len(self.controller.merges)
        self.progress_label.setText(
            f"Cancelled after {format_count(n)} merges; "
            + ("they are kept as a tokenizer." if n else "no merge was learned.")
        )
        self._register_result(cancelled=True)

    @Slot(str)
    def _on_controller_failed(self, message: str) -> None:
        self._refresh_progress()
        self._fit_plots_later()
        self.progress_label.setText("Training failed; see the message above the tables.")
        self.result_label.setText("No new tokenizer: training failed. Fix what the message says and start again.")
        self.messages.error(message)
        self._update_actions()

    # -- drag and drop ---------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt naming)
        self.corpus.dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        self.corpus.dropEvent(event)

    # -- helpers ---------------------------------------------------------------------------

    def _begin_run(self, step_mode: bool) -> None:
        self._reset_display()
        self._started_at = time.monotonic()
        if step_mode:
            self.result_tabs.setCurrentWidget(self.step_panel)

    def _reset_display(self) -> None:
        self.result_label.setText(
            "Training… The result becomes a tokenizer when training ends or is "
            "cancelled; a paused training can be saved as it is."
        )
        self._refresh_timer.stop()
        self._pending = []
        self.messages.clear()
        self.merges_model.clear()
        self.plots.reset()
        self.step_panel.clear()
        self.stats_label.setText("")
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.progress.setFormat("")
        self._rates.reset()

    def _remember_settings(self, config: TrainerConfig) -> None:
        self.settings.vocab_size = config.vocab_size
        self.settings.special_tokens = " ".join(config.special_tokens)
        self.settings.pretokenizer = config.pretokenizer
        self.settings.tie_break = config.tie_break
        self.settings.last_folder = self.corpus.last_folder or self.settings.last_folder

    def _register_result(self, *, cancelled: bool) -> None:
        tok = self.controller.tokenizer()
        self._update_actions()
        if tok is None or not tok.merges:
            self.result_label.setText("No merge was learned, so there is no new tokenizer.")
            return
        request = self.controller.request
        describe = request.describe() if request is not None else "tokenizer"
        label = f"{describe} · {len(tok.merges)} merges" + (" (cancelled)" if cancelled else "")
        self.result_key = self.registry.add(tok, label, kind="trained")
        self.result_label.setText(
            f"Result: <b>{label}</b>, {len(tok)} tokens. It is now available in the "
            "Vocabulary, Tokenize, Compare and Stream decode views; save it to keep it."
        )
        self._update_actions()
        self.tokenizer_ready.emit(self.result_key)

    def _update_actions(self) -> None:
        c = self.controller
        file_busy = self.files.is_busy() or self._save_path is not None
        for name, action in zip(("start", "pause", "resume", "step", "cancel"), self.training_actions):
            action.setEnabled(c.can(name) and not (name == "start" and self._save_path is not None))
        self.save_action.setEnabled(c.can("save") and not file_busy)
        self.open_action.setEnabled(not file_busy)
        self.browse_button.setEnabled(self.result_key is not None)
        self.corpus.setEnabled(not c.is_active)
        self.settings_panel.setEnabled(not c.is_active)

    def _progress_text(self, *, rates: bool = True) -> str:
        c = self.controller
        if c.phase == "counting":
            text = f"Counting pre-tokens: {format_bytes(c.bytes_done)} of {format_bytes(c.bytes_total)}"
            rate = self._rates.rate() if rates else None
            if rate:
                text += f" · {format_bytes(rate)}/s · {format_duration(self._rates.time_left(c.bytes_total))} left"
            return text
        n, target = len(c.merges), c.target_merges
        text = f"Merging: {format_count(n)} of {format_count(target)} merges"
        rate = self._rates.rate() if rates else None
        if rate:
            text += f" · {format_count(int(rate))} merges/s · {format_duration(self._rates.time_left(target))} left"
        return text

    def _update_stats(self) -> None:
        done = self.controller.counting
        n = len(self.controller.merges)
        specials = self._special_count
        self.vocab_label.setText(
            f"Vocabulary: 256 bytes + {format_count(n)} merges + {specials} special = "
            f"<b>{format_count(256 + n + specials)}</b> tokens"
            + (f" (target {format_count(256 + self.controller.target_merges + specials)})" if done else "")
        )
        if done is not None:
            tokens = self.plots.tokens
            bpt = done.total_bytes / tokens if tokens else 0.0
            self.stats_label.setText(
                f"Corpus: {format_bytes(done.total_bytes)}, {format_count(done.total_pretokens)} pre-tokens "
                f"({format_count(done.distinct_pretokens)} distinct) · {format_count(tokens)} tokens now, "
                f"{bpt:.2f} bytes per token"
            )
