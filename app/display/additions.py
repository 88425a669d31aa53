""" "Add BOS/EOS as the model does": the special tokens a model puts around every text
(Llama 3's ``<|begin_of_text|>``, BERT's ``[CLS]``/``[SEP]``; the engine's
:class:`~bpe_engine.SpecialAdditions`, read from the file's post-processor) as chips.

They hold no text: each is a zero-width chip at the start or the end of the text, so the
chips' spans still point into the editor and the counts include them, as the model's
``tokenizers.Tokenizer.encode(text).ids`` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from app.core.i18n import noop, tr
from app.display.palette import stable_colors
from app.display.token_data import TokenTable
from bpe_engine import SpecialAdditions

__all__ = ["ADDITIONS_LABEL", "additions_tooltip", "columns_additions_tooltip", "with_additions"]

ADDITIONS_LABEL = noop("Add BOS/EOS")  # short: the top bar fits 1024 pixels; the tooltip says whose


def additions_tooltip(additions: SpecialAdditions | None) -> str:
    """The check box's tooltip: which tokens it adds, or why it is off."""
    if not additions:
        return tr("This tokenizer's file adds no special tokens around a text (tiktoken files add none).")
    return tr(
        "Add BOS/EOS as the model does: put the special tokens it adds around every text: {tokens}\n"
        "(as Hugging Face's encode(text) does: the file's post-processor or its tokenizer_config.json)"
    ).format(tokens=_around(additions))


def columns_additions_tooltip(columns: Sequence[tuple[str, SpecialAdditions | None]]) -> str:
    """Compare's check box's tooltip: what each column's model adds (``columns``: name and
    additions), or that none adds any."""
    adding = [(name, a) for name, a in columns if a]
    if not adding:
        return tr("None of these tokenizers' files adds special tokens around a text (tiktoken files add none).")
    lines = "\n".join(f"{name}: {_around(a)}" for name, a in adding)
    return tr(
        "Add BOS/EOS as the model does: each column gets the special tokens its model adds around "
        "every text, counted in the column and the summary:\n{lines}\n"
        "(as Hugging Face's encode(text) does; one choice with the Tokenize tab's box)"
    ).format(lines=lines)


def _around(additions: SpecialAdditions) -> str:
    return " … ".join(filter(None, (_names(additions.before), _names(additions.after))))


def _names(pairs: tuple[tuple[str, int], ...]) -> str:
    return " ".join(name for name, _ in pairs)


def with_additions(table: TokenTable, additions: SpecialAdditions) -> TokenTable:
    """``table`` with the additions as special tokens of no width at its start and end."""
    if not additions:
        return table
    nb, na = len(additions.before), len(additions.after)
    names_b = tuple(name for name, _ in additions.before)
    names_a = tuple(name for name, _ in additions.after)
    end, char_end = len(table.data), len(table.text)
    ids = tuple(i for _, i in additions.before) + table.ids + tuple(i for _, i in additions.after)
    # The chips of a byte-level table draw their bytes; these draw their names (labels).
    labels = table.labels if table.labels is not None else tuple(t.decode("utf-8", "replace") for t in table.tokens)
    return replace(
        table,
        ids=ids,
        tokens=(b"",) * nb + table.tokens + (b"",) * na,
        byte_starts=(0,) * nb + table.byte_starts + (end,) * na,
        char_starts=(0,) * nb + table.char_starts + (char_end,) * na,
        char_ends=(0,) * nb + table.char_ends + (char_end,) * na,
        complete=(True,) * nb + table.complete + (True,) * na,
        special=(True,) * nb + table.special + (True,) * na,
        labels=names_b + labels + names_a,
        fallback=None if table.fallback is None else (False,) * nb + table.fallback + (False,) * na,
        colors=tuple(stable_colors(ids)),
        # (made for the table without the additions: made again from the fields above)
        cuts=None,
        id_array=None,
        kinds=None,
    )
