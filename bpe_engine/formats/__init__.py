"""Tokenizer files: every format the engine reads or writes, one module each.

- :mod:`.ours`: our versioned JSON format (what ``Tokenizer.save`` writes);
- :mod:`.gpt2`: GPT-2's ``vocab.json`` + ``merges.txt``;
- :mod:`.tiktoken`: OpenAI's encodings and ``.tiktoken`` rank files;
- :mod:`.atomic`: atomic saves, used by every writer;
- :mod:`.data`: :class:`~.data.TokenizerData`, what a reader returns.

Readers return plain data and never import the tokenizer; ``Tokenizer.from_data`` builds one.
To add a format, write a reader that returns :class:`~.data.TokenizerData` (and a writer that
reads the tokenizer's public attributes), then give ``Tokenizer`` a classmethod that calls it
(docs/ARCHITECTURE.md, "Adding a file format").
"""
