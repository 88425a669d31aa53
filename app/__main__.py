"""Start BPE Explorer: ``python -m app`` or the ``bpe-explorer`` command."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication.instance() or QApplication(sys.argv if argv is None else argv)
    window = QMainWindow()
    window.setWindowTitle("BPE Explorer")
    window.resize(1200, 800)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
