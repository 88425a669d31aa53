"""Qt table models over plain Python lists: merges, vocabulary, step mode, compare summary, stream log.

Their own package because they are the one place where data meets ``QAbstractTableModel``'s
rules (rows, roles, resets), and because 200 000 rows must stay instant: models compute
labels lazily from the display helpers (:mod:`app.display`) and never draw.
"""
