"""The main window: tabs, menus, status bar, the dialogs the window owns (tokenizer list,
export, rank-file pattern), presentation mode and exports of the current view. It composes the
features and programs against :class:`app.widgets.view.View`; the only package that imports
:mod:`app.features`."""
