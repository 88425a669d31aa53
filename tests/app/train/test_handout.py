"""The step-mode handout lists every merge of a run with the pair, count and tie note of the
engine's own merge events (the training's record, not the app's tables)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from app.features.train.handout import handout_html, save_handout, tie_note
from app.features.train.step_panel import pair_text
from bpe_engine import BpeTrainer, MergeEvent


class _Cells(HTMLParser):
    """The body rows of the handout's table, as lists of cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._in_body = False
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body:
            self.rows.append([])
        elif tag == "td":
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def test_handout_lists_every_merge_as_the_events(tmp_path: Path) -> None:
    # "ab" and "cd" occur equally often: the first merge is a tie the rule decides.
    trainer = BpeTrainer(None, 256 + 40, [], text="ab cd ab cd abcd abcd " * 5)
    merges = [e for e in trainer.events() if isinstance(e, MergeEvent)]
    assert len(merges) >= 3 and any(m.tied_with is not None for m in merges)
    path = tmp_path / "handout.html"
    save_handout(path, handout_html(merges, "greatest", "Class 1"))
    parser = _Cells()
    parser.feed(path.read_text(encoding="utf-8"))
    assert len(parser.rows) == len(merges)
    assert "<th>Rank</th>" in path.read_text(encoding="utf-8")  # (ranks from 0 under "Merge" read as merge 0)
    for row, m in zip(parser.rows, merges, strict=True):
        rank, pair, _new, count, tie = row
        assert (int(rank), pair, int(count)) == (m.rank, pair_text(m.left, m.right), m.count)
        assert tie == tie_note(m, "greatest")
        assert bool(tie) == (m.tied_with is not None)
        if m.tied_with is not None:
            assert pair_text(*m.tied_with) in tie
    assert not list(tmp_path.glob(".*.tmp"))  # the atomic save left no temporary file
