"""Every text the app shows goes through the translation machinery: no widget, menu, tab,
tooltip, banner or message box receives an English literal or f-string straight from the
code (it would stay English in Chinese). A line that really shows no language (a symbol,
a format name, a shortcut) says so with ``# i18n: none``."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[3] / "app"

#: Methods whose text argument a person reads (Qt's names; the message bar's; ours).
TEXT_METHODS = {
    "setText",
    "setToolTip",
    "setStatusTip",
    "setWhatsThis",
    "setPlaceholderText",
    "setWindowTitle",
    "setTitle",
    "setTabText",
    "setTabToolTip",
    "addTab",
    "insertTab",
    "addItem",
    "insertItem",
    "setItemText",
    "setHorizontalHeaderLabels",
    "setVerticalHeaderLabels",
    "setHeaderLabels",
    "setPrefix",
    "setSuffix",
    "setSpecialValueText",
    "setFormat",
    "addAction",
    "addMenu",
    "addSection",
    "setLabelText",
    "setInformativeText",
    "setDetailedText",
    "showMessage",
    "information",
    "warning",
    "critical",
    "question",
    "about",
    "getSaveFileName",
    "getOpenFileName",
    "getOpenFileNames",
    "getExistingDirectory",
    "info",
    "error",
    "success",
}
#: Widgets whose constructor's first argument is shown.
TEXT_WIDGETS = {"QLabel", "QPushButton", "QCheckBox", "QRadioButton", "QGroupBox", "QAction", "QMenu", "QToolButton"}
#: Calls whose string arguments are markers themselves (the catalog reads them).
MARKED = {"tr", "noop", "bind"}


def _has_words(node: ast.expr) -> bool:
    """A literal or f-string with at least two letters in a row in its fixed text."""
    parts: list[str] = []
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        parts = [node.value]
    elif isinstance(node, ast.JoinedStr):
        parts = [v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _has_words(node.left) or _has_words(node.right)
    elif isinstance(node, ast.IfExp):
        return _has_words(node.body) or _has_words(node.orelse)
    text = "".join(parts)
    return any(a.isalpha() and b.isalpha() for a, b in zip(text, text[1:], strict=False))


def _callee(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    if isinstance(node.func, ast.Name):
        return node.func.id
    return None


def untranslated_literals(path: Path, root: Path = APP.parent) -> list[str]:
    """``file:line: call`` for each English text handed straight to something that shows it."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source, str(path))):
        if not isinstance(node, ast.Call):
            continue
        name = _callee(node)
        if (
            name == "tr"
            and isinstance(node.func, ast.Attribute)
            and not (isinstance(node.func.value, ast.Name) and node.func.value.id == "i18n")
        ):
            # (Qt's QObject.tr translates in the class's own context, which our one catalog lacks)
            found.append(f"{path.relative_to(root).as_posix()}:{node.lineno}: self.tr (use app.core.i18n.tr)")
            continue
        if name in MARKED or name is None:
            continue
        if name in TEXT_METHODS or name in TEXT_WIDGETS:
            args = list(node.args) + [k.value for k in node.keywords if k.arg in {"text", "title", "caption"}]
            if any(_has_words(a) for a in args):
                end = node.end_lineno or node.lineno
                if not any("# i18n: none" in lines[i - 1] for i in range(node.lineno, end + 1)):
                    found.append(f"{path.relative_to(root).as_posix()}:{node.lineno}: {name}")
    return found


def test_no_english_literal_reaches_the_screen() -> None:
    offenders = [hit for path in sorted(APP.rglob("*.py")) for hit in untranslated_literals(path)]
    assert not offenders, "wrap these texts in tr()/bind() (see app/i18n):\n" + "\n".join(offenders)


def test_the_checker_finds_literals_and_passes_marked_ones(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "label.setText('Vocabulary size')\n"
        "label.setToolTip(f'{n} merges so far')\n"
        "QPushButton('Train', self)\n"
        "box.addItem(tr('Characters'))\n"
        "bind(button, 'setText', 'Start')\n"
        "label.setText('—')\n"
        "label.setText(f'{n:,}')\n"
        "combo.addItem('GPT-2')  # i18n: none\n"
        "self.tr('Vocabulary')\n",
        encoding="utf-8",
    )
    hits = [hit.split(":", 1)[1] for hit in untranslated_literals(probe, tmp_path)]
    assert sorted(hits, key=lambda h: int(h.split(":")[0])) == [
        "1: setText",
        "2: setToolTip",
        "3: QPushButton",
        "9: self.tr (use app.core.i18n.tr)",
    ]
