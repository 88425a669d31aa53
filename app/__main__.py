"""Start BPE Explorer: ``python -m app`` or the ``bpe-explorer`` command.

Before Qt is imported, :func:`missing_system_library` checks the system libraries Qt's X11
platform plugin loads and PySide6's wheels do not ship (``libxcb-cursor`` since Qt 6.5, the
other xcb utilities, EGL, fontconfig). Without them Qt aborts with a long plugin error that
names no package; this prints one line naming the packages to install and exits with status 1.
"""

from __future__ import annotations

import ctypes
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Qt is imported only after the system libraries are checked
    from PySide6.QtCore import QLocale

    from app.core.settings import Settings

#: The system libraries Qt's X11 (xcb) platform loads that a bare desktop may lack, with the
#: package providing each: (Debian/Ubuntu, Fedora, Arch). PySide6's wheels ship Qt itself,
#: not these.
XCB_LIBRARIES: dict[str, tuple[str, str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util", "xcb-util"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon", "libxkbcommon"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb", "libxcb"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb", "libxcb"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb", "libx11"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl", "libglvnd"),
    "libGL.so.1": ("libgl1", "libglvnd-glx", "libglvnd"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig", "fontconfig"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs", "dbus"),
}
XCB_CURSOR = "libxcb-cursor.so.0"


def install_hint(missing: list[str]) -> str:
    """One line: what is missing and the command that installs it on each platform."""

    def packages(i: int) -> str:
        return " ".join(dict.fromkeys(XCB_LIBRARIES[name][i] for name in missing))

    return (
        f"BPE Explorer cannot start: Qt's X11 platform needs {', '.join(missing)} (not found). "
        f"Install: sudo apt install {packages(0)} (Debian, Ubuntu); sudo dnf install {packages(1)} (Fedora); "
        f"sudo pacman -S {packages(2)} (Arch)."
    )


def _uses_xcb(environ: os._Environ[str] | dict[str, str]) -> bool:
    """Whether Qt will load its X11 (xcb) plugin: on Linux, unless another platform is chosen."""
    if not sys.platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(";")[0].split(":")[0] == "xcb"
    # Qt prefers Wayland in a Wayland session; the xcb plugin is loaded otherwise.
    return not (environ.get("WAYLAND_DISPLAY") and environ.get("XDG_SESSION_TYPE") == "wayland")


def missing_system_library(environ: os._Environ[str] | dict[str, str] | None = None) -> str | None:
    """One line naming the package to install if Qt's platform plugin will not load, else None."""
    if not _uses_xcb(os.environ if environ is None else environ):
        return None
    missing = []
    for name in XCB_LIBRARIES:
        try:
            ctypes.CDLL(name)
        except OSError:
            missing.append(name)
    return install_hint(missing) if missing else None


def startup_language(saved: str, locale: QLocale | None = None) -> str:
    """The language to start in: the one chosen in View > Language, else the system locale's."""
    from app.core import i18n

    return saved if saved in i18n.LANGUAGES else i18n.language_for_locale(locale)


def apply_startup_language(settings: Settings, locale: QLocale | None = None) -> tuple[str, bool]:
    """Switch to the start language before any window builds its texts (a QApplication must
    exist); returns that language and whether its translation loaded (else English stays)."""
    from app.core import i18n

    language = startup_language(settings.language, locale)
    return language, i18n.set_language(language)


def main(argv: list[str] | None = None) -> int:
    problem = missing_system_library()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1

    from PySide6.QtWidgets import QApplication

    from app.core.settings import Settings
    from app.window.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv if argv is None else argv)
    app.setApplicationName("BPE Explorer")
    app.setOrganizationName("BPE Explorer")
    settings = Settings()
    language, loaded = apply_startup_language(settings)  # before the window writes its texts
    window = MainWindow(settings)
    if not loaded:
        window.language_unavailable(language)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
