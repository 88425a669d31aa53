"""The streaming decoder releases exactly decode(ids), never a partial character."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from bpe_engine import StreamingDecoder, Tokenizer
from bpe_engine.explain import char_spans_lossy

from .test_roundtrip import texts

DEMOS = ["🤚🏾", "國", "Жизнь", "a國b🤚🏾c Жизнь!", "<|endoftext|>國"]


def _stream(tok: Tokenizer, ids: list[int]) -> list[str]:
    dec = StreamingDecoder(tok)
    outs = [dec.feed(i) for i in ids]
    outs.append(dec.flush())
    return outs


def _check(tok: Tokenizer, ids: list[int]) -> None:
    """ids encode a valid text: after every token, exactly its complete characters are out."""
    outs = _stream(tok, ids)
    assert "".join(outs) == tok.decode(ids)
    released = ""
    for k, out in enumerate(outs[:-1]):
        released += out
        prefix = tok.decode_bytes(ids[: k + 1])
        # the complete characters of the prefix; a trailing partial character stays queued
        assert released == prefix.decode("utf-8", errors="ignore")
    assert outs[-1] == ""  # nothing dangles at the end of a valid text


def test_demo_strings_with_openai_encodings(openai: dict) -> None:
    for name in ("cl100k_base", "o200k_base", "gpt2"):
        tok = openai[name]
        for text in DEMOS:
            ids = tok.encode(text, allowed_special="all")
            _check(tok, ids)


def test_pending_state_for_a_split_emoji(openai: dict) -> None:
    tok = openai["cl100k_base"]
    ids = tok.encode("🤚🏾")
    assert len(ids) > 2  # cl100k splits both code points into byte tokens
    dec = StreamingDecoder(tok)
    seen = []
    for i in ids:
        out = dec.feed(i)
        seen.append((out, dec.pending, dec.needed))
        if dec.pending:
            assert dec.expected_length == 4
            assert dec.needed == 4 - len(dec.pending)
            assert out in ("", "🤚")
    assert "".join(s[0] for s in seen) == "🤚🏾"
    assert dec.pending == b"" and dec.flush() == ""


def test_dangling_partial_character_becomes_replacement(openai: dict) -> None:
    tok = openai["cl100k_base"]
    ids = tok.encode("國")
    dec = StreamingDecoder(tok)
    out = "".join(dec.feed(i) for i in ids[:-1])
    assert out == "" and dec.pending
    assert dec.flush() == "\ufffd"
    assert tok.decode(ids[:-1]) == "\ufffd"


@settings(max_examples=150, deadline=None)
@given(text=texts, cut=st.integers(min_value=0, max_value=200))
def test_every_split_point_random(openai: dict, trained: dict, text: str, cut: int) -> None:
    for tok in (openai["cl100k_base"], openai["o200k_base"], trained["gpt2"]):
        ids = tok.encode(text, allowed_special="all")
        _check(tok, ids)
        # A stream cut anywhere releases only whole characters of the text.
        dec = StreamingDecoder(tok)
        part = "".join(dec.feed(i) for i in ids[: cut % (len(ids) + 1)])
        assert text.startswith(part)


@settings(max_examples=200, deadline=None)
@given(ids=st.lists(st.integers(min_value=0, max_value=255), max_size=40))
def test_arbitrary_byte_tokens_match_lossy_decode(trained: dict, ids: list[int]) -> None:
    tok = trained["gpt2"]
    assert "".join(_stream(tok, ids)) == tok.decode(ids)


@settings(max_examples=150, deadline=None)
@given(text=texts)
def test_vectorised_char_spans_equal_the_lossy_decoder_walk(openai: dict, trained: dict, text: str) -> None:
    for tok in (openai["cl100k_base"], openai["gpt2"], trained["none"]):
        ids = tok.encode(text, allowed_special="all")
        assert tok.char_spans(ids) == char_spans_lossy(tok.token_bytes(ids))
        for s in tok.token_spans(ids):
            covered = text[s.start : s.end].encode("utf-8")
            if s.complete:
                assert covered == s.data  # whole characters: exactly the token's text
            else:
                assert s.data in covered and s.end - s.start >= 1  # part of what it covers
