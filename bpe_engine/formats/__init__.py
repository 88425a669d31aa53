"""Tokenizer files: every format the engine reads or writes, one module each.

- :mod:`.ours`: our versioned JSON format (what ``Tokenizer.save`` writes);
- :mod:`.gpt2`: GPT-2's ``vocab.json`` + ``merges.txt``;
- :mod:`.tiktoken`: OpenAI's encodings and tiktoken rank files (``.tiktoken``, Llama 3's
  ``tokenizer.model``);
- :mod:`.hf`: Hugging Face ``tokenizer.json`` with a BPE model, byte-level or SentencePiece-style;
- :mod:`.tekken`: Mistral's Tekken JSON;
- :mod:`.sentencepiece`: SentencePiece ``.model`` files of type BPE, read with :mod:`.protobuf`
  (our own wire-format reader: the engine needs neither ``protobuf`` nor ``sentencepiece``);
- :mod:`.detect`: which of these a file is, told from its content, and reading it (what
  :func:`bpe_engine.load_tokenizer` calls);
- :mod:`.export`: writing a tokenizer as ``hf``, ``tiktoken`` (rank file + sidecar), ``gpt2``
  or ours (``Tokenizer.export``), refusing what a format cannot express;
- :mod:`.atomic`: atomic saves, used by every writer; :mod:`.jsonfile`: strict JSON;
- :mod:`.data`: what a reader returns: :class:`~.data.TokenizerData` (byte-level BPE, built by
  ``Tokenizer.from_data``) or :class:`~.data.SentencePieceData` (character-level BPE with byte
  fallback, built by :class:`~bpe_engine.spm.SentencePieceTokenizer`).

Readers return plain data and never import a tokenizer class; the tokenizers import a format
only when asked to read or write one.

Adding a format: write ``formats/<name>.py`` with a reader that returns one of the two data
classes, reading through :func:`.jsonfile.parse_json`/:func:`.jsonfile.load_json` or
``_files.read_regular`` (regular files only, size limits, errors that name the file and the
field); say how merges are read (``pair_ranks`` for a list of pair priorities as Hugging
Face's, ``rank_splits`` for tiktoken's rule, ``ignore_merges`` for the whole-piece shortcut)
rather than converting them approximately. Teach :mod:`.detect` to recognise its content
(before the extension), and if it can be written, add a writer to :mod:`.export` that reads
only the tokenizer's public attributes, saves through :mod:`.atomic` and refuses, with the
reason, whatever the format cannot reproduce. Test it against the format's reference library
(a test dependency only) on files the test writes itself, on the real files of
``../shared/tokenizers``, and on damaged files (tests/engine/test_formats_*.py).
"""
