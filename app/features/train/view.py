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

The view is a stack of three classes, read bottom up: :mod:`app.features.train.results`
(registering, saving and opening tokenizers, checkpoints), :mod:`app.features.train.run_display`
(what the run's states and its one channel of events change on screen: it ``match``es on the
event types of :mod:`app.core.training.events`), and this module (building, commands, which
action is enabled). The actions are made in :mod:`app.features.train.actions`; repaints are
paced by :mod:`app.features.train.pacing`.

Training itself is the controller's business (``app/core/training/controller.py``); checking the
settings is the engine's (``TrainerConfig``); drawing the chips, plots and step tables belongs
to ``app/widgets``.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QByteArray, Qt, Signal, Slot
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.content.samples import Sample
from app.core import i18n
from app.core.i18n import bind, noop, tr
from app.core.registry import TokenizerRegistry
from app.core.settings import FileKind, Settings
from app.core.tokenizer_files import TokenizerFileController
from app.core.training.controller import TrainingController, TrainingRequest
from app.core.training.events import (
    TrainingAction,
    TrainingState,
)
from app.core.weakly import weak_method
from app.features.train.actions import SHORTCUTS, TrainActions, tool_button
from app.features.train.handout import export_handout
from app.features.train.live import LivePanel
from app.features.train.pacing import DisplayPacer
from app.features.train.results import safe_file_name
from app.features.train.run_display import TrainRunDisplay
from app.features.train.settings_panel import TrainSettingsPanel, complete_settings, parse_special_tokens
from app.features.train.status import TrainStatus
from app.features.train.step_back import StepRewinder
from app.features.train.step_panel import StepPanel
from app.widgets import build
from app.widgets.corpus_panel import CorpusPanel
from bpe_engine import TrainerConfig, errors

__all__ = ["TrainView", "SHORTCUTS", "safe_file_name"]

_SETTING_NAMES = {
    "vocab_size": noop("vocabulary size"),
    "special_tokens": noop("special tokens"),
    "pretokenizer": noop("pre-tokenizer"),
    "tie_break": noop("tie-break"),
}
_S = TrainingState


def _as_value(key: str, value: object) -> object:
    """A sample's setting as the settings panel's :meth:`values` has it (special tokens: a tuple)."""
    return parse_special_tokens(str(value)) if key == "special_tokens" else value


class TrainView(TrainRunDisplay):
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

    def __init__(self, registry: TokenizerRegistry, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.registry = registry
        self.settings = settings
        self.controller = TrainingController(self)
        self.files = TokenizerFileController(self)
        self._save_path: str | None = None  # a save waiting for the paused run's tokenizer
        self.result_key: str | None = None
        self.setAcceptDrops(True)
        self._result_text = lambda: tr("No tokenizer trained yet.")
        self._file_text = str
        self._said = None
        self.corpus = CorpusPanel(last_folder=settings.folder_for(FileKind.CORPUS))
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
        self.pacer = DisplayPacer(self, self.controller, self.live, self.status, self.step_panel)
        self._connect()
        self._restore_splitters()
        self._on_controller_state_changed(_S.IDLE)
        i18n.connect(self._on_language_changed)

    def _connect(self) -> None:
        self.corpus.sample_chosen.connect(self._on_corpus_sample_chosen)
        self.corpus.changed.connect(self._on_corpus_changed)
        self.settings_panel.changed.connect(self._on_settings_panel_changed)
        self.controller.state_changed.connect(self._on_controller_state_changed)
        self.controller.events.connect(self._on_controller_events)
        self.files.busy_changed.connect(self._on_files_busy_changed)
        self.files.opened.connect(self._on_files_opened)
        self.files.saved.connect(self._on_files_saved)
        self.files.failed.connect(self._on_files_failed)
        self.registry.changed.connect(self._update_actions)

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

    def _build_actions(self) -> None:
        self.action_set = actions = TrainActions(self)
        # The actions under the names the window and tests use.
        self.start_action, self.pause_action, self.resume_action = actions.start, actions.pause, actions.resume
        self.step_action, self.cancel_action = actions.step, actions.cancel
        self.save_action, self.open_action = actions.save, actions.open
        self.checkpoint_action, self.resume_file_action = actions.checkpoint, actions.resume_file
        self.training_actions = list(actions.training.values())
        actions.start.triggered.connect(self._on_start_triggered)
        actions.pause.triggered.connect(self._on_pause_triggered)
        actions.resume.triggered.connect(self._on_resume_triggered)
        actions.step.triggered.connect(self._on_step_triggered)
        self.back_action = actions.back
        self.rewinder = StepRewinder(self.controller, weak_method(self._replay_step_mode, False), self)
        self.rewinder.done.connect(self._update_actions)
        actions.back.triggered.connect(self._on_back_triggered)
        self.handout_action = actions.handout
        actions.handout.triggered.connect(lambda: export_handout(self))
        actions.cancel.triggered.connect(self._on_cancel_triggered)
        actions.save.triggered.connect(self._on_save_triggered)
        actions.open.triggered.connect(self._on_open_triggered)
        actions.checkpoint.triggered.connect(self._on_checkpoint_triggered)
        actions.resume_file.triggered.connect(self._on_resume_file_triggered)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self.action_set.retranslate()
        self._retranslate_results()
        self._update_actions()

    def set_shortcut_context(self, context: Qt.ShortcutContext) -> None:
        """Where the training shortcuts work: inside this view (the default, for a view on its
        own) or, in the main window, ``WindowShortcut`` so they work from every tab."""
        self.action_set.set_shortcut_context(context)

    def _build_layout(self) -> None:
        self._build_top()
        bottom = QWidget()
        bv = QVBoxLayout(bottom)
        bv.setContentsMargins(0, 0, 0, 0)
        bv.addLayout(self._build_controls())
        status = QVBoxLayout()
        labels = (self.status.progress_label, self.status.vocab_label, self.status.stats_label)
        for label in labels:
            status.addWidget(label)
        bv.addLayout(status)
        for label in labels:  # (now in the window: a blank one takes no height)
            label.setHidden(not label.text())
        bv.addWidget(self.messages)
        bv.addWidget(self._build_result_tabs(), 1)
        bv.addLayout(self._build_result_row())
        self.outer_splitter = QSplitter(Qt.Orientation.Vertical)
        # subtle: in a scroll area the corpus and settings never push the window past a small
        # screen (1024x700): they scroll, and the plots below keep their height
        self.top_area = QScrollArea()
        self.top_area.setWidget(self.top_splitter)
        self.top_area.setWidgetResizable(True)
        self.top_area.setFrameShape(QFrame.Shape.NoFrame)
        self.top_area.setMinimumHeight(120)
        self.outer_splitter.addWidget(self.top_area)
        self.outer_splitter.addWidget(bottom)
        self.outer_splitter.setStretchFactor(0, 2)
        self.outer_splitter.setStretchFactor(1, 5)
        self.outer_splitter.setSizes([290, 400])  # (in proportion: the settings' own height on 1024x700)
        self.outer_splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.outer_splitter)

    def _build_top(self) -> None:
        """The corpus and the settings side by side (they fold away while a run is active)."""
        self.top_splitter = QSplitter(Qt.Orientation.Horizontal)
        corpus_box = QGroupBox()
        bind(corpus_box, "setTitle", "Corpus")
        QVBoxLayout(corpus_box).addWidget(self.corpus)
        settings_box = QGroupBox()
        bind(settings_box, "setTitle", "Settings")
        QVBoxLayout(settings_box).addWidget(self.settings_panel)
        self.top_splitter.addWidget(corpus_box)
        self.top_splitter.addWidget(settings_box)
        self.top_splitter.setStretchFactor(0, 1)
        self.top_splitter.setStretchFactor(1, 1)
        self.top_splitter.setChildrenCollapsible(False)  # neither pane may vanish by a drag

    def _build_controls(self) -> QHBoxLayout:
        """The training buttons, the progress bar and the button that folds the settings."""
        named = {str(name): a for name, a in self.action_set.training.items()}
        cancel = named.pop("cancel")
        self.buttons = {k: tool_button(a) for k, a in {**named, "back": self.back_action, "cancel": cancel}.items()}
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
        return controls

    def _build_result_tabs(self) -> QTabWidget:
        """*Live* (merges table and plots) and *Step by step*."""
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
        return self.result_tabs

    def _build_result_row(self) -> QHBoxLayout:
        """The result line, the file jobs' busy line, Browse and the file buttons."""
        self.result_label = QLabel(self._result_text())
        self.result_label.setWordWrap(True)
        self.result_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.browse_button = build.button(
            self, "Browse vocabulary", self._on_browse_button_clicked, tooltip="Open the result in the Vocabulary tab"
        )
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
        for widget in (self.file_status, self.file_busy, self.browse_button):
            result.addWidget(widget)
        for action in (self.checkpoint_action, self.save_action, self.open_action):
            result.addWidget(tool_button(action))
        return result

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
            self._say("error", weak_method(self.start_blocker, ""))  # (kept: weakly, app.core.weakly)
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
        self._replay_of = None  # a run of its own, not Back's replay
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
        self.pacer.stop()
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
        if self.controller.state == _S.PAUSED:
            self.result_tabs.setCurrentWidget(self.step_panel)
            self.controller.step()
        elif not self.controller.is_active:
            self.start(step_mode=True)

    @Slot()
    def _on_back_triggered(self) -> None:
        self.result_tabs.setCurrentWidget(self.step_panel)
        self.rewinder.back()
        self._update_actions()

    @Slot()
    def _on_cancel_triggered(self) -> None:
        self.controller.cancel()

    @Slot(Sample)
    def _on_corpus_sample_chosen(self, sample: Sample) -> None:
        if not sample.settings or self.controller.is_active:
            self.messages.clear()
            return
        suggested = complete_settings(sample.settings)
        current = self.settings_panel.values()
        differ = {k: v for k, v in suggested.items() if current.get(k) != _as_value(k, v)}
        if not differ:
            return
        apply, keep = weak_method(self.apply_sample_settings, None), self.messages.clear  # (kept: no cycle)
        self._say(
            "info",
            lambda: tr("This sample is meant for other settings: {settings}. Apply them?").format(
                settings=html.escape(tr(", ").join(f"{tr(_SETTING_NAMES[k])} {v}" for k, v in differ.items()))
            ),
            lambda: [(tr("Apply"), lambda: apply(sample)), (tr("Keep mine"), keep)],
        )

    def apply_sample_settings(self, sample: Sample) -> None:
        """Use the settings the sample suggests (the banner's Apply)."""
        self.settings_panel.set_values(**complete_settings(sample.settings))
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
        self.top_area.setVisible(shown)

    # -- drag and drop ---------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt naming)
        self.corpus.dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        self.corpus.dropEvent(event)

    # -- helpers ---------------------------------------------------------------------------

    def _remember_settings(self, config: TrainerConfig) -> None:
        self.settings.vocab_size = config.vocab_size
        self.settings.special_tokens = " ".join(config.special_tokens)
        self.settings.pretokenizer = config.pretokenizer
        self.settings.tie_break = config.tie_break
        if self.corpus.last_folder:
            self.settings.remember_folder(FileKind.CORPUS, self.corpus.last_folder)

    @Slot()
    def _update_actions(self) -> None:
        c = self.controller
        file_busy = self.files.is_busy() or self._save_path is not None
        blocker = "" if c.is_active else self.start_blocker()
        for name, action in self.action_set.training.items():
            enabled = c.can(name) and not (name == TrainingAction.START and self._save_path is not None)
            if name in (TrainingAction.START, TrainingAction.STEP):
                enabled = enabled and not blocker
                action.setToolTip(blocker or str(action.data()))
            action.setEnabled(enabled and not self.rewinder.busy)  # a Back replays: no other control meanwhile
        self.back_action.setEnabled(self.rewinder.can_back())
        self.handout_action.setEnabled(bool(c.merges) and not self.rewinder.busy)
        self.save_action.setEnabled(bool(self.save_label()) and not file_busy)
        self.checkpoint_action.setEnabled(c.can(TrainingAction.CHECKPOINT) and not c.saving_checkpoint)
        self.resume_file_action.setEnabled(not c.is_active and self._save_path is None)
        self.open_action.setEnabled(not file_busy)
        self.browse_button.setEnabled(self.current_tokenizer_key() is not None)
        self.corpus.setEnabled(not c.is_active)
        self.settings_panel.setEnabled(not c.is_active)
