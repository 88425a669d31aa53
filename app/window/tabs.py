"""The window's tabs, in one table: which feature view, named what, with which tooltip.

The order is the order a new user needs them (and Ctrl+1 … Ctrl+9 follow it). Adding a tab
is one folder in :mod:`app.features` and one row here; the window builds the tabs from
:data:`TABS` and talks to them through the :class:`~app.widgets.view.View` contract.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from app.core.i18n import noop
from app.core.registry import TokenizerRegistry
from app.core.settings import Settings
from app.features.compare.view import CompareView
from app.features.families.view import FamiliesView
from app.features.measure.view import MeasureView
from app.features.stream.view import StreamView
from app.features.sweep.view import SweepView
from app.features.timeline.view import TimelineView
from app.features.tokenize.view import TokenizeView
from app.features.train.view import TrainView
from app.features.vocabulary.view import VocabView
from app.widgets.view import View

__all__ = ["TABS", "TAB_COUNT", "Tab"]


class Tab(NamedTuple):
    """One tab: the view's class (built with the registry and the settings), its name and its
    tooltip (English sources, translated where they are bound)."""

    view: Callable[[TokenizerRegistry, Settings], View]
    name: str
    tooltip: str


TABS: tuple[Tab, ...] = (
    Tab(TrainView, noop("Train"), noop("Train a tokenizer and watch every merge")),
    Tab(VocabView, noop("Vocabulary"), noop("Browse every token and how it was built")),
    Tab(TokenizeView, noop("Tokenize"), noop("Type text and see its tokens, ids and merges live")),
    Tab(
        CompareView,
        noop("Compare"),
        noop("The same text with 2–5 tokenizers side by side, and on a whole file"),
    ),
    Tab(StreamView, noop("Stream decode"), noop("Feed tokens one at a time and watch the byte queue")),
    Tab(
        TimelineView,
        noop("Timeline"),
        noop("Slide through a training's merges: a text tokenized as of merge k, or play it"),
    ),
    Tab(
        SweepView,
        noop("Sweep"),
        noop("Bytes per token against vocabulary size, from one training, on held-out texts and OpenAI's encodings"),
    ),
    Tab(
        FamiliesView,
        noop("Families"),
        noop("One text cut by six tokenizer families: characters, bytes, words, BPE, WordPiece"),
    ),
    Tab(
        MeasureView,
        noop("Measure"),
        noop("The language tax, efficiency and vocabulary health of 1–5 tokenizers, as the research measures them"),
    ),
)
TAB_COUNT = len(TABS)
