"""The Families tab: one text cut seven ways (characters, bytes, words, character-level and byte-level BPE, WordPiece, Unigram) with exact figures."""
