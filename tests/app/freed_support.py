"""What the cyclic garbage collector would free that holds a Qt object, named cycle by cycle.

Python's cyclic collector runs in whichever thread allocates, a job's thread included, and a
Qt object freed there crashes or hangs the app (issue 20, point E). Views and their parts are
freed by reference counting once closed; :func:`qt_cycles` finds what is not, and says how
(``StreamView.__dict__['picked'] -> PickedTokenizer.__dict__['host'] -> StreamView``), so a
failing test names the reference to break.
"""

from __future__ import annotations

import gc
import types
from collections import deque

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QWidget
from shiboken6 import Shiboken


def _name(o: object) -> str:
    if isinstance(o, types.FunctionType):
        code = o.__code__
        return f"{o.__qualname__} ({code.co_filename.rsplit('/', 1)[-1]}:{code.co_firstlineno})"
    if isinstance(o, types.MethodType):
        return f"bound {getattr(o.__func__, '__qualname__', o.__func__)}"
    if isinstance(o, types.FrameType):
        return f"frame of {o.f_code.co_qualname}"
    return type(o).__qualname__


def _edge(a: object, b: object) -> str:
    if isinstance(a, dict):
        return next((f"[{k!r}]" for k, v in a.items() if v is b), "[a key]")
    if isinstance(a, types.CellType):
        return ""
    if getattr(a, "__dict__", None) is b:
        return "."
    return " -> " + _name(b)


def _cycle_through(start: object, garbage: dict[int, object]) -> str | None:
    """The shortest way from ``start`` back to itself among ``garbage``, written out."""
    before: dict[int, object | None] = {id(start): None}
    queue = deque([start])
    while queue:
        o = queue.popleft()
        for r in gc.get_referents(o):
            if r is start:
                path = [o]
                while (p := before[id(path[-1])]) is not None:
                    path.append(p)
                path = [*reversed(path), start]
                text = _name(path[0])
                for a, b in zip(path, path[1:]):
                    text += _edge(a, b)
                    if not isinstance(b, (dict, types.CellType)) and _edge(a, b)[:4] != " -> ":
                        text += " " + _name(b)
                return text
            if id(r) in garbage and id(r) not in before:
                before[id(r)] = o
                queue.append(r)
    return None


def qt_cycles() -> list[str]:
    """Collect (every object, frozen ones too) and name a cycle through each of the app's Qt
    objects the collector found unreachable (Qt's own classes by name); the garbage is then
    freed here, in this thread."""
    gc.unfreeze()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        garbage = {id(o): o for o in gc.garbage}
        found = set()
        for o in garbage.values():
            if not isinstance(o, Shiboken.Object):
                continue
            if type(o).__module__.startswith("PySide6"):
                found.add(f"a {type(o).__qualname__}")  # (a part of the app's objects' cycles)
            else:
                found.add(_cycle_through(o, garbage) or f"a {type(o).__qualname__} (a cycle through Qt)")
        return sorted(found)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        garbage = {}
        gc.collect()


def close_and_delete(widget: QWidget) -> None:
    """Close ``widget`` and run its deferred deletion now, as the event loop would."""
    widget.close()
    widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()
