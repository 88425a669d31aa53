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


CORPUS_LINES = ["The tea is hot.", "", "Second line: Über 國語 12345", "   ", "Hello world, again\tand again."]


def _run_corpus(qtbot, v: CompareView, path: Path) -> None:
    v.set_corpus_path(str(path))
    with qtbot.waitSignal(v.corpus.finished, timeout=60_000):
        v.run_corpus()


def test_corpus_mode_counts_the_bos_eos_once_per_non_blank_line(qtbot, view, made, tmp_path) -> None:
    """Issue 20, point 2: corpus mode ignored "Add BOS/EOS". Each non-blank line is one text:
    its tokens are ``tokenizers``' ``encode(line).ids`` with ``add_special_tokens=True``, less
    the same without, added to the whole file's tokens; off, the file's tokens alone."""
    refs = [hf.Tokenizer.from_file(str(path)) for path, _ in made]
    text = "\n".join(CORPUS_LINES) + "\n"
    path = tmp_path / "corpus.txt"
    path.write_text(text, encoding="utf-8")
    lines = [line for line in CORPUS_LINES if line.strip()]
    assert view.adds_special_tokens()
    _run_corpus(qtbot, view, path)
    for i, ref in enumerate(refs):
        plain = len(ref.encode(text, add_special_tokens=False).ids)
        added = sum(len(ref.encode(line).ids) - len(ref.encode(line, add_special_tokens=False).ids) for line in lines)
        assert added == 2 * len(lines)  # [CLS] … [SEP] each: the test's point
        assert view.summary.value(i, 5) == plain + added, i
    cl100k = view.summary.value(2, 5)
    status = view.corpus_panel.status.text()
    assert "BOS/EOS counted once per non-blank line (3)." in status
    assert "each non-blank line of the file is one text (3 here)" in view.corpus_panel.status.toolTip()
    # Unticked: the figures counted with BOS/EOS go; run again, the file's tokens alone.
    view.additions_box.setChecked(False)
    assert view.summary.value(0, 5) is None
    _run_corpus(qtbot, view, path)
    for i, ref in enumerate(refs):
        assert view.summary.value(i, 5) == len(ref.encode(text, add_special_tokens=False).ids)
    assert view.summary.value(2, 5) == cl100k  # tiktoken files add nothing
    assert "non-blank line" not in view.corpus_panel.status.text() and not view.corpus_panel.status.toolTip()


def test_a_one_line_corpus_counts_as_tokenizers_encode(qtbot, view, made, tmp_path) -> None:
    """A file of one line is one text: its count is ``encode(text).ids`` exactly."""
    path = tmp_path / "one.txt"
    path.write_text(CORPUS_LINES[2], encoding="utf-8")
    _run_corpus(qtbot, view, path)
    for i, (made_path, _) in enumerate(made):
        ref = hf.Tokenizer.from_file(str(made_path))
        assert view.summary.value(i, 5) == len(ref.encode(CORPUS_LINES[2]).ids)


def test_non_blank_lines_are_counted_across_blocks() -> None:
    import random

    from app.features.compare.corpus_job import LineCounter

    rng = random.Random(5)
    for _ in range(200):
        text = "".join(rng.choice(["a", " ", "\n", "\t", "國", "\r\n"]) for _ in range(rng.randint(0, 40)))
        counter = LineCounter()
        at = 0
        while at < len(text):
            step = rng.randint(1, 5)
            counter.feed(text[at : at + step])
            at += step
        assert counter.total() == sum(1 for line in text.split("\n") if line.strip()), repr(text)
