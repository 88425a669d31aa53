"""The Measure tab offers the Hugging Face cache's tokenizers and measures them: Llama 3.2's
``tokenizer.json`` put in a fake hub cache is listed, loaded when Measure is pressed, and its
token count on the held-out texts is ``tokenizers``' own."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.core.registry import RegistryKind, TokenizerRegistry
from app.features.measure.job import MeasureState
from app.features.measure.texts import TextSet, heldout_texts
from app.features.measure.view import MeasureView

from ...conftest import shared_path
from ..hf_cache_support import add_model

pytestmark = pytest.mark.slow  # Llama 3.2's 280,000 merges are read: seconds


def test_a_cached_tokenizer_is_listed_and_measured(qtbot, settings, empty_hf_cache) -> None:
    tokenizers = pytest.importorskip("tokenizers")
    path = shared_path("tokenizers/llama3.2_tokenizer.json", "the Llama 3.2 tokenizer.json")
    add_model(empty_hf_cache, "meta-llama/Llama-3.2-1B", {"tokenizer.json": path})
    registry = TokenizerRegistry(hf_cache=str(empty_hf_cache))
    key = next(k for k in registry.keys() if registry.entry(k).kind is RegistryKind.HF)
    view = MeasureView(registry, settings)
    qtbot.addWidget(view)
    view.show()
    listed = [
        view.side.tokenizer_list.item(r).data(Qt.ItemDataRole.UserRole) for r in range(view.side.tokenizer_list.count())
    ]
    assert key in listed and registry.get(key) is None  # offered, not loaded yet
    view.side.set_checked([key])
    view.side.text_set.setCurrentIndex(view.side.text_set.findData(TextSet.HELDOUT))
    with qtbot.waitSignal(view.measured, timeout=300_000):
        qtbot.mouseClick(view.side.measure_button, Qt.MouseButton.LeftButton)
    assert view.controller.state == MeasureState.DONE
    hf = tokenizers.Tokenizer.from_file(str(path))
    tokens = sum(len(hf.encode(t.text, add_special_tokens=False).ids) for t in heldout_texts())
    (figures,) = view.figures()
    assert figures.key == key and figures.compression.tokens == tokens
    view.shutdown()
    view.controller.wait(60_000)
    registry.wait(60_000)
