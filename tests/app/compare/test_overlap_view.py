"""Compare's vocabulary overlap tab: shared count and each one's share, checked against a set
computation on the two vocabularies' bytes (tiktoken's ranks, sentencepiece's pieces, Hugging
Face's vocabulary); the lists of tokens only one has, filtered; defaults follow the columns;
the work runs off the GUI thread."""

from __future__ import annotations

import threading

import pytest

from app.features.compare import overlap_controller as overlap_module
from app.features.compare.overlap_panel import share_text
from app.features.compare.view import CompareView

from ...conftest import shared_path
from ..sentencepiece_support import spm_model, spm_reference, spm_tokenizer  # noqa: F401
from ..text_views_support import load, openai_tokenizers, tiktoken_encodings, trained  # noqa: F401


def _tiktoken_bytes(enc) -> set[bytes]:
    """An OpenAI encoding's ordinary tokens, from tiktoken itself."""
    return set(enc._mergeable_ranks)


@pytest.fixture
def view(qtbot, registry, settings, openai_tokenizers, trained):
    load(qtbot, registry, "cl100k_base", "o200k_base")
    registry.add(trained, "tiny trained")
    v = CompareView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    yield v
    v.overlap.controller.wait(60)


def _show_overlap(qtbot, v: CompareView) -> None:
    v.lower_tabs.setCurrentWidget(v.overlap)
    qtbot.waitUntil(v.overlap.is_settled, timeout=60_000)


def _only_ids(panel, k: int) -> list[int]:
    model = panel.models[k]
    return [model.token_id(r) for r in range(model.rowCount())]


def test_overlap_of_the_first_two_columns_matches_a_set_computation(qtbot, view, trained, tiktoken_encodings):
    assert view.keys()[:2] == [view.registry.own_keys()[0], "cl100k_base"]
    _show_overlap(qtbot, view)
    panel = view.overlap
    assert panel.keys() == (view.keys()[0], "cl100k_base")
    a = {b: i for i, b in sorted(trained.vocab.items(), reverse=True) if not trained.is_special(i)}
    b = _tiktoken_bytes(tiktoken_encodings["cl100k_base"])
    shared = set(a) & b
    text = panel.summary.text().replace("\u202f", ",")
    assert f"In both (the same bytes): <b>{len(shared):,}</b> tokens" in text
    assert f"<b>{share_text(len(shared), len(a))}</b> of A’s {len(a):,}" in text
    assert f"<b>{share_text(len(shared), len(b))}</b> of B’s {len(b):,}" in text
    assert f"{100 * len(shared) / len(a):.2f} %" in text  # the exact figure, two decimals
    assert _only_ids(panel, 0) == sorted(a[x] for x in set(a) - b)
    enc = tiktoken_encodings["cl100k_base"]
    assert _only_ids(panel, 1) == sorted(enc._mergeable_ranks[x] for x in b - set(a))
    assert panel.bar.parts == (len(set(a) - b), len(shared), len(b - set(a)))
    assert panel.only_labels[1].text().startswith(f"<b>Only in B</b> ({len(b - set(a)):,}")
    # Filtering a list by text.
    panel.filters[1].setText("ing")
    ids = _only_ids(panel, 1)
    assert ids == sorted(
        enc._mergeable_ranks[x] for x in b - set(a) if "ing" in x.decode("utf-8", "replace").casefold()
    )
    assert all("ing" in panel.models[1].label(r).casefold() for r in range(panel.models[1].rowCount()))


def test_swap_special_tokens_and_following_the_columns(qtbot, view, tiktoken_encodings):
    _show_overlap(qtbot, view)
    panel = view.overlap
    view.columns()[1].set_key("o200k_base")  # the panel follows the columns until the user chooses
    qtbot.waitUntil(lambda: panel.keys()[1] == "o200k_base" and panel.is_settled(), timeout=60_000)
    before = panel.overlap()
    panel.swap_button.click()
    qtbot.waitUntil(panel.is_settled, timeout=60_000)
    after = panel.overlap()
    assert panel.keys() == ("o200k_base", view.keys()[0])
    assert (after.shared_count, after.size_a, after.size_b) == (before.shared_count, before.size_b, before.size_a)
    # Special tokens count when ticked: o200k's two, which the trained one lacks.
    panel.special_box.setChecked(True)
    qtbot.waitUntil(panel.is_settled, timeout=60_000)
    assert panel.overlap().size_a == len(_tiktoken_bytes(tiktoken_encodings["o200k_base"])) + 2
    view.columns()[1].set_key("cl100k_base")  # chosen by the user now: the panel stays
    assert panel.keys()[0] == "o200k_base"


def test_sentencepiece_against_cl100k_counts_pieces_by_their_bytes(
    qtbot, registry, settings, spm_tokenizer, spm_reference, openai_tokenizers, tiktoken_encodings
):
    load(qtbot, registry, "cl100k_base")
    key = registry.add(spm_tokenizer, "small spm", kind="file")
    v = CompareView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    v.set_keys([key, "cl100k_base"])
    _show_overlap(qtbot, v)
    sp = spm_reference
    pieces = set()
    for i in range(sp.get_piece_size()):
        if sp.is_control(i) or sp.is_unknown(i):
            continue
        piece = sp.id_to_piece(i)
        pieces.add(bytes([int(piece[3:5], 16)]) if sp.is_byte(i) else piece.replace("▁", " ").encode("utf-8"))
    b = _tiktoken_bytes(tiktoken_encodings["cl100k_base"])
    found = v.overlap.overlap()
    assert (found.size_a, found.shared_count, len(found.only_b)) == (len(pieces), len(pieces & b), len(b - pieces))
    # The list shows pieces as sentencepiece writes them (▁ for a space).
    only = [v.overlap.models[0].label(r) for r in range(v.overlap.models[0].rowCount())]
    assert only and all(sp.piece_to_id(p) == v.overlap.models[0].token_id(r) for r, p in enumerate(only))
    v.overlap.controller.wait(60)


@pytest.mark.slow
def test_llama3_against_o200k_is_computed_off_the_gui_thread(
    qtbot, registry, settings, monkeypatch, openai_tokenizers, tiktoken_encodings
):
    tokenizers = pytest.importorskip("tokenizers")
    from bpe_engine import gpt2_bytes_to_unicode, load_tokenizer

    path = shared_path("tokenizers/llama3.2_tokenizer.json", "the real tokenizer files of ../shared/tokenizers")
    load(qtbot, registry, "o200k_base")
    key = registry.add(load_tokenizer(path), "Llama 3.2", kind="file")
    threads = []
    real = overlap_module.vocabulary_overlap

    def spy(a, b, **options):
        threads.append(threading.current_thread())
        return real(a, b, **options)

    monkeypatch.setattr(overlap_module, "vocabulary_overlap", spy)
    v = CompareView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    v.set_keys([key, "o200k_base"])
    _show_overlap(qtbot, v)
    assert threads and threading.main_thread() not in threads
    decode = {c: b for b, c in gpt2_bytes_to_unicode().items()}
    ref = tokenizers.Tokenizer.from_file(str(path))
    added = {t.content for t in ref.get_added_tokens_decoder().values()}
    llama = {bytes(decode[c] for c in token) for token in ref.get_vocab(with_added_tokens=False) if token not in added}
    o200k = _tiktoken_bytes(tiktoken_encodings["o200k_base"])
    found = v.overlap.overlap()
    assert (found.size_a, found.size_b, found.shared_count) == (len(llama), len(o200k), len(llama & o200k))
    assert len(found.only_a) == len(llama - o200k) and len(found.only_b) == len(o200k - llama)
    v.overlap.controller.wait(60)
