"""Widgets that several features share, each existing once: token chips and their painter,
the message bar, the tokenizer picker, the corpus panel, plots, zoom, exports, "As of merge k"
and the view contract (:mod:`~app.widgets.view`).

Widgets draw and take input; they start no job and own no job state, so each can be used, and
tested, in any view. A widget used by one feature only lives in that feature's folder.
"""
