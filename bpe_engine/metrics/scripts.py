"""Words and scripts, as the measures of :mod:`bpe_engine.metrics` count them.

**Words** (for fertility): a word is a run of characters between whitespace, except that in
the scripts written without spaces between words each character counts as a word of its
own. Those scripts are listed in :data:`NO_SPACE_SCRIPTS`: Han (Chinese characters, also in
Japanese and Korean texts), Hiragana, Katakana, Bopomofo, Thai, Lao, Khmer and Myanmar.
Tibetan (syllables separated by the tsheg ``་``) and Hangul (written with spaces) are
counted like Latin. A run mixing both kinds is cut at each such character: ``"GPT模型"`` is
three words, ``GPT``, ``模``, ``型``; punctuation stays with the run it touches, as in
whitespace splitting (``"自由，平等"`` is ``自``, ``由``, ``，``, ``平``, ``等``). This is the
usual convention of the fertility literature for unsegmented scripts (Rust et al. 2021 count
words from whitespace-tokenized treebanks; for Chinese and Japanese a character is the
nearest unit that needs no segmenter).

**Scripts** (for grouping languages): :func:`dominant_script` names the script most of a
text's letters belong to, from the first word of each letter's Unicode name (``LATIN``,
``CYRILLIC``, ``CJK`` ...), written as people write it (``Latin``, ``Cyrillic``, ``Han``);
a text whose letters are more than a tenth Hiragana or Katakana is ``Han+Kana`` (Japanese).

>>> words("Hello, world! 世界人权 GPT模型")
['Hello,', 'world!', '世', '界', '人', '权', 'GPT', '模', '型']
>>> word_spans("a 中文")
[(0, 1), (2, 3), (3, 4)]
>>> dominant_script("Всеобщая декларация"), dominant_script("人類社会のすべての構成員")
('Cyrillic', 'Han+Kana')
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

__all__ = ["NO_SPACE_SCRIPTS", "words", "word_spans", "dominant_script", "script_of_char"]

#: Scripts written without spaces between words, with their Unicode ranges: each character
#: of these counts as one word.
NO_SPACE_SCRIPTS: dict[str, str] = {
    "Han": "\u2e80-\u2fdf\u3005\u3007\u3021-\u3029\u3038-\u303b\u3400-\u4dbf\u4e00-\u9fff"
    "\uf900-\ufaff\U00020000-\U0003134f",
    "Hiragana": "\u3040-\u309f",
    "Katakana": "\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f",
    "Bopomofo": "\u3100-\u312f\u31a0-\u31bf",
    "Thai": "\u0e00-\u0e7f",
    "Lao": "\u0e80-\u0eff",
    "Khmer": "\u1780-\u17ff\u19e0-\u19ff",
    "Myanmar": "\u1000-\u109f\uaa60-\uaa7f\ua9e0-\ua9ff",
}
_NO_SPACE = "".join(NO_SPACE_SCRIPTS.values())
_WORD = re.compile(f"[{_NO_SPACE}]|[^\\s{_NO_SPACE}]+")

# The first word of a Unicode name, where it is not the script's usual name.
_SCRIPT_NAMES = {"CJK": "Han", "KANGXI": "Han", "CANADIAN": "Canadian Syllabics", "NKO": "NKo", "OL": "Ol Chiki"}
_KANA = {"Hiragana", "Katakana"}


def word_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` character offsets of each word of ``text`` (see the module docstring)."""
    return [m.span() for m in _WORD.finditer(text)]


def words(text: str) -> list[str]:
    """The words of ``text`` (see the module docstring)."""
    return _WORD.findall(text)


def script_of_char(ch: str) -> str | None:
    """The script of one letter (``Latin``, ``Han``, ``Hiragana`` ...); None for a character
    that is no letter (digits, punctuation, spaces, marks)."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    name = unicodedata.name(ch, "")
    if not name:
        return None
    first = name.split(" ", 1)[0]
    return _SCRIPT_NAMES.get(first, first.title())


def dominant_script(text: str) -> str:
    """The script most letters of ``text`` are written in; ``Han+Kana`` when more than a tenth
    are Hiragana or Katakana (Japanese); ``Unknown`` when it has no letter."""
    counts = Counter(s for s in map(script_of_char, text) if s is not None)
    if not counts:
        return "Unknown"
    total = sum(counts.values())
    kana = sum(n for s, n in counts.items() if s in _KANA)
    if kana * 10 > total and (kana + counts.get("Han", 0)) * 2 > total:
        return "Han+Kana"
    return counts.most_common(1)[0][0]
