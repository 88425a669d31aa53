"""BPE Explorer: the PySide6 desktop application (see app/main_window.py)."""
