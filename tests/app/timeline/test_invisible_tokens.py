"""Tokens of characters that draw nothing are written as escapes: Tekken's merge 1,000 makes
U+200C (zero width non-joiner), and the Timeline said "Merge 1,000: ‘<e2 80>’ + ‘<8c>’ → ‘’"."""

from __future__ import annotations

import base64
import json
import unicodedata

from app.display.format import token_label, visible
from app.features.timeline.as_of_labels import merge_words
from bpe_engine import load_tokenizer

from ...conftest import shared_path

#: format characters (soft hyphen, joiners, bidi controls, a tag), and the separators
INVISIBLE = "\u00ad\u061c\u180e\u200b\u200c\u200d\u200e\u202e\u2060\u2066\ufeff\U000e0067\u2028\u2029"


def test_every_invisible_character_is_escaped() -> None:
    for ch in INVISIBLE:
        assert unicodedata.category(ch) in ("Cf", "Zl", "Zp")  # (the reference's classes)
        shown = visible(f"a{ch}b")
        assert shown == f"a\\u{ord(ch):04x}b" if ord(ch) <= 0xFFFF else f"a\\U{ord(ch):08x}b", shown
    assert visible("國語 é 🔭 👍🏾") == "國語·é·🔭·👍🏾"  # (visible characters stay as they are)


def test_the_timeline_names_tekkens_zero_width_token() -> None:
    path = shared_path("tokenizers/mistral_tekken_240718.json", "Mistral's Tekken file")
    data = json.loads(path.read_text("utf-8"))
    specials = data["config"]["default_num_special_tokens"]
    row = next(r for r in data["vocab"] if r["rank"] == 256 + 999)  # merge 1,000's token
    made = base64.b64decode(row["token_bytes"])
    assert made.decode("utf-8") == "\u200c"
    tok = load_tokenizer(path)
    line = merge_words(tok, tok.merge_ids(), 1000)
    assert f"→ ‘{token_label(made)}’ (id {specials + 256 + 999}" in line
    assert "→ ‘\\u200c’" in line, line
