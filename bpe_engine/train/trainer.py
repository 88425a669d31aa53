"""BPE training: the event stream that ties counting and the merge loop together.

Pre-tokens are counted by :mod:`bpe_engine.train.counting` (streamed, optionally in worker
processes); the incremental merge loop (pair index and lazy heap) runs in
:mod:`bpe_engine.train.merging`. :class:`BpeTrainer` exposes the whole run as events that a
GUI thread can pull one at a time (progress while counting, then one :class:`MergeEvent` per
merge); stopping between two events leaves a usable tokenizer of the merges so far.

Ties go to the highest count, then (``tie_break="greatest"``, the default and the rule of
GPT-2 and of the reference fixtures) to the lexicographically greatest pair of byte strings
``(left_bytes, right_bytes)``, or (``"smallest"``) to the smallest; the rule itself is the
sort key in :func:`bpe_engine.train.tiekeys.tie_key`. The result is deterministic: same
input, same merges.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from ..corpus import CorpusSource, default_workers
from ..errors import CheckpointError, ConfigError
from ..parallel import release_free_memory
from ..pretokenize import get_pretokenizer
from ..tokenizer import Tokenizer
from .config import TrainerConfig
from .counting import CountResult, count_pretokens_iter
from .events import (
    CountingDone,
    CountingProgress,
    MergeEvent,
    PairInfo,
    PretokenInfo,
    TrainingDone,
    TrainingEvent,
    merge_event,
)
from .merging import MergeLoop
from .preform import Preformed, PreMerge, preform
from .replay import Replay

if TYPE_CHECKING:
    from .checkpoint import CorpusFile, Saved

__all__ = ["BpeTrainer", "train_bpe"]

# Most merges of the loop made together (MergeLoop.step_batch; a batch ends sooner where
# it could change the result)
_BATCH = 32


class BpeTrainer:
    """Trains a byte-level BPE tokenizer as a stream of events.

    Iterate :meth:`events` (once); stop whenever you like; :meth:`tokenizer` returns the
    tokenizer of the merges done so far. Pausing is simply not pulling the next event.

    ``input_path`` is a path or a list of paths to UTF-8 text files; or pass ``text=``. The
    settings are a :class:`TrainerConfig`, given whole (``config``), or as a vocabulary size,
    special tokens and keyword settings (``BpeTrainer(path, 1000, ["<|endoftext|>"],
    pretokenizer="cl100k")``), or both (the keywords override the config).
    """

    def __init__(
        self,
        input_path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None,
        config: TrainerConfig | int | None = None,
        special_tokens: Sequence[str] | None = None,
        *,
        text: str | None = None,
        **settings: Any,
    ) -> None:
        self._setup(TrainerConfig.of(config, special_tokens, **settings), CorpusSource.from_input(input_path, text))

    def _setup(self, config: TrainerConfig, source: CorpusSource) -> None:
        self.config = config
        self.source = source
        self.pretokenizer = get_pretokenizer(self.config.pretokenizer)
        self.merges: list[tuple[int, int]] = []
        self.merge_counts: list[int] = []
        self.counting: CountingDone | None = None
        self._state: MergeLoop | None = None
        self._history: list[MergeEvent] = []
        self._started = False
        self.finished = False
        # A run resumed from a checkpoint of its merges only: the corpus is counted again and
        # those merges made again (checked) before going on; until then `_saved_tok` holds
        # their tokens. `_resumed_from` is that checkpoint's path (for messages).
        self._replaying = False
        self._saved_tok: list[bytes] | None = None
        self._resumed_from = ""
        self._digests: dict[str, tuple[int, int, str]] = {}  # corpus files' SHA-256 (checkpoints)
        # Merges made ahead on the distinct characters (train/preform.py) while `_state` is
        # the loop after all of them; anything that looks at the state before they are all
        # handed out rebuilds it at the current merge (`_settle`).
        self._preformed: Preformed | None = None
        self._pending: list[PreMerge] = []
        # Merges of the loop made together (`MergeLoop.step_batch`) and not handed out yet,
        # last first; inspecting the state before they are rewinds it to the current merge
        # and ends batching for the run (step mode looks after every merge).
        self._ahead: list[PreMerge] = []
        self._batching = True

    @property
    def special_tokens(self) -> tuple[str, ...]:
        return self.config.special_tokens

    @property
    def vocab_size(self) -> int:
        return self.config.vocab_size

    @property
    def target_merges(self) -> int:
        return self.config.target_merges

    @property
    def phase(self) -> str:
        """``"new"``, ``"counting"``, ``"merging"`` or ``"done"``."""
        if self.finished:
            return "done"
        if self._state is not None:
            return "merging"
        return "counting" if self._started else "new"

    def events(self) -> Iterator[TrainingEvent]:
        """The training run as events; may be iterated only once.

        A trainer resumed from a checkpoint (:meth:`resume`) starts with the counting totals
        and the merges made before the checkpoint, then goes on.
        """
        if self._started:
            raise RuntimeError("BpeTrainer.events() can run only once; create a new trainer")
        self._started = True
        if self._state is None:
            yield from self._count()
            if self._replaying:
                yield from self._replay()
        else:
            assert self.counting is not None
            yield self.counting
            yield from self._history
        yield from self._merge()

    def _count(self) -> Iterator[TrainingEvent]:
        result: CountResult | None = None
        counting: Iterator[tuple[int, int] | CountResult]
        if self.config.cluster is not None:
            from .distributed import count_pretokens_cluster

            counting = count_pretokens_cluster(
                self.source,
                self.pretokenizer,
                self.special_tokens,
                self.config.cluster,
                self.config.workers or default_workers(),
            )
        else:
            counting = count_pretokens_iter(
                self.source,
                self.pretokenizer,
                self.special_tokens,
                workers=self.config.workers,
                fork=self.config.fork_workers,
            )
        for item in counting:
            if isinstance(item, CountResult):
                result = item
            else:
                yield CountingProgress(item[0], item[1])
        assert result is not None
        # The pair index below takes seconds on a large corpus: say so before building it.
        yield CountingProgress(result.total_bytes, result.total_bytes, "indexing")
        distinct = result.distinct
        shards = result.groups()  # the keyed pieces (arrays) and the dicts of the others
        result.shards, result.keyed = [], []
        pre = None if self._replaying else preform(shards, self.config.tie_break)
        if pre is None:
            self._state = MergeLoop(shards, self.config.tie_break)
        else:
            shards.clear()
            release_free_memory()  # the counts' memory, before the loop is built
            self._preformed = pre
            self._pending = pre.merges[::-1]  # popped from the end
            self._state = pre.loop(len(pre.merges))
        while shards:
            shards.pop()  # one dict at a time (freeing 400 000 pieces at once holds the GIL ~10 ms)
        release_free_memory()  # the counts and the index's temporaries: the merge loop needs neither
        total_pretokens = int(self._state.word_count.sum())
        before = pre.total_bytes if pre is not None else int((self._state.word_count * self._state.word_len).sum())
        initial_tokens = before + result.special_count
        done = CountingDone(
            total_bytes=result.total_bytes,
            distinct_pretokens=distinct,
            total_pretokens=total_pretokens,
            initial_tokens=initial_tokens,
            special_count=result.special_count,
            target_merges=self.target_merges,
        )
        if self._replaying and done != self.counting:
            self._state = None
            raise CheckpointError(
                f"{self._resumed_from}: the corpus is not the one this checkpoint was saved from "
                f"(counted now: {done}; saved: {self.counting})"
            )
        self.counting = done
        yield done

    def _replay(self) -> Iterator[MergeEvent]:
        """Make the checkpoint's merges again, each checked; yield their saved events."""
        state = self._state
        assert state is not None
        replay = Replay(state, 256)
        for event in self._history:
            problem = replay.merge(event.left_id, event.right_id, event.count, event.replaced)
            if problem is not None:
                self._state = None
                raise CheckpointError(
                    f"{self._resumed_from}: the corpus is not the one this checkpoint was saved from: "
                    f"at merge {event.rank}, {problem}"
                )
            yield event
        state.settle()
        self._replaying = False
        self._saved_tok = None

    def _merge(self) -> Iterator[TrainingEvent]:
        assert self._state is not None and self.counting is not None
        tokens = self._history[-1].tokens if self._history else self.counting.initial_tokens
        merges, merge_counts, history, pending, ahead = (
            self.merges,
            self.merge_counts,
            self._history,
            self._pending,
            self._ahead,
        )
        rank = len(merges)
        while rank < self.target_merges:
            state = self._state  # subtle: rebuilt by _settle when inspected between two events
            tok = state.tok
            tied_pair: tuple[int, int] | None
            if pending:
                a, b, z, count, replaced, tied_pair = pending.pop()
                if not pending:
                    self._preformed = None
            else:
                if not ahead:
                    # (never beyond the vocabulary: nothing left ahead to rewind at the end)
                    if self._batching:
                        steps = state.step_batch(min(_BATCH, self.target_merges - rank))
                    else:
                        one = state.step()
                        steps = None if one is None else [one]
                    if steps is None:
                        self.finished = True
                        state.finish()
                        yield TrainingDone(rank, "no_pairs")
                        return
                    ahead += [(a, b, z, c, r, None if t is None else state.pair(t)) for a, b, z, c, r, t in steps[::-1]]
                a, b, z, count, replaced, tied_pair = ahead.pop()
            tokens -= replaced
            merges.append((a, b))
            merge_counts.append(count)
            tied_with = None
            if tied_pair is not None:
                ta, tb = tied_pair
                tied_with = (tok[ta], tok[tb])
            event = merge_event(rank, a, b, tok[a], tok[b], z, count, replaced, tokens, tied_with)
            history.append(event)
            rank += 1
            yield event
        self.finished = True
        self._settle()  # merges made ahead beyond the vocabulary: back to the last one handed out
        self._state.finish()  # events() runs once: no merge follows
        release_free_memory()  # the last merges' temporaries and tables, before the tokenizer is built
        yield TrainingDone(rank, "vocab_size")

    # -- checkpoints --------------------------------------------------------------------------

    def _settle(self) -> None:
        """Rebuild the state at the last merge handed out if merges made ahead are pending."""
        if self._pending and self._preformed is not None:
            self._state = self._preformed.loop(len(self.merges))
            self._pending.clear()
            self._preformed = None
            release_free_memory()
        if self._ahead and self._state is not None:
            parts = [(a, b) for a, b, *_ in self._ahead[::-1]]
            self._state = self._state.rewound(parts, 256, self.config.tie_break)
            self._ahead.clear()
            self._batching = False
            release_free_memory()

    def save_checkpoint(self, path: str | os.PathLike[str]) -> Saved:
        """Save this run as it stands (between two events: paused, or while it runs, from the
        thread that pulls its events) to go on later with :meth:`resume`, in any process; say
        what the file holds (:class:`~bpe_engine.train.checkpoint.Saved`). A run still
        counting is saved without its counts and counts again when resumed."""
        from .checkpoint import WORDS_SHARE, save_checkpoint, too_many_words  # (zipfile: only when saving)

        state = self._state
        if (
            state is not None
            and self.counting is not None
            and too_many_words(
                state.live,
                len(state.tok) - len(self._ahead) - len(self._pending),
                WORDS_SHARE * self.counting.total_bytes,
            )
        ):
            # Only the merges are saved (Chinese): the loop is not read, so merges made ahead
            # (batches, preforming) stay (no rebuild, ~0.3 s on 10 MB). Exact: at the last merge
            # handed out the loop has at least as many live positions as now, and that many tokens.
            state = None
        else:
            self._settle()
            state = self._state
        return save_checkpoint(
            path,
            self.config,
            self.source.paths,
            self.source.text,
            self.counting,
            None if self._replaying else state,
            self._history,
            self._digests,
        )

    @classmethod
    def resume(cls, path: str | os.PathLike[str], **settings: Any) -> BpeTrainer:
        """A trainer that goes on from a checkpoint file; its merges are those of an
        uninterrupted run. ``settings`` may change what does not alter the result
        (``workers``, ``fork_workers``, ``cluster``, ``name``) or raise the vocabulary size.
        A checkpoint of the merges only (:attr:`Saved.MERGES`) needs its corpus files,
        unchanged: it counts them again and makes its merges again when its events start."""
        from .checkpoint import Saved, load_checkpoint

        saved = load_checkpoint(path)
        allowed = {"workers", "fork_workers", "name", "vocab_size", "cluster"}
        if set(settings) - allowed:
            raise ConfigError(
                f"a resumed run keeps its settings; only {', '.join(sorted(allowed))} may change, "
                f"not {', '.join(sorted(set(settings) - allowed))}"
            )
        config = saved.config.replace(**settings) if settings else saved.config
        if config.target_merges < len(saved.history):
            raise ConfigError(
                f"the checkpoint has {len(saved.history)} merges already; a vocab_size of {config.vocab_size} "
                f"holds only {config.target_merges}"
            )
        trainer = cls.__new__(cls)
        trainer._setup(config, CorpusSource(paths=saved.paths, text=saved.text))
        trainer._resumed_from = os.fspath(path)
        if saved.saved is Saved.WORDS:
            # The words are in the checkpoint: the corpus files are not needed any more.
            words = saved.words
            assert words is not None
            trainer._state = MergeLoop.from_words(words.ids, words.lens, words.counts, saved.tok, 256, config.tie_break)
        else:  # count again (the files must still be there), then make the saved merges again
            if saved.text is None:
                trainer._check_corpus(saved.files)
                trainer.source = CorpusSource.from_input([f.path for f in saved.files] or list(saved.paths))
            if saved.saved is Saved.MERGES:
                trainer._replaying = True
                trainer._saved_tok = saved.tok
        if saved.counting is not None:
            trainer.counting = CountingDone(**{**asdict(saved.counting), "target_merges": config.target_merges})
            trainer._history = saved.history
            trainer.merges = [(e.left_id, e.right_id) for e in saved.history]
            trainer.merge_counts = [e.count for e in saved.history]
        return trainer

    def _check_corpus(self, files: Sequence[CorpusFile]) -> None:
        """Refuse a corpus file that is gone or changed since the checkpoint was saved."""
        from .checkpoint import corpus_file

        for saved in files:
            try:
                now = corpus_file(saved.path, self._digests)
            except OSError as exc:
                raise CheckpointError(
                    f"{self._resumed_from}: this checkpoint holds the merges only, and its corpus file "
                    f"{saved.path} cannot be read ({exc.strerror or exc}); put the file back there to resume"
                ) from None
            if now != saved:
                change = f"{saved.size} bytes then, {now.size} now" if now.size != saved.size else "its content differs"
                raise CheckpointError(
                    f"{self._resumed_from}: the corpus file {saved.path} changed since the checkpoint was saved "
                    f"({change}); the merges can only be made again on the same text"
                )

    def _tokens(self) -> list[bytes]:
        """Every token's bytes so far (the saved ones while a resumed run makes them again)."""
        if self._saved_tok is not None:
            return self._saved_tok
        return self._state.tok if self._state is not None else [bytes([i]) for i in range(256)]

    def tokenizer(self) -> Tokenizer:
        """A tokenizer of the merges done so far (specials follow the last merge)."""
        tok = self._tokens()
        n = len(self.merges)
        vocab = {i: tok[i] for i in range(256 + n)}
        for j, s in enumerate(self.special_tokens):
            vocab[256 + n + j] = s.encode("utf-8")
        return Tokenizer(
            vocab,
            [(tok[a], tok[b]) for a, b in self.merges],
            list(self.special_tokens),
            pretokenizer=self.pretokenizer,
            merge_counts=list(self.merge_counts),
            merge_ids=list(self.merges),
            name=self.config.name,
        )

    # Step-mode inspection: cheap on small corpora, bounded on big ones.
    def top_pairs(self, k: int = 20) -> list[PairInfo]:
        """The ``k`` pairs that would be merged next, best first (empty before counting ends
        and while a resumed run makes its saved merges again)."""
        self._settle()
        state = self._state
        if state is None or self._replaying:
            return []
        tok = state.tok
        return [PairInfo(a, b, tok[a], tok[b], c) for a, b, c in state.top_pairs(k)]

    def pretokens(self, limit: int = 200) -> list[PretokenInfo]:
        """The ``limit`` most frequent pre-tokens with their current segmentation."""
        self._settle()
        state = self._state
        if state is None or self._replaying:
            return []
        out = []
        for w in state.frequent_words(limit):
            ids = state.segmentation(w)
            out.append(PretokenInfo(b"".join(state.tok[t] for t in ids), int(state.word_count[w]), ids))
        return out

    def token_bytes(self, token_id: int) -> bytes:
        """Bytes of a token id of this run (bytes and merges; not special tokens)."""
        tok = self._tokens()
        if 0 <= token_id < len(tok):
            return tok[token_id]
        raise IndexError(token_id)


def train_bpe(
    input_path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None,
    config: TrainerConfig | int | None = None,
    special_tokens: Sequence[str] | None = None,
    *,
    text: str | None = None,
    **settings: Any,
) -> Tokenizer:
    """Train a byte-level BPE tokenizer on UTF-8 text files (or ``text=``) and return it.

    The settings are those of :class:`BpeTrainer` (a :class:`TrainerConfig`, or a vocabulary
    size, special tokens and keyword settings).
    """
    trainer = BpeTrainer(input_path, config, special_tokens, text=text, **settings)
    for _ in trainer.events():
        pass
    return trainer.tokenizer()
