"""The encoders: text to token ids, exactly, as fast as the input allows.

- :mod:`.tables`: :class:`~.tables.EncoderTables`, the lookup tables built from a tokenizer;
- :mod:`.piece`: one piece, the reference rule (lowest-ranked merge first) and its steps;
- :mod:`.batch`: many distinct pieces at once, vectorised with NumPy: in rounds (:mod:`.rounds`)
  or rank by rank (:mod:`.by_rank`), over the merges' tables of :mod:`.pairs`;
- :mod:`.charcut`: text of mostly multi-byte characters, cut where no token can cross;
- :mod:`.encoder`: :class:`~.encoder.Encoder`, text to ids through a piece cache; its paths for
  long texts in :mod:`.words_path` and :mod:`.flat_paths`, its cache entries in :mod:`.entries`,
  the tokens it takes whole without merging in :mod:`.whole`;
- :mod:`.stream`: an iterable of strings, lazily;
- :mod:`.files`: whole files, in worker processes or on tiktoken's core when identical.

All of them give the ids of :func:`.piece.bpe_piece`; tests check every pair of them.
"""
