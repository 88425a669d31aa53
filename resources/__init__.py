"""Data files of BPE Explorer (installed as the package ``app.resources``): the built-in
sample texts in ``samples/``, written for this project."""
