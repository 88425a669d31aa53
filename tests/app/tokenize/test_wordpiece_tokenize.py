"""Tokenize with a WordPiece tokenizer (issue 23, point 3): a BERT-style ``tokenizer.json``
trained here by ``tokenizers``' WordPieceTrainer. The chips and counts are ``tokenizers``'
ids with and without [CLS]/[SEP]; the chips write ``##`` on continuations and show [UNK];
Explain shows the greedy longest match, step for step equal to an independent computation
on the file's vocabulary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.display.chips import SPECIAL
from app.features.tokenize.view import TokenizeView
from bpe_engine import load_tokenizer

from ...conftest import data_text
from ...engine.wordpiece_support import reference, save

pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")

TEXT = "Hello world, the unaffable tea is hot! 國語 ⅻ🤚 done"


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> tuple[object, Path]:
    lines = data_text("english.txt").splitlines()[:300] + data_text("chinese.txt").splitlines()[:30]
    hf = reference(cased=False, vocab_size=900, texts=lines)
    return hf, save(hf, tmp_path_factory.mktemp("wp"))


@pytest.fixture
def view(qtbot, registry, settings, made):
    _hf, path = made
    key = registry.add(load_tokenizer(path), "bert made here", kind="file")
    v = TokenizeView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    v.picker.set_current_key(key)
    return v


def _settle(qtbot, v: TokenizeView, n: int) -> None:
    qtbot.waitUntil(lambda: v.is_settled() and v.table() is not None and len(v.table()) == n, timeout=20_000)


def greedy(word: str, vocab: dict[str, int], unk: str = "[UNK]", limit: int = 100) -> list[tuple[int, list[str], str]]:
    """WordPiece's rule written out: at each position every candidate from the longest, the first
    in the vocabulary taken; none: the word is [UNK]. (position, candidates in the vocabulary's
    reach, token)."""
    if len(word) > limit:
        return [(0, [], unk)]
    longest = max(map(len, vocab))
    out: list[tuple[int, list[str], str]] = []
    start = 0
    while start < len(word):
        cands = [("##" if start else "") + word[start:end] for end in range(len(word), start, -1)]
        cands = [c for c in cands if len(c) <= longest]
        hit = next((k for k, c in enumerate(cands) if c in vocab), None)
        if hit is None:
            return out + [(start, cands, unk)]
        out.append((start, cands[: hit + 1], cands[hit]))
        start += len(cands[hit]) - (2 if start else 0)
    return out


def test_chips_and_counts_are_tokenizers_ids_with_and_without_cls_sep(qtbot, view, made) -> None:
    hf, _path = made
    view.set_text(TEXT)
    with_specials = hf.encode(TEXT).ids
    _settle(qtbot, view, len(with_specials))
    assert view.additions_box.isChecked()  # on by default: BERT adds [CLS] and [SEP]
    assert list(view.table().ids) == with_specials
    assert view.counts().tokens == len(with_specials)
    assert [int(t) for t in view.id_chips.chip_texts()] == with_specials
    labels = view.token_chips.chip_texts()
    assert labels == [hf.id_to_token(i) for i in with_specials]  # ## on continuations, [UNK] as is
    unk = hf.token_to_id("[UNK]")
    assert unk in with_specials
    chips = view.token_chips.chips()
    assert all(chips.kinds[k] == SPECIAL for k, i in enumerate(with_specials) if i == unk)
    view.additions_box.setChecked(False)
    plain = hf.encode(TEXT, add_special_tokens=False).ids
    _settle(qtbot, view, len(plain))
    assert list(view.table().ids) == plain and view.counts().tokens == len(plain)
    assert [int(t) for t in view.id_chips.chip_texts()] == plain
    assert view.table().text == hf.decode(plain, skip_special_tokens=False)


@pytest.mark.parametrize("word", ["unaffable", "hello", "國", "ⅻ🤚", "x" * 101])
def test_explain_shows_the_greedy_longest_match(qtbot, view, made, word) -> None:
    hf, path = made
    vocab = json.loads(path.read_text(encoding="utf-8"))["model"]["vocab"]
    view.set_text(word)
    _settle(qtbot, view, len(hf.encode(word).ids))
    qtbot.waitUntil(lambda: not view.links.timer.isActive())
    assert view.explains.currentWidget() is view.wordpiece_explain
    qtbot.mouseClick(
        view.piece_chips.viewport(), Qt.MouseButton.LeftButton, pos=view.piece_chips.chip_rect(0).toRect().center()
    )
    ex = view.wordpiece_explain
    shown = hf.normalizer.normalize_str(word).strip()  # (Chinese characters get spaces around)
    assert ex.piece == shown
    want = greedy(shown, vocab)
    got = [(s.start, list(s.tried), s.token) for s in ex.steps]
    assert got == want
    rows = ex.step_rows()
    assert [int(r[0]) for r in rows] == [p for p, _c, _t in want]
    for (_p, cands, token), (_pos, tried, taken) in zip(want, rows):
        assert cands[:1] == [] or cands[0] in tried
        assert token in taken
    final = [hf.token_to_id(t) for _p, _c, t in want] if want[-1][2] != "[UNK]" else [hf.token_to_id("[UNK]")]
    assert final == hf.encode(shown, add_special_tokens=False).ids
    assert ex.parts.chip_texts() == [hf.id_to_token(i) for i in final]
