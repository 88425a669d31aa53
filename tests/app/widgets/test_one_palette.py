"""One palette: a token is painted in the same color in step mode's pre-token table, in the
Tokenize view's chips and in its Explain panel (read from the pixels on screen)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetrics, QImage

from app.core.training.events import Paused, TokenizerBuilt
from app.display import palette
from app.features.tokenize.view import TokenizeView
from app.features.train.step_model import SEGMENTS_ROLE, PretokensModel
from app.features.train.view import TrainView
from app.widgets.segmentation import chip_rects

from ..training_support import waiting_for

CORPUS = "low lower lowest newest widest slowest lowly\n" * 40


def _pixel(image: QImage, x: float, y: float) -> str:
    # Two pixels inside the chip's left edge: past its border, before its label.
    return image.pixelColor(int(x) + 2, int(y)).name()


@pytest.fixture
def train(qtbot, registry, settings):
    view = TrainView(registry, settings)
    qtbot.addWidget(view)
    yield view
    view.shutdown()  # the run is parked in step mode: end its thread


def test_step_mode_and_tokenize_paint_a_token_in_the_same_color(qtbot, registry, settings, train) -> None:
    train.resize(1400, 900)
    train.show()
    qtbot.waitExposed(train)
    train.corpus.set_text(CORPUS)
    train.settings_panel.set_values(vocab_size=300, special_tokens="", pretokenizer="gpt2")
    controller = train.controller
    for _ in range(4):  # count, then three merges, parking after each
        with waiting_for(qtbot, controller, Paused, timeout=30_000):
            train.step_action.trigger()
    snapshot = controller.snapshot
    assert snapshot is not None and snapshot.merges_done == 3

    # The pre-token whose current segmentation has the most tokens, as step mode shows it.
    panel = train.step_panel
    table = panel.pretokens_view
    model = panel.pretokens_model
    row = max(range(model.rowCount()), key=lambda r: len(model.pretoken(r).token_ids))
    pretoken = model.pretoken(row)
    index = model.index(row, PretokensModel.SEGMENTS)
    table.scrollTo(index)
    qtbot.wait(50)
    chips = index.data(SEGMENTS_ROLE)
    boxes = chip_rects(table.visualRect(index), chips, QFontMetrics(table.font()))
    assert len(boxes) == len(chips) >= 3
    step_image = table.viewport().grab().toImage()
    step_fills = [_pixel(step_image, box.left(), box.center().y()) for box in boxes]

    # The same text in the Tokenize view, with the tokenizer of the merges done so far.
    with waiting_for(qtbot, controller, TokenizerBuilt, timeout=30_000) as built:
        assert controller.request_tokenizer()
    key = registry.add(built.event.tokenizer, "three merges")
    tokenize = TokenizeView(registry, settings)
    qtbot.addWidget(tokenize)
    tokenize.resize(1200, 900)
    tokenize.show()
    qtbot.waitExposed(tokenize)
    assert tokenize.current_key() == key
    text = pretoken.text.decode("utf-8")
    tokenize.set_text(text)
    qtbot.waitUntil(lambda: tokenize.is_settled() and tokenize.table() is not None, timeout=30_000)
    assert tokenize.table().ids == tuple(pretoken.token_ids)  # the same tokens, in the same order
    view = tokenize.token_chips
    qtbot.waitUntil(lambda: view.painted_generation == view.generation, timeout=10_000)
    tokenize_image = view.viewport().grab().toImage()
    tokenize_fills = [
        _pixel(tokenize_image, view.chip_rect(i).left(), view.chip_rect(i).center().y()) for i in range(view.count())
    ]

    assert step_fills == tokenize_fills
    expected = [palette.FILLS[c] for c in palette.stable_colors(pretoken.token_ids)]
    assert step_fills == expected and len(set(expected)) > 1

    # Explain, on its last page, shows the same tokens: the same colors again.
    explain = tokenize.explain
    explain.set_piece(text)
    explain.set_page(len(explain.steps))
    assert explain.current_parts() == tuple(pretoken.token_ids)
    assert [explain.parts.chip_fill(i).name() for i in range(explain.parts.count())] == expected
