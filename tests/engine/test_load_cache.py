"""The on-disk cache of opened tokenizers (bpe_engine/_cache.py): a tokenizer opened from the
cache is the one opened from its file, and a damaged, truncated, foreign or stale cache file,
or a folder that cannot be written, never reaches the user as an error."""

from __future__ import annotations

import builtins
import hashlib
import json
import os
import pickle
import shutil
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bpe_engine import Tokenizer, _cache, load_tokenizer, train_bpe
from bpe_engine.errors import TokenizerFileError

from .conftest import EOT, training_text

TEXTS = [
    "Hello world! It's 2024, isn't it?\n\n  indented\tcode = f(x) # comment",
    "國語 日本語 Жизнь 🤚🏾 👍 naïve café",
    f"before{EOT}after {EOT}{EOT} end",
    "",
]


def same(a: Any, b: Any) -> None:
    """Everything a user can see of a tokenizer is equal."""
    assert type(a) is type(b)
    assert a.vocab == b.vocab
    assert a.merges == b.merges
    assert a.special_tokens == b.special_tokens
    assert list(a.special_tokens) == list(b.special_tokens)
    assert a.facts == b.facts
    assert a.name == b.name
    assert a.merge_rule == b.merge_rule
    assert a.pretokenizer.spec == b.pretokenizer.spec
    assert a.merge_counts == b.merge_counts
    assert a.tiktoken_equivalent() == b.tiktoken_equivalent()
    for k in (0, 1, len(a.merges) // 2, len(a.merges)):
        assert a.vocab_size_after(k) == b.vocab_size_after(k)
    for text in TEXTS:
        assert a.encode(text, allowed_special="all") == b.encode(text, allowed_special="all")
        assert a.encode_ordinary(text) == b.encode_ordinary(text)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("BPE_EXPLORER_CACHE", str(folder))
    return folder


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A small trained tokenizer as a rank file (with its sidecar), a tokenizer.json and ours."""
    folder = tmp_path_factory.mktemp("cachefiles")
    tok = train_bpe(None, 256 + 1 + 200, [EOT], text=training_text(), pretokenizer="cl100k")
    out: dict[str, Path] = {}
    (folder / "tk").mkdir()
    out["tiktoken"] = Path(tok.export(folder / "tk" / "r.tiktoken", "tiktoken")[0])
    (folder / "hf").mkdir()
    out["hf"] = Path(tok.export(folder / "hf" / "tokenizer.json", "hf")[0])
    tok.save(folder / "ours.json")
    out["ours"] = folder / "ours.json"
    return out


def cache_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.tok")) if folder.is_dir() else []


def uncached(load: Callable[[], Any], monkeypatch: pytest.MonkeyPatch) -> Any:
    with monkeypatch.context() as m:
        m.setenv("BPE_EXPLORER_CACHE", "0")
        return load()


@pytest.mark.parametrize("kind", ["tiktoken", "hf", "ours"])
def test_a_cached_file_opens_as_the_file_itself(
    files: dict[str, Path], cache: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    reference = uncached(lambda: load_tokenizer(files[kind]), monkeypatch)
    first = load_tokenizer(files[kind])  # builds and stores (a rank file: once its merges are made)
    assert first.merges is not None
    assert len(cache_files(cache)) == 1
    second = load_tokenizer(files[kind])  # from the cache
    same(reference, first)
    same(reference, second)


def test_the_cache_follows_the_file_and_the_arguments(
    files: dict[str, Path], cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ranks = tmp_path / "alone.tiktoken"
    shutil.copy(files["tiktoken"], ranks)
    pattern = r"\S+|\s+"
    a = load_tokenizer(ranks, pattern=pattern, special_tokens={EOT: 999})
    b = load_tokenizer(ranks, pattern=pattern, special_tokens={"<|other|>": 999})
    assert a.special_tokens == {EOT: 999} and b.special_tokens == {"<|other|>": 999}
    assert a.merges == b.merges  # made on first use, then stored
    assert len(cache_files(cache)) == 2
    # A sidecar put beside the file changes what the file means: not the old entry.
    shutil.copy(str(files["tiktoken"]) + ".json", str(ranks) + ".json")
    c = load_tokenizer(ranks)
    same(uncached(lambda: load_tokenizer(ranks), monkeypatch), c)
    # Another content under the same name: not the old entry either.
    lines = ranks.read_bytes().splitlines()
    ranks.write_bytes(b"\n".join(lines[:-1]) + b"\n")
    d = load_tokenizer(ranks)
    assert len(d.vocab) < len(c.vocab)


def test_an_openai_encoding_from_the_cache_gives_tiktokens_ids(
    cache: Path, monkeypatch: pytest.MonkeyPatch, tiktoken_encodings: Any
) -> None:
    """The real r50k (the smallest OpenAI encoding) stored and read back, against tiktoken."""
    from bpe_engine import tokenizer as tokenizer_module

    enc = tiktoken_encodings["r50k_base"]
    monkeypatch.setattr(tokenizer_module, "_openai", {})  # not the one this process built already
    first = Tokenizer.from_tiktoken("r50k_base")
    (entry,) = cache_files(cache)  # opened without its merges: its vocabulary is stored
    pending = entry.read_bytes()
    assert first.merges  # made now, and stored over the entry
    assert cache_files(cache) == [entry] and entry.read_bytes() != pending
    monkeypatch.setattr(tokenizer_module, "_openai", {})
    entry.write_bytes(pending)
    from_vocabulary = Tokenizer.from_tiktoken("r50k_base")  # the merges rebuilt from the stored vocabulary
    same(first, from_vocabulary)
    monkeypatch.setattr(tokenizer_module, "_openai", {})
    second = Tokenizer.from_tiktoken("r50k_base")
    assert second is not first
    same(first, second)
    for text in TEXTS:
        assert second.encode(text, allowed_special="all") == enc.encode(text, allowed_special="all")


def test_an_openai_encoding_from_the_cache_encodes_and_decodes_before_its_encoder_is_built(
    cache: Path, monkeypatch: pytest.MonkeyPatch, tiktoken_encodings: Any
) -> None:
    """Compare's first result after a warm start (issue 21): the encoding read from the cache
    encodes on tiktoken's core and decodes from its vocabulary; our encoder's tables (0.08 s
    for o200k) are made only when something needs them, and the merges made then are still
    stored over the entry."""
    from bpe_engine import tokenizer as tokenizer_module

    enc = tiktoken_encodings["r50k_base"]
    monkeypatch.setattr(tokenizer_module, "_openai", {})
    Tokenizer.from_tiktoken("r50k_base")  # the vocabulary stored ("pending")
    (entry,) = cache_files(cache)
    pending = entry.read_bytes()
    monkeypatch.setattr(tokenizer_module, "_openai", {})
    tok = Tokenizer.from_tiktoken("r50k_base")
    for text in TEXTS:
        ids = tok.encode(text, allowed_special="all")
        assert ids == enc.encode(text, allowed_special="all")
        assert tok.decode_bytes(ids) == enc.decode_bytes(ids)
        assert tok.token_bytes(ids) == [enc.decode_single_token_bytes(i) for i in ids]
    assert tok.max_id == enc.max_token_value and not tok.merges_made
    assert "_encoder" not in vars(tok)  # not built: nothing above needed it
    with pytest.raises(ValueError, match="not in this vocabulary"):
        tok.id_to_bytes(enc.max_token_value + 1)
    text = TEXTS[0]
    assert "".join(piece for piece, *_ in tok.pieces(text)) == text  # the pre-tokenizer's cuts need it
    assert tok.encoder.tables.max_id == enc.max_token_value  # built on first use
    assert tok.merges and tok.merges_made and entry.read_bytes() != pending  # made, and stored whole
    monkeypatch.setattr(tokenizer_module, "_openai", {})
    same(tok, Tokenizer.from_tiktoken("r50k_base"))


def test_a_real_tokenizer_json_from_the_cache_gives_the_references_ids(
    shared: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tokenizers = pytest.importorskip("tokenizers")
    path = shared / "tokenizers" / "llama3.2_tokenizer.json"
    if not path.is_file():
        pytest.skip(f"{path} is missing")
    reference = tokenizers.Tokenizer.from_file(str(path))
    first = load_tokenizer(path)  # opened without its merges: its vocabulary stored ("pending")
    assert not first.merges_made
    (entry,) = cache_files(cache)
    pending = entry.read_bytes()
    second = load_tokenizer(path)  # from the pending entry: its merges from the file on first use
    for text in TEXTS:
        assert second.encode(text, allowed_special="all") == reference.encode(text, add_special_tokens=False).ids
    assert cache_files(cache) == [entry] and entry.read_bytes() != pending  # now whole
    third = load_tokenizer(path)
    same(first, third)
    same(second, third)
    for text in TEXTS:
        assert third.encode(text, allowed_special="all") == reference.encode(text, add_special_tokens=False).ids


def _abc_tokenizer_json(folder: Path) -> tuple[Path, dict[str, Any], dict[str, int]]:
    """A byte-level tokenizer.json whose two merges make "ab" (256) and "abc" (257)."""
    from bpe_engine import gpt2_bytes_to_unicode

    chars = list(gpt2_bytes_to_unicode().values())
    vocab = {c: i for i, c in enumerate(chars)} | {"ab": 256, "abc": 257}
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
    obj = {"model": {"type": "BPE", "vocab": vocab, "merges": ["a b", "ab c"]}, "pre_tokenizer": byte_level}
    path = folder / "tokenizer.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    return path, obj, vocab


def test_a_tokenizer_json_changed_after_a_pending_open_is_refused_on_first_use(tmp_path: Path, cache: Path) -> None:
    """A cached tokenizer.json's merges come from the file on first use: never from another file."""
    path, obj, vocab = _abc_tokenizer_json(tmp_path)
    assert load_tokenizer(path).encode("abc") == [257]  # stored whole
    entry = cache_files(cache)[0]
    entry.unlink()
    load_tokenizer(path)  # stored pending
    tok = load_tokenizer(path)  # from the pending entry
    obj["model"]["merges"] = ["a b"]
    path.write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(TokenizerFileError, match="changed after it was opened"):
        tok.encode("abc")
    assert load_tokenizer(path).encode("abc") == [256, vocab["c"]]  # the new file, opened again


def test_a_pending_entrys_first_use_reads_its_file_once(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On first use of a pending entry the bytes checked against its key are the bytes parsed
    (two reads could see two versions of the file: the merges of one, the key of the other)."""
    path, obj, vocab = _abc_tokenizer_json(tmp_path)
    load_tokenizer(path)
    cache_files(cache)[0].unlink()
    load_tokenizer(path)  # stored pending
    tok = load_tokenizer(path)  # from the pending entry: its merges read on first use
    reads: list[str] = []

    def counted(real: Callable[..., Any], label: str) -> Callable[..., Any]:
        def call(name: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(name, (str, os.PathLike)) and os.fspath(name) == os.fspath(path):
                reads.append(label)
            return real(name, *args, **kwargs)

        return call

    monkeypatch.setattr(os, "open", counted(os.open, "os.open"))
    monkeypatch.setattr(builtins, "open", counted(builtins.open, "open"))
    assert tok.encode("abc") == [257]
    monkeypatch.undo()
    assert len(reads) == 1, reads


# -- safety --------------------------------------------------------------------------------


def _stored(files: dict[str, Path], cache: Path) -> tuple[Any, Path]:
    tok = load_tokenizer(files["tiktoken"])
    assert tok.merges  # a rank file's merges are made on first use, and stored then
    (entry,) = cache_files(cache)
    return tok, entry


def _reseal(data: bytes) -> bytes:
    """``data`` (a cache file without its checksum) with a correct checksum: a file that
    passes the integrity check and must be refused for what it says."""
    return data + hashlib.sha256(data).digest()


def _with_header(entry: Path, change: Callable[[dict[str, Any]], None]) -> bytes:
    data = entry.read_bytes()[:-32]
    (n,) = struct.unpack_from("<I", data, 8)
    header = json.loads(data[12 : 12 + n])
    change(header)
    head = json.dumps(header).encode("ascii")
    head += b" " * ((n - len(head)) % 8)  # the same length mod 8: the arrays stay where they were
    rest = data[12 + n :]
    return _reseal(data[:8] + struct.pack("<I", len(head)) + head + rest)


DAMAGE: dict[str, Callable[[Path], bytes]] = {
    "a flipped byte": lambda e: (lambda d: d[: len(d) // 2] + bytes([d[len(d) // 2] ^ 0xFF]) + d[len(d) // 2 + 1 :])(
        e.read_bytes()
    ),
    "truncated": lambda e: e.read_bytes()[: e.stat().st_size // 3],
    "empty": lambda e: b"",
    "a pickle": lambda e: pickle.dumps({"vocab": {0: b"x"}}),
    "another format version": lambda e: _with_header(e, lambda h: h.update(format=h["format"] + 1)),
    "another engine version": lambda e: _with_header(e, lambda h: h.update(engine="0.0.0-other")),
    "another key": lambda e: _with_header(e, lambda h: h.update(key="0" * 64)),
    "an object array": lambda e: _with_header(e, lambda h: h["arrays"][0].__setitem__(1, "O")),
    "a wrong size": lambda e: _with_header(e, lambda h: h["arrays"][0].__setitem__(2, h["arrays"][0][2] + 1)),
    "tables that do not fit": lambda e: _with_header(e, lambda h: h["facts"].update(rule="x")),
    "whole tables said to be pending": lambda e: _with_header(e, lambda h: h["facts"].update(pending=True)),
    "no pending flag": lambda e: _with_header(e, lambda h: h["facts"].pop("pending")),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_bad_cache_file_is_ignored_and_replaced(
    files: dict[str, Path], cache: Path, damage: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    reference, entry = _stored(files, cache)
    entry.write_bytes(DAMAGE[damage](entry))
    loaded = load_tokenizer(files["tiktoken"])
    same(reference, loaded)
    # Replaced by a good file, which the next load reads.
    assert _cache._read(entry, entry.stem, Tokenizer._from_tables) is not None
    same(reference, load_tokenizer(files["tiktoken"]))


def test_a_pickle_in_the_cache_is_never_unpickled(
    files: dict[str, Path], cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, entry = _stored(files, cache)
    monkeypatch.setattr(pickle, "loads", lambda *a, **k: pytest.fail("unpickled"))
    monkeypatch.setattr(pickle, "load", lambda *a, **k: pytest.fail("unpickled"))
    entry.write_bytes(_reseal(b"\x80\x04" + pickle.dumps(os.system)[2:]))
    load_tokenizer(files["tiktoken"])


def test_an_unwritable_cache_folder_still_loads(
    files: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("x")
    monkeypatch.setenv("BPE_EXPLORER_CACHE", str(blocker / "cache"))
    reference = uncached(lambda: load_tokenizer(files["tiktoken"]), monkeypatch)
    same(reference, load_tokenizer(files["tiktoken"]))
    readonly = tmp_path / "readonly"
    readonly.mkdir()
    readonly.chmod(0o500)
    try:
        monkeypatch.setenv("BPE_EXPLORER_CACHE", str(readonly))
        same(reference, load_tokenizer(files["tiktoken"]))
        assert list(readonly.iterdir()) == [] or os.geteuid() == 0  # root writes anyway
    finally:
        readonly.chmod(0o700)


@pytest.mark.parametrize("off", ["0", ""])
def test_the_cache_can_be_turned_off(
    files: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, off: str
) -> None:
    monkeypatch.setenv("BPE_EXPLORER_CACHE", off)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    load_tokenizer(files["tiktoken"])
    assert not (tmp_path / "xdg").exists() and not (tmp_path / "home").exists()


def test_the_default_folder_is_the_users_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BPE_EXPLORER_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert _cache.cache_dir() == tmp_path / "xdg" / "bpe-explorer"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert _cache.cache_dir() == tmp_path / "home" / ".cache" / "bpe-explorer"


def test_writes_leave_no_temporary_files(files: dict[str, Path], cache: Path) -> None:
    for kind in ("tiktoken", "hf", "ours"):
        assert load_tokenizer(files[kind]).merges
        assert load_tokenizer(files[kind]).merges
    names = sorted(p.name for p in cache.iterdir())
    assert len(names) == 3 and all(n.endswith(".tok") and not n.startswith(".tmp") for n in names)


def test_loads_at_once_share_one_cache_file(files: dict[str, Path], cache: Path) -> None:
    """Threads (as processes would) opening the same file at once, cache empty then full: each
    writes a temporary file of its own and renames it over the entry, so every one gets the
    whole tokenizer and one good entry remains."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(4) as pool:
        first = list(pool.map(lambda _: load_tokenizer(files["hf"]), range(4)))
        again = list(pool.map(lambda _: load_tokenizer(files["hf"]), range(4)))
    for tok in first[1:] + again:
        same(first[0], tok)
    (entry,) = cache_files(cache)
    assert _cache._read(entry, entry.stem, Tokenizer._from_tables) is not None
    assert [p.name for p in cache.iterdir()] == [entry.name]


def test_an_openai_encodings_key_is_the_installed_tiktokens(cache: Path) -> None:
    """Keyed by the name and the installed tiktoken's version (which pins the rank files by
    hash), read without importlib.metadata: the key is the one entries were stored under
    before, and another tiktoken version or encoding gets another."""
    from importlib.metadata import version

    key = _cache.openai_key("o200k_base")
    assert key == _cache.text_key("tiktoken", "o200k_base", version("tiktoken"))
    assert key != _cache.openai_key("cl100k_base")
    assert key != _cache.text_key("tiktoken", "o200k_base", version("tiktoken") + ".post1")
    assert _cache.openai_key("not_an_encoding") is None


def test_a_sentencepiece_model_is_neither_hashed_nor_stored(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A SentencePiece ``.model`` is read as fast as a stored copy would be: it is opened
    without a key (no hash of the file) and nothing is written to the cache folder; a file
    there under any name is not read (the model's ids are sentencepiece's)."""
    spm = pytest.importorskip("sentencepiece")
    from .formats_support import shared_tokenizer

    path = shared_tokenizer("mistral_sentencepiece_v3.model")
    cache.mkdir(parents=True, exist_ok=True)
    (cache / "garbage.tok").write_bytes(b"BPEXTOK\x00" + b"\xff" * 100)
    keys: list[object] = []
    real = _cache.file_key
    monkeypatch.setattr("bpe_engine.loading.file_key", lambda *a, **k: keys.append(a) or real(*a, **k))
    tok = load_tokenizer(path)
    assert keys == []
    assert sorted(p.name for p in cache.iterdir()) == ["garbage.tok"]
    text = "Hello world, 你好 def f(x): return x"
    assert tok.encode_ordinary(text) == spm.SentencePieceProcessor(model_file=str(path)).encode(text)


@pytest.mark.parametrize("kind", ["tiktoken", "hf", "ours"])
def test_a_file_is_read_once_and_its_key_is_of_the_bytes_parsed(
    files: dict[str, Path], cache: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bytes hashed for the cache key are the ones parsed: the file's content is read once
    (no second read that could see another version of it; ``open`` only for the look at its
    first 136 bytes that tells a SentencePiece model), and the key is that content's."""
    path = str(files[kind])
    opens: list[str] = []
    os_open, builtin_open = os.open, builtins.open

    def counted(real: Callable[..., Any], label: str) -> Callable[..., Any]:
        def call(name: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(name, (str, os.PathLike)) and os.fspath(name) == path:
                opens.append(label)
            return real(name, *args, **kwargs)

        return call

    keys: list[str | None] = []
    real_key = _cache.file_key
    monkeypatch.setattr(os, "open", counted(os_open, "os.open"))
    monkeypatch.setattr(builtins, "open", counted(builtin_open, "open"))
    monkeypatch.setattr("bpe_engine.loading.file_key", lambda *a, **k: keys.append(real_key(*a, **k)) or keys[-1])
    tok = load_tokenizer(path)
    monkeypatch.undo()
    assert sorted(opens) == ["open", "os.open"], opens  # (the head, then the content)
    digest = hashlib.sha256(files[kind].read_bytes()).hexdigest()
    stamps = sorted(
        (e.name, e.stat().st_size, e.stat().st_mtime_ns) for e in os.scandir(files[kind].parent) if e.is_file()
    )
    assert keys == [_cache.text_key("file", digest, stamps, "load_tokenizer", None, None)]
    monkeypatch.setenv("BPE_EXPLORER_CACHE", "0")
    assert tok.encode_ordinary(TEXTS[0]) == load_tokenizer(path).encode_ordinary(TEXTS[0])


@pytest.mark.parametrize("count", [0, 1, 1023, 1024, 1025, 5000])
def test_the_stored_vocabulary_bytes_are_the_tokens_joined(count: int) -> None:
    blobs = [bytes([k % 251]) * (k % 7 + 1) for k in range(count)]
    assert _cache._joined(blobs) == b"".join(blobs)
