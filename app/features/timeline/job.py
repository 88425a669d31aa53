"""Jobs of the training timeline: the token curve of a text, and the tokenizer of a training
still in progress.

Plain functions (no Qt) that :class:`app.features.timeline.controller.TimelineController` runs off
the GUI thread. Encoding "as of merge k" itself is an ordinary encoding job
(:func:`app.core.encode_job.run_job` with ``as_of``).

It leaves out scheduling (the controller) and drawing (the Timeline view).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bpe_engine import MergeEvent, Tokenizer, TrainerConfig

__all__ = ["tokenizer_of_merges", "token_curve"]


def tokenizer_of_merges(events: Sequence[MergeEvent], config: TrainerConfig, name: str | None = None) -> Tokenizer:
    """The tokenizer of a run's merges so far, from its ``MergeEvent`` s (in rank order): the
    256 bytes, one token per merge (its ``new_id``), then the special tokens, as
    ``BpeTrainer.tokenizer()`` numbers them."""
    vocab = {i: bytes([i]) for i in range(256)}
    for event in events:
        vocab[event.new_id] = event.left + event.right
    n = len(vocab)
    for j, special in enumerate(config.special_tokens):
        vocab[n + j] = special.encode("utf-8")
    return Tokenizer(
        vocab,
        [(e.left, e.right) for e in events],
        list(config.special_tokens),
        pretokenizer=config.pretokenizer,
        merge_counts=[e.count for e in events],
        merge_ids=[(e.left_id, e.right_id) for e in events],
        name=name,
    )


def token_curve(tokenizer: Tokenizer, text: str) -> np.ndarray:
    """``curve[k]``: how many tokens ``text`` has with the first ``k`` merges (special tokens
    recognised, as the Timeline shows them), for every ``k`` at once."""
    return tokenizer.token_curve(text, allowed_special="all")
