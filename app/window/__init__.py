"""The main window: tabs, menus, status bar, the dialogs the window owns (tokenizer list,
export, rank-file pattern), presentation mode and exports of the current view. It composes the
features and programs against :class:`app.widgets.view.View`; the only package that imports
:mod:`app.features`.

One module per seam: :mod:`.main_window` composes; :mod:`.tabs` is the table of tabs;
:mod:`.menus` orders the menu bar; :mod:`.opening` (File > Open, drops), :mod:`.saving`
(Save, Export, Tokenizers…), :mod:`.language`, :mod:`.help` and :mod:`.quit` (asking before
closing during a training) are the window's parts."""
