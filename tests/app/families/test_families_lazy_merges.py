"""The Families tab's byte-level row showing an OpenAI encoding opened without its merges: a
chip's tooltip says the rest at once and its merge once a job has made them (never in the GUI
thread), the merge's rank as tiktoken's rank table has it."""

from __future__ import annotations

import threading

import pytest
import tiktoken

import bpe_engine.tokenizer
from app.core.i18n import tr
from app.display.format import format_count
from app.features.families.view import FamiliesView
from bpe_engine import Tokenizer

NAME = "r50k_base"
PENDING = "Which merge made it: being worked out (a few seconds the first time)"


@pytest.fixture(autouse=True)
def a_fresh_open(monkeypatch) -> None:
    """The encodings opened before in this process (merges made by other tests) are forgotten."""
    monkeypatch.setattr(bpe_engine.tokenizer, "_openai", {})


@pytest.mark.usefixtures("openai_encodings")
def test_a_byte_level_chip_says_its_merge_once_a_job_made_it(qtbot, registry, settings, monkeypatch) -> None:
    registry.request(NAME)
    qtbot.waitUntil(lambda: registry.get(NAME) is not None, timeout=60_000)
    tok = registry.get(NAME)
    assert isinstance(tok, Tokenizer) and not tok.merges_made
    gui_reads: list[bool] = []  # for each read of the merges in the GUI thread: were they made?
    original = tok.merge_of

    def merge_of(token_id: int) -> tuple[int, int, int] | None:
        if threading.current_thread() is threading.main_thread():
            gui_reads.append(tok.merges_made)
        return original(token_id)

    monkeypatch.setattr(tok, "merge_of", merge_of)
    view = FamiliesView(registry, settings)
    qtbot.addWidget(view)
    view.set_byte_source(NAME)
    view.set_text("The lowest newest widest")
    qtbot.waitUntil(lambda: view.result("byte-bpe") is not None and view.result("byte-bpe").count == 4, timeout=30_000)
    result = view.result("byte-bpe")
    k = next(i for i, t in enumerate(result.tokens) if t.data == b" lowest")
    first = view.chip_tooltip("byte-bpe", k).split("\n")
    assert first[-1] == PENDING
    qtbot.waitUntil(lambda: tok.merges_made, timeout=60_000)
    ranks = tiktoken.get_encoding(NAME)._mergeable_ranks
    rank = sorted(r for b, r in ranks.items() if len(b) > 1).index(ranks[b" lowest"])
    made = view.chip_tooltip("byte-bpe", k).split("\n")
    assert made == first[:-1] + [tr("Made by merge rank {rank}").format(rank=format_count(rank))]
    assert False not in gui_reads
    view.shutdown()
