"""Training: settings, events, pre-token counting and the incremental merge loop.

- :mod:`.config`: :class:`~.config.TrainerConfig`, every setting and its check;
- :mod:`.events`: what a run reports (one event per merge);
- :mod:`.counting`: streamed, parallel pre-token counting;
- :mod:`.merging`: the merge loop (pair index, lazy heap, the tie-break key), its parts in the
  ``merge_*`` modules;
- :mod:`.trainer`: :class:`~.trainer.BpeTrainer` and :func:`~.trainer.train_bpe`, which tie them together;
- :mod:`.chars`: the character-level family (BPE over characters with byte fallback, as
  SentencePiece's BPE models), for lessons that compare families; its corpus is counted by
  :mod:`.char_counting` (streamed, in worker processes for big corpora).
"""
