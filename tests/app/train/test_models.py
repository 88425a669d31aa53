"""Every table model under qtmodeltester, then mutated through its public API with the tester attached."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.features.train.merges_model import MergesModel
from app.features.train.step_model import SEGMENTS_ROLE, PairsModel, PretokensModel
from app.features.vocabulary.model import SearchError, VocabModel, merge_tree, parse_hex, parse_ids
from bpe_engine import BpeTrainer, CountingDone, MergeEvent, train_bpe

TEXT = (
    "low low low low low lower lower widest widest widest newest newest newest newest newest newest\n"
    "Hello helo, I'm here. 國語 國語 Жизнь 🤚🏾<|endoftext|>the tech team\n"
) * 5


@pytest.fixture(scope="module")
def tok():
    return train_bpe(None, 320, ["<|endoftext|>"], text=TEXT)


def _events(tok) -> list[MergeEvent]:
    """The merge events of the run that trained ``tok`` (the same settings, run again)."""
    events = [e for e in BpeTrainer(None, 320, ["<|endoftext|>"], text=TEXT).events() if isinstance(e, MergeEvent)]
    assert [(e.left_id, e.right_id, e.new_id) for e in events] == tok.merge_ids()
    return events


def test_merges_model(qtmodeltester, tok) -> None:
    model = MergesModel()
    qtmodeltester.check(model)
    events = _events(tok)
    model.append(events[:10])
    model.append(events[10:25])
    model.append([])
    assert model.rowCount() == 25
    assert model.index(3, MergesModel.RANK).data() == 3
    first = events[0]
    assert model.index(0, MergesModel.NEW).data() == (first.left + first.right).decode().replace(" ", "·")
    assert model.index(0, MergesModel.COUNT).data() == first.count
    model.clear()
    assert model.rowCount() == 0
    model.set_tokenizer(tok)
    assert model.rowCount() == len(tok.merges)
    model.set_tokenizer(None)
    assert model.rowCount() == 0


def test_merges_model_escapes_partial_characters_and_shows_ties() -> None:
    model = MergesModel()
    event = MergeEvent(0, 0xE5, 0x9C, b"\xe5", b"\x9c", 256, 7, 7, 93, tied_with=(b"a", b"b"))
    model.append([event])
    assert model.index(0, MergesModel.NEW).data() == "<e5 9c>"
    assert model.index(0, MergesModel.LEFT).data() == "<e5>"
    assert "Tied with (a, b)" in model.index(0, MergesModel.NEW).data(Qt.ItemDataRole.ToolTipRole)


def test_vocab_model(qtmodeltester, tok) -> None:
    model = VocabModel()
    qtmodeltester.check(model)
    model.set_tokenizer(tok)
    assert model.rowCount() == len(tok) == model.total()
    row = model.row_of(256)
    a, b, _ = tok.merge_of(256)
    assert model.index(row, VocabModel.LEFT).data().startswith(f"{a} ")
    assert model.index(row, VocabModel.RIGHT).data().startswith(f"{b} ")
    assert model.index(row, VocabModel.COUNT).data() == tok.merge_counts[0]
    assert model.index(model.row_of(65), VocabModel.HEX).data() == "41"
    assert model.index(model.row_of(65), VocabModel.COUNT).data() == ""

    assert model.set_search("305-309", "id") == 5
    assert [model.token_id(r) for r in range(5)] == [305, 306, 307, 308, 309]
    model.sort(VocabModel.ID, Qt.SortOrder.DescendingOrder)
    assert [model.token_id(r) for r in range(5)] == [309, 308, 307, 306, 305]
    model.set_search("", "text", special=True)
    assert model.rowCount() == 1 and model.token_id(0) == tok.special_tokens["<|endoftext|>"]
    model.set_search("", "text", special=False, space=True)
    assert model.rowCount() > 0
    assert all(tok.vocab[model.token_id(r)].startswith(b" ") for r in range(model.rowCount()))
    model.set_search("", "text", space=False, invalid=True)
    ids = {model.token_id(r) for r in range(model.rowCount())}
    assert set(range(128, 256)) <= ids  # lone high bytes are never valid UTF-8
    assert all(not _valid(tok.vocab[i]) for i in ids)
    model.set_search("", "text", invalid=False)
    model.sort(VocabModel.LENGTH, Qt.SortOrder.DescendingOrder)
    lengths = [model.index(r, VocabModel.LENGTH).data() for r in range(model.rowCount())]
    assert lengths == sorted(lengths, reverse=True)
    model.set_tokenizer(None)
    assert model.rowCount() == 0


def _valid(data: bytes) -> bool:
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def test_vocab_search_modes(tok) -> None:
    model = VocabModel()
    model.set_tokenizer(tok)
    model.set_search("·lo", "text")  # typed as shown: · is a space
    assert model.rowCount() > 0
    assert all(b" lo" in tok.vocab[model.token_id(r)] for r in range(model.rowCount()))
    model.set_search(r"^\p{Han}+$", "regex")
    texts = {tok.vocab[model.token_id(r)].decode() for r in range(model.rowCount())}
    assert "國" in texts and all(all("\u4e00" <= ch <= "\u9fff" for ch in t) for t in texts)
    model.set_search("e5 9c", "hex")
    assert all(b"\xe5\x9c" in tok.vocab[model.token_id(r)] for r in range(model.rowCount()))
    assert model.rowCount() >= 1
    before = model.rowCount()
    for query, mode in (("(", "regex"), ("zz", "hex"), ("abc", "hex"), ("1-x", "id")):
        with pytest.raises(SearchError):
            model.set_search(query, mode)
        assert model.rowCount() == before  # a bad query changes nothing


def test_parsers() -> None:
    assert parse_ids("42") == [(42, 42)]
    assert parse_ids("1, 5;9") == [(1, 1), (5, 5), (9, 9)]
    assert parse_ids("200-100") == [(100, 200)]
    assert parse_hex("0xe5 0x9c") == b"\xe5\x9c" == parse_hex("E59C")


def test_merge_tree_goes_down_to_single_bytes(tok) -> None:
    longest = max((i for i in tok.vocab if not tok.is_special(i)), key=lambda i: len(tok.vocab[i]))
    tree = merge_tree(tok, longest)

    def leaves(node):
        return [node] if not node[3] else [x for c in node[3] for x in leaves(c)]

    assert b"".join(n[1] for n in leaves(tree)) == tok.vocab[longest]
    assert all(len(n[1]) == 1 and n[2] is None for n in leaves(tree))


@pytest.fixture(scope="module")
def snapshot_parts():
    trainer = BpeTrainer(None, 300, ["<|endoftext|>"], text=TEXT)
    stream = trainer.events()
    for event in stream:
        if isinstance(event, CountingDone):
            break
    first = next(stream)
    pretokens = trainer.pretokens(50)
    pairs = trainer.top_pairs(10)
    token_bytes = {t: trainer.token_bytes(t) for p in pretokens for t in p.token_ids if t >= 256}
    stream.close()
    return first, pretokens, pairs, token_bytes


def test_pretokens_model(qtmodeltester, snapshot_parts) -> None:
    first, pretokens, _pairs, token_bytes = snapshot_parts
    model = PretokensModel()
    qtmodeltester.check(model)
    next_pair = (ord("e"), first.new_id)  # (e, st) comes next in this corpus
    model.set_pretokens(pretokens, token_bytes, first.new_id, next_pair)
    assert model.rowCount() == len(pretokens)
    newest = next(r for r in range(model.rowCount()) if model.pretoken(r).text == b" newest")
    chips = model.index(newest, PretokensModel.SEGMENTS).data(SEGMENTS_ROLE)
    assert [chip[0] for chip in chips] == ["·", "n", "e", "w", "e", "st"]
    assert [chip[2] for chip in chips] == [False] * 5 + [True]  # the new token is outlined
    assert [chip[4] for chip in chips] == [False] * 4 + [True, True]  # the next pair is marked
    assert model.index(newest, PretokensModel.SEGMENTS).data() == "· | n | e | w | e | st"
    assert model.index(newest, PretokensModel.COUNT).data() == 30
    model.clear()
    assert model.rowCount() == 0


def test_pairs_model(qtmodeltester, snapshot_parts) -> None:
    _first, _pretokens, pairs, _token_bytes = snapshot_parts
    model = PairsModel()
    qtmodeltester.check(model)
    model.set_pairs(pairs)
    assert model.rowCount() == len(pairs)
    assert model.index(0, PairsModel.COUNT).data() == pairs[0].count
    assert model.index(0, 0).data(Qt.ItemDataRole.BackgroundRole) is not None
    tied = model.tied_rows()
    assert tied[0] == 0 and all(model.pair(r).count == pairs[0].count for r in tied)
    model.set_pairs([])
    assert model.rowCount() == 0 and model.tied_rows() == []


def test_pretokens_model_marks_overlapping_pairs_left_to_right() -> None:
    from bpe_engine import PretokenInfo

    model = PretokensModel()
    model.set_pretokens([PretokenInfo(b"aaa", 4, (97, 97, 97))], {}, -1, (97, 97))
    chips = model.index(0, PretokensModel.SEGMENTS).data(SEGMENTS_ROLE)
    assert [chip[4] for chip in chips] == [True, True, False]  # as the merge goes: (a a) a
