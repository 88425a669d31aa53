"""The file names the dialogs propose: the corpus's stem without size suffix, and the size."""

from __future__ import annotations

import pytest

from app.display.file_names import checkpoint_file_name, clean_stem, tokenizer_file_name


@pytest.mark.parametrize(
    ("source", "vocab_size", "format", "expected"),
    [
        ("zh_classical_poetry_25MB.txt", 32_768, "ours", "zh_classical_poetry-32k.json"),
        ("zh_classical_poetry_25MB.txt · 99743 merges (2)", 100_000, "ours", "zh_classical_poetry-100k.json"),
        ("/data/corpora/en_wiki-1.5GB.txt.gz", 50_257, "hf", "en_wiki-50k-tokenizer.json"),
        ("tiny.txt", 600, "ours", "tiny-600.json"),
        ("tiny.txt", 1000, "tiktoken", "tiny-1k.tiktoken"),
        ("shakespeare 300k.txt · 4000 merges (cancelled)", 4_257, "gpt2", "shakespeare-4k-vocab.json"),
        ("國語 語料_10MB.txt", 8_000, "ours", "國語_語料-8k.json"),
        ("a.txt, b.txt", 2_000, "ours", "a-2k.json"),
        ("pasted text", 300, "ours", "pasted_text-300.json"),
        ("???", 300, "ours", "tokenizer-300.json"),
    ],
)
def test_tokenizer_file_names(source: str, vocab_size: int, format: str, expected: str) -> None:
    assert tokenizer_file_name(source, vocab_size, format) == expected


def test_a_checkpoint_name_carries_the_merges_done() -> None:
    assert checkpoint_file_name("zh_classical_poetry_25MB.txt", 32_768, 6317) == "zh_classical_poetry-32k-6317.ckpt"


def test_stems_keep_names_that_only_look_like_sizes_inside() -> None:
    assert clean_stem("gpt4o_mini_2k_eval.txt") == "gpt4o_mini_2k_eval"
    assert clean_stem("o200k_base") == "o200k_base"
