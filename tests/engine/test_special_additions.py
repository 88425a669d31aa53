"""BOS/EOS as the model adds them: ``encode_as_model`` gives the ids of Hugging Face's
``Tokenizer.encode(text)`` with its default ``add_special_tokens=True``.

Files are made here by ``tokenizers``' BpeTrainer (Llama 3 style with a TemplateProcessing
adding ``<|begin_of_text|>``; a BERT-style ``[CLS] $A [SEP]`` template, BertProcessing and
RobertaProcessing on byte-level BPE, a Sequence of ByteLevel and a template); Llama 3.2's
own file runs on the shared corpus heads when present; a Mistral-style SentencePiece
tokenizer.json with ``<s> $A``; a SentencePiece ``.model`` follows a tokenizer_config.json
beside it (against ``sentencepiece``'s ``encode(add_bos=, add_eos=)``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from bpe_engine import load_tokenizer
from bpe_engine.errors import TokenizerFileError

from ..conftest import data_text
from .formats_support import corpus_heads, first_difference, parity_texts, shared_tokenizer

hf = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")

_LINES = [line for name in ("english.txt", "python_code.txt") for line in data_text(name).splitlines()]
_SPECIALS = ["<|begin_of_text|>", "<|end_of_text|>", "[CLS]", "[SEP]"]


def _post(kind: str, ids: dict[str, int]) -> Any:
    from tokenizers import processors

    if kind == "llama3":
        bos = "<|begin_of_text|>"
        return processors.TemplateProcessing(
            single=f"{bos} $A", pair=f"{bos} $A {bos} $B", special_tokens=[(bos, ids[bos])]
        )
    if kind == "bert-template":
        return processors.TemplateProcessing(
            single="[CLS] $A [SEP]",
            pair="[CLS] $A [SEP] $B:1 [SEP]:1",
            special_tokens=[("[CLS]", ids["[CLS]"]), ("[SEP]", ids["[SEP]"])],
        )
    if kind == "bert":
        return processors.BertProcessing(("[SEP]", ids["[SEP]"]), ("[CLS]", ids["[CLS]"]))
    if kind == "roberta":
        return processors.RobertaProcessing(("[SEP]", ids["[SEP]"]), ("[CLS]", ids["[CLS]"]))
    assert kind == "sequence"
    eos = "<|end_of_text|>"
    return processors.Sequence(
        [
            processors.ByteLevel(trim_offsets=False),
            processors.TemplateProcessing(single=f"$A {eos}", special_tokens=[(eos, ids[eos])]),
        ]
    )


def made_tokenizer_json(path: Path, kind: str) -> Path:
    from tokenizers import decoders, models, pre_tokenizers, trainers

    tok = hf.Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=700, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), special_tokens=_SPECIALS
    )
    tok.train_from_iterator(_LINES, trainer)
    tok.post_processor = _post(kind, {s: tok.token_to_id(s) for s in _SPECIALS})
    tok.save(str(path))
    return path


KINDS = ["llama3", "bert-template", "bert", "roberta", "sequence"]
EXPECTED = {
    "llama3": (["<|begin_of_text|>"], []),
    "bert-template": (["[CLS]"], ["[SEP]"]),
    "bert": (["[CLS]"], ["[SEP]"]),
    "roberta": (["[CLS]"], ["[SEP]"]),
    "sequence": ([], ["<|end_of_text|>"]),
}


@pytest.mark.parametrize("kind", KINDS)
def test_additions_match_tokenizers_encode(tmp_path: Path, kind: str) -> None:
    path = made_tokenizer_json(tmp_path / "tokenizer.json", kind)
    ours, ref = load_tokenizer(path), hf.Tokenizer.from_file(str(path))
    before, after = EXPECTED[kind]
    assert [n for n, _ in ours.special_additions.before] == before
    assert [n for n, _ in ours.special_additions.after] == after
    texts = parity_texts(shared_too=False) + [("empty", "")]
    problem = first_difference(path.name, texts, ours.encode_as_model, lambda t: ref.encode(t).ids)
    assert problem is None
    assert ours.encode("abc") == ref.encode("abc", add_special_tokens=False).ids  # encode adds none


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60))
def test_hypothesis_strings_llama3_style(text: str) -> None:
    path, ref, ours = _llama3_style()
    assert ours.encode_as_model(text) == ref.encode(text).ids, path


_made_once: dict[str, Any] = {}


def _llama3_style() -> Any:
    if not _made_once:
        import tempfile

        folder = Path(tempfile.mkdtemp(prefix="bos-"))
        path = made_tokenizer_json(folder / "tokenizer.json", "llama3")
        _made_once["t"] = (path, hf.Tokenizer.from_file(str(path)), load_tokenizer(path))
    return _made_once["t"]


def test_llama32_adds_begin_of_text_on_corpus_heads() -> None:
    path = shared_tokenizer("llama3.2_tokenizer.json")
    ours, ref = load_tokenizer(path), hf.Tokenizer.from_file(str(path))
    assert ours.special_additions.before == (("<|begin_of_text|>", 128000),)
    assert ours.special_additions.after == ()
    texts = corpus_heads() + [("short", "Hello, world!")]
    assert first_difference(path.name, texts, ours.encode_as_model, lambda t: ref.encode(t).ids) is None
    again = load_tokenizer(path)  # from the on-disk cache: the additions are kept
    assert again.special_additions == ours.special_additions


def test_files_without_post_processor_add_nothing(tmp_path: Path) -> None:
    path = made_tokenizer_json(tmp_path / "tokenizer.json", "llama3")
    import json

    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["post_processor"] = None
    path.write_text(json.dumps(obj), encoding="utf-8")
    ours, ref = load_tokenizer(path), hf.Tokenizer.from_file(str(path))
    assert not ours.special_additions
    assert ours.encode_as_model("a b") == ref.encode("a b").ids


def test_template_naming_an_unknown_id_is_refused(tmp_path: Path) -> None:
    path = made_tokenizer_json(tmp_path / "tokenizer.json", "llama3")
    import json

    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["post_processor"]["special_tokens"]["<|begin_of_text|>"]["ids"] = [99999]
    path.write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(TokenizerFileError, match="99999"):
        load_tokenizer(path)


# -- SentencePiece .model: only what a tokenizer_config.json beside it says ------------------


def _spm_model(folder: Path) -> Path:
    import io

    spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter([line for line in _LINES if line.strip()]),
        model_writer=out,
        model_type="bpe",
        vocab_size=600,
        byte_fallback=True,
        minloglevel=2,
        hard_vocab_limit=False,
    )
    path = folder / "tokenizer.model"
    path.write_bytes(out.getvalue())
    return path


@pytest.mark.parametrize("bos,eos", [(True, False), (True, True), (False, True)])
def test_sentencepiece_follows_tokenizer_config(tmp_path: Path, bos: bool, eos: bool) -> None:
    import json

    spm = pytest.importorskip("sentencepiece")
    path = _spm_model(tmp_path)
    ref = spm.SentencePieceProcessor(model_file=str(path))
    plain = load_tokenizer(path)
    assert not plain.special_additions  # sentencepiece's encode adds nothing by default
    config = {"add_bos_token": bos, "add_eos_token": eos, "bos_token": {"content": "<s>"}, "eos_token": "</s>"}
    (tmp_path / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    ours = load_tokenizer(path)
    texts = parity_texts(shared_too=False)[:60] + [("empty", "")]
    problem = first_difference(
        path.name, texts, ours.encode_as_model, lambda t: ref.encode(t, add_bos=bos, add_eos=eos)
    )
    assert problem is None


def test_mistral_style_sentencepiece_tokenizer_json_adds_s(tmp_path: Path) -> None:
    """Mistral's / Llama 2's tokenizer.json: SentencePiece-style BPE, ``<s> $A`` template."""
    import json

    from .test_formats_hf import _sp_model, _sp_style

    obj = _sp_style(_sp_model(tmp_path), "metaspace-first-whole", False)
    obj["post_processor"] = {
        "type": "TemplateProcessing",
        "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
        "pair": [
            {"SpecialToken": {"id": "<s>", "type_id": 0}},
            {"Sequence": {"id": "A", "type_id": 0}},
            {"SpecialToken": {"id": "<s>", "type_id": 1}},
            {"Sequence": {"id": "B", "type_id": 1}},
        ],
        "special_tokens": {"<s>": {"id": "<s>", "ids": [1], "tokens": ["<s>"]}},
    }
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    ours, ref = load_tokenizer(path), hf.Tokenizer.from_file(str(path))
    assert ours.special_additions.before == (("<s>", 1),)
    texts = parity_texts(shared_too=False)[:200]
    assert first_difference(path.name, texts, ours.encode_as_model, lambda t: ref.encode(t).ids) is None
