"""Fixtures for the app tests (pytest-qt): isolated settings, a registry, tiny corpora."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from app.core.registry import TokenizerRegistry
from app.core.settings import Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """Settings in a temporary INI file, so tests never touch the user's settings."""
    return Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def registry(qtbot) -> TokenizerRegistry:
    reg = TokenizerRegistry()
    yield reg
    reg.wait(30_000)
    reg.close()  # its helper process of tiktoken's cores (a frozen registry is never collected)


@pytest.fixture
def tiny_corpus(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.txt"
    path.write_text(
        "low low low low low\nlower lower widest widest widest\nnewest newest newest newest newest newest\n"
        "<|endoftext|>Hello helo, I'm here. 國語 Жизнь 🤚🏾\n" * 3,
        encoding="utf-8",
    )
    return path


@pytest.fixture(autouse=True)
def this_checkouts_translations(monkeypatch) -> None:
    """The .qm of the checkout under test: an editable install maps ``app.resources`` to the
    checkout it was made from, and a git worktree then tested another checkout's strings."""
    from app.core import i18n
    from app.core.i18n import catalog

    monkeypatch.setattr(i18n, "_translations_dir", lambda: catalog.TS_DIR)


@pytest.fixture(autouse=True)
def empty_hf_cache(tmp_path_factory, monkeypatch) -> Path:
    """Every app test sees an empty Hugging Face cache unless it builds one: the user's own
    cache (listed by the registry) never changes what a test sees."""
    path = tmp_path_factory.mktemp("hf-cache-empty")
    monkeypatch.setenv("HF_HUB_CACHE", str(path))
    return path


@pytest.fixture
def window(qtbot, settings):
    """The real main window, shown, with isolated settings; its background work ended afterwards."""
    from app.window.main_window import MainWindow

    w = MainWindow(settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.exporter.wait(60)
    w.train_view.files.wait_idle(60)
    w.train_view.controller.shutdown(30_000)
    w.registry.wait(60_000)
