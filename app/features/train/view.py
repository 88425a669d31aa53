"""The Train view: choose a corpus and settings, train, watch every merge, keep the result.

Composed of the corpus panel, the settings panel, the controls (Start, Pause, Resume, Step,
Cancel, each with a shortcut and enabled only when it makes sense: Start and Step are off,
with the reason in their tooltips, while a setting is invalid), the progress display
(:mod:`app.features.train.status`), and two result tabs: *Live* (:mod:`app.features.train.live`)
and *Step by step* (step mode's tables, which show the current run and its final state).
While a run is active the corpus and settings fold away into one line, so the tables get the
room (step mode stays usable at 1024x700); a button shows them again.

When a run finishes or is cancelled, its tokenizer is registered in the shared
:class:`~app.core.registry.TokenizerRegistry`, so the other views can use it, and it
can be saved; saved tokenizers open here too. A paused or running training can be saved as
a checkpoint and resumed later, in this session or another one, with its merges table and
plots restored (:mod:`app.features.train.results`).

Training itself is the controller's business (``app/core/training/controller.py``); checking the
settings is the engine's (``TrainerConfig``); drawing the chips, plots and step tables belongs
to ``app/widgets``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from PySide6.QtCore import QByteArray, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStyle,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.content.samples import Sample
from app.core import i18n
from app.core.i18n import bind, noop, tr
from app.core.messages import StepSnapshot
from app.core.registry import TokenizerRegistry
from app.core.settings import Settings
from app.core.tokenizer_files import TokenizerFileController
from app.core.training.controller import TrainingController, TrainingRequest
from app.features.train.live import LivePanel
from app.features.train.results import TrainResults, safe_file_name
from app.features.train.settings_panel import TrainSettingsPanel
from app.features.train.status import TrainStatus
from app.features.train.step_panel import StepPanel
from app.widgets.corpus_panel import CorpusPanel
from app.widgets.plots import paint_pending
from bpe_engine import CountingDone, MergeEvent, TrainerConfig, TrainingDone, errors

__all__ = ["TrainView", "SHORTCUTS", "safe_file_name"]

#: Keyboard shortcuts of the training controls (debugger conventions: F5 run, F10 step), and
#: of saving a training as a checkpoint and resuming one.
SHORTCUTS = {
    "start": "F5",
    "pause": "F6",
    "resume": "F8",
    "step": "F10",
    "cancel": "Shift+F5",
    "checkpoint": "Ctrl+Shift+S",
    "resume_file": "Ctrl+Shift+O",
}

_SETTING_NAMES = {
    "vocab_size": noop("vocabulary size"),
    "special_tokens": noop("special tokens"),
    "pretokenizer": noop("pre-tokenizer"),
    "tie_break": noop("tie-break"),
}


class TrainView(TrainResults):
    """Train a tokenizer and watch it happen (see the module docstring).

    Signals:
        tokenizer_ready(str): a trained or opened tokenizer was registered (its registry key).
        browse_requested(str): the user asked to browse this tokenizer's vocabulary.
        file_opened(str, str): a tokenizer file was opened and registered (key, path).
        file_saved(str): the result was saved to this path.
        file_failed(str, str, str): "open" or "save", the path, and the message shown.
        checkpoint_saved(str): the training was saved to this checkpoint file.
    """

    tokenizer_ready = Signal(str)
    browse_requested = Signal(str)
    file_opened = Signal(str, str)
    file_saved = Signal(str)
    file_failed = Signal(str, str, str)
    checkpoint_saved = Signal(str)

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
        self._pending: list[MergeEvent] = []  # merges received, not yet shown
        self._turn = 0  # refresh turns alternate: table and progress, then one plot
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(self.REFRESH_MS)
        self._refresh_timer.timeout.connect(self._on_refresh_timer_timeout)
        self.setAcceptDrops(True)
        self._result_text = lambda: tr("No tokenizer trained yet.")
        self._file_text = str
        self._said = None
        self._action_tips: dict[QAction, tuple[str, str]] = {}  # action -> (tooltip source, shortcut)

        self.corpus = CorpusPanel(last_folder=settings.last_folder)
        self.settings_panel = TrainSettingsPanel()
        self.settings_panel.set_values(
            vocab_size=settings.vocab_size,
            special_tokens=settings.special_tokens,
            pretokenizer=settings.pretokenizer,
            tie_break=settings.tie_break,
        )
        self.status = TrainStatus(self.controller, self)
        self._build_actions()
        self._build_layout()

        self.corpus.sample_chosen.connect(self._on_corpus_sample_chosen)
        self.corpus.changed.connect(self._on_corpus_changed)
        self.settings_panel.changed.connect(self._on_settings_panel_changed)
        c = self.controller
        c.state_changed.connect(self._on_controller_state_changed)
        c.counting_progress.connect(self._on_controller_counting_progress)
        c.counting_done.connect(self._on_controller_counting_done)
        c.merges_added.connect(self._on_controller_merges_added)
        c.paused.connect(self._on_controller_paused)
        c.snapshot_changed.connect(self._on_controller_snapshot_changed)
        c.finished.connect(self._on_controller_finished)
        c.cancelled.connect(self._on_controller_cancelled)
        c.failed.connect(self._on_controller_failed)
        c.tokenizer_built.connect(self._on_controller_tokenizer_built)
        c.loaded.connect(self._on_controller_loaded)
        c.checkpoint_saved.connect(self._on_controller_checkpoint_saved)
        c.checkpoint_failed.connect(self._on_controller_checkpoint_failed)
        self.files.busy_changed.connect(self._on_files_busy_changed)
        self.files.opened.connect(self._on_files_opened)
        self.files.saved.connect(self._on_files_saved)
        self.files.failed.connect(self._on_files_failed)
        registry.changed.connect(self._update_actions)
        self._restore_splitters()
        self._on_controller_state_changed("idle")
        i18n.connect(self._on_language_changed)

    # The progress widgets, under the names tests and scripts use.
    @property
    def progress(self) -> QProgressBar:
        return self.status.progress

    @property
    def progress_label(self) -> QLabel:
        return self.status.progress_label

    @property
    def vocab_label(self) -> QLabel:
        return self.status.vocab_label

    @property
    def stats_label(self) -> QLabel:
        return self.status.stats_label

    # -- building --------------------------------------------------------------------------

    def _action(
        self, text: str, key: str, tip: str, icon: QStyle.StandardPixmap | None, slot: Callable[[], None]
    ) -> QAction:
        """An action; ``text`` and ``tip`` are English sources marked with ``noop`` (shown through tr)."""
        action = QAction(self)
        bind(action, "setText", text)
        if key:
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self._action_tips[action] = (tip, key)
        self._set_action_tip(action)
        if icon is not None:
            action.setIcon(self.style().standardIcon(icon))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _set_action_tip(self, action: QAction) -> None:
        # A button shows the action's text without its shortcut letter: Qt drops the "&" of
        # "&Start" but leaves "(S)" of "开始(&S)"; drop that too ("" lets Qt derive it).
        text = action.text()
        bare = re.sub(r"\(&[^)]\)", "", text)
        action.setIconText(QAction(bare).iconText() if bare != text else "")
        source, key = self._action_tips[action]
        tip = tr(source)
        if key:
            tip = f"{tip} ({QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)})"
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.setData(tip)  # the tooltip when enabled (a disabled Start says why instead)

    def _on_language_changed(self, _language: str) -> None:
        for action in self._action_tips:
            self._set_action_tip(action)
        self._retranslate_results()
        self._update_actions()

    def _build_actions(self) -> None:
        sp = QStyle.StandardPixmap
        self.start_action = self._action(
            noop("&Start"),
            SHORTCUTS["start"],
            noop("Train on the chosen corpus"),
            sp.SP_MediaPlay,
            self._on_start_triggered,
        )
        self.pause_action = self._action(
            noop("&Pause"),
            SHORTCUTS["pause"],
            noop("Pause training (nothing is lost)"),
            sp.SP_MediaPause,
            self._on_pause_triggered,
        )
        self.resume_action = self._action(
            noop("&Resume"),
            SHORTCUTS["resume"],
            noop("Continue a paused training"),
            sp.SP_MediaSeekForward,
            self._on_resume_triggered,
        )
        self.step_action = self._action(
            noop("S&tep"),
            SHORTCUTS["step"],
            noop("Apply exactly one merge, then pause. From idle: count the corpus and stop before the first merge"),
            sp.SP_MediaSkipForward,
            self._on_step_triggered,
        )
        self.cancel_action = self._action(
            noop("&Cancel"),
            SHORTCUTS["cancel"],
            noop("Stop training; the merges done so far are kept as a tokenizer"),
            sp.SP_MediaStop,
            self._on_cancel_triggered,
        )
        self.save_action = self._action(
            noop("Save &tokenizer…"),
            "",
            noop(
                "Save this view's tokenizer: the paused run, or the newest result (our JSON format, written atomically)"
            ),
            sp.SP_DialogSaveButton,
            self._on_save_triggered,
        )
        self.open_action = self._action(
            noop("&Open tokenizer…"),
            "",
            noop("Open a tokenizer saved by BPE Explorer"),
            sp.SP_DialogOpenButton,
            self._on_open_triggered,
        )
        self.checkpoint_action = self._action(
            noop("Save training as &checkpoint…"),
            SHORTCUTS["checkpoint"],
            noop(
                "Save the paused or running training to a checkpoint file, to resume it later "
                "(File > Resume training…), in this session or another one"
            ),
            sp.SP_DriveFDIcon,
            self._on_checkpoint_triggered,
        )
        self.resume_file_action = self._action(
            noop("Resume &training from checkpoint…"),
            SHORTCUTS["resume_file"],
            noop(
                "Go on with a training saved as a checkpoint: its merges table and plots come back, "
                "then it makes the merges an uninterrupted run would make"
            ),
            sp.SP_BrowserReload,
            self._on_resume_file_triggered,
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
        for action in (*self.training_actions, self.checkpoint_action, self.resume_file_action):
            action.setShortcutContext(context)

    def _button(self, action: QAction) -> QToolButton:
        button = QToolButton()
        button.setDefaultAction(action)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        return button

    def _build_layout(self) -> None:
        corpus_box = QGroupBox()
        bind(corpus_box, "setTitle", "Corpus")
        QVBoxLayout(corpus_box).addWidget(self.corpus)
        settings_box = QGroupBox()
        bind(settings_box, "setTitle", "Settings")
        QVBoxLayout(settings_box).addWidget(self.settings_panel)
        self.top_splitter = QSplitter(Qt.Orientation.Horizontal)
        self.top_splitter.addWidget(corpus_box)
        self.top_splitter.addWidget(settings_box)
        self.top_splitter.setStretchFactor(0, 1)
        self.top_splitter.setStretchFactor(1, 1)
        self.top_splitter.setChildrenCollapsible(False)  # neither pane may vanish by a drag

        self.buttons = {
            name: self._button(a)
            for name, a in zip(("start", "pause", "resume", "step", "cancel"), self.training_actions)
        }
        self.fold_button = QToolButton()
        bind(self.fold_button, "setText", "Corpus && settings")
        self.fold_button.setCheckable(True)
        self.fold_button.setChecked(True)
        bind(
            self.fold_button,
            "setToolTip",
            "Show or hide the corpus and settings. They fold away while training runs, so the "
            "merges and step tables get the room",
        )
        self.fold_button.toggled.connect(self._on_fold_button_toggled)
        controls = QHBoxLayout()
        for button in self.buttons.values():
            controls.addWidget(button)
        controls.addWidget(self.status.progress, 1)
        controls.addWidget(self.fold_button)
        status = QVBoxLayout()
        status.addWidget(self.status.progress_label)
        status.addWidget(self.status.vocab_label)
        status.addWidget(self.status.stats_label)

        self.live = LivePanel()
        self.merges_model = self.live.merges_model
        self.merges_view = self.live.merges_view
        self.follow = self.live.follow
        self.plots = self.live.plots
        self.step_panel = StepPanel()
        self.result_tabs = QTabWidget()
        self.result_tabs.addTab(self.live, "")
        self.result_tabs.addTab(self.step_panel, "")
        bind(self.result_tabs, "setTabText", "Live", 0)
        bind(self.result_tabs, "setTabText", "Step by step", 1)
        bind(self.result_tabs, "setTabToolTip", "Merges as they arrive, and two plots", 0)
        bind(self.result_tabs, "setTabToolTip", "Pre-tokens, pair counts and the reason for each merge", 1)

        self.result_label = QLabel(self._result_text())
        self.result_label.setWordWrap(True)
        self.result_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.browse_button = QPushButton()
        bind(self.browse_button, "setText", "Browse vocabulary")
        bind(self.browse_button, "setToolTip", "Open the result in the Vocabulary tab")
        self.browse_button.clicked.connect(self._on_browse_button_clicked)
        self.file_busy = QProgressBar()
        self.file_busy.setRange(0, 0)  # busy: a file job cannot say how far it is
        self.file_busy.setTextVisible(False)
        self.file_busy.setMaximumWidth(120)
        self.file_busy.hide()
        self.file_status = QLabel()
        bind(
            self.file_status,
            "setToolTip",
            "Tokenizer files are read and written in the background; keep working meanwhile",
        )
        self.file_status.hide()
        result = QHBoxLayout()
        result.addWidget(self.result_label, 1)
        result.addWidget(self.file_status)
        result.addWidget(self.file_busy)
        result.addWidget(self.browse_button)
        result.addWidget(self._button(self.checkpoint_action))
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
        self.outer_splitter = QSplitter(Qt.Orientation.Vertical)
        self.outer_splitter.addWidget(self.top_splitter)
        self.outer_splitter.addWidget(bottom)
        self.outer_splitter.setStretchFactor(0, 2)
        self.outer_splitter.setStretchFactor(1, 5)
        self.outer_splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.outer_splitter)

    def _restore_splitters(self) -> None:
        for name, splitter in self.splitters().items():
            state = self.settings.splitter_state(name)
            if state:
                splitter.restoreState(QByteArray(state))

    def splitters(self) -> dict[str, QSplitter]:
        """The view's splitters by the name their state is remembered under."""
        return {"train/outer": self.outer_splitter, "train/top": self.top_splitter, "train/live": self.live}

    def remember_layout(self) -> None:
        """Keep the splitters' positions for the next start (the window is closing)."""
        for name, splitter in self.splitters().items():
            self.settings.set_splitter_state(name, bytes(splitter.saveState().data()))

    # -- commands --------------------------------------------------------------------------

    def make_request(self) -> TrainingRequest:
        """The chosen corpus with the settings.

        Raises ``errors.ConfigError`` (the engine's, naming the bad setting) or ValueError
        (no corpus chosen: says what is missing).
        """
        choice = self.corpus.corpus()
        return TrainingRequest(self.settings_panel.config(), paths=choice.paths, text=choice.text, label=choice.label)

    def start_blocker(self) -> str:
        """Why Start cannot be pressed now ("" when it can): an invalid setting, in the
        engine's words, as shown under its field."""
        problems = self.settings_panel.problems()
        return tr("Fix the settings first: {problem}").format(problem=problems[0]) if problems else ""

    def start(self, *, step_mode: bool = False) -> bool:
        """Start training (or step mode); problems are shown in the message bar."""
        if self.controller.is_active or self._save_path is not None:
            return False  # subtle: a save waits for this run's tokenizer; a new run would drop it
        blocker = self.start_blocker()
        if blocker:
            self._say("error", self.start_blocker)
            return False
        try:
            request = self.make_request()
        except errors.ConfigError as exc:  # bad settings: a start that failed, in the engine's words
            self._begin_run(step_mode, 0)
            self.controller.refuse(str(exc))
            return False
        except ValueError:  # no corpus chosen: nothing was started, nothing failed
            self._say("error", self.corpus.problem)
            return False
        self._begin_run(step_mode, len(request.config.special_tokens))
        ok = self.controller.start(request, step_mode=step_mode)
        if ok:
            self._remember_settings(request.config)
        return ok

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the corpus and settings fold away (the button shows them)."""
        self._fold_settings(on or self.controller.is_active)

    def tokenizer_key(self) -> str:
        return self.current_tokenizer_key() or ""

    def shutdown(self, timeout_ms: int = 10_000) -> None:
        """Stop training and let a file job end (the window is closing)."""
        self._refresh_timer.stop()
        self.controller.shutdown(timeout_ms)
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

    @Slot(Sample)
    def _on_corpus_sample_chosen(self, sample: Sample) -> None:
        if not sample.settings or self.controller.is_active:
            self.messages.clear()
            return
        suggested = {k: v for k, v in sample.settings.items() if k in _SETTING_NAMES}
        current = self.settings_panel.values()
        differ = {k: v for k, v in suggested.items() if current.get(k) != v}
        if not differ:
            return
        self._say(
            "info",
            lambda: tr("This sample is meant for other settings: {settings}. Apply them?").format(
                settings=html.escape(tr(", ").join(f"{tr(_SETTING_NAMES[k])} {v}" for k, v in differ.items()))
            ),
            lambda: [(tr("Apply"), lambda: self.apply_sample_settings(sample)), (tr("Keep mine"), self.messages.clear)],
        )

    def apply_sample_settings(self, sample: Sample) -> None:
        """Use the settings the sample suggests (the banner's Apply)."""
        self.settings_panel.set_values(**{k: v for k, v in sample.settings.items() if k in _SETTING_NAMES})
        self._say("info", lambda: tr("Applied the settings suggested for this sample."))
        # subtle: the clicked button is gone now; without a focus inside the view, its
        # shortcuts (F5, F10…) would not reach it
        self.setFocus()

    @Slot()
    def _on_corpus_changed(self) -> None:
        if self.messages.kind == "info" and self.messages.buttons():
            self.messages.clear()  # a suggestion about another sample no longer applies

    @Slot()
    def _on_settings_panel_changed(self) -> None:
        self._update_actions()

    @Slot(bool)
    def _on_fold_button_toggled(self, shown: bool) -> None:
        self.top_splitter.setVisible(shown)

    # -- slots: controller -----------------------------------------------------------------

    @Slot(str)
    def _on_controller_state_changed(self, state: str) -> None:
        self._update_actions()
        c = self.controller
        if state == "idle":
            self.status.show_idle()
        elif state == "cancelling":
            self.status.show_cancelling()
        elif state in ("counting", "merging"):
            if state == "merging" and c.counting is not None:
                self.plots.fix_ranges(c.target_merges)  # resumed: keep the axes still again
            self.status.running()
            self.step_panel.show_running(len(c.merges), c.target_merges, c.merges[-1] if c.merges else None)
            self.status.refresh()
        elif state in ("paused", "finished", "cancelled", "failed"):
            self.status.stopped()
            if state == "paused":
                self.status.show_paused()
        if state in ("counting", "merging", "paused", "cancelling"):
            self._fold_settings(True)
        elif state in ("finished", "cancelled", "failed", "idle"):
            # The final step state keeps the room, and so does a small window (1024x700: the
            # plots need the height); elsewhere the settings come back. A failure needs them.
            small = self.window().height() < 760
            self._fold_settings(
                (self.result_tabs.currentWidget() is self.step_panel or small) and state not in ("failed", "idle")
            )

    def _fold_settings(self, folded: bool) -> None:
        self.fold_button.setChecked(not folded)

    @Slot(int, int)
    def _on_controller_counting_progress(self, done: int, total: int) -> None:
        self.status.counting_progress(done)
        if self.controller.stage in ("indexing", "combining"):
            self._refresh_progress(final=False)  # a new stage is shown at once
        else:
            self._schedule_refresh()

    @Slot(CountingDone)
    def _on_controller_counting_done(self, done: CountingDone) -> None:
        self.status.merging_began()
        with self.controller.gui_priority():  # the axes are new: the heaviest redraw of a run
            self.plots.set_counting(done)
            paint_pending(self)
        self._refresh_progress(final=False)

    @Slot(list)
    def _on_controller_merges_added(self, events: list[MergeEvent]) -> None:
        self._pending.extend(events)
        self.status.merges_added()
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
            if self.controller.state in ("counting", "merging"):
                self._schedule_refresh()  # stages without events still show their seconds

    def _refresh_progress(self, *, final: bool = True) -> None:
        """Bring the table, plots, progress and labels up to date with the controller.

        subtle: while training runs this is called a few times a second, not per batch; it
        repaints synchronously inside ``controller.gui_priority()``, and the plots are redrawn
        in other event-loop turns (see ``_on_refresh_timer_timeout``). The GUI thread shares
        the GIL with the worker: painting the table (a Python ``data()`` call per cell and
        role) and the plots took several times longer under contention, and one long turn
        stalls the whole event loop.
        """
        self._refresh_timer.stop()
        c = self.controller
        with c.gui_priority():
            if self._pending:
                pending, self._pending = self._pending, []
                self.live.append(pending)
            self.status.refresh()
            if c.state in ("counting", "merging") and c.merges and self.step_panel.snapshot is None:
                self.step_panel.show_running(len(c.merges), c.target_merges, c.merges[-1])
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
        self.status.show_paused()
        self._update_actions()

    @Slot(object)
    def _on_controller_snapshot_changed(self, snapshot: StepSnapshot) -> None:
        self.step_panel.set_snapshot(snapshot)

    @Slot(TrainingDone)
    def _on_controller_finished(self, done: TrainingDone) -> None:
        self._refresh_progress()
        self._fit_plots_later()
        self.status.show_finished(done)
        self._register_result(cancelled=False)

    @Slot()
    def _on_controller_cancelled(self) -> None:
        self._refresh_progress()
        self._fit_plots_later()
        self.status.show_cancelled()
        if self.controller.snapshot is None or not self.controller.snapshot.ended:
            self.step_panel.clear()  # cancelled while counting: there is no final state to show
        self._register_result(cancelled=True)

    @Slot(str)
    def _on_controller_failed(self, message: str) -> None:
        self._refresh_progress()
        self._fit_plots_later()
        self.status.show_failed()
        self.step_panel.clear()
        previous = self.current_tokenizer_key()
        label = html.escape(self.registry.entry(previous).label) if previous else ""
        self._set_result(
            lambda: (
                tr("No new tokenizer: training failed. Fix what the message says and start again.")
                + (tr(" The previous result, <b>{label}</b>, can still be saved.").format(label=label) if label else "")
            )
        )
        self._say("error", lambda: tr("Training failed: {reason}").format(reason=message))
        self._update_actions()

    # -- drag and drop ---------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt naming)
        self.corpus.dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        self.corpus.dropEvent(event)

    # -- helpers ---------------------------------------------------------------------------

    def _begin_run(self, step_mode: bool, special_count: int) -> None:
        self._reset_display()
        self.status.begin(special_count)
        if step_mode:
            self.result_tabs.setCurrentWidget(self.step_panel)

    def _reset_display(self) -> None:
        self._set_result(
            lambda: tr(
                "Training… The result becomes a tokenizer when training ends or is "
                "cancelled; a paused training can be saved as it is."
            )
        )
        self._refresh_timer.stop()
        self._pending = []
        self.messages.clear()
        self.live.clear()
        self.step_panel.clear()

    def _remember_settings(self, config: TrainerConfig) -> None:
        self.settings.vocab_size = config.vocab_size
        self.settings.special_tokens = " ".join(config.special_tokens)
        self.settings.pretokenizer = config.pretokenizer
        self.settings.tie_break = config.tie_break
        self.settings.last_folder = self.corpus.last_folder or self.settings.last_folder

    @Slot()
    def _update_actions(self) -> None:
        c = self.controller
        file_busy = self.files.is_busy() or self._save_path is not None
        blocker = "" if c.is_active else self.start_blocker()
        for name, action in zip(("start", "pause", "resume", "step", "cancel"), self.training_actions):
            enabled = c.can(name) and not (name == "start" and self._save_path is not None)
            if name in ("start", "step") and blocker and not c.is_active:
                enabled = False
            action.setEnabled(enabled)
            if name in ("start", "step"):
                action.setToolTip(blocker if blocker and not c.is_active else str(action.data()))
        self.save_action.setEnabled(bool(self.save_label()) and not file_busy)
        self.checkpoint_action.setEnabled(c.can("checkpoint") and not c.saving_checkpoint)
        self.resume_file_action.setEnabled(not c.is_active and self._save_path is None)
        self.open_action.setEnabled(not file_busy)
        self.browse_button.setEnabled(self.current_tokenizer_key() is not None)
        self.corpus.setEnabled(not c.is_active)
        self.settings_panel.setEnabled(not c.is_active)
