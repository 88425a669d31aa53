"""The main window: composes the views, menus and status bar; no algorithm, no threads.

Views (one module each in app/views/) get the shared :class:`TokenizerRegistry`; the
window only wires them together (a trained tokenizer opens in the other views). The Training
menu's shortcuts (F5, F6, F8, F10, Shift+F5) work from every tab: they bring the Train tab to
the front. Closing the window shuts every view down (their threads end first).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox, QTabWidget

from .controllers.registry import TokenizerRegistry
from .jobs import runner
from .settings import Settings
from .views.train_view import TrainView
from .views.vocab_view import VocabView

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
        self.train_view = TrainView(self.registry, self.settings)
        self.tabs.addTab(self.train_view, "Train")
        self.tabs.setTabToolTip(self.tabs.count() - 1, "Train a tokenizer and watch every merge")
        self.vocab_view = VocabView(self.registry, self.settings)
        self.tabs.addTab(self.vocab_view, "Vocabulary")
        self.tabs.setTabToolTip(self.tabs.count() - 1, "Browse every token and how it was built")
        self.train_view.browse_requested.connect(self._on_train_view_browse_requested)
        self.train_view.file_opened.connect(self._on_train_view_file_opened)
        self.train_view.file_saved.connect(self._on_train_view_file_saved)
        self.train_view.file_failed.connect(self._on_train_view_file_failed)
        self._reveal_path: str | None = None  # opened from File > Open: show it in the Vocabulary tab
        from .views.compare_view import CompareView
        from .views.stream_view import StreamView
        from .views.tokenize_view import TokenizeView

        self.tokenize_view = TokenizeView(self.registry, self.settings)
        self.tabs.addTab(self.tokenize_view, "Tokenize")
        self.tabs.setTabToolTip(self.tabs.count() - 1, "Type text and see its tokens, ids and merges live")
        self.compare_view = CompareView(self.registry, self.settings)
        self.tabs.addTab(self.compare_view, "Compare")
        self.tabs.setTabToolTip(
            self.tabs.count() - 1, "The same text with 2–5 tokenizers side by side, and on a whole file"
        )
        self.stream_view = StreamView(self.registry, self.settings)
        self.tabs.addTab(self.stream_view, "Stream decode")
        self.tabs.setTabToolTip(self.tabs.count() - 1, "Feed tokens one at a time and watch the byte queue")

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        open_action = QAction("&Open tokenizer…", self)
        open_action.setShortcut(QKeySequence.StandardKey.Open)
        open_action.setStatusTip("Open a tokenizer saved by BPE Explorer")
        open_action.triggered.connect(self._on_open_triggered)
        file_menu.addAction(open_action)
        self.open_action = open_action
        self.train_view.open_action.changed.connect(self._on_train_open_action_changed)
        save_action = QAction("&Save tokenizer…", self)
        save_action.setShortcut(QKeySequence.StandardKey.Save)
        save_action.setStatusTip("Save the tokenizer of the current (or last) training")
        save_action.triggered.connect(self.train_view.save_action.trigger)
        file_menu.addAction(save_action)
        self.save_action = save_action
        self.train_view.save_action.changed.connect(self._on_train_save_action_changed)
        self._on_train_save_action_changed()
        file_menu.addSeparator()
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        train_menu = self.menuBar().addMenu("&Training")
        # subtle: the Train view's own actions, made window-wide: one action per shortcut,
        # so Qt never sees two (an "Ambiguous shortcut overload" that fires neither).
        self.train_view.set_shortcut_context(Qt.ShortcutContext.WindowShortcut)
        for action in self.train_view.training_actions:
            train_menu.addAction(action)
            action.triggered.connect(self._on_training_action_triggered)
        view_menu = self.menuBar().addMenu("&View")
        for i in range(self.tabs.count()):
            action = QAction(self.tabs.tabText(i), self)
            action.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            action.setData(i)
            action.triggered.connect(self._on_view_action_triggered)
            view_menu.addAction(action)
        help_menu = self.menuBar().addMenu("&Help")
        about = QAction("&About BPE Explorer", self)
        about.triggered.connect(self._on_about_triggered)
        help_menu.addAction(about)

    @Slot()
    def _on_view_action_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.tabs.setCurrentIndex(int(action.data()))

    @Slot()
    def _on_about_triggered(self) -> None:
        QMessageBox.about(
            self,
            "About BPE Explorer",
            "<b>BPE Explorer</b><p>Train byte-level BPE and watch every merge, tokenize text, "
            "compare with OpenAI's encodings, and see why bytes are the atoms.</p>",
        )

    @Slot()
    def _on_open_triggered(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open tokenizer", self.settings.last_folder, "BPE Explorer tokenizer (*.json);;All files (*)"
        )
        if path:
            self.open_tokenizer(path)

    def open_tokenizer(self, path: str) -> bool:
        """Start opening a saved tokenizer (in the background, the window stays usable).

        When it is loaded it is browsed in the Vocabulary tab; on error the Train view says
        why. False if it could not start (another file job runs; the Train view says so).
        """
        self.statusBar().showMessage(f"Opening {path}…")
        started = self.train_view.open_tokenizer(path)
        if started:
            self._reveal_path = path
        else:
            self.tabs.setCurrentWidget(self.train_view)
            self.statusBar().showMessage(f"Could not open {path}", 8000)
        return started

    @Slot(str, str)
    def _on_train_view_file_opened(self, key: str, path: str) -> None:
        if path == self._reveal_path:
            self._reveal_path = None
            self.vocab_view.show_key(key)
            self.tabs.setCurrentWidget(self.vocab_view)
        self.statusBar().showMessage(f"Opened {path}", 8000)

    @Slot(str)
    def _on_train_view_file_saved(self, path: str) -> None:
        self.statusBar().showMessage(f"Saved {path}", 8000)

    @Slot(str, str, str)
    def _on_train_view_file_failed(self, kind: str, path: str, _message: str) -> None:
        if kind == "open" and path == self._reveal_path:
            self._reveal_path = None
            self.tabs.setCurrentWidget(self.train_view)  # the message is shown there
        self.statusBar().showMessage(f"Could not {kind} {path}", 8000)

    @Slot()
    def _on_train_save_action_changed(self) -> None:
        self.save_action.setEnabled(self.train_view.save_action.isEnabled())

    @Slot()
    def _on_train_open_action_changed(self) -> None:
        self.open_action.setEnabled(self.train_view.open_action.isEnabled())

    @Slot()
    def _on_training_action_triggered(self) -> None:
        self.tabs.setCurrentWidget(self.train_view)  # the run's progress and messages are there

    @Slot(str)
    def _on_train_view_browse_requested(self, key: str) -> None:
        self.vocab_view.show_key(key)
        self.tabs.setCurrentWidget(self.vocab_view)

    def shutdown(self) -> None:
        """End the views' background work: training, file jobs, live encoding, corpus runs.

        subtle: views are child widgets, and child widgets get no close event when the
        window closes; their cleanup runs here.
        """
        for view in (self.train_view, self.tokenize_view, self.compare_view, self.stream_view):
            view.shutdown()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt naming)
        # Background jobs must end before the window (and the app) goes away: the views cancel
        # theirs, then every job thread (OpenAI loads too) is waited for.
        self.shutdown()
        runner.wait_all(5000)
        super().closeEvent(event)
