"""The Measure tab's left panel: which tokenizers (1–5, checked in a list of the session's,
OpenAI's and the Hugging Face cache's), which texts, whether to check vocabulary health,
Measure / Cancel with progress, and the exports.

It leaves out measuring (the view and controller): it says what the user chose.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QProgressBar, QVBoxLayout, QWidget

from app.core.i18n import bind, tr, tr_n
from app.core.registry import TokenizerRegistry
from app.features.measure.texts import TextSet
from app.widgets import build

__all__ = ["SidePanel", "MAX_TOKENIZERS"]

MAX_TOKENIZERS = 5


class SidePanel(QWidget):
    """See the module docstring.

    Signals:
        choice_changed(): the checked tokenizers changed.
    """

    choice_changed = Signal()

    def __init__(self, registry: TokenizerRegistry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.registry = registry
        self.tokenizer_list = QListWidget(self)
        self.tokenizer_list.setMinimumHeight(90)
        # Long names ("mistral_sentencepiece_v3.model · SentencePiece, 32,768 tokens") keep both
        # ends readable instead of a sideways scroll bar; each item's tooltip starts with it whole.
        self.tokenizer_list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.tokenizer_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        bind(self.tokenizer_list, "setToolTip", "Check one to five tokenizers to measure side by side.")
        self.text_set = build.combo(self, [(s.value, s) for s in TextSet], tooltip="The texts to measure on.")
        build.shrinkable(self.text_set, characters=16)
        self.add_files_button = build.button(self, "Add files…", tooltip="Text files to measure (UTF-8).")
        self.files_label = QLabel(self)
        self.files_label.setWordWrap(True)
        self.health_box = build.check_box(
            self,
            "Vocabulary health (slower)",
            tooltip="Also encode every token of each vocabulary alone (seconds for 200,000).",
        )
        self.measure_button = build.button(self, "Measure", tooltip="Measure the checked tokenizers on the texts.")
        self.cancel_button = build.button(self, "Cancel", tooltip="Stop measuring.")
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar(self)
        self.progress.setTextVisible(False)
        self.status = QLabel(self)  # what the bar stands for: loading which tokenizers, measuring
        self.status.setWordWrap(True)
        self._status: Callable[[], str] = str  # the status's text in the current language
        self.export_csv_button = build.button(
            self, "Export tables as CSV…", tooltip="Every figure of the three tables."
        )
        self.export_chart_button = build.button(self, "Export chart…", tooltip="The language-tax chart as PNG or SVG.")
        self._build()
        self.fill()
        self.tokenizer_list.itemChanged.connect(self._on_tokenizer_list_item_changed)
        registry.changed.connect(self.fill)

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(build.group_box(self, "Tokenizers (1–5)", self.tokenizer_list), 1)
        layout.addWidget(
            build.group_box(self, "Texts", self.text_set, self.add_files_button, self.files_label, self.health_box)
        )
        layout.addWidget(self.measure_button)
        layout.addWidget(self.cancel_button)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(build.group_box(self, "Export", self.export_csv_button, self.export_chart_button))
        self.setMaximumWidth(300)
        self.add_files_button.setVisible(False)

    @Slot()
    def fill(self) -> None:
        """List the registry's tokenizers, keeping what was checked."""
        checked = set(self.checked_keys())
        self.tokenizer_list.blockSignals(True)
        self.tokenizer_list.clear()
        for key in self.registry.keys():
            item = QListWidgetItem(self.registry.entry(key).label, self.tokenizer_list)
            item.setData(Qt.ItemDataRole.UserRole, key)
            item.setToolTip(self.registry.entry(key).tooltip())
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if key in checked else Qt.CheckState.Unchecked)
        self.tokenizer_list.blockSignals(False)

    def checked_keys(self) -> list[str]:
        out = []
        for row in range(self.tokenizer_list.count()):
            item = self.tokenizer_list.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return out

    def set_checked(self, keys: list[str]) -> None:
        """Check exactly ``keys`` (at most five)."""
        wanted = set(keys[:MAX_TOKENIZERS])
        for row in range(self.tokenizer_list.count()):
            item = self.tokenizer_list.item(row)
            on = item.data(Qt.ItemDataRole.UserRole) in wanted
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    @Slot(QListWidgetItem)
    def _on_tokenizer_list_item_changed(self, item: QListWidgetItem) -> None:
        if item.checkState() == Qt.CheckState.Checked and len(self.checked_keys()) > MAX_TOKENIZERS:
            item.setCheckState(Qt.CheckState.Unchecked)  # (emits again, with five checked)
            return
        self.choice_changed.emit()

    def retranslate(self) -> None:
        """The text sets' names in the current language."""
        for k in range(self.text_set.count()):
            self.text_set.setItemText(k, tr(TextSet(self.text_set.itemData(k)).value))
        self.status.setText(self._status())

    def text_choice(self) -> TextSet:
        return TextSet(self.text_set.currentData())

    def set_running(self, running: bool) -> None:
        self.measure_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        if not running:
            self.progress.setRange(0, 1)
            self.progress.setValue(0)
            self._set_status(str)

    def show_loading(self, labels: list[str]) -> None:
        """Tokenizers are loading (no steps to count): the bar is busy, the label names them."""
        self.progress.setRange(0, 0)
        names = ", ".join(labels)
        self._set_status(lambda: tr_n("Loading %n tokenizer(s): {names}…", len(labels)).format(names=names))

    def show_measuring(self) -> None:
        """Measuring: the bar counts the steps (the view sets them), the label says so."""
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self._set_status(lambda: tr("Measuring…"))

    def _set_status(self, text: Callable[[], str]) -> None:
        self._status = text
        self.status.setText(text())

    def show_files(self, names: list[str]) -> None:
        self.files_label.setText(", ".join(names) if names else tr("No files yet."))
