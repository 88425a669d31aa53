"""The figure audit: every figure the views show, for every kind of tokenizer, against an
independent computation, in the real main window.

Kinds: a byte-level tokenizer trained here (reference: the trained file's own vocabulary and
merges, re-applied by brute force), OpenAI's o200k_base and r50k_base (tiktoken), Llama 3.2's
``tokenizer.json`` whose merges make some tokens more than once (the ``tokenizers`` library),
SentencePiece models, Mistral's and one trained here (``sentencepiece``), Qwen's rank file
with its pattern and Tekken (tiktoken with the same ranks). Each opens as a user opens it (the
registry for OpenAI, File > Open's path for files) and each view is checked on its own:
Tokenize (counts and chips), Compare (summary cells, overlap shares), Vocabulary (rows and
their bytes), Stream decode (each step's bytes and output), Timeline (vocabulary and tokens as
of merge k), Sweep (vocabulary sizes, bytes per token) and Families (the byte-level row). Then switching kinds A -> B -> A in every view
leaves nothing of the previous one. Shared files missing: those kinds skip, saying why.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from app.core.settings import Settings
from app.window.main_window import MainWindow
from bpe_engine import Tokenizer, train_bpe

from ...conftest import data_text, shared_path, tiktoken_encoding
from ...engine.formats_support import QWEN_PATTERN, QWEN_SPECIALS, rank_file

TEXT = "Hello world, the tea is hot.\n國語 and 中文 🤚🏾 done\tnow  lowest newest 12345"
OVERLAP_WITH = "o200k_base"  # the second column of Compare and the overlap pair


def _bytes_to_unicode() -> dict[str, int]:
    """GPT-2's byte-level alphabet, as the ``tokenizers`` library defines it: char -> byte."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {chr(c): b for b, c in zip(bs, cs)}


@dataclass
class Kind:
    """One tokenizer kind and its reference, built independently of the engine."""

    name: str
    open: Callable[[Any, MainWindow, Path], str]  # (qtbot, window, tmp) -> registry key
    ids: Callable[[str], list[int]]  # the reference's ordinary ids (no BOS)
    token_bytes: Callable[[int], bytes]  # what a token decodes to
    vocab_size: int  # tokens the Vocabulary lists (ordinary and special)
    ordinary: Callable[[], set[bytes]]  # the ordinary tokens' bytes (for the overlap)
    space_symbol: str = "·"
    drops_first_space: bool = False  # SentencePiece: the dummy prefix's ▁ decodes to nothing
    vocab_after: Callable[[int], int] | None = None  # None: no merges in training order
    tokens_after: Callable[[int, str], int] | None = None  # tokens of a text as of merge k
    merges: int = 0
    notes: dict[str, str] = field(default_factory=dict)
    #: The reference's ids as the model gets them (Hugging Face's encode(text) with its default
    #: add_special_tokens=True): what Tokenize and Compare show with "Add BOS/EOS" on, its default.
    model_ids: Callable[[str], list[int]] | None = None
    #: The reference's decode, when it is not the tokens' bytes joined (WordPiece: ``##``
    #: joins, a space between words): what Stream decode's output must equal.
    decode: Callable[[list[int]], str] | None = None

    def tokenize_ids(self, text: str) -> list[int]:
        return (self.model_ids or self.ids)(text)

    def shown_text(self, text: str) -> str:
        """The text a token table holds: the decode of the ids (WordPiece: lower-cased, a
        space between words), else the text itself."""
        return text if self.decode is None else self.decode(self.ids(text))


def _shared(name: str) -> Path:
    """A real tokenizer file of ../shared/tokenizers; skips (fails under CI) when absent."""
    return shared_path(f"tokenizers/{name}", "a real tokenizer file of ../shared/tokenizers")


def _open_file(path: Path, pattern: str | None = None, specials: dict[str, int] | None = None):
    def run(qtbot, window: MainWindow, _tmp: Path) -> str:
        with qtbot.waitSignal(window.train_view.file_opened, timeout=120_000) as opened:
            assert window.open_tokenizer(str(path), pattern, specials)
        return opened.args[0]

    return run


def _openai(name: str):
    def run(qtbot, window: MainWindow, _tmp: Path) -> str:
        window.registry.request(name)
        qtbot.waitUntil(lambda: window.registry.get(name) is not None, timeout=120_000)
        return name

    return run


def _tiktoken_kind(name: str, enc: Any, open_: Callable, vocab_size: int, offset: int = 0) -> Kind:
    ranks: dict[bytes, int] = enc._mergeable_ranks
    by_rank = {r: b for b, r in ranks.items()}
    n_merges = len(ranks) - 256

    def vocab_after(k: int) -> int:  # ranks are the merges' order: the first 256 + k tokens exist
        return sum(1 for r in ranks.values() if r < 256 + k) + (vocab_size - len(ranks))

    def tokens_after(k: int, text: str) -> int:
        import tiktoken

        cut = tiktoken.Encoding(
            f"{name}-{k}",
            pat_str=enc._pat_str,
            mergeable_ranks={b: r for b, r in ranks.items() if r < 256 + k},
            special_tokens={},
        )
        return len(cut.encode_ordinary(text))

    return Kind(
        name,
        open_,
        lambda text: [i + offset for i in enc.encode_ordinary(text)],
        lambda i: by_rank[i - offset] if (i - offset) in by_rank else enc.decode_single_token_bytes(i - offset),
        vocab_size,
        lambda: set(ranks),
        vocab_after=vocab_after,
        tokens_after=tokens_after,
        merges=n_merges,
    )


def _trained(tmp: Path) -> Kind:
    tok = train_bpe(None, 256 + 400 + 1, ["<|endoftext|>"], text=data_text("english.txt"))
    path = tmp / "english-audit.json"
    tok.save(path)
    merges = list(tok.merges)
    vocab = dict(tok.vocab)
    return Kind(
        "trained",
        _open_file(path),
        lambda text: _brute_force_ids(text, vocab, merges),
        lambda i: vocab[i],
        len(vocab),
        lambda: {b for i, b in vocab.items() if i < 256 + len(merges)},
        vocab_after=lambda k: 256 + k + 1,
        tokens_after=lambda k, text: len(_brute_force_ids(text, vocab, merges[:k])),
        merges=len(merges),
    )


def _brute_force_ids(text: str, vocab: dict[int, bytes], merges: list[tuple[bytes, bytes]]) -> list[int]:
    """GPT-2 pieces, then in each piece the lowest-ranked adjacent pair merged until none is left."""
    import regex

    from bpe_engine.pretokenize import GPT2_PATTERN

    ids_of = {b: i for i, b in vocab.items()}
    rank = {pair: r for r, pair in enumerate(merges)}
    out: list[int] = []
    for piece in regex.findall(GPT2_PATTERN, text):
        parts = [bytes([b]) for b in piece.encode("utf-8")]
        while len(parts) > 1:
            best = min(range(len(parts) - 1), key=lambda j: rank.get((parts[j], parts[j + 1]), 1 << 60))
            if (parts[best], parts[best + 1]) not in rank:
                break
            parts[best : best + 2] = [parts[best] + parts[best + 1]]
        out.extend(ids_of[p] for p in parts)
    return out


def _llama() -> Kind:
    tokenizers = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")
    path = _shared("llama3.2_tokenizer.json")
    hf = tokenizers.Tokenizer.from_file(str(path))
    raw = json.loads(path.read_text(encoding="utf-8"))
    alphabet = _bytes_to_unicode()

    def to_bytes(s: str) -> bytes:
        return bytes(alphabet[c] for c in s)

    merges = [m.split(" ") if isinstance(m, str) else m for m in raw["model"]["merges"]]
    made: list[str] = []
    seen: set[str] = set(alphabet)
    firsts: list[int] = []  # distinct tokens made by the first k merges, cumulative
    for a, b in merges:
        if a + b not in seen:
            seen.add(a + b)
        firsts.append(len(seen) - 256)
        made.append(a + b)
    specials = len(raw["added_tokens"])
    id_to_token = {i: t for t, i in raw["model"]["vocab"].items()}
    return Kind(
        "llama3.2 tokenizer.json",
        _open_file(path),
        lambda text: hf.encode(text, add_special_tokens=False).ids,
        lambda i: to_bytes(id_to_token[i]),
        hf.get_vocab_size(with_added_tokens=True),
        lambda: {to_bytes(t) for t in raw["model"]["vocab"]},
        vocab_after=lambda k: 256 + (firsts[k - 1] if k else 0) + specials,
        merges=len(merges),
        model_ids=lambda text: hf.encode(text).ids,
    )


def _spm(path: Path, name: str) -> Kind:
    spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
    sp = spm.SentencePieceProcessor(model_file=str(path))

    def token_bytes(i: int) -> bytes:
        if sp.is_byte(i):
            return bytes([int(sp.id_to_piece(i)[3:5], 16)])
        if sp.is_control(i) or sp.is_unknown(i):
            return b""
        return sp.id_to_piece(i).replace("▁", " ").encode("utf-8")

    def ordinary() -> set[bytes]:
        return {token_bytes(i) for i in range(sp.get_piece_size()) if not (sp.is_control(i) or sp.is_unknown(i))}

    return Kind(
        name,
        _open_file(path),
        lambda text: sp.encode(text),
        token_bytes,
        sp.get_piece_size(),
        ordinary,
        space_symbol="▁",
        drops_first_space=True,
    )


def _spm_trained(tmp: Path, model_type: str = "bpe") -> Kind:
    """A SentencePiece model trained here by ``sentencepiece`` (BPE, or Unigram: Viterbi over scores)."""
    spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
    import io

    lines = [line for line in data_text("english.txt").splitlines() if line.strip()][:1500]
    lines += [line for line in data_text("chinese.txt").splitlines() if line.strip()][:200]
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=out,
        model_type=model_type,
        vocab_size=1000,
        character_coverage=0.98,
        byte_fallback=True,
        normalization_rule_name="identity",
        remove_extra_whitespaces=False,
        minloglevel=2,
    )
    path = tmp / f"audit_spm_{model_type}.model"
    path.write_bytes(out.getvalue())
    return _spm(path, "sentencepiece trained" if model_type == "bpe" else f"sentencepiece {model_type}")


def _wordpiece(tmp: Path) -> Kind:
    """A BERT-style WordPiece tokenizer.json trained here by ``tokenizers``' WordPieceTrainer."""
    pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")
    from ...engine.wordpiece_support import reference, save

    lines = data_text("english.txt").splitlines()[:400] + data_text("chinese.txt").splitlines()[:60]
    hf = reference(cased=False, vocab_size=1500, texts=lines)
    path = save(hf, tmp / "wordpiece-audit")
    vocab = hf.get_vocab(with_added_tokens=True)
    by_id = {i: t for t, i in vocab.items()}
    specials = {"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"}

    def plain(i: int) -> bytes:  # the token as it appears in text: without its ``##``
        t = by_id[i]
        return (t[2:] if t.startswith("##") and t not in specials else t).encode("utf-8")

    return Kind(
        "wordpiece tokenizer.json",
        _open_file(path),
        lambda text: hf.encode(text, add_special_tokens=False).ids,
        plain,
        hf.get_vocab_size(with_added_tokens=True),
        lambda: {plain(i) for t, i in vocab.items() if t not in specials},
        space_symbol=" ",  # words hold no space: the pieces strip shows words
        model_ids=lambda text: hf.encode(text).ids,
        decode=lambda ids: hf.decode(ids, skip_special_tokens=False),
    )


def _qwen() -> Kind:
    tiktoken = pytest.importorskip("tiktoken")
    path = _shared("qwen.tiktoken")
    ranks = rank_file(path)
    enc = tiktoken.Encoding("qwen", pat_str=QWEN_PATTERN, mergeable_ranks=ranks, special_tokens=QWEN_SPECIALS)
    return _tiktoken_kind(
        "qwen.tiktoken", enc, _open_file(path, QWEN_PATTERN, dict(QWEN_SPECIALS)), len(ranks) + len(QWEN_SPECIALS)
    )


def _tekken() -> Kind:
    tiktoken = pytest.importorskip("tiktoken")
    path = _shared("mistral_tekken_240718.json")
    obj = json.loads(path.read_text(encoding="utf-8"))
    count = obj["config"]["default_num_special_tokens"]
    inner = obj["config"]["default_vocab_size"] - count
    ranks = {base64.b64decode(v["token_bytes"]): v["rank"] for v in obj["vocab"][:inner]}
    enc = tiktoken.Encoding("tekken", pat_str=obj["config"]["pattern"], mergeable_ranks=ranks, special_tokens={})
    return _tiktoken_kind("tekken", enc, _open_file(path), obj["config"]["default_vocab_size"], offset=count)


def _openai_kind(name: str) -> Kind:
    enc = tiktoken_encoding(name)
    return _tiktoken_kind(name, enc, _openai(name), len(enc._mergeable_ranks) + len(enc._special_tokens))


KINDS = [
    "trained",
    "wordpiece",
    "unigram",
    "o200k_base",
    "r50k_base",
    "llama",
    "mistral_v3",
    "spm_trained",
    "qwen",
    "tekken",
]


def _make(kind: str, tmp: Path) -> Kind:
    if kind == "trained":
        return _trained(tmp)
    if kind in ("o200k_base", "r50k_base"):
        return _openai_kind(kind)
    if kind == "llama":
        return _llama()
    if kind == "mistral_v3":
        return _spm(_shared("mistral_sentencepiece_v3.model"), "mistral v3")
    if kind == "spm_trained":
        return _spm_trained(tmp)
    if kind == "qwen":
        return _qwen()
    if kind == "wordpiece":
        return _wordpiece(tmp)
    if kind == "unigram":
        return _spm_trained(tmp, "unigram")
    return _tekken()


# -- one window for the module: each kind opens once --------------------------------------


@pytest.fixture(scope="module")
def audit(qapp, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("audit")
    settings = Settings(QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat))
    w = MainWindow(settings)
    w.resize(1500, 950)
    w.show()
    state = {"window": w, "tmp": tmp, "kinds": {}, "keys": {}}
    yield state
    w.exporter.wait(60)
    w.train_view.files.wait_idle(60)
    w.train_view.controller.shutdown(30_000)
    w.registry.wait(60_000)
    w.shutdown()
    w.close()
    w.deleteLater()
    qapp.processEvents()


def _kind(qtbot, audit, kind: str) -> tuple[MainWindow, Kind, str]:
    w = audit["window"]
    if kind not in audit["kinds"]:
        audit["kinds"][kind] = _make(kind, audit["tmp"])
    k = audit["kinds"][kind]
    if kind not in audit["keys"]:
        audit["keys"][kind] = k.open(qtbot, w, audit["tmp"])
        key = audit["keys"][kind]
        qtbot.waitUntil(lambda: w.registry.get(key) is not None, timeout=120_000)
    return w, k, audit["keys"][kind]


def _number(html: str) -> float:
    """The figure in bold of a label, whatever groups its digits (``,``, a thin space)."""
    m = re.search(r"<b>([^<]*)</b>", html)
    assert m, html
    return float(re.sub(r"[,\s\u202f\u00a0]", "", m.group(1)))


def _slow(kind: str):
    # The trained tokenizer is small; the others are real vocabularies of 32k to 200k tokens.
    return pytest.param(kind, marks=[] if kind in ("trained", "wordpiece", "unigram") else [pytest.mark.slow])


ALL = [_slow(k) for k in KINDS]


# -- the views ------------------------------------------------------------------------------


def _tokenize(qtbot, w: MainWindow, key: str, text: str, shown: str | None = None):
    v = w.tokenize_view
    w.tabs.setCurrentWidget(v)
    v.picker.set_current_key(key)
    v.set_text(text)
    want = text if shown is None else shown
    qtbot.waitUntil(lambda: v.is_settled() and v.table() is not None and v.table().text == want, timeout=60_000)
    return v


@pytest.mark.parametrize("kind", ALL)
def test_tokenize_counts_and_chips(qtbot, audit, kind) -> None:
    w, k, key = _kind(qtbot, audit, kind)
    v = _tokenize(qtbot, w, key, TEXT, k.shown_text(TEXT))
    ids = k.tokenize_ids(TEXT)
    assert list(v.table().ids) == ids
    assert [int(t) for t in v.id_chips.chip_texts()] == ids
    labels = {str(name): label.text() for name, label in v.count_labels.items()}
    n_bytes, n_chars = len(TEXT.encode("utf-8")), len(TEXT)
    assert _number(labels["tokens"]) == len(ids)
    assert _number(labels["bytes"]) == n_bytes
    assert _number(labels["chars"]) == n_chars
    assert _number(labels["bytes_per_token"]) == pytest.approx(round(n_bytes / len(ids), 2))
    assert _number(labels["chars_per_token"]) == pytest.approx(round(n_chars / len(ids), 2))


@pytest.mark.parametrize("kind", ALL)
def test_pieces_strip_speaks_only_its_own_space_symbol(qtbot, audit, kind) -> None:
    """After a tokenizer of the other symbol, the strip shows ``·`` or ``▁`` of this one only."""
    w, k, key = _kind(qtbot, audit, kind)
    before = "trained" if k.space_symbol == "▁" else "spm_trained"
    _w, _b, before_key = _kind(qtbot, audit, before)
    _tokenize(qtbot, w, before_key, TEXT)
    v = _tokenize(qtbot, w, key, TEXT, k.shown_text(TEXT))
    glyphs = "".join(v.piece_chips.chip_texts())
    if k.space_symbol == " ":  # WordPiece: words without their spaces, no space symbol at all
        assert "▁" not in glyphs and "·" not in glyphs and " " not in glyphs, glyphs
        return
    other = "▁" if k.space_symbol == "·" else "·"
    assert k.space_symbol in glyphs and other not in glyphs, glyphs


@pytest.mark.parametrize("kind", ALL)
def test_compare_summary_and_overlap(qtbot, audit, kind) -> None:
    w, k, key = _kind(qtbot, audit, kind)
    _w, other, other_key = _kind(qtbot, audit, OVERLAP_WITH)
    v = w.compare_view
    w.tabs.setCurrentWidget(v)
    first = key if key != other_key else "r50k_base"
    if first == "r50k_base":
        _w, k, first = _kind(qtbot, audit, "r50k_base")
    v.set_keys([first, other_key])
    v.set_text(TEXT)
    qtbot.waitUntil(lambda: v.is_settled() and all(c.table is not None for c in v.columns()), timeout=60_000)
    model = v.summary
    for row, ref in enumerate((k, other)):
        n = len(ref.tokenize_ids(TEXT))  # with the BOS/EOS the model adds, as Tokenize
        assert model.value(row, 1) == n
        assert model.value(row, 2) == pytest.approx(len(TEXT.encode("utf-8")) / n)
        assert model.value(row, 3) == pytest.approx(len(TEXT) / n)
        assert list(v.columns()[row].table.ids) == ref.tokenize_ids(TEXT)
    v.lower_tabs.setCurrentWidget(v.overlap)
    qtbot.waitUntil(lambda: v.overlap.keys() == (first, other_key) and v.overlap.is_settled(), timeout=120_000)
    a, b = k.ordinary(), other.ordinary()
    shared = a & b
    text = re.sub(r"[\u202f\u00a0]", ",", v.overlap.summary.text())
    assert f"<b>{len(shared):,}</b>" in text
    assert f"{100 * len(shared) / len(a):.2f} %" in text and f"{100 * len(shared) / len(b):.2f} %" in text
    assert v.overlap.bar.parts == (len(a - b), len(shared), len(b - a))


@pytest.mark.parametrize("kind", ALL)
def test_vocabulary_rows(qtbot, audit, kind) -> None:
    w, k, key = _kind(qtbot, audit, kind)
    v = w.vocab_view
    w.tabs.setCurrentWidget(v)
    v.picker.set_current_key(key)
    qtbot.waitUntil(lambda: v.key == key and v.model.rowCount() > 0, timeout=60_000)
    model = v.model
    assert model.rowCount() == k.vocab_size
    rows = {model.token_id(r): r for r in range(model.rowCount())}
    for i in sorted({*k.ids(TEXT)})[:12]:
        hex_text = model.index(rows[i], model.HEX).data()
        assert bytes.fromhex(re.sub(r"[^0-9a-fA-F]", "", hex_text)) == k.token_bytes(i), (i, hex_text)


@pytest.mark.parametrize("kind", ALL)
def test_stream_decode_steps(qtbot, audit, kind) -> None:
    w, k, key = _kind(qtbot, audit, kind)
    v = w.stream_view
    w.tabs.setCurrentWidget(v)
    v.picker.set_current_key(key)
    v.text_edit.clear()
    v.text_edit.insert(TEXT)
    qtbot.waitUntil(lambda: v.is_prepared() and v.text_edit.text() == TEXT and v.position == 0, timeout=60_000)
    ids = k.ids(TEXT)
    assert list(v.ids) == ids
    if k.decode is not None:
        _stream_decodes_as_reference(v, k, ids)
        return
    seen = b""
    for n, i in enumerate(ids, 1):
        assert v.step()
        brings = k.token_bytes(i)
        if n == 1 and k.drops_first_space and brings.startswith(b" "):
            brings = brings[1:]
        record = v.log.records()[-1]
        assert (record.step, record.token_id) == (n, i)
        assert record.token_bytes == brings, f"step {n}: id {i}"  # what it adds to the decoded text
        seen += brings
        # What is printed is the decode of the prefix, without a character still incomplete.
        assert v.output_text == seen.decode("utf-8", errors="ignore"), f"step {n}"
    assert v.output_text == TEXT


def _stream_decodes_as_reference(v, k: Kind, ids: list[int]) -> None:
    """Each step adds what the reference's decode of the prefix adds (WordPiece: ``##``
    joins, a space before any other token); the output is the reference's decode."""
    assert k.decode is not None
    before = ""
    for n, i in enumerate(ids, 1):
        assert v.step()
        now = k.decode(ids[:n])
        assert now.startswith(before), (n, before, now)
        record = v.log.records()[-1]
        assert (record.step, record.token_id) == (n, i)
        assert record.token_bytes == now[len(before) :].encode("utf-8"), f"step {n}: id {i}"
        assert v.output_text == now, f"step {n}"
        before = now
    assert v.output_text == k.decode(ids)


@pytest.mark.parametrize("kind", ALL)
def test_timeline_as_of_merge_k(qtbot, audit, kind) -> None:
    w, k, key = _kind(qtbot, audit, kind)
    if k.vocab_after is None:
        assert not w.registry.get(key).facts.merges_in_training_order
        pytest.skip(f"{k.name} has no merges in training order: the Timeline does not show it")
    v = w.timeline_view
    w.tabs.setCurrentWidget(v)
    v.picker.set_current_key(key)
    qtbot.waitUntil(lambda: v.current_key() == key and v.total() == k.merges, timeout=60_000)
    v.set_text(TEXT)
    for m in sorted({1, 37, k.merges // 3, k.merges // 2 + 1, k.merges}):
        v.set_merges(m)
        qtbot.waitUntil(lambda m=m: v.is_settled() and v.shown_merges() == m, timeout=60_000)
        shown = re.sub(r"[,\u202f\u00a0]", "", v.position_label.text())
        size = re.search(r"vocabulary <b>(\d+)</b>", shown)
        assert size and int(size.group(1)) == k.vocab_after(m), (m, shown)
        if k.tokens_after is not None:
            assert len(v.table().ids) == k.tokens_after(m, TEXT), m


@pytest.mark.parametrize("kind", ALL)
def test_sweep_sizes_and_bytes_per_token(qtbot, audit, kind) -> None:
    # The vocabulary sizes are the tokens that exist after k merges (Llama 3.2's 280,147
    # merges make 128,000 tokens), the bytes per token at all merges the reference's.
    from app.display.format import format_ratio

    w, k, key = _kind(qtbot, audit, kind)
    v = w.sweep_view
    w.tabs.setCurrentWidget(v)
    for box in v.reference_boxes.values():
        box.setChecked(False)
    v.picker.set_current_key(key)
    if k.vocab_after is None:
        qtbot.waitUntil(lambda: v.current_key() == key and "sweep" in v.about.text(), timeout=60_000)
        assert v.tokenizer() is None and not v.table_rows()  # (the line says why it has none)
        pytest.skip(f"{k.name} has no merges in training order: the Sweep does not show it")
    qtbot.waitUntil(lambda: v.current_key() == key and v.is_settled() and bool(v.table_rows()), timeout=300_000)
    low, high = k.vocab_after(0), k.vocab_after(k.merges)
    about = re.sub(r"[,\u202f\u00a0]", "", v.about.text())
    assert f"from {low} to {high} is" in about, about
    rows = [(re.sub(r"[,\u202f\u00a0]", "", label), cells) for label, cells in v.table_rows()]
    assert rows[0][0].startswith(f"{low} (0 merges)") and rows[-1][0].startswith(f"{high} ({k.merges} merge")
    for text, cell in zip(v.texts(), rows[-1][1], strict=True):
        assert cell == format_ratio(text.size / len(k.ids(text.text))), text.name
    if w.registry.get(key).facts.byte_level:  # no merge yet: one token per byte
        assert rows[0][1] == [format_ratio(1.0)] * len(v.texts())


@pytest.mark.parametrize("kind", ALL)
def test_families_byte_level_row(qtbot, audit, kind) -> None:
    w, k, key = _kind(qtbot, audit, kind)
    v = w.families_view
    w.tabs.setCurrentWidget(v)
    tok = w.registry.get(key)
    if not tok.facts.has_merges or not tok.facts.byte_level:
        # WordPiece, Unigram, SentencePiece: the byte-level row shows none and says why
        from app.features.families.family import Family
        from app.features.families.row_status import family_status

        v.set_text(TEXT)
        v.set_byte_source(key)
        qtbot.waitUntil(lambda: v.is_settled() and v.byte_source() == key, timeout=60_000)
        assert v.result("byte-bpe") is None
        status = family_status(Family.BYTE_BPE, None, False, w.registry.entry(key))
        if tok.facts.has_merges:
            assert "not byte-level" in status
        else:
            name = {"wordpiece": "WordPiece", "unigram": "Unigram"}[tok.facts.algorithm.value]
            assert f"not BPE ({name})" in status
        return
    v.set_text(TEXT)
    v.set_byte_source(key)
    qtbot.waitUntil(lambda: v.is_settled() and v.byte_source() == key, timeout=60_000)
    result = v.result("byte-bpe")
    assert [t.id for t in result.tokens] == k.ids(TEXT)
    assert result.vocab_size == k.vocab_size


# -- switching kinds leaves nothing of the previous one --------------------------------------


def _tokenize_shows_only(qtbot, w: MainWindow, kind: Kind, key: str) -> None:
    v = _tokenize(qtbot, w, key, TEXT, kind.shown_text(TEXT))
    assert [int(t) for t in v.id_chips.chip_texts()] == kind.tokenize_ids(TEXT)
    assert _number(v.count_labels["tokens"].text()) == len(kind.tokenize_ids(TEXT))
    glyphs = "".join(v.piece_chips.chip_texts())
    other = "▁" if kind.space_symbol == "·" else "·"
    assert other not in glyphs, f"{kind.name}: {other} of the previous tokenizer in the pieces strip: {glyphs}"


def _vocabulary_shows_only(qtbot, w: MainWindow, kind: Kind, key: str) -> None:
    vocab = w.vocab_view
    w.tabs.setCurrentWidget(vocab)
    vocab.picker.set_current_key(key)
    qtbot.waitUntil(lambda: vocab.key == key and vocab.model.rowCount() == kind.vocab_size, timeout=60_000)


def _stream_shows_only(qtbot, w: MainWindow, kind: Kind, key: str) -> None:
    stream = w.stream_view
    w.tabs.setCurrentWidget(stream)
    stream.picker.set_current_key(key)
    stream.text_edit.clear()
    stream.text_edit.insert(TEXT)
    qtbot.waitUntil(lambda: stream.is_prepared() and list(stream.ids) == kind.ids(TEXT), timeout=60_000)
    assert stream.log.rowCount() == 0 and stream.output_text == ""


def _compare_shows_only(qtbot, w: MainWindow, kind: Kind, key: str) -> None:
    compare = w.compare_view
    w.tabs.setCurrentWidget(compare)
    compare.set_keys([key, OVERLAP_WITH])
    compare.set_text(TEXT)
    qtbot.waitUntil(lambda: compare.is_settled() and compare.columns()[0].table is not None, timeout=60_000)
    assert list(compare.columns()[0].table.ids) == kind.tokenize_ids(TEXT)
    assert compare.summary.value(0, 1) == len(kind.tokenize_ids(TEXT))


def _timeline_shows_only(qtbot, w: MainWindow, kind: Kind, key: str) -> None:
    timeline = w.timeline_view
    w.tabs.setCurrentWidget(timeline)
    timeline.picker.set_current_key(key)
    if kind.vocab_after is not None:
        qtbot.waitUntil(
            lambda: (
                timeline.current_key() == key
                and timeline.total() == kind.merges
                and timeline.is_settled()
                and timeline.curve() is not None
            ),
            timeout=60_000,
        )
        qtbot.wait(100)
        axis = timeline.plot.getViewBox().viewRange()[0]
        assert axis[1] <= kind.merges * 1.1 + 10, f"{kind.name}: the axis still spans {axis}"
    else:
        # A tokenizer the Timeline cannot show: no curve, no axis of the previous one, and a
        # message naming the file, never an internal id.
        qtbot.wait(300)
        xs, _ys = timeline.curve_item.getData()
        assert xs is None or len(xs) == 0, f"{kind.name}: a curve of another tokenizer stays"
        assert not re.search(r"\bfile-\d+\b", timeline.messages.text()), timeline.messages.text()
        if kind.decode is not None:  # WordPiece: the message names the algorithm and why
            qtbot.waitUntil(lambda: "WordPiece" in timeline.messages.text(), timeout=10_000)
            assert "no timeline" in timeline.messages.text()


SWITCH_VIEWS = {
    "tokenize": _tokenize_shows_only,
    "vocabulary": _vocabulary_shows_only,
    "stream": _stream_shows_only,
    "compare": _compare_shows_only,
    "timeline": _timeline_shows_only,
}
PAIRS = {
    "byte-level/sentencepiece": ("trained", "spm_trained"),
    "sentencepiece/openai": ("mistral_v3", "r50k_base"),
    "wordpiece/byte-level": ("wordpiece", "trained"),
    "unigram/wordpiece": ("unigram", "wordpiece"),
}
SWITCH_XFAIL = {}


def _switch_params() -> list[Any]:
    out = []
    for pair in PAIRS:
        for view in SWITCH_VIEWS:
            out.append(pytest.param(pair, view, id=f"{pair}-{view}"))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("pair,view", _switch_params())
def test_switching_kinds_leaves_nothing_behind(qtbot, audit, pair, view) -> None:
    """A, then B, then A again in one view: each time only the current one's figures."""
    a, b = PAIRS[pair]
    w, ka, key_a = _kind(qtbot, audit, a)
    _w, kb, key_b = _kind(qtbot, audit, b)
    for kind, key in ((ka, key_a), (kb, key_b), (ka, key_a)):
        SWITCH_VIEWS[view](qtbot, w, kind, key)
