"""The window in front of a class: zoom, presentation mode, and exports of the current view.

:class:`Presentation` owns the window-wide actions (the main window puts them in its menus):

- **Zoom** (Ctrl+= or Ctrl++, Ctrl+-, Ctrl+0): one factor for the whole window, remembered in
  the settings; every view's fonts, chips, tables and plots follow (:mod:`app.widgets.zoom`).
- **Presentation mode** (F11, View menu): full screen, fonts 1.5 times the zoom,
  high-contrast chips (the window property of :mod:`app.widgets.chip_painter`), the status bar
  and each view's secondary panels hidden (views that have such panels implement
  ``set_presentation(on)``). F11 again restores everything.
- **Export** the current view as a PNG picture (Ctrl+Shift+P; twice the pixels in presentation
  mode, for slides) or an SVG drawing (Ctrl+Shift+E), and the tokens a view shows as a
  standalone HTML page (Ctrl+Shift+H; views that can implement ``html_page(contrast)``).
  Files are written atomically.

It leaves out the views themselves and what the window does with its tabs.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QTabWidget, QWidget

from app.core.i18n import bind, noop, tr
from app.core.settings import Settings
from app.features.train.results import safe_file_name
from app.widgets.chip_painter import HIGH_CONTRAST_PROPERTY
from app.widgets.export import export_png, export_svg, save_text
from app.widgets.view import View
from app.widgets.zoom import MAX_ZOOM, MIN_ZOOM, ZOOM_STEPS, catch_up, walk_zoom, zoom_window_font
from app.window.back_link import BackLink

__all__ = ["Presentation", "PRESENTATION_BOOST", "SHORTCUTS"]

#: Presentation mode's fonts, relative to the zoom.
PRESENTATION_BOOST = 1.5
#: The shortcuts of the actions, as the guide and the README list them.
SHORTCUTS = {
    "zoom_in": "Ctrl+=",
    "zoom_out": "Ctrl+-",
    "zoom_reset": "Ctrl+0",
    "presentation": "F11",
    "export_png": "Ctrl+Shift+P",
    "export_svg": "Ctrl+Shift+E",
    "export_html": "Ctrl+Shift+H",
}


class _Lazy:
    """A source text that formats as its translation at the time (a field of :func:`bind`)."""

    def __init__(self, source: str) -> None:
        self.source = source

    def __format__(self, spec: str) -> str:
        return format(tr(self.source), spec)


class Presentation(QObject):
    """Zoom, presentation mode and exports for one window (see the module docstring).

    Signals:
        zoom_changed(float): the factor now applied to the window (zoom × presentation boost).
        presentation_changed(bool): presentation mode was turned on or off.
        exported(str): the current view (or its tokens) was saved to this path.
        export_failed(str): an export could not be written; the message says why.
    """

    window = BackLink["QMainWindow"]()  # weak: the window holds this part (see back_link)

    zoom_changed = Signal(float)
    presentation_changed = Signal(bool)
    exported = Signal(str)
    export_failed = Signal(str)

    def __init__(self, window: QMainWindow, tabs: QTabWidget, settings: Settings) -> None:
        super().__init__(window)
        self.window = window
        self.tabs = tabs
        self.settings = settings
        self.base_font = QFont(window.font())
        self._zoom = min(max(settings.zoom, MIN_ZOOM), MAX_ZOOM)
        self._presenting = False
        self._state_before = window.windowState()
        self._state_timer = QTimer(self)
        self._state_timer.setSingleShot(True)
        self._state_timer.setInterval(0)
        self._state_timer.timeout.connect(self._on_state_timer_timeout)
        self._steps: list[Callable[[], None]] = []  # what presentation mode has left to do, a step per turn
        # A zoom's walk (own fonts, heights) comes a turn after the window's font: the relayout
        # and paint at the new font and the walk's own were one turn of 85-135 ms of CPU.
        self._walk_owed: tuple[float, QWidget | None] | None = None  # (the factor before, the tab then)
        self._walk_timer = QTimer(self)
        self._walk_timer.setSingleShot(True)
        self._walk_timer.setInterval(0)
        self._walk_timer.timeout.connect(self.finish_zoom)
        self._build_actions()
        tabs.currentChanged.connect(self._on_tabs_current_changed)
        self._on_tabs_current_changed(tabs.currentIndex())

    def _build_actions(self) -> None:
        """The window-wide actions, each with its shortcut, status tip and tooltip."""
        self.zoom_in_action = self._action(
            "zoom_in", noop("Zoom &in"), noop("Larger text and chips in every view"), self.zoom_in
        )
        self.zoom_in_action.setShortcuts([QKeySequence(SHORTCUTS["zoom_in"]), QKeySequence("Ctrl++")])
        self.zoom_out_action = self._action(
            "zoom_out", noop("Zoom &out"), noop("Smaller text and chips in every view"), self.zoom_out
        )
        self.zoom_reset_action = self._action(
            "zoom_reset", noop("&Actual size"), noop("Text and chips at their normal size"), self.reset_zoom
        )
        self.presentation_action = self._action(
            "presentation",
            noop("&Presentation mode"),
            noop("Full screen, large fonts, high-contrast chips, secondary panels hidden (F11 again to leave)"),
        )
        self.presentation_action.setCheckable(True)
        self.presentation_action.toggled.connect(self.set_presenting)
        self.export_png_action = self._action(
            "export_png",
            noop("Export view as &PNG…"),
            noop("Save the current view as a picture (twice the pixels when presenting)"),
            self._on_export_png_triggered,
        )
        self.export_svg_action = self._action(
            "export_svg",
            noop("Export view as &SVG…"),
            noop("Save the current view as an SVG drawing (text and shapes stay sharp)"),
            self._on_export_svg_triggered,
        )
        self.export_html_action = self._action(
            "export_html",
            noop("Export tokens as &HTML…"),
            noop("Save the tokens this view shows as a standalone web page: colored chips, ids on hover"),
            self._on_export_html_triggered,
        )

    def _action(self, name: str, text: str, tip: str, slot: Callable[[], object] | None = None) -> QAction:
        """The window-wide action ``name`` (its shortcut in :data:`SHORTCUTS`) saying ``text``;
        ``tip`` is its status tip and, with the shortcut, its tooltip. Texts are marked by the caller."""
        action = QAction(self.window)
        bind(action, "setText", text)
        action.setShortcut(QKeySequence(SHORTCUTS[name]))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.window.addAction(action)
        bind(action, "setStatusTip", tip)
        bind(action, "setToolTip", "{tip} ({shortcut})", tip=_Lazy(tip), shortcut=SHORTCUTS[name])
        if slot is not None:
            action.triggered.connect(slot)
        return action

    # -- zoom -------------------------------------------------------------------------------

    @property
    def zoom(self) -> float:
        """The user's zoom (remembered); presentation mode multiplies it (:meth:`factor`)."""
        return self._zoom

    def factor(self) -> float:
        """The factor applied to the window's fonts now."""
        return self._zoom * (PRESENTATION_BOOST if self._presenting else 1.0)

    def apply(self, walk_now: bool = True) -> None:
        """Apply the current factor to the window and its current tab (also widgets made since).

        The other tabs follow when shown (:meth:`_on_tabs_current_changed`). ``walk_now``
        false: what does not inherit the window's font (own fonts, heights, plots) follows in
        the next turn of the event loop (:meth:`zoom_pending` until then).
        """
        self.finish_zoom()  # (the walk owed by a zoom before starts from that zoom's factor)
        current = self.tabs.currentWidget()
        old = zoom_window_font(self.window, self.factor(), self.base_font, later=self._hidden(current))
        self._walk_owed = (old, current)
        if walk_now:
            self.finish_zoom()
        else:
            self._walk_timer.start()

    def _hidden(self, current: QWidget | None) -> list[QWidget]:
        pages = (self.tabs.widget(i) for i in range(self.tabs.count()))
        return [w for w in pages if w is not None and w is not current]

    def zoom_pending(self) -> bool:
        """Own fonts, heights and plots have not followed the last zoom yet (a turn later)."""
        return self._walk_owed is not None

    @Slot()
    def finish_zoom(self) -> None:
        """The zoom's walk now, if one is owed (:meth:`apply`)."""
        if self._walk_owed is None:
            return
        (old, tab), self._walk_owed = self._walk_owed, None
        self._walk_timer.stop()
        walk_zoom(self.window, old, later=self._hidden(tab))
        if tab is not None:
            catch_up(self.window, tab)

    def set_zoom(self, zoom: float) -> None:
        zoom = min(max(zoom, MIN_ZOOM), MAX_ZOOM)
        self._zoom = zoom
        self.settings.zoom = zoom
        self.apply(walk_now=False)
        self.zoom_in_action.setEnabled(zoom < MAX_ZOOM)
        self.zoom_out_action.setEnabled(zoom > MIN_ZOOM)
        self.window.statusBar().showMessage(tr("Zoom {percent} %").format(percent=round(zoom * 100)), 3000)
        self.zoom_changed.emit(self.factor())

    @Slot()
    def zoom_in(self) -> None:
        self.set_zoom(next((z for z in ZOOM_STEPS if z > self._zoom + 1e-6), MAX_ZOOM))

    @Slot()
    def zoom_out(self) -> None:
        self.set_zoom(next((z for z in reversed(ZOOM_STEPS) if z < self._zoom - 1e-6), MIN_ZOOM))

    @Slot()
    def reset_zoom(self) -> None:
        self.set_zoom(1.0)

    # -- presentation mode ------------------------------------------------------------------

    @property
    def presenting(self) -> bool:
        return self._presenting

    @Slot(bool)
    def set_presenting(self, on: bool) -> None:
        """Presentation mode on or off (see the module docstring)."""
        if on == self._presenting:
            return
        self._presenting = on
        if self.presentation_action.isChecked() != on:
            self.presentation_action.setChecked(on)
        window = self.window
        window.setProperty(HIGH_CONTRAST_PROPERTY, on)
        self.apply()
        window.update()  # (all it shows: chips repaint in their new colors)
        # The panels, then full screen (or back), each in a turn of the event loop of its own:
        # the relayouts and paints at the new fonts, panels and size then come apart (fonts
        # and panels in one turn held the GUI thread 114-166 ms of CPU while a Families
        # training's thread competed for the interpreter lock).
        self._steps = [self._follow_panels, self._follow_presenting]
        self._state_timer.start()
        self.presentation_changed.emit(on)
        self.zoom_changed.emit(self.factor())

    @Slot()
    def _on_state_timer_timeout(self) -> None:
        if self._steps:
            self._steps.pop(0)()
        if self._steps:
            self._state_timer.start()

    def _follow_panels(self) -> None:
        """The status bar and each view's secondary panels as presentation mode wants them."""
        self.window.statusBar().setVisible(not self._presenting)
        for i in range(self.tabs.count()):
            view = self.tabs.widget(i)
            if isinstance(view, View):
                view.set_presentation(self._presenting)

    def _follow_presenting(self) -> None:
        """The window's state as presentation mode wants it (full screen, or as before)."""
        window = self.window
        if self._presenting and not window.isFullScreen():
            self._state_before = window.windowState()
            window.showFullScreen()
        elif not self._presenting and window.isFullScreen():
            window.setWindowState(self._state_before)
            window.show()

    def state_pending(self) -> bool:
        """The window's panels or full screen state have not followed presentation mode yet."""
        return bool(self._steps)

    # -- exports ----------------------------------------------------------------------------

    def current_view(self) -> QWidget:
        view = self.tabs.currentWidget()
        assert view is not None
        return view

    def view_name(self, view: QWidget | None = None) -> str:
        index = self.tabs.indexOf(view or self.current_view())
        return self.tabs.tabText(index).replace("&", "")

    def export_view_png(self, path: str, view: QWidget | None = None) -> bool:
        """Save ``view`` (default: the current one) as a PNG; twice the pixels when presenting."""
        view = view or self.current_view()
        return self._export(path, lambda: export_png(view, path, scale=2.0 if self._presenting else 1.0))

    def export_view_svg(self, path: str, view: QWidget | None = None) -> bool:
        """Save ``view`` (default: the current one) as an SVG drawing."""
        view = view or self.current_view()
        return self._export(
            path, lambda: export_svg(view, path, tr("BPE Explorer: {view}").format(view=self.view_name(view)))
        )

    def html_page(self, view: QWidget | None = None) -> str | None:
        """The tokens ``view`` shows as a standalone HTML page (None: it shows none)."""
        view = view or self.current_view()
        return view.html_page(self._presenting) if isinstance(view, View) else None

    def export_tokens_html(self, path: str, view: QWidget | None = None) -> bool:
        """Save the tokens ``view`` (default: the current one) shows as a standalone HTML page."""
        page = self.html_page(view)
        if page is None:
            self.export_failed.emit(tr("This view shows no tokens to export."))
            return False
        return self._export(path, lambda: save_text(path, page))

    def _export(self, path: str, write: Callable[[], object]) -> bool:
        try:
            write()
        except OSError as exc:
            self.window.statusBar().showMessage(tr("Could not export to {path}").format(path=path), 8000)
            self.export_failed.emit(str(exc))  # the reason names the file
            return False
        self.window.statusBar().showMessage(tr("Exported {path}").format(path=path), 8000)
        self.settings.last_folder = str(Path(path).parent)
        self.exported.emit(path)
        return True

    def _ask_path(self, what: str, suffix: str, file_filter: str) -> str:
        name = f"{safe_file_name(self.view_name())}.{suffix}"
        start = os.path.join(self.settings.last_folder or str(Path.home()), name)
        path, _ = QFileDialog.getSaveFileName(self.window, what, start, file_filter)
        if path and not path.lower().endswith(f".{suffix}"):
            path += f".{suffix}"
        return path

    @Slot()
    def _on_export_png_triggered(self) -> None:
        path = self._ask_path(
            tr("Export the {view} view as PNG").format(view=self.view_name()), "png", tr("PNG picture (*.png)")
        )
        if path:
            self.export_view_png(path)

    @Slot()
    def _on_export_svg_triggered(self) -> None:
        path = self._ask_path(
            tr("Export the {view} view as SVG").format(view=self.view_name()), "svg", tr("SVG drawing (*.svg)")
        )
        if path:
            self.export_view_svg(path)

    @Slot()
    def _on_export_html_triggered(self) -> None:
        if self.html_page() is None:
            self.export_failed.emit(tr("The {view} view shows no tokens to export yet.").format(view=self.view_name()))
            return
        path = self._ask_path(
            tr("Export the tokens of the {view} view as HTML").format(view=self.view_name()),
            "html",
            tr("Web page (*.html)"),
        )
        if path:
            self.export_tokens_html(path)

    @Slot(int)
    def _on_tabs_current_changed(self, _index: int) -> None:
        self.finish_zoom()  # (for the tab it was owed to)
        view = self.tabs.currentWidget()
        self.export_html_action.setEnabled(isinstance(view, View) and view.exports_tokens)
        if view is not None:
            catch_up(self.window, view)  # a zoom while it was hidden
        if self.factor() != 1.0:
            self.apply()  # widgets made since the last zoom (a new column, a message's button)
