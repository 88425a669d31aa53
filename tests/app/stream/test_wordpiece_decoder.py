"""Stream decode with WordPiece files says how the text is put back together for that file
(issue 20, point 1): with the WordPiece decoder a ``##`` token joins the one before and the
others follow a space; without a decoder ``tokenizers`` writes every token as it is, ``##``
included, a space between two, and the view says and shows that. Both files are made here by
``tokenizers``' WordPiece trainer; the reference is its own ``decode``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from app.features.stream.view import StreamView
from bpe_engine import WordPieceDecoder, WordPieceTokenizer, load_tokenizer

from ...engine.wordpiece_support import reference

pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")

TEXTS = ["the quick brown fox, jumps over the lazy dog.", "unbelievable tokenization", "playing played player"] * 20
TEXT = "the players played, unbelievable"


def _files(tmp_path: Path) -> dict[WordPieceDecoder, Path]:
    """The BERT-like file (WordPiece decoder, cleanup) and the same without a decoder."""
    ref = reference(cased=False, vocab_size=120, texts=TEXTS)
    obj = json.loads(ref.to_str())
    paths = {}
    for kind, decoder in ((WordPieceDecoder.WORDPIECE_CLEANUP, obj["decoder"]), (WordPieceDecoder.NONE, None)):
        path = tmp_path / f"{kind.value}.json"
        path.write_text(json.dumps(obj | {"decoder": decoder}), encoding="utf-8")
        paths[kind] = path
    return paths


def _play_all(qtbot: Any, v: StreamView, ids: list[int]) -> list[str]:
    v.text_edit.setText(TEXT)
    qtbot.waitUntil(lambda: v.is_prepared() and v.position == 0 and v.ids == ids)
    lines = []
    for _ in ids:
        qtbot.mouseClick(v.step_button, Qt.MouseButton.LeftButton)
        lines.append(v.step_label.text())
    return lines


@pytest.mark.parametrize("kind", [WordPieceDecoder.WORDPIECE_CLEANUP, WordPieceDecoder.NONE])
def test_each_step_says_how_the_files_decoder_joins_the_token(
    qtbot: Any, registry: Any, settings: Any, tmp_path: Path, kind: WordPieceDecoder
) -> None:
    from tokenizers import Tokenizer

    path = _files(tmp_path)[kind]
    hf, tok = Tokenizer.from_file(str(path)), load_tokenizer(path)
    assert isinstance(tok, WordPieceTokenizer) and tok.decoder is kind
    ids = hf.encode(TEXT, add_special_tokens=False).ids
    continuing = [k for k, i in enumerate(ids) if tok.is_continuation(i)]
    assert continuing and hf.id_to_token(ids[continuing[0]]).startswith("##")  # the test's point
    key = registry.add(tok, path.name, kind="file")
    v = StreamView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    v.picker.set_current_key(key)
    lines = _play_all(qtbot, v, ids)
    expected = hf.decode(ids, skip_special_tokens=False)
    assert v.output_text == expected  # what the view shows is what tokenizers outputs
    assert "equals decode(all ids)" in lines[-1]
    k = continuing[0]
    token = hf.id_to_token(ids[k])
    if kind is WordPieceDecoder.NONE:
        assert "##" in expected and "This file has no decoder" in lines[0]
        assert f"No decoder: <b>{token}</b> is written as it is, after a space." in lines[k]
        assert all("removes ##" not in line and "joins" not in line for line in lines)
    else:
        assert "##" not in expected and "The decoder writes the first token as it is." in lines[0]
        assert f"<b>{token}</b> continues a word: the decoder removes ## and joins it to the token before." in lines[k]
        comma = ids.index(hf.token_to_id(","))
        assert "cleanup writes no space before punctuation" in lines[comma]
        starts = next(j for j in range(1, len(ids)) if j not in continuing and j != comma)
        assert "starts a word: the decoder puts a space before it." in lines[starts]
