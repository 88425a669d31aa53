"""The tokenizer file controller's messages: a failed save says what to do once; a damaged file fails its open."""

from __future__ import annotations

import json
from pathlib import Path

from app.core.tokenizer_files import TokenizerFileController
from bpe_engine import gpt2_bytes_to_unicode, train_bpe


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
    # the engine's "cannot save (Not a directory)" after the app's "Cannot save the tokenizer": once
    assert message.lower().count("cannot save") == 1, message
    assert "Not a directory" in message, message
    files.shutdown()


def test_a_damaged_merge_of_a_tokenizer_json_fails_the_open(qtbot, tmp_path: Path) -> None:
    """The engine resolves a tokenizer.json's merges on first use; the app's open job uses
    them, so a damaged merge is still reported when the file is opened, naming the merge."""
    chars = list(gpt2_bytes_to_unicode().values())
    vocab = {c: i for i, c in enumerate(chars)} | {"ab": 256}
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
    obj = {"model": {"type": "BPE", "vocab": vocab, "merges": ["a b", "a zz"]}, "pre_tokenizer": byte_level}
    target = tmp_path / "tokenizer.json"
    target.write_text(json.dumps(obj), encoding="utf-8")
    files = TokenizerFileController()
    with qtbot.waitSignal(files.failed, timeout=30_000) as caught:
        assert files.open(target)
    kind, path, message = caught.args
    assert kind == "open" and path == str(target) and str(target) in message
    assert "model.merges[1] ('a' 'zz'): 'zz' is not in model.vocab" in message, message
    files.shutdown()


def test_a_failed_save_gives_its_advice_in_the_apps_language(qtbot, tmp_path: Path) -> None:
    """In Chinese the advice is the app's (请选择其他文件夹或名称), not the engine's English
    "choose another folder"; only the system's reason stays as the system says it."""
    from app.core import i18n

    tok = train_bpe(None, 270, [], text="low lower lowest newest widest " * 20)
    files = TokenizerFileController()
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    target = tmp_path / "plain" / "tok.json"
    try:
        assert i18n.set_language("zh_CN")
        with qtbot.waitSignal(files.failed, timeout=30_000) as caught:
            assert files.save(tok, target)
        message = caught.args[2]
        assert message.startswith(f"无法把分词器保存到 {target}：") and "请选择其他文件夹或名称" in message, message
        assert "choose another folder" not in message.lower() and "cannot save" not in message.lower(), message
    finally:
        i18n.set_language("en")
        files.shutdown()
