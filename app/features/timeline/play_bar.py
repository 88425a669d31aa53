"""The Timeline's play controls: back to merge 0, Play/Pause, the slider over the merges, the
spin box of k, "of n" and the speed of Play.

Its own widget because the animation (a timer that moves the slider only once the previous
position is on screen) and the speeds are a whole of their own; the view only hears where the
slider went (:attr:`PlayBar.moved`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSlider, QSpinBox, QStyle, QToolButton, QWidget

from app.core.i18n import bind, noop, tr
from app.display.format import format_count
from app.widgets import build

__all__ = ["PlayBar", "PlayMode", "Speed", "SPEEDS"]


class PlayMode(StrEnum):
    """How a speed of Play is given."""

    RATE = "rate"  # so many merges a second
    WHOLE_RUN = "whole run"  # the whole run in so many seconds, however many merges it has


@dataclass(frozen=True)
class Speed:
    """A speed of Play: its label (English, marked for the catalog), how it is given, and the
    amount (merges per second, or seconds for the whole run)."""

    label: str
    mode: PlayMode
    amount: float

    def merges_per_second(self, total: int) -> float:
        return self.amount if self.mode is PlayMode.RATE else total / self.amount


#: Play speeds; the combo shows their labels translated.
SPEEDS: tuple[Speed, ...] = (
    Speed(noop("1 merge/s"), PlayMode.RATE, 1.0),
    Speed(noop("5 merges/s"), PlayMode.RATE, 5.0),
    Speed(noop("20 merges/s"), PlayMode.RATE, 20.0),
    Speed(noop("100 merges/s"), PlayMode.RATE, 100.0),
    Speed(noop("1,000 merges/s"), PlayMode.RATE, 1000.0),
    Speed(noop("whole run in 10 s"), PlayMode.WHOLE_RUN, 10.0),
    Speed(noop("whole run in 30 s"), PlayMode.WHOLE_RUN, 30.0),
)
_DEFAULT_SPEED = 2
_PLAY_MS = 40  # animation ticks (a new position only once the previous one is shown)


class PlayBar(QWidget):
    """The slider and its play controls (see the module docstring).

    ``ready()`` says whether the position moved to last is on screen (Play waits for it).

    Signals:
        moved(int): the slider moved to k merges (by hand, by Play or by the spin box).
    """

    moved = Signal(int)

    def __init__(self, ready: Callable[[], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ready = ready
        self._total: int | None = None
        self._clock = 0.0
        self._carry = 0.0  # merges owed by the animation, not yet a whole one
        self._build()
        self._timer = QTimer(self)
        self._timer.setInterval(_PLAY_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._set_playing_look(False)
        self.set_total(None)

    def _build(self) -> None:
        self._build_buttons()
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        bind(self.slider, "setToolTip", "Drag to merge k: the text below is tokenized with only the first k merges")
        self.slider.setTracking(True)
        self.slider.valueChanged.connect(self._on_slider_value_changed)
        self.spin = QSpinBox(self)
        bind(self.spin, "setToolTip", "The number of merges (k)")
        self.spin.setKeyboardTracking(False)
        self.spin.valueChanged.connect(self.slider.setValue)
        self.of_label = QLabel(self)
        self.speed_combo = build.combo(self, tooltip="How fast Play moves the slider")
        for speed in SPEEDS:
            self.speed_combo.addItem(tr(speed.label), speed.amount)
        self.speed_combo.setCurrentIndex(_DEFAULT_SPEED)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.first_button)
        row.addWidget(self.play_button)
        row.addWidget(self.slider, 1)
        build.labelled(row, self, "merge", self.spin)
        row.addWidget(self.of_label)
        build.labelled(row, self, "Speed:", self.speed_combo)

    def _build_buttons(self) -> None:
        self.first_button = QToolButton(self)
        self.first_button.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_MediaSkipBackward))
        bind(self.first_button, "setToolTip", "Back to merge 0: every byte a token (Home on the slider)")
        self.first_button.clicked.connect(self._on_first_button_clicked)
        self.play_button = QToolButton(self)
        self.play_button.setCheckable(True)
        self.play_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.play_button.setShortcut(QKeySequence("Ctrl+Space"))
        bind(self.play_button, "setToolTip", "Play the merges as an animation at the chosen speed (Ctrl+Space)")
        self.play_button.toggled.connect(self._on_play_button_toggled)

    # -- position ---------------------------------------------------------------------------

    def value(self) -> int:
        return self.slider.value()

    def total(self) -> int:
        return self.slider.maximum()

    def set_total(self, total: int | None) -> None:
        """Range the slider and spin box over 0..``total`` merges (quietly); None: no
        tokenizer with a timeline ("merge — of —", not "0 of 0" merges it does not have)."""
        for w in (self.slider, self.spin):
            w.blockSignals(True)
            w.setRange(0, total or 0)
            w.blockSignals(False)
        self.spin.setSpecialValueText("—" if total is None else "")  # (shown at the minimum)
        self.slider.setPageStep(max(1, (total or 0) // 20))
        self.slider.setSingleStep(1)
        self._total = total
        self.of_label.setText(self._of_text())
        for widget in (self.slider, self.spin, self.play_button, self.first_button):
            widget.setEnabled(bool(total))

    def _of_text(self) -> str:
        return tr("of {n}").format(n="—" if self._total is None else format_count(self._total))

    def set_quietly(self, k: int) -> None:
        """Put the slider at ``k`` without telling (the view shows it itself)."""
        self.slider.blockSignals(True)
        self.slider.setValue(k)
        self.slider.blockSignals(False)
        self._show_in_spin(k)

    def _show_in_spin(self, k: int) -> None:
        self.spin.blockSignals(True)
        self.spin.setValue(k)
        self.spin.blockSignals(False)

    @Slot(int)
    def _on_slider_value_changed(self, k: int) -> None:
        self._show_in_spin(k)
        self.moved.emit(k)

    @Slot()
    def _on_first_button_clicked(self) -> None:
        self.stop()
        self.slider.setValue(0)

    # -- playing ----------------------------------------------------------------------------

    def is_playing(self) -> bool:
        return self.play_button.isChecked()

    def play(self, speed_index: int | None = None) -> None:
        if speed_index is not None:
            self.speed_combo.setCurrentIndex(speed_index)
        self.play_button.setChecked(True)

    def stop(self) -> None:
        self.play_button.setChecked(False)

    def speed(self) -> float:
        """Merges per second of the chosen speed."""
        return SPEEDS[self.speed_combo.currentIndex()].merges_per_second(self.slider.maximum())

    @Slot(bool)
    def _on_play_button_toggled(self, on: bool) -> None:
        self._set_playing_look(on)
        if on:
            if self.slider.value() >= self.slider.maximum():
                self.slider.setValue(0)  # play again from the start
            self._clock = time.monotonic()
            self._carry = 0.0
            self._timer.start()
        else:
            self._timer.stop()

    def _set_playing_look(self, on: bool) -> None:
        pix = QStyle.StandardPixmap.SP_MediaPause if on else QStyle.StandardPixmap.SP_MediaPlay
        self.play_button.setIcon(self.style().standardIcon(pix))
        self.play_button.setText(tr("Pause") if on else tr("Play"))

    @Slot()
    def _on_timer_timeout(self) -> None:
        now = time.monotonic()
        elapsed, self._clock = now - self._clock, now
        if not self._ready():
            return  # one position at a time: the next once this one is on screen
        self._carry += elapsed * self.speed()
        step = int(self._carry)
        if step < 1:
            return
        self._carry -= step
        k = min(self.slider.value() + step, self.slider.maximum())
        self.slider.setValue(k)
        if k >= self.slider.maximum():
            self.stop()

    def retranslate(self) -> None:
        """Write the texts composed here again (the language changed)."""
        for i, speed in enumerate(SPEEDS):
            self.speed_combo.setItemText(i, tr(speed.label))
        self.of_label.setText(self._of_text())
        self._set_playing_look(self.is_playing())
