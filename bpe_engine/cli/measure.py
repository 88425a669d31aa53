"""``bpe-engine measure``: the language tax, efficiency and vocabulary health of tokenizers.

    bpe-engine measure tiktoken:r50k_base tiktoken:o200k_base --parallel resources/parallel --csv out.csv
    bpe-engine measure llama/tokenizer.json --text essay.txt --health

With ``--parallel DIR`` (a folder of ``<language>.txt`` files, see
:mod:`bpe_engine.metrics.parallel`) it prints each language's tokens and premium against the
reference language per tokenizer, grouped by script, and each tokenizer's Gini coefficients;
with ``--text FILE`` only the efficiency table. ``--health`` adds the vocabulary health (it
encodes every token of the vocabulary: seconds for a large one). ``--csv`` writes every
figure in long form (``table, tokenizer, language, name, script, measure, value``).
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..interface import TokenizerLike
from ..metrics import (
    Compression,
    Fertility,
    ParallelLanguage,
    Parity,
    RenyiEfficiency,
    VocabularyHealth,
    compression,
    fertility,
    load_parallel,
    parity,
    renyi_efficiency,
    vocabulary_health,
)
from .files import Fail, check_output, open_output
from .tokenizers import TIKTOKEN_PREFIX, add_format_options, load_named

__all__ = ["add_measure", "cmd_measure"]

_TEXT_LIMIT = 256 << 20


@dataclass(frozen=True)
class _Measured:
    """Every figure of one tokenizer."""

    name: str
    parity: Parity | None
    compression: Compression
    fertility: Fertility
    renyi: RenyiEfficiency
    health: VocabularyHealth | None


def add_measure(sub: Any) -> None:
    m = sub.add_parser("measure", help="the language tax, efficiency and vocabulary health of tokenizers")
    m.add_argument("tokenizers", nargs="+", metavar="TOKENIZER", help="a tokenizer file or folder, or tiktoken:NAME")
    src = m.add_mutually_exclusive_group(required=True)
    src.add_argument("--parallel", metavar="DIR", help="a folder of <language>.txt files (parallel texts)")
    src.add_argument("--text", metavar="FILE", help="a UTF-8 text file")
    m.add_argument("--reference", default="eng", help="the language premiums are relative to (default eng)")
    m.add_argument("--alpha", type=float, default=2.5, help="the order of the Rényi entropy (default 2.5)")
    m.add_argument("--health", action="store_true", help="also the vocabulary health (slower)")
    m.add_argument("--csv", metavar="FILE", help="write every figure to this CSV file (- for standard output)")
    m.add_argument("-q", "--quiet", action="store_true", help="no progress output")
    add_format_options(m)
    m.set_defaults(func=cmd_measure)


def _read_text(path: str) -> str:
    from .._files import FileProblem, read_regular
    from ..errors import CorpusEncodingError

    try:
        data = read_regular(path, _TEXT_LIMIT, "text to measure")
    except FileProblem as exc:
        raise Fail(str(exc)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorpusEncodingError(path, exc.start, exc.reason) from None


def _measure(tok: TokenizerLike, name: str, texts: dict[str, str], args: argparse.Namespace) -> _Measured:
    ids = {lang: tok.encode_ordinary(text) for lang, text in texts.items()}
    comps = [compression(tok, texts[k], ids=ids[k]) for k in texts]
    ferts = [fertility(tok, texts[k], ids=ids[k]) for k in texts]
    joined = "\n".join(texts.values())
    all_ids = [i for k in texts for i in ids[k]]
    return _Measured(
        name=name,
        parity=parity(tok, texts, args.reference, ids_by_language=ids) if args.parallel else None,
        compression=Compression(*(sum(getattr(c, f) for c in comps) for f in ("tokens", "bytes", "chars"))),
        fertility=Fertility(*(sum(getattr(f, k) for f in ferts) for k in ("tokens", "words", "split_words"))),
        renyi=renyi_efficiency(tok, joined, args.alpha, ids=all_ids),
        health=vocabulary_health(tok, joined) if args.health else None,
    )


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(r[k])) for r in [header, *rows]) for k in range(len(header))]
    lines = [
        "  ".join(str(c).ljust(w) if k < 3 else str(c).rjust(w) for k, (c, w) in enumerate(zip(r, widths)))
        for r in [header, *rows]
    ]
    return "\n".join(line.rstrip() for line in lines)


def _tax_table(langs: Sequence[ParallelLanguage], done: Sequence[_Measured]) -> str:
    header = ["language", "name", "script"]
    for m in done:
        header += [f"{m.name} tokens", "tokens/sentence", "premium"]
    order = sorted(range(len(langs)), key=lambda k: (langs[k].script, k))
    rows = []
    for k in order:
        row = [langs[k].code, langs[k].name[:28], langs[k].script]
        for m in done:
            assert m.parity is not None
            cost = m.parity.languages[k]
            row += [f"{cost.tokens:,}", f"{cost.tokens_per_sentence:.1f}", f"{cost.premium:.2f}"]
        rows.append(row)
    gini = ["", "Gini of premiums", ""]
    per_byte = ["", "Gini per byte", ""]
    for m in done:
        assert m.parity is not None
        gini += ["", "", f"{m.parity.gini_premium:.3f}"]
        per_byte += ["", "", f"{m.parity.gini_per_byte:.3f}"]
    return _table(header, [*rows, gini, per_byte])


def _efficiency_table(done: Sequence[_Measured], alpha: float) -> str:
    header = [
        "tokenizer",
        "vocabulary",
        "tokens",
        "bytes/token",
        "chars/token",
        "tokens/word",
        "split words",
        f"Rényi {alpha:g}",
    ]
    rows = [
        [
            m.name,
            f"{m.renyi.vocab_size:,}",
            f"{m.compression.tokens:,}",
            f"{m.compression.bytes_per_token:.3f}",
            f"{m.compression.chars_per_token:.3f}",
            f"{m.fertility.tokens_per_word:.3f}",
            f"{m.fertility.split_share:.1%}",
            f"{m.renyi.efficiency:.4f}",
        ]
        for m in done
    ]
    return _table(header, rows)


def _health_table(done: Sequence[_Measured]) -> str:
    header = ["tokenizer", "tokens", "unreachable", "part-character", "unused", "intermediate only", "candidates"]
    rows = []
    for m in done:
        h = m.health
        assert h is not None
        rows.append(
            [
                m.name,
                f"{h.tokens:,}",
                f"{len(h.unreachable):,}",
                f"{len(h.part_character):,}",
                f"{len(h.unused or ()):,}",
                f"{len(h.intermediate_only or ()):,}",
                f"{len(h.undertrained_candidates):,}",
            ]
        )
    return _table(header, rows)


def _csv_rows(langs: Sequence[ParallelLanguage], done: Sequence[_Measured]) -> list[list[object]]:
    rows: list[list[object]] = []
    for m in done:
        if m.parity is not None:
            for lang, cost in zip(langs, m.parity.languages):
                for measure, value in (
                    ("tokens", cost.tokens),
                    ("bytes", cost.bytes),
                    ("chars", cost.chars),
                    ("premium", cost.premium),
                    ("bytes_per_token", cost.bytes_per_token),
                    ("tokens_per_sentence", cost.tokens_per_sentence),
                ):
                    rows.append(["language_tax", m.name, lang.code, lang.name, lang.script, measure, value])
            rows.append(["language_tax", m.name, "", "", "", "gini_premium", m.parity.gini_premium])
            rows.append(["language_tax", m.name, "", "", "", "gini_per_byte", m.parity.gini_per_byte])
        c, f, r = m.compression, m.fertility, m.renyi
        for measure, value in (
            ("tokens", c.tokens),
            ("bytes_per_token", c.bytes_per_token),
            ("chars_per_token", c.chars_per_token),
            ("words", f.words),
            ("tokens_per_word", f.tokens_per_word),
            ("split_share", f.split_share),
            (f"renyi_efficiency_{r.alpha:g}", r.efficiency),
            ("shannon_efficiency", r.shannon_efficiency),
        ):
            rows.append(["efficiency", m.name, "", "", "", measure, value])
        if m.health is not None:
            h = m.health
            for measure, count in (
                ("unreachable", len(h.unreachable)),
                ("part_character", len(h.part_character)),
                ("unused", len(h.unused or ())),
                ("intermediate_only", len(h.intermediate_only or ())),
                ("undertrained_candidates", len(h.undertrained_candidates)),
            ):
                rows.append(["vocabulary_health", m.name, "", "", "", measure, count])
    return rows


def _inputs(args: argparse.Namespace) -> tuple[list[ParallelLanguage], dict[str, str]]:
    if args.parallel:
        sample = load_parallel(args.parallel)
        return list(sample.languages), sample.texts()
    text = _read_text(args.text)
    return [ParallelLanguage("text", args.text, "", text)], {"text": text}


def cmd_measure(args: argparse.Namespace) -> int:
    if not args.alpha > 0:
        raise Fail(f"--alpha must be above 0, got {args.alpha:g}")
    inputs = [t for t in args.tokenizers if not t.startswith(TIKTOKEN_PREFIX)]
    inputs += [args.parallel or args.text]
    if args.csv:
        check_output(args.csv, inputs)
    langs, texts = _inputs(args)
    done: list[_Measured] = []
    for spec in args.tokenizers:
        if not args.quiet:
            print(f"measuring {spec} ...", file=sys.stderr)
        tok = load_named(spec, args)
        done.append(_measure(tok, tok.name or spec, texts, args))
    if args.parallel:
        print(f"Language tax: tokens of the same text, and the premium against {args.reference}")
        print(_tax_table(langs, done))
        print()
    print("Efficiency" + (" (all languages together)" if args.parallel else ""))
    print(_efficiency_table(done, args.alpha))
    if args.health:
        print()
        print("Vocabulary health (special tokens not counted)")
        print(_health_table(done))
    if args.csv:
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(["table", "tokenizer", "language", "name", "script", "measure", "value"])
        writer.writerows(_csv_rows(langs, done))
        with open_output(args.csv) as out:
            out.write(buf.getvalue().encode("utf-8"))
        if args.csv != "-" and not args.quiet:
            print(f"wrote {args.csv}", file=sys.stderr)
    return 0
