"""Widgets that several views share, each existing once: token chips and their painter, the
message bar, the tokenizer picker, the training settings and corpus panels, plots.

Widgets draw and take input; they start no job and own no job state (the tokenizer picker
reads the registry, the step panel shows a :class:`~app.jobs.messages.StepSnapshot`), so each
can be used, and tested, in any view.
"""
