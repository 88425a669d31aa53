"""Training the Families tab's three trained families: the training panel's choices go to
the :class:`~app.features.families.controller.FamiliesController`, and its news come back
to the panel (buttons, progress, status line) and the message bar (a family that could not
be trained, a corpus that cannot be used, a file that cannot be a corpus). The families
trained last (``models``) are what the view tokenizes with; showing them is the view's.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QObject, Signal, Slot

from app.core.i18n import tr, tr_n
from app.core.weakly import weak_method
from app.display.format import format_count
from app.features.families.controller import FamiliesController, TrainingState
from app.features.families.family import Family, Phase, family_name
from app.features.families.job import TrainedFamilies
from app.features.families.training_panel import ByteSource, TrainingPanel
from app.features.families.training_status import Said, status_text
from app.widgets.corpus_panel import check_corpus_file
from app.widgets.message_bar import MessageBar

__all__ = ["FamiliesTraining"]


class FamiliesTraining(QObject):
    """The training of the families (see the module docstring).

    Signals:
        trained(object): a run finished; its :class:`~app.features.families.job.TrainedFamilies`
            are ``models`` now.
        state_changed(): training started or ended (what the rows say may change).
    """

    trained = Signal(object)
    state_changed = Signal()

    def __init__(
        self, panel: TrainingPanel, controller: FamiliesController, messages: MessageBar, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.panel = panel
        self.controller = controller
        self.messages = messages
        #: The families trained last (None before the first run ends).
        self.models: TrainedFamilies | None = None
        # What the status line says, kept to say it again in another language (see say).
        self._said: tuple[object, ...] = ()
        panel.settings_changed.connect(self._on_settings_changed)
        panel.train_button.clicked.connect(self.train)
        panel.cancel_button.clicked.connect(controller.cancel)
        controller.state_changed.connect(self._on_state_changed)
        controller.progress.connect(self._on_progress)
        controller.family_failed.connect(self._on_family_failed)
        controller.trained.connect(self._on_trained)
        controller.training_failed.connect(self._on_training_failed)
        self._update_buttons()

    @Slot()
    def train(self) -> bool:
        """Train the words and BPE families on the chosen corpus; False if a run is going on."""
        corpus = self.panel.corpus()
        self.messages.clear()
        here = self.panel.byte_source() == ByteSource.HERE
        started = self.controller.train(corpus, self.panel.vocab_spin.value(), train_byte_bpe=here)
        if started:
            self.panel.progress.setValue(0)
            self.say((Said.TRAINING, corpus))
        return started

    def train_with(self, vocab_size: int) -> None:
        self.panel.vocab_spin.setValue(vocab_size)
        self.train()

    def set_corpus_file(self, path: str) -> bool:
        """Train on ``path`` from now on (added to the corpus list); False, with a message, if
        it cannot be a corpus."""
        problem = check_corpus_file(path)
        if problem is not None:
            # (checked again when said again: the reason comes in the new language)
            self.messages.error(lambda: html.escape(check_corpus_file(path) or problem))
            return False
        self.panel.choose_file(path)
        return True

    def say(self, said: tuple[object, ...] | None = None) -> None:
        """The status line under the training row (``said``: what to say from now on, a
        :class:`~app.features.families.training_status.Said` and its details; None: say it again)."""
        if said is not None:
            self._said = said
        self.panel.train_status.setText(status_text(self._said, self.panel.corpus_label))

    def _update_buttons(self) -> None:
        cancellable = self.controller.state == TrainingState.TRAINING
        self.panel.set_training(self.controller.is_training(), cancellable)

    @Slot()
    def _on_settings_changed(self) -> None:
        if self.models is not None and not self.controller.is_training():
            now = (self.panel.corpus(), self.panel.vocab_spin.value())
            if now != (self.models.corpus, self.models.vocab_size):
                self.say((Said.CHANGED,))

    # -- the controller's news ----------------------------------------------------------------

    @Slot(str)
    def _on_state_changed(self, state: str) -> None:
        self._update_buttons()
        if state == TrainingState.CANCELLED:
            self.panel.progress.setValue(0)
            self.say((Said.CANCELLED,))
        self.state_changed.emit()

    @Slot(str, str, int, int)
    def _on_progress(self, family: str, phase: str, done: int, total: int) -> None:
        self.panel.show_progress(family, phase == Phase.COUNTING, done, total)
        self.say((Said.PROGRESS, family, phase, done, total))

    @Slot(str, str)
    def _on_family_failed(self, family: str, message: str) -> None:
        self.messages.warning(
            lambda: tr("{family} could not be trained: {reason}").format(
                family=family_name(family), reason=html.escape(message)
            )
        )

    @Slot(object)
    def _on_trained(self, result: object) -> None:
        assert isinstance(result, TrainedFamilies)
        self._keep_byte_bpe(result)
        self.models = result
        self.panel.progress.setValue(0)  # the status line says it is done
        if Family.CHAR_BPE in result.errors and result.minimum is not None:
            self._offer_minimum(result.minimum)
        self.say((Said.TRAINED, result))
        self.trained.emit(result)

    def _keep_byte_bpe(self, result: TrainedFamilies) -> None:
        """A run that left byte-level BPE out (the row showed a session tokenizer) keeps the
        one trained before, if on the same corpus and vocabulary size."""
        previous = self.models
        byte_bpe = Family.BYTE_BPE
        if previous is None or byte_bpe in result.tokenizers or byte_bpe not in previous.tokenizers:
            return
        if previous.corpus == result.corpus and previous.vocab_size == result.vocab_size:
            result.tokenizers[byte_bpe] = previous.tokenizers[byte_bpe]

    def _offer_minimum(self, minimum: int) -> None:
        """Char-level BPE needs a larger vocabulary: say so, with a button to train with it."""
        train_with = weak_method(self.train_with, None)  # (the bar keeps it: weakly, app.core.weakly)
        self.messages.warning(
            lambda: tr_n(
                "Char-level BPE needs a vocabulary of at least {n} for this corpus (3 special tokens, 256 "
                "byte tokens and its %n distinct character(s)); the other families are trained.",
                minimum - 259,
            ).format(n=format_count(minimum)),
            [(lambda: tr("Use {n} and train").format(n=format_count(minimum)), lambda: train_with(minimum))],
        )

    @Slot(str)
    def _on_training_failed(self, message: str) -> None:
        self.panel.progress.setValue(0)
        self.say((Said.FAILED,))
        self.messages.error(lambda: tr("Cannot train on this corpus: {reason}").format(reason=html.escape(message)))
        self.state_changed.emit()
