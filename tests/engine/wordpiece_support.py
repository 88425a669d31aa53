"""Reference WordPiece tokenizers for the tests, made here by ``tokenizers``' own trainer.

``reference(cased)`` trains a BERT-style tokenizer (BertNormalizer, BertPreTokenizer,
WordPiece with ``[UNK]`` and ``##``, ``[CLS] $A [SEP]``, the WordPiece decoder) on heads of
the tests/data texts: uncased (lower-casing and accents stripped, BERT's default) or cased
(neither). Nothing is downloaded.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from ..conftest import data_text
from .conftest import DATA_FILES, head

SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]

#: What a generated string is made of: accents (composed and not), CJK, kana, Cyrillic, Greek
#: with a capital sigma, punctuation, emoji, controls, odd spaces, the special tokens' text.
ALPHABET = list(
    "abcdefghijklmnopqrstuvwxyz ABCDEFXYZ éèüßñçÅİıΣσςŁ 你好世界中國日本語カタカナひらがな한국어 русскийЖЁё "
    ".,;:!?'\"-_#@$%&*()[]{}<>/\\|~`^ 0123456789 ½²"
    "\t\n\r\x00\x07\x1b\x7f\x85\u00a0\u200b\u200d\u2028\u3000\ufffd\ufeff\u0301\u0308\ue000"
) + ["😀", "🎉", "👍🏾", "🇫🇷", "ﬁ", "Ⅻ", "[CLS]", "[SEP]", "[UNK]", "##", "don't", "it's", "x" * 60, "é" * 101]


def training_texts() -> list[str]:
    """About 100 KB of tests/data (English, Chinese, Russian, many scripts, code), by lines."""
    lines: list[str] = []
    for name in DATA_FILES:
        lines += head(data_text(name), 20_000).splitlines()
    return lines


def reference(cased: bool, vocab_size: int = 2000, texts: list[str] | None = None) -> Any:
    """A ``tokenizers.Tokenizer`` trained by its WordPieceTrainer (see the module docstring)."""
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers

    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(
        clean_text=True, handle_chinese_chars=True, strip_accents=False if cased else None, lowercase=not cased
    )
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    trainer = trainers.WordPieceTrainer(vocab_size=vocab_size, special_tokens=SPECIALS)
    tok.train_from_iterator(texts if texts is not None else training_texts(), trainer)
    cls, sep = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1", special_tokens=[("[CLS]", cls), ("[SEP]", sep)]
    )
    tok.decoder = decoders.WordPiece()
    return tok


def save(ref: Any, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "tokenizer.json"
    ref.save(str(path))
    return path


def write_vocab_txt(ref: Any, folder: Path) -> Path:
    """The vocabulary of ``ref`` as a BERT ``vocab.txt`` (one token a line, by id)."""
    folder.mkdir(parents=True, exist_ok=True)
    vocab = ref.get_vocab()
    tokens = sorted(vocab, key=vocab.__getitem__)
    assert [vocab[t] for t in tokens] == list(range(len(tokens)))
    path = folder / "vocab.txt"
    path.write_text("".join(t + "\n" for t in tokens), encoding="utf-8")
    return path


def generated_strings(n: int, seed: int) -> list[str]:
    """``n`` strings of up to 40 pieces of :data:`ALPHABET` (seeded: the same every run)."""
    rng = random.Random(seed)
    return ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 40))) for _ in range(n)]
