"""The main window: composes the views, menus and status bar; no algorithm, no threads.

Views (one module each in app/views/) get the shared :class:`TokenizerRegistry`; the
window only wires them together (a trained tokenizer opens in the other views).
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox, QTabWidget

from .settings import Settings
from .tokenizers import TokenizerRegistry

__all__ = ["MainWindow"]


class MainWindow(QMainWindow):
    """BPE Explorer's window: one tab per view."""

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self.setWindowTitle("BPE Explorer")
        self.resize(1280, 820)
        self.settings = settings or Settings()
        self.registry = TokenizerRegistry(self)
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.setCentralWidget(self.tabs)
        self._build_views()
        self._build_menus()
        self.statusBar().showMessage("Ready")

    def _build_views(self) -> None:
        """Each view is a tab; keep this list in the order a new user needs them."""

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        view_menu = self.menuBar().addMenu("&View")
        for i in range(self.tabs.count()):
            action = QAction(self.tabs.tabText(i), self)
            action.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            action.triggered.connect(lambda _=False, i=i: self.tabs.setCurrentIndex(i))
            view_menu.addAction(action)
        help_menu = self.menuBar().addMenu("&Help")
        about = QAction("&About BPE Explorer", self)
        about.triggered.connect(self._on_about_triggered)
        help_menu.addAction(about)

    def _on_about_triggered(self) -> None:
        QMessageBox.about(
            self,
            "About BPE Explorer",
            "<b>BPE Explorer</b><p>Train byte-level BPE and watch every merge, tokenize text, "
            "compare with OpenAI's encodings, and see why bytes are the atoms.</p>",
        )

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt naming)
        self.registry.wait(5000)
        super().closeEvent(event)
