"""Callbacks that do not keep their object alive: the one way a widget stores another's method.

A widget that keeps a bound method of its parent (a tooltip provider, a "ready?" question, a
restart) in an attribute makes a reference cycle: parent -> child -> method -> parent. A
closed view in such a cycle is freed only by Python's cyclic collector, which runs in
whichever thread allocates, a job's thread included, and a Qt object freed outside the GUI
thread crashes or hangs the app (issue 20, point E). :func:`weak_method` breaks the cycle at
its source: the closed view goes by reference counting, in the GUI thread.
"""

from __future__ import annotations

import types
import weakref
from collections.abc import Callable
from typing import ParamSpec, TypeVar

__all__ = ["weak_method"]

P = ParamSpec("P")
R = TypeVar("R")


def weak_method(method: Callable[P, R], gone: R) -> Callable[P, R]:
    """``method`` (a bound method) called through a weak reference to its object; ``gone``
    once that object has been freed. Anything else callable is returned as it is."""
    if not isinstance(method, types.MethodType):
        return method
    ref = weakref.WeakMethod(method)

    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        bound = ref()
        return gone if bound is None else bound(*args, **kwargs)

    return call
