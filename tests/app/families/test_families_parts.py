"""The Families tab's plain-data parts, without a window: the family and state types, the
status line under the training row and what a row says without tokens."""

from __future__ import annotations

from app.core.registry import RegistryEntry
from app.features.families.controller import TrainingState
from app.features.families.family import TRAINED_FAMILIES, Family, Phase, family_name
from app.features.families.job import FamiliesCorpus, TrainedFamilies
from app.features.families.model import COLUMN_KEYS, Column
from app.features.families.row_status import family_status, source_note
from app.features.families.training_status import Said, status_text
from bpe_engine import FAMILIES, FAMILY_TRAINERS


def test_the_types_equal_the_strings_they_replace():
    assert list(Family) == list(FAMILIES) and TRAINED_FAMILIES == (
        "words",
        "char-bpe",
        "byte-bpe",
        "wordpiece",
        "unigram",
    )
    assert TRAINED_FAMILIES == tuple(spec.family for spec in FAMILY_TRAINERS)  # each trained by the engine's entry
    assert {"words": 1}[Family.WORDS] == 1 and Phase.COUNTING == "counting"
    assert TrainingState.CANCELLED == "cancelled" and COLUMN_KEYS[-1] == Column.ROUND_TRIP == "round_trip"
    assert family_name("char-bpe") == family_name(Family.CHAR_BPE) == "Char-level BPE"


def test_the_status_line_says_each_step():
    corpus = FamiliesCorpus("my corpus", ("a.txt",))
    label = lambda c: c.label  # noqa: E731
    assert status_text((), label) == ""
    assert status_text((Said.TRAINING, corpus), label) == "Training on my corpus…"
    assert status_text((Said.PROGRESS, "words", Phase.MERGING, 3, 10), label) == "Words + <UNK>: merge 3 of 10"
    assert "reading the corpus" in status_text((Said.PROGRESS, "bytes", Phase.COUNTING, 1, 2), label)
    assert status_text((Said.PROGRESS, "unigram", Phase.ROUNDS, 2, 5), label) == (
        "Unigram: round 2 of about 5 (EM, then pruning)"
    )
    trained = TrainedFamilies(corpus, 500, errors={"char-bpe": "too small"}, minimum=600, seconds=1.5)
    assert status_text((Said.TRAINED, trained), label) == (
        "Trained on my corpus with vocabulary size 500 in 1.50 s. Char-level BPE needs a vocabulary of at least 600 here."
    )
    assert status_text((Said.FAILED,), label) == "Training failed."


def test_what_a_row_says_without_tokens():
    trained = TrainedFamilies(FamiliesCorpus("c"), 500, errors={"char-bpe": "too small"})
    assert family_status(Family.BYTES, None, training=True) == ""
    assert family_status(Family.WORDS, None, training=True) == "training…"
    assert family_status(Family.WORDS, None, training=False) == "not trained yet: press Train"
    assert family_status(Family.CHAR_BPE, trained, training=False) == "not trained: vocabulary too small"
    loading = RegistryEntry("o200k_base", "OpenAI o200k_base", "openai", status="loading")
    failed = RegistryEntry("k", "a very long label of a tokenizer", "trained", status="error")
    assert family_status(Family.BYTE_BPE, None, False, loading) == "loading…"
    assert family_status(Family.BYTE_BPE, None, False, failed) == "unavailable"
    assert source_note(loading) == "<br><i>o200k_base</i>"
    assert source_note(failed) == "<br><i>a very long label o…</i>"


def test_utf16_offsets_in_one_pass_equal_the_slicing_count() -> None:
    """The highlights' positions, computed in one pass, equal Qt's UTF-16 count of each prefix
    (an emoji or a rare CJK character is two units; a lone surrogate one)."""
    import random

    from app.display.offsets import utf16_offsets

    rng = random.Random(20)
    alphabet = ["a", " ", "é", "国", "🔭", "𠀀", "\ud800", "\n", "▁"]
    for size in (0, 1, 7, 300, 5000):
        text = "".join(rng.choice(alphabet) for _ in range(size))
        indices = sorted(rng.randrange(size + 1) for _ in range(50))
        brute = [len(text[:i].encode("utf-16-le", "surrogatepass")) // 2 for i in indices]
        assert utf16_offsets(text, indices) == brute


def test_the_table_answers_each_cell_as_its_rows_say_after_every_new_set_of_rows(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The model keeps each cell's answer per role for a set of rows (Qt's sizing to contents
    asks many times a relayout); a new set of rows, of the same length or not, is answered anew."""
    from PySide6.QtCore import Qt

    from app.display.format import format_count
    from app.features.families.model import FamiliesTableModel, FamilyTableRow
    from bpe_engine import ByteTokenizer, CharacterTokenizer, compare_families, train_bpe

    tokenizers = {
        "characters": CharacterTokenizer(),
        "bytes": ByteTokenizer(),
        "byte-bpe": train_bpe(None, 300, text="the cat sat on the mat, the hat " * 20),
    }
    roles = (
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.UserRole,
        Qt.ItemDataRole.TextAlignmentRole,
        Qt.ItemDataRole.ForegroundRole,
    )

    def rows(text: str, n: int) -> list[FamilyTableRow]:
        results = compare_families(text, tokenizers)[:n]
        return [FamilyTableRow(Family(r.family), family_name(r.family), result=r) for r in results]

    def answers(model: FamiliesTableModel) -> list[object]:
        cells = [(r, c, role) for r in range(model.rowCount()) for c in range(model.columnCount()) for role in roles]
        return [model.data(model.index(r, c), role) for r, c, role in cells]

    model = FamiliesTableModel()
    tokens = COLUMN_KEYS.index(Column.TOKENS)
    for text, n in (("the cat", 3), ("the hat sat on a mat 🙂", 3), ("a", 2), ("the mat", 3)):
        model.set_rows(rows(text, n))
        for _ in range(2):  # asked again: the same answers
            fresh = FamiliesTableModel()
            fresh.set_rows(rows(text, n))
            assert answers(model) == answers(fresh)
        results = compare_families(text, tokenizers)[:n]
        assert [model.data(model.index(i, tokens)) for i in range(n)] == [format_count(r.count) for r in results]
        assert model.data(model.index(n, tokens)) is None  # beyond the rows
