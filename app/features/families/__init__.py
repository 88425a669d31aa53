"""The Families tab: one text cut five ways (characters, bytes, words, character-level and byte-level BPE) with exact figures."""
