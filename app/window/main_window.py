"""The main window: composes the views, menus and status bar; no algorithm, no threads.

Views (one module each in app/views/) get the shared :class:`TokenizerRegistry`, the one
tokenizer list of the window (Tokenizers… renames, removes and saves its entries); the window
only wires them together (a trained tokenizer opens in the other views). The Training menu's
shortcuts (F5, F6, F8, F10, Shift+F5) work from every tab: they bring the Train tab to the
front. Save (Ctrl+S) acts on the tokenizer of the current view and names it in the dialog's
title; a file that cannot be opened is explained in the view it was opened from. Help has a
short guide (F1) and the version. The window's geometry and the splitters are remembered.

Zoom (Ctrl+= / Ctrl+- / Ctrl+0), presentation mode (F11) and the exports of the current view
(PNG, SVG, tokens as HTML) belong to :class:`~app.window.presentation.Presentation`; the window puts
its actions in the View and File menus.

Closing the window while training runs asks first: *Save & quit* saves the training as a
checkpoint (File > Resume training… goes on with it in a later session), *Quit* drops it,
*Cancel* keeps the window. Then every job is cancelled without waiting for it (the window
goes at once, and the job threads end in the background before the process exits:
``runner``'s exit hook waits for them).
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, Qt, QTimer, Slot
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QAbstractButton, QFileDialog, QMainWindow, QMenu, QMessageBox, QTabWidget, QWidget

import bpe_engine
from app.core import i18n
from app.core.i18n import bind, noop, tr
from app.core.jobs import runner
from app.core.registry import TokenizerRegistry
from app.core.settings import Settings
from app.features.train.results import CHECKPOINT_FILTER
from app.features.train.view import SHORTCUTS, TrainView, safe_file_name
from app.features.vocabulary.view import VocabView
from app.widgets.message_bar import MessageBar
from app.widgets.open_files import FileBusyIndicator, TokenizerDropFilter, open_filters
from app.widgets.view import View
from app.window.export_dialog import ExportDialog
from app.window.exporting import ExportController
from app.window.pattern_dialog import PatternDialog
from app.window.presentation import SHORTCUTS as VIEW_SHORTCUTS, Presentation
from app.window.tokenizer_list import TokenizerListDialog

TAB_COUNT = 8  # Train, Vocabulary, Tokenize, Compare, Stream decode, Timeline, Sweep, Families


def guide_html() -> str:
    """The F1 guide (HTML) in the current language, with the shortcuts filled in."""
    return tr(
        """<h3>BPE Explorer's tabs</h3>
<p><b>Train</b> teaches how byte-level BPE learns: pick a sample, files or pasted text, press
Start ({start}) and watch each merge join the most frequent pair; the plots show pair
counts falling and bytes per token rising. Step ({step}) applies one merge at a time
and says why that pair won, ties included.</p>
<p><b>Vocabulary</b> lists every token of a tokenizer with its bytes and the merge that made
it; select one to see its merge tree down to single bytes.</p>
<p><b>Tokenize</b> cuts your text into tokens as you type; Explain replays the merges of one
piece in rank order. Tokens holding part of a character show their bytes.</p>
<p><b>Compare</b> shows 2 to 5 tokenizers on the same text and marks where they cut
differently; corpus mode measures compression on a whole file.</p>
<p><b>Stream decode</b> feeds tokens one by one to a streaming decoder: bytes wait until
their character is complete.</p>
<p><b>Timeline</b> slides through a tokenizer's merges: a text tokenized with only the first k
merges, its token count and bytes per token, the merge k outlined; Play animates it
(Ctrl+Space), also while a training runs. "As of merge k" in Vocabulary, Tokenize and Compare
follows the slider.</p>
<p><b>Sweep</b> draws bytes per token against vocabulary size from one training (every smaller
vocabulary is its first merges) on held-out English, Chinese and code (add your own files),
with OpenAI's encodings as reference points; export the chart (PNG, SVG) and the points (CSV).</p>
<p><b>Families</b> cuts one text five ways: characters, UTF-8 bytes, words with &lt;UNK&gt;,
character-level BPE with byte fallback and byte-level BPE, with their token counts, vocabulary
sizes, unknowns and whether decoding gives the text back.</p>
<p><b>Byte notation</b>: <code>&lt;e3 80&gt;</code> is one token holding the bytes e3 80
(part of a character); <code>&lt;80&gt;&lt;82&gt;</code> is two tokens of one byte each.
· stands for a space, ⏎ for a newline, → for a tab.</p>
<h3>Shortcuts</h3>
<table>
<tr><td>Start · Pause · Resume</td><td>{start} · {pause} · {resume}</td></tr>
<tr><td>Step · Cancel</td><td>{step} · {cancel}</td></tr>
<tr><td>Save the training as a checkpoint · Resume one</td><td>{checkpoint} · {resume_file}</td></tr>
<tr><td>Open any tokenizer file (or drop it on the window) · Save the current view's tokenizer</td><td>Ctrl+O · Ctrl+S</td></tr>
<tr><td>Export it for Hugging Face, tiktoken or GPT-2 (File &gt; Export…)</td><td>Ctrl+E</td></tr>
<tr><td>Tokenizers of this session (rename, remove, save)</td><td>Ctrl+T</td></tr>
<tr><td>Tabs</td><td>Ctrl+1 … Ctrl+{tabs}</td></tr>
<tr><td>Timeline: play or pause</td><td>Ctrl+Space</td></tr>
<tr><td>Zoom in · out · actual size (every view)</td><td>{zoom_in} · {zoom_out} · {zoom_reset}</td></tr>
<tr><td>Presentation mode (full screen, large, high contrast)</td><td>{presentation}</td></tr>
<tr><td>Export the view as PNG · SVG · its tokens as HTML</td><td>{export_png} · {export_svg} · {export_html}</td></tr>
<tr><td>Search the vocabulary</td><td>Ctrl+F</td></tr>
<tr><td>Copy ids, tokens or the table (Tokenize, Vocabulary)</td><td>right-click · Ctrl+C</td></tr>
<tr><td>This guide</td><td>F1</td></tr>
</table>"""
    ).format(tabs=TAB_COUNT, **SHORTCUTS, **VIEW_SHORTCUTS)


__all__ = ["MainWindow"]


class MainWindow(QMainWindow):
    """BPE Explorer's window: one tab per view."""

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self.setWindowTitle("BPE Explorer")  # i18n: none (the program's name)
        # A classroom projector may have 1024x768 pixels: never start larger than the screen.
        room = self.screen().availableGeometry()
        self.resize(min(1280, room.width()), min(820, room.height()))
        self.setMinimumSize(720, 520)
        self.settings = settings or Settings()
        self.registry = TokenizerRegistry(self)
        self._status: tuple[Callable[[], str], int] | None = None  # the status line, to redo on a switch
        self._guide: QMessageBox | None = None  # the F1 guide, once shown
        self.quit_box: QMessageBox | None = None  # "Quit while training?", while it is shown
        self._quit_confirmed = False  # the user chose to quit: close without asking again
        self._quit_checkpoint: str | None = None  # Save & quit: the checkpoint being written
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.setCentralWidget(self.tabs)
        self._build_views()
        self.presentation = Presentation(self, self.tabs, self.settings)
        self.presentation.export_failed.connect(self._on_presentation_export_failed)
        self._build_menus()
        geometry = self.settings.window_geometry
        if geometry:
            self.restoreGeometry(QByteArray(geometry))
        self._fit_to_screen()
        if self.presentation.zoom != 1.0:
            self.presentation.apply()  # the zoom of the last session
        self.say(lambda: tr("Ready"))
        i18n.connect(self._on_language_changed)

    def _fit_to_screen(self) -> None:
        """Keep the window on its screen: a size remembered on a larger screen (or the default
        1280x820 on a 1024x700 one) would put the buttons and plots out of reach."""
        screen = self.screen()
        if screen is None:
            return
        room = screen.availableGeometry()
        width = min(self.width(), room.width())
        height = min(self.height(), room.height())
        if (width, height) != (self.width(), self.height()):
            self.resize(max(width, self.minimumWidth()), max(height, self.minimumHeight()))
        x = min(max(self.x(), room.left()), room.right() - self.width() + 1)
        y = min(max(self.y(), room.top()), room.bottom() - self.height() + 1)
        if (x, y) != (self.x(), self.y()):
            self.move(max(x, room.left()), max(y, room.top()))

    def _build_views(self) -> None:
        """Each view is a tab; keep this list in the order a new user needs them."""
        self._tab_names: list[str] = []  # the English names (sources) of the tabs
        self.train_view = TrainView(self.registry, self.settings)
        self._add_tab(self.train_view, noop("Train"))
        bind(self.tabs, "setTabToolTip", "Train a tokenizer and watch every merge", self.tabs.count() - 1)
        self.vocab_view = VocabView(self.registry, self.settings)
        self._add_tab(self.vocab_view, noop("Vocabulary"))
        bind(self.tabs, "setTabToolTip", "Browse every token and how it was built", self.tabs.count() - 1)
        self.train_view.browse_requested.connect(self._on_train_view_browse_requested)
        self.train_view.file_opened.connect(self._on_train_view_file_opened)
        self.train_view.file_saved.connect(self._on_train_view_file_saved)
        self.train_view.file_failed.connect(self._on_train_view_file_failed)
        self._reveal_path: str | None = None  # opened from File > Open: show it in the Vocabulary tab
        from app.features.compare.view import CompareView
        from app.features.stream.view import StreamView
        from app.features.tokenize.view import TokenizeView

        self.tokenize_view = TokenizeView(self.registry, self.settings)
        self._add_tab(self.tokenize_view, noop("Tokenize"))
        bind(self.tabs, "setTabToolTip", "Type text and see its tokens, ids and merges live", self.tabs.count() - 1)
        self.compare_view = CompareView(self.registry, self.settings)
        self._add_tab(self.compare_view, noop("Compare"))
        bind(
            self.tabs,
            "setTabToolTip",
            "The same text with 2–5 tokenizers side by side, and on a whole file",
            self.tabs.count() - 1,
        )
        self.stream_view = StreamView(self.registry, self.settings)
        self._add_tab(self.stream_view, noop("Stream decode"))
        bind(self.tabs, "setTabToolTip", "Feed tokens one at a time and watch the byte queue", self.tabs.count() - 1)
        from app.features.timeline.view import TimelineView

        self.timeline_view = TimelineView(self.registry, self.settings)
        self._add_tab(self.timeline_view, noop("Timeline"))
        bind(
            self.tabs,
            "setTabToolTip",
            "Slide through a training's merges: a text tokenized as of merge k, or play it",
            self.tabs.count() - 1,
        )
        self.timeline_view.set_training(self.train_view.controller)
        from app.features.sweep.view import SweepView

        self.sweep_view = SweepView(self.registry, self.settings)
        self._add_tab(self.sweep_view, noop("Sweep"))
        bind(
            self.tabs,
            "setTabToolTip",
            "Bytes per token against vocabulary size, from one training, on held-out texts and OpenAI's encodings",
            self.tabs.count() - 1,
        )
        for view in (self.vocab_view, self.tokenize_view, self.compare_view):
            view.follow_timeline(self.timeline_view.position)  # the views that can (View's default: no)
        from app.features.families.view import FamiliesView

        self.families_view = FamiliesView(self.registry, self.settings)
        self._add_tab(self.families_view, noop("Families"))
        bind(
            self.tabs,
            "setTabToolTip",
            "One text cut by five tokenizer families: characters, bytes, words, BPE",
            self.tabs.count() - 1,
        )

    def _add_tab(self, view: QWidget, name: str) -> None:
        """A tab named ``name`` (a literal marked where it is bound, kept for the View menu)."""
        index = self.tabs.addTab(view, "")
        bind(self.tabs, "setTabText", name, index)
        self._tab_names.append(name)

    def _build_menus(self) -> None:
        file_menu = self._menu(noop("&File"))
        open_action = QAction(self)
        bind(open_action, "setText", "&Open tokenizer…")
        open_action.setShortcut(QKeySequence.StandardKey.Open)
        bind(
            open_action,
            "setStatusTip",
            "Open a tokenizer file of any format: ours, Hugging Face tokenizer.json, SentencePiece .model, "
            "tiktoken rank file, GPT-2 vocab.json + merges.txt, Tekken (or drop it on the window)",
        )
        open_action.triggered.connect(self._on_open_triggered)
        file_menu.addAction(open_action)
        self.open_action = open_action
        self.train_view.open_action.changed.connect(self._on_train_open_action_changed)
        self._build_file_opening()
        save_action = QAction(self)
        bind(save_action, "setText", "&Save tokenizer…")
        save_action.setShortcut(QKeySequence.StandardKey.Save)
        bind(save_action, "setStatusTip", "Save the tokenizer of the current view (its name is in the dialog's title)")
        save_action.triggered.connect(self._on_save_triggered)
        file_menu.addAction(save_action)
        self.save_action = save_action
        self.train_view.save_action.changed.connect(self._update_save_action)
        self._build_export_action(file_menu)
        self.tabs.currentChanged.connect(self._update_save_action)
        self.registry.changed.connect(self._update_save_action)
        for picker in (
            self.vocab_view.picker,
            self.tokenize_view.picker,
            self.stream_view.picker,
            self.timeline_view.picker,
            self.sweep_view.picker,
        ):
            picker.key_changed.connect(self._update_save_action)
        self._update_save_action()
        list_action = QAction(self)
        bind(list_action, "setText", "&Tokenizers…")
        list_action.setShortcut(QKeySequence("Ctrl+T"))
        bind(list_action, "setStatusTip", "Every tokenizer of this session: rename, remove or save")
        list_action.triggered.connect(self._on_list_triggered)
        file_menu.addAction(list_action)
        self.list_action = list_action
        file_menu.addSeparator()
        file_menu.addAction(self.train_view.resume_file_action)
        file_menu.addSeparator()
        p = self.presentation
        for action in (p.export_png_action, p.export_svg_action, p.export_html_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        quit_action = QAction(self)
        bind(quit_action, "setText", "&Quit")
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        train_menu = self._menu(noop("&Training"))
        # subtle: the Train view's own actions, made window-wide: one action per shortcut,
        # so Qt never sees two (an "Ambiguous shortcut overload" that fires neither).
        self.train_view.set_shortcut_context(Qt.ShortcutContext.WindowShortcut)
        for action in self.train_view.training_actions:
            train_menu.addAction(action)
            action.triggered.connect(self._on_training_action_triggered)
        train_menu.addSeparator()
        train_menu.addAction(self.train_view.checkpoint_action)
        for action in (self.train_view.checkpoint_action, self.train_view.resume_file_action):
            action.triggered.connect(self._on_training_action_triggered)
        self.train_view.checkpoint_saved.connect(self._on_train_view_checkpoint_saved)
        self.train_view.file_failed.connect(self._on_train_view_checkpoint_failed)
        view_menu = self._menu(noop("&View"))
        for i in range(self.tabs.count()):
            action = QAction(self)
            bind(action, "setText", self._tab_names[i])
            action.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            action.setData(i)
            action.triggered.connect(self._on_view_action_triggered)
            view_menu.addAction(action)
        view_menu.addSeparator()
        for action in (p.zoom_in_action, p.zoom_out_action, p.zoom_reset_action, p.presentation_action):
            view_menu.addAction(action)
        view_menu.addSeparator()
        self._build_language_menu(view_menu)
        help_menu = self._menu(noop("&Help"))
        guide = QAction(self)
        bind(guide, "setText", "&Guide and shortcuts")
        guide.setShortcut(QKeySequence.StandardKey.HelpContents)
        guide.triggered.connect(self._on_guide_triggered)
        help_menu.addAction(guide)
        self.guide_action = guide
        about = QAction(self)
        bind(about, "setText", "&About BPE Explorer")
        about.triggered.connect(self._on_about_triggered)
        help_menu.addAction(about)

    def _menu(self, title: str) -> QMenu:
        """A menu of the menu bar titled ``title`` (a literal marked where it is called)."""
        menu = QMenu(self)
        bind(menu, "setTitle", title)
        self.menuBar().addMenu(menu)
        return menu

    def _build_language_menu(self, view_menu: QMenu) -> None:
        """View > Language: one checkable action per language, named in that language."""
        menu = QMenu(self)
        bind(menu, "setTitle", "&Language")
        view_menu.addMenu(menu)
        self.language_menu = menu
        self.language_group = QActionGroup(self)
        self.language_group.setExclusive(True)
        self.language_actions: dict[str, QAction] = {}
        for code, name in i18n.LANGUAGES.items():
            action = QAction(name, self)  # i18n: none (each language is named in itself)
            action.setCheckable(True)
            action.setData(code)
            action.setChecked(code == i18n.current_language())
            self.language_group.addAction(action)
            menu.addAction(action)
            self.language_actions[code] = action
        self.language_group.triggered.connect(self._on_language_group_triggered)

    @Slot(QAction)
    def _on_language_group_triggered(self, action: QAction) -> None:
        self.choose_language(str(action.data()))

    def choose_language(self, language: str) -> bool:
        """Switch every text to ``language`` and remember it; False (and a message, English
        kept) when its translation file is missing."""
        if language == i18n.current_language():
            self._check_language_action()
            return True
        if not i18n.set_language(language):
            self._check_language_action()
            self.language_unavailable(language)
            return False
        self.settings.language = language
        return True

    def language_unavailable(self, language: str) -> None:
        """Say that ``language``'s translation could not be loaded (the texts stay as they are)."""
        name = i18n.LANGUAGES.get(language, language)
        path = str(i18n.qm_path(language))

        def text() -> str:
            return tr(
                "{language} is not available: its translation file {path} is missing. The texts stay in English."
            ).format(language=name, path=path)

        bar = self._message_bar(self.tabs.currentWidget())
        if bar is not None:
            bar.error(lambda: html.escape(text()))
        self.say(text, 15000)

    def _check_language_action(self) -> None:
        action = self.language_actions.get(i18n.current_language())
        if action is not None:
            action.setChecked(True)

    def say(self, text: Callable[[], str], timeout: int = 0) -> None:
        """Show ``text()`` in the status bar (again after a language switch, while it is shown)."""
        self._status = (text, timeout)
        self.statusBar().showMessage(text(), timeout)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._check_language_action()
        if self._status is not None:
            text, timeout = self._status
            shown = self.statusBar().currentMessage()
            if shown:
                self.statusBar().showMessage(text(), timeout)
        if self._guide is not None:
            self._guide.setText(guide_html())

    @Slot(str)
    def _on_presentation_export_failed(self, message: str) -> None:
        bar = self._message_bar(self.tabs.currentWidget())
        if bar is not None:
            bar.error(html.escape(message))
        else:
            self.say(lambda: message, 8000)

    @Slot()
    def _on_view_action_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.tabs.setCurrentIndex(int(action.data()))

    @Slot()
    def _on_about_triggered(self) -> None:
        QMessageBox.about(
            self,
            tr("About BPE Explorer"),
            tr(
                "<b>BPE Explorer {version}</b><p>Train byte-level BPE and watch every merge, "
                "tokenize text, compare with OpenAI's encodings, and see why bytes are the atoms.</p>"
                "<p>Press F1 for the guide and the shortcuts.</p>"
            ).format(version=bpe_engine.__version__),
        )

    @Slot()
    def _on_guide_triggered(self) -> None:
        box = QMessageBox(QMessageBox.Icon.NoIcon, "", guide_html(), QMessageBox.StandardButton.Close, self)
        bind(box, "setWindowTitle", "BPE Explorer guide")
        box.setTextFormat(Qt.TextFormat.RichText)
        self._guide = box  # shown without blocking: keep it alive
        box.open()

    def view_tokenizer_key(self, view: QWidget | None = None) -> str:
        """The registry key of the tokenizer ``view`` (default: the current tab) shows, or ""."""
        view = view or self.tabs.currentWidget()
        return view.tokenizer_key() if isinstance(view, View) else ""

    @Slot()
    def _update_save_action(self) -> None:
        if self.tabs.currentWidget() is self.train_view:
            enabled = self.train_view.save_action.isEnabled()
        else:
            key = self.view_tokenizer_key()
            enabled = bool(key) and self.registry.get(key) is not None and self.train_view.open_action.isEnabled()
        self.save_action.setEnabled(enabled)
        key = self.view_tokenizer_key()
        self.export_action.setEnabled(bool(key) and self.registry.get(key) is not None)

    @Slot()
    def _on_save_triggered(self) -> None:
        if self.tabs.currentWidget() is self.train_view:
            self.train_view.save_action.trigger()
            return
        key = self.view_tokenizer_key()
        if not key or self.registry.get(key) is None:
            self.say(lambda: tr("This view shows no tokenizer to save"), 8000)
            return
        self.save_key(key)

    def save_key(self, key: str) -> None:
        """Ask where to save the registry's tokenizer ``key`` (named in the title), then save it."""
        label = self.registry.entry(key).label
        tok = self.registry.get(key)
        if tok is not None and tok.family == "sentencepiece":
            bar = self._message_bar(self.tabs.currentWidget())
            if bar is not None:
                bar.error(
                    lambda: html.escape(
                        tr(
                            "{name} is a SentencePiece tokenizer: BPE Explorer's format (and File > Export…) holds "
                            "byte-level tokenizers only. Its own .model or tokenizer.json file stays the way to keep it."
                        ).format(name=label)
                    )
                )
            self.say(lambda: tr("{name} cannot be saved in our format").format(name=label), 8000)
            return
        start = os.path.join(self.settings.last_folder or str(Path.home()), f"{safe_file_name(label)}.json")
        path, _ = QFileDialog.getSaveFileName(
            self, tr("Save tokenizer “{name}”").format(name=label), start, tr("BPE Explorer tokenizer (*.json)")
        )
        if path:
            self.train_view.save_tokenizer(path, key=key)

    @Slot()
    def _on_list_triggered(self) -> None:
        dialog = TokenizerListDialog(self.registry, self, current=self.view_tokenizer_key())
        dialog.save_requested.connect(self.save_key)
        self._list_dialog = dialog
        dialog.open()

    def _build_export_action(self, file_menu: QMenu) -> None:
        """File > Export… (Ctrl+E): the current view's tokenizer in another program's format."""
        self.exporter = ExportController(self)
        self.exporter.exported.connect(self._on_exporter_exported)
        action = QAction(self)
        bind(action, "setText", "&Export tokenizer…")
        action.setShortcut(QKeySequence("Ctrl+E"))
        bind(
            action,
            "setStatusTip",
            "Write the current view's tokenizer as a Hugging Face tokenizer.json, a tiktoken file, GPT-2 files or ours",
        )
        action.triggered.connect(self._on_export_triggered)
        file_menu.addAction(action)
        self.export_action = action

    @Slot()
    def _on_export_triggered(self) -> None:
        key = self.view_tokenizer_key()
        tok = self.registry.get(key) if key else None
        if tok is None:
            self.say(lambda: tr("This view shows no tokenizer to export"), 8000)
            return
        label = self.registry.entry(key).label
        dialog = ExportDialog(
            tok, label, self.exporter, self.settings.last_folder or str(Path.home()), safe_file_name(label), self
        )
        self._export_dialog = dialog  # shown without blocking: keep it alive
        dialog.open()

    @Slot(str, list)
    def _on_exporter_exported(self, format: str, paths: list[str]) -> None:
        if paths:
            self.settings.last_folder = str(Path(paths[0]).parent)
        self.say(lambda: tr("Exported {files}").format(files=", ".join(paths)), 8000)

    def _build_file_opening(self) -> None:
        """Opening every format: drops on the window, the busy line, the pattern question."""
        self.file_busy = FileBusyIndicator(self.train_view.files, self)
        self.statusBar().addPermanentWidget(self.file_busy)
        self.file_busy.cancel_button.clicked.connect(self._on_file_busy_cancelled)
        self.drops = TokenizerDropFilter(self)
        self.drops.watch(self)
        # The Train view takes dropped text files as its corpus; tokenizer files open.
        self.drops.watch(self.train_view, strict=True)
        self.drops.watch(self.train_view.corpus, strict=True)
        self.drops.dropped.connect(self._on_drops_dropped)
        self.train_view.files.pattern_needed.connect(self._on_files_pattern_needed)

    @Slot()
    def _on_open_triggered(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Open tokenizer"), self.settings.last_folder, open_filters())
        if path:
            self.open_tokenizer(path)

    @Slot(str)
    def _on_drops_dropped(self, path: str) -> None:
        self.open_tokenizer(path)

    @Slot()
    def _on_file_busy_cancelled(self) -> None:
        self._reveal_path = None
        self.say(lambda: tr("Stopped opening: nothing was changed"), 8000)

    @Slot(str, object)
    def _on_files_pattern_needed(self, path: str, problem: object) -> None:
        """A rank file without a pattern: ask for it, then open the file again."""
        found = getattr(problem, "special_tokens", {})
        where = getattr(problem, "found_in", "")
        dialog = PatternDialog(path, found, where, self)
        self._pattern_dialog = dialog  # shown without blocking: keep it alive
        dialog.accepted.connect(lambda: self.open_tokenizer(path, dialog.pattern(), dialog.special_tokens()))
        dialog.rejected.connect(lambda: self.say(lambda: tr("Not opened: no pattern chosen"), 8000))
        self.say(lambda: tr("{name} needs a pre-tokenizer pattern").format(name=Path(path).name))
        dialog.open()

    def open_tokenizer(
        self, path: str, pattern: str | None = None, special_tokens: dict[str, int] | list[str] | None = None
    ) -> bool:
        """Start opening a tokenizer file of any format (in the background, the window stays usable).

        When it is loaded it is browsed in the Vocabulary tab; on error the view on screen
        says why. A tiktoken rank file without a pattern asks for one first (``pattern`` and
        ``special_tokens`` complete it). False if it could not start (another file job runs).
        """
        self.say(lambda: tr("Opening {path}…").format(path=path))
        started = self.train_view.open_tokenizer(path, pattern=pattern, special_tokens=special_tokens)
        if started:
            self._reveal_path = path
        else:
            bar = self._message_bar(self.tabs.currentWidget())
            if bar is not None:
                bar.error(lambda: tr("A tokenizer file is being read or written; try again when it is done."))
            self.say(lambda: tr("Could not open {path}").format(path=path), 8000)
        return started

    @Slot(str, str)
    def _on_train_view_file_opened(self, key: str, path: str) -> None:
        if path == self._reveal_path:
            self._reveal_path = None
            self.vocab_view.show_key(key)
            self.tabs.setCurrentWidget(self.vocab_view)
        self.say(lambda: tr("Opened {path}").format(path=path), 8000)

    @Slot(str)
    def _on_train_view_file_saved(self, path: str) -> None:
        self.say(lambda: tr("Saved {path}").format(path=path), 8000)

    @Slot(str, str, str)
    def _on_train_view_file_failed(self, kind: str, path: str, message: str) -> None:
        if kind == "open" and path == self._reveal_path:
            self._reveal_path = None
        # The message belongs where the user is: the view they opened or saved from.
        bar = self._message_bar(self.tabs.currentWidget())
        if bar is not None and bar is not self.train_view.messages:
            bar.error(message)
        name = Path(path).name
        if kind == "open":
            self.say(lambda: tr("Could not open {name}").format(name=name), 8000)
        else:
            self.say(lambda: tr("Could not save {name}").format(name=name), 8000)

    def _message_bar(self, view: QWidget | None) -> MessageBar | None:
        return view.messages if isinstance(view, View) else None

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

    def shutdown(self, training_wait_ms: int = 10_000) -> None:
        """End the views' background work: training, file jobs, live encoding, corpus runs.

        subtle: views are child widgets, and child widgets get no close event when the
        window closes; their cleanup runs here.
        """
        self.train_view.shutdown(training_wait_ms)
        for view in self.views():
            if view is not self.train_view:
                view.shutdown()

    def views(self) -> list[View]:
        """The tabs, in order."""
        return [v for v in (self.tabs.widget(i) for i in range(self.tabs.count())) if isinstance(v, View)]

    def may_close(self) -> bool:
        """True when the window may close now; during a training, ask first (see :meth:`ask_quit`)."""
        if self._quit_confirmed or not self.train_view.controller.is_active:
            return True
        if self._quit_checkpoint is not None:
            self.say(lambda: tr("Saving the training before quitting…"), 8000)
        elif self.quit_box is None:
            self.ask_quit()
        return False

    def ask_quit(self) -> QMessageBox:
        """Ask what to do with the running training: Save & quit, Quit, or Cancel (shown without
        blocking; :attr:`quit_box` while it is open)."""
        c = self.train_view.controller
        done = (
            tr("{done} of {total} merges").format(done=f"{len(c.merges):,}", total=f"{c.target_merges:,}")
            if c.counting is not None
            else tr("still counting")
        )
        what = tr("A training is paused") if c.state == "paused" else tr("Training is running")
        box = QMessageBox(
            QMessageBox.Icon.Question,
            tr("Quit while training?"),
            tr(
                "{what} ({done}). Save it as a checkpoint to go on with it later "
                "(File > Resume training…), or quit and lose it?"
            ).format(what=what, done=done),
            QMessageBox.StandardButton.NoButton,
            self,
        )
        save = box.addButton(tr("Save && quit…"), QMessageBox.ButtonRole.AcceptRole)
        save.setToolTip(tr("Choose a checkpoint file, save the training there, then quit"))
        box.addButton(tr("Quit"), QMessageBox.ButtonRole.DestructiveRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(save)
        box.setEscapeButton(cancel)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.buttonClicked.connect(self._on_quit_box_button_clicked)
        box.finished.connect(self._on_quit_box_finished)
        self.quit_box = box
        box.open()
        return box

    @Slot(QAbstractButton)
    def _on_quit_box_button_clicked(self, button: QAbstractButton) -> None:
        box = self.quit_box
        if box is None:
            return
        role = box.buttonRole(button)
        if role == QMessageBox.ButtonRole.DestructiveRole:
            self._quit_confirmed = True
            QTimer.singleShot(0, self.close)
        elif role == QMessageBox.ButtonRole.AcceptRole:
            QTimer.singleShot(0, self._save_and_quit)

    @Slot(int)
    def _on_quit_box_finished(self, _result: int) -> None:
        self.quit_box = None

    @Slot()
    def _save_and_quit(self) -> None:
        c = self.train_view.controller
        if not c.is_active:  # it ended meanwhile: its result is a tokenizer, nothing to resume
            self.close()
            return
        base = f"{c.request.describe() if c.request else 'training'}-{len(c.merges)}"
        start = os.path.join(self.settings.last_folder or str(Path.home()), f"{safe_file_name(base)}.ckpt")
        path, _ = QFileDialog.getSaveFileName(self, tr("Save the training, then quit"), start, tr(CHECKPOINT_FILTER))
        if not path:
            return  # no file chosen: the window and the run stay
        if c.state in ("counting", "merging"):
            c.pause()  # nothing after the checkpoint would be kept
        if self.train_view.save_checkpoint(path):
            self._quit_checkpoint = path
            self.tabs.setCurrentWidget(self.train_view)
            self.say(lambda: tr("Saving the training to {path}, then quitting…").format(path=path))

    @Slot(str)
    def _on_train_view_checkpoint_saved(self, path: str) -> None:
        self.say(lambda: tr("Saved the training to {path}").format(path=path), 8000)
        if path == self._quit_checkpoint:
            self._quit_checkpoint = None
            self._quit_confirmed = True
            self.close()

    @Slot(str, str, str)
    def _on_train_view_checkpoint_failed(self, _kind: str, path: str, _message: str) -> None:
        if path == self._quit_checkpoint:
            self._quit_checkpoint = None  # the Train view says why; the window stays
            self.tabs.setCurrentWidget(self.train_view)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt naming)
        if not self.may_close():
            event.ignore()
            return
        self.settings.window_geometry = bytes(self.saveGeometry().data())
        self.train_view.remember_layout()
        # subtle: training is cancelled without waiting (the engine may sit seconds in one
        # step, e.g. building the pair index); its thread ends in the background and
        # runner's exit hook waits for it before the process ends.
        self.shutdown(training_wait_ms=0)
        runner.wait_all(100)
        super().closeEvent(event)
