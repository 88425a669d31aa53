"""The tokenizer file controller's messages: a failed save says what to do once."""

from __future__ import annotations

from pathlib import Path

from app.core.tokenizer_files import TokenizerFileController
from bpe_engine import train_bpe


def test_a_failed_save_gives_its_advice_once(qtbot, tmp_path: Path) -> None:
    tok = train_bpe(None, 270, [], text="low lower lowest newest widest " * 20)
    files = TokenizerFileController()
    (tmp_path / "plain").write_text("x", encoding="utf-8")  # a "folder" that is a file
    target = tmp_path / "plain" / "tok.json"
    with qtbot.waitSignal(files.failed, timeout=30_000) as caught:
        assert files.save(tok, target)
    kind, path, message = caught.args
    assert kind == "save" and path == str(target) and str(target) in message
    assert message.lower().count("choose another folder") == 1, message
    files.shutdown()
