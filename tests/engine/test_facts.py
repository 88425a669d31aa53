"""What a tokenizer can do (``tok.facts``, ``tok.vocab_size_after``), and the kinds that replace
strings and flags (SpecialMode, TieBreak, MergeRule), each checked against an independent
computation: brute-force counts from the files' own JSON or ranks, tiktoken, Hugging Face's
``tokenizers`` and ``sentencepiece`` themselves."""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from bpe_engine import (
    Family,
    MergeRule,
    SentencePieceTokenizer,
    SpecialMode,
    TieBreak,
    Tokenizer,
    TokenizerFacts,
    TokenUnit,
    TrainerConfig,
    gpt2_bytes_to_unicode,
    load_tokenizer,
    train_bpe,
)
from bpe_engine.errors import ConfigError, SpecialTokenError, TokenizerFileError

from ..conftest import data_text
from .conftest import EOT, training_text
from .formats_support import QWEN_PATTERN, QWEN_SPECIALS, rank_file, shared_tokenizer

SOME_K = (0, 1, 2, 17, 255, 1000, 5000, 77_777, 128_000, 200_001)


def _ks(total: int) -> list[int]:
    return sorted({k for k in SOME_K if k <= total} | {total})


def _distinct_after(byte_tokens: set[bytes], results: list[bytes], k: int) -> int:
    """The brute-force count: single bytes plus the distinct merge results of the first k merges."""
    return len(byte_tokens | set(results[:k]))


# -- byte-level -----------------------------------------------------------------------------


def test_a_trained_tokenizer(trained: dict[str, Tokenizer]) -> None:
    tok = trained["gpt2"]
    facts = tok.facts
    assert isinstance(facts, TokenizerFacts)
    assert facts.family is Family.BYTE_LEVEL and tok.family == "byte-level"
    assert facts.unit is TokenUnit.BYTE and facts.byte_level
    assert facts.merges_in_training_order and facts.space_symbol == "·"
    assert dict(facts.special_tokens) == {EOT: tok.special_tokens[EOT]}
    assert facts.bos is None and not facts.adds_bos
    results = [a + b for a, b in tok.merges]
    singles = {bytes([b]) for b in range(256)}
    for k in range(len(tok.merges) + 1):
        assert tok.vocab_size_after(k) == _distinct_after(singles, results, k) == 256 + k
    assert tok.vocab_sizes_after() == [256 + k for k in range(len(tok.merges) + 1)]
    assert tok.vocab_size_after(len(tok.merges)) == len(tok.vocab) - len(tok.special_tokens)
    for bad in (-1, len(tok.merges) + 1, True, 1.0):
        with pytest.raises(ConfigError, match="k must be"):
            tok.vocab_size_after(bad)  # type: ignore[arg-type]


@pytest.mark.slow  # loads a vocabulary of 50,000 to 150,000 tokens
@pytest.mark.parametrize("name", ["r50k_base", "cl100k_base"])
def test_openai_encodings(name: str, openai: Mapping[str, Tokenizer], tiktoken_encodings: Mapping[str, Any]) -> None:
    tok, enc = openai[name], tiktoken_encodings[name]
    facts = tok.facts
    assert facts.merges_in_training_order and facts.unit is TokenUnit.BYTE and facts.bos is None
    assert set(facts.special_tokens) == enc.special_tokens_set
    # tiktoken's ranks are the training order: after k merges, the tokens of the 256 + k lowest ranks.
    by_rank = sorted(enc.token_byte_values(), key=enc.encode_single_token)
    singles = {b for b in by_rank if len(b) == 1}
    results = [b for b in by_rank if len(b) > 1]
    for k in _ks(len(tok.merges)):
        assert tok.vocab_size_after(k) == _distinct_after(singles, results, k)
    assert tok.vocab_size_after(len(tok.merges)) == len(enc.token_byte_values())


def _hf_brute(obj: dict[str, Any]) -> tuple[set[int], list[int]]:
    """From a byte-level tokenizer.json alone: the ids of the 256 single bytes, and the id each
    merge makes (its two strings joined, looked up in model.vocab)."""
    vocab: dict[str, int] = obj["model"]["vocab"]
    byte_ids = {vocab[ch] for ch in gpt2_bytes_to_unicode().values()}
    merges = obj["model"]["merges"]
    pairs = [m.split(" ", 1) if isinstance(m, str) else m for m in merges]
    return byte_ids, [vocab[a + b] for a, b in pairs]


@pytest.mark.slow  # loads a vocabulary of 50,000 to 150,000 tokens
def test_llama_3_2_tokenizer_json() -> None:
    path = shared_tokenizer("llama3.2_tokenizer.json")
    obj = json.loads(path.read_text(encoding="utf-8"))
    tok = load_tokenizer(path)
    assert isinstance(tok, Tokenizer)
    byte_ids, made = _hf_brute(obj)
    assert len(made) == len(tok.merges) == 280_147
    for k in _ks(len(made)):
        assert tok.vocab_size_after(k) == len(byte_ids | set(made[:k])), k
    sizes, seen = tok.vocab_sizes_after(), set(byte_ids)  # every k at once (the Sweep's x axis)
    assert len(sizes) == len(made) + 1 and sizes[0] == len(seen)
    for k, z in enumerate(made, 1):
        seen.add(z)
        assert sizes[k] == len(seen), k
    added = {t["content"] for t in obj["added_tokens"]}
    real = {t: i for t, i in obj["model"]["vocab"].items() if t not in added}
    assert tok.vocab_size_after(len(made)) == len(real) == 128_000
    facts = tok.facts
    assert facts.merges_in_training_order and facts.byte_level
    assert dict(facts.special_tokens) == {t["content"]: t["id"] for t in obj["added_tokens"] if t["special"]}
    # Hugging Face's own pipeline puts <|begin_of_text|> first: that is the BOS, and it adds it.
    hf = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")
    ref = hf.Tokenizer.from_file(str(path))
    first = ref.encode("Hello").ids[0]
    assert facts.bos == ref.id_to_token(first) == "<|begin_of_text|>" and facts.adds_bos
    assert tok.encode("Hello") == ref.encode("Hello", add_special_tokens=False).ids  # ours never adds it


@pytest.mark.slow  # loads a vocabulary of 50,000 to 150,000 tokens
def test_llama_3_2_rank_file_takes_the_bos_from_the_json_beside_it() -> None:
    tok = load_tokenizer(shared_tokenizer("llama3.2_tokenizer.model"))
    assert tok.facts.bos == "<|begin_of_text|>" and tok.facts.adds_bos
    ranks = rank_file(shared_tokenizer("llama3.2_tokenizer.model"))
    singles = {b for b in ranks if len(b) == 1}
    results = [b for b in sorted(ranks, key=ranks.__getitem__) if len(b) > 1]
    for k in _ks(len(tok.merges)):
        assert tok.vocab_size_after(k) == _distinct_after(singles, results, k)
    assert tok.vocab_size_after(len(tok.merges)) == len(ranks) == 128_000


@pytest.mark.slow  # loads a vocabulary of 50,000 to 150,000 tokens
def test_qwen_rank_file() -> None:
    path = shared_tokenizer("qwen.tiktoken")
    tok = load_tokenizer(path, pattern=QWEN_PATTERN, special_tokens=QWEN_SPECIALS)
    ranks = rank_file(path)
    singles = {b for b in ranks if len(b) == 1}
    results = [b for b in sorted(ranks, key=ranks.__getitem__) if len(b) > 1]
    for k in _ks(len(tok.merges)):
        assert tok.vocab_size_after(k) == _distinct_after(singles, results, k)
    assert tok.vocab_size_after(len(tok.merges)) == len(ranks) == 151_643
    assert tok.facts.bos is None and set(tok.facts.special_tokens) == set(QWEN_SPECIALS)


@pytest.mark.slow  # loads a vocabulary of 50,000 to 150,000 tokens
def test_tekken_names_its_bos() -> None:
    tok = load_tokenizer(shared_tokenizer("mistral_tekken_240718.json"))
    assert tok.facts.bos == "<s>" and tok.special_tokens["<s>"] == 1 and not tok.facts.adds_bos
    assert tok.facts.merges_in_training_order


def test_our_format_keeps_the_bos(tmp_path: Path) -> None:
    text = training_text()
    base = train_bpe(None, 300, ["<s>", EOT], text=text)
    tok = Tokenizer(base.vocab, base.merges, base.special_tokens, bos="<s>", adds_bos=True)
    tok.save(tmp_path / "t.json")
    back = Tokenizer.load(tmp_path / "t.json")
    assert (back.facts.bos, back.facts.adds_bos) == ("<s>", True)
    base.save(tmp_path / "plain.json")
    assert json.loads((tmp_path / "plain.json").read_text())["version"] == 1  # unchanged when no BOS
    with pytest.raises(TokenizerFileError, match="'<nope>' is not one of the special tokens"):
        Tokenizer(base.vocab, base.merges, base.special_tokens, bos="<nope>")


# -- SentencePiece --------------------------------------------------------------------------


def _spm_model(tmp_path: Path) -> Path:
    spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
    out = io.BytesIO()
    lines = [line for line in data_text("english.txt").splitlines() if line.strip()]
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=out,
        model_type="bpe",
        vocab_size=800,
        byte_fallback=True,
        minloglevel=2,
        hard_vocab_limit=False,
    )
    path = tmp_path / "m.model"
    path.write_bytes(out.getvalue())
    return path


def test_a_sentencepiece_model(tmp_path: Path) -> None:
    spm = pytest.importorskip("sentencepiece")
    path = _spm_model(tmp_path)
    ref = spm.SentencePieceProcessor(model_file=str(path))
    tok = load_tokenizer(path)
    assert isinstance(tok, SentencePieceTokenizer)
    facts = tok.facts
    assert facts.family is Family.SENTENCEPIECE and tok.family == "sentencepiece"
    assert facts.unit is TokenUnit.CHARACTER and not facts.byte_level and facts.space_symbol == "▁"
    assert not facts.merges_in_training_order  # a .model stores scores: its merges are rebuilt
    assert facts.bos == ref.id_to_piece(ref.bos_id()) == "<s>"
    assert not facts.adds_bos and ref.encode("hi")[0] != ref.bos_id()  # sentencepiece adds it only when asked
    n = ref.get_piece_size()
    ordinary = [i for i in range(n) if not (ref.is_control(i) or ref.is_unknown(i))]
    # Before any merge: the single characters and the byte pieces.
    base = [i for i in ordinary if ref.is_byte(i) or len(ref.id_to_piece(i)) == 1]
    merges = tok.merge_ids()
    made = [z for _, _, z in merges]
    assert tok.vocab_size_after(0) == len(base)
    for k in _ks(len(merges)):
        assert tok.vocab_size_after(k) == len(set(base) | set(made[:k]))
    assert tok.vocab_size_after(len(merges)) == len(ordinary)


def test_mistral_sentencepiece_model() -> None:
    tok = load_tokenizer(shared_tokenizer("mistral_sentencepiece_v1.model"))
    assert not tok.facts.merges_in_training_order and tok.facts.bos == "<s>"


def test_a_hugging_face_sentencepiece_style_file_lists_its_merges(tmp_path: Path) -> None:
    hf = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")
    tok = hf.Tokenizer(hf.models.BPE(byte_fallback=True, unk_token="<unk>"))
    tok.pre_tokenizer = hf.pre_tokenizers.Metaspace()
    tok.decoder = hf.decoders.Metaspace()
    trainer = hf.trainers.BpeTrainer(vocab_size=400, special_tokens=["<unk>", "<s>"])
    tok.train_from_iterator([data_text("english.txt")], trainer)
    tok.post_processor = hf.processors.TemplateProcessing(single="<s> $A", special_tokens=[("<s>", 1)])
    path = tmp_path / "tokenizer.json"
    tok.save(str(path))
    ours = load_tokenizer(path)
    assert isinstance(ours, SentencePieceTokenizer)
    assert ours.facts.merges_in_training_order and ours.facts.unit is TokenUnit.CHARACTER
    assert ours.facts.bos == "<s>" and ours.facts.adds_bos
    assert tok.encode("hello").ids[0] == 1 and ours.encode("hello") == tok.encode("hello", add_special_tokens=False).ids


# -- kinds instead of strings and flags -----------------------------------------------------


def test_special_mode_and_its_strings(trained: dict[str, Tokenizer]) -> None:
    tok = trained["gpt2"]
    text = f"a{EOT}b"
    assert (
        tok.encode_with(text, SpecialMode.ALLOW)
        == tok.encode_with(text, "allow")
        == tok.encode(text, allowed_special="all")
    )
    assert tok.encode_with(text, SpecialMode.ORDINARY) == tok.encode_with(text, "ordinary") == tok.encode_ordinary(text)
    for mode in (SpecialMode.RAISE, "raise"):
        with pytest.raises(SpecialTokenError):
            tok.encode_with(text, mode)
    with pytest.raises(ConfigError, match="unknown special-token mode 'loud'"):
        tok.encode_with(text, "loud")
    assert SpecialMode.ALLOW == "allow" and [m.value for m in SpecialMode] == ["allow", "raise", "ordinary"]


def test_tie_break_enum_and_strings() -> None:
    assert TrainerConfig(tie_break="smallest").tie_break is TieBreak.SMALLEST  # type: ignore[arg-type]
    assert TrainerConfig().tie_break is TieBreak.GREATEST == "greatest"
    with pytest.raises(ConfigError, match="unknown tie_break 'middle'"):
        TrainerConfig(tie_break="middle")  # type: ignore[arg-type]
    text = "ab ba ab ba cd dc " * 20
    for rule in TieBreak:
        by_enum = train_bpe(None, 270, text=text, tie_break=rule)
        by_text = train_bpe(None, 270, text=text, tie_break=rule.value)
        assert by_enum.merges == by_text.merges
    assert train_bpe(None, 270, text=text, tie_break="smallest").merges != train_bpe(None, 270, text=text).merges


def test_merge_rule_replaces_the_flags(trained: dict[str, Tokenizer]) -> None:
    base = trained["gpt2"]
    by_rule = Tokenizer(base.vocab, base.merges, base.special_tokens, merge_rule=MergeRule.hugging_face())
    by_flag = Tokenizer(base.vocab, base.merges, base.special_tokens, pair_ranks=True)
    assert by_rule.merge_rule == by_flag.merge_rule == MergeRule(pair_ranks=True)
    assert by_flag.pair_ranks and not by_flag.ignore_merges and not by_flag.rank_splits
    assert MergeRule.tiktoken() == MergeRule(pair_ranks=True, ignore_merges=True, rank_splits=True, tiktoken_ranks=True)
    assert MergeRule(tiktoken_ranks=True).ignore_merges  # a rank table's whole tokens always win
    with pytest.raises(ConfigError, match="not both"):
        Tokenizer(base.vocab, base.merges, merge_rule=MergeRule(), pair_ranks=True)
    text = training_text()
    assert by_rule.encode(text, allowed_special="all") == base.encode(text, allowed_special="all")


def test_our_files_keep_their_rule(tmp_path: Path, trained: dict[str, Tokenizer]) -> None:
    trained["gpt2"].save(tmp_path / "ours.json")
    assert Tokenizer.load(tmp_path / "ours.json").merge_rule == MergeRule.learned()
    hf_rule = Tokenizer(
        trained["gpt2"].vocab, trained["gpt2"].merges, merge_rule=MergeRule.hugging_face(ignore_merges=True)
    )
    hf_rule.save(tmp_path / "hf_rule.json")
    assert Tokenizer.load(tmp_path / "hf_rule.json").merge_rule == MergeRule.hugging_face(ignore_merges=True)


@pytest.mark.slow  # loads two big vocabularies
def test_real_files_say_their_rule() -> None:
    assert load_tokenizer(shared_tokenizer("llama3.2_tokenizer.json")).merge_rule == MergeRule.hugging_face()
    assert load_tokenizer(shared_tokenizer("mistral_tekken_240718.json")).merge_rule == MergeRule.tiktoken()


def test_rank_entries_decode(tmp_path: Path) -> None:
    # The brute-force helpers read what the engine reads: one line of a rank file is base64 and a rank.
    line = base64.b64encode(b"hi") + b" 300"
    (tmp_path / "x").write_bytes(line)
    assert rank_file(tmp_path / "x") == {b"hi": 300}
