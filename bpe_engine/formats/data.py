"""What a file reader hands back: the parts of a byte-level tokenizer, not yet checked.

Readers (:mod:`.ours`, :mod:`.gpt2`, :mod:`.tiktoken`) parse a file into a
:class:`TokenizerData`; :meth:`bpe_engine.Tokenizer.from_data` checks it and builds the
tokenizer. So the formats never import the tokenizer, and the tokenizer imports a format only
when it is asked to read or write one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

__all__ = ["TokenizerData"]


@dataclass
class TokenizerData:
    """The arguments of :class:`~bpe_engine.Tokenizer`, plus where they came from.

    ``source`` names the file(s) for error messages. ``ranks_from_tiktoken`` says the
    vocabulary is a tiktoken rank table: its ids are ranks, a piece that is itself a token
    encodes to that token, and tiktoken's core encodes exactly like ours.
    """

    vocab: dict[int, bytes]
    merges: Sequence[tuple[bytes, bytes]]
    special_tokens: Sequence[str] | Mapping[str, int] = ()
    pretokenizer: str = "gpt2"
    merge_counts: Sequence[int | None] | None = None
    merge_ids: Sequence[tuple[int, int]] | None = None
    name: str | None = None
    ranks_from_tiktoken: bool = False
    source: str = ""
    extra: dict[str, object] = field(default_factory=dict)
