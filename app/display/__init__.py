"""What the app shows, as plain data: formatting, token facts, chip data and the one palette.

Everything here is pure Python (and NumPy), without Qt, for two reasons: background jobs
compute display data off the GUI thread (a token table for 25 000 tokens is built in the
encode job), and the rules that decide how a token is written or colored are testable
without a window. Drawing lives in :mod:`app.widgets`, what to compute in the controllers.

- :mod:`~app.display.format`: tokens (visible whitespace, hex) and numbers as text.
- :mod:`~app.display.offsets`: positions in UTF-16 units (Qt's) and code points.
- :mod:`~app.display.token_data`: per-token spans, split characters, counts, boundary diffs.
- :mod:`~app.display.chips`: what each chip says, its kind and color, re-used across edits.
- :mod:`~app.display.palette`: the colors of every chip and the rule that picks them.
"""
