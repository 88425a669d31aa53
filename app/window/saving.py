"""The File menu's actions on the current view's tokenizer: Save (Ctrl+S), Export… (Ctrl+E)
and the session's Tokenizers… list (Ctrl+T).

Save acts on the tokenizer of the view on screen and names it in the dialog's title (the
Train view saves its own training result); Export writes it for another program
(:class:`~app.window.export_dialog.ExportDialog`). Both are enabled only while the current
view shows a tokenizer (:meth:`~app.widgets.view.View.tokenizer_key`). A SentencePiece
tokenizer is refused with the reason: our format holds byte-level tokenizers only.
"""

from __future__ import annotations

import html
import os
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog

from app.core.i18n import bind, tr
from app.core.settings import FileKind
from app.display.file_names import tokenizer_file_name, tokenizer_stem
from app.display.pieces import is_sentencepiece
from app.widgets import build
from app.window.back_link import BackLink
from app.window.export_dialog import ExportDialog
from app.window.exporting import ExportController
from app.window.tokenizer_list import TokenizerListDialog

if TYPE_CHECKING:
    from app.window.main_window import MainWindow

__all__ = ["Saving"]


class Saving(QObject):
    """Save, Export and Tokenizers… for one window (see the module docstring)."""

    window = BackLink["MainWindow"]()  # weak: the window holds this part (see back_link)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.export_dialog: ExportDialog | None = None  # shown without blocking: kept alive
        self.list_dialog: TokenizerListDialog | None = None
        self.save_action = build.action(
            window, "&Save tokenizer…", self._on_save_triggered, shortcut=QKeySequence.StandardKey.Save
        )
        bind(
            self.save_action,
            "setStatusTip",
            "Save the tokenizer of the current view (its name is in the dialog's title)",
        )
        self.exporter = ExportController(self)
        self.exporter.exported.connect(self._on_exporter_exported)
        self.export_action = build.action(window, "&Export tokenizer…", self._on_export_triggered, shortcut="Ctrl+E")
        bind(
            self.export_action,
            "setStatusTip",
            "Write the current view's tokenizer as a Hugging Face tokenizer.json, a tiktoken file, GPT-2 files or ours",
        )
        self.list_action = build.action(window, "&Tokenizers…", self._on_list_triggered, shortcut="Ctrl+T")
        bind(self.list_action, "setStatusTip", "Every tokenizer of this session: rename, remove or save")

    def _current_key(self) -> str:
        """The key of the tokenizer the current view shows, when the registry has it ("" if not)."""
        key = self.window.view_tokenizer_key()
        return key if key and self.window.registry.get(key) is not None else ""

    @Slot()
    def update(self) -> None:
        """Enable Save and Export for the current view's tokenizer."""
        train = self.window.train_view
        if self.window.tabs.currentWidget() is train:  # the Train view saves its own result
            enabled = train.save_action.isEnabled()
        else:
            enabled = bool(self._current_key()) and train.open_action.isEnabled()
        self.save_action.setEnabled(enabled)
        self.export_action.setEnabled(bool(self._current_key()))

    @Slot()
    def _on_save_triggered(self) -> None:
        train = self.window.train_view
        if self.window.tabs.currentWidget() is train:
            train.save_action.trigger()
            return
        key = self._current_key()
        if not key:
            self.window.say(lambda: tr("This view shows no tokenizer to save"), 8000)
            return
        self.save_key(key)

    def save_key(self, key: str) -> None:
        """Ask where to save the registry's tokenizer ``key`` (named in the title), then save it."""
        window = self.window
        label = window.registry.entry(key).label
        tok = window.registry.get(key)
        if tok is not None and not tok.facts.byte_level:
            self._refuse_sentencepiece(label, is_sentencepiece(tok))
            return
        name = tokenizer_file_name(label, len(tok) if tok is not None else 256)
        start = os.path.join(window.settings.folder_for(FileKind.TOKENIZER), name)
        path, _ = QFileDialog.getSaveFileName(
            window, tr("Save tokenizer “{name}”").format(name=label), start, tr("BPE Explorer tokenizer (*.json)")
        )
        if path:
            window.train_view.save_tokenizer(path, key=key)

    def _refuse_sentencepiece(self, label: str, sentencepiece: bool = True) -> None:
        bar = self.window.message_bar()
        if bar is not None:
            if sentencepiece:
                bar.error(
                    lambda: html.escape(
                        tr(
                            "{name} is a SentencePiece tokenizer: BPE Explorer's format (and File > Export…) holds "
                            "byte-level tokenizers only. Its own .model or tokenizer.json file stays the way to keep it."
                        ).format(name=label)
                    )
                )
            else:
                bar.error(
                    lambda: html.escape(
                        tr(
                            "{name} is not a byte-level BPE tokenizer: BPE Explorer's format (and File > Export…) "
                            "holds byte-level tokenizers only. Its own file stays the way to keep it."
                        ).format(name=label)
                    )
                )
        self.window.say(lambda: tr("{name} cannot be saved in our format").format(name=label), 8000)

    @Slot()
    def _on_list_triggered(self) -> None:
        window = self.window
        dialog = TokenizerListDialog(window.registry, window, current=window.view_tokenizer_key())
        dialog.save_requested.connect(self.save_key)
        self.list_dialog = dialog
        dialog.open()

    @Slot()
    def _on_export_triggered(self) -> None:
        window = self.window
        key = self._current_key()
        tok = window.registry.get(key) if key else None
        if tok is None:
            window.say(lambda: tr("This view shows no tokenizer to export"), 8000)
            return
        label = window.registry.entry(key).label
        folder = window.settings.folder_for(FileKind.EXPORT)
        dialog = ExportDialog(tok, label, self.exporter, folder, tokenizer_stem(label, len(tok)), window)
        self.export_dialog = dialog
        dialog.open()

    @Slot(str, list)
    def _on_exporter_exported(self, format: str, paths: list[str]) -> None:
        if paths:
            self.window.settings.remember_folder(FileKind.EXPORT, paths[0])
        self.window.say(lambda: tr("Exported {files}").format(files=", ".join(paths)), 8000)
