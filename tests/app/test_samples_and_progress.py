"""The built-in samples, the step-mode wording of ties, and the progress estimates."""

from __future__ import annotations

import json

from app.content.samples import SAMPLES_DIR, load_samples
from app.display.format import format_bytes, format_count, format_duration
from app.display.meter import RateMeter
from app.widgets.step_panel import explain_tie
from bpe_engine import train_bpe


def test_every_sample_is_listed_exists_and_trains() -> None:
    samples = load_samples()
    assert [s.key for s in samples] == [
        "english_story",
        "chinese_passage",
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
    assert format_count(1234567) == "1\u202f234\u202f567"
    assert format_duration(None) == "…" and format_duration(5) == "5 s" and format_duration(75) == "1 min 15 s"
    assert format_duration(3725) == "1 h 02 min"
