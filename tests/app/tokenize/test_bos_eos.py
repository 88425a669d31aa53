"""Tokenize's "Add BOS/EOS as the model does" (issue 23, point 4): the chips and the count
hold the ids of ``tokenizers``' ``Tokenizer.encode(text)`` (``add_special_tokens=True``) when
the box is on, those of ``encode(text, add_special_tokens=False)`` when off; the box is
disabled for a tokenizer that adds nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.features.tokenize.view import TokenizeView
from bpe_engine import load_tokenizer

from ...engine.test_special_additions import made_tokenizer_json
from ..sentencepiece_support import spm_model  # noqa: F401
from ..text_views_support import load, openai_tokenizers, tiktoken_encodings  # noqa: F401

hf = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")

TEXT = "Hello world, the tea is hot.\nSecond line"


@pytest.fixture
def view(qtbot, registry, settings, openai_tokenizers):
    load(qtbot, registry, "cl100k_base")
    v = TokenizeView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    return v


def _show(qtbot, v: TokenizeView, key: str) -> None:
    v.picker.set_current_key(key)
    qtbot.waitUntil(lambda: v.is_settled() and v.current_key() == key and v.table() is not None, timeout=20_000)


def _settle(qtbot, v: TokenizeView) -> None:
    qtbot.waitUntil(lambda: v.is_settled() and v.table() is not None, timeout=20_000)


@pytest.mark.parametrize("kind", ["llama3", "bert-template"])
def test_chips_and_count_are_tokenizers_ids(qtbot, view, tmp_path: Path, kind: str) -> None:
    path = made_tokenizer_json(tmp_path / "tokenizer.json", kind)
    ref = hf.Tokenizer.from_file(str(path))
    key = view.registry.add(load_tokenizer(path), f"made {kind}", kind="file")
    view.set_text(TEXT)
    _show(qtbot, view, key)
    assert view.additions_box.isEnabled() and view.additions_box.isChecked()  # on by default
    names = ["<|begin_of_text|>"] if kind == "llama3" else ["[CLS]", "[SEP]"]
    assert all(name in view.additions_box.toolTip() for name in names)
    table, count = view.table(), view.counts()
    assert table is not None and count is not None
    assert list(table.ids) == ref.encode(TEXT).ids
    assert count.tokens == len(ref.encode(TEXT).ids)
    chips = view.token_chips.chip_texts()
    assert chips[0] == names[0] and (kind == "llama3" or chips[-1] == "[SEP]")
    view.additions_box.setChecked(False)
    qtbot.waitUntil(lambda: view.table() is not None and len(view.table()) < len(ref.encode(TEXT).ids))
    _settle(qtbot, view)
    assert list(view.table().ids) == ref.encode(TEXT, add_special_tokens=False).ids
    assert view.counts().tokens == len(view.table().ids)


def test_box_is_disabled_for_tiktoken(qtbot, view) -> None:
    key = next(k for k in view.registry.keys() if "cl100k" in k)
    view.set_text(TEXT)
    _show(qtbot, view, key)
    assert not view.additions_box.isEnabled()
    assert "no special tokens" in view.additions_box.toolTip()


def test_sentencepiece_chips_follow_tokenizer_config(qtbot, view, spm_model, tmp_path: Path) -> None:
    """A SentencePiece .model with a tokenizer_config.json saying add_bos_token (as Llama 2's):
    the chips are sentencepiece's encode(text, add_bos=True), the BOS chip named <s>."""
    import json
    import shutil

    spm = pytest.importorskip("sentencepiece")
    path = tmp_path / "tokenizer.model"
    shutil.copy(spm_model, path)
    config = {"add_bos_token": True, "add_eos_token": True, "bos_token": "<s>", "eos_token": "</s>"}
    (tmp_path / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    ref = spm.SentencePieceProcessor(model_file=str(path))
    key = view.registry.add(load_tokenizer(path), "spm with config", kind="file")
    view.set_text(TEXT)
    _show(qtbot, view, key)
    assert list(view.table().ids) == ref.encode(TEXT, add_bos=True, add_eos=True)
    chips = view.token_chips.chip_texts()
    assert chips[0] == "<s>" and chips[-1] == "</s>"
    assert view.counts().tokens == len(chips)


def test_with_a_bos_the_chip_holding_the_newline_ends_its_line(qtbot, view, tmp_path: Path) -> None:
    # (the table with the additions kept the byte offsets made without them: the line ended
    # one chip early, on the token before the newline)
    path = made_tokenizer_json(tmp_path / "tokenizer.json", "llama3")
    ref = hf.Tokenizer.from_file(str(path)).encode(TEXT)
    key = view.registry.add(load_tokenizer(path), "made llama3", kind="file")
    view.set_text(TEXT)
    _show(qtbot, view, key)
    chips = view.token_chips.chips()
    ends = [k for k in range(len(chips.breaks)) if chips.breaks[k]]
    assert ends == [k for k, (s, e) in enumerate(ref.offsets) if "\n" in TEXT[s:e]] != []
