"""The session: what every feature shares and no feature owns.

- :mod:`~app.core.registry`: the tokenizers of the session (trained, OpenAI's, opened files,
  the Hugging Face cache), one entry each; :mod:`~app.core.tokenizer_files` opens files.
- :mod:`~app.core.training`: the one training run (controller and its worker thread), which
  the Train tab drives, the Timeline follows and the window asks about before closing.
- :mod:`~app.core.encoding`: live encoding off the GUI thread (newest request wins), with
  :mod:`~app.core.encode_job` its job body.
- :mod:`~app.core.timeline_position`: the Timeline's "as of merge k" that other views follow.
- :mod:`~app.core.jobs`: the one way work runs off the GUI thread; :mod:`~app.core.messages`:
  what jobs send.
- :mod:`~app.core.rows_model`: the base of every table model; :mod:`~app.core.settings`;
  :mod:`~app.core.i18n`: English and Simplified Chinese, switched live.
"""
