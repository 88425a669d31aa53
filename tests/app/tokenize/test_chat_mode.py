"""Tokenize's Chat mode (issue 23, point 5): messages rendered by the tokenizer's chat template
in the encode job, the rendered text's ids and special tokens against the reference library;
a tokenizer without a template says so; a hostile template is stopped with a clear line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.features.tokenize.input_area import InputMode
from app.features.tokenize.view import TokenizeView
from bpe_engine import ChatMessage, ChatRole, load_tokenizer, train_bpe

from ...engine.formats_support import QWEN_PATTERN, QWEN_SPECIALS, qwen_reference, shared_tokenizer

CHAT = [
    ChatMessage(ChatRole.SYSTEM, "You are a helpful assistant."),
    ChatMessage(ChatRole.USER, "Give me a short introduction to large language model."),
]
# Qwen's documented ChatML prompt for CHAT, with the generation prompt
QWEN_TEXT = (
    "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n"
    "<|im_start|>user\nGive me a short introduction to large language model.<|im_end|>\n"
    "<|im_start|>assistant\n"
)


@pytest.fixture
def view(qtbot, registry, settings):
    v = TokenizeView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    return v


def _chat(qtbot, v: TokenizeView, key: str, messages: list[ChatMessage]) -> None:
    v.picker.set_current_key(key)
    v.input_area.set_mode(InputMode.CHAT)
    v.chat_editor.set_messages(messages)
    qtbot.waitUntil(
        lambda: v.is_settled() and v.current_key() == key and v.chat_editor.outcome is not None, timeout=20_000
    )


def test_qwen_chat_shows_tiktokens_ids_and_special_tokens(qtbot, view) -> None:
    path = shared_tokenizer("qwen.tiktoken")
    tok = load_tokenizer(path, pattern=QWEN_PATTERN, special_tokens=QWEN_SPECIALS)
    key = view.registry.add(tok, "Qwen", kind="file", path=str(path))
    _chat(qtbot, view, key, CHAT)
    ref = qwen_reference().encode(QWEN_TEXT, allowed_special="all")
    table, count = view.table(), view.counts()
    assert table is not None and count is not None
    assert table.text == QWEN_TEXT and list(table.ids) == ref and count.tokens == len(ref)
    specials = [i for i in ref if i in set(QWEN_SPECIALS.values())]
    assert view.chat_editor.outcome.special_tokens == len(specials) == 5
    assert sum(table.special) == len(specials)  # drawn as special chips
    label = view.chat_editor.source_label.text()
    assert "ChatML" in label and "&lt;|im_start|&gt;" in label and "5 special tokens" in label
    assert not view.mode_combo.isEnabled() and not view.adds_special_tokens()
    view.chat_editor.generation_box.setChecked(False)
    qtbot.waitUntil(lambda: view.is_settled() and view.table() is not None and view.table().text != QWEN_TEXT)
    without = qwen_reference().encode(QWEN_TEXT.removesuffix("<|im_start|>assistant\n"), allowed_special="all")
    assert list(view.table().ids) == without


def test_a_tokenizer_without_template_says_so_and_a_chosen_format_still_works(qtbot, view) -> None:
    tok = train_bpe(None, 300, ["<|endoftext|>"], text="hello world, a chat of words " * 40)
    key = view.registry.add(tok, "trained", kind="trained")
    _chat(qtbot, view, key, CHAT)
    assert view.table() is None and "no chat template" in view.chat_editor.source_label.text()
    view.chat_editor.template_combo.setCurrentIndex(view.chat_editor.template_combo.findData("chatml"))
    qtbot.waitUntil(lambda: view.is_settled() and view.table() is not None)
    assert view.table().text == QWEN_TEXT
    assert list(view.table().ids) == tok.encode(QWEN_TEXT, allowed_special="all")
    assert view.chat_editor.outcome.special_tokens == 0  # its vocabulary has none of ChatML's
    rows = len(view.chat_editor.rows)
    view.chat_editor.add_button.click()
    assert len(view.chat_editor.rows) == rows + 1
    assert view.chat_editor.rows[-1].message().role is ChatRole.ASSISTANT  # after the user's
    assert view.chat_editor.add_button.shortcut().toString() == "Ctrl+Shift+M"


def test_a_hostile_template_beside_the_file_is_refused_with_its_line(qtbot, view, tmp_path: Path) -> None:
    tok = train_bpe(None, 300, ["<|im_start|>", "<|im_end|>"], text="hello world, a chat of words " * 40)
    path = tmp_path / "tokenizer.json"
    tok.save(path)
    config = {"chat_template": "{% for m in messages %}{{ m.content }}\n{% endfor %}{{ ().__class__.__mro__ }}"}
    (tmp_path / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    key = view.registry.add(load_tokenizer(path), "hostile", kind="file", path=str(path))
    _chat(qtbot, view, key, CHAT)
    label = view.chat_editor.source_label.text()
    assert view.table() is None and "tokenizer_config.json" in label and "line 2" in label and "unsafe" in label
    view.input_area.set_mode(InputMode.TEXT)  # the text still tokenizes
    qtbot.waitUntil(lambda: view.is_settled() and view.table() is not None)
