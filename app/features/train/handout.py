"""A one-page HTML handout of a step-mode run's merges, for a class (issue 23, point 6).

Each row is one merge: its rank, the pair, the new token, the pair's count, and the tie note
the step panel shows (which other pair had the same count and why the rule chose this one).
The text comes from the same wording functions as the step panel, so the handout and the
screen agree.
"""

from __future__ import annotations

import html
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog

from app.core.i18n import tr, tr_n
from app.core.settings import FileKind
from app.display.file_names import clean_stem
from app.display.format import token_label
from app.features.train.step_panel import explain_ties, pair_text
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


def tie_note(merge: MergeEvent, tie_break: str) -> str:
    """The tie explanation of ``merge`` (plain text), or "" when no other pair had its count."""
    if merge.tied_with is None:
        return ""
    return explain_ties((merge.left, merge.right), [merge.tied_with], tie_break, merge.count)


def _row(m: MergeEvent, tie_break: str) -> str:
    cells = (
        f'<td class="num">{m.rank}</td>',
        f"<td>{html.escape(pair_text(m.left, m.right))}</td>",
        f"<td>{html.escape(token_label(m.new_bytes))}</td>",
        f'<td class="num">{m.count}</td>',
        f"<td>{html.escape(tie_note(m, tie_break))}</td>",
    )
    return "<tr>" + "".join(cells) + "</tr>"


def handout_html(merges: Sequence[MergeEvent], tie_break: str, title: str) -> str:
    """The handout: a title, one sentence on the rule, and the table of ``merges``."""
    heads = (tr("Merge"), tr("Pair"), tr("New token"), tr("Count"), tr("Tie and why"))
    intro = tr_n("%n merge(s), in order. Tie-break rule: “{rule}”.", len(merges)).format(rule=tie_break)
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>\n"
        f"<h1>{html.escape(title)}</h1>\n<p>{html.escape(intro)}</p>\n"
        "<table>\n<thead><tr>"
        + "".join(f"<th>{html.escape(h)}</th>" for h in heads)
        + "</tr></thead>\n<tbody>\n"
        + "\n".join(_row(m, tie_break) for m in merges)
        + "\n</tbody></table>\n</body></html>\n"
    )


def save_handout(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` atomically (a temporary file in the same folder, then replace)."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_run_handout(view: TrainView, path: str | os.PathLike[str]) -> None:
    """The handout of the view's current run (its merges so far, as the training recorded them)."""
    c = view.controller
    request = c.request
    rule = str(request.config.tie_break) if request is not None else "greatest"
    title = tr("BPE merges: {label}").format(label=request.label if request is not None else "")
    save_handout(path, handout_html(c.merges, rule, title))


def export_handout(view: TrainView) -> None:
    """Ask where (in the folder of the last export, named after the run), then write the
    handout; a failure is shown in the view's message bar."""
    request = view.controller.request
    stem = clean_stem(request.label) if request is not None else "bpe"
    start = os.path.join(view.settings.folder_for(FileKind.EXPORT), f"{stem}-merges.html")
    path, _ = QFileDialog.getSaveFileName(view, tr("Export step handout"), start, tr("HTML files (*.html)"))
    if not path:
        return
    view.settings.remember_folder(FileKind.EXPORT, path)
    try:
        write_run_handout(view, path)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        view.messages.error(lambda: tr("Could not write {path}: {error}").format(path=path, error=reason))
