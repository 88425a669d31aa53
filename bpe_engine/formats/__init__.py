"""Tokenizer files: every format the engine reads or writes, one module each.

- :mod:`.ours`: our versioned JSON format (what ``Tokenizer.save`` writes);
- :mod:`.gpt2`: GPT-2's ``vocab.json`` + ``merges.txt``;
- :mod:`.tiktoken`: OpenAI's encodings and tiktoken rank files (``.tiktoken``, Llama 3's
  ``tokenizer.model``), completed by the settings found beside them;
- :mod:`.hf`: Hugging Face ``tokenizer.json`` with a BPE model, byte-level or SentencePiece-style;
- :mod:`.tekken`: Mistral's Tekken JSON;
- :mod:`.sentencepiece`: SentencePiece ``.model`` files of type BPE, read with :mod:`.protobuf`
  (our own wire-format reader: the engine needs neither ``protobuf`` nor ``sentencepiece``).

Each of these ends with one ``FORMAT`` (a :class:`~.base.Format`: name, title, Open-dialog
patterns, folder names, ``detect``, ``read``, and its writer or the reason it has none).

- :mod:`.registry`: ``FORMATS``, collected from those modules, and what derives from them
  (``file_filters()``, ``folder_names()``, ``proposed_file_name()``);
- :mod:`.detect`: which format a file is, asking each in turn (what
  :func:`bpe_engine.load_tokenizer` calls);
- :mod:`.export`: writing a tokenizer with its format's writer (``Tokenizer.export``);
- :mod:`.base`: :class:`~.base.Format` and the helpers readers and writers share;
  :mod:`.atomic`: atomic saves; :mod:`.jsonfile`: strict JSON;
- :mod:`.data`: what a reader returns: :class:`~.data.TokenizerData` (byte-level BPE, built by
  ``Tokenizer.from_data``) or :class:`~.data.SentencePieceData` (character-level BPE with byte
  fallback, built by :class:`~bpe_engine.spm.SentencePieceTokenizer`).

Readers return plain data and never import a tokenizer class; the tokenizers import a format
only when asked to read or write one.

Adding a format is one module plus its tests: write ``formats/<name>.py`` with a reader that
returns one of the two data classes (regular files only, size limits, errors that name the
file and the field: :func:`.base.read_file`, :func:`.jsonfile.load_json`), say how merges
are read with a :class:`~bpe_engine.kinds.MergeRule` rather than converting them
approximately, and end it with ``FORMAT = Format(...)``. :mod:`.registry` finds it by
itself. Test it against the format's reference library (a test dependency only) on files the
test writes itself, on the real files of ``../shared/tokenizers``, and on damaged files
(tests/engine/test_formats_*.py, tests/engine/test_registry.py).
"""
