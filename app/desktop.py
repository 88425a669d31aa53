"""The app as a desktop knows it: its id, icon files, menu entry and AppStream metadata, and
``bpe-explorer --install-desktop``, which puts them where freedesktop.org desktops look.

No Qt here: installing the menu entry must work on a machine without a display.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

__all__ = ["APP_ID", "ICON_SIZES", "DesktopFiles", "desktop_files", "icon_path", "install_desktop_entry"]

#: The reverse-DNS id shared by the .desktop file, the icon name and the AppStream component.
APP_ID = "io.github.bpeexplorer.BPEExplorer"
ICON_SIZES = (16, 32, 48, 64, 128, 256)


def _resources() -> Path:
    # Installed, resources/ is the package app.resources (pyproject.toml maps it).
    return Path(str(files("app.resources")))


def icon_path(size: int | None = None) -> Path:
    """The icon as SVG (``size`` None) or as a PNG of ``size`` pixels (one of :data:`ICON_SIZES`)."""
    icons = _resources() / "icons"
    if size is None:
        return icons / "bpe-explorer.svg"
    if size not in ICON_SIZES:
        raise ValueError(f"no {size}-pixel icon; sizes: {', '.join(map(str, ICON_SIZES))}")
    return icons / f"bpe-explorer-{size}.png"


@dataclass(frozen=True)
class DesktopFiles:
    """Where each file went (or would go)."""

    desktop_entry: Path
    metainfo: Path
    icons: tuple[Path, ...]


def desktop_files(data_home: Path) -> DesktopFiles:
    """Where :func:`install_desktop_entry` puts each file under ``data_home`` (XDG's data home)."""
    icons = tuple(data_home / "icons" / "hicolor" / f"{s}x{s}" / "apps" / f"{APP_ID}.png" for s in ICON_SIZES)
    return DesktopFiles(
        desktop_entry=data_home / "applications" / f"{APP_ID}.desktop",
        metainfo=data_home / "metainfo" / f"{APP_ID}.metainfo.xml",
        icons=icons + (data_home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",),
    )


def _data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def install_desktop_entry(data_home: Path | None = None) -> DesktopFiles:
    """Install the menu entry, the icons and the AppStream metadata for the current user.

    ``Exec`` names the ``bpe-explorer`` that is running now (a venv's is not on the menu's
    PATH). Each file is written next to its place and renamed over it, so a failed install
    leaves any earlier one whole.
    """
    target = desktop_files(data_home or _data_home())
    source = _resources() / "desktop"
    entry = (source / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    command = shutil.which("bpe-explorer")
    if command:
        entry = entry.replace("Exec=bpe-explorer", f"Exec={_quoted(command)}")
    _write(target.desktop_entry, entry.encode("utf-8"))
    _write(target.metainfo, (source / f"{APP_ID}.metainfo.xml").read_bytes())
    for size, path in zip(ICON_SIZES, target.icons):
        _write(path, icon_path(size).read_bytes())
    _write(target.icons[-1], icon_path().read_bytes())
    return target


def _quoted(command: str) -> str:
    """``command`` as the Desktop Entry specification quotes an Exec argument."""
    if not any(c in command for c in " \t\"'\\><~|&;$*?#()`"):
        return command
    escaped = command.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    return f'"{escaped}"'


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    os.replace(part, path)
