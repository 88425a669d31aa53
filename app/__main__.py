"""Start BPE Explorer: ``python -m app`` or the ``bpe-explorer`` command.

``bpe-explorer [FILE ...]``: tokenizer files open (any format the app reads), text files
become the training corpus, as desktop launchers and file managers pass them; ``--help``,
``--version`` and ``--install-desktop`` (the menu entry, icons and AppStream metadata) need no
display.

Before Qt is imported, :func:`display_problem` checks that there is a display to open (an SSH
session has none: Qt would abort with a misleading message about libxcb-cursor0), and
:func:`missing_system_library` checks the system libraries Qt's X11 platform plugin loads and
PySide6's wheels do not ship (``libxcb-cursor`` since Qt 6.5, the other xcb utilities, EGL,
fontconfig). Without them Qt aborts with a long plugin error that names no package; this
prints one line naming the packages to install and exits with status 1.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import sys
from typing import TYPE_CHECKING

# Neither the app nor the engine makes a BLAS call, and OpenBLAS's thread pool cost ~0.06 s
# at NumPy's import (a user's own setting is kept).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

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


def display_problem(environ: os._Environ[str] | dict[str, str] | None = None) -> str | None:
    """One line saying there is no display to open, or None when Qt's X11 plugin can connect.

    subtle: asked to start without a display, Qt's xcb plugin reports that libxcb-cursor0 is
    missing (even when it is installed) and aborts the process; here we connect the way Qt
    will, with libxcb, and say what is really wrong."""
    env = os.environ if environ is None else environ
    if not _uses_xcb(env):
        return None
    display = env.get("DISPLAY", "")
    if not display:
        return (
            "BPE Explorer cannot start: no display (DISPLAY is not set). Run it in a desktop session, "
            "or over SSH with X forwarding (ssh -X)."
        )
    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return None  # missing_system_library names the package
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(display.encode(), None)
    failed = xcb.xcb_connection_has_error(connection)
    xcb.xcb_disconnect(connection)
    if failed:
        return f"BPE Explorer cannot start: no display (cannot open display {display!r}). Is the X server running?"
    return None


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    """The command line (``argv`` without the program name); ``--help``/``--version`` exit here."""
    from bpe_engine import __version__

    parser = argparse.ArgumentParser(
        prog="bpe-explorer",
        description="See tokenization: train byte-level BPE, watch every merge, compare tokenizers.",
        epilog="Tokenizer files open in the Vocabulary tab; text files become the Train tab's corpus; "
        "a training checkpoint (.ckpt) goes on in the Train tab.",
    )
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="a tokenizer file or folder (ours, Hugging Face tokenizer.json, tiktoken rank file, GPT-2, "
        "Tekken, SentencePiece .model), a UTF-8 text file to train on, or a training checkpoint (.ckpt)",
    )
    parser.add_argument("--version", action="version", version=f"BPE Explorer {__version__}")
    parser.add_argument(
        "--install-desktop",
        action="store_true",
        help="install the menu entry, icons and AppStream metadata for this user, then exit",
    )
    return parser.parse_args(argv)


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
    args = parse_arguments(sys.argv[1:] if argv is None else argv)
    if args.install_desktop:
        from app.desktop import install_desktop_entry

        placed = install_desktop_entry()
        print(f"Installed {placed.desktop_entry}, {placed.metainfo} and {len(placed.icons)} icons.")
        return 0
    # No DISPLAY first: over SSH that is the problem, whatever libraries are installed.
    unset = display_problem() if not os.environ.get("DISPLAY") else None
    problem = unset or missing_system_library() or display_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1

    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from app.core.settings import Settings
    from app.desktop import APP_ID, ICON_SIZES, icon_path
    from app.launch import open_paths
    from app.window.main_window import MainWindow
    from bpe_engine import __version__

    app = QApplication.instance() or QApplication(["bpe-explorer"])
    app.setApplicationName("BPE Explorer")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("BPE Explorer")
    QApplication.setDesktopFileName(APP_ID)  # the task bar finds the menu entry's icon and name
    icon = QIcon(str(icon_path()))
    for size in ICON_SIZES:
        icon.addFile(str(icon_path(size)))
    QApplication.setWindowIcon(icon)
    settings = Settings()
    language, loaded = apply_startup_language(settings)  # before the window writes its texts
    window = MainWindow(settings)
    if not loaded:
        window.language_unavailable(language)
    window.show()
    open_paths(window, args.files)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
