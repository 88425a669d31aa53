"""Write the generated test texts of tests/data from the hand-written seeds in tests/data/seeds.

    python tests/data/make_data.py           # rewrite english.txt, chinese.txt, russian.txt,
                                             # multiscript.txt and python_code.txt
    python tests/data/make_data.py --check   # exit 1 if a committed file differs from what
                                             # this script writes (tests/engine/test_data.py does the same)

The seeds are original text written for this project. This script only recombines them to
reach a useful size: it keeps every seed paragraph in order, then adds paragraphs made of seed
sentences in a new order (Chinese and Python code also from small templates, so that there
are many distinct pieces), until the file reaches its target size. It is deterministic: its
own pseudo-random generator (SplitMix64, fixed seeds), no dependence on Python's ``random``
module, hash seed, platform or locale. The output files are committed, so the tests never
run this script except to check that the committed files are still what it writes.
"""

from __future__ import annotations

import ast
import re
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEEDS = HERE / "seeds"
EOT = "<|endoftext|>"

# Target sizes in bytes (UTF-8); each file stops at the first paragraph boundary past it.
TARGETS = {
    "english.txt": 96_000,
    "chinese.txt": 64_000,
    "russian.txt": 32_000,
    "multiscript.txt": 32_000,
    "python_code.txt": 64_000,
}


class Rng:
    """SplitMix64: a tiny, fully specified generator (same numbers everywhere, forever)."""

    MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = seed & self.MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n

    def between(self, lo: int, hi: int) -> int:
        """lo..hi inclusive."""
        return lo + self.below(hi - lo + 1)

    def pick(self, seq: list[str] | tuple[str, ...]) -> str:
        return seq[self.below(len(seq))]

    def chance(self, n: int) -> bool:
        """True once in n."""
        return self.below(n) == 0


def _seed(name: str) -> str:
    return (SEEDS / name).read_bytes().decode("utf-8")


def _paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]


def _sentences(paragraph: str, ends: str) -> list[str]:
    """Split after a sentence end (and a closing quote), before the next sentence."""
    after_end = rf"(?:(?<=[{ends}])|(?<=[{ends}][”\"’»]))(?<!Mr\.)(?<!Mrs\.)(?<!Dr\.)"
    parts = re.split(after_end + r"(?![”\"’»」])\s*(?=\S)", paragraph)
    return [p.strip() for p in parts if p.strip()]


def _size(parts: list[str]) -> int:
    return sum(len(p.encode("utf-8")) for p in parts)


def _prose(paragraphs: list[str], make_paragraph, target: int, per_document: tuple[int, int], rng: Rng) -> str:
    """Seed paragraphs in order, then made-up ones, grouped into documents joined by EOT."""
    out: list[str] = []
    pending = list(paragraphs)
    while pending or _size(out) < target:
        n = rng.between(*per_document)
        doc = []
        for _ in range(n):
            doc.append(pending.pop(0) if pending else make_paragraph())
            if not pending and _size(out) + _size(doc) >= target:
                break
        out.append("\n".join(doc) + "\n")
    return _join_documents(out)


def _join_documents(docs: list[str]) -> str:
    # TinyStories style: "...last line\n<|endoftext|>\nFirst line of the next..."
    return (EOT + "\n").join(docs)


def english() -> str:
    rng = Rng(1)
    paragraphs = _paragraphs(_seed("english.txt"))
    sentences = [s for p in paragraphs for s in _sentences(p, ".!?…")]

    def make() -> str:
        return " ".join(rng.pick(sentences) for _ in range(rng.between(3, 7)))

    return _prose(paragraphs, make, TARGETS["english.txt"], (2, 5), rng)


def _phrase_lists(text: str) -> dict[str, list[str]]:
    lists: dict[str, list[str]] = {}
    current = ""
    for line in text.splitlines():
        if line.startswith("# "):
            current = line[2:].strip()
            lists[current] = []
        elif line.strip():
            lists[current].append(line.strip())
    return lists


def chinese() -> str:
    rng = Rng(2)
    paragraphs = _paragraphs(_seed("chinese.txt"))
    sentences = [s for p in paragraphs for s in _sentences(p, "。！？")]
    w = _phrase_lists(_seed("chinese_phrases.txt"))
    # Most clauses (the text between two punctuation marks) draw on several lists, so that the
    # text has many distinct pieces, as real Chinese text does.
    templates = [
        "{时间}{人物}在{地点}{动作}。",
        "{人物}在{地点}{动作}的时候{景物}。",
        "{景物}的时候{人物}{感受}。",
        "{时间}{景物}，{人物}在{地点}{动作}，{人物}{感受}。",
        "“{人物}在哪儿？”“{人物}说在{地点}{动作}呢。”",
        "{繁體}，{人物}在{地点}{感受}。",
        "{时间}{人物}和{人物}一起在{地点}{动作}。",
        "听说{人物}{时间}常常在{地点}{动作}，真的吗？",
    ]

    def sentence() -> str:
        if rng.chance(6):
            return rng.pick(sentences)
        return re.sub(r"\{(\w+)\}", lambda m: rng.pick(w[m.group(1)]), rng.pick(templates))

    def make() -> str:
        return "".join(sentence() for _ in range(rng.between(3, 7)))

    return _prose(paragraphs, make, TARGETS["chinese.txt"], (3, 6), rng)


def russian() -> str:
    rng = Rng(3)
    paragraphs = _paragraphs(_seed("russian.txt"))
    sentences = [s for p in paragraphs for s in _sentences(p, ".!?")]

    def make() -> str:
        return " ".join(rng.pick(sentences) for _ in range(rng.between(3, 6)))

    return _prose(paragraphs, make, TARGETS["russian.txt"], (2, 4), rng)


# Written as escapes: the characters that matter here are invisible or easily mangled.
EMOJI = [
    "\U0001f44d",  # thumbs up
    "\U0001f44d\U0001f3fd",  # with a medium skin tone
    "\U0001f91a\U0001f3fe",  # raised back of hand, medium-dark skin tone
    "\U0001f469\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466",  # family: woman, woman, girl, boy (ZWJ)
    "\U0001f468\U0001f3fb\u200d\U0001f4bb",  # man technologist, light skin tone (ZWJ)
    "\U0001f9d1\U0001f3ff\u200d\U0001f91d\u200d\U0001f9d1\U0001f3fb",  # people holding hands, two skin tones
    "\U0001f3f3\ufe0f\u200d\U0001f308",  # rainbow flag (variation selector + ZWJ)
    "\U0001f408\u200d\u2b1b",  # black cat (ZWJ)
    "\U0001f1ef\U0001f1f5",  # flag: Japan (regional indicators)
    "\U0001f1fa\U0001f1e6",  # flag: Ukraine
    "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # flag: Scotland (tag sequence)
    "1\ufe0f\u20e3",  # keycap 1
    "\u2764\ufe0f",  # red heart, emoji presentation
    "\u2764\ufe0e",  # red heart, text presentation
    "\U0001f600",  # grinning face
    "\U0001f35c",  # steaming bowl
]
# Separators between the parts of a mixed line.
SEPARATORS = [
    " ",
    " ",
    " ",
    "\t",
    "\u00a0",
    "\u3000",
    " \u00b7 ",
    "  ",
    "\u2009",
    "\u202f",
    " | ",
    "\u200b",
    " \u2014 ",
]
# Lines that exist for their odd characters (combining marks, unusual spaces and breaks).
ODD_LINES = [
    "Combining marks: cafe\u0301 vs caf\u00e9, n\u0303 vs \u00f1, A\u030a vs \u00c5, q\u0307\u0323, Z\u0335\u0347\u0350.",
    "Devanagari conjuncts: \u0915\u094d\u0937 \u0924\u094d\u0930 \u091c\u094d\u091e \u0936\u094d\u0930.",
    "Spaces:\u00a0no-break,\u3000ideographic,\u2009thin,\u202fnarrow,\u2002en,\u2003em, zero\u200bwidth.",
    "Breaks: line\u2028separator, paragraph\u2029separator, next\u0085line, vertical\x0btab, form\x0cfeed.",
    "Directions: \u200fRTL mark\u200f, \u200eLTR mark\u200e, \u202aembedded\u202c, \u2067isolate\u2069.",
    "Tabs\tbetween\t\twords\tand\ttrailing tab\t",
    "Byte order mark inside a line: \ufeffhere.",
    "Fullwidth: \uff21\uff22\uff23\uff11\uff12\uff13\uff01\uff1f and halfwidth: \uff76\uff80\uff76\uff85.",
    "Astral letters: \U0001d400\U0001d401\U0001d402 \U00010400\U00010401 \U0001d7ce\U0001d7cf\U0001d7d0.",
]


def multiscript() -> str:
    rng = Rng(4)
    sections = _phrase_lists(_seed("multiscript.txt"))
    lines = [line for items in sections.values() for line in items]
    out: list[str] = []

    def add(line: str) -> None:
        # Mostly LF, some CRLF, as in files that passed through different editors.
        out.append(line + ("\r\n" if rng.chance(4) else "\n"))

    for items in sections.values():
        for line in items:
            add(line)
    for line in ODD_LINES:
        add(line)
    add("Emoji: " + " ".join(EMOJI))
    while _size(out) < TARGETS["multiscript.txt"]:
        parts = [rng.pick(lines) for _ in range(rng.between(2, 4))]
        if rng.chance(3):
            parts.insert(rng.below(len(parts) + 1), rng.pick(EMOJI) * rng.between(1, 3))
        if rng.chance(8):
            parts = [unicodedata.normalize("NFD", p) for p in parts]  # decomposed: base + combining marks
        line = parts[0]
        for part in parts[1:]:
            line += rng.pick(SEPARATORS) + part
        if rng.chance(12):
            line = "\t" + line
        add(line)
        if rng.chance(10):
            out.append("\n" if rng.chance(2) else "\r\n")  # an empty line
    return "".join(out)


NOUNS = (
    "order parcel sensor reading invoice ticket route station garden recipe sample track letter account "
    "booking shelf harbour lantern meter report journey kettle tide signal record budget lesson window "
    "ferry crate"
).split()
VERBS = (
    "load parse merge count filter render check update sort split collect clean group score export index "
    "trim rank format scan fetch store measure plan"
).split()
FIELDS = ["name", "kind", "owner", "city", "status", "colour", "size", "label", "region", "code"]
MESSAGES = [
    "nothing to do",
    "already done",
    "too many items",
    "not found",
    "out of range",
    "empty input",
    "could not read the file",
    "bad value",
    "waiting for the next one",
    "café closed → try again",
]


def _camel(word: str) -> str:
    return word[:1].upper() + word[1:]


def _number(rng: Rng) -> str:
    kind = rng.below(6)
    if kind == 0:
        return str(rng.between(2, 99))
    if kind == 1:
        return f"{rng.between(1, 9999):_}"
    if kind == 2:
        return f"0x{rng.between(16, 65535):04X}"
    if kind == 3:
        return f"{rng.between(1, 999)}.{rng.between(0, 99):02d}"
    if kind == 4:
        return f"{rng.between(1, 9)}e-{rng.between(2, 9)}"
    return str(rng.between(100, 100_000))


def _function(rng: Rng) -> str:
    noun, verb, field = rng.pick(NOUNS), rng.pick(VERBS), rng.pick(FIELDS)
    cls, n, msg = _camel(noun), _number(rng), rng.pick(MESSAGES)
    kind = rng.below(8)
    if kind == 0:
        return (
            f"def {verb}_{noun}s(items: list[{cls}], limit: int = {rng.between(2, 500)}) -> list[{cls}]:\n"
            f'    """{_camel(verb)} at most ``limit`` {noun}s, skipping the empty ones."""\n'
            f"    out: list[{cls}] = []\n"
            "    for item in items:\n"
            "        if not item:\n"
            "            continue\n"
            "        out.append(item)\n"
            "        if len(out) >= limit:\n"
            "            break\n"
            "    return out\n"
        )
    if kind == 1:
        return (
            f'def {verb}_{noun}_table(rows: Iterable[dict[str, object]], key: str = "{field}") -> dict[str, list]:\n'
            "    table: dict[str, list] = {}\n"
            "    for row in rows:\n"
            '        table.setdefault(str(row.get(key, "")), []).append(row)\n'
            "    return {k: table[k] for k in sorted(table)}\n"
        )
    if kind == 2:
        return (
            f"class {cls}{_camel(verb)}er:\n"
            f'    """Keeps {noun}s by {field} and {verb}s them on demand."""\n\n'
            f"    limit = {n}\n\n"
            "    def __init__(self, name: str, *, strict: bool = False) -> None:\n"
            "        self.name = name\n"
            "        self.strict = strict\n"
            f"        self._{noun}s: dict[str, {cls}] = {{}}\n\n"
            "    def __repr__(self) -> str:\n"
            f'        return f"{cls}{_camel(verb)}er({{self.name!r}}, {{len(self._{noun}s)}} {noun}s)"\n\n'
            f"    def add(self, {field}: str, {noun}: {cls}) -> None:\n"
            f"        if self.strict and {field} in self._{noun}s:\n"
            f'            raise KeyError(f"{{{field}!r}}: {msg}")\n'
            f"        self._{noun}s[{field}] = {noun}\n\n"
            "    @property\n"
            "    def size(self) -> int:\n"
            f"        return len(self._{noun}s)\n"
        )
    if kind == 3:
        return (
            f"def {verb}_{field}(text: str) -> int | None:\n"
            f'    """The {field} in ``text`` as a number, or None ({msg})."""\n'
            "    try:\n"
            '        value = int(text.strip().split("=", 1)[-1])\n'
            "    except ValueError:\n"
            "        return None\n"
            f"    if value < 0 or value > {rng.between(10, 10**6)}:\n"
            f'        raise ValueError(f"{field} {{value}} is {msg}")\n'
            "    return value\n"
        )
    if kind == 4:
        return (
            f"async def {verb}_{noun}_stream(source, size: int = {rng.between(1, 64) * 1024}):\n"
            "    buffer = []\n"
            "    async for chunk in source:\n"
            "        buffer.append(chunk)\n"
            "        if sum(map(len, buffer)) >= size:\n"
            '            yield b"".join(buffer)\n'
            "            buffer.clear()\n"
            "    if buffer:\n"
            '        yield b"".join(buffer)\n'
        )
    if kind == 5:
        entries = "".join(f'    "{rng.pick(FIELDS)}_{i}": {_number(rng)},\n' for i in range(rng.between(3, 8)))
        return f"{noun.upper()}_{verb.upper()}_LIMITS = {{\n{entries}}}\n"
    if kind == 6:
        a, b = rng.between(1, 50), rng.between(1, 50)
        return (
            f"def test_{verb}_{noun}_{a}_{b}() -> None:\n"
            f"    values = [x * {a} for x in range({b}) if x % 3 != 1]\n"
            f"    assert sum(values) == {sum(x * a for x in range(b) if x % 3 != 1)}\n"
            f'    assert f"{{len(values):>4}}|" == "{len([x for x in range(b) if x % 3 != 1]):>4}|"\n'
            f'    assert "\\t".join(["{noun}", "{verb}"]).split("\\t") == ["{noun}", "{verb}"]\n'
        )
    return (
        f"def describe_{noun}({noun}: dict) -> str:\n"
        f'    match {noun}.get("{field}"):\n'
        "        case None:\n"
        f'            return "{msg}"\n'
        "        case str(s) if s:\n"
        f'            return f"{noun} {{s}}"\n'
        "        case int(n):\n"
        f'            return f"{noun} #{{n:04d}}"\n'
        "        case _:\n"
        f'            return "unknown {noun}"\n'
    )


def python_code() -> str:
    rng = Rng(5)
    out = [_seed("python_code.txt")]
    module = 0
    while _size(out) < TARGETS["python_code.txt"]:
        module += 1
        noun, verb = rng.pick(NOUNS), rng.pick(VERBS)
        parts = [
            f"\n\n# ---- {noun}_{verb}_{module}.py ----\n"
            f'"""{_camel(verb)} {noun}s: generated module {module} of the test data."""\n\n'
            "from __future__ import annotations\n\n"
            "from typing import Iterable\n\n"
            f"{_camel(noun)} = dict\n"
        ]
        for _ in range(rng.between(3, 6)):
            parts.append("\n\n" + _function(rng))
        block = "".join(parts)
        ast.parse(block)  # every generated module is valid Python
        out.append(block)
    return "".join(out)


MAKERS = {
    "english.txt": english,
    "chinese.txt": chinese,
    "russian.txt": russian,
    "multiscript.txt": multiscript,
    "python_code.txt": python_code,
}


def generate() -> dict[str, bytes]:
    """Every generated file's name and bytes."""
    return {name: make().encode("utf-8") for name, make in MAKERS.items()}


def main(argv: list[str]) -> int:
    files = generate()
    if "--check" in argv:
        stale = [name for name, data in files.items() if (HERE / name).read_bytes() != data]
        for name in stale:
            print(f"{name} differs from what make_data.py writes", file=sys.stderr)
        return 1 if stale else 0
    for name, data in files.items():
        (HERE / name).write_bytes(data)
        print(f"{name}: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
