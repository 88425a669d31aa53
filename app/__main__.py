"""Start BPE Explorer: ``python -m app`` or the ``bpe-explorer`` command."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv if argv is None else argv)
    app.setApplicationName("BPE Explorer")
    app.setOrganizationName("BPE Explorer")
    window = MainWindow()
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
