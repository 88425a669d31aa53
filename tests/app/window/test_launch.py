"""``bpe-explorer`` as a desktop program: --help and --version without a display, "no display"
in one line, files on the command line, the icon, the menu entry and its AppStream metadata."""

from __future__ import annotations

import configparser
import os
import struct
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app.__main__ import display_problem, parse_arguments
from app.desktop import APP_ID, ICON_SIZES, icon_path, install_desktop_entry
from app.launch import PathKind, classify
from bpe_engine import __version__, train_bpe

REPO = Path(__file__).resolve().parents[3]


def _app(args: list[str], env_extra: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), **env_extra}
    return subprocess.run(
        [sys.executable, "-m", "app", *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=120
    )


def test_version_and_help_need_no_display(tmp_path: Path) -> None:
    done = _app(["--version"], {}, tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == f"BPE Explorer {__version__}"
    done = _app(["--help"], {}, tmp_path)
    assert done.returncode == 0
    assert done.stdout.startswith("usage: bpe-explorer [-h] [--version] [--install-desktop] [FILE ...]")
    assert "tokenizer file" in done.stdout and "text file" in done.stdout


def test_unknown_option_is_one_usage_error(tmp_path: Path) -> None:
    done = _app(["--frobnicate"], {}, tmp_path)
    assert done.returncode == 2 and "unrecognized arguments: --frobnicate" in done.stderr


def test_no_display_is_said_in_one_line(tmp_path: Path) -> None:
    done = _app([], {"QT_QPA_PLATFORM": "xcb"}, tmp_path)  # an SSH session: no DISPLAY
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "BPE Explorer cannot start: no display (DISPLAY is not set). Run it in a desktop session, "
        "or over SSH with X forwarding (ssh -X)."
    ]
    assert "qt.qpa" not in done.stderr and "libxcb-cursor" not in done.stderr


def test_a_display_that_cannot_be_opened_is_named() -> None:
    if display_problem({"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0"}) is None and os.environ.get("DISPLAY") == ":0":
        pytest.skip("display :0 exists here")
    problem = display_problem({"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":87"})
    assert problem == "BPE Explorer cannot start: no display (cannot open display ':87'). Is the X server running?"
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}) is None


def test_files_are_told_apart(tmp_path: Path) -> None:
    rank_file = tmp_path / "ranks.txt"
    rank_file.write_text("IQ== 0\nIg== 1\n", encoding="utf-8")
    text = tmp_path / "notes.txt"
    text.write_text("low lower lowest\n", encoding="utf-8")
    for name in ("tokenizer.json", "tok.model", "o200k.tiktoken", "merges.txt"):
        assert classify(str(tmp_path / name)) is PathKind.TOKENIZER, name
    assert classify(str(tmp_path)) is PathKind.TOKENIZER  # a folder holding a tokenizer
    assert classify(str(rank_file)) is PathKind.TOKENIZER
    assert classify(str(text)) is PathKind.TEXT
    assert classify(str(tmp_path / "run.CKPT")) is PathKind.CHECKPOINT  # resumed, not read as text
    assert parse_arguments([str(text), str(rank_file)]).files == [str(text), str(rank_file)]


def test_files_on_the_command_line_open_and_become_the_corpus(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("low lower newest widest " * 20, encoding="utf-8")
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    train_bpe(None, 256 + 20, text=corpus.read_text(encoding="utf-8")).save(first)
    train_bpe(None, 256 + 5, text="abc abd abe " * 20).save(second)
    script = textwrap.dedent(f"""
        import sys
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        from app.__main__ import main
        app = QApplication(["bpe-explorer"])
        waited = [0]
        def check():
            window = next(w for w in app.topLevelWidgets() if w.windowTitle() == "BPE Explorer")
            entries = [window.registry.entry(k) for k in window.registry.keys()]
            opened = sorted(e.label.split(" ")[0] for e in entries if e.kind == "file")
            waited[0] += 1
            if len(opened) < 2 and waited[0] < 300:
                QTimer.singleShot(100, check)
                return
            print("opened:", opened)
            print("corpus:", window.train_view.corpus.paths())
            print("icon:", not app.windowIcon().isNull(), app.desktopFileName())
            window.close()
        QTimer.singleShot(200, check)
        sys.exit(main([{str(first)!r}, {str(corpus)!r}, {str(second)!r}]))
    """)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path), HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, env=env, timeout=180)
    assert out.returncode == 0, out.stderr
    assert "opened: ['first.json', 'second.json']" in out.stdout
    assert f"corpus: [{str(corpus)!r}]" in out.stdout
    assert f"icon: True {APP_ID}" in out.stdout


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_icon_exists_in_every_size() -> None:
    assert ET.parse(icon_path()).getroot().tag.endswith("svg")
    for size in ICON_SIZES:
        assert _png_size(icon_path(size)) == (size, size)
    with pytest.raises(ValueError, match="no 20-pixel icon"):
        icon_path(20)


def test_install_desktop_puts_entry_icons_and_metadata_in_place(tmp_path: Path) -> None:
    placed = install_desktop_entry(tmp_path)
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    entry.read(placed.desktop_entry, encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application" and section["Name"] == "BPE Explorer"
    assert section["Icon"] == APP_ID and section["Exec"].endswith(" %F")
    assert "bpe-explorer" in section["Exec"]
    for size, path in zip(ICON_SIZES, placed.icons):
        assert path == tmp_path / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert _png_size(path) == (size, size)
    assert placed.icons[-1].read_bytes() == icon_path().read_bytes()
    component = ET.parse(placed.metainfo).getroot()
    assert component.get("type") == "desktop-application"
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == f"{APP_ID}.desktop"
    assert component.find("releases/release").get("version") == __version__
    assert not list(tmp_path.rglob("*.part"))  # every file was renamed into place


def test_install_desktop_from_the_command_line(tmp_path: Path) -> None:
    done = _app(["--install-desktop"], {"XDG_DATA_HOME": str(tmp_path / "share")}, tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "share" / "applications" / f"{APP_ID}.desktop").is_file()
    assert done.stdout.startswith("Installed ")


def test_the_desktop_files_are_valid_for_the_desktop_tools(tmp_path: Path) -> None:
    tools = {"desktop-file-validate": "desktop", "appstreamcli": "metainfo"}
    found = {t for t in tools if subprocess.run(["which", t], capture_output=True).returncode == 0}
    if not found:
        pytest.skip("neither desktop-file-validate nor appstreamcli is installed")
    placed = install_desktop_entry(tmp_path)
    if "desktop-file-validate" in found:
        done = subprocess.run(["desktop-file-validate", str(placed.desktop_entry)], capture_output=True, text=True)
        assert done.returncode == 0 and "error" not in done.stdout, done.stdout
    if "appstreamcli" in found:
        done = subprocess.run(
            ["appstreamcli", "validate", "--no-net", str(placed.metainfo)], capture_output=True, text=True
        )
        assert done.returncode == 0, done.stdout
