"""Opening a SentencePiece ``.model`` fast: the pieces read in bulk (NumPy over the offsets)
are the ones a field-by-field reading finds, whatever the layout of each piece, and the tables
built on first use (the model's piece ids, pairs, scores' ranks, the tokenizer's byte table)
are the ones ``sentencepiece`` defines."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest

from bpe_engine import SentencePieceTokenizer, load_tokenizer
from bpe_engine.errors import TokenizerFileError
from bpe_engine.formats.data import BYTE, CONTROL, NORMAL, UNKNOWN, UNUSED, USER_DEFINED, PieceTexts
from bpe_engine.formats.sentencepiece import data_from_model_proto

from .formats_support import iter_fields, pb_field, sentencepiece_model, shared_tokenizer

spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")

_REAL = ["mistral_sentencepiece_v1.model", "mistral_sentencepiece_v3.model"]


def _read_by_fields(data: bytes) -> tuple[list[str], list[float], list[int]]:
    """The pieces as the test's own field-by-field reader finds them."""
    pieces, scores, kinds = [], [], []
    for number, _, value in iter_fields(data):
        if number != 1:
            continue
        assert isinstance(value, bytes)
        piece, score, kind = "", 0.0, NORMAL
        for n2, _, v2 in iter_fields(value):
            if n2 == 1:
                assert isinstance(v2, bytes)
                piece = v2.decode("utf-8")
            elif n2 == 2:
                assert isinstance(v2, bytes)
                score = struct.unpack("<f", v2)[0]
            elif n2 == 3:
                assert isinstance(v2, int)
                kind = v2
        pieces.append(piece)
        scores.append(score)
        kinds.append(kind)
    return pieces, scores, kinds


def _check_same_pieces(data: bytes, source: str) -> None:
    found = data_from_model_proto(data, source)
    pieces, scores, kinds = _read_by_fields(data)
    assert found.pieces == pieces
    assert found.scores == scores
    assert found.kinds == kinds


@pytest.mark.parametrize("name", _REAL)
def test_real_models_read_in_bulk_as_field_by_field(name: str) -> None:
    path = shared_tokenizer(name)
    _check_same_pieces(path.read_bytes(), str(path))


def _odd_layouts(nul: bool = True) -> bytes:
    """Pieces the bulk reading does not take (the generic reader goes on from the first),
    between pieces it takes: a text of 200 bytes (its lengths take two bytes), a score left
    out, the fields in another order, texts that look like the start of a piece, a NUL (which
    sentencepiece refuses)."""
    simple = [("<unk>", 0.0, UNKNOWN), ("<s>", 0.0, CONTROL), ("▁a", -1.0, NORMAL), ("b", -2.0, NORMAL)]
    out = sentencepiece_model(simple)
    head = out[: out.index(pb_field(2, pb_field(3, 2) + pb_field(35, False)))]
    tail = out[len(head) :]
    odd = [
        pb_field(1, pb_field(1, "x" * 200) + pb_field(2, -3.0)),
        pb_field(1, pb_field(1, "no score") + pb_field(3, NORMAL)),
        pb_field(1, pb_field(2, -4.0) + pb_field(1, "score first")),
        pb_field(1, pb_field(1, "\n\x05\nq\n\x01\n") + pb_field(2, -5.0)),
        pb_field(1, pb_field(1, "nul\x00inside" if nul else "unused") + pb_field(2, -6.0) + pb_field(3, UNUSED)),
        pb_field(1, pb_field(1, "user") + pb_field(2, 0.0) + pb_field(3, USER_DEFINED)),
    ]
    more = b"".join(pb_field(1, pb_field(1, f"p{k}") + pb_field(2, -10.0 - k)) for k in range(50))
    return head + more + b"".join(odd) + more.replace(b"p", b"r") + tail


def test_odd_layouts_read_as_field_by_field(tmp_path: Path) -> None:
    data = _odd_layouts()
    _check_same_pieces(data, "odd.model")
    # the only piece of the file is such a piece: a candidate start inside its text
    one = sentencepiece_model([("\n\x03\n\n", 0.0, UNKNOWN), ("<s>", 0.0, CONTROL)])
    _check_same_pieces(one, "one.model")
    # sentencepiece reads such a file the same way
    data = _odd_layouts(nul=False)
    path = tmp_path / "odd.model"
    path.write_bytes(data)
    ref = spm.SentencePieceProcessor(model_file=str(path))
    found = data_from_model_proto(data, str(path))
    assert found.pieces == [ref.id_to_piece(i) for i in range(ref.get_piece_size())]


@pytest.mark.parametrize("name", _REAL)
def test_tables_built_on_first_use_are_sentencepieces(name: str) -> None:
    path = shared_tokenizer(name)
    tok = load_tokenizer(path)
    assert isinstance(tok, SentencePieceTokenizer)
    lazy = ("piece_id", "reserved", "pairs", "score_rank", "_merge_info", "byte_id", "unused")
    assert not any(k in tok.model.__dict__ for k in lazy), "opening built a table it does not need yet"
    assert "_table" not in tok.__dict__ and "vocab" not in tok.__dict__
    ref = spm.SentencePieceProcessor(model_file=str(path))
    text = "Opening a model builds nothing it does not need: 打开模型 fast, \x00 \U0001f600 def f(x): return x"
    assert tok.encode_ordinary(text) == ref.encode(text)
    n = ref.get_piece_size()
    kinds = [
        BYTE if ref.is_byte(i) else UNKNOWN if ref.is_unknown(i) else CONTROL if ref.is_control(i) else NORMAL
        for i in range(n)
    ]
    pieces = [ref.id_to_piece(i) for i in range(n)]
    model = tok.model
    assert model.piece_id == {p: i for i, p in enumerate(pieces) if kinds[i] == NORMAL}
    assert model.reserved == {p: i for i, p in enumerate(pieces) if kinds[i] != NORMAL}
    assert tok.special_tokens == {p: i for i, p in enumerate(pieces) if kinds[i] in (CONTROL, UNKNOWN)}
    assert model.byte_id == [ref.piece_to_id(f"<0x{b:02X}>") for b in range(256)]
    mergeable = [p for i, p in enumerate(pieces) if kinds[i] not in (CONTROL, BYTE)]  # <unk> too: harmless
    assert model.pairs == {p[k : k + 2] for p in mergeable for k in range(len(p) - 1)}
    by_score = sorted(model.piece_id.values(), key=lambda i: (-ref.get_score(i), i))
    assert model.score_rank == {i: r for r, i in enumerate(by_score)}
    for i in range(n):
        expected = bytes([int(pieces[i][3:5], 16)]) if kinds[i] == BYTE else pieces[i].replace("▁", " ").encode()
        assert tok.vocab[i] == tok.id_to_bytes(i) == expected
    assert len(tok.vocab) == len(tok) == n


def _first_repeat(texts: list[str]) -> tuple[int, int] | None:
    """Brute force: the first piece whose text came before, and where it came first."""
    seen: dict[str, int] = {}
    for i, t in enumerate(texts):
        if t in seen:
            return seen[t], i
        seen[t] = i
    return None


def test_repeated_pieces_are_refused_at_open_and_named(tmp_path: Path) -> None:
    """The duplicate check over the raw bytes (no string made) refuses what a set of the
    texts finds, naming the same two ids, for repeats read in bulk, after a piece the generic
    reader takes, and texts that differ only in length or a last byte; sentencepiece refuses
    the same files."""
    import random

    rng = random.Random(21)
    alphabet = ["a", "b", "▁", "é", "中", "\n", "x" * 7]
    for trial in range(60):
        texts = sorted({"".join(rng.choices(alphabet, k=rng.randint(1, 12))) for _ in range(300)})
        rng.shuffle(texts)
        if trial % 3:  # a repeat somewhere (else none)
            i, j = sorted(rng.sample(range(len(texts)), 2))
            texts[j] = texts[i]
        pieces = [("<unk>", 0.0, UNKNOWN)] + [(t, -1.0 - k, NORMAL) for k, t in enumerate(texts)]
        data = sentencepiece_model(pieces)
        if trial % 4 == 1:  # a piece the bulk reading does not take, before the repeat
            t, score, kind = pieces[6]
            first = data.index(pb_field(1, pb_field(1, t) + pb_field(2, float(score)) + pb_field(3, kind)))
            data = data[:first] + pb_field(1, pb_field(1, "y" * 200) + pb_field(2, -0.5)) + data[first:]
            pieces.insert(6, ("y" * 200, -0.5, NORMAL))
        expected = _first_repeat([p for p, _, _ in pieces])
        path = tmp_path / "repeat.model"
        path.write_bytes(data)
        if expected is None:
            found = data_from_model_proto(data, str(path))
            assert found.pieces == [p for p, _, _ in pieces]
            continue
        with pytest.raises(Exception):  # noqa: B017, PT011 - sentencepiece's own message
            spm.SentencePieceProcessor(model_file=str(path))
        with pytest.raises(TokenizerFileError, match=rf"pieces {expected[0]} and {expected[1]} are both"):
            load_tokenizer(path)


@pytest.mark.parametrize("name", _REAL)
def test_pieces_read_one_at_a_time_before_the_list(name: str) -> None:
    """The texts kept as bytes give sentencepiece's pieces one at a time (before the list
    is decoded: opening decodes only the few hundred that are not NORMAL), from the end,
    by slices, and as the whole list."""
    path = shared_tokenizer(name)
    ref = spm.SentencePieceProcessor(model_file=str(path))
    expected = [ref.id_to_piece(i) for i in range(ref.get_piece_size())]
    found = data_from_model_proto(path.read_bytes(), str(path))
    assert len(found.pieces) == len(expected)
    assert [found.pieces[i] for i in range(0, len(expected), 97)] == expected[::97]
    assert found.pieces[-1] == expected[-1] and found.pieces[-len(expected)] == expected[0]
    with pytest.raises(IndexError):
        found.pieces[len(expected)]
    assert found.pieces[10:20] == expected[10:20]
    assert list(found.pieces) == expected
    tok = load_tokenizer(path)
    assert isinstance(tok, SentencePieceTokenizer)
    assert tok.pieces_text == expected


def test_pieces_alike_at_both_ends_are_told_apart(tmp_path: Path) -> None:
    """The duplicate check's key (length, first and last 8 bytes) is the same for texts that
    differ only in their middle: such pieces are compared whole, so a model of them opens
    (with sentencepiece's ids), and one of them repeated is refused, naming both ids."""
    middles = ["a", "b", "é", "中", "z"]
    texts = [f"▁prefix__{m}__suffix▁" for m in middles] + [f"12345678{m}87654321" for m in "xyz"]
    pieces = [("<unk>", 0.0, UNKNOWN)] + [(t, -1.0 - k, NORMAL) for k, t in enumerate(texts)]
    pieces += [(c, -100.0 - k, NORMAL) for k, c in enumerate(sorted(set("".join(texts))))]
    path = tmp_path / "alike.model"
    path.write_bytes(sentencepiece_model(pieces))
    found = data_from_model_proto(path.read_bytes(), str(path))
    assert found.pieces == [p for p, _, _ in pieces]
    ref = spm.SentencePieceProcessor(model_file=str(path))
    tok = load_tokenizer(path)
    for text in ["prefix__a__suffix", "12345678y87654321 prefix__z__suffix"]:
        assert tok.encode_ordinary(text) == ref.encode(text)
    pieces[4] = (texts[1], -4.0, NORMAL)  # piece 4 repeats piece 2
    path.write_bytes(sentencepiece_model(pieces))
    with pytest.raises(TokenizerFileError, match=r"pieces 2 and 4 are both"):
        load_tokenizer(path)


def test_texts_that_are_not_utf8_are_named_whatever_their_neighbours(tmp_path: Path) -> None:
    """The bulk reading checks the texts as UTF-8 all at once, with the bytes between them in
    place: a character cut between two pieces (its first bytes end one text, the rest start
    the next), a stray continuation or 0xFF byte are still refused, naming the piece the
    test's own field-by-field reading fails on, whether the piece has a type field or not;
    scores whose bytes are not UTF-8 (-1.0 is 00 00 80 BF) are not."""
    good = [b"<unk>", b"\xe2\x96\x81a", b"b", "中".encode(), b"c"]
    cases = {
        "cut between two pieces": [b"x\xe2\x96", b"\x81y"],
        "a stray continuation byte": [b"\x80"],
        "0xFF": [b"a\xffb"],
        "a character cut at the end": [b"\xe4\xb8"],
        "a surrogate": [b"\xed\xa0\x80"],
    }
    for typed in (True, False):
        for what, bad in cases.items():
            texts = good + bad + [b"d", b"e"]
            pieces = b""
            for k, text in enumerate(texts):
                kind = pb_field(3, UNKNOWN if k == 0 else NORMAL) if typed or k == 0 else b""
                pieces += pb_field(1, pb_field(1, text) + pb_field(2, -1.0 - k) + kind)
            data = pieces + pb_field(2, pb_field(3, 2)) + pb_field(3, pb_field(1, "identity"))
            first_bad = next(k for k, t in enumerate(texts) if not _is_utf8(t))
            with pytest.raises(UnicodeDecodeError):
                _read_by_fields(data)
            with pytest.raises(TokenizerFileError, match=rf"piece {first_bad} is not UTF-8"):
                data_from_model_proto(data, f"{what}.model")
            path = tmp_path / "bad.model"
            path.write_bytes(data)
            with pytest.raises(TokenizerFileError, match=rf"bad\.model.*piece {first_bad} is not UTF-8"):
                load_tokenizer(path)
        ok = good + [b"d"]
        pieces = b"".join(
            pb_field(1, pb_field(1, t) + pb_field(2, -1.0) + pb_field(3, UNKNOWN if k == 0 else NORMAL))
            for k, t in enumerate(ok)
        )
        data = pieces + pb_field(2, pb_field(3, 2)) + pb_field(3, pb_field(1, "identity"))
        _check_same_pieces(data, "scores.model")


def _is_utf8(text: bytes) -> bool:
    try:
        text.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def test_piece_texts_one_byte_apart_or_ending_the_buffer_are_cut_as_slices() -> None:
    # (the .model reader leaves six bytes or more between texts and one after the last; the
    # cut must not depend on it: one byte apart, the next text's start fell on the mark of the
    # end before it)
    for buffer, starts, ends in (
        (b"ab|cd|e|", [0, 3, 6], [2, 5, 7]),
        (b"ab|cd|e", [0, 3, 6], [2, 5, 7]),
        (b"x\xc3\xa9y|\xe4\xb8\xad..z", [0, 5, 10], [4, 8, 11]),
    ):
        texts = PieceTexts(buffer, np.array(starts), np.array(ends), [])
        assert texts.as_list() == [buffer[a:b].decode() for a, b in zip(starts, ends)]


def test_the_duplicate_checks_table_finds_every_shared_key() -> None:
    """The duplicate check's hash table (one key of each slot stays in it) finds exactly the
    keys that occur more than once, as counting them does: repeats between a slot's winner and
    a loser, between two losers, three alike, crowded slots (keys alike in their top bits)."""
    from bpe_engine.formats.spm_bulk import _shared_keys

    rng = np.random.default_rng(21)
    for trial in range(400):
        n = int(rng.integers(1, 5000))
        if trial % 2:
            keys = rng.integers(0, 2**63, n, dtype=np.uint64) << np.uint64(1)
        else:  # few distinct top bits: crowded slots, many losers
            keys = rng.integers(0, 64, n, dtype=np.uint64) << np.uint64(58) | rng.integers(0, 2**20, n, dtype=np.uint64)
        for _ in range(int(rng.integers(0, 4))):
            keys[rng.integers(0, n)] = keys[rng.integers(0, n)]
        values, counts = np.unique(keys, return_counts=True)
        shared = set(values[counts > 1].tolist())
        assert _shared_keys(keys).tolist() == [i for i, k in enumerate(keys.tolist()) if k in shared]


def test_hopped_fields_leave_the_others_and_the_errors_as_they_were() -> None:
    """The trainer_spec's symbols are hopped over unread: the other fields come as a plain
    reading gives them, and a message cut anywhere (inside a hopped field, its length, or
    after it) fails with the same message, offsets included."""
    from bpe_engine.formats.protobuf import ProtobufError, fields

    def read(message: bytes, hop: frozenset[int]) -> tuple[list[tuple[int, int, int | bytes]], str | None]:
        out: list[tuple[int, int, int | bytes]] = []
        try:
            out.extend(fields(message, hop))
        except ProtobufError as exc:
            return out, str(exc)
        return out, None

    import random

    rng = random.Random(30)
    for trial in range(1500):
        parts = []
        for _ in range(rng.randrange(0, 9)):
            number = rng.choice([30, 31, 30, 3, 40, 1000])
            parts.append(pb_field(number, bytes(rng.randrange(0, 200 if trial % 5 == 0 else 20))))
        message = b"".join(parts)
        if trial % 2 and message:
            message = message[: rng.randrange(len(message))]
        plain, error = read(message, frozenset())
        hopped, hop_error = read(message, frozenset({30, 31}))
        assert hopped == [f for f in plain if f[0] not in (30, 31) or len(f[2]) >= 128]  # type: ignore[arg-type]
        assert hop_error == error


def test_special_pieces_checked_at_once_or_named() -> None:
    """The pieces that are not NORMAL are checked without a loop when all is well (their
    specials as the loop makes them); each problem is still named by the loop, the first in
    the file first."""
    byte_pieces = [(f"<0x{b:02X}>", 0.0, BYTE) for b in range(256)]
    unk, ctl = ("<unk>", 0.0, UNKNOWN), ("<s>", 0.0, CONTROL)
    good = [unk, ctl, ("a", -1.0, NORMAL), ("<x>", 0.0, USER_DEFINED), ("</s>", 0.0, CONTROL)]
    found = data_from_model_proto(sentencepiece_model(good + byte_pieces, byte_fallback=True), "ok.model")
    assert found.special_tokens == {"<unk>": 0, "<s>": 1, "</s>": 4} and found.unk_id == 0
    found = data_from_model_proto(sentencepiece_model(good), "ok.model")
    assert found.special_tokens == {"<unk>": 0, "<s>": 1, "</s>": 4}
    cases = [
        (good + [("<unk2>", 0.0, UNKNOWN)], False, r"pieces 0 and 5 are both the unknown piece"),
        ([ctl, ("a", -1.0, NORMAL)], False, r"has no unknown piece"),
        (good + byte_pieces[:3], False, r"byte piece '<0x00>' although byte_fallback is off"),
        (good + byte_pieces[:255], True, r"1 of the 256 byte pieces are missing"),
        (good, True, r"256 of the 256 byte pieces are missing"),
        (good + byte_pieces[:9] + [("<0x4g>", 0.0, BYTE)] + byte_pieces[9:], True, r"'<0x4g>' is not <0xNN>"),
    ]
    long = [("x" * 200, -9.0, NORMAL)]  # read by the generic reader: the texts then partly a list
    for pieces, fallback, message in cases:
        for tail in ([], long):
            with pytest.raises(TokenizerFileError, match=message):
                data_from_model_proto(sentencepiece_model(pieces + tail, byte_fallback=fallback), "bad.model")
    found = data_from_model_proto(sentencepiece_model(good + byte_pieces + long, byte_fallback=True), "ok.model")
    assert found.special_tokens == {"<unk>": 0, "<s>": 1, "</s>": 4}


@pytest.mark.parametrize("name", _REAL)
def test_pieces_taken_at_once_are_the_list(name: str) -> None:
    """``PieceTexts.take`` (texts gathered with NumPy, one decode) gives the list's pieces,
    also when no byte follows the last text."""
    data = shared_tokenizer(name).read_bytes()
    expected = list(data_from_model_proto(data, name).pieces)
    found = data_from_model_proto(data, name)
    assert isinstance(found.pieces, PieceTexts)
    buffer, starts, ends, _ = found.pieces.raw
    picks = [np.arange(0, len(starts), 7), np.array([len(starts) - 1, 0, 5]), np.array([], dtype=np.int64)]
    for pick in picks:
        assert found.pieces.take(pick) == [expected[i] for i in pick.tolist()]
    assert found.pieces._list is None  # (taken without making the list)
    cut = PieceTexts(bytes(buffer[: int(ends[-1])]), starts, ends, [])
    assert cut.take(picks[1]) == [expected[i] for i in picks[1].tolist()]
