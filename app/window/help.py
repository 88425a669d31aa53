"""Help: the F1 guide (the tabs, the byte notation, every shortcut) and About.

The guide is shown without blocking and follows a language switch while it is open; its
shortcuts come from the Train view's and the presentation's tables, so they stay true.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox, QTextBrowser, QVBoxLayout, QWidget

import bpe_engine
from app.core import i18n
from app.core.i18n import bind, tr
from app.features.train.view import SHORTCUTS
from app.widgets import build
from app.window.back_link import BackLink
from app.window.presentation import SHORTCUTS as VIEW_SHORTCUTS
from app.window.tabs import TAB_COUNT

__all__ = ["Help", "guide_html"]


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
<p><b>Families</b> cuts one text seven ways: characters, UTF-8 bytes, words with &lt;UNK&gt;,
character-level BPE with byte fallback, byte-level BPE (trained there, or a tokenizer of the
session), WordPiece (BERT) and Unigram, with their token counts, bytes per token, vocabulary
sizes, unknowns, tokens holding part of a character and whether decoding gives the text back.</p>
<p><b>Measure</b> measures 1 to 5 tokenizers as the research does: the language tax on the
Universal Declaration of Human Rights in 100 languages (each language's tokens against
English's for the same text, grouped by script, with a Gini coefficient), compression,
fertility and Rényi efficiency, and vocabulary health (unreachable, part-character, unused and
intermediate-only tokens); export the tables (CSV) and the chart (PNG, SVG).</p>
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


class GuideDialog(QDialog):
    """The guide in a scrolling page, never taller or wider than the screen (a 1024x700
    projector showed a message box taller than itself, its Close button out of reach)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        bind(self, "setWindowTitle", "BPE Explorer guide")
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        self._html = ""

    def text(self) -> str:
        return self._html

    def setText(self, html: str) -> None:  # noqa: N802 (as QMessageBox's, which it replaced)
        self._html = html
        self.browser.setHtml(html)

    def fit_to_screen(self) -> None:
        """As large as the page wants, within nine tenths of the screen's room."""
        room = (self.parentWidget() or self).screen().availableGeometry()
        # (a copy: the browser wraps its own document at its viewport's width, ~80 pixels before
        # it is shown, and the guide opened a column 144 pixels wide)
        document = self.browser.document().clone(self)
        document.setTextWidth(min(760, int(room.width() * 0.9) - 40))
        want_w = int(document.idealWidth()) + 60
        want_h = int(document.size().height()) + 100
        document.deleteLater()
        self.resize(min(want_w, int(room.width() * 0.9)), min(want_h, int(room.height() * 0.9)))


class Help(QObject):
    """Help > Guide and shortcuts (F1) and Help > About, for one window."""

    window = BackLink["QWidget"]()  # weak: the window holds this part (see back_link)

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.guide: GuideDialog | None = None  # the F1 guide, once shown
        self.guide_action = build.action(
            window, "&Guide and shortcuts", self.show_guide, shortcut=QKeySequence.StandardKey.HelpContents
        )
        self.about_action = build.action(window, "&About BPE Explorer", self.show_about)
        i18n.connect(self._on_language_changed)

    @Slot()
    def show_guide(self) -> None:
        box = GuideDialog(self.window)
        box.setText(guide_html())
        box.fit_to_screen()
        self.guide = box  # shown without blocking: keep it alive
        box.open()

    @Slot()
    def show_about(self) -> None:
        QMessageBox.about(
            self.window,
            tr("About BPE Explorer"),
            tr(
                "<b>BPE Explorer {version}</b><p>Train byte-level BPE and watch every merge, "
                "tokenize text, compare with OpenAI's encodings, and see why bytes are the atoms.</p>"
                "<p>Press F1 for the guide and the shortcuts.</p>"
            ).format(version=bpe_engine.__version__),
        )

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        if self.guide is not None:
            self.guide.setText(guide_html())
