"""Background jobs: the one way work runs off the GUI thread.

Threads have rules that must hold everywhere, so they are written once, in
:mod:`~app.core.jobs.runner`: every job is a :class:`~app.core.jobs.runner.Worker` in a thread
the runner keeps alive until it ends; commands (cancel, pause) are ``threading.Event``s called
from the GUI thread; workers emit batched progress; and nothing waits on a signal emitted from
another thread (controllers re-emit in the GUI thread). :mod:`~app.core.jobs.calls` runs engine
calls one at a time (files, OpenAI loads, live encoding). The job bodies live with their
feature (``app/features/<feature>/job.py``) or, when shared, in :mod:`app.core`.
"""
