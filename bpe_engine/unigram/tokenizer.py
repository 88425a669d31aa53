"""The :class:`UnigramTokenizer`: SentencePiece's Unigram language model (Viterbi over scores)."""

from __future__ import annotations

import os
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .._special_text import WithoutMerges
from ..errors import ConfigError, ExportError, TokenizerFileError, short
from ..formats.data import SentencePieceData
from ..kinds import Algorithm, Family, TokenizerFacts, TokenUnit
from ..spm.tokenizer import SentencePieceTokenizer
from .lattice import UnigramModel, ViterbiResult

if TYPE_CHECKING:
    from ..encode.piece import BpeStep

__all__ = ["UnigramTokenizer"]


class UnigramTokenizer(WithoutMerges, SentencePieceTokenizer):
    """A Unigram tokenizer: SentencePiece ``.model`` files of type Unigram (T5, ALBERT, XLNet)
    and Hugging Face ``tokenizer.json`` files whose model is ``Unigram``.

    It offers the whole :class:`~bpe_engine.interface.TokenizerLike` interface. The text is
    normalized as for SentencePiece's BPE models (same normalizer, ``▁`` for spaces, dummy
    prefix), then cut into the segmentation of highest total score (the pieces' scores are log
    probabilities; :mod:`.lattice` has the exact rules of ``sentencepiece`` and ``tokenizers``).
    Decoding, spans and special tokens are those of
    :class:`~bpe_engine.spm.SentencePieceTokenizer`.

    There are no merges: ``merges``, ``merge_ids()``, ``merge_counts`` are empty,
    ``merge_of``/``merge_rank`` None, ``bpe_steps`` empty and ``vocab_size_after`` takes only
    0. :meth:`viterbi` explains a piece instead (the best path and the competing ones), and
    :attr:`scores` gives every piece's score.
    """

    family: Family = Family.UNIGRAM

    def _build_model(self, data: SentencePieceData) -> UnigramModel:
        return UnigramModel(data, self.normalizer.space)

    @classmethod
    def from_data(cls, data: SentencePieceData) -> UnigramTokenizer:
        return cls(data)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> UnigramTokenizer:
        """A SentencePiece ``.model`` file of type Unigram."""
        from ..formats.sentencepiece import read_sentencepiece_model

        data = read_sentencepiece_model(path)
        if data.algorithm is not Algorithm.UNIGRAM:
            raise TokenizerFileError(
                f"{os.fspath(path)}: is a SentencePiece BPE model, not a Unigram model; load it with load_tokenizer"
            )
        return cls(data)

    def hf_json(self) -> dict[str, Any]:
        """This tokenizer as a Hugging Face ``tokenizer.json`` object (Unigram model,
        normalizer, Metaspace); ExportError for what that format cannot say."""
        from ..formats.hf_unigram import unigram_to_hf

        return unigram_to_hf(self._data, self.name or "this tokenizer")

    def export(self, path: str | os.PathLike[str], format: str) -> list[str]:
        """Write this tokenizer for another program, as :meth:`bpe_engine.Tokenizer.export`
        does: only ``"hf"`` (:meth:`hf_json`; ``path`` a file or a folder), the other formats
        hold BPE merges (ExportError). Returns the paths written (atomically)."""
        from ..formats.atomic import atomic_write_bytes
        from ..formats.base import json_bytes
        from ..formats.export import export_paths

        if format != "hf":
            raise ExportError(
                f"cannot export to {short(format)}: a Unigram tokenizer has no merges; use hf (tokenizer.json)"
            )
        paths = export_paths(path, format)
        data = json_bytes(self.hf_json())
        try:
            atomic_write_bytes(paths[0], data)
        except OSError as exc:
            raise ExportError(f"{paths[0]}: cannot save ({exc.strerror}); choose another folder") from None
        return paths

    def __repr__(self) -> str:
        label = f"{self.name!r}, " if self.name else ""
        return f"UnigramTokenizer({label}{self._size} pieces, {self.model.rule})"

    @property
    def unigram(self) -> UnigramModel:
        model = self.model
        assert isinstance(model, UnigramModel)
        return model

    @property
    def facts(self) -> TokenizerFacts:
        """Characters, pieces shown with ``▁``, no merges (``algorithm`` is Unigram)."""
        return TokenizerFacts(
            family=Family.UNIGRAM,
            unit=TokenUnit.CHARACTER,
            merges_in_training_order=False,
            space_symbol="▁",
            special_tokens=MappingProxyType(dict(self.special_tokens)),
            bos=self._data.bos,
            adds_bos=self._data.adds_bos and self._data.bos is not None,
            algorithm=Algorithm.UNIGRAM,
        )

    @property
    def scores(self) -> list[float]:
        """The score (log probability) of every piece, by id."""
        return list(self._data.scores)

    def viterbi(self, piece: str | bytes) -> ViterbiResult:
        """How one piece of :meth:`pieces` (normalized text) is cut: the best segmentation with
        its score, the ids it encodes to, and the best few segmentations (best first)."""
        text = piece.decode("utf-8", "replace") if isinstance(piece, bytes) else piece
        return self.unigram.viterbi(text)

    # -- no merges ------------------------------------------------------------------------

    def vocab_size_after(self, k: int) -> int:
        """A Unigram model has no merges: ``k`` must be 0; the pieces that are no special token."""
        if isinstance(k, bool) or k != 0:
            raise ConfigError(f"a Unigram model has no merges: k must be 0, got {short(k)}")
        return sum(1 for i in range(self._size) if i not in self._special_ids)

    def bpe_steps(self, piece: str | bytes) -> list[BpeStep]:
        """No merge makes a Unigram piece: always empty (see :meth:`viterbi`)."""
        return []
