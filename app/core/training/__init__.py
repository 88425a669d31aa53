"""The session's training run: :mod:`~app.core.training.controller` (GUI thread: state, merges
so far, checkpoints), :mod:`~app.core.training.worker` (the thread that pulls the engine's
events), :mod:`~app.core.training.events` (the one channel's event types and the run's states
as enums) and :mod:`~app.core.training.request` (what a run is asked to train). Part of the
session because three features meet here: the Train tab drives it, the Timeline follows it and
the window asks about it before closing.
"""
