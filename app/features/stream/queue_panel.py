"""The Stream-decode view's byte queue box: the queue as hex boxes (:mod:`.byte_queue`), and
beside it what the lead byte of the waiting character announces and the legend of the boxes'
colors (beside, not under: a 1024x700 window has no height to spare for two more lines).
"""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from app.core.i18n import bind, noop, tr
from app.features.stream.byte_queue import ByteQueueWidget, lead_byte_text

__all__ = ["QueuePanel"]

_LEGEND = noop(
    "<span style='color:#616161'>grey frame: the byte waited in the queue</span><br>"
    "<span style='color:#1565c0'>blue frame: the byte came with this token</span><br>"
    "<span style='background:#c8e6c9'>&nbsp;green: a complete character&nbsp;</span><br>"
    "<span style='background:#ffe0b2'>&nbsp;orange: waiting for more bytes&nbsp;</span>"
)


class QueuePanel(QGroupBox):
    """The StreamingDecoder's byte queue after the last token fed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        bind(self, "setTitle", "Byte queue of the StreamingDecoder")
        self.queue = ByteQueueWidget(self)
        self.lead_label = QLabel(self)
        self.lead_label.setWordWrap(True)
        self.legend = QLabel(self)
        self.legend.setWordWrap(True)
        bind(self.legend, "setText", _LEGEND)
        side = QVBoxLayout()
        side.addWidget(self.lead_label)
        side.addWidget(self.legend)
        side.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addWidget(self.queue, 3)
        layout.addLayout(side, 2)

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
