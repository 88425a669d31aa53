"""The health check's token lists name a SentencePiece token by its piece, as every other view
does: a byte-fallback token is ``<0x41>``, never passed off as the character ``A`` (the list
showed ``\\x01``, ``←`` and ``A`` for <0x01>, <0x0D> and <0x41>), and a word-start piece keeps
its ``▁`` (it showed ``·the``)."""

from __future__ import annotations

from app.display.format import visible
from app.features.measure.exports import figures_csv
from app.features.measure.texts import TextSet, heldout_texts

from ..sentencepiece_support import spm_model, spm_reference, spm_tokenizer  # noqa: F401
from .conftest import measure


def test_health_lists_name_sentencepiece_tokens_by_their_pieces(
    qtbot, registry, view, spm_tokenizer, spm_reference
) -> None:
    key = registry.add(spm_tokenizer, "small spm", kind="file")
    measure(qtbot, view, key, TextSet.HELDOUT)
    used = {i for t in heldout_texts() for i in spm_reference.encode(t.text)}
    view.health.kind_combo.setCurrentIndex(2)  # unused in the texts
    lines = [line.split("\t") for line in view.health.listed() if "\t" in line]
    assert lines and not {int(i) for i, _ in lines} & used  # (the reference's ids)
    assert any(spm_reference.is_byte(int(i)) for i, _ in lines)
    assert any(spm_reference.id_to_piece(int(i)).startswith("▁") for i, _ in lines)
    for i, shown in lines:
        assert shown == visible(spm_reference.id_to_piece(int(i))), (i, shown)
    csv_rows = [r.split(",") for r in figures_csv(heldout_texts(), view.figures(), {key: spm_tokenizer}).splitlines()]
    byte_rows = [r for r in csv_rows if r[0] == "health_tokens" and spm_reference.is_byte(int(r[-1]))]
    assert byte_rows and all(r[3] == spm_reference.id_to_piece(int(r[-1])) for r in byte_rows)
    view.shutdown()
    view.controller.wait(60_000)
