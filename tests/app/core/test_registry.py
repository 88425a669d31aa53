"""The tokenizer registry: OpenAI encodings load in the background and reach the registry in
the GUI thread; a registry deleted while a load runs (the window closed) is never touched."""

from __future__ import annotations

import threading

import shiboken6

from app.core.registry import TokenizerRegistry
from bpe_engine import Tokenizer

from ..text_views_support import openai_tokenizers  # noqa: F401


def test_a_load_arrives_in_the_gui_thread(qtbot, openai_tokenizers) -> None:
    registry = TokenizerRegistry()
    seen: list[threading.Thread] = []
    registry.ready.connect(lambda _key: seen.append(threading.current_thread()))
    with qtbot.waitSignal(registry.ready, timeout=60_000) as ready:
        registry.request("r50k_base")
        assert registry.entry("r50k_base").status == "loading"
    assert ready.args == ["r50k_base"] and seen == [threading.main_thread()]
    assert registry.get("r50k_base") is openai_tokenizers["r50k_base"]
    assert registry.entry("r50k_base").status == "ready"
    assert registry.wait(10_000)


def test_a_registry_deleted_while_loading_is_left_alone(qtbot, openai_tokenizers, monkeypatch, capfd) -> None:
    # The load is held until the registry is being deleted, then finishes: its result has
    # nowhere to go and must vanish quietly (no error, no Qt warning, no crash).
    real = Tokenizer.from_tiktoken.__func__
    registry_gone = threading.Event()
    finished = threading.Event()

    def held(cls, name):
        registry_gone.wait(30)
        try:
            return real(cls, name)
        finally:
            finished.set()

    monkeypatch.setattr(Tokenizer, "from_tiktoken", classmethod(held))
    registry = TokenizerRegistry()
    delivered: list[str] = []
    registry.ready.connect(delivered.append)
    registry.failed.connect(lambda key, _message: delivered.append(key))
    registry.request("cl100k_base")
    # Direct connection: runs in this thread at the start of the deletion, before the
    # registry's thread pool waits for the load.
    registry.destroyed.connect(lambda *_: registry_gone.set())
    shiboken6.delete(registry)
    assert registry_gone.is_set() and finished.wait(30)
    qtbot.wait(100)  # let a (wrongly) queued delivery arrive
    assert delivered == []
    err = capfd.readouterr().err
    assert "Traceback" not in err and "RuntimeError" not in err
