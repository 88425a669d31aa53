"""The Stream-decode view's byte queue box: the queue as hex boxes (:mod:`.byte_queue`), what
the lead byte of the waiting character announces, and the legend of the boxes' colors.
"""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from app.core.i18n import bind, noop, tr
from app.features.stream.byte_queue import ByteQueueWidget, lead_byte_text

__all__ = ["QueuePanel"]

_LEGEND = noop(
    "<span style='color:#616161'>grey frame: the byte waited in the queue</span> · "
    "<span style='color:#1565c0'>blue frame: the byte came with this token</span> · "
    "<span style='background:#c8e6c9'>&nbsp;green: a complete character&nbsp;</span> · "
    "<span style='background:#ffe0b2'>&nbsp;orange: waiting for more bytes&nbsp;</span>"
)


class QueuePanel(QGroupBox):
    """The StreamingDecoder's byte queue after the last token fed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        bind(self, "setTitle", "Byte queue of the StreamingDecoder")
        self.queue = ByteQueueWidget(self)
        self.lead_label = QLabel(self)
        self.legend = QLabel(self)
        bind(self.legend, "setText", _LEGEND)
        layout = QVBoxLayout(self)
        layout.addWidget(self.queue)
        layout.addWidget(self.lead_label)
        layout.addWidget(self.legend)

    def show_empty(self) -> None:
        self.queue.set_empty(tr("The queue is empty. Press Step or Play to feed the first token."))
        self.lead_label.setText("")

    def show_step(self, queued: bytes, incoming: bytes, pending: bytes) -> None:
        """``queued`` waited, ``incoming`` came with the token; ``pending`` still waits after it."""
        if queued or incoming:
            self.queue.set_step(queued, incoming)
        else:  # a SentencePiece text's first ▁, dropped by the decoder: say so, not a blank box
            self.queue.set_empty(tr("No byte entered the queue with this token."))
        self.lead_label.setText(tr("Lead byte {text}").format(text=lead_byte_text(pending[0])) if pending else "")
