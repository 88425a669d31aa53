"""The tokenizer pickers list the Hugging Face cache (a fake one, built in tmp_path with
HF_HUB_CACHE pointing at it) by model name, under a heading of their own; a model loads in the
background when it is first chosen and gives the reference libraries' ids."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.registry import TokenizerRegistry
from app.features.tokenize.view import TokenizeView

from ...conftest import shared_path
from ..hf_cache_support import add_model
from ..sentencepiece_support import SP_TEXT, spm_model, spm_reference, spm_tokenizer  # noqa: F401
from ..text_views_support import trained  # noqa: F401

tokenizers = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")

TEXT = "Hello helo, the tech team 國語 🤚🏾 lowest"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch, trained, spm_model) -> Path:
    """Two models: a byte-level tokenizer.json (our trained one, exported) and a SentencePiece .model."""
    hub = tmp_path / "hub"
    exported = tmp_path / "exported"
    exported.mkdir()
    trained.export(exported / "tokenizer.json", "hf")
    add_model(hub, "acme/tiny-bpe", {"tokenizer.json": exported / "tokenizer.json"})
    add_model(hub, "mistralai/Mistral-7B-v0.1", {"tokenizer.model": spm_model})
    (hub / "models--broken--nothing" / "snapshots").mkdir(parents=True)  # a partial download: left out
    monkeypatch.setenv("HF_HUB_CACHE", str(hub))
    return hub


def _view(qtbot, settings) -> tuple[TokenizerRegistry, TokenizeView]:
    registry = TokenizerRegistry()
    view = TokenizeView(registry, settings)
    qtbot.addWidget(view)
    view.resize(1100, 800)
    view.show()
    qtbot.waitExposed(view)
    return registry, view


def _choose(qtbot, view: TokenizeView, model: str) -> None:
    """Pick ``model`` in the combo box as a user does (the index of its row)."""
    index = view.picker.findData(model)
    assert index >= 0
    view.picker.setCurrentIndex(index)


def test_the_cache_is_listed_by_model_name_under_its_own_heading(qtbot, settings, cache) -> None:
    registry, view = _view(qtbot, settings)
    try:
        assert registry.hf_keys() == ["acme/tiny-bpe", "mistralai/Mistral-7B-v0.1"]
        picker = view.picker
        texts = [picker.itemText(i) for i in range(picker.count())]
        heading = texts.index("Hugging Face cache (this computer)")
        assert texts[heading + 1 :] == ["acme/tiny-bpe", "mistralai/Mistral-7B-v0.1"]
        assert picker.itemData(heading + 1) == "acme/tiny-bpe"
        assert not picker.model().item(heading).isEnabled()  # a heading, not a choice
        above = [picker.itemData(i) for i in range(heading)]
        assert above == ["r50k_base", "p50k_base", "cl100k_base", "o200k_base", None]  # OpenAI's, a separator
        assert "tokenizer.json" in registry.entry("acme/tiny-bpe").tooltip()
        # Nothing is loaded until chosen, and these entries cannot be renamed or removed.
        assert registry.get("acme/tiny-bpe") is None and registry.entry("acme/tiny-bpe").status == "idle"
        assert registry.own_keys() == [] and registry.latest_trained() is None
        with pytest.raises(ValueError, match="Hugging Face cache"):
            registry.remove("acme/tiny-bpe")
    finally:
        registry.wait(30_000)


def test_choosing_a_cached_model_loads_it_and_gives_the_reference_ids(
    qtbot, settings, cache, trained, spm_reference
) -> None:
    registry, view = _view(qtbot, settings)
    try:
        _choose(qtbot, view, "acme/tiny-bpe")
        qtbot.waitUntil(lambda: registry.entry("acme/tiny-bpe").status == "ready", timeout=30_000)
        view.set_text(TEXT)
        qtbot.waitUntil(lambda: view.is_settled() and view.table() is not None and view.table().text == TEXT)
        ref = tokenizers.Tokenizer.from_file(str(next(cache.glob("models--acme--tiny-bpe/snapshots/*/tokenizer.json"))))
        # "Add BOS/EOS" is on by default: the ids the model gets, <|begin_of_text|> first.
        assert list(view.table().ids) == ref.encode(TEXT).ids == trained.encode(TEXT)

        _choose(qtbot, view, "mistralai/Mistral-7B-v0.1")
        qtbot.waitUntil(lambda: registry.entry("mistralai/Mistral-7B-v0.1").status == "ready", timeout=30_000)
        view.set_text(SP_TEXT)
        qtbot.waitUntil(lambda: view.is_settled() and view.table() is not None and view.table().text == SP_TEXT)
        assert list(view.table().ids) == spm_reference.encode(SP_TEXT)
        assert registry.entry("mistralai/Mistral-7B-v0.1").tokenizer.family == "sentencepiece"
    finally:
        registry.wait(30_000)


@pytest.mark.usefixtures("openai_encodings")
def test_a_cached_model_that_cannot_load_says_why_and_the_view_keeps_working(qtbot, settings, tmp_path, cache):
    bad = tmp_path / "unigram.json"
    bad.write_text('{"model": {"type": "Unigram", "vocab": [["a", 0.0]]}}', encoding="utf-8")
    add_model(cache, "acme/unigram", {"tokenizer.json": bad})
    registry, view = _view(qtbot, settings)
    try:
        before = view.current_key()
        _choose(qtbot, view, "acme/unigram")
        qtbot.waitUntil(lambda: registry.entry("acme/unigram").status == "error", timeout=30_000)
        message = view.messages.text()
        assert "acme/unigram cannot be loaded" in message and "Unigram" in message
        assert "tiktoken" not in message  # OpenAI's offline fixes are not offered for a cache file
        assert [b.text() for b in view.messages.buttons()] == ["Retry"]
        assert "(unavailable)" in view.picker.itemText(view.picker.findData("acme/unigram"))
        view.picker.setCurrentIndex(view.picker.findData(before))
        qtbot.waitUntil(lambda: view.is_settled() and view.table() is not None)
    finally:
        registry.wait(30_000)


@pytest.mark.slow
def test_llama3_from_the_cache_loads_in_the_background(qtbot, settings, tmp_path, monkeypatch) -> None:
    """Llama 3's 128 000-token tokenizer.json: the picker says "loading…" while the GUI runs on,
    then the view shows the ids of Hugging Face's tokenizers."""
    source = shared_path("tokenizers/llama3.2_tokenizer.json", "the real tokenizer files of ../shared/tokenizers")
    hub = tmp_path / "hub"
    add_model(hub, "meta-llama/Llama-3.2-1B", {"tokenizer.json": source})
    monkeypatch.setenv("HF_HUB_CACHE", str(hub))
    registry, view = _view(qtbot, settings)
    try:
        ticks = []
        from PySide6.QtCore import QTimer

        timer = QTimer()
        timer.setInterval(20)
        timer.timeout.connect(lambda: ticks.append(registry.entry("meta-llama/Llama-3.2-1B").status))
        timer.start()
        _choose(qtbot, view, "meta-llama/Llama-3.2-1B")
        assert "(loading…)" in view.picker.currentText()
        qtbot.waitUntil(lambda: registry.entry("meta-llama/Llama-3.2-1B").status == "ready", timeout=60_000)
        timer.stop()
        assert ticks.count("loading") >= 3  # the event loop kept running while the file was read
        view.set_text(TEXT)
        qtbot.waitUntil(lambda: view.is_settled() and view.table() is not None and view.table().text == TEXT)
        ref = tokenizers.Tokenizer.from_file(str(source))
        # "Add BOS/EOS" is on by default: the ids the model gets, <|begin_of_text|> first.
        assert list(view.table().ids) == ref.encode(TEXT).ids
        assert len(registry.get("meta-llama/Llama-3.2-1B")) == ref.get_vocab_size()
    finally:
        registry.wait(60_000)
