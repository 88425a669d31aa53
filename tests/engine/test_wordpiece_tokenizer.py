"""The WordPieceTokenizer beyond its ids: the greedy steps a view shows, what it says of
itself (no merges), errors that name the file and field, linear work on hostile input, the
refused export. The reference file is made here by ``tokenizers``' WordPiece trainer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import bpe_engine
from bpe_engine import Algorithm, Family, StepOutcome, WordPieceDecoder, WordPieceTokenizer, load_tokenizer
from bpe_engine.errors import ExportError, SpecialTokenError, TokenizerFileError
from bpe_engine.formats.export import export_tokenizer

from .wordpiece_support import reference, save

pytest.importorskip("tokenizers")

TEXTS = ["the quick brown fox jumps over the lazy dog", "unbelievable tokenization", "playing played player"] * 20


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, WordPieceTokenizer, Path]:
    ref = reference(cased=False, vocab_size=120, texts=TEXTS)
    path = save(ref, tmp_path_factory.mktemp("small"))
    tok = load_tokenizer(path)
    assert isinstance(tok, WordPieceTokenizer)
    return ref, tok, path


def test_facts_say_wordpiece_without_merges(made: tuple[Any, WordPieceTokenizer, Path]) -> None:
    _, tok, path = made
    facts = tok.facts
    assert tok.family is Family.WORDPIECE and facts.family is Family.WORDPIECE
    assert facts.algorithm is Algorithm.WORDPIECE and not facts.has_merges
    assert facts.bos == "[CLS]" and facts.adds_bos
    assert tok.special_additions.names == ["[CLS]", "[SEP]"]
    assert tok.merges == [] and tok.merge_ids() == [] and tok.merge_counts == []
    assert tok.merge_of(10) is None and tok.merge_rank(10, 11) is None and tok.bpe_steps("playing") == []
    assert tok.vocab_size_after(0) == tok.vocab_size - len(tok.special_tokens)
    assert WordPieceTokenizer.load(path).vocab == tok.vocab


@pytest.mark.parametrize(
    ("decoder", "expected"),
    [
        (None, WordPieceDecoder.NONE),
        ({"type": "WordPiece", "prefix": "##", "cleanup": True}, WordPieceDecoder.WORDPIECE_CLEANUP),
        ({"type": "WordPiece", "prefix": "##", "cleanup": False}, WordPieceDecoder.WORDPIECE),
    ],
)
def test_the_decoder_is_told_and_decodes_as_tokenizers(
    made: tuple[Any, WordPieceTokenizer, Path], tmp_path: Path, decoder: Any, expected: WordPieceDecoder
) -> None:
    """The file's decoder, as a property the app reads (issue 20, point 1), and what it means:
    ``tokenizers``' own ``decode`` of the same file (no decoder: tokens as written, spaces)."""
    from tokenizers import Tokenizer

    ref, _, _ = made
    obj = json.loads(ref.to_str())
    obj["decoder"] = decoder
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    hf, tok = Tokenizer.from_file(str(path)), load_tokenizer(path)
    assert isinstance(tok, WordPieceTokenizer)
    assert tok.decoder is expected
    assert tok.decode_prefix == (None if decoder is None else "##")
    ids = hf.encode("The unbelievable player isn't playing, is he?", add_special_tokens=False).ids
    assert any(tok.is_continuation(i) for i in ids)  # the test's point: "##" tokens to join (or not)
    assert tok.decode(ids) == hf.decode(ids, skip_special_tokens=False)
    if expected is WordPieceDecoder.NONE:
        assert hf.decode(ids, skip_special_tokens=False) == " ".join(tok.token_text(i) for i in ids)


def test_vocab_gives_tokens_as_they_appear_in_text(made: tuple[Any, WordPieceTokenizer, Path]) -> None:
    ref, tok, _ = made
    for token, i in ref.get_vocab().items():
        assert tok.token_text(i) == token
        assert tok.is_continuation(i) == (token.startswith("##") and not tok.is_special(i))
        assert tok.vocab[i] == token.removeprefix("##").encode() or tok.is_special(i)


def test_steps_show_the_greedy_longest_match(made: tuple[Any, WordPieceTokenizer, Path]) -> None:
    ref, tok, _ = made
    for word in ("playing", "unbelievable", "tokenization", "fox", "xyzzy"):
        steps = tok.wordpiece_steps(word)
        assert [s.token_id for s in steps if s.outcome is StepOutcome.MATCH] == tok.piece_ids(word) or (
            steps[-1].outcome is StepOutcome.NO_MATCH and tok.piece_ids(word) == [tok.unk_id]
        )
        assert tok.piece_ids(word) == ref.encode(word, add_special_tokens=False).ids
        vocab = ref.get_vocab()
        for step in steps:
            # Longest first; every candidate but the one taken is not in the vocabulary.
            assert [len(t) for t in step.tried] == sorted((len(t) for t in step.tried), reverse=True)
            assert all(t not in vocab for t in step.tried[:-1])
            assert all(t.startswith("##") == (step.start > 0) for t in step.tried)
    # A character no token starts with: the whole word is [UNK], at the step that failed.
    steps = tok.wordpiece_steps("fox\u2603")
    assert steps[-1].outcome is StepOutcome.NO_MATCH and steps[-1].token == "[UNK]" and steps[-1].start == 3
    long = tok.wordpiece_steps("a" * 101)
    assert [(s.outcome, s.token, s.tried) for s in long] == [(StepOutcome.TOO_LONG, "[UNK]", ())]


def test_special_tokens_raise_unless_allowed(made: tuple[Any, WordPieceTokenizer, Path]) -> None:
    ref, tok, _ = made
    with pytest.raises(SpecialTokenError):
        tok.encode("a [SEP] b")
    assert tok.encode("a [SEP] b", allowed_special="all") == ref.encode("a [SEP] b", add_special_tokens=False).ids
    assert tok.encode_with("a [SEP] b", "ordinary") == tok.encode_ordinary("a [SEP] b")
    assert list(tok.encode_iterable(["the qu", "ick"])) == tok.encode("the quick")


def test_work_is_linear_in_hostile_input(made: tuple[Any, WordPieceTokenizer, Path], tmp_path: Path) -> None:
    """Look-ups are counted, not timed: a word is tried at most (its length x the longest
    token) times, even with the word limit lifted."""
    ref, _, path = made
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["model"]["max_input_chars_per_word"] = 10**9
    lifted = tmp_path / "lifted" / "tokenizer.json"
    lifted.parent.mkdir()
    lifted.write_text(json.dumps(obj), encoding="utf-8")
    tok = load_tokenizer(lifted)
    assert isinstance(tok, WordPieceTokenizer)

    class Counting(dict[str, int]):
        calls = 0

        def get(self, key: str, default: Any = None) -> Any:
            Counting.calls += 1
            return super().get(key, default)

    from tokenizers import Tokenizer

    lifted_ref = Tokenizer.from_file(str(lifted))
    tok.model.vocab = Counting(tok.model.vocab)
    for text in ("e" * 20_000, "theplayer" * 2_000, "\u2603" * 20_000):
        Counting.calls = 0
        tok.encode(text)
        assert Counting.calls <= len(text) * tok.model.longest
        # The same ids as tokenizers (whose own search is quadratic: a shorter text).
        assert tok.encode(text[:1500]) == lifted_ref.encode(text[:1500], add_special_tokens=False).ids
    # Within the file's limit (100), a long word is one [UNK] at once.
    small = load_tokenizer(path)
    assert small.encode("e" * 10**6) == [small.special_tokens["[UNK]"]]


def test_export_is_refused_clearly(made: tuple[Any, WordPieceTokenizer, Path], tmp_path: Path) -> None:
    _, tok, _ = made
    with pytest.raises(ExportError, match="it is WordPiece"):
        tok.export(tmp_path / "out.tiktoken", "tiktoken")
    for name in bpe_engine.EXPORT_FORMATS:
        with pytest.raises(ExportError, match="wordpiece, not BPE"):
            export_tokenizer(tok, tmp_path / f"out-{name}", name)  # type: ignore[arg-type]


def _edited(path: Path, tmp_path: Path, edit: Any) -> Path:
    obj = json.loads(path.read_text(encoding="utf-8"))
    edit(obj)
    out = tmp_path / "edited" / "tokenizer.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(obj), encoding="utf-8")
    return out


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda o: o["model"].update(unk_token="<unk>"), "model.unk_token '<unk>' must be a token of model.vocab"),
        (lambda o: o["model"].update(max_input_chars_per_word=0), "model.max_input_chars_per_word must be"),
        (lambda o: o.update(normalizer={"type": "NFKC"}), "normalizer 'NFKC' is not supported with a WordPiece"),
        (lambda o: o.update(pre_tokenizer={"type": "ByteLevel"}), "pre_tokenizer: pre-tokenizer 'ByteLevel'"),
        (lambda o: o.update(decoder={"type": "BPEDecoder"}), "decoder 'BPEDecoder' is not supported"),
        (lambda o: o["normalizer"].update(lowercase="yes"), "normalizer.lowercase must be true or false"),
        (lambda o: o["model"]["vocab"].update({"dup": 7}), "both have id 7"),
    ],
)
def test_errors_name_the_file_and_field(
    made: tuple[Any, WordPieceTokenizer, Path], tmp_path: Path, edit: Any, message: str
) -> None:
    _, _, path = made
    bad = _edited(path, tmp_path, edit)
    with pytest.raises(TokenizerFileError) as err:
        load_tokenizer(bad)
    assert str(err.value).startswith(str(bad)) and message in str(err.value)


def test_a_vocab_txt_without_unk_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "vocab.txt"
    path.write_text("[PAD]\nthe\n##s\n", encoding="utf-8")
    with pytest.raises(TokenizerFileError, match=r"vocab.txt: has no line '\[UNK\]'"):
        load_tokenizer(path)
    config = tmp_path / "tokenizer_config.json"
    config.write_text(json.dumps({"do_lower_case": "no"}), encoding="utf-8")
    path.write_text("[UNK]\nthe\n", encoding="utf-8")
    with pytest.raises(TokenizerFileError, match="tokenizer_config.json: do_lower_case must be true or false"):
        load_tokenizer(path)


def test_export_as_hf_gives_a_file_tokenizers_reads_with_the_same_ids(
    made: tuple[Any, WordPieceTokenizer, Path], tmp_path: Path
) -> None:
    from tokenizers import Tokenizer

    from .wordpiece_support import generated_strings

    _, tok, _ = made
    written = tok.export(tmp_path, "hf")
    assert written == [str(tmp_path / "tokenizer.json")]
    ref = Tokenizer.from_file(written[0])
    again = load_tokenizer(tmp_path)
    assert isinstance(again, WordPieceTokenizer) and again.vocab == tok.vocab
    for text in ["the quick brown fox", *generated_strings(300, seed=8)]:
        assert tok.encode_as_model(text, allowed_special="all") == ref.encode(text).ids
        assert again.encode(text, allowed_special="all") == ref.encode(text, add_special_tokens=False).ids


def test_a_vocab_txt_of_long_lines_past_the_looked_at_head_is_still_one(tmp_path: Path) -> None:
    """The format is recognised from the file's first megabyte: a vocab.txt longer than that
    (here with a line cut at the 1 MB mark) reads as one, with the ids of its lines."""
    from tokenizers import Tokenizer
    from tokenizers.models import WordPiece
    from tokenizers.pre_tokenizers import BertPreTokenizer

    words = ["[PAD]", "[UNK]", "the", "##s"] + [f"w{i:07d}" + "x" * 90 for i in range(12_000)]
    path = tmp_path / "vocab.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    assert path.stat().st_size > 1 << 20
    ours = load_tokenizer(path)
    assert isinstance(ours, WordPieceTokenizer)
    reference = Tokenizer(WordPiece.from_file(str(path), unk_token="[UNK]"))
    reference.pre_tokenizer = BertPreTokenizer()
    text = f"the thes {words[-1]} {words[9_000]} nope"
    assert ours.encode(text) == reference.encode(text).ids == [2, 2, 3, len(words) - 1, 9_000, 1]


def test_a_json_file_on_one_long_line_is_not_taken_for_a_vocab_txt(tmp_path: Path) -> None:
    path = tmp_path / "vocab.txt"  # the name alone does not make it one
    path.write_text("[" + ",".join(['"[UNK]x"'] * 300_000) + "]", encoding="utf-8")
    with pytest.raises(TokenizerFileError, match="is JSON but no tokenizer format"):
        load_tokenizer(path)
