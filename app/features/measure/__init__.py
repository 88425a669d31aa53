"""The Measure tab: the language tax, efficiency and vocabulary health of 1-5 tokenizers."""
