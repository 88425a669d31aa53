"""Small builders for the widget rows every view repeats: a button or check box with its text,
tooltip, shortcut and slot; a combo box with its items; a label before a widget; an action; a
titled box. Texts are English sources, bound for translation (:func:`app.core.i18n.bind`), so a
view's build method says what it shows in one line a widget.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QAction, QHelpEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QTableWidget,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from app.core.i18n import bind, tr

__all__ = ["action", "button", "check_box", "combo", "group_box", "labelled", "shrinkable"]


def _tooltip(widget: QAbstractButton, tooltip: str | None, shortcut: str | None) -> None:
    if tooltip:
        bind(widget, "setToolTip", tooltip)
    if shortcut:
        widget.setShortcut(QKeySequence(shortcut))


def button(
    parent: QWidget,
    text: str,
    slot: Callable[..., Any] | None = None,
    *,
    tooltip: str | None = None,
    shortcut: str | None = None,
) -> QPushButton:
    """A push button saying ``text`` that calls ``slot`` when clicked."""
    widget = QPushButton(parent)
    bind(widget, "setText", text)
    _tooltip(widget, tooltip, shortcut)
    if slot is not None:
        widget.clicked.connect(slot)
    return widget


def check_box(
    parent: QWidget,
    text: str,
    slot: Callable[[bool], Any] | None = None,
    *,
    tooltip: str | None = None,
    shortcut: str | None = None,
    checked: bool = False,
) -> QCheckBox:
    """A check box saying ``text``, ``checked`` at first, that calls ``slot(on)`` when toggled."""
    widget = QCheckBox(parent)
    bind(widget, "setText", text)
    _tooltip(widget, tooltip, shortcut)
    widget.setChecked(checked)
    if slot is not None:
        widget.toggled.connect(slot)
    return widget


def combo(
    parent: QWidget,
    items: Iterable[tuple[str, Any]] = (),
    slot: Callable[[int], Any] | None = None,
    *,
    tooltip: str | None = None,
    translate: bool = True,
) -> QComboBox:
    """A combo box of ``(text, data)`` items (texts translated now) calling ``slot(index)`` on change."""
    widget = QComboBox(parent)
    for text, data in items:
        widget.addItem(tr(text) if translate else text, data)
    if tooltip:
        bind(widget, "setToolTip", tooltip)
    if slot is not None:
        widget.currentIndexChanged.connect(slot)
    return widget


def shrinkable(*combos: QComboBox, characters: int = 10) -> None:
    """Let combos shrink to ``characters`` (long names must not widen a view past 1024 pixels
    in presentation mode's large fonts; their tooltips say all), and show their whole text
    where the row has room (a fixed short width cut "Recognised (one token)" even on a wide
    screen)."""
    for widget in combos:
        widget.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        _Elided(widget, characters)


def elided(*combos: QComboBox) -> None:
    """Show each combo's choice elided with "…" when its box is narrower (see
    :func:`shown_text`), the whole choice first in its tooltip."""
    for widget in combos:
        _Elided(widget)


class _Elided(QObject):
    """Paints a combo's choice elided, and says it whole in the tooltip (see :func:`elided`);
    with ``characters``, keeps the combo's least width at that many of its font's characters
    as the font changes (zoom). One event filter for both: each filter is a call from Qt into
    Python for every event of the combo, waiting its turn for the interpreter lock while jobs
    run."""

    def __init__(self, combo: QComboBox, characters: int | None = None) -> None:
        super().__init__(combo)
        self._combo, self._characters = combo, characters
        combo.installEventFilter(self)
        self._fit()

    def _fit(self) -> None:
        if self._characters is not None:
            arrow = self._combo.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) + 16
            self._combo.setMinimumWidth(self._combo.fontMetrics().averageCharWidth() * self._characters + arrow)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if event.type() == QEvent.Type.FontChange:
            self._fit()
        elif event.type() == QEvent.Type.Paint and not self._combo.isEditable():
            _paint_elided(self._combo)
            return True
        elif event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self._combo.currentText()
            if shown_text(self._combo) != text:  # cut: the tooltip says the whole choice first
                tip = self._combo.toolTip()
                QToolTip.showText(event.globalPos(), f"{text}\n\n{tip}" if tip else text, self._combo)
                return True
        return False


def _text_field(combo: QComboBox, option: QStyleOptionComboBox) -> QRect:
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    if not option.currentIcon.isNull():
        field.setLeft(field.left() + option.iconSize.width() + 4)
    return field


def shown_text(combo: QComboBox) -> str:
    """The text a shrinkable combo shows: its choice, elided with "…" when its box is narrower
    (Qt cut "Choose a preset…" to "Choose a pre" mid-letter at 1024 pixels)."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    width = _text_field(combo, option).width()
    return combo.fontMetrics().elidedText(option.currentText, Qt.TextElideMode.ElideRight, width)


def _paint_elided(combo: QComboBox) -> None:
    """Paint ``combo`` as QComboBox does, with :func:`shown_text` for its text."""
    painter = QStylePainter(combo)
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
    option.currentText = shown_text(combo)
    painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)
    painter.end()


def labelled(layout: QBoxLayout, parent: QWidget, text: str, widget: QWidget) -> QLabel:
    """Add a label saying ``text`` and then ``widget`` to ``layout``; the label is its buddy."""
    label = QLabel(parent)
    bind(label, "setText", text)
    label.setBuddy(widget)
    layout.addWidget(label)
    layout.addWidget(widget)
    return label


def action(
    parent: QWidget,
    text: str,
    slot: Callable[..., Any] | None = None,
    *,
    tooltip: str | None = None,
    shortcut: str | QKeySequence.StandardKey | None = None,
    checkable: bool = False,
) -> QAction:
    """An action saying ``text`` (menus, tool buttons) that calls ``slot`` when triggered."""
    act = QAction(parent)
    bind(act, "setText", text)
    if tooltip:
        bind(act, "setToolTip", tooltip)
    if shortcut is not None:
        act.setShortcut(QKeySequence(shortcut))
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    act.setCheckable(checkable)
    if slot is not None:
        act.triggered.connect(slot)
    return act


def group_box(parent: QWidget, title: str, *widgets: QWidget, margins: int = 4) -> QGroupBox:
    """A box titled ``title`` holding ``widgets`` one under the other."""
    box = QGroupBox(parent)
    bind(box, "setTitle", title)
    lay = QVBoxLayout(box)
    lay.setContentsMargins(margins, margins, margins, margins)
    for widget in widgets:
        lay.addWidget(widget)
    return box


def step_table(parent: QWidget, tooltip: str) -> QTableWidget:
    """A read-only three-column table of an Explain page (two fitted columns, the last
    stretched, no row numbers, nothing selectable), rows as tall as a line; ``tooltip`` is
    bound for translation."""
    table = QTableWidget(0, 3, parent)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
    bind(table, "setToolTip", tooltip)
    return table
