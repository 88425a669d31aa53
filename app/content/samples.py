"""The built-in sample corpora that ship in ``resources/samples`` (texts the project wrote).

``resources/samples/samples.json`` lists each sample with a title, a description and the
training settings that suit it (for example the low-lower-widest-newest example splits words at whitespace
with ``regex:\\S+`` and learns exactly 12 merges). This module only finds and reads them; the
corpus panel shows them and the train view applies their settings.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

__all__ = ["Sample", "RESOURCES", "SAMPLES_DIR", "load_samples"]

# resources/ sits at the repository root and is installed as the package app.resources
# (pyproject.toml maps it), so both an editable install and a wheel find the samples.
RESOURCES = Path(str(files("app.resources")))
SAMPLES_DIR = RESOURCES / "samples"


@dataclass(frozen=True)
class Sample:
    """One built-in corpus: ``path`` to a UTF-8 text file and the settings that suit it."""

    key: str
    title: str
    description: str
    path: Path
    settings: dict[str, Any] = field(default_factory=dict)
    #: language -> (title, description), from the manifest's ``title_<language>`` keys
    translations: dict[str, tuple[str, str]] = field(default_factory=dict)

    def read_text(self) -> str:
        return self.path.read_text(encoding="utf-8")

    def title_in(self, language: str) -> str:
        """The title in ``language`` (English where the manifest has no translation)."""
        return self.translations.get(language, (self.title, self.description))[0]

    def description_in(self, language: str) -> str:
        return self.translations.get(language, (self.title, self.description))[1]


def load_samples(folder: Path = SAMPLES_DIR) -> list[Sample]:
    """The samples listed in ``folder/samples.json`` whose files exist, in the listed order.

    A missing or broken manifest gives an empty list (the app still works with files or
    pasted text); it never raises.
    """
    try:
        manifest = json.loads((folder / "samples.json").read_text(encoding="utf-8"))
        entries = manifest["samples"]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    samples = []
    for entry in entries:
        try:
            path = folder / entry["file"]
            if path.is_file():
                samples.append(
                    Sample(
                        key=path.stem,
                        title=str(entry.get("title", path.stem)),
                        description=str(entry.get("description", "")),
                        path=path,
                        settings=dict(entry.get("settings", {})),
                        translations={
                            key[len("title_") :]: (
                                str(value),
                                str(entry.get(f"description_{key[len('title_') :]}", "")),
                            )
                            for key, value in entry.items()
                            if key.startswith("title_")
                        },
                    )
                )
        except (KeyError, TypeError):
            continue
    return samples
