"""What special-token text does in the Tokenize view, in one place: the modes' labels, the
combo's tooltip, and the one rule that switches modes by itself (a preset holding
``<|endoftext|>`` under "error" would only show the refusal).

The mode values are :data:`app.core.messages.SPECIAL_MODES` ("recognised", "error", "plain");
they stay strings here until one enum is shared with the engine.
"""

from __future__ import annotations

from app.core.i18n import noop, tr

__all__ = ["MODE_LABELS", "MODE_TOOLTIP", "mode_label", "mode_for_text"]

#: The modes as the combo offers them: (mode, English label).
MODE_LABELS = (
    ("recognised", noop("Recognised (one special token)")),
    ("error", noop("Error (tiktoken's default)")),
    ("plain", noop("Plain text (ordinary characters)")),
)

MODE_TOOLTIP = noop(
    "What text like <|endoftext|> does.\nRecognised: it becomes its special token "
    "(allowed_special='all').\nError: the text is refused, as tiktoken's encode() does by default.\n"
    "Plain text: it is tokenized like any other characters (encode_ordinary)."
)

_REFUSING = "error"
_RECOGNISING = "recognised"


def mode_label(mode: str) -> str:
    """The translated label of ``mode`` (the value itself when it is none of the modes)."""
    labels = dict(MODE_LABELS)
    return tr(labels[mode]) if mode in labels else mode


def mode_for_text(text: str, mode: str) -> str:
    """The mode to show ``text`` in: a text holding ``<|endoftext|>`` is recognised rather
    than refused (a preset chosen to show special tokens must show them)."""
    if "<|endoftext|>" in text and mode == _REFUSING:
        return _RECOGNISING
    return mode
