"""The session's training run: :mod:`~app.core.training.controller` (GUI thread: state, merges
so far, checkpoints) and :mod:`~app.core.training.worker` (the thread that pulls the engine's
events). Part of the session because three features meet here: the Train tab drives it, the
Timeline follows it and the window asks about it before closing.
"""
