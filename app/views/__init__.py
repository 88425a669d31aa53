"""Views: one module per tab of the main window (train, vocabulary, tokenize, compare, stream
decode), plus Explain, the Tokenize tab's panel.

A view composes widgets, models and controllers into a screen and turns user actions into
controller calls; it holds no algorithm and starts no thread itself. One module per screen
keeps each tab's wiring in one place.
"""
