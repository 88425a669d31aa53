"""Controllers: the GUI-thread owners of long jobs and of state that several views share.

A controller starts a job (:mod:`app.jobs`), keeps its state machine, and re-emits what the
job reports as its own signals in the GUI thread, where views and tests wait on them. It
decides nothing about display. Kept apart from the views so that a view can be closed, or
tested, without taking a job's rules with it, and apart from the jobs so that no thread
code touches view state.
"""
