"""BPE Explorer: the PySide6 desktop application over ``bpe_engine`` (start: app/window/main_window.py).

The app reads feature by feature:

- :mod:`app.features`: one folder per tab (train, vocabulary, tokenize, compare, stream,
  timeline, sweep, families) holding its view, panels, controllers, jobs and models. A
  feature imports the shared layers below, never another feature.
- :mod:`app.window`: the main window, its menus and dialogs, presentation mode and exports;
  the only package that imports the features.
- :mod:`app.core`: the session: the tokenizer registry, the training run, live encoding, the
  Timeline's position, the job runner and its messages, settings and the two languages.
- :mod:`app.widgets`: widgets several features share (chips, the message bar, the tokenizer
  picker, plots, zoom, "As of merge k", the view contract).
- :mod:`app.display`: what is shown, as plain data without Qt (formatting, token facts, chips,
  the one palette), so jobs can compute it off the GUI thread.
- :mod:`app.content`: the texts the app ships (sample corpora, classroom presets, patterns).

``app`` imports only the public names of ``bpe_engine`` (a test checks it), and
``tests/app/test_layout.py`` checks the import rules above.
"""
