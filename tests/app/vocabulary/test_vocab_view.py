"""The Vocabulary view: trained and OpenAI tokenizers, search, filters, sorting, merge trees,
loading states and load failures."""

from __future__ import annotations

import pytest
import tiktoken
from PySide6.QtCore import QPoint, Qt

from app.features.vocabulary.model import VocabModel
from app.features.vocabulary.view import VocabView
from bpe_engine import train_bpe

TEXT = (
    "low low low lower lowest newest widest the tech team 國語 國語 Жизнь 🤚🏾\n<|endoftext|>Hello helo, I'm here.\n"
) * 8


@pytest.fixture
def view(qtbot, registry, settings):
    v = VocabView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 700)
    v.show()
    return v


@pytest.fixture(scope="module")
def tok():
    return train_bpe(None, 330, ["<|endoftext|>"], text=TEXT)


def _ids(view: VocabView) -> list[int]:
    return [view.model.token_id(r) for r in range(view.model.rowCount())]


def test_a_new_trained_tokenizer_is_shown(view, registry, tok) -> None:
    key = registry.add(tok, "trained on TEXT")
    assert view.key == key
    assert view.model.rowCount() == len(tok)
    assert view.picker.currentData() == key
    assert f"{len(tok)}" in view.count_label.text().replace(",", "")
    assert "merges" in view.status.text()


def test_search_by_text_regex_id_and_hex(qtbot, view, registry, tok) -> None:
    registry.add(tok, "t")
    view.mode.setCurrentIndex(view.mode.findData("id"))
    qtbot.keyClicks(view.search, "256-258")
    view.apply_search()
    assert _ids(view) == [256, 257, 258]

    view.search.clear()
    view.mode.setCurrentIndex(view.mode.findData("hex"))
    qtbot.keyClicks(view.search, "e5 9c")
    view.apply_search()
    assert _ids(view) and all(b"\xe5\x9c" in tok.vocab[i] for i in _ids(view))

    view.search.clear()
    view.mode.setCurrentIndex(view.mode.findData("text"))
    qtbot.keyClicks(view.search, "low")
    qtbot.waitUntil(lambda: view.model.rowCount() < len(tok))  # debounced while typing
    assert all("low" in tok.vocab[i].decode("utf-8", "replace") for i in _ids(view))

    view.search.clear()
    view.mode.setCurrentIndex(view.mode.findData("regex"))
    qtbot.keyClicks(view.search, "^ [a-z]+$")
    view.apply_search()
    assert _ids(view) and all(tok.vocab[i].startswith(b" ") and tok.vocab[i][1:].isalpha() for i in _ids(view))


def test_bad_regex_is_shown_inline_and_keeps_the_rows(qtbot, view, registry, tok) -> None:
    registry.add(tok, "t")
    view.mode.setCurrentIndex(view.mode.findData("regex"))
    before = view.model.rowCount()
    qtbot.keyClicks(view.search, "(low")
    assert not view.apply_search()
    assert not view.search_problem.isHidden() and "invalid regex" in view.search_problem.text()
    assert view.model.rowCount() == before
    qtbot.keyClicks(view.search, ")")
    assert view.apply_search()
    assert view.search_problem.isHidden()


def test_a_regex_that_backtracks_forever_is_refused_as_too_slow(qtbot, view, registry) -> None:
    # Training on one long word makes a token of 40 a's and a b: (a|aa)+$ tries every way to
    # split the a's (exponential) before it fails on the b.
    slow = train_bpe(None, 280, [], text=("a" * 40 + "b\n") * 20, pretokenizer=r"regex:\S+")
    assert b"a" * 40 + b"b" in slow.vocab.values()
    registry.add(slow, "a-runs")
    view.mode.setCurrentIndex(view.mode.findData("regex"))
    before = _ids(view)
    qtbot.keyClicks(view.search, "(a|aa)+$")
    assert not view.apply_search()  # returns: the search is bounded in time
    assert not view.search_problem.isHidden() and "pattern too slow" in view.search_problem.text()
    assert _ids(view) == before
    view.search.clear()
    qtbot.keyClicks(view.search, "a{8}")
    assert view.apply_search() and view.search_problem.isHidden()
    assert _ids(view) and all(b"a" * 8 in slow.vocab[i] for i in _ids(view))


def test_filters(qtbot, view, registry, tok) -> None:
    registry.add(tok, "t")
    view.special_filter.setChecked(True)
    assert _ids(view) == [tok.special_tokens["<|endoftext|>"]]
    view.special_filter.setChecked(False)
    view.space_filter.setChecked(True)
    assert _ids(view) and all(tok.vocab[i][:1] == b" " for i in _ids(view))
    view.space_filter.setChecked(False)
    view.invalid_filter.setChecked(True)
    ids = _ids(view)
    assert set(range(128, 256)) <= set(ids)
    for i in ids:
        with pytest.raises(UnicodeDecodeError):
            tok.vocab[i].decode("utf-8")


def test_sort_by_clicking_a_header(qtbot, view, registry, tok) -> None:
    registry.add(tok, "t")
    header = view.table.horizontalHeader()
    at = QPoint(header.sectionViewportPosition(VocabModel.LENGTH) + 5, 5)
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=at)
    first = [len(tok.vocab[i]) for i in _ids(view)]
    ascending = header.sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
    assert first == sorted(first, reverse=not ascending) and first != sorted(first, reverse=ascending)
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=at)
    second = [len(tok.vocab[i]) for i in _ids(view)]
    assert second == sorted(first, reverse=ascending)
    assert header.sortIndicatorSection() == VocabModel.LENGTH


def test_selecting_a_token_shows_its_merge_tree(qtbot, view, registry, tok) -> None:
    registry.add(tok, "t")
    longest = max((i for i in tok.vocab if not tok.is_special(i)), key=lambda i: len(tok.vocab[i]))
    assert view.select_token(longest)
    root = view.tree.topLevelItem(0)
    assert root.text(1) == str(longest)

    def leaves(item):
        if item.childCount() == 0:
            return [item]
        return [x for k in range(item.childCount()) for x in leaves(item.child(k))]

    bytes_ids = [int(item.text(1)) for item in leaves(root)]
    assert all(i < 256 for i in bytes_ids)
    assert bytes(bytes_ids) == tok.vocab[longest]
    left, right, rank = tok.merge_of(longest)
    assert [root.child(0).text(1), root.child(1).text(1)] == [str(left), str(right)]
    assert root.text(2) == str(rank)
    assert f"id {longest}" in view.details.text() and "merge rank" in view.details.text()
    view.select_token(65)
    assert view.tree.topLevelItem(0).childCount() == 0 and "single byte" in view.details.text()


@pytest.mark.usefixtures("openai_encodings")
def test_openai_encoding_loads_with_a_loading_state(qtbot, view, registry) -> None:
    view.show_key("cl100k_base")
    assert not view.loading.isHidden() or registry.get("cl100k_base") is not None
    qtbot.waitUntil(lambda: view.model.rowCount() > 100_000, timeout=60_000)
    assert view.loading.isHidden()
    enc = tiktoken.get_encoding("cl100k_base")
    specials = {enc.encode_single_token(t) for t in enc.special_tokens_set}
    assert view.model.total() == 100_256 + len(specials)  # cl100k: 100 256 ordinary ids, then gaps
    assert view.model.row_of(100_256) == -1
    for token_id in list(range(0, 100_256, 997)) + sorted(specials):
        row = view.model.row_of(token_id)
        assert view.model.index(row, VocabModel.HEX).data() == enc.decode_single_token_bytes(token_id).hex(" ")
    view.mode.setCurrentIndex(view.mode.findData("id"))
    view.search.setText("1820")
    view.apply_search()
    assert _ids(view) == [1820]
    assert view.model.index(0, VocabModel.HEX).data() == enc.decode_single_token_bytes(1820).hex(" ")
    view.select_token(1820)
    assert view.tree.topLevelItem(0) is not None
    view.search.clear()
    view.apply_search()
    view.table.scrollToBottom()  # 100 000 rows scroll without trouble
    last = view.table.indexAt(view.table.viewport().rect().bottomLeft() - QPoint(0, 5))
    assert last.isValid() and last.row() > 99_000


@pytest.mark.usefixtures("openai_encodings")
def test_o200k_has_200k_rows(qtbot, view, registry) -> None:
    view.show_key("o200k_base")
    qtbot.waitUntil(lambda: view.model.rowCount() > 199_000, timeout=60_000)
    view.table.scrollToBottom()
    view.space_filter.setChecked(True)
    assert 0 < view.model.rowCount() < 199_000


def test_a_failed_load_shows_why(qtbot, view, registry) -> None:
    # The registry reports a failure (no network, no cache); the view says why, in place.
    entry = registry.entry("r50k_base")
    entry.status = "error"
    entry.message = "r50k_base cannot be downloaded: set TIKTOKEN_CACHE_DIR to a folder of cached files"
    view.show_key("r50k_base")
    assert view.messages.kind == "error" and "TIKTOKEN_CACHE_DIR" in view.messages.text()
    assert view.model.rowCount() == 0
    registry.failed.emit("r50k_base", entry.message)
    assert "TIKTOKEN_CACHE_DIR" in view.messages.text()
    assert "(unavailable)" in view.picker.itemText(view.picker.findData("r50k_base"))
