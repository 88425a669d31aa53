"""Every code point is cut as the references cut it, whatever ``regex`` is installed (issue 21.7).

The ``regex`` module's Unicode tables are newer than tiktoken's and Hugging Face's (Oniguruma);
``bpe_engine.unicode_classes`` pins the text our patterns see to the references' tables.
Checked here on all 1,112,064 code points:

- each class the patterns use, matched with ``regex`` on the pinned text, against tiktoken's
  and ``tokenizers``' matches of the same class (one call each: exact, per code point);
- ids of the pure-Python encoder (``Tokenizer.encoder``, the path of explanations and custom
  regexes) against tiktoken for o200k, cl100k and r50k (p50k has r50k's pattern), on one text holding every code
  point in probe contexts (see ``code_point_scan``), one batch per encoding;
- the cuts of ``tokenizers``' pre-tokenizer for a byte-level ``tokenizer.json`` with Llama 3's
  pattern against ours, on the same text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest
import regex

from bpe_engine import Tokenizer, train_bpe
from bpe_engine.formats.hf import hf_json
from bpe_engine.unicode_classes import UNICODE_VERSION, pinned_text

from ..conftest import data_text
from .code_point_scan import SEPARATOR, code_points, describe, differing_code_points, differing_groups, probe_text

LLAMA3_PATTERN = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*"""
    r"""|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
# Every class the OpenAI and Llama 3 patterns use, and the rest of the general categories' groups.
CLASSES = [r"\p{L}", r"\p{N}", r"\s", r"\p{Lu}", r"\p{Ll}", r"\p{Lt}", r"\p{Lm}", r"\p{Lo}", r"\p{M}"]
CLASSES += [r"\p{Mn}", r"\p{Mc}", r"\p{Me}", r"\p{Nd}", r"\p{Nl}", r"\p{No}", r"\d", r"\p{P}", r"\p{S}", r"\p{Z}"]
# p50k_base cuts with r50k_base's pattern (tiktoken_ext.openai_public): its scan would repeat r50k's.
OPENAI_SCANNED = ("o200k_base", "cl100k_base", "r50k_base")


@pytest.fixture(scope="module")
def every() -> str:
    """Every code point but the surrogates, in order (tiktoken reads only UTF-8 text)."""
    text: str = code_points().tobytes().decode("utf-32-le")
    return text


@pytest.fixture(scope="module")
def probes() -> tuple[np.ndarray, str]:
    codes = code_points()
    return codes, probe_text(codes)


def _mask(chars: str) -> np.ndarray:
    mask = np.zeros(0x110000, dtype=bool)
    mask[np.frombuffer(chars.encode("utf-32-le"), dtype=np.uint32)] = True
    return mask


def ours(cls: str, every: str) -> np.ndarray:
    """The code points ``regex`` matches with ``cls`` once the text is pinned."""
    pinned = pinned_text(every)
    return _mask("".join(every[m.start() : m.end()] for m in regex.finditer(f"{cls}+", pinned)))


def tiktoken_matches(cls: str, every: str) -> np.ndarray:
    """tiktoken's matches of ``cls``: with single bytes as ranks, what it encodes and decodes
    back is exactly the text its compiled pattern matched (it drops the rest)."""
    import tiktoken

    ranks = {bytes([b]): b for b in range(256)}
    enc = tiktoken.Encoding("probe", pat_str=f"{cls}+", mergeable_ranks=ranks, special_tokens={})
    return _mask(enc.decode(enc.encode_ordinary(every)))


def tokenizers_matches(cls: str, every: str) -> np.ndarray:
    """``tokenizers``' matches of ``cls``: a Split that removes them leaves the rest."""
    from tokenizers import Regex, pre_tokenizers

    split = pre_tokenizers.Split(Regex(f"{cls}+"), behavior="removed")
    kept = split.pre_tokenize_str(every)
    rest = _mask("".join(piece for piece, _ in kept))
    everything = _mask(every)
    return everything & ~rest


def _differences(a: np.ndarray, b: np.ndarray) -> str:
    diff = np.flatnonzero(a != b).tolist()
    return describe(diff)


@pytest.mark.parametrize("cls", CLASSES)
def test_classes_equal_tiktoken_on_every_code_point(cls: str, every: str) -> None:
    theirs = tiktoken_matches(cls, every)
    assert theirs.sum() > 0
    mine = ours(cls, every)
    assert np.array_equal(mine, theirs), f"{cls} (Unicode {UNICODE_VERSION}): " + _differences(mine, theirs)


@pytest.mark.parametrize("cls", [r"\p{L}", r"\p{N}", r"\s"])  # the classes of Llama 3's and Qwen's patterns
def test_classes_equal_tokenizers_on_every_code_point(cls: str, every: str) -> None:
    pytest.importorskip("tokenizers")
    theirs = tokenizers_matches(cls, every)
    mine = ours(cls, every)
    assert np.array_equal(mine, theirs), f"{cls}: " + _differences(mine, theirs)


def test_the_issue_example(openai: Mapping[str, Tokenizer], tiktoken_encodings: Mapping[str, Any]) -> None:
    """U+05C8 is unassigned in tiktoken's Unicode (a mark in ``regex``'s): no contraction."""
    text = "\u05c8't"
    assert openai["o200k_base"].encoder.encode_ordinary(text) == tiktoken_encodings["o200k_base"].encode_ordinary(text)
    assert openai["o200k_base"].encoder.encode_ordinary(text) == [147, 230, 6, 83]


@pytest.mark.slow
@pytest.mark.parametrize("name", OPENAI_SCANNED)
def test_every_code_point_encodes_as_tiktoken(
    name: str,
    probes: tuple[np.ndarray, str],
    openai: Mapping[str, Tokenizer],
    tiktoken_encodings: Mapping[str, Any],
) -> None:
    codes, text = probes
    enc, tok = tiktoken_encodings[name], openai[name]
    theirs = enc.encode(text, allowed_special={SEPARATOR})
    mine = tok.encoder.encode(text, frozenset({SEPARATOR}))  # the pure-Python path
    groups = differing_groups(mine, theirs, enc.encode_single_token(SEPARATOR))
    found = differing_code_points(codes, groups, tok.encoder.encode_ordinary, enc.encode_ordinary)
    assert not groups, f"{name}: " + describe(found)


@pytest.mark.slow
def test_every_code_point_is_cut_as_tokenizers_cuts(probes: tuple[np.ndarray, str]) -> None:
    """A byte-level ``tokenizer.json`` with Llama 3's pattern (trained here, written by our
    writer): ``tokenizers``' pre-tokenizer and ours cut every probe at the same offsets. The
    cuts are what the Unicode tables decide; the merges within a piece are the same BPE that the
    interop tests check against ``tokenizers`` (comparing ids here as well took minutes and
    gigabytes for a run of BPE over 1.1 million distinct pieces)."""
    tokenizers = pytest.importorskip("tokenizers")
    codes, text = probes
    sample = data_text("multiscript.txt")[:3000] + data_text("english.txt")[:2000]
    tok = train_bpe(None, 256 + 1 + 200, [SEPARATOR], text=sample, pretokenizer=f"regex:{LLAMA3_PATTERN}")
    hf = tokenizers.Tokenizer.from_str(json.dumps(hf_json(tok)))
    differing = [
        g
        for g, group in enumerate(text.split(SEPARATOR))
        if [span for _, span in hf.pre_tokenizer.pre_tokenize_str(group)] != tok.pretokenizer.spans(group)
    ]

    def cuts(pretokenize: Any) -> Any:
        return lambda t: [tuple(x) for x in pretokenize(t)]

    found = differing_code_points(
        codes,
        differing,
        cuts(tok.pretokenizer.spans),
        cuts(lambda t: [span for _, span in hf.pre_tokenizer.pre_tokenize_str(t)]),
    )
    assert not differing, "tokenizers: " + describe(found)
