"""The texts BPE Explorer ships: the built-in sample corpora and the classroom preset texts.

Content, not code: a place of its own so that finding and reading the shipped texts (an
index in ``resources/samples/samples.json``, presets written for the app) stays apart
from the widgets that offer them and the views that apply their settings.
"""
