"""The Train view's results and files: registering a run's tokenizer, saving and opening
tokenizers in the background, saving a training as a checkpoint and resuming one.

:class:`TrainResults` is the base class of :class:`~app.features.train.view.TrainView` (it uses
the view's controller, registry, file controller and widgets). A finished or cancelled run's
tokenizer is registered in the shared registry under a unique name with its source. Save
saves the paused run (its tokenizer is built by the training thread first), else this view's
newest result, or any registry entry (``save_tokenizer(path, key=...)``); a failed run leaves
the previous result saveable. Opening and saving run off the GUI thread
(:class:`~app.core.tokenizer_files.TokenizerFileController`) with a busy line.

A paused or running training can be saved as a checkpoint file (the training thread writes
it between two merges; the run goes on unless paused) and resumed later, here or in a new
session: the run starts again from the file, its merges table and plots are filled with the
merges made before the checkpoint, its settings are shown, and it goes on with the merges an
uninterrupted run makes.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QLabel, QProgressBar, QPushButton

from app.content.samples import load_samples
from app.core import i18n
from app.core.i18n import noop, tr, tr_n
from app.core.messages import ResumedRun
from app.core.registry import RegistryKind, TokenizerRegistry
from app.core.settings import FileKind, Settings
from app.core.tokenizer_files import TokenizerFileController
from app.core.training.controller import TrainingController
from app.core.training.events import TrainingAction, TrainingState
from app.core.training.request import TrainingRequest
from app.display.file_names import checkpoint_file_name, tokenizer_file_name
from app.display.format import format_bytes
from app.features.train.opened import label_counts_tokens, opened_label, opened_message, opened_name, opened_result
from app.features.train.settings_panel import TrainSettingsPanel
from app.features.train.status import TrainStatus
from app.widgets.corpus_panel import CorpusPanel
from app.widgets.message_bar import Action, MessageBar
from app.widgets.open_files import open_filters
from app.widgets.view import View
from bpe_engine import Tokenizer, TokenizerLike

__all__ = ["TrainResults", "safe_file_name", "opened_name", "CHECKPOINT_FILTER"]

#: The file dialogs' filter for checkpoint files.
CHECKPOINT_FILTER = noop("BPE Explorer training checkpoint (*.ckpt);;All files (*)")


def safe_file_name(label: str) -> str:
    """A file name made of ``label``'s letters, digits, ``-_.`` (others become ``_``)."""
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in label).strip("_") or "tokenizer"


def _corpus_name(request: TrainingRequest | None) -> Callable[[], str]:
    """Writes the name of ``request``'s corpus in the current language: a sample's title,
    "pasted text", else the name it was given (file names stay as they are)."""
    if request is None:
        return lambda: tr("tokenizer")
    if request.config.name is None and request.text is None and len(request.paths) == 1:
        sample = next((s for s in load_samples() if str(s.path) == request.paths[0]), None)
        if sample is not None:
            return lambda: tr("Sample: {title}").format(title=sample.title_in(i18n.current_language()))
    if request.config.name is None and request.text is not None and request.label == tr("pasted text"):
        return lambda: tr("pasted text")
    described = request.describe()
    return lambda: described


class TrainResults(View):
    """Results and tokenizer files of the Train view (see the module docstring)."""

    # Provided by TrainView.
    tokenizer_ready: Signal
    browse_requested: Signal
    file_opened: Signal
    file_saved: Signal
    file_failed: Signal
    checkpoint_saved: Signal
    registry: TokenizerRegistry
    settings: Settings
    controller: TrainingController
    files: TokenizerFileController
    messages: MessageBar
    result_key: str | None
    _save_path: str | None
    result_label: QLabel
    file_status: QLabel
    file_busy: QProgressBar
    browse_button: QPushButton
    save_action: QAction
    settings_panel: TrainSettingsPanel
    status: TrainStatus
    corpus: CorpusPanel
    _update_actions: Callable[[], None]
    _begin_run: Callable[[bool, int], None]
    #: What the result line, the file line and the message bar show, as functions that write
    #: them in the current language (composed again after a switch: see :meth:`_retranslate_results`).
    _result_text: Callable[[], str]
    _file_text: Callable[[], str]
    _said: tuple[str, str, Callable[[], str], Callable[[], list[Action]] | None] | None

    # -- texts that follow the language ------------------------------------------------------

    def _say(self, kind: str, compose: Callable[[], str], actions: Callable[[], list[Action]] | None = None) -> None:
        """Show ``compose()`` in the message bar (``kind``: error, warning, info); after a
        language switch it is composed again while it is still shown."""
        text = compose()
        if not text:  # composed again after a switch: the problem is gone meanwhile
            self.messages.clear()
            self._said = None
            return
        self.messages.show_message(text, kind, actions() if actions is not None else ())
        self._said = (kind, self.messages.label.text(), compose, actions)

    def _set_result(self, compose: Callable[[], str]) -> None:
        self._result_text = compose
        self.result_label.setText(compose())

    def _retranslate_results(self, _language: str = "") -> None:
        self.result_label.setText(self._result_text())
        if not self.file_status.isHidden():
            self.file_status.setText(self._file_text())
        said = self._said
        if said is not None and self.messages.kind == said[0] and self.messages.text() == said[1]:
            self._say(said[0], said[2], said[3])

    def save_label(self) -> str:
        """What Save saves here, in words ("" when nothing): the paused run, or the newest result."""
        c = self.controller
        if c.state == TrainingState.PAUSED and c.can(TrainingAction.SAVE):
            return tr_n("the paused training (%n merge(s))", len(c.merges))
        key = self.current_tokenizer_key()
        return self.registry.entry(key).label if key else ""

    def current_tokenizer_key(self) -> str | None:
        """The registry key of this view's newest result (trained or opened), if it still exists."""
        key = self.result_key
        return key if key is not None and key in self.registry.keys() else None

    def save_tokenizer(self, path: str | os.PathLike[str], *, key: str | None = None) -> bool:
        """Start saving a tokenizer to ``path`` (in the background).

        ``key``: that registry entry. Without it: the paused run's merges so far (built by
        the training thread first), else this view's newest result. Returns False (with a
        message) when there is nothing to save or a file job is running; the outcome is
        shown in the message bar and signalled by ``file_saved`` or ``file_failed``.
        """
        if self.files.is_busy() or self._save_path is not None:
            self._say("error", lambda: tr("A tokenizer file is being read or written; try again when it is done."))
            return False
        path = os.fspath(path)
        if key is None and self.controller.state == TrainingState.PAUSED and self.controller.can(TrainingAction.SAVE):
            tok = self.controller.tokenizer()
            if tok is not None:
                return self.files.save(tok, path)
            self._save_path = path  # subtle: set first; the answer may come before request returns
            if not self.controller.request_tokenizer():
                self._save_path = None
                self._say("error", lambda: tr("The paused training cannot be saved now; try again."))
                return False
            if self._save_path is not None:  # still waiting for the training thread
                n = len(self.controller.merges)
                self._show_file_busy(lambda: tr_n("Preparing %n merge(s) for saving…", n))
            return True
        key = key or self.current_tokenizer_key()
        found = self.registry.get(key) if key else None
        if found is None:
            self._say("error", lambda: tr("There is no tokenizer to save yet: train one (or pause a training) first."))
            return False
        if not isinstance(found, Tokenizer):
            name = html.escape(self.registry.entry(key).label if key else "")
            self._say(
                "error",
                lambda: tr(
                    "{name} is a SentencePiece tokenizer: BPE Explorer's format (and File > Export…) holds "
                    "byte-level tokenizers only. Its own .model or tokenizer.json file stays the way to keep it."
                ).format(name=name),
            )
            return False
        return self.files.save(found, path)

    def open_tokenizer(
        self,
        path: str | os.PathLike[str],
        *,
        pattern: str | None = None,
        special_tokens: dict[str, int] | list[str] | None = None,
    ) -> bool:
        """Start opening a tokenizer file of any format (in the background); it is registered
        when loaded. ``pattern`` and ``special_tokens`` complete a tiktoken rank file.

        Returns False (with a message) while another file job runs; the outcome is signalled
        by ``file_opened`` (with the registry key) or ``file_failed`` (a rank file without a
        pattern: the file controller's ``pattern_needed``).
        """
        if self.files.is_busy() or self._save_path is not None:
            self._say("error", lambda: tr("A tokenizer file is being read or written; try again when it is done."))
            return False
        return self.files.open(path, pattern=pattern, special_tokens=special_tokens)

    @Slot()
    def _on_save_triggered(self) -> None:
        what = self.save_label()
        if not what:
            self._say("error", lambda: tr("There is no tokenizer to save yet: train one (or pause a training) first."))
            return
        start = os.path.join(self.settings.folder_for(FileKind.TOKENIZER), self.proposed_file_name())
        path, _ = QFileDialog.getSaveFileName(
            self, tr("Save tokenizer “{name}”").format(name=what), start, tr("BPE Explorer tokenizer (*.json)")
        )
        if path:
            self.save_tokenizer(path)

    def proposed_file_name(self) -> str:
        """The name Save proposes for what it saves (the paused run's merges so far, else this
        view's newest result): the corpus's stem and the vocabulary size (``poetry-32k.json``)."""
        c = self.controller
        if c.state == TrainingState.PAUSED and c.request is not None:
            specials = len(c.request.config.special_tokens)
            return tokenizer_file_name(c.request.describe(), 256 + len(c.merges) + specials)
        key = self.current_tokenizer_key()
        tok = self.registry.get(key) if key else None
        if key is None or tok is None:
            return tokenizer_file_name(c.request.describe() if c.request else "tokenizer", 256)
        return tokenizer_file_name(self.registry.entry(key).label, len(tok))

    def proposed_checkpoint_name(self) -> str:
        """The name proposed for a checkpoint of the run: with the merges done so far."""
        c = self.controller
        source = c.request.describe() if c.request is not None else "training"
        vocab_size = c.request.config.vocab_size if c.request is not None else 256
        return checkpoint_file_name(source, vocab_size, len(c.merges))

    @Slot()
    def _on_open_triggered(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, tr("Open tokenizer"), self.settings.folder_for(FileKind.TOKENIZER), open_filters()
        )
        if path:
            self.open_tokenizer(path)

    @Slot()
    def _on_browse_button_clicked(self) -> None:
        key = self.current_tokenizer_key()
        if key is not None:
            self.browse_requested.emit(key)

    def _save_built_tokenizer(self, tok: Tokenizer) -> None:
        """The paused run's tokenizer arrived: save it if a save waits for it."""
        path, self._save_path = self._save_path, None
        if path is None:
            return
        self._hide_file_busy()
        self.files.save(tok, path)

    @Slot(bool)
    def _on_files_busy_changed(self, busy: bool) -> None:
        if busy:
            name = Path(self.files.path).name
            if self.files.kind == "open":
                self._show_file_busy(lambda: tr("Opening {name}…").format(name=name))
            else:
                self._show_file_busy(lambda: tr("Saving to {name}…").format(name=name))
        else:
            self._hide_file_busy()

    @Slot(str, object)
    def _on_files_opened(self, path: str, tok: TokenizerLike) -> None:
        file_name = opened_name(path, tok)

        def compose() -> str:  # written again after a language switch
            return opened_label(file_name, tok)

        key = self.registry.add(
            tok,
            compose(),
            kind=RegistryKind.FILE,
            source=tr("opened from {path}").format(path=path),
            compose=compose,
            path=path,
        )
        self.result_key = key
        self.settings.remember_folder(FileKind.TOKENIZER, path)
        self._say("info", partial(opened_message, Path(path).name, tok))
        registry, tokens, counted = self.registry, len(tok), label_counts_tokens(tok)
        # the label is read when the line is written: the registry renames it in a new language
        self._set_result(
            lambda: opened_result(
                html.escape(registry.entry(key).label if key in registry.keys() else tr("tokenizer")),
                None if counted else tokens,
            )
        )
        self._update_actions()
        self.tokenizer_ready.emit(key)
        self.file_opened.emit(key, path)

    @Slot(str, object)
    def _on_files_saved(self, path: str, tok: Tokenizer) -> None:
        merges, tokens = len(tok.merges), len(tok)
        self._say(
            "info",
            lambda: tr("Saved {merges} and {tokens} to {path}.").format(
                merges=tr_n("%n merge(s)", merges), tokens=tr_n("%n token(s)", tokens), path=path
            ),
        )
        self.settings.remember_folder(FileKind.TOKENIZER, path)
        self.registry.mark_saved(tok, path)
        self.file_saved.emit(path)

    @Slot(str, str, str)
    def _on_files_failed(self, kind: str, path: str, message: str) -> None:
        self.messages.error(message)
        self.file_failed.emit(kind, path, message)

    def _show_file_busy(self, compose: Callable[[], str]) -> None:
        self._file_text = compose
        self.file_status.setText(compose())
        self.file_status.show()
        self.file_busy.show()
        self._update_actions()

    def _hide_file_busy(self) -> None:
        self.file_status.hide()
        self.file_busy.hide()
        self._update_actions()

    # -- checkpoints -------------------------------------------------------------------------

    def save_checkpoint(self, path: str | os.PathLike[str]) -> bool:
        """Save the paused or running training to a checkpoint file ``path`` (in the training
        thread); the outcome is shown in the message bar. False when there is no run to save."""
        c = self.controller
        if not c.save_checkpoint(path):
            self._say(
                "error", lambda: tr("There is no training to save as a checkpoint: start one (or resume one) first.")
            )
            return False
        name = Path(path).name
        self._show_file_busy(lambda: tr("Saving the training to {name}…").format(name=name))
        return True

    def resume_training(self, path: str | os.PathLike[str]) -> bool:
        """Go on with a training saved as a checkpoint (the file is read in the background)."""
        c = self.controller
        if c.is_active or self._save_path is not None:
            self._say(
                "error",
                lambda: tr("A training is running: cancel it (or wait for it to end) before resuming another."),
            )
            return False
        self._begin_run(False, 0)
        name = html.escape(Path(path).name)
        self._set_result(
            lambda: tr(
                "Resuming the training saved in <b>{name}</b>: its merges come back "
                "first, then it goes on. The result becomes a tokenizer when it ends or is cancelled."
            ).format(name=name)
        )
        return c.resume_from(path)

    @Slot()
    def _on_checkpoint_triggered(self) -> None:
        c = self.controller
        if not c.can(TrainingAction.CHECKPOINT):
            self._say(
                "error", lambda: tr("There is no training to save as a checkpoint: start one (or resume one) first.")
            )
            return
        start = os.path.join(self.settings.folder_for(FileKind.CHECKPOINT), self.proposed_checkpoint_name())
        path, _ = QFileDialog.getSaveFileName(
            self, tr("Save the training as a checkpoint"), start, tr(CHECKPOINT_FILTER)
        )
        if path:
            self.save_checkpoint(path)

    @Slot()
    def _on_resume_file_triggered(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, tr("Resume a training"), self.settings.folder_for(FileKind.CHECKPOINT), tr(CHECKPOINT_FILTER)
        )
        if path:
            self.resume_training(path)

    def _show_resumed(self, run: ResumedRun) -> None:
        """A resumed run read its checkpoint: show its settings and say what comes back."""
        cfg = run.config
        self.settings_panel.set_values(
            vocab_size=cfg.vocab_size,
            special_tokens=" ".join(cfg.special_tokens),
            pretokenizer=cfg.pretokenizer,
            tie_break=cfg.tie_break,
        )
        self.status.special_count = len(cfg.special_tokens)
        self._show_resumed_corpus(run)
        name = html.escape(self.controller.request.describe() if self.controller.request else "")
        file = html.escape(Path(self.controller.resume_path).name)

        def compose() -> str:
            what = (
                tr_n("%n merge(s) restored first", run.merges)
                if run.merges
                else tr("it was saved while counting, so the corpus is counted again")
            )
            # (past tense: the line stays after the run ends, when "Resuming" was no longer true)
            return tr("Resumed “{name}” from {file}: {what}.").format(name=name, file=file, what=what)

        self._say("info", compose)

    def _show_resumed_corpus(self, run: ResumedRun) -> None:
        """The corpus panel shows the run's own corpus (it kept the one chosen before)."""
        if run.text is not None:
            self.corpus.set_text(run.text)
            return
        samples = {str(sample.path): sample.key for sample in self.corpus.samples}
        if len(run.paths) == 1 and run.paths[0] in samples:
            self.corpus.select_sample(samples[run.paths[0]])
            return
        self.corpus.clear_files()
        self.corpus.add_files([path for path in run.paths if os.path.isfile(path)])

    def _show_checkpoint_saved(self, path: str, merges: int) -> None:
        self._hide_file_busy()
        self.settings.remember_folder(FileKind.CHECKPOINT, path)

        def compose() -> str:
            held = tr_n("%n merge(s)", merges) if merges else tr("its settings and corpus (it was still counting)")
            return tr(
                "Saved the training to {path} ({held}). File > Resume training… goes on with it, "
                "in this session or a later one."
            ).format(path=html.escape(path), held=held)

        self._say("info", compose)
        self.checkpoint_saved.emit(path)

    def _show_checkpoint_failed(self, path: str, message: str) -> None:
        self._hide_file_busy()
        self._say("error", lambda: tr("The checkpoint was not saved: {reason}").format(reason=html.escape(message)))
        self.file_failed.emit("save", path, message)

    def _register_result(self, *, cancelled: bool) -> None:
        tok = self.controller.tokenizer()
        self._update_actions()
        if tok is None or not tok.merges:
            self._set_result(lambda: tr("No merge was learned, so there is no new tokenizer."))
            return
        request = self.controller.request
        describe = request.describe() if request is not None else tr("tokenizer")
        n = len(tok.merges)
        corpus_name = _corpus_name(request)

        def compose() -> str:  # written again after a language switch
            template = tr_n("{name} · %n merge(s) (cancelled)", n) if cancelled else tr_n("{name} · %n merge(s)", n)
            return template.format(name=corpus_name())

        label = compose()
        source = ""
        if request is not None and self.controller.counting is not None:
            cfg = request.config
            source = tr(
                "trained on {name} ({size}): vocabulary {vocab_size}, pre-tokenizer {pretokenizer}, "
                "tie-break {tie_break}"
            ).format(
                name=describe,
                size=format_bytes(self.controller.counting.total_bytes),
                vocab_size=cfg.vocab_size,
                pretokenizer=cfg.pretokenizer,
                tie_break=cfg.tie_break,
            )
        self.result_key = self.registry.add(tok, label, kind=RegistryKind.TRAINED, source=source, compose=compose)
        key, registry, tokens = self.result_key, self.registry, len(tok)
        # the label is read when the line is written: the registry renames it in a new language
        self._set_result(
            lambda: tr_n(
                "Result: <b>{label}</b>, %n token(s). It is now available in the "
                "Vocabulary, Tokenize, Compare and Stream decode views; save it to keep it.",
                tokens,
            ).format(label=html.escape(registry.entry(key).label if key in registry.keys() else tr("tokenizer")))
        )
        self._update_actions()
        self.tokenizer_ready.emit(self.result_key)
