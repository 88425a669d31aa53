"""The Stream-decode view, step by step on the demo strings, with cl100k, o200k and a trained tokenizer."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.features.stream.log_model import StepRecord, StreamLogModel
from app.features.stream.view import StreamView

from ..text_views_support import load, openai_tokenizers, tiktoken_encodings, trained  # noqa: F401

F = "\ufffd"

# Known answers, per token: (token bytes, queue after, bytes still needed, decoder output so far,
# naive per-token decode so far). Derived by hand from the UTF-8 of each character.
DEMO = {
    ("cl100k_base", "🤚🏾"): [
        ("f0 9f", "f0 9f", 2, "", F),
        ("a4", "f0 9f a4", 1, "", F * 2),
        ("9a", "", 0, "🤚", F * 3),
        ("f0 9f", "f0 9f", 2, "🤚", F * 4),
        ("8f", "f0 9f 8f", 1, "🤚", F * 5),
        ("be", "", 0, "🤚🏾", F * 6),
    ],
    ("cl100k_base", "國"): [
        ("e5 9c", "e5 9c", 1, "", F),
        ("8b", "", 0, "國", F * 2),
    ],
    ("cl100k_base", "Жизнь"): [
        ("d0", "d0", 1, "", F),
        ("96", "", 0, "Ж", F * 2),
        ("d0 b8 d0 b7", "", 0, "Жиз", F * 2 + "из"),
        ("d0 bd", "", 0, "Жизн", F * 2 + "изн"),
        ("d1 8c", "", 0, "Жизнь", F * 2 + "изнь"),
    ],
    ("o200k_base", "🤚🏾"): [
        ("f0 9f a4", "f0 9f a4", 1, "", F),
        ("9a", "", 0, "🤚", F * 2),
        ("f0 9f 8f", "f0 9f 8f", 1, "🤚", F * 3),
        ("be", "", 0, "🤚🏾", F * 4),
    ],
    ("o200k_base", "國"): [
        ("e5 9c 8b", "", 0, "國", "國"),
    ],
    ("o200k_base", "Жизнь"): [
        ("d0 96", "", 0, "Ж", "Ж"),
        ("d0 b8 d0 b7 d0 bd", "", 0, "Жизн", "Жизн"),
        ("d1 8c", "", 0, "Жизнь", "Жизнь"),
    ],
}


@pytest.fixture
def view(qtbot, registry, settings, openai_tokenizers):
    load(qtbot, registry, "cl100k_base", "o200k_base")
    v = StreamView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    qtbot.waitUntil(v.is_prepared)
    return v


def prepare(qtbot, v: StreamView, key: str, text: str) -> None:
    v.picker.set_current_key(key)
    v.text_edit.clear()
    v.text_edit.setFocus()
    v.text_edit.insert(text)  # as a paste or an input method would
    qtbot.waitUntil(lambda: v.is_prepared() and v.text_edit.text() == text and v.position == 0)


@pytest.mark.parametrize("key,text", list(DEMO))
def test_demo_strings_step_by_step(qtbot, view, key, text, tiktoken_encodings):
    prepare(qtbot, view, key, text)
    enc = tiktoken_encodings[key]
    assert view.ids == enc.encode(text)
    assert view.tape.count() == len(view.ids)
    previous = ""
    for n, (data, queue, needed, output, naive) in enumerate(DEMO[(key, text)], 1):
        qtbot.mouseClick(view.step_button, Qt.MouseButton.LeftButton)
        assert view.position == n
        assert bytes.fromhex(data) == enc.decode_single_token_bytes(view.ids[n - 1])
        assert view.decoder.pending == bytes.fromhex(queue)
        assert view.decoder.needed == needed
        assert view.output_text == output
        assert view.naive_text == naive
        record = view.log.records()[-1]
        assert (record.step, record.token_id, record.pending, record.needed) == (
            n,
            view.ids[n - 1],
            bytes.fromhex(queue),
            needed,
        )
        # The byte queue widget: a pending character is the last group, with its missing bytes.
        pending = view.queue.pending_group()
        if queue:
            assert pending is not None and pending.data == bytes.fromhex(queue) and pending.needed == needed
            assert f"lead byte of a {len(pending.data) + needed}-byte character" in view.lead_label.text()
            assert "waits" in view.step_label.text()
        else:
            assert pending is None and view.lead_label.text() == ""
            completed = "".join(g.char for g in view.queue.groups() if g.complete)
            assert completed == output[len(previous) :]  # exactly the characters this token completed
            assert "Complete → output" in view.step_label.text()
        # The moment a character completes, the output panel shows it; the naive panel shows U+FFFD.
        assert view.output_view.toPlainText() == output
        assert view.naive_view.toPlainText() == naive
        previous = output
    assert view.is_finished() and not view.step_button.isEnabled()
    assert view.output_text == text
    assert "Done." in view.step_label.text()


@pytest.mark.slow
def test_play_pause_speed_and_reset(qtbot, view):
    prepare(qtbot, view, "cl100k_base", "Hi 🤚🏾! 國語, Жизнь.")
    view.set_speed(10)
    assert view.speed_label.text() == "10 tokens/s" and view.timer.interval() == 100
    qtbot.mouseClick(view.play_button, Qt.MouseButton.LeftButton)
    assert view.is_playing() and view.play_button.text() == "⏸ Pause"
    qtbot.waitUntil(lambda: view.position >= 2, timeout=10_000)
    qtbot.mouseClick(view.play_button, Qt.MouseButton.LeftButton)  # pause
    assert not view.is_playing()
    at = view.position
    qtbot.wait(350)
    assert view.position == at  # paused really stops
    qtbot.mouseClick(view.play_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(view.is_finished, timeout=20_000)
    assert not view.is_playing() and view.play_button.text() == "▶ Play"
    assert view.output_text == "Hi 🤚🏾! 國語, Жизнь."
    assert view.naive_text.count(F) > 0
    qtbot.mouseClick(view.reset_button, Qt.MouseButton.LeftButton)
    assert view.position == 0 and view.output_text == "" and view.log.rowCount() == 0
    assert view.tape.selected_index() == -1


def test_trained_tokenizer_streams_byte_tokens(qtbot, view, registry, trained):
    key = registry.add(trained, "tiny")
    prepare(qtbot, view, key, "國語")
    assert view.ids == trained.encode("國語")
    while view.step():
        pass
    assert view.output_text == "國語"
    records = view.log.records()
    # Whatever the trained vocabulary merged, the queue never releases half a character.
    assert all("\ufffd" not in r.output for r in records)
    assert "".join(r.output for r in records) == "國語"


def test_log_model(qtmodeltester):
    model = StreamLogModel()
    qtmodeltester.check(model)
    model.append(StepRecord(1, 12554, b"\xe5\x9c", b"\xe5\x9c", 1, "", F))
    model.append(StepRecord(2, 233, b"\x8b", b"", 0, "國", F))
    assert model.data(model.index(0, 3)) == "e5 9c" and model.data(model.index(1, 5)) == "國"
    assert model.data(model.index(0, 5)) == "(nothing yet)"
    model.clear()
    assert model.rowCount() == 0


@pytest.mark.parametrize("name", ["r50k_base", "p50k_base", "cl100k_base", "o200k_base"])
def test_every_openai_encoding_streams_like_an_independent_utf8_check(
    qtbot, registry, settings, name, tiktoken_encodings, openai_tokenizers
):
    load(qtbot, registry, name)
    v = StreamView(registry, settings)
    qtbot.addWidget(v)
    v.show()
    text = "Hi 🤚🏾! 國語, Жизнь."
    prepare(qtbot, v, name, text)
    enc = tiktoken_encodings[name]
    assert v.ids == enc.encode(text)
    fed = b""
    naive = ""
    while v.step():
        tid = v.ids[v.position - 1]
        fed += enc.decode_single_token_bytes(tid)
        naive += enc.decode([tid])  # tiktoken's own per-token decode (errors="replace")
        complete = fed.decode("utf-8", errors="ignore")  # valid text is only cut at its end
        assert v.output_text == complete
        assert v.decoder.pending == fed[len(complete.encode("utf-8")) :]
        assert v.naive_text == naive
    assert v.output_text == text and "\ufffd" in v.naive_text
