"""Compare's "Add BOS/EOS as the model does" (issue 23, point 4): each column's ids are
``tokenizers``' ``Tokenizer.encode(text).ids`` (``add_special_tokens=True``) for its file when
the box is on, ``encode(text, add_special_tokens=False)`` when off; the column's count and the
summary agree with them; the choice is one setting with the Tokenize tab's."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.features.compare.view import CompareView
from app.features.tokenize.view import TokenizeView
from bpe_engine import load_tokenizer

from ...engine.test_special_additions import made_tokenizer_json
from ...engine.wordpiece_support import reference, save, training_texts
from ..text_views_support import load, openai_tokenizers, tiktoken_encodings, tiktoken_ids  # noqa: F401

hf = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")

TEXT = "Hello world, the tea is hot.\nSecond line: Über 國語 12345"


@pytest.fixture
def made(tmp_path: Path) -> list[tuple[Path, str]]:
    """A BERT-like WordPiece file (``[CLS] $A [SEP]``) and a byte-level BPE file with a
    TemplateProcessing post-processor, both trained here by ``tokenizers``' trainers."""
    wordpiece = save(reference(cased=False, vocab_size=600, texts=training_texts()[:400]), tmp_path / "wp")
    byte_level = made_tokenizer_json(tmp_path / "byte_level.json", "bert-template")
    return [(wordpiece, "[SEP]"), (byte_level, "[SEP]")]


@pytest.fixture
def view(qtbot, registry, settings, openai_tokenizers, made):
    load(qtbot, registry, "cl100k_base")
    keys = [registry.add(load_tokenizer(path), f"made {i}", kind="file") for i, (path, _) in enumerate(made)]
    v = CompareView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1400, 900)
    v.show()
    qtbot.waitExposed(v)
    v.set_keys([*keys, "cl100k_base"])
    v.set_text(TEXT)
    qtbot.waitUntil(lambda: v.is_settled() and all(c.table is not None for c in v.columns()), timeout=20_000)
    return v


def _check_columns(v: CompareView, refs: list, add: bool, cl100k: list[int]) -> None:
    for i, ref in enumerate(refs):
        ids = ref.encode(TEXT, add_special_tokens=add).ids
        col = v.columns()[i]
        assert list(col.table.ids) == ids, i
        assert col.chips.count() == len(ids) and f"<b>{len(ids)}</b> tokens" in col.counts_label.text()
        assert v.summary.value(i, 1) == len(ids)  # the summary agrees with the column
        chips = col.chips.chip_texts()
        assert (chips[0] == "[CLS]" and chips[-1] == "[SEP]") == add, chips[:2]
    assert list(v.columns()[2].table.ids) == cl100k  # tiktoken files add nothing
    assert v.summary.value(2, 1) == len(cl100k)


def test_columns_are_tokenizers_ids(qtbot, view, made, tiktoken_encodings) -> None:
    refs = [hf.Tokenizer.from_file(str(path)) for path, _ in made]
    cl100k = tiktoken_ids(tiktoken_encodings["cl100k_base"], TEXT)
    assert view.additions_box.isEnabled() and view.additions_box.isChecked()  # on by default
    assert "[CLS]" in view.additions_box.toolTip() and "made 0" in view.additions_box.toolTip()
    _check_columns(view, refs, True, cl100k)
    generation = view.controller.generation
    view.additions_box.setChecked(False)
    assert view.settings.add_special_tokens is False  # one setting: Tokenize starts from it
    qtbot.waitUntil(lambda: view.controller.generation > generation and view.is_settled(), timeout=20_000)
    _check_columns(view, refs, False, cl100k)


def test_box_is_disabled_when_no_column_adds_any(qtbot, view) -> None:
    view.set_keys(["cl100k_base", "cl100k_base"])
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    assert not view.additions_box.isEnabled()
    assert "None of these tokenizers" in view.additions_box.toolTip()


def test_one_choice_with_tokenize(qtbot, registry, settings, openai_tokenizers) -> None:
    """Unticked in one tab, the box starts unticked in the other (the window also keeps the
    two boxes in step while both are open: tests/app/window)."""
    load(qtbot, registry, "cl100k_base")
    settings.add_special_tokens = False
    tokenize, compare = TokenizeView(registry, settings), CompareView(registry, settings)
    qtbot.addWidget(tokenize)
    qtbot.addWidget(compare)
    assert not tokenize.additions_box.isChecked() and not compare.additions_box.isChecked()
    settings.add_special_tokens = True
    again = TokenizeView(registry, settings)
    qtbot.addWidget(again)
    assert again.additions_box.isChecked()


def test_the_window_keeps_the_two_boxes_in_step(qtbot, window) -> None:
    tokenize, compare = window.tokenize_view.additions_box, window.compare_view.additions_box
    assert tokenize.isChecked() and compare.isChecked()
    tokenize.setChecked(False)
    assert not compare.isChecked() and window.settings.add_special_tokens is False
    compare.setChecked(True)
    assert tokenize.isChecked() and window.settings.add_special_tokens is True
