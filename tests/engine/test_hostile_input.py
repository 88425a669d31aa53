"""Hostile input to the engine: damaged or strange files, catastrophic regexes, lone
surrogates, huge pieces. Each case failed before (silently wrong, hanging, or a traceback)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bpe_engine import BpeTrainer, Tokenizer, errors, train_bpe

TEXT = "low lower lowest newest widest " * 40


@pytest.fixture(scope="module")
def small() -> Tokenizer:
    return train_bpe(None, 300, ["<|endoftext|>"], text=TEXT)


def _gpt2_files(tmp_path: Path) -> tuple[Path, Path]:
    from bpe_engine import gpt2_bytes_to_unicode

    tok = train_bpe(None, 290, [], text=TEXT)
    b2u = gpt2_bytes_to_unicode()

    def show(data: bytes) -> str:
        return "".join(b2u[b] for b in data)

    vocab = {show(b): i for i, b in tok.vocab.items()}
    (tmp_path / "vocab.json").write_text(json.dumps(vocab), encoding="utf-8")
    merges = "#version: 0.2\n" + "".join(f"{show(a)} {show(b)}\n" for a, b in tok.merges)
    (tmp_path / "merges.txt").write_text(merges, encoding="utf-8")
    return tmp_path / "vocab.json", tmp_path / "merges.txt"


# -- files --------------------------------------------------------------------------------


def test_duplicate_keys_in_a_tokenizer_file_are_refused(small: Tokenizer, tmp_path: Path) -> None:
    small.save(tmp_path / "t.json")
    text = (tmp_path / "t.json").read_text(encoding="utf-8")
    vocab_dup = text.replace('"vocab":{"0":"00",', '"vocab":{"0":"00","0":"01",', 1)
    assert vocab_dup != text
    (tmp_path / "v.json").write_text(vocab_dup, encoding="utf-8")
    with pytest.raises(errors.TokenizerFileError, match=r"v\.json: the key '0' appears twice"):
        Tokenizer.load(tmp_path / "v.json")
    special_dup = text.replace('"special_tokens":{', '"special_tokens":{"<|endoftext|>":299,', 1)
    (tmp_path / "s.json").write_text(special_dup, encoding="utf-8")
    with pytest.raises(errors.TokenizerFileError, match="'<|endoftext|>' appears twice"):
        Tokenizer.load(tmp_path / "s.json")


def test_duplicate_tokens_in_a_tiktoken_file_are_refused(tmp_path: Path) -> None:
    import base64

    lines = [f"{base64.b64encode(bytes([b])).decode()} {b}" for b in range(256)]
    path = tmp_path / "dup.tiktoken"
    path.write_text("\n".join(lines + [f"{base64.b64encode(b'a').decode()} 256"]) + "\n", encoding="ascii")
    with pytest.raises(errors.TokenizerFileError, match=r"dup\.tiktoken: line 257 repeats the token b'a' of line 98"):
        Tokenizer.from_tiktoken_file(path)
    path.write_text("\n".join(lines + [f"{base64.b64encode(b'ab').decode()} 97"]) + "\n", encoding="ascii")
    with pytest.raises(errors.TokenizerFileError, match="line 257 repeats the rank 97 of line 98"):
        Tokenizer.from_tiktoken_file(path)
    path.write_text("\n".join(lines + ["not base64!! 300"]) + "\n", encoding="ascii")
    with pytest.raises(errors.TokenizerFileError, match=r"dup\.tiktoken: line 257 must be"):
        Tokenizer.from_tiktoken_file(path)
    path.write_text("\n".join(lines + [f"{base64.b64encode(b'xyz').decode()} 300"]) + "\n", encoding="ascii")
    with pytest.raises(errors.TokenizerFileError, match=r"dup\.tiktoken: .*cannot be built from two lower-ranked"):
        Tokenizer.from_tiktoken_file(path)


def test_gpt2_files_empty_merges_duplicates_and_folders(tmp_path: Path) -> None:
    vocab, merges = _gpt2_files(tmp_path)
    assert Tokenizer.from_gpt2_files(vocab, merges).encode("lowest") == train_bpe(None, 290, [], text=TEXT).encode(
        "lowest"
    )
    (tmp_path / "empty.txt").write_text("#version: 0.2\n", encoding="utf-8")
    with pytest.raises(errors.TokenizerFileError, match=r"empty\.txt: holds no merges, but .*vocab\.json has"):
        Tokenizer.from_gpt2_files(vocab, tmp_path / "empty.txt")
    with pytest.raises(errors.TokenizerFileError, match="is a folder"):
        Tokenizer.from_gpt2_files(tmp_path, merges)
    raw = json.loads(vocab.read_text(encoding="utf-8"))
    first = next(iter(raw))
    (tmp_path / "dup.json").write_text(json.dumps(raw)[:-1] + f', "{first}X": {raw[first]}}}', encoding="utf-8")
    with pytest.raises(errors.TokenizerFileError, match="both have id"):
        Tokenizer.from_gpt2_files(tmp_path / "dup.json", merges)


def test_deeply_nested_json_is_a_clear_error(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="ascii")
    with pytest.raises(errors.TokenizerFileError, match="nested too deeply"):
        Tokenizer.load(deep)
    _, merges = _gpt2_files(tmp_path)
    with pytest.raises(errors.TokenizerFileError, match="nested too deeply"):
        Tokenizer.from_gpt2_files(deep, merges)


def test_a_huge_value_is_not_echoed_whole(small: Tokenizer, tmp_path: Path) -> None:
    small.save(tmp_path / "t.json")
    obj = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    obj["name"] = ["x" * 10_000_000]
    (tmp_path / "big.json").write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(errors.TokenizerFileError) as info:
        Tokenizer.load(tmp_path / "big.json")
    assert "field 'name'" in str(info.value) and len(str(info.value)) < 300


def test_a_repeated_merge_is_called_a_repeated_merge() -> None:
    vocab = {i: bytes([i]) for i in range(256)} | {256: b" s"}  # (it used to be "no token b' s'")
    with pytest.raises(errors.TokenizerFileError, match=r"merge 1 \(b' ', b's'\) repeats merge 0"):
        Tokenizer(vocab, [(b" ", b"s"), (b" ", b"s")])


@pytest.mark.parametrize("kind", ["fifo", "zero", "folder"])
def test_non_regular_files_are_refused_at_once(tmp_path: Path, kind: str) -> None:
    if kind == "fifo":
        path = tmp_path / "pipe"
        os.mkfifo(path)
    elif kind == "zero":
        path = Path("/dev/zero")
    else:
        path = tmp_path
    outcome: dict[str, BaseException] = {}

    def attempt() -> None:
        for call in (
            lambda: Tokenizer.load(path),
            lambda: Tokenizer.from_tiktoken_file(path),
            lambda: train_bpe(path, 300),
        ):
            try:
                call()
            except Exception as exc:  # noqa: BLE001 - each must fail, with our error
                outcome.setdefault("errors", exc)
                assert isinstance(exc, errors.BPEError), exc
                assert "regular file" in str(exc) or "folder" in str(exc)
            else:
                outcome["no error"] = AssertionError("a non-regular file was accepted")

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(30)  # a FIFO would block forever, /dev/zero would fill the memory
    assert not worker.is_alive(), "reading a non-regular file blocked"
    assert "no error" not in outcome and "errors" in outcome


# -- regexes ------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_catastrophic_custom_regex_fails_with_its_name() -> None:
    text = "a" * 40 + "b"
    for run in (
        lambda: train_bpe(None, 300, text=text, pretokenizer="regex:(a|a)+$"),
        lambda: Tokenizer({i: bytes([i]) for i in range(256)}, [], pretokenizer="regex:(a|a)+$").encode(text),
    ):
        start = time.monotonic()
        with pytest.raises(errors.PretokenizerError, match=r"'\(a\|a\)\+\$' takes too long"):
            run()
        assert time.monotonic() - start < 60  # it gave up, rather than backtracking for hours


@pytest.mark.slow
def test_a_tokenizer_file_carrying_a_catastrophic_regex(small: Tokenizer, tmp_path: Path) -> None:
    small.save(tmp_path / "t.json")
    obj = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    obj["pretokenizer"] = "regex:(a|a)+$"
    (tmp_path / "evil.json").write_text(json.dumps(obj), encoding="utf-8")
    evil = Tokenizer.load(tmp_path / "evil.json")
    with pytest.raises(errors.PretokenizerError, match="backtracks too much"):
        evil.encode_ordinary("a" * 40 + "b")


# -- surrogates and booleans ----------------------------------------------------------------


def test_lone_surrogates_in_encode_follow_tiktoken(small: Tokenizer) -> None:
    replaced = small.encode_ordinary("abc\ufffddef")
    assert small.encode("abc\udfffdef") == replaced
    assert small.encode_ordinary("abc\udfffdef") == replaced
    assert list(small.encode_iterable(["ab", "c\udfff", "def"])) == replaced
    assert small.encode("x\ud83d\udc4dy") == small.encode("x👍y")  # a surrogate pair is its character
    assert list(small.encode_iterable(["x\ud83d", "\udc4dy"])) == small.encode("x👍y")


def test_lone_surrogates_elsewhere_name_the_position(small: Tokenizer, tmp_path: Path) -> None:
    with pytest.raises(errors.BPEError, match=r"U\+DFFF at character 3"):
        train_bpe(None, 300, text="abc\udfffdef")
    with pytest.raises(errors.BPEError, match=r"special token.*U\+DC80 at character 2"):
        train_bpe(None, 300, ["<|\udc80|>"], text=TEXT)
    with pytest.raises(errors.BPEError, match=r"name.*U\+D800 at character 1"):
        train_bpe(None, 300, text=TEXT, name="x\ud800")
    small.save(tmp_path / "t.json")
    obj = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    obj["name"] = "bad\udfff"
    (tmp_path / "s.json").write_text(json.dumps(obj), encoding="utf-8")  # JSON escapes it as \\udfff
    with pytest.raises(errors.TokenizerFileError, match=r"s\.json: .*U\+DFFF at character 3"):
        Tokenizer.load(tmp_path / "s.json")  # refused on load, so it can never fail to save


def test_booleans_are_not_token_ids(small: Tokenizer) -> None:
    with pytest.raises(TypeError, match="boolean True"):
        small.decode([True, False])
    with pytest.raises(TypeError, match="boolean"):
        small.decode_bytes([65, False])
    with pytest.raises(TypeError):
        small.id_to_bytes(True)


# -- long input -----------------------------------------------------------------------------


def _cut_searches(tok: Tokenizer, chunks: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[list[int], int, int]:
    """``encode_iterable`` of ``chunks``, with how often it searched for a cut and how many
    characters those searches were given (the work, counted instead of timed)."""
    from bpe_engine.encode import stream

    seen = {"calls": 0, "chars": 0}
    real = stream.safe_cut_before

    def counting(pre, specials, buf, target, searched=0):  # type: ignore[no-untyped-def]
        seen["calls"] += 1
        seen["chars"] += len(buf)
        return real(pre, specials, buf, target, searched)

    monkeypatch.setattr(stream, "safe_cut_before", counting)
    ids = list(tok.encode_iterable(chunks))
    monkeypatch.undo()
    return ids, seen["calls"], seen["chars"]


def test_encode_iterable_is_linear_on_lines_without_letters(small: Tokenizer, monkeypatch: pytest.MonkeyPatch) -> None:
    """79 dashes a line used to be quadratic (160k characters: 28 s). The encoder now finds a
    cut after every line, so it never looks at more than a block."""
    lines = ["-" * 79 + "\n"] * 20_000  # 1.6 M characters
    ids, _, chars = _cut_searches(small, lines, monkeypatch)
    assert ids == small.encode_ordinary("".join(lines))
    assert chars < 4 * 1_600_000  # linear: each character is looked at a few times


def test_encode_iterable_without_any_cut_point_is_linear(small: Tokenizer, monkeypatch: pytest.MonkeyPatch) -> None:
    chunks = ["-" * 80] * 20_000  # one 1.6 M character piece, in small chunks
    ids, calls, _ = _cut_searches(small, chunks, monkeypatch)
    assert ids == small.encode_ordinary("".join(chunks))
    assert calls < 40  # the wait doubles each time: log2(1.6M / 16k) searches, not 20 000


def test_a_two_megabyte_piece_takes_the_vectorised_merge(small: Tokenizer, monkeypatch: pytest.MonkeyPatch) -> None:
    """One 2 MB pre-token took 10 s through the per-piece heap; now it goes through the
    rank-by-rank merge (linear in its length). Checked by which algorithm runs, and the ids
    against the reference loop on a part small enough for it."""
    import random

    from bpe_engine.encode import batch, piece as piece_module
    from bpe_engine.encode.piece import bpe_piece

    rng = random.Random(5)
    piece = "".join(rng.choice("lowerstin") for _ in range(2_000_000))
    ranked: list[int] = []
    by_rank = batch.bpe_by_rank

    def spy(tables, pieces):  # type: ignore[no-untyped-def]
        ranked.extend(map(len, pieces))
        return by_rank(tables, pieces)

    def heap(*args):  # type: ignore[no-untyped-def]
        raise AssertionError("a 2 MB piece went through the per-piece heap merge")

    small.clear_cache()
    monkeypatch.setattr(batch, "bpe_by_rank", spy)
    monkeypatch.setattr(piece_module, "_bpe_long", heap)
    ids = small.encode_ordinary(piece)
    monkeypatch.undo()
    assert ranked == [2_000_000]
    assert small.decode(ids) == piece
    head = piece[:20_000]  # small enough for the reference heap loop in a test
    assert small.encode_ordinary(head) == list(bpe_piece(small.encoder.tables, head.encode()))


def test_encode_of_a_long_string_runs_block_by_block(small: Tokenizer) -> None:
    from bpe_engine import tokenizer_encode as module

    text = ("lower newest " * 500 + "<|endoftext|>") * 800  # past the block-wise size
    assert len(text) >= module._BLOCKWISE
    whole = small.encode(text, allowed_special="all")
    expected = []
    for part in text.split("<|endoftext|>")[:-1]:
        expected += small.encode_ordinary(part) + [small.special_tokens["<|endoftext|>"]]
    assert whole == expected
    with pytest.raises(errors.SpecialTokenError) as info:
        small.encode(text)
    assert info.value.position == text.index("<|endoftext|>")


@pytest.mark.slow
def test_memory_errors_are_clean(tmp_path: Path) -> None:
    """Under a memory limit too small for the result, encode() raises MemoryError; it must
    not crash the interpreter (the regex module and NumPy once died with SIGSEGV or
    SystemError)."""
    english = Path(__file__).resolve().parents[1] / "data" / "english.txt"
    code = (
        "import resource, sys\n"
        "from bpe_engine import train_bpe\n"
        f"base = open({str(english)!r}, encoding='utf-8').read().replace('<|endoftext|>', '')\n"
        "tok = train_bpe(None, 400, [], text=base[:50_000])\n"
        "text = (base * (60_000_000 // len(base) + 1))[:60_000_000]\n"
        # 60 MB of text under 700 MB: the old encoder died here with SIGSEGV.
        "resource.setrlimit(resource.RLIMIT_AS, (700 << 20, 700 << 20))\n"
        "try:\n    tok.encode(text)\n    print('ENCODED')\n"
        "except MemoryError:\n    print('MEMORYERROR')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() in ("ENCODED", "MEMORYERROR")


def test_overlapping_special_tokens_are_not_handed_to_tiktoken(tmp_path: Path) -> None:
    specials = ["<s>", "<s>x", "<s>xy", "zz<s>"]
    tok = train_bpe(None, 300, specials, text=TEXT + " ".join(specials))
    assert "overlap" in (tok.tiktoken_equivalent() or "")
    text = "a<s>xyz zz<s>x <s>x<s>xyzz<s><s> " * 200
    (tmp_path / "s.txt").write_text(text, encoding="utf-8")
    assert tok.encode_file(tmp_path / "s.txt").tolist() == tok.encode(text, allowed_special="all")
    plain = train_bpe(None, 300, ["<|endoftext|>", "<|pad|>"], text=TEXT)
    assert plain.tiktoken_equivalent() is None


def test_raise_reports_the_offset_in_the_file(small: Tokenizer, tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    body = "lower newest\n" * 500_000  # 6.5 MB: several chunks, worker processes
    with open(path, "w", encoding="utf-8") as f:
        f.write(body + "<|endoftext|>")
    for workers in (1, 2):
        with pytest.raises(errors.SpecialTokenError) as info:
            small.encode_file(path, special="raise", workers=workers)
        assert info.value.position == len(body) and info.value.path == str(path)
        assert f"character {len(body)}" in str(info.value)


@pytest.mark.slow
def test_o200k_harmony_loads(tiktoken_encodings: dict) -> None:
    import tiktoken

    try:
        theirs = tiktoken.get_encoding("o200k_harmony")
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"o200k_harmony is not in the tiktoken cache: {exc}")
    ours = Tokenizer.from_tiktoken("o200k_harmony")
    assert ours.special_tokens == theirs._special_tokens
    assert ours.decode([200018]) == theirs.decode([200018])  # two names, one id: the first one
    text = "<|start|>user<|message|>hi<|end|> <|endofprompt|><|reserved_200018|>"
    assert ours.encode(text, allowed_special="all") == theirs.encode(text, allowed_special="all")
    assert ours.n_vocab == theirs.n_vocab and ours.eot_token == theirs.eot_token


def test_encode_is_strict_about_special_tokens_by_default(small: Tokenizer) -> None:
    with pytest.raises(errors.SpecialTokenError, match="at character 6"):
        small.encode("hello <|endoftext|>")
    with pytest.raises(ValueError):  # what tiktoken raises, for code written for it
        small.encode("<|endoftext|>")
    assert small.encode("a<|endoftext|>", allowed_special="all")[-1] == small.special_tokens["<|endoftext|>"]
    assert small.encode("<|endoftext|>", disallowed_special=()) == small.encode_ordinary("<|endoftext|>")
    with pytest.raises(errors.SpecialTokenError):
        list(small.encode_iterable(["abc <|endof", "text|> def"]))
    trainer = BpeTrainer(None, 300, ["<|endoftext|>"], text=TEXT + "<|endoftext|>")
    for _ in trainer.events():
        pass
    tok = trainer.tokenizer()
    assert tok.encode_with("x<|endoftext|>", "allow")[-1] == tok.special_tokens["<|endoftext|>"]
