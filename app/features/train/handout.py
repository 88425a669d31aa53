"""A one-page HTML handout of a step-mode run's merges, for a class (issue 23, point 6).

Each row is one merge: its rank, the pair, the new token, the pair's count, and the tie note
the step panel shows: every pair that had the same count when step mode stopped before that
merge (the step panel's list, ``StepPanel.tie_log``), and the rule's verdict against each;
a merge made without a stop before it has the engine's best other pair (``tied_with``).
The text comes from the same wording functions as the step panel, so the handout and the
screen agree. Saved as HTML, or as PDF (the same HTML laid out by Qt's ``QTextDocument``).
"""

from __future__ import annotations

import html
import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QMarginsF, QSizeF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument
from PySide6.QtWidgets import QFileDialog

from app.core.i18n import tr, tr_n
from app.core.settings import FileKind
from app.display.file_names import clean_stem
from app.display.format import token_label
from app.features.train.step_panel import Pair, explain_ties, pair_text
from bpe_engine import MergeEvent

if TYPE_CHECKING:
    from app.features.train.view import TrainView

_STYLE = (
    "body{font-family:sans-serif;margin:1.5em;font-size:11pt}"
    "table{border-collapse:collapse;width:100%}"
    "th,td{border:1px solid #999;padding:3px 6px;text-align:left;vertical-align:top}"
    "th{background:#eee}td.num{text-align:right}"
    "th:nth-child(-n+4),td:nth-child(-n+4){white-space:nowrap}"  # pairs and counts never break
)


TieLog = Mapping[int, tuple[Pair, list[Pair]]]


def tied_pairs(merge: MergeEvent, ties: TieLog | None = None) -> list[Pair]:
    """The other pairs that had ``merge``'s count: the step panel's list for its rank when it
    recorded one for this pair, else the engine's ``tied_with`` (or none)."""
    logged = ties.get(merge.rank) if ties is not None else None
    if logged is not None and logged[0] == (merge.left, merge.right) and logged[1]:
        return list(logged[1])
    return [merge.tied_with] if merge.tied_with is not None else []


def tie_note(merge: MergeEvent, tie_break: str, ties: TieLog | None = None) -> str:
    """The tie explanation of ``merge`` (plain text), or "" when no other pair had its count."""
    others = tied_pairs(merge, ties)
    if not others:
        return ""
    return explain_ties((merge.left, merge.right), others, tie_break, merge.count)


def _row(m: MergeEvent, tie_break: str, ties: TieLog | None) -> str:
    cells = (
        f'<td class="num">{m.rank}</td>',
        f"<td>{html.escape(pair_text(m.left, m.right))}</td>",
        f"<td>{html.escape(token_label(m.new_bytes))}</td>",
        f'<td class="num">{m.count}</td>',
        f"<td>{html.escape(tie_note(m, tie_break, ties))}</td>",
    )
    return "<tr>" + "".join(cells) + "</tr>"


def handout_html(merges: Sequence[MergeEvent], tie_break: str, title: str, ties: TieLog | None = None) -> str:
    """The handout: a title, one sentence on the rule, and the table of ``merges`` (``ties``:
    the step panel's tie lists by rank)."""
    # (its first column is the rank, from 0, as the Train tab's table heads it: "Merge 0" counted merges from 0)
    heads = (tr("Rank"), tr("Pair"), tr("New token"), tr("Count"), tr("Tie and why"))
    intro = tr_n("%n merge(s), in order. Tie-break rule: “{rule}”.", len(merges)).format(rule=tie_break)
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>\n"
        f"<h1>{html.escape(title)}</h1>\n<p>{html.escape(intro)}</p>\n"
        '<table width="100%" cellspacing="0">\n<thead><tr>'  # (the attribute: Qt's PDF layout ignores CSS widths)
        + "".join(f"<th>{html.escape(h)}</th>" for h in heads)
        + "</tr></thead>\n<tbody>\n"
        + "\n".join(_row(m, tie_break, ties) for m in merges)
        + "\n</tbody></table>\n</body></html>\n"
    )


def _publish(tmp: str, target: Path) -> None:
    """Give the finished temporary file the mode a new file gets (mkstemp's is 0600), then put
    it in place."""
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(tmp, 0o666 & ~mask)
    os.replace(tmp, target)


def save_handout(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` atomically (a temporary file in the same folder, then replace)."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        _publish(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_handout_pdf(path: str | os.PathLike[str], text: str) -> None:
    """Lay ``text`` (the handout's HTML) out on A4 pages as a PDF, written atomically."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        writer = QPdfWriter(tmp)
        writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        writer.setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout.Unit.Millimeter)
        writer.setResolution(96)  # screen pixels: the text's sizes as on screen
        document = QTextDocument()
        document.setHtml(text)
        page = writer.pageLayout().paintRectPixels(writer.resolution())
        document.setPageSize(QSizeF(page.width(), page.height()))  # else the table takes a part of the width
        document.print_(writer)
        del writer  # subtle: the PDF is finished and closed when the writer goes
        if Path(tmp).stat().st_size == 0:
            raise OSError(0, tr("the PDF writer wrote nothing"))
        _publish(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def run_handout_html(view: TrainView) -> str:
    """The handout of the view's current run (its merges so far, as the training recorded them,
    with the tie lists step mode showed)."""
    c = view.controller
    request = c.request
    rule = str(request.config.tie_break) if request is not None else "greatest"
    title = tr("BPE merges: {label}").format(label=request.label if request is not None else "")
    return handout_html(c.merges, rule, title, view.step_panel.tie_log)


def write_run_handout(view: TrainView, path: str | os.PathLike[str]) -> None:
    """Save the run's handout to ``path``: PDF when it ends in ``.pdf``, else HTML."""
    text = run_handout_html(view)
    if str(path).lower().endswith(".pdf"):
        save_handout_pdf(path, text)
    else:
        save_handout(path, text)


def export_handout(view: TrainView) -> None:
    """Ask where (in the folder of the last export, named after the run), then write the
    handout; a failure is shown in the view's message bar."""
    request = view.controller.request
    stem = clean_stem(request.label) if request is not None else "bpe"
    start = os.path.join(view.settings.folder_for(FileKind.EXPORT), f"{stem}-merges.html")
    filters = tr("HTML files (*.html)") + ";;" + tr("PDF files (*.pdf)")
    path, chosen = QFileDialog.getSaveFileName(view, tr("Export step handout"), start, filters)
    if not path:
        return
    if chosen == filters.split(";;")[1] and not path.lower().endswith(".pdf"):
        path = str(Path(path).with_suffix(".pdf"))
    view.settings.remember_folder(FileKind.EXPORT, path)
    try:
        write_run_handout(view, path)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        view.messages.error(lambda: tr("Could not write {path}: {error}").format(path=path, error=reason))
