"""Typed access to the app's persistent settings (QSettings): every key in one place, with its default.

Training defaults come from the engine (``bpe_engine.DEFAULT_VOCAB_SIZE``), so the app starts
with the settings the library would use. It leaves out checking settings (the engine's
``TrainerConfig`` does that when a run is asked for).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QByteArray, QSettings

from bpe_engine import DEFAULT_VOCAB_SIZE

__all__ = ["Settings", "FileKind"]

T = TypeVar("T")


class FileKind(StrEnum):
    """The kinds of files whose dialogs remember their own folder (:meth:`Settings.folder_for`):
    saving a tokenizer does not open in the corpus folder."""

    TOKENIZER = "tokenizer"  # File > Save, Open tokenizer
    EXPORT = "export"  # File > Export
    CHECKPOINT = "checkpoint"  # training checkpoints, saved and resumed
    CORPUS = "corpus"  # training corpora


class Settings:
    """Small typed wrapper over QSettings: one property per key."""

    def __init__(self, qsettings: QSettings | None = None) -> None:
        self._s = qsettings or QSettings("BPE Explorer", "BPE Explorer")

    def _get(self, key: str, default: T, kind: Callable[[Any], T]) -> T:
        value = self._s.value(key, default)
        try:
            return kind(value)
        except (TypeError, ValueError):
            return default

    @property
    def vocab_size(self) -> int:
        return self._get("train/vocab_size", DEFAULT_VOCAB_SIZE, int)

    @vocab_size.setter
    def vocab_size(self, value: int) -> None:
        self._s.setValue("train/vocab_size", int(value))

    @property
    def special_tokens(self) -> str:
        return self._get("train/special_tokens", "<|endoftext|>", str)

    @special_tokens.setter
    def special_tokens(self, value: str) -> None:
        self._s.setValue("train/special_tokens", value)

    @property
    def pretokenizer(self) -> str:
        return self._get("train/pretokenizer", "gpt2", str)

    @pretokenizer.setter
    def pretokenizer(self, value: str) -> None:
        self._s.setValue("train/pretokenizer", value)

    @property
    def tie_break(self) -> str:
        """The training tie rule (a key of ``bpe_engine.TIE_BREAKS``; unknown values are ignored)."""
        return self._get("train/tie_break", "greatest", str)

    @tie_break.setter
    def tie_break(self, value: str) -> None:
        self._s.setValue("train/tie_break", value)

    @property
    def last_folder(self) -> str:
        return self._get("files/last_folder", "", str)

    @last_folder.setter
    def last_folder(self, value: str) -> None:
        self._s.setValue("files/last_folder", value)

    def folder_for(self, kind: FileKind) -> str:
        """The folder a file dialog for ``kind`` opens in: the last one used for that kind
        while it still exists, else the home folder."""
        folder = self._get(f"folders/{kind.value}", "", str)
        return folder if folder and os.path.isdir(folder) else str(Path.home())

    def remember_folder(self, kind: FileKind, path: str | os.PathLike[str]) -> None:
        """Remember the folder of ``path`` (a file, or a folder itself) for ``kind``."""
        path = os.fspath(path)
        folder = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path))
        self._s.setValue(f"folders/{kind.value}", folder)

    @property
    def show_whitespace(self) -> bool:
        return self._get("view/show_whitespace", "true", str).lower() in ("true", "1")

    @show_whitespace.setter
    def show_whitespace(self, value: bool) -> None:
        self._s.setValue("view/show_whitespace", "true" if value else "false")

    @property
    def add_special_tokens(self) -> bool:
        """ "Add BOS/EOS as the model does": one choice for Tokenize and Compare (on by default)."""
        return self._get("view/add_special_tokens", "true", str).lower() in ("true", "1")

    @add_special_tokens.setter
    def add_special_tokens(self, value: bool) -> None:
        self._s.setValue("view/add_special_tokens", "true" if value else "false")

    @property
    def zoom(self) -> float:
        """The window's zoom factor (Ctrl+= / Ctrl+-; 1.0: normal size)."""
        value = self._get("view/zoom", 1.0, float)
        return value if 0.1 <= value <= 10.0 else 1.0

    @zoom.setter
    def zoom(self, value: float) -> None:
        self._s.setValue("view/zoom", float(value))

    @property
    def language(self) -> str:
        """The language chosen in View > Language (a key of ``app.core.i18n.LANGUAGES``); "" follows
        the system's locale."""
        return self._get("view/language", "", str)

    @language.setter
    def language(self, value: str) -> None:
        self._s.setValue("view/language", value)

    # -- layout ----------------------------------------------------------------------------

    @property
    def window_geometry(self) -> bytes:
        """The main window's geometry (``QWidget.saveGeometry``), empty before the first close."""
        return self._bytes("window/geometry")

    @window_geometry.setter
    def window_geometry(self, value: bytes) -> None:
        self._s.setValue("window/geometry", QByteArray(value))

    def splitter_state(self, name: str) -> bytes:
        """A splitter's remembered state (``QSplitter.saveState``), empty if none."""
        return self._bytes(f"splitters/{name}")

    def set_splitter_state(self, name: str, value: bytes) -> None:
        self._s.setValue(f"splitters/{name}", QByteArray(value))

    def _bytes(self, key: str) -> bytes:
        value = self._s.value(key, QByteArray())
        return bytes(value.data()) if isinstance(value, QByteArray) else b""
