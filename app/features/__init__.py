"""One folder per tab of the main window, each holding its view, panels, controllers, jobs
and models. A feature imports :mod:`app.core`, :mod:`app.widgets`, :mod:`app.display` and
:mod:`app.content`, never another feature; only :mod:`app.window` imports a feature.
Adding a tab is one folder here plus one line in the main window."""
