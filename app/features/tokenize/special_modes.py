"""What special-token text does in the Tokenize view, in one place: the modes' labels, the
combo's tooltip, and the one rule that switches modes by itself (a preset holding
``<|endoftext|>`` under "error" would only show the refusal).

The modes are the engine's :class:`~bpe_engine.SpecialMode` (ALLOW: recognised, RAISE: an
error as tiktoken's default, ORDINARY: plain text), the one vocabulary of the engine and the app.
"""

from __future__ import annotations

from app.core.i18n import noop, tr
from bpe_engine import SpecialMode

__all__ = ["MODE_LABELS", "MODE_TOOLTIP", "mode_label", "mode_for_text"]

#: The modes as the combo offers them: (mode, English label).
MODE_LABELS = (
    (SpecialMode.ALLOW, noop("Recognised (one special token)")),
    (SpecialMode.RAISE, noop("Error (tiktoken's default)")),
    (SpecialMode.ORDINARY, noop("Plain text (ordinary characters)")),
)

MODE_TOOLTIP = noop(
    "What text like <|endoftext|> does.\nRecognised: it becomes its special token "
    "(allowed_special='all').\nError: the text is refused, as tiktoken's encode() does by default.\n"
    "Plain text: it is tokenized like any other characters (encode_ordinary)."
)


def mode_label(mode: SpecialMode) -> str:
    """The translated label of ``mode`` (the value itself when it is none of the modes)."""
    labels = dict(MODE_LABELS)
    return tr(labels[mode]) if mode in labels else mode


def mode_for_text(text: str, mode: SpecialMode) -> SpecialMode:
    """The mode to show ``text`` in: a text holding ``<|endoftext|>`` is recognised rather
    than refused (a preset chosen to show special tokens must show them)."""
    if "<|endoftext|>" in text and mode is SpecialMode.RAISE:
        return SpecialMode.ALLOW
    return mode
