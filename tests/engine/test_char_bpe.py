"""Character-level BPE training (the family SentencePiece's BPE models belong to), checked
against a brute-force trainer and encoder written here from the definition, and against
Hugging Face ``tokenizers`` running the same vocabulary and merges."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from bpe_engine import (
    CharBpeTrainer,
    CountingDone,
    CountingProgress,
    MergeEvent,
    SentencePieceTokenizer,
    TrainingDone,
    char_pretokens,
    train_char_bpe,
)
from bpe_engine.errors import ConfigError, EmptyCorpusError

SPACE = "\u2581"
TEXT = (
    "the cat sat on the mat\nthe dog sat on the log\n"
    "低头思故乡 举头望明月\nnaïve café déjà vu\n" * 3 + "a rare ☃ and 𝄞 here\n"
)


def ref_words(text: str) -> Counter[str]:
    words: Counter[str] = Counter()
    for line in text.splitlines():
        if line:
            words.update(re.findall(f"{SPACE}[^{SPACE}]*", SPACE + line.replace(" ", SPACE)))
    return words


def ref_train(text: str, vocab_size: int, coverage: float = 1.0) -> tuple[list[str], list[tuple[str, str]]]:
    """Alphabet and merges by recounting every pair each step (no index, no heap)."""
    words = ref_words(text)
    chars: Counter[str] = Counter()
    for w, c in words.items():
        for ch in w:
            chars[ch] += c
    order = sorted(chars, key=lambda ch: (-chars[ch], ch))
    alphabet = []
    covered = 0
    for ch in order:
        alphabet.append(ch)
        covered += chars[ch]
        if covered >= coverage * sum(chars.values()):
            break
    # None marks a character outside the alphabet: no pair includes it.
    seqs = {tuple(ch if ch in alphabet else None for ch in w): c for w, c in words.items()}
    merges: list[tuple[str, str]] = []
    while len(merges) < vocab_size - 259 - len(alphabet):
        pairs: Counter[tuple[str, str]] = Counter()
        for seq, c in seqs.items():
            for a, b in zip(seq, seq[1:]):
                if a is not None and b is not None:
                    pairs[(a, b)] += c
        if not pairs:
            break
        best = max(pairs, key=lambda p: (pairs[p], p[0].encode(), p[1].encode()))
        merges.append(best)
        new = {}
        for seq, c in seqs.items():
            out: list[str | None] = []
            i = 0
            while i < len(seq):
                if i + 1 < len(seq) and (seq[i], seq[i + 1]) == best:
                    out.append(best[0] + best[1])
                    i += 2
                else:
                    out.append(seq[i])
                    i += 1
            new[tuple(out)] = new.get(tuple(out), 0) + c
        seqs = new
    return alphabet, merges


def ref_encode(text: str, alphabet: list[str], merges: list[tuple[str, str]]) -> list[int]:
    pieces = ["<unk>", "<s>", "</s>", *(f"<0x{b:02X}>" for b in range(256)), *alphabet, *(a + b for a, b in merges)]
    ids = {p: i for i, p in enumerate(pieces) if i >= 259}
    rank = {m: r for r, m in enumerate(merges)}
    out: list[int] = []
    for word in re.findall(f"{SPACE}[^{SPACE}]*", SPACE + text.replace(" ", SPACE)):
        units: list[str | int] = []
        for ch in word:
            if ch in ids:
                units.append(ch)
            else:
                units.extend(3 + b for b in ch.encode())
        while True:
            ranked = [
                (rank[(a, b)], i)
                for i, (a, b) in enumerate(zip(units, units[1:]))
                if isinstance(a, str) and isinstance(b, str) and (a, b) in rank
            ]
            if not ranked:
                break
            _, i = min(ranked)
            units[i : i + 2] = [str(units[i]) + str(units[i + 1])]
        out.extend(u if isinstance(u, int) else ids[u] for u in units)
    return out


def test_pretokens_follow_the_sentencepiece_convention() -> None:
    assert list(char_pretokens("the cat  sat\n\nhi")) == ["▁the", "▁cat", "▁", "▁sat", "▁hi"]
    assert Counter(char_pretokens(TEXT)) == ref_words(TEXT)


@pytest.mark.parametrize("vocab_size", [259 + 60, 259 + 90, 259 + 200])
def test_merges_and_alphabet_match_a_brute_force_trainer(vocab_size: int) -> None:
    alphabet, merges = ref_train(TEXT, vocab_size)
    trainer = CharBpeTrainer(None, vocab_size, text=TEXT)
    events = list(trainer.events())
    assert trainer.alphabet == alphabet
    merge_events = [e for e in events if isinstance(e, MergeEvent)]
    assert [(e.left.decode(), e.right.decode()) for e in merge_events] == merges
    tok = trainer.tokenizer()
    assert tok.merges == [(a.replace(SPACE, " ").encode(), b.replace(SPACE, " ").encode()) for a, b in merges]
    # Every id in an event is the final vocabulary's.
    for e in merge_events:
        assert tok.id_to_bytes(e.new_id) == e.left.replace(SPACE.encode(), b" ") + e.right.replace(SPACE.encode(), b" ")


def test_token_counts_in_events_are_those_of_the_corpus_encoded() -> None:
    """Each event's token figure equals the corpus re-encoded with the merges so far."""
    trainer = CharBpeTrainer(None, 259 + 80, text=TEXT, character_coverage=0.98)
    events = list(trainer.events())
    done = next(e for e in events if isinstance(e, CountingDone))
    merges: list[tuple[str, str]] = []
    lines = [line for line in TEXT.splitlines() if line]

    def total() -> int:
        return sum(len(ref_encode(line, trainer.alphabet, merges)) for line in lines)

    assert done.initial_tokens == total()
    for e in events:
        if isinstance(e, MergeEvent):
            merges.append((e.left.decode(), e.right.decode()))
            assert e.tokens == total(), e.rank
    assert isinstance(events[-1], TrainingDone)


def test_rare_characters_fall_back_to_bytes_and_round_trip() -> None:
    trainer = CharBpeTrainer(None, 259 + 100, text=TEXT, character_coverage=0.95)
    list(trainer.events())
    alphabet, merges = ref_train(TEXT, 259 + 100, coverage=0.95)
    assert trainer.alphabet == alphabet
    assert "☃" not in alphabet
    tok = trainer.tokenizer()
    for sample in ["the snowman ☃ sat", "𝄞 on the mat", "乡思 头", "ü"]:
        ids = tok.encode(sample)
        assert ids == ref_encode(sample, alphabet, merges)
        assert tok.decode(ids) == sample
    # "▁" stays a piece; the snowman is its three UTF-8 bytes as <0xNN> tokens.
    assert [tok.id_to_bytes(i) for i in tok.encode("☃")] == [b" ", *(bytes([b]) for b in "☃".encode())]


@settings(max_examples=40, deadline=None)
@given(
    st.text(alphabet=st.sampled_from("ab c\né中"), min_size=1, max_size=60),
    st.integers(min_value=0, max_value=40),
)
def test_random_corpora_match_the_brute_force_trainer(text: str, extra: int) -> None:
    if not text.replace("\n", ""):
        with pytest.raises(EmptyCorpusError):
            train_char_bpe(None, 400, text=text)
        return
    vocab = 259 + len(set(SPACE + text.replace(" ", SPACE).replace("\n", ""))) + extra
    alphabet, merges = ref_train(text, vocab)
    tok = train_char_bpe(None, vocab, text=text)
    assert isinstance(tok, SentencePieceTokenizer)
    assert len(tok.merges) == len(merges)
    for line in text.splitlines():
        if line:
            assert tok.encode(line) == ref_encode(line, alphabet, merges)
            assert tok.decode(tok.encode(line)) == line


def test_hugging_face_runs_the_same_vocabulary_to_the_same_ids() -> None:
    tokenizers = pytest.importorskip("tokenizers")
    from tokenizers import models, normalizers

    tok = train_char_bpe(None, 259 + 150, text=TEXT, character_coverage=0.97)
    pieces = tok.pieces_text
    merges = [(pieces[a], pieces[b]) for a, b, _ in tok.merge_ids()]
    hf = tokenizers.Tokenizer(
        models.BPE(vocab={p: i for i, p in enumerate(pieces)}, merges=merges, byte_fallback=True, unk_token="<unk>")
    )
    hf.normalizer = normalizers.Sequence([normalizers.Prepend(SPACE), normalizers.Replace(" ", SPACE)])
    for sample in ["the cat sat on the log", "déjà vu ☃ 𝄞", "举头望明月，低头思故乡", "the  mat  "]:
        assert tok.encode(sample) == hf.encode(sample, add_special_tokens=False).ids, sample


def test_bad_settings_and_small_vocabularies_are_refused_clearly() -> None:
    with pytest.raises(ConfigError, match="character_coverage"):
        CharBpeTrainer(None, 500, text="abc", character_coverage=0.0)
    with pytest.raises(ConfigError, match="tie_break"):
        CharBpeTrainer(None, 500, text="abc", tie_break="random")
    with pytest.raises(ConfigError, match="at least 263"):
        train_char_bpe(None, 262, text="abc")
    small = CharBpeTrainer(None, 262, text="abc")
    assert small.minimum_vocab_size is None
    with pytest.raises(ConfigError):
        list(small.events())
    assert small.minimum_vocab_size == 263  # 3 meta, 256 bytes, ▁ a b c
    trainer = CharBpeTrainer(None, 500, text="abc")
    with pytest.raises(RuntimeError, match="iterate events"):
        trainer.tokenizer()
    list(trainer.events())
    with pytest.raises(RuntimeError, match="only once"):
        list(trainer.events())
    # A corpus that runs out of pairs stops early and says so.
    done = [e for e in CharBpeTrainer(None, 500, text="abc").events() if isinstance(e, TrainingDone)]
    assert done[0].reason == "no_pairs" and done[0].merges == 3  # ▁abc: ▁a, ▁ab, ▁abc


def test_reads_corpus_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "corpus.txt"
    path.write_text(TEXT, encoding="utf-8")
    assert train_char_bpe(path, 330).merges == train_char_bpe(None, 330, text=TEXT).merges


# -- streamed counting: the same counts whatever the chunks, files or workers ----------------

_LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(["a", "b", " ", "  ", "é", "中", "▁", "🙂", "\r\n", *_LINE_BREAKS]), max_size=60).map(
        "".join
    ),
    st.integers(min_value=1, max_value=9),
)
def test_chunked_counting_equals_counting_the_whole_text(text: str, block: int) -> None:
    """Blocks of a few bytes force every kind of cut: after a line break, before a space in
    the middle of a line (the next chunk continues that line), and growing blocks."""
    from bpe_engine.corpus import CorpusSource
    from bpe_engine.train import char_counting

    expected = Counter(w[1:] for w in char_pretokens(text))
    old = (char_counting._INPROCESS_BLOCK, char_counting._CUT_WINDOW)
    char_counting._INPROCESS_BLOCK, char_counting._CUT_WINDOW = block, block
    try:
        if not expected:
            with pytest.raises(EmptyCorpusError):
                list(char_counting.count_char_pretokens_iter(CorpusSource(text=text), workers=1))
            return
        *progress, result = char_counting.count_char_pretokens_iter(CorpusSource(text=text), workers=1)
    finally:
        char_counting._INPROCESS_BLOCK, char_counting._CUT_WINDOW = old
    assert isinstance(result, char_counting.CharCounts)
    assert dict(result.segments) == dict(expected)
    assert progress[-1] == (len(text.encode()), len(text.encode()))


def test_files_in_small_blocks_and_in_workers_train_the_same_merges(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Several files (each its own lines, as if joined by newlines), read in small blocks, in
    this process or in two worker processes, give the merges of the text held in memory."""
    from bpe_engine.train import char_counting

    parts = [TEXT, "a very long line without any line break " * 40, "末行没有换行 the end"]
    paths = []
    for i, part in enumerate(parts):
        path = tmp_path / f"part{i}.txt"
        path.write_bytes(part.encode("utf-8"))  # the middle one has no line break at all
        paths.append(path)
    joined = "\n".join(parts)
    reference = CharBpeTrainer(None, 420, text=joined, workers=1)
    ref_events = list(reference.events())
    monkeypatch.setattr(char_counting, "_INPROCESS_BLOCK", 97)
    monkeypatch.setattr(char_counting, "_WORKER_BLOCK", 211)
    monkeypatch.setattr(char_counting, "_PARALLEL_MIN_BYTES", 0)
    for workers, fork in [(1, True), (2, True), (2, False)]:
        trainer = CharBpeTrainer(paths, 420, workers=workers, fork_workers=fork)
        events = list(trainer.events())
        assert trainer.alphabet == reference.alphabet, (workers, fork)
        assert [e for e in events if isinstance(e, MergeEvent)] == [
            e for e in ref_events if isinstance(e, MergeEvent)
        ], (workers, fork)
        done = next(e for e in events if isinstance(e, CountingDone))
        ref_done = next(e for e in ref_events if isinstance(e, CountingDone))
        assert done.total_bytes == ref_done.total_bytes - 2  # the two newlines that join the parts
        assert (done.distinct_pretokens, done.total_pretokens, done.initial_tokens) == (
            ref_done.distinct_pretokens,
            ref_done.total_pretokens,
            ref_done.initial_tokens,
        )
    alphabet, merges = ref_train(joined, 420)
    assert reference.alphabet == alphabet
    assert [(e.left.decode(), e.right.decode()) for e in ref_events if isinstance(e, MergeEvent)] == merges


def test_bad_utf8_in_a_file_is_named_with_its_offset(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from bpe_engine.errors import CorpusEncodingError

    path = tmp_path / "bad.txt"
    path.write_bytes(b"good line\nbad \xff here\n")
    with pytest.raises(CorpusEncodingError, match="offset 14"):
        train_char_bpe(path, 400)
    with pytest.raises(ConfigError, match="workers"):
        CharBpeTrainer(path, 400, workers=0)


def test_closing_the_events_while_counting_stops_the_workers(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from bpe_engine.train import char_counting

    monkeypatch.setattr(char_counting, "_PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(char_counting, "_WORKER_BLOCK", 64)
    path = tmp_path / "c.txt"
    path.write_text(TEXT * 20, encoding="utf-8")
    events = CharBpeTrainer(path, 400, workers=2).events()
    first = next(events)
    assert isinstance(first, CountingProgress) and first.bytes_done == 0
    next(events)
    events.close()  # run_pool's finally kills the workers; nothing hangs


def test_characters_are_counted_in_slices_of_distinct_segments(monkeypatch) -> None:
    """``segment_chars`` sorts the code points of a slice of distinct segments at a time (the
    64 000 distinct segments of 4 MB of English in one slice: a 60 ms ``np.unique``, 132 ms
    for the count; in slices of 16 384: 93 ms). The counts are a plain count's."""
    import numpy as np

    from bpe_engine.train import chars

    alphabet = "abcdefghijklmnopqrstuvwxyzäöü€字🙂"
    segments = {
        "".join(alphabet[(i // len(alphabet) ** k) % len(alphabet)] for k in range(4)) + "xy": i % 7 + 1
        for i in range(100_000)
    }
    sizes: list[int] = []
    unique = np.unique

    def measured(values, *args, **kwargs):  # noqa: ANN001, ANN202 (np.unique's signature)
        sizes.append(values.size)
        return unique(values, *args, **kwargs)

    monkeypatch.setattr(chars.np, "unique", measured)
    counted = chars.segment_chars(segments)
    expected: Counter[str] = Counter()
    for segment, n in segments.items():
        for ch in chars.SPACE + segment:
            expected[ch] += n
    assert counted == dict(expected)
    assert max(sizes) <= 6 * 16_384  # (six characters a segment)
