"""The Tokenize, Compare and Stream-decode tabs inside the real main window, as a new user meets them:
train on a built-in sample, then the trained tokenizer is ready in every text view."""

from __future__ import annotations

from app.window.main_window import MainWindow

from ..text_views_support import load, openai_tokenizers  # noqa: F401


def test_tabs_in_order_and_a_trained_tokenizer_reaches_every_text_view(qtbot, settings, openai_tokenizers):
    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.show()
    names = [win.tabs.tabText(i) for i in range(win.tabs.count())]
    assert names == [
        "Train",
        "Vocabulary",
        "Tokenize",
        "Compare",
        "Stream decode",
        "Timeline",
        "Sweep",
        "Families",
        "Measure",
    ]
    load(qtbot, win.registry, "cl100k_base", "o200k_base")

    # Train on a built-in sample with the Train view, as a new user would.
    win.train_view.corpus.select_sample("english_story")
    with qtbot.waitSignal(win.registry.ready, timeout=120_000) as ready:
        assert win.train_view.start()
    key = ready.args[0]
    assert win.registry.entry(key).kind == "trained"
    trained = win.registry.get(key)

    tv = win.tokenize_view
    win.tabs.setCurrentWidget(tv)
    assert tv.current_key() == key  # the freshly trained tokenizer is the default
    tv.set_text("the tech team 國")
    qtbot.waitUntil(tv.is_settled, timeout=20_000)
    assert [int(t) for t in tv.id_chips.chip_texts()] == trained.encode("the tech team 國")

    cv = win.compare_view
    win.tabs.setCurrentWidget(cv)
    assert cv.keys()[0] == key
    qtbot.waitUntil(lambda: cv.is_settled() and all(c.state == "chips" for c in cv.columns()), timeout=60_000)
    assert list(cv.columns()[0].table.ids) == trained.encode(cv.text(), allowed_special="all")

    sv = win.stream_view
    win.tabs.setCurrentWidget(sv)
    assert key in [sv.picker.itemData(i) for i in range(sv.picker.count())]
    sv.picker.set_current_key(key)
    sv.set_text("國")
    qtbot.waitUntil(lambda: sv.is_prepared() and sv.ids == trained.encode("國"), timeout=20_000)
    while sv.step():
        pass
    assert sv.output_text == "國"
    win.close()
