"""Step mode for the classroom: what the next merge is, why, and what the last one changed.

:class:`StepPanel` shows a :class:`~app.core.messages.StepSnapshot`: the pre-tokens with
their current segmentation as colored chips (the token of the last merge outlined), the top
pair counts (the next pair highlighted, pairs with the same count shaded), and two sentences:
the merge just applied and the one that comes next. When the tie-break rule decided between
pairs with equal counts, it says between which pairs and why (:func:`explain_tie`).
While training runs, the panel says so and names the newest merge instead of showing tables
of an older state; when a run ends it shows the final state (``StepSnapshot.ended``). It does
not drive training; the train view's Step button does.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, Slot
from PySide6.QtWidgets import QHeaderView, QLabel, QSplitter, QTableView, QVBoxLayout, QWidget

from app.core import i18n
from app.core.i18n import bind, noop, tr, tr_n
from app.core.messages import StepSnapshot
from app.display.format import format_count, token_label
from app.features.train.step_model import SEGMENTS_ROLE, PairsModel, PretokensModel
from app.widgets.segmentation import SegmentationDelegate
from bpe_engine import MergeEvent, PairInfo

__all__ = ["Pair", "StepPanel", "explain_tie", "explain_ties", "pair_text"]

_IDLE_TEXT = noop(
    "<b>Step mode.</b> Choose a small corpus (the <i>Hello helo, I'm</i> or <i>low lower widest newest</i> "
    "samples), then press <b>Step</b> (F10): the corpus is counted and training stops before the first "
    "merge. Each further Step applies exactly one merge, and both tables show what changed."
)

_PARTS = {"left": noop("left"), "right": noop("right")}

#: Why a training ended (``StepSnapshot.ended``), as the step panel says it.
_ENDED = {
    "vocab_size": noop("the vocabulary size was reached"),
    "no_pairs": noop("no pair was left to merge"),
    "cancelled": noop("it was cancelled"),
}


def fit_columns(view: QTableView, share: float = 0.3) -> None:
    """Each column of ``view`` but the last (which stretches) as wide as its contents, and at
    most ``share`` of the table's width: a long pre-token or token (a Chinese line) is
    elided instead of pushing Count and Segmentation, the figure step mode is for, out of
    sight on a 1024-pixel screen."""
    header = view.horizontalHeader()
    cap = max(40, int(view.viewport().width() * share))
    for column in range(header.count() - 1):
        header.resizeSection(column, min(max(view.sizeHintForColumn(column), header.sectionSizeHint(column)), cap))


def pair_text(left: bytes, right: bytes) -> str:
    """``(l, o)`` with whitespace visible and partial bytes escaped."""
    return f"({token_label(left)}, {token_label(right)})"


def _byte_name(b: int) -> str:
    """``'l' (0x6c)`` for ASCII, ``0xe5`` for the other bytes."""
    return f"'{token_label(bytes([b]))}' (0x{b:02x})" if b < 0x80 else f"0x{b:02x}"


def _why_greater(big: bytes, small: bytes, part: str, *, other: bool = False) -> str:
    """Why ``big`` sorts after ``small`` (they differ); ``other``: ``big`` is the other pair's."""
    for x, y in zip(big, small):
        if x != y:
            template = (
                tr("the other's {part} part has {x} where the other has {y}")
                if other
                else tr("its {part} part has {x} where the other has {y}")
            )
            return template.format(part=tr(_PARTS[part]), x=_byte_name(x), y=_byte_name(y))
    template = (
        tr("the other's {part} part {big} extends {small} (a longer string sorts after its prefix)")
        if other
        else tr("its {part} part {big} extends {small} (a longer string sorts after its prefix)")
    )
    return template.format(part=tr(_PARTS[part]), big=token_label(big), small=token_label(small))


Pair = tuple[bytes, bytes]


def _verdict(chosen: Pair, other: Pair, rule: str) -> str:
    """Why ``rule`` puts ``chosen`` before ``other`` (two different pairs)."""
    part = "left" if chosen[0] != other[0] else "right"
    a, b = (chosen[0], other[0]) if part == "left" else (chosen[1], other[1])
    return _why_greater(b, a, part, other=True) if rule == "smallest" else _why_greater(a, b, part)


def explain_tie(chosen: Pair, other: Pair, rule: str, count: int | None = None) -> str:
    """One sentence: both pairs had the same count, and why ``rule`` picked ``chosen``."""
    a_text, b_text = pair_text(*chosen), pair_text(*other)
    both = (
        tr_n("{a} and {b} both occur %n time(s)", count).format(a=a_text, b=b_text)
        if count is not None
        else tr("{a} and {b} have the same count").format(a=a_text, b=b_text)
    )
    why = _verdict(chosen, other, rule)
    if rule == "smallest":
        return tr(
            "Tie: {both}. Rule “smallest” takes the pair that sorts first as byte strings: {pair} wins because {why}."
        ).format(both=both, pair=a_text, why=why)
    return tr(
        "Tie: {both}. Rule “greatest” (GPT-2's) takes the pair that sorts last as byte strings: "
        "{pair} wins because {why}."
    ).format(both=both, pair=a_text, why=why)


def explain_ties(chosen: Pair, others: list[Pair], rule: str, count: int) -> str:
    """Like :func:`explain_tie` for any number of tied pairs: names each, and the rule's
    verdict between ``chosen`` and each of the ``others``."""
    if len(others) == 1:
        return explain_tie(chosen, others[0], rule, count)
    names = [pair_text(*p) for p in (chosen, *others)]
    listed = tr("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
    every = tr_n("{pairs} all occur %n time(s)", count).format(pairs=listed)
    verdicts = tr("; ").join(
        tr("over {pair} because {why}").format(pair=pair_text(*o), why=_verdict(chosen, o, rule)) for o in others
    )
    if rule == "smallest":
        return tr(
            "Tie: {all}. Rule “smallest” takes the pair that sorts first as byte strings: {pair} wins {verdicts}."
        ).format(all=every, pair=names[0], verdicts=verdicts)
    return tr(
        "Tie: {all}. Rule “greatest” (GPT-2's) takes the pair that sorts last as byte strings: {pair} wins {verdicts}."
    ).format(all=every, pair=names[0], verdicts=verdicts)


def _tied_with_best(s: StepSnapshot) -> list[Pair]:
    """The other pairs with the count of the next merge's pair (``next_pairs`` is best first)."""
    pairs = s.next_pairs
    if s.ended or not pairs:
        return []
    return [(p.left, p.right) for p in pairs[1:] if p.count == pairs[0].count]


class StepPanel(QWidget):
    """The two step-mode tables and the sentences about the last and the next merge."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build_sentences()
        self._build_tables()
        self._enlarge()
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.last_label)
        layout.addWidget(self.next_label)
        layout.addWidget(self._build_split(), 1)
        #: Writes the sentences and titles for what the panel shows (again after a switch);
        #: given the panel rather than holding it, so that no cycle keeps a closed panel.
        self._write_texts: Callable[[StepPanel], None] = StepPanel._write_empty
        #: (merges done, next pair, pairs tied with it) of the last snapshot: the next
        #: snapshot's last merge names them all (a MergeEvent keeps only one).
        self._next_ties: tuple[int, PairInfo | None, list[Pair]] = (-1, None, [])
        self.clear()
        i18n.connect(self._on_language_changed)

    def _build_sentences(self) -> None:
        """The introduction and the sentences about the last and the next merge."""
        self.intro = QLabel()
        bind(self.intro, "setText", _IDLE_TEXT)
        self.intro.setWordWrap(True)
        self.last_label = QLabel()
        self.last_label.setWordWrap(True)
        self.last_label.setTextFormat(Qt.TextFormat.RichText)
        self.next_label = QLabel()
        self.next_label.setWordWrap(True)
        self.next_label.setTextFormat(Qt.TextFormat.RichText)

    def _build_tables(self) -> None:
        """The pre-tokens (with their segmentation now) and the pair counts."""
        self.pretokens_model = PretokensModel(self)
        self.pretokens_view = QTableView()
        self.pretokens_view.setModel(self.pretokens_model)
        self.pretokens_view.setItemDelegateForColumn(PretokensModel.SEGMENTS, SegmentationDelegate(SEGMENTS_ROLE, self))
        self.pretokens_view.verticalHeader().hide()
        self.pretokens_view.setAlternatingRowColors(True)
        self.pretokens_view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        header = self.pretokens_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        bind(self.pretokens_view, "setToolTip", "The most frequent pre-tokens and how they are segmented now")

        self.pairs_model = PairsModel(self)
        self.pairs_view = QTableView()
        self.pairs_view.setModel(self.pairs_model)
        self.pairs_view.verticalHeader().hide()
        self.pairs_view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        pheader = self.pairs_view.horizontalHeader()
        pheader.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        pheader.setStretchLastSection(True)
        for view in (self.pretokens_view, self.pairs_view):
            view.installEventFilter(self)
            view.model().modelReset.connect(lambda v=view: fit_columns(v, self._share(v)))
        bind(self.pairs_view, "setToolTip", "Adjacent token pairs with the highest counts; the first is merged next")

    def _enlarge(self) -> None:
        # Step mode is for the classroom: a larger font for whatever a projector shows.
        big = self.font()
        big.setPointSizeF(big.pointSizeF() * 1.25)
        for widget in (self.pretokens_view, self.pairs_view, self.last_label, self.next_label):
            widget.setFont(big)
        for view in (self.pretokens_view, self.pairs_view):
            view.verticalHeader().setDefaultSectionSize(int(view.fontMetrics().height() * 1.9))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if event.type() == QEvent.Type.Resize and isinstance(watched, QTableView):
            fit_columns(watched, self._share(watched))
        return False

    def _share(self, view: QTableView) -> float:
        """The widest a column may be: the pairs table has three token columns before Count."""
        return 0.3 if view is self.pretokens_view else 0.22

    def _build_split(self) -> QSplitter:
        """The two tables side by side, each under its title."""
        split = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        self.pretokens_title = QLabel()
        lv.addWidget(self.pretokens_title)
        lv.addWidget(self.pretokens_view)
        right = QWidget()
        rv = QVBoxLayout(right)
        rv.setContentsMargins(0, 0, 0, 0)
        self.pairs_title = QLabel()
        bind(self.pairs_title, "setText", "<b>Pair counts</b> (highlighted: merged next)")
        rv.addWidget(self.pairs_title)
        rv.addWidget(self.pairs_view)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        return split

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._write_texts(self)

    def _write_empty(self) -> None:
        self.pretokens_title.setText(tr("<b>Pre-tokens</b>"))

    def _write(self, write: Callable[[StepPanel], None]) -> None:
        self._write_texts = write
        write(self)

    # -- public API ------------------------------------------------------------------------

    def clear(self) -> None:
        self.snapshot: StepSnapshot | None = None
        #: rank -> (the pair that merge joined, the other pairs that had its count), as each
        #: snapshot before it listed them: the handout's tie lists (a Back's replay fills it again).
        self.tie_log: dict[int, tuple[Pair, list[Pair]]] = {}
        self.intro.show()
        self.last_label.setText("")
        self.last_label.hide()
        self.next_label.setText("")
        self.next_label.hide()
        self._clear_tables()

    def _clear_tables(self) -> None:
        self.pretokens_model.clear()
        self.pairs_model.clear()
        self._write(StepPanel._write_empty)

    def show_counting(self) -> None:
        """Paused while still counting: nothing to show yet."""
        self.snapshot = None
        self.intro.show()
        self.last_label.hide()
        self._clear_tables()

        def write(panel: StepPanel) -> None:
            panel._write_empty()
            panel.next_label.setText(
                tr(
                    "Paused while counting the corpus: press <b>Step</b> to finish counting "
                    "and stop before the first merge, or <b>Resume</b>."
                )
            )

        self._write(write)
        self.next_label.show()

    def show_running(self, merges_done: int, target: int, last: MergeEvent | None) -> None:
        """Training runs: name the newest merge; the tables wait for the next pause or the end.

        subtle: the tables are emptied rather than left as they were: a table of an older
        merge under a running count reads as the current state.
        """
        self.snapshot = None
        self.intro.hide()
        if self.pretokens_model.rowCount() or self.pairs_model.rowCount():
            self._clear_tables()
        self.last_label.setVisible(last is not None)

        def write(panel: StepPanel) -> None:
            panel._write_empty()
            if last is not None:
                panel.last_label.setText(panel._merge_text(last))
            what = (
                tr("Counting the corpus")
                if merges_done == 0 and last is None
                else tr_n("Training runs: {n} of %n merge(s)", target).format(n=format_count(merges_done))
            )
            panel.next_label.setText(
                tr(
                    "<b>{what}.</b> The tables show the state when training pauses (F6), takes one Step (F10) or ends."
                ).format(what=what)
            )

        self._write(write)
        self.next_label.show()

    def set_snapshot(self, snapshot: StepSnapshot) -> None:
        self.snapshot = snapshot
        self.intro.hide()
        last = snapshot.last_merge
        new_id = last.new_id if last is not None else -1
        nxt = snapshot.next_pairs[0] if snapshot.next_pairs and not snapshot.ended else None
        self.pretokens_model.set_pretokens(
            snapshot.pretokens, snapshot.token_bytes, new_id, (nxt.left_id, nxt.right_id) if nxt is not None else None
        )
        self.pairs_model.set_pairs(snapshot.next_pairs, next_marked=not snapshot.ended)
        shown = len(snapshot.pretokens)
        total = snapshot.distinct_pretokens
        tied_before = self._tied_before(snapshot)
        self._next_ties = (snapshot.merges_done, nxt, _tied_with_best(snapshot))
        if nxt is not None:
            self.tie_log[snapshot.merges_done] = ((nxt.left, nxt.right), self._next_ties[2])

        def write(panel: StepPanel) -> None:
            panel.pretokens_title.setText(
                tr("<b>Pre-tokens</b> ({shown} of {total}, most frequent first)").format(
                    shown=format_count(shown), total=format_count(total)
                )
                if total > shown
                else tr("<b>Pre-tokens</b> ({total} distinct)").format(total=format_count(total))
                if shown
                else tr("<b>Pre-tokens</b>")
            )
            panel.last_label.setText(panel._last_text(snapshot, tied_before))
            panel.next_label.setText(panel._next_text(snapshot))

        self._write(write)
        self.last_label.setVisible(bool(self.last_label.text()))
        self.next_label.show()

    def _tied_before(self, snapshot: StepSnapshot) -> list[Pair]:
        """The pairs tied with the last merge, as the snapshot before it listed them."""
        last = snapshot.last_merge
        done, best, tied = self._next_ties
        if last is None or best is None or done != last.rank or (best.left, best.right) != (last.left, last.right):
            return []
        return tied

    # -- wording ---------------------------------------------------------------------------

    @staticmethod
    def _merge_text(m: MergeEvent) -> str:
        """The merge, and how many occurrences it replaced (the exact count: the corpus is
        that many tokens shorter; overlapping occurrences such as “aaa” count twice as a pair
        but merge once)."""
        # (merge k counts from 1 as the progress bar and the Timeline do; its rank from 0: "Merge 1
        # applied" stood under "2 of 743 merges")
        head = tr_n(
            "<b>Merge {k}</b> (rank {rank}) applied: {pair} → <b>{new}</b> (new id {id}), %n occurrence(s) replaced",
            m.replaced,
        )
        text = head.format(
            k=format_count(m.rank + 1),
            rank=format_count(m.rank),
            pair=html.escape(pair_text(m.left, m.right), quote=False),
            new=html.escape(token_label(m.new_bytes), quote=False),
            id=m.new_id,
        )
        if m.replaced != m.count:
            text += tr_n(
                " (the pair was counted %n time(s): overlapping occurrences count as two pairs but merge once)", m.count
            )
        return text + tr_n("; the corpus is now %n token(s).", m.tokens)

    @classmethod
    def _last_text(cls, s: StepSnapshot, tied: list[Pair]) -> str:
        """The merge just applied; ``tied``: every pair that had its count then (from the
        snapshot before, when there was one; else the engine's ``tied_with``)."""
        m = s.last_merge
        if m is None:
            return ""
        text = cls._merge_text(m)
        others = tied or ([m.tied_with] if m.tied_with is not None else [])
        if others:
            text += "<br>" + html.escape(explain_ties((m.left, m.right), others, s.tie_break, m.count), quote=False)
        if others and not tied:
            # the engine names only the best other pair: a run not stepped may have had more
            text += " " + html.escape(tr("Other pairs may share that count too: step mode lists every one."))
        return text

    @staticmethod
    def _next_text(s: StepSnapshot) -> str:
        pairs: list[PairInfo] = s.next_pairs
        if s.ended:
            why = tr(_ENDED[s.ended]) if s.ended in _ENDED else s.ended
            return tr_n(
                "<b>Training ended</b> after %n merge(s): {why}. The tables show the final state.", s.merges_done
            ).format(why=why)
        if not pairs:
            return tr("<b>No pair is left</b>: every pre-token is a single token. The next Step ends training.")
        best = pairs[0]
        text = tr_n(
            "<b>Next merge</b> ({k}, rank {rank}): {pair} → <b>{new}</b>, the most frequent pair (%n time(s)).",
            best.count,
        ).format(
            k=format_count(s.merges_done + 1),
            rank=format_count(s.merges_done),
            pair=html.escape(pair_text(best.left, best.right), quote=False),
            new=html.escape(token_label(best.left + best.right), quote=False),
        )
        tied = _tied_with_best(s)
        if tied:
            text += "<br>" + html.escape(
                explain_ties((best.left, best.right), tied, s.tie_break, best.count), quote=False
            )
        return text
