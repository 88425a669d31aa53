"""Background jobs: the one way work runs off the GUI thread, and the messages jobs send.

A package of its own because threads have rules that must hold everywhere, so they are
written once, in :mod:`~app.jobs.runner`: every job is a :class:`~app.jobs.runner.Worker` in a
thread the runner keeps alive until it ends; commands (cancel, pause) are
``threading.Event``s called from the GUI thread; workers emit batched progress; and nothing
waits on a signal emitted from another thread (controllers re-emit in the GUI thread).

- :mod:`~app.jobs.runner`: workers, their threads, keeping them alive, waiting for them.
- :mod:`~app.jobs.calls`: engine calls run one at a time (files, OpenAI loads, live encoding).
- :mod:`~app.jobs.messages`: the dataclasses jobs send and views read.
- :mod:`~app.jobs.encode`, :mod:`~app.jobs.training`, :mod:`~app.jobs.corpus_encode`: the jobs.

Controllers (:mod:`app.controllers`) start jobs and own their state in the GUI thread.
"""
