"""The built-in samples, the step-mode wording of ties, and the progress estimates."""

from __future__ import annotations

import json

from app.content.samples import SAMPLES_DIR, load_samples
from app.display.format import format_bytes, format_count, format_duration
from app.features.train.meter import RateMeter
from app.features.train.step_panel import explain_tie
from bpe_engine import train_bpe


def test_every_sample_is_listed_exists_and_trains() -> None:
    samples = load_samples()
    assert [s.key for s in samples] == [
        "english_story",
        "chinese_passage",
        "chinese_lesson_bytes",
        "chinese_classroom_mixed",
        "python_code",
        "low_lower_widest_newest",
        "hello_helo",
    ]
    for sample in samples:
        text = sample.read_text()
        assert text.strip() and sample.title and sample.description
        settings = sample.settings
        tok = train_bpe(
            sample.path,
            settings.get("vocab_size", 500),
            ["<|endoftext|>"],
            pretokenizer=settings.get("pretokenizer", "gpt2"),
        )
        assert tok.decode(tok.encode(text, allowed_special="all")) == text
    chinese = next(s for s in samples if s.key == "chinese_passage").read_text()
    assert sum("\u4e00" <= ch <= "\u9fff" for ch in chinese) > 500


def test_every_sample_is_described_in_both_languages_with_its_true_size() -> None:
    import re

    for sample in load_samples():
        zh_title, zh_description = sample.title_in("zh_CN"), sample.description_in("zh_CN")
        assert zh_title != sample.title and re.search("[\u4e00-\u9fff]", zh_title + zh_description), sample.key
        assert sample.title_in("en") == sample.title
        size = sample.path.stat().st_size / 1000  # decimal KB, as the app shows sizes (format_bytes)
        for text in (sample.description, zh_description):
            said = re.search(r"(?:about|约) (\d+)(\.\d)? KB", text)
            if said:
                decimals = 1 if said.group(2) else 0
                assert f"{size:.{decimals}f}" == said.group(1) + (said.group(2) or ""), (sample.key, said.group(0))


def test_the_chinese_lesson_says_what_its_training_shows() -> None:
    """The lesson and its description say the first merges join lead bytes, then 字 and 的."""
    sample = next(s for s in load_samples() if s.key == "chinese_lesson_bytes")
    tok = train_bpe(sample.path, sample.settings["vocab_size"], ["<|endoftext|>"])
    first = [a + b for a, b in tok.merges[:10]]
    assert all(len(m) == 2 and m[0] >= 0xE0 for m in first[:3])  # two bytes of a 3-byte character
    assert "字".encode() in first and "的".encode() in first


def test_the_class_notes_state_true_figures() -> None:
    """Every figure the class notes state, recomputed (token counts with tiktoken itself)."""
    from bpe_engine import train_bpe as train
    from tests.conftest import tiktoken_encoding

    text = next(s for s in load_samples() if s.key == "chinese_classroom_mixed").read_text()
    assert "要 8 个词元" in text and "只要 4 个" in text and "只要 5 个词元" in text
    cl100k, o200k = tiktoken_encoding("cl100k_base"), tiktoken_encoding("o200k_base")
    assert len(cl100k.encode("我今天很高兴")) == 8
    assert len(cl100k.encode("I am happy today")) == 4
    assert len(o200k.encode("我今天很高兴")) == 5
    assert "有几个字节？答：6 个" in text and len("你好".encode()) == 6 and len(b"Hello") == 5
    assert "2 个码位，8 个字节" in text and len("🤚🏾") == 2 and len("🤚🏾".encode()) == 8
    assert "50257" in text and tiktoken_encoding("gpt2").n_vocab == 50257
    assert "第一次合并得到 “ow”" in text
    assert train(None, 257, [], text="low lower lowest", pretokenizer="regex:\\S+").merges[0] == (b"o", b"w")


def test_seed_003_sample_with_its_settings_gives_the_seeds_merges() -> None:
    sample = next(s for s in load_samples() if s.key == "low_lower_widest_newest")
    tok = train_bpe(
        sample.path, sample.settings["vocab_size"], ["<|endoftext|>"], pretokenizer=sample.settings["pretokenizer"]
    )
    assert [f"{a.decode()} {b.decode()}" for a, b in tok.merges] == [
        "s t",
        "e st",
        "o w",
        "l ow",
        "w est",
        "n e",
        "ne west",
        "w i",
        "wi d",
        "wid est",
        "low e",
        "lowe r",
    ]


def test_a_broken_manifest_gives_no_samples(tmp_path) -> None:
    (tmp_path / "samples.json").write_text("{oops", encoding="utf-8")
    assert load_samples(tmp_path) == []
    (tmp_path / "samples.json").write_text(json.dumps({"samples": [{"file": "missing.txt"}]}), encoding="utf-8")
    assert load_samples(tmp_path) == []
    assert (SAMPLES_DIR / "samples.json").is_file()


def test_tie_explanations() -> None:
    text = explain_tie((b"s", b"t"), (b"e", b"s"), "greatest", 9)
    assert text.startswith("Tie: (s, t) and (e, s) both occur 9 times.")
    assert "'s' (0x73)" in text and "'e' (0x65)" in text and "left part" in text
    same_left = explain_tie((b"e", b"st"), (b"e", b"s"), "greatest", 9)
    assert "right part st extends s" in same_left
    smallest = explain_tie((b"e", b"s"), (b"s", b"t"), "smallest", 9)
    assert "smallest" in smallest and "(e, s) wins" in smallest
    partial = explain_tie((b"\xe5", b"\x9c"), (b"\xe4", b"\xbd"), "greatest", 3)
    assert "0xe5" in partial and "0xe4" in partial


def test_rate_meter_and_formats() -> None:
    meter = RateMeter(window=3.0)
    assert meter.rate() is None and meter.time_left(100) is None
    for t in range(5):
        meter.add(t * 10, now=100.0 + t)
    assert meter.rate() == 10.0
    assert meter.time_left(100) == 6.0
    assert format_bytes(999) == "999 bytes" and format_bytes(1536) == "1.5 KB" and format_bytes(10_000_000) == "10.0 MB"
    assert format_count(1234567) == "1,234,567"
    assert format_duration(None) == "…" and format_duration(5) == "5 s" and format_duration(75) == "1 min 15 s"
    assert format_duration(3725) == "1 h 02 min"
