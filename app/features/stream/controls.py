"""The Stream-decode view's controls: the text (or a preset) and the tokenizer on one row;
Reset, Play/Pause, Step, the speed and how many tokens were fed on the next.

The widgets and their texts live here; the view connects to the buttons and the slider and
plays (it owns the decoder and the timer).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QSlider, QVBoxLayout, QWidget

from app.content.presets import STREAM_PRESETS
from app.core.i18n import bind, tr, tr_n
from app.core.registry import TokenizerRegistry
from app.display.format import format_count
from app.widgets import build
from app.widgets.text_input import use_monospace
from app.widgets.tokenizer_picker import TokenizerPicker

__all__ = ["StreamControls", "MAX_SPEED"]

MAX_SPEED = 20  # slider steps of half a token per second: 0.5 to 10 tokens/s
_FIRST_SPEED = 2  # one token a second: slow enough to read every step


class StreamControls(QWidget):
    """Text, preset and tokenizer; Reset, Play, Step, speed and position (module docstring)."""

    def __init__(self, registry: TokenizerRegistry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._build_source_row(registry))
        layout.addLayout(self._build_play_row())

    def _build_source_row(self, registry: TokenizerRegistry) -> QHBoxLayout:
        self.text_edit = QLineEdit(self)
        bind(self.text_edit, "setPlaceholderText", "Text to stream, e.g. 國 or 🤚🏾")
        use_monospace(self.text_edit)
        self.preset_combo = build.combo(self, [("Choose a preset…", "")])
        for title, text in STREAM_PRESETS:
            self.preset_combo.addItem(tr(title), text)
        self.picker = TokenizerPicker(registry, self)
        row = QHBoxLayout()
        build.labelled(row, self, "Text:", self.text_edit)
        row.setStretchFactor(self.text_edit, 2)
        build.labelled(row, self, "Preset:", self.preset_combo)
        build.labelled(row, self, "Tokenizer:", self.picker)
        return row

    def _build_play_row(self) -> QHBoxLayout:
        self.reset_button = build.button(
            self, "⏮ Reset", tooltip="Start again with an empty queue (Ctrl+Shift+R)", shortcut="Ctrl+Shift+R"
        )
        # Not bound to one text: it says Play or Pause (show_playing).
        self.play_button = QPushButton(tr("▶ Play"), self)
        self.play_button.setShortcut(QKeySequence("Ctrl+P"))
        bind(self.play_button, "setToolTip", "Feed the tokens one by one at the chosen speed; again to pause (Ctrl+P)")
        self.step_button = build.button(self, "Step ⏭", tooltip="Feed exactly one token (Ctrl+N)", shortcut="Ctrl+N")
        self.speed_slider = QSlider(Qt.Orientation.Horizontal, self)
        self.speed_slider.setRange(1, MAX_SPEED)
        self.speed_slider.setValue(_FIRST_SPEED)
        self.speed_slider.setMaximumWidth(180)
        bind(self.speed_slider, "setToolTip", "Tokens per second while playing")
        self.speed_label = QLabel(self)
        self.position_label = QLabel(self)
        row = QHBoxLayout()
        for w in (self.reset_button, self.play_button, self.step_button):
            row.addWidget(w)
        row.addSpacing(16)
        build.labelled(row, self, "Speed:", self.speed_slider)
        row.addWidget(self.speed_label)
        row.addSpacing(16)
        row.addWidget(self.position_label)
        row.addStretch(1)
        return row

    def tokens_per_second(self) -> float:
        return self.speed_slider.value() / 2

    def show_speed(self) -> None:
        tps = self.tokens_per_second()
        self.speed_label.setText(tr("1 token/s") if tps == 1 else tr("{n} tokens/s").format(n=f"{tps:g}"))

    def show_playing(self, playing: bool) -> None:
        """Play becomes Pause while playing."""
        self.play_button.setText(tr("⏸ Pause") if playing else tr("▶ Play"))

    def show_position(self, fed: int, total: int | None) -> None:
        """``fed`` of ``total`` tokens fed (None: nothing prepared); the buttons that can act now."""
        n = total or 0
        fed_text = tr_n("Fed <b>{k}</b> of %n token(s)", n).format(k=format_count(fed))
        self.position_label.setText(fed_text if total is not None else "")
        self.step_button.setEnabled(total is not None and fed < n)
        self.play_button.setEnabled(total is not None and n > 0)
        self.reset_button.setEnabled(fed > 0)

    def retranslate(self, playing: bool) -> None:
        """The texts composed here, in the new language (the rest is bound)."""
        self.preset_combo.setItemText(0, tr("Choose a preset…"))
        for i, (title, _text) in enumerate(STREAM_PRESETS, start=1):
            self.preset_combo.setItemText(i, tr(title))
        self.show_playing(playing)
        self.show_speed()
