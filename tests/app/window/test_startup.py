"""Starting on a bare desktop: without libxcb-cursor, ``bpe-explorer`` prints one line naming
the package to install and exits with status 1, before Qt can abort.

The library is hidden from a fresh process by making its loader refuse that one name (as
``dlopen`` does where the package is not installed); the real entry point then runs its real
check.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from app.__main__ import XCB_CURSOR, missing_system_library

REPO = Path(__file__).resolve().parents[3]

_HIDDEN = textwrap.dedent(f"""
    import ctypes, sys
    real = ctypes.CDLL
    class Hiding(real):
        def __init__(self, name, *args, **kwargs):
            if name == {XCB_CURSOR!r}:
                raise OSError(f"{{name}}: cannot open shared object file: No such file or directory")
            super().__init__(name, *args, **kwargs)
    ctypes.CDLL = Hiding
    from app.__main__ import main
    sys.exit(main())
""")


def _run(env_extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "DISPLAY": ":99", **env_extra}
    return subprocess.run(
        [sys.executable, "-c", _HIDDEN], cwd=REPO, env=env, capture_output=True, text=True, timeout=60
    )


def test_missing_libxcb_cursor_prints_one_line_and_exits_non_zero() -> None:
    done = _run({"QT_QPA_PLATFORM": "xcb"})
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "libxcb-cursor.so.0" in lines[0] and "apt install libxcb-cursor0" in lines[0]
    assert "dnf install xcb-util-cursor" in lines[0] and "pacman -S xcb-util-cursor" in lines[0]
    assert "qt.qpa" not in done.stderr and done.stdout == ""


def test_the_default_platform_on_linux_is_checked_too() -> None:
    done = _run({})  # no QT_QPA_PLATFORM: Qt would load xcb on an X11 desktop
    assert done.returncode == 1 and "libxcb-cursor0" in done.stderr


def test_other_platforms_need_no_xcb() -> None:
    assert missing_system_library({"QT_QPA_PLATFORM": "offscreen"}) is None
    assert missing_system_library({"QT_QPA_PLATFORM": "wayland"}) is None
    assert missing_system_library({"WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}) is None
