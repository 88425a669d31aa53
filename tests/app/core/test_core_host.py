"""tiktoken's cores in the helper process (app/core/core_host.py): the registry's tokenizers
encode long texts there with tiktoken's own ids, special tokens as the engine allows them; a
dead process is started again, past that or once closed the engine's encoder answers with the
same ids; closing ends the process; and the app's process never builds a core itself (a core
built in a job thread held the interpreter lock 100-300 ms while the GUI thread waited)."""

from __future__ import annotations

import base64
import os
import signal
from pathlib import Path
from typing import Any

import pytest
import tiktoken

from app.core import core_host
from app.core.registry import RegistryKind, TokenizerRegistry
from app.features.compare.view import CompareView
from bpe_engine import Tokenizer, load_tokenizer, tokenizer as tokenizer_module, train_bpe

from ..text_views_support import TRAIN_TEXT, load, tiktoken_encodings, tiktoken_ids  # noqa: F401

EOT = "<|endoftext|>"
PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""
# Long enough for the engine to take tiktoken's core (256 Ki characters), with special-token text.
REFERENCES: list[dict[bytes, int]] = []  # the ranks of the references built here
LONG = (TRAIN_TEXT + EOT + " 國語 Жизнь 🤚🏾 <|im_start|>\r\n") * (300_000 // (len(TRAIN_TEXT) + 40) + 1)


@pytest.fixture
def fresh_openai(monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenAI's encodings opened anew by the registry (the engine keeps one of each per
    process: an earlier test may have built its core here)."""
    monkeypatch.setattr(tokenizer_module, "_openai", {})


@pytest.fixture
def in_process_cores(monkeypatch: pytest.MonkeyPatch) -> list[dict[bytes, int]]:
    """The ranks of the tiktoken cores built in this process from now on (built as usual),
    but for the 256 single bytes (the engine's check of a pattern on tiktoken: a core of 256
    ranks, built in microseconds) and the references the tests build (``REFERENCES``)."""
    from tiktoken import _tiktoken

    built: list[dict[bytes, int]] = []
    real = _tiktoken.CoreBPE

    def counted(ranks: dict[bytes, int], *args: object) -> object:
        if len(ranks) > 256 and not any(ranks is r for r in REFERENCES):
            built.append(ranks)
        return real(ranks, *args)

    monkeypatch.setattr(_tiktoken, "CoreBPE", counted)
    return built


def _rank_file_pair(folder: Path) -> tuple[Tokenizer, tiktoken.Encoding]:
    """A trained vocabulary written as a rank file, opened by the engine, and tiktoken's
    ``Encoding`` built here from the same ranks (the reference)."""
    trained = train_bpe(None, 256 + 1 + 300, [EOT], text=TRAIN_TEXT, pretokenizer="cl100k")
    ranks = {b: i for i, b in trained.vocab.items() if not trained.is_special(i)}
    path = folder / "small.tiktoken"
    path.write_bytes(b"".join(base64.b64encode(t) + b" %d\n" % r for t, r in sorted(ranks.items(), key=lambda x: x[1])))
    specials = {EOT: len(ranks), "<|im_start|>": len(ranks) + 1}
    tok = load_tokenizer(path, pattern=PATTERN, special_tokens=specials)
    assert isinstance(tok, Tokenizer)
    REFERENCES.append(ranks)
    return tok, tiktoken.Encoding("small", pat_str=PATTERN, mergeable_ranks=ranks, special_tokens=specials)


def _same_ids(tok: Tokenizer, ref: tiktoken.Encoding, text: str) -> None:
    assert tok.encode(text, allowed_special="all") == ref.encode(text, allowed_special="all")
    assert tok.encode_ordinary(text) == ref.encode_ordinary(text)
    some = {EOT}
    assert tok.encode(text, allowed_special=some, disallowed_special=()) == ref.encode(
        text, allowed_special=some, disallowed_special=()
    )


def test_openai_encodings_encode_in_the_helper_process_as_tiktoken(
    qtbot, registry, fresh_openai, tiktoken_encodings, in_process_cores
) -> None:
    keys = ("r50k_base", "cl100k_base", "o200k_base")
    load(qtbot, registry, *keys)
    for key in keys:
        tok = registry.get(key)
        assert isinstance(tok, Tokenizer)
        _same_ids(tok, tiktoken_encodings[key], LONG)
        assert not tok.core_encoder().local  # the core the encodes took is the helper's
    assert registry.core_host.pid is not None
    assert in_process_cores == []


def test_a_rank_file_encodes_in_the_helper_process_as_tiktoken(qtbot, registry, tmp_path, in_process_cores) -> None:
    tok, ref = _rank_file_pair(tmp_path)
    registry.add(tok, "small", RegistryKind.FILE)
    _same_ids(tok, ref, LONG)
    assert not tok.core_encoder().local
    assert in_process_cores == []


def _on_a_host(tmp_path) -> tuple[Any, Any, core_host.CoreHost, list[int]]:
    """A small rank file's tokenizer on a helper process of its own, its first long text
    encoded there and equal to tiktoken's (the ids returned as ``expected``)."""
    tok, ref = _rank_file_pair(tmp_path)
    host = core_host.CoreHost()
    tok.use_core_builder(host.build)
    expected = ref.encode(LONG, allowed_special="all")
    assert tok.encode(LONG, allowed_special="all") == expected
    return tok, ref, host, expected


def test_a_dead_helper_is_started_again_then_left_for_the_engines_encoder(tmp_path, in_process_cores) -> None:
    tok, ref, host, expected = _on_a_host(tmp_path)
    for _ in range(core_host.RESTARTS):  # killed: started again, its cores sent again
        pid = host.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        assert tok.encode(LONG, allowed_special="all") == expected
        assert host.pid not in (None, pid)
    os.kill(host.pid, signal.SIGKILL)  # once too often: our encoder answers, with the same ids
    assert tok.encode(LONG, allowed_special="all") == expected
    assert host.pid is None
    assert in_process_cores == []
    host.close()


def test_closing_ends_the_helper_and_encodes_go_on(tmp_path, in_process_cores) -> None:
    tok, ref = _rank_file_pair(tmp_path)
    host = core_host.CoreHost()
    tok.use_core_builder(host.build)
    assert tok.encode_ordinary(LONG) == ref.encode_ordinary(LONG)
    proc = host._proc[0]
    host.close()
    assert proc.returncode == 0  # ended by the end of its input, and reaped: no zombie
    assert host.pid is None
    assert tok.encode_ordinary(LONG) == ref.encode_ordinary(LONG)  # the engine's encoder
    assert host.pid is None and in_process_cores == []


def test_compare_on_a_long_paste_builds_no_core_in_the_apps_process(
    qtbot, registry, settings, fresh_openai, tiktoken_encodings, in_process_cores
) -> None:
    """Compare's three OpenAI columns on a long text: their ids are tiktoken's, and the cores
    were built in the helper process (Compare asks for them ahead, then the long text needs them)."""
    load(qtbot, registry, "r50k_base", "cl100k_base", "o200k_base")
    view = CompareView(registry, settings)
    qtbot.addWidget(view)
    view.resize(1200, 800)
    view.show()
    qtbot.waitExposed(view)
    qtbot.waitUntil(view.is_settled, timeout=30_000)
    text = LONG.replace("\r", "")  # (the editor keeps line ends as "\n")
    view.set_text(text)
    qtbot.waitUntil(view.is_settled, timeout=120_000)
    registry.wait(60_000)
    for col in view.columns():
        assert list(col.table.ids) == tiktoken_ids(tiktoken_encodings[col.key()], text)
    assert in_process_cores == []


def test_many_short_texts_go_in_one_request_with_tiktokens_ids(
    qtbot, registry, fresh_openai, tiktoken_encodings, in_process_cores
) -> None:
    """``encode_alone`` (vocabulary health's reachability: every token's text alone) through
    the helper: one request for all the texts, each text's ids tiktoken's."""
    load(qtbot, registry, "r50k_base")
    tok = registry.get("r50k_base")
    assert isinstance(tok, Tokenizer)
    ref = tiktoken_encodings["r50k_base"]
    texts = [tok.decode([i]) for i in range(tok.vocab_size)] + ["", " 國語 \ud800x", "hello world", EOT]
    assert tok.encode_alone(texts) == [tuple(ref.encode_ordinary(t)) for t in texts]
    assert not tok.core_encoder().local and in_process_cores == []


def test_closing_during_a_request_lets_it_finish_then_ends_the_helper(tmp_path, in_process_cores) -> None:
    """The window closes while a job waits for a long text's ids: the window does not wait,
    the job gets the helper's ids (not a slow fallback while the app exits), then the helper ends."""
    import threading

    tok, ref = _rank_file_pair(tmp_path)
    host = core_host.CoreHost()
    tok.use_core_builder(host.build)
    tok.core_encoder()  # built (and the process started) before the request
    text = LONG * 8
    proc = host._proc[0]
    got: list[list[int]] = []
    job = threading.Thread(target=lambda: got.append(tok.encode_ordinary(text)))
    job.start()
    while not host._lock.locked() and job.is_alive():
        pass
    host.close()
    job.join(60)
    assert got == [ref.encode_ordinary(text)]
    assert proc.returncode == 0 and host.pid is None
    assert in_process_cores == []


def test_two_encodes_at_once_use_a_second_process_and_both_equal_tiktoken(tmp_path, in_process_cores) -> None:
    tok, ref, host, expected = _on_a_host(tmp_path)
    first = host.pid
    with host._lock:  # the first process busy (another job's request): this one takes a second
        assert tok.encode(LONG, allowed_special="all") == expected
    assert len(host._lanes) == 2 and host.pid == first
    second = host._procs[1][0]
    assert second.pid != first
    host.close()
    assert second.returncode == 0 and host.pid is None and in_process_cores == []


def test_a_corpus_file_with_two_workers_equals_tiktoken(tmp_path, in_process_cores) -> None:
    from bpe_engine import encode_file

    tok, ref = _rank_file_pair(tmp_path)
    host = core_host.CoreHost()
    tok.use_core_builder(host.build)
    path = tmp_path / "corpus.txt"
    path.write_text(LONG * 4, encoding="utf-8")
    ids = encode_file(tok, path, workers=2, backend="tiktoken", special="allow")
    assert ids.tolist() == ref.encode(LONG * 4, allowed_special="all")
    host.close()
    assert in_process_cores == []


def test_a_closed_registrys_tokenizers_make_their_cores_here_again(qtbot, fresh_openai, tiktoken_encodings) -> None:
    """OpenAI's tokenizers are the engine's one instance per process: once the registry that
    served them from its helper process is closed, they make their cores here again (not the
    engine's slower encoder for good)."""
    registry = TokenizerRegistry()
    load(qtbot, registry, "cl100k_base")
    tok = registry.get("cl100k_base")
    assert isinstance(tok, Tokenizer)
    assert not tok.core_encoder().local
    registry.wait(30_000)
    registry.close()
    assert tok.core_encoder().local
    assert tok.encode(LONG, allowed_special="all") == tiktoken_encodings["cl100k_base"].encode(
        LONG, allowed_special="all"
    )
