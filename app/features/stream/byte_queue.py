"""The stream decoder's byte queue as hex boxes, for the stream-decode view.

After each token the widget shows the bytes that were waiting in the queue (grey frame)
followed by the token's bytes (blue frame), grouped into UTF-8 characters by their lead
byte: a complete character is green with the character under it ("→ output"); the
incomplete one left at the end is orange, followed by dashed empty boxes for the bytes it
still needs, with the lead byte's announcement ("e5 = 1110xxxx: a 3-byte character").

Pure display: the decoding itself is the engine's :class:`~bpe_engine.StreamingDecoder`.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QRectF, QSize, Qt, Slot
from PySide6.QtGui import QColor, QFont, QFontDatabase, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.core.i18n import connect, tr, tr_n
from app.display.format import visible
from bpe_engine import utf8_sequence_length

__all__ = ["ByteGroup", "ByteQueueWidget", "group_bytes", "lead_byte_text"]

_BOX, _GAP, _GROUP_GAP, _MARGIN = 46.0, 4.0, 14.0, 10.0
_BELOW_BOX = 72.0  # the margin above the boxes and the two caption lines under them
_GREEN, _ORANGE, _RED = QColor("#c8e6c9"), QColor("#ffe0b2"), QColor("#ffcdd2")
_QUEUED, _INCOMING = QColor("#757575"), QColor("#1565c0")


@dataclass(frozen=True)
class ByteGroup:
    """One character's bytes: ``queued`` of them were already waiting before this token."""

    data: bytes
    queued: int
    complete: bool
    char: str  # the character when complete ("" otherwise; U+FFFD for an invalid byte)
    expected: int  # length announced by the lead byte (0: not a lead byte)

    @property
    def needed(self) -> int:
        return max(self.expected - len(self.data), 0) if not self.complete else 0


def lead_byte_text(lead: int) -> str:
    """``0xe5`` -> ``"e5 = 1110 0101: lead byte of a 3-byte character"``."""
    n = utf8_sequence_length(lead)
    bits = f"{lead:08b}"
    bits = bits[:4] + " " + bits[4:]
    if n == 1:
        return tr("{hex} = {bits}: a 1-byte (ASCII) character").format(hex=f"{lead:02x}", bits=bits)
    if n == 0:
        return tr("{hex} = {bits}: a continuation byte (10xxxxxx), not the start of a character").format(
            hex=f"{lead:02x}", bits=bits
        )
    return tr("{hex} = {bits}: lead byte of a {n}-byte character ({n} leading 1-bits)").format(
        hex=f"{lead:02x}", bits=bits, n=n
    )


def group_bytes(queued: bytes, incoming: bytes) -> list[ByteGroup]:
    """Cut ``queued + incoming`` into characters by their lead bytes."""
    data = queued + incoming
    groups = []
    i = 0
    while i < len(data):
        n = utf8_sequence_length(data[i])
        if n == 0:  # a stray continuation byte: invalid on its own
            groups.append(ByteGroup(data[i : i + 1], min(max(len(queued) - i, 0), 1), True, "\ufffd", 0))
            i += 1
            continue
        chunk = data[i : i + n]
        q = min(max(len(queued) - i, 0), len(chunk))
        if len(chunk) < n:
            groups.append(ByteGroup(chunk, q, False, "", n))
        else:
            try:
                ch = chunk.decode("utf-8")
            except UnicodeDecodeError:
                ch = "\ufffd"
            groups.append(ByteGroup(chunk, q, True, ch, n))
        i += len(chunk)
    return groups


class ByteQueueWidget(QWidget):
    """The queue after the last token, as hex boxes grouped into characters (module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._groups: list[ByteGroup] = []
        self._message = tr("The queue is empty. Press Step or Play to feed the first token.")
        self._base_pt = self.font().pointSizeF()  # boxes and fonts grow with the font (zoom)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._set_fonts()
        connect(self._on_language_changed)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self.update()  # the captions under the boxes are written when painting

    def _scale(self) -> float:
        return self.font().pointSizeF() / self._base_pt if self._base_pt > 0 else 1.0

    def _set_fonts(self) -> None:
        self._hex = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self._hex.setPointSizeF(self.font().pointSizeF() * 1.25)
        self._hex.setBold(True)
        self._char = QFont(self.font())
        self._char.setPointSizeF(self.font().pointSizeF() * 1.6)
        self.setMinimumHeight(int((_BOX + _BELOW_BOX) * self._scale()))
        self.updateGeometry()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt naming)
        if event.type() == QEvent.Type.FontChange:
            self._set_fonts()
            self.update()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(600, int((_BOX + _BELOW_BOX) * self._scale()))

    def set_step(self, queued: bytes, incoming: bytes) -> None:
        """Show the queue after a token: ``queued`` were waiting, ``incoming`` arrived."""
        self._groups = group_bytes(queued, incoming)
        self._message = ""
        self.update()

    def set_empty(self, message: str) -> None:
        self._groups = []
        self._message = message
        self.update()

    def groups(self) -> list[ByteGroup]:
        return list(self._groups)

    def pending_group(self) -> ByteGroup | None:
        return self._groups[-1] if self._groups and not self._groups[-1].complete else None

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self._groups:
            p.setPen(self.palette().placeholderText().color())
            p.drawText(self.rect().adjusted(10, 10, -10, -10), Qt.TextFlag.TextWordWrap, self._message)
            p.end()
            return
        # Long tokens: shrink the boxes so that the whole queue stays visible.
        boxes = sum(len(g.data) + g.needed for g in self._groups)
        room = self.width() - 2 * _MARGIN - _GROUP_GAP * len(self._groups)
        box = max(min(_BOX * self._scale(), room / max(boxes, 1) - _GAP), 18.0)
        x = _MARGIN
        for g in self._groups:
            x = self._paint_group(p, g, x, box) + _GROUP_GAP
        p.end()

    def _paint_group(self, p: QPainter, g: ByteGroup, x: float, box: float) -> float:
        """One character's boxes from ``x``, its caption under them; the x after them."""
        top = _MARGIN + 4
        fill = _GREEN if g.complete and g.char != "\ufffd" else (_RED if g.complete else _ORANGE)
        start_x = x
        for k, b in enumerate(g.data):
            r = QRectF(x, top, box, box)
            p.setBrush(fill)
            p.setPen(QPen(_QUEUED if k < g.queued else _INCOMING, 2.5 if k >= g.queued else 1.5))
            p.drawRoundedRect(r, 5, 5)
            p.setFont(self._hex)
            p.setPen(QColor("#212121"))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, f"{b:02x}")
            x += box + _GAP
        for _ in range(g.needed):  # the bytes still to come: dashed and empty
            r = QRectF(x, top, box, box)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(QColor("#ef6c00"), 1.5, Qt.PenStyle.DashLine))
            p.drawRoundedRect(r, 5, 5)
            p.setFont(self._hex)
            p.setPen(QColor("#ef6c00"))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, "?")
            x += box + _GAP
        self._paint_caption(p, g, QRectF(start_x, top + box + 6, x - _GAP - start_x, 30 * self._scale()))
        return x

    def _paint_caption(self, p: QPainter, g: ByteGroup, span: QRectF) -> None:
        """Under a character's boxes: the character and "→ output", or the bytes it still needs."""
        scale = self._scale()
        p.setPen(QColor("#1b5e20") if g.complete else QColor("#e65100"))
        if g.complete:
            p.setFont(self._char)
            p.drawText(span, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, visible(g.char))
            p.setFont(self.font())
            p.drawText(
                QRectF(span.left(), span.bottom(), max(span.width(), 70 * scale), 18 * scale),
                Qt.AlignmentFlag.AlignHCenter,
                tr("→ output"),
            )
        else:
            p.setFont(self.font())
            label = tr_n("needs %n more byte(s)", g.needed)
            p.drawText(
                QRectF(span.left(), span.top() + 4, max(span.width(), 150 * scale), 40 * scale),
                Qt.AlignmentFlag.AlignLeft,
                label,
            )
