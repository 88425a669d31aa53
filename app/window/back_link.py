"""A window part's link back to its main window, held weakly.

The main window keeps its parts (menus' helpers: opening, saving, language, help, quitting,
presentation) in attributes, and each part needs the window: a plain attribute both ways is a
reference cycle, so the window was freed only by Python's cyclic collector, which runs in
whichever thread happens to allocate (a job's thread destroying Qt widgets). With the link
weak, the window goes by reference counting, in the GUI thread, as soon as it is let go.
"""

from __future__ import annotations

import weakref
from typing import Any, Generic, TypeVar

__all__ = ["BackLink"]

T = TypeVar("T")


class BackLink(Generic[T]):
    """Descriptor: ``window = BackLink[MainWindow]()`` in a part's class, ``self.window = w``
    in its ``__init__``; reading it gives the window (an error once the window is gone)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._key = f"_{name}_link"

    def __get__(self, obj: Any, owner: type | None = None) -> T:
        target = obj.__dict__[self._key]()
        if target is None:
            raise RuntimeError("the main window is gone")
        return target  # type: ignore[no-any-return]

    def __set__(self, obj: Any, value: T) -> None:
        obj.__dict__[self._key] = weakref.ref(value)
