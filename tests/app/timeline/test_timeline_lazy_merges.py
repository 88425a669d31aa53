"""The Timeline and the Vocabulary with an OpenAI encoding, which opens without its merges.

The registry loads r50k without its merge list (Compare encodes on tiktoken's core
meanwhile); a view that lists merges gets them made in a job of its own, and only once it
is on screen. Every figure is then checked against tiktoken's own rank table, read apart:
the text as of merge k is tiktoken's encoding with the single bytes and the first k
multi-byte tokens by rank, and a token's parents are the two tokens tiktoken splits it into
with the ranks below its own.
"""

from __future__ import annotations

import pytest
import tiktoken

import bpe_engine.tokenizer
from app.features.timeline.view import TimelineView
from app.features.tokenize.explain_panel import ExplainPanel
from app.features.vocabulary.model import VocabModel
from app.features.vocabulary.view import VocabView
from bpe_engine import Tokenizer

# The views open OpenAI's encodings themselves.
pytestmark = pytest.mark.usefixtures("openai_encodings")

NAME = "r50k_base"
TEXT = "The lowest newest widest tokens: 國語 and Жизнь 🤚🏾.\n    indented = 12345\n"


def as_of(enc: tiktoken.Encoding, k: int, text: str) -> list[int]:
    """tiktoken's ids of ``text`` with the single bytes and the first ``k`` merged tokens."""
    ranks = enc._mergeable_ranks
    merged = sorted(r for b, r in ranks.items() if len(b) > 1)[:k]
    keep = set(merged) | {r for b, r in ranks.items() if len(b) == 1}
    small = tiktoken.Encoding(
        f"{NAME}-{k}",
        pat_str=enc._pat_str,
        mergeable_ranks={b: r for b, r in ranks.items() if r in keep},
        special_tokens={},
    )
    return small.encode_ordinary(text)


@pytest.fixture(autouse=True)
def a_fresh_open(monkeypatch) -> None:
    """The encodings opened before in this process (merges made by other tests) are forgotten:
    the registry opens its own, as at the app's start."""
    monkeypatch.setattr(bpe_engine.tokenizer, "_openai", {})


def loaded(qtbot, registry) -> Tokenizer:
    registry.request(NAME)
    qtbot.waitUntil(lambda: registry.get(NAME) is not None, timeout=60_000)
    tok = registry.get(NAME)
    assert isinstance(tok, Tokenizer) and not tok.merges_made  # the load left them unmade
    return tok


def test_the_timeline_makes_the_merges_once_shown_and_its_figures_are_tiktokens(qtbot, registry) -> None:
    tok = loaded(qtbot, registry)
    view = TimelineView(registry)
    qtbot.addWidget(view)
    view.resize(1100, 700)
    view.picker.set_current_key(NAME)
    view.picked.update()
    view.set_text(TEXT)
    qtbot.wait(200)
    assert not tok.merges_made and view.tokenizer() is None  # off screen: nothing made
    view.show()
    qtbot.waitUntil(lambda: view.tokenizer() is tok, timeout=60_000)
    assert tok.merges_made
    enc = tiktoken.get_encoding(NAME)
    assert view.total() == sum(1 for b in enc._mergeable_ranks if len(b) > 1)
    for k in (view.total(), 0, 1, 300, 5_000):
        view.set_merges(k)
        qtbot.waitUntil(view.is_settled, timeout=20_000)
        assert list(view.table().ids) == as_of(enc, k, TEXT)
    view.shutdown()


def test_the_vocabulary_shows_tiktokens_parents_after_the_merges_are_made(qtbot, registry, settings) -> None:
    tok = loaded(qtbot, registry)
    view = VocabView(registry, settings)
    qtbot.addWidget(view)
    view.show_key(NAME)
    qtbot.wait(200)
    assert not tok.merges_made and view.model.rowCount() == 0 and view.loading.isVisibleTo(view)
    view.show()
    qtbot.waitUntil(lambda: view.model.rowCount() > 50_000, timeout=60_000)
    assert view.loading.isHidden()
    enc = tiktoken.get_encoding(NAME)
    ranks = enc._mergeable_ranks
    for token in (b" the", b"ing", b" tokens", b" newest"):
        rank = ranks[token]
        below = tiktoken.Encoding(
            "below",
            pat_str=enc._pat_str,
            special_tokens={},
            mergeable_ranks={b: r for b, r in ranks.items() if r < rank},
        )
        parents = below._encode_single_piece(token)
        assert len(parents) == 2
        row = view.model.row_of(rank)
        assert [view.model.index(row, col).data().split()[0] for col in (VocabModel.LEFT, VocabModel.RIGHT)] == [
            str(p) for p in parents
        ]


def brute_steps(ranks: dict[bytes, int], data: bytes) -> tuple[list[int], list[int]]:
    """BPE by hand over tiktoken's ranks: the ids each merge makes, and the final ids."""
    parts = [bytes([b]) for b in data]
    made = []
    while True:
        pairs = [(ranks[parts[i] + parts[i + 1]], i) for i in range(len(parts) - 1) if parts[i] + parts[i + 1] in ranks]
        if not pairs:
            return made, [ranks[p] for p in parts]
        rank, i = min(pairs)
        parts[i : i + 2] = [parts[i] + parts[i + 1]]
        made.append(rank)


def test_explain_waits_for_the_merges_then_steps_as_tiktokens_ranks_say(qtbot, registry) -> None:
    tok = loaded(qtbot, registry)
    panel = ExplainPanel()
    qtbot.addWidget(panel)
    panel.set_tokenizer(tok)
    panel.set_piece(" tokenization")
    qtbot.wait(200)
    assert not tok.merges_made and panel.steps == []  # off screen: nothing made, nothing explained
    panel.show()
    qtbot.waitUntil(lambda: panel.steps != [], timeout=60_000)
    made, final = brute_steps(tiktoken.get_encoding(NAME)._mergeable_ranks, b" tokenization")
    assert [step.new_id for step in panel.steps] == made
    panel.set_page(len(made))
    assert list(panel.current_parts()) == final
