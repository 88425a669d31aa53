"""The Stream-decode view's two outputs side by side: what the StreamingDecoder printed (only
complete characters) and what a naive per-token ``decode([id])`` prints (U+FFFD for every
piece of a split character). What the last token added is highlighted in each.

The texts are large (22 pt at the default font) and follow the window's zoom: the panel
writes its HTML again when its font changes.
"""

from __future__ import annotations

import regex
from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QTextCursor
from PySide6.QtWidgets import QGroupBox, QSplitter, QTextEdit, QVBoxLayout, QWidget

from app.core.i18n import bind, noop
from app.display.format import visible_html

__all__ = ["OutputsPanel", "html_text", "FFFD"]

FFFD = "\ufffd"
_OUTPUT_PT = 22.0  # at the default font size
_NEW_OUTPUT, _NEW_NAIVE = "#a5d6a7", "#fff59d"  # what the last token added


def html_text(text: str, highlight_from: int, color: str, size_pt: float = _OUTPUT_PT) -> str:
    """``text`` as HTML; characters from ``highlight_from`` on get a background; U+FFFD in red."""

    def esc(t: str) -> str:
        return visible_html(t).replace(FFFD, f"<span style='background:#ffcdd2;color:#b71c1c'>{FFFD}</span>")

    # subtle: a highlight starting inside a grapheme cluster (🤚 fed, then its skin tone 🏾)
    # splits the cluster over two text runs, and Qt then draws two glyphs: start the
    # highlight at the cluster's first character instead.
    for cluster in regex.finditer(r"\X", text):
        if cluster.start() < highlight_from < cluster.end():
            highlight_from = cluster.start()
            break
    head, tail = text[:highlight_from], text[highlight_from:]
    body = esc(head) + (f"<span style='background:{color}'>{esc(tail)}</span>" if tail else "")
    return f"<div style='font-size:{size_pt:.1f}pt'>{body}</div>" if body else ""


class OutputsPanel(QSplitter):
    """The decoder's output beside the naive one (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self._base_pt = self.font().pointSizeF()  # the outputs' size follows the font from here
        self._shown: tuple[str, str, str, str] = ("", "", "", "")  # output, its new part, naive, its new part
        self.output_view = self._text_view(noop("Nothing printed yet: the decoder waits for complete characters."))
        self.naive_view = self._text_view(noop("Nothing printed yet."))
        self.addWidget(self._box(noop("StreamingDecoder output: only complete characters"), self.output_view))
        naive_box = self._box(noop("Naive: print(decode([id])) for each token"), self.naive_view)
        bind(
            naive_box,
            "setToolTip",
            "Decoding every token on its own turns each piece of a split character into U+FFFD (�).",
        )
        self.addWidget(naive_box)

    def _box(self, title: str, view: QTextEdit) -> QGroupBox:
        """A titled box with the style's margins (roomier than build.group_box's: large text)."""
        box = QGroupBox(self)
        bind(box, "setTitle", title)
        QVBoxLayout(box).addWidget(view)
        return box

    def _text_view(self, placeholder: str) -> QTextEdit:
        view = QTextEdit(self)
        view.setReadOnly(True)
        bind(view, "setPlaceholderText", placeholder)
        return view

    def show_texts(self, output: str, new_output: str, naive: str, new_naive: str) -> None:
        """The outputs so far; ``new_output`` and ``new_naive`` (their ends) came with the last token."""
        self._shown = (output, new_output, naive, new_naive)
        pt = _OUTPUT_PT * self.font().pointSizeF() / self._base_pt
        self.output_view.setHtml(html_text(output, len(output) - len(new_output), _NEW_OUTPUT, pt))
        self.naive_view.setHtml(html_text(naive, len(naive) - len(new_naive), _NEW_NAIVE, pt))
        for view in (self.output_view, self.naive_view):
            view.moveCursor(QTextCursor.MoveOperation.End)  # what the last token added stays in view
            view.ensureCursorVisible()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        """Room for a line of the large text in each box (the rest of the texts scroll)."""
        pt = _OUTPUT_PT * self.font().pointSizeF() / self._base_pt
        font = QFont(self.font())
        font.setPointSizeF(pt)
        view = self.output_view
        line = QFontMetrics(font).lineSpacing() + 2 * view.document().documentMargin() + 2 * view.frameWidth()
        box = view.parentWidget()
        chrome = box.sizeHint().height() - view.sizeHint().height() if box is not None else 0
        return QSize(super().minimumSizeHint().width(), int(line + chrome) + 4)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt naming)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.show_texts(*self._shown)  # the HTML names its size: write it again
            self.updateGeometry()
