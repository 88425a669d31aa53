"""Keeps the translation files in step with the code: ``python -m app.core.i18n.catalog``.

1. Extracts every string the app shows from the source (``tr("...")``, ``noop("...")`` and
   the third argument of ``bind(obj, method, "...")``), with Python's own parser: Qt's
   ``pyside6-lupdate`` reads Python loosely (a ``self.tr`` after a ``translate`` call lands in
   a made-up context) and knows nothing of :func:`~app.core.i18n.bind`.
2. Updates ``resources/i18n/bpe_explorer_<language>.ts``: translations of strings still in the
   code are kept, new strings are added as unfinished, strings gone from the code are dropped
   (and listed).
3. Compiles each ``.ts`` to the ``.qm`` the app loads, with Qt's ``lrelease`` (shipped in PySide6).

``--check`` changes nothing and exits with status 1 if a string lacks a translation or a file is
out of date (the tests run the same checks).
"""

from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

import PySide6

from app.core.i18n import CONTEXT, LANGUAGES, SOURCE_LANGUAGE

__all__ = ["Message", "extract", "read_ts", "write_ts", "compile_qm", "untranslated", "main"]

APP_DIR = Path(__file__).resolve().parents[2]
REPO = APP_DIR.parent
TS_DIR = REPO / "resources" / "i18n"
MARKERS = {"tr": 0, "tr_n": 0, "noop": 0, "bind": 2}  # function name -> index of the source argument
NUMERUS = {"tr_n"}  # markers whose strings have plural forms (numerus="yes" messages)
#: app.widgets.build's builders, called as ``build.button(parent, "Text", ..., tooltip="...")``:
#: index of the text argument; their ``tooltip`` keyword is a source too.
BUILDERS = {"button": 1, "check_box": 1, "action": 1, "group_box": 1, "labelled": 2, "combo": -1}


@dataclass
class Message:
    source: str
    locations: list[tuple[str, int]] = field(default_factory=list)
    translation: str = ""
    numerus: bool = False  # a tr_n string: its translation is a list of plural forms


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "i18n":
        return func.attr
    return None


def _sources(node: ast.Call) -> list[ast.expr]:
    """The arguments of ``node`` that are English sources (see MARKERS and BUILDERS)."""
    name = _name(node.func)
    if name in MARKERS:
        return node.args[MARKERS[name] : MARKERS[name] + 1]
    func = node.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "build":
        index = BUILDERS.get(func.attr)
        if index is None:
            return []
        found = node.args[index : index + 1] if index >= 0 else []
        return found + [k.value for k in node.keywords if k.arg == "tooltip"]
    return []


def extract(root: Path = APP_DIR) -> dict[str, Message]:
    """Every marked string in the ``.py`` files under ``root``, in order of first appearance."""
    found: dict[str, Message] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        rel = path.relative_to(REPO).as_posix() if path.is_relative_to(REPO) else path.name
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            for arg in _sources(node):
                if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                    continue  # tr(variable): the value was marked where it was written
                msg = found.setdefault(arg.value, Message(arg.value))
                msg.numerus = msg.numerus or _name(node.func) in NUMERUS
                msg.locations.append((rel, node.lineno))
    # Files only, no line numbers, sorted: the .ts changes when strings do, not when code moves.
    for msg in found.values():
        msg.locations = sorted(set((file, 0) for file, _ in msg.locations))
    return dict(sorted(found.items(), key=lambda kv: (kv[1].locations[0][0], kv[0])))


def read_ts(path: Path) -> dict[str, str]:
    """Source -> finished translation of a ``.ts`` file (unfinished ones are left out)."""
    if not path.exists():
        return {}
    result: dict[str, str] = {}
    ours = [c for c in ET.parse(path).getroot().iter("context") if c.findtext("name") == CONTEXT]
    for message in (m for c in ours for m in c.iter("message")):
        source = message.findtext("source") or ""
        node = message.find("translation")
        if node is None or node.get("type") in ("unfinished", "vanished", "obsolete"):
            continue
        # A numerus message's forms are <numerusform>s; Chinese has one (one form for any n).
        text = node.findtext("numerusform") or node.text
        if text and text.strip():
            result[source] = text
    return result


# Qt's own strings that its shipped catalog (qtbase_<language>.qm) leaves untranslated: its file
# dialog's labels carry shortcuts ("&Look in:") that the catalog has only without them.
QT_GAPS: dict[str, dict[str, dict[str, str]]] = {
    "zh_CN": {"QFileDialog": {"&Look in:": "查找范围(&L)：", "Files of &type:": "文件类型(&T)："}},
}


def write_ts(path: Path, language: str, messages: dict[str, Message]) -> None:
    """Write ``messages`` as a ``.ts`` file (Qt's XML), unfinished where there is no translation."""
    root = ET.Element("TS", version="2.1", language=language, sourcelanguage=SOURCE_LANGUAGE)
    context = ET.SubElement(root, "context")
    ET.SubElement(context, "name").text = CONTEXT
    for msg in messages.values():
        node = ET.SubElement(context, "message")
        if msg.numerus:
            node.set("numerus", "yes")
        for file, _ in msg.locations:
            ET.SubElement(node, "location", filename=f"../../{file}")
        ET.SubElement(node, "source").text = msg.source
        translation = ET.SubElement(node, "translation")
        if not msg.translation:
            translation.set("type", "unfinished")
        if msg.numerus:
            ET.SubElement(translation, "numerusform").text = msg.translation
        else:
            translation.text = msg.translation
    for name, strings in QT_GAPS.get(language, {}).items():
        qt_context = ET.SubElement(root, "context")
        ET.SubElement(qt_context, "name").text = name
        for source, text in strings.items():
            node = ET.SubElement(qt_context, "message")
            ET.SubElement(node, "source").text = source
            ET.SubElement(node, "translation").text = text
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    text = f'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n{body}\n'
    tmp = path.with_suffix(".ts.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def lrelease() -> Path:
    return Path(PySide6.__file__).parent / ("lrelease.exe" if sys.platform == "win32" else "lrelease")


def compile_qm(ts: Path, qm: Path) -> None:
    """Compile ``ts`` to ``qm`` with Qt's lrelease; raises with its output if it fails.

    subtle: the new file replaces the old one by a rename; a running app maps the ``.qm`` into
    memory, and rewriting it in place crashed that app (SIGBUS) at its next translation."""
    part = qm.with_name(qm.name + ".part")
    done = subprocess.run(
        [str(lrelease()), "-silent", "-nounfinished", str(ts), "-qm", str(part)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        part.unlink(missing_ok=True)
        raise RuntimeError(f"lrelease failed on {ts}: {done.stdout}{done.stderr}")
    os.replace(part, qm)


def ts_path(language: str) -> Path:
    return TS_DIR / f"bpe_explorer_{language}.ts"


def untranslated(language: str) -> list[Message]:
    """The strings of the code that ``language``'s ``.ts`` does not translate."""
    known = read_ts(ts_path(language))
    return [m for m in extract().values() if not known.get(m.source)]


def _merged(language: str) -> tuple[dict[str, Message], list[str]]:
    known = read_ts(ts_path(language))
    messages = extract()
    for msg in messages.values():
        msg.translation = known.get(msg.source, "")
    return messages, sorted(set(known) - set(messages))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.core.i18n.catalog", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; fail if anything is out of date")
    args = parser.parse_args(argv)
    status = 0
    for language in LANGUAGES:
        if language == SOURCE_LANGUAGE:
            continue
        messages, gone = _merged(language)
        missing = [m for m in messages.values() if not m.translation]
        ts = ts_path(language)
        qm = ts.with_suffix(".qm")
        if args.check:
            with tempfile.TemporaryDirectory() as tmp:
                fresh_ts, fresh_qm = Path(tmp) / ts.name, Path(tmp) / qm.name
                write_ts(fresh_ts, language, messages)
                compile_qm(fresh_ts, fresh_qm)
                stale = [
                    p.name
                    for p, f in ((ts, fresh_ts), (qm, fresh_qm))
                    if not p.exists() or p.read_bytes() != f.read_bytes()
                ]
            for m in missing:
                print(f"{m.locations[0][0]}: no {language} translation for {m.source!r}")
            if stale:
                print(f"out of date: {', '.join(stale)}; run python -m app.core.i18n.catalog")
            status |= bool(missing or stale or gone)
            continue
        ts.parent.mkdir(parents=True, exist_ok=True)
        write_ts(ts, language, messages)
        compile_qm(ts, qm)
        for source in gone:
            print(f"dropped (no longer in the code): {source!r}")
        print(f"{ts.name}: {len(messages)} strings, {len(missing)} without a translation")
    return status


if __name__ == "__main__":
    sys.exit(main())
