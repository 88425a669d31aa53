"""BPE Explorer: the PySide6 desktop application over ``bpe_engine`` (start: app/main_window.py).

Each package has one responsibility:

- :mod:`app.content`: the texts the app ships (sample corpora, classroom presets).
- :mod:`app.display`: what is shown, as plain data without Qt (formatting, token facts,
  chips, the one palette), so jobs can compute it off the GUI thread.
- :mod:`app.jobs`: the one way work runs off the GUI thread, and the messages jobs send.
- :mod:`app.controllers`: GUI-thread owners of long jobs and shared state (training, live
  encoding, corpus mode, tokenizer files, the tokenizer registry).
- :mod:`app.models`: Qt table models over plain lists.
- :mod:`app.widgets`: reusable widgets (chips, the message bar, the tokenizer picker, plots).
- :mod:`app.views`: one module per tab, composing widgets and controllers.

``app`` imports only the public names of ``bpe_engine`` (a test checks it).
"""
