"""bpe_engine.metrics against hand counts and brute-force computations written here
independently (word spans from token bytes, Rényi entropy by its formula, the Gini double
sum, merges applied one by one from the merge list, the reference encoder and tiktoken)."""

from __future__ import annotations

import math
import random
from collections import Counter
from pathlib import Path

import pytest

from bpe_engine import (
    Tokenizer,
    TokenUse,
    compression,
    fertility,
    gini,
    load_parallel,
    load_tokenizer,
    parity,
    reachability,
    reference_encode,
    renyi_efficiency,
    sentence_count,
    token_uses,
    train_bpe,
    train_char_bpe,
    vocabulary_health,
    word_spans,
    words,
)
from bpe_engine.errors import ConfigError, CorpusError
from bpe_engine.metrics import dominant_script
from tests.conftest import REPO, data_text, shared_path, tiktoken_encoding

PARALLEL = REPO / "resources" / "parallel"
MIXED = "The cat sat. 世界人权宣言 第一条 — Всеобщая декларация; नमस्ते दुनिया! ＧＰＴ模型 สวัสดีครับ 123\n\n  x"


@pytest.fixture(scope="module")
def small() -> Tokenizer:
    return train_bpe(None, 700, text=data_text("english.txt") + data_text("chinese.txt") + data_text("russian.txt"))


@pytest.fixture(scope="module")
def o200k() -> Tokenizer:
    tiktoken_encoding("o200k_base")  # skips with a reason when the encoding is not available
    return Tokenizer.from_tiktoken("o200k_base")


# -- words ---------------------------------------------------------------------------------


def test_words_by_hand() -> None:
    assert words("Hello,  world!\tok") == ["Hello,", "world!", "ok"]
    assert words("世界人权") == ["世", "界", "人", "权"]
    assert words("GPT模型很好") == ["GPT", "模", "型", "很", "好"]
    assert words("人類社会のすべて") == list("人類社会のすべて")  # Han and Hiragana: one word each
    assert words("สวัสดีครับ") == list("สวัสดีครับ")  # Thai: one word per character
    assert words("자유롭고 평등하다") == ["자유롭고", "평등하다"]  # Hangul is written with spaces
    assert words("自由，平等。") == ["自", "由", "，", "平", "等", "。"]
    assert words("") == [] and words(" \n\t ") == []
    assert word_spans("a 中文") == [(0, 1), (2, 3), (3, 4)]


def test_dominant_script() -> None:
    assert dominant_script("Universal Declaration") == "Latin"
    assert dominant_script("Всеобщая декларация прав человека") == "Cyrillic"
    assert dominant_script("世界人权宣言") == "Han"
    assert dominant_script("すべての人間は、生まれながらにして自由") == "Han+Kana"
    assert dominant_script("मानव अधिकारों") == "Devanagari"
    assert dominant_script("123 !?") == "Unknown"


# -- compression and fertility ---------------------------------------------------------------


def test_compression_by_hand(small: Tokenizer) -> None:
    text = "héllo 世界"
    c = compression(small, text)
    assert (c.tokens, c.bytes, c.chars) == (len(small.encode(text)), 13, 8)
    assert c.bytes_per_token == pytest.approx(13 / c.tokens)
    assert c.chars_per_token == pytest.approx(8 / c.tokens)
    empty = compression(small, "")
    assert (empty.tokens, empty.bytes_per_token, empty.chars_per_token) == (0, 0.0, 0.0)


def test_fertility_by_hand() -> None:
    tok = train_bpe(None, 260, text="low lower lowest " * 20)
    assert [tok.vocab[i] for i in tok.encode("low lower")] == [b"low", b" lowe", b"r"]
    f = fertility(tok, "low lower")
    assert (f.tokens, f.words, f.split_words) == (3, 2, 1)  # "lower" is " lowe" + "r"
    assert (f.tokens_per_word, f.split_share) == (1.5, 0.5)
    assert fertility(tok, "").words == 0 and fertility(tok, "").tokens_per_word == 0.0


def brute_fertility(tok: Tokenizer, text: str) -> tuple[int, int, int]:
    """Words and their tokens by byte offsets: a word is split when 2+ tokens hold some of
    its bytes."""
    ids = tok.encode_ordinary(text)
    decoded = tok.decode(ids)
    bounds = [0]
    step = tok.byte_stream()  # one stream for the whole sequence (SentencePiece drops one prefix)
    for data in [step(i) for i in ids]:
        bounds.append(bounds[-1] + len(data))
    spans = []
    for s, e in word_spans(decoded):
        bs = len(decoded[:s].encode("utf-8"))
        spans.append((bs, bs + len(decoded[s:e].encode("utf-8"))))
    split = 0
    for bs, be in spans:
        touching = sum(1 for k in range(len(ids)) if bounds[k] < be and bounds[k + 1] > bs)
        split += touching >= 2
    return len(ids), len(spans), split


@pytest.mark.parametrize("name", ["english.txt", "chinese.txt", "russian.txt", "multiscript.txt"])
def test_fertility_matches_brute_force(small: Tokenizer, name: str) -> None:
    text = data_text(name)[:1200]  # (the brute force is quadratic)
    f = fertility(small, text)
    assert (f.tokens, f.words, f.split_words) == brute_fertility(small, text)


def test_fertility_sentencepiece_and_mixed() -> None:
    tok = train_char_bpe(None, 600, text=data_text("english.txt") + MIXED * 3)
    for text in (MIXED, data_text("english.txt")[:2000]):
        f = fertility(tok, text)
        assert (f.tokens, f.words, f.split_words) == brute_fertility(tok, text)


# -- Rényi efficiency ------------------------------------------------------------------------


def brute_renyi(ids: list[int], alpha: float) -> float:
    n = len(ids)
    ps = [c / n for c in Counter(ids).values()]
    if alpha == 1:
        return -sum(p * math.log(p) for p in ps)
    return math.log(sum(p**alpha for p in ps)) / (1 - alpha)


@pytest.mark.parametrize("alpha", [0.5, 1.0, 2.0, 2.5, 3.0])
def test_renyi_matches_formula(small: Tokenizer, alpha: float) -> None:
    text = data_text("english.txt")[:5000]
    ids = small.encode_ordinary(text)
    r = renyi_efficiency(small, text, alpha)
    assert r.entropy == pytest.approx(brute_renyi(ids, alpha), rel=1e-12)
    assert r.shannon_entropy == pytest.approx(brute_renyi(ids, 1.0), rel=1e-12)
    assert r.efficiency == pytest.approx(brute_renyi(ids, alpha) / math.log(small.vocab_size), rel=1e-12)
    assert (r.tokens, r.distinct, r.vocab_size) == (len(ids), len(set(ids)), 700)


def test_renyi_uniform_by_hand() -> None:
    tok = train_bpe(None, 256, text="abcd")  # bytes only: "abcd" is four distinct tokens
    r = renyi_efficiency(tok, "abcd")
    assert r.entropy == pytest.approx(math.log(4)) and r.shannon_entropy == pytest.approx(math.log(4))
    assert r.efficiency == pytest.approx(math.log(4) / math.log(256))
    assert renyi_efficiency(tok, "").efficiency == 0.0
    with pytest.raises(ConfigError, match="alpha"):
        renyi_efficiency(tok, "abcd", alpha=0)


# -- parity and Gini -------------------------------------------------------------------------


def brute_gini(xs: list[float]) -> float:
    n, mean = len(xs), sum(xs) / len(xs)
    return sum(abs(a - b) for a in xs for b in xs) / (2 * n * n * mean)


def test_gini_by_hand_and_brute_force() -> None:
    assert gini([2, 2, 2]) == 0.0
    assert gini([0, 0, 0, 4]) == pytest.approx(0.75)
    assert gini([1, 3]) == pytest.approx(0.25)  # |1-3| * 2 / (2 * 4 * 2)
    assert gini([]) == 0.0 and gini([0, 0]) == 0.0
    rng = random.Random(7)
    for _ in range(50):
        xs = [rng.random() * 10 for _ in range(rng.randint(1, 40))]
        assert gini(xs) == pytest.approx(brute_gini(xs), abs=1e-12)
    with pytest.raises(ConfigError):
        gini([-1, 2])


@pytest.mark.slow
def test_parity_against_tiktoken(o200k: Tokenizer) -> None:
    enc = tiktoken_encoding("o200k_base")
    texts = load_parallel(PARALLEL).texts()
    chosen = {k: texts[k] for k in ("eng", "cmn", "jpn", "rus", "hin", "arb", "mya", "fra")}
    p = parity(o200k, chosen)
    ref = len(enc.encode_ordinary(chosen["eng"]))
    for row in p.languages:
        tokens = len(enc.encode_ordinary(chosen[row.language]))
        assert row.tokens == tokens
        assert row.premium == pytest.approx(tokens / ref)
        assert row.bytes == len(chosen[row.language].encode("utf-8"))
    assert p.cost("eng").premium == 1.0
    assert p.gini_premium == pytest.approx(brute_gini([r.premium for r in p.languages]))
    assert p.gini_per_byte == pytest.approx(brute_gini([r.tokens / r.bytes for r in p.languages]))
    assert p.cost("mya").premium > p.cost("fra").premium  # Burmese pays more than French
    # tokens per sentence: the English text's sentences counted by hand (title, "Preamble",
    # 8 "Whereas" clauses, 3 lines of the proclamation, 2 article headings, 3 article texts)
    assert len(chosen["eng"].splitlines()) == 17 == sentence_count(chosen["eng"])
    for row in p.languages:
        assert row.sentences == 17
        assert row.tokens_per_sentence == pytest.approx(len(enc.encode_ordinary(chosen[row.language])) / 17)


def test_sentence_count_by_hand() -> None:
    assert sentence_count("One.\n\n  \nTwo. Three.\r\nFour") == 3
    assert sentence_count("") == 0
    p = parity(train_bpe(None, 300, text="ab cd " * 20), {"eng": "ab\ncd\n", "x": "ab cd ab"})
    assert [r.sentences for r in p.languages] == [2, 2]
    assert p.cost("x").tokens_per_sentence == pytest.approx(p.cost("x").tokens / 2)


def test_parity_errors(small: Tokenizer) -> None:
    with pytest.raises(ConfigError, match="reference language 'eng'"):
        parity(small, {"fra": "bonjour"})
    with pytest.raises(ConfigError, match="empty"):
        parity(small, {"eng": "", "fra": "bonjour"})
    with pytest.raises(ConfigError, match="no language"):
        parity(small, {"eng": "hello"}).cost("deu")


# -- vocabulary health -----------------------------------------------------------------------


def merges_one_by_one(tok: Tokenizer, piece: bytes) -> tuple[list[int], list[int]]:
    """Final ids and the ids made on the way, merging the lowest-ranked adjacent pair from the
    merge list (leftmost first) until none applies: the textbook rule, written here."""
    rank = {(a, b): (r, z) for r, (a, b, z) in enumerate(tok.merge_ids())}
    byte_id = tok.byte_ids()
    parts = [byte_id[x] for x in piece]
    made: list[int] = []
    while True:
        found = [(rank[p][0], i) for i, p in enumerate(zip(parts, parts[1:])) if p in rank]
        if not found:
            return parts, made
        _, i = min(found)
        z = rank[(parts[i], parts[i + 1])][1]
        made.append(z)
        parts[i : i + 2] = [z]


def test_token_uses_match_merging_one_by_one(small: Tokenizer) -> None:
    text = data_text("english.txt")[:4000] + data_text("chinese.txt")[:1500] + MIXED
    final: Counter[int] = Counter()
    made: Counter[int] = Counter()
    for piece in small.pretokenizer.split(text):
        ids, steps = merges_one_by_one(small, piece.encode("utf-8"))
        final.update(ids)
        leftover = Counter(steps)
        leftover.subtract(ids)
        made.update({t: c for t, c in leftover.items() if c > 0})
    expected = {t: TokenUse(t, final[t], made[t]) for t in sorted(final.keys() | made.keys())}
    assert token_uses(small, text) == expected
    assert sum(final.values()) == len(small.encode_ordinary(text))


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["char-bpe", "mistral"])
def test_token_uses_sentencepiece_match_steps_of_each_piece(kind: str) -> None:
    if kind == "mistral":
        tok = load_tokenizer(shared_path("tokenizers/mistral_sentencepiece_v3.model", "the Mistral v3 model"))
    else:
        tok = train_char_bpe(None, 600, text=data_text("english.txt") + MIXED * 3)
    text = data_text("english.txt")[:3000] + MIXED
    final: Counter[int] = Counter()
    made: Counter[int] = Counter()
    for piece, _, _, _ in tok.pieces(text, special=False):
        ids = tok.piece_ids(piece)
        steps = Counter(s.new_id for s in tok.bpe_steps(piece))
        steps.subtract(ids)
        final.update(ids)
        made.update({t: c for t, c in steps.items() if c > 0})
    assert token_uses(tok, text) == {t: TokenUse(t, final[t], made[t]) for t in sorted(final.keys() | made.keys())}


def test_vocabulary_health_small_by_brute_force(small: Tokenizer) -> None:
    text = data_text("english.txt")[:3000]
    h = vocabulary_health(small, text)
    vocab = small.vocab
    partial = [i for i in sorted(vocab) if not _valid(vocab[i])]
    assert list(h.part_character) == partial
    assert len([i for i in partial if i < 256]) == 128  # every byte 0x80-0xFF is part of a character
    merges = small.merges
    unreachable = [
        i for i in sorted(vocab) if _valid(vocab[i]) and reference_encode(vocab[i].decode(), merges, vocab) != [i]
    ]
    assert list(h.unreachable) == unreachable
    used = set(small.encode_ordinary(text))
    assert list(h.unused or ()) == [i for i in sorted(vocab) if i not in used]
    uses = {u.token_id: u for u in h.uses or ()}
    assert list(h.intermediate_only or ()) == [t for t, u in uses.items() if u.intermediate and not u.final]
    assert set(h.undertrained_candidates) == set(unreachable) | set(h.unused or ())
    assert h.tokens == 700 and h.residue_share == pytest.approx(len(h.intermediate_only or ()) / 700)
    without = vocabulary_health(small)
    assert without.unused is None and without.uses is None and without.unreachable == h.unreachable


def _valid(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def test_vocabulary_health_hand_counted() -> None:
    tok = train_bpe(None, 259, text="aaab " * 10)
    merged = {tok.vocab[i]: i for i in range(256, 259)}
    h = vocabulary_health(tok, "aaab")
    assert len(h.part_character) == 128 and h.unreachable == ()
    uses = {tok.vocab[u.token_id]: (u.final, u.intermediate) for u in h.uses or ()}
    # "aaab" -> merges made on the way are counted once each time they are merged further
    assert sum(f for f, _ in uses.values()) == len(tok.encode("aaab"))
    assert all(tok.vocab[t] in merged or t < 256 for t in (u.token_id for u in h.uses or ()))


@pytest.mark.slow
def test_reachability_r50k_against_tiktoken() -> None:
    enc = tiktoken_encoding("r50k_base")
    tok = Tokenizer.from_tiktoken("r50k_base")
    unreachable, partial, examined = reachability(tok)
    expect_partial, expect_unreachable = [], []
    for i in range(enc.n_vocab - 1):  # the last id is <|endoftext|>
        data = enc.decode_single_token_bytes(i)
        if not _valid(data):
            expect_partial.append(i)
        elif enc.encode_ordinary(data.decode()) != [i]:
            expect_unreachable.append(i)
    assert list(partial) == expect_partial and list(unreachable) == expect_unreachable
    assert examined == enc.n_vocab - 1


@pytest.mark.slow
@pytest.mark.parametrize("name", ["cl100k_base", "o200k_base"])
def test_bulk_reachability_openai_against_tiktoken(name: str) -> None:
    # reachability encodes the tokens a block at a time; tiktoken one by one is the reference
    enc = tiktoken_encoding(name)
    tok = Tokenizer.from_tiktoken(name)
    unreachable, partial, examined = reachability(tok)
    ids = [i for i in sorted(tok.vocab) if not tok.is_special(i)]
    texts = {i: tok.vocab[i] for i in ids}
    assert list(partial) == [i for i in ids if not _valid(texts[i])]
    expect = [i for i in ids if _valid(texts[i]) and enc.encode_ordinary(texts[i].decode()) != [i]]
    assert list(unreachable) == expect and examined == len(ids)
    if name == "o200k_base":
        assert len(unreachable) == 12 and len(partial) == 1562


@pytest.mark.slow
def test_bulk_reachability_llama3_json_against_tokenizers() -> None:
    tokenizers = pytest.importorskip("tokenizers")
    path = shared_path("tokenizers/llama3.2_tokenizer.json", "the Llama 3.2 tokenizer.json")
    hf = tokenizers.Tokenizer.from_file(str(path))
    tok = load_tokenizer(path)
    unreachable, partial, examined = reachability(tok)
    ids = [i for i in sorted(tok.vocab) if not tok.is_special(i)]
    expect = [
        i for i in ids if _valid(tok.vocab[i]) and hf.encode(tok.vocab[i].decode(), add_special_tokens=False).ids != [i]
    ]
    assert list(unreachable) == expect and examined == len(ids) == 128000
    assert len(partial) == len([i for i in ids if not _valid(tok.vocab[i])])


def test_encode_alone_is_encode_ordinary(small: Tokenizer) -> None:
    # the bulk path against one encode_ordinary per text, on texts of one piece and of several
    texts = [small.vocab[i].decode() for i in sorted(small.vocab) if _valid(small.vocab[i])]
    texts += ["", "the cat", "hello, world", " 世界", "Всеобщая", "  x", "123 456"]
    got = small.encode_alone(texts)
    for text, ids in zip(texts, got):
        one = small.encode_ordinary(text)
        assert ids == tuple(one) if ids is not None else len(one) >= 2


@pytest.mark.slow
def test_reachability_sentencepiece_by_piece() -> None:
    tok = load_tokenizer(shared_path("tokenizers/mistral_sentencepiece_v3.model", "the Mistral v3 model"))
    unreachable, partial, examined = reachability(tok)
    ids = [i for i in sorted(tok.vocab) if not tok.is_special(i)]
    assert examined == len(ids)
    expect = [i for i in ids if _valid(tok.vocab[i]) and tok.piece_ids(tok.vocab[i].decode().replace(" ", "▁")) != [i]]
    assert list(unreachable) == expect
    # byte-fallback tokens of ASCII bytes are never produced (the character is a token)
    assert tok.byte_ids()[ord("A")] in unreachable
    assert tok.byte_ids()[0xE4] in partial


# -- parallel texts --------------------------------------------------------------------------


def test_builtin_parallel_sample() -> None:
    sample = load_parallel(PARALLEL)
    codes = [lang.code for lang in sample.languages]
    assert len(codes) == 100 and len(set(codes)) == 100 and codes[0] == "eng"
    assert {"cmn", "jpn", "rus", "arb", "hin", "kor", "tha"} <= set(codes)
    assert all(len(c) == 3 and c.isalpha() and c.islower() for c in codes)  # ISO 639-3
    for lang in sample.languages:
        assert lang.script == dominant_script(lang.text)
        assert lang.text.strip()
    assert sample.language("rus").script == "Cyrillic" and sample.language("jpn").script == "Han+Kana"
    assert sample.language("eng").text.startswith("Universal Declaration of Human Rights\nPreamble\n")
    assert "Article 2" in sample.language("eng").text and "Article 3" not in sample.language("eng").text


def test_parallel_folder_without_index_and_errors(tmp_path: Path) -> None:
    (tmp_path / "eng.txt").write_text("Hello world", encoding="utf-8")
    (tmp_path / "rus.txt").write_text("Привет мир", encoding="utf-8")
    sample = load_parallel(tmp_path)
    assert [(lang.code, lang.script) for lang in sample.languages] == [("eng", "Latin"), ("rus", "Cyrillic")]
    (tmp_path / "languages.tsv").write_text("code\tname\tscript\nrus\tRussian\tCyrillic\ndeu\tGerman\tLatin\n")
    with pytest.raises(CorpusError, match="deu.txt"):
        load_parallel(tmp_path)
    (tmp_path / "languages.tsv").write_text("code\tname\tscript\nrus\tRussian\n")
    with pytest.raises(CorpusError, match="line 2"):
        load_parallel(tmp_path)
    (tmp_path / "languages.tsv").unlink()
    (tmp_path / "bad.txt").write_bytes(b"\xff\xfe")
    with pytest.raises(CorpusError, match="bad.txt"):
        load_parallel(tmp_path)
    with pytest.raises(CorpusError, match="not a folder"):
        load_parallel(tmp_path / "eng.txt")


@pytest.mark.slow
def test_sample_is_what_the_tool_extracts() -> None:
    import importlib.util

    corpus = shared_path("corpora/multi_udhr_532langs_7MB.txt", "the UDHR corpus").parent
    spec = importlib.util.spec_from_file_location("extract_udhr_sample", REPO / "tools" / "extract_udhr_sample.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    chosen = tool.select(corpus)
    sample = load_parallel(PARALLEL)
    assert [(c, n, t) for c, n, t in chosen] == [(lang.code, lang.name, lang.text) for lang in sample.languages]
