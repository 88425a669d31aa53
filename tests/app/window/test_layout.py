"""The app's shape: one folder per feature, features independent of each other, small modules
and functions (read from the source, every import anywhere in a module included)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
APP = REPO / "app"
FEATURES = ("train", "vocabulary", "tokenize", "compare", "stream", "timeline", "sweep", "families", "measure")
SHARED = ("app.core", "app.widgets", "app.display", "app.content")
MAX_MODULE_LINES = {"app": 500}
MAX_FUNCTION_LINES = {"app": 60, "bpe_engine": 100}


def _module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _app_imports(path: Path) -> set[str]:
    """Every ``app`` module ``path`` imports, anywhere in the module (TYPE_CHECKING included)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names)
    return {m for m in found if m == "app" or m.startswith("app.")}


def _feature_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["app", "features"] else None


def _app_modules() -> list[Path]:
    return sorted(APP.rglob("*.py"))


def test_every_feature_has_its_folder_and_view() -> None:
    for feature in FEATURES:
        assert (APP / "features" / feature / "view.py").is_file(), feature
    # The old layer folders are gone: a feature's parts live together.
    for gone in ("views", "controllers", "models", "jobs"):
        assert not (APP / gone).exists(), f"app/{gone}/ should have moved into app/features/ or app/core/"


def test_a_feature_imports_no_other_feature_and_only_the_window_imports_features() -> None:
    problems: list[str] = []
    for path in _app_modules():
        name = _module_name(path)
        own = _feature_of(name)
        for target in _app_imports(path):
            feature = _feature_of(target)
            if feature is None:
                if own is not None and target.startswith("app.window"):
                    problems.append(f"{name} imports the window ({target})")
                continue
            if own is None and not name.startswith("app.window"):
                problems.append(f"{name} imports the feature module {target}")
            elif own is not None and feature != own:
                problems.append(f"{name} (feature {own}) imports {target} (feature {feature})")
    assert not problems, "\n".join(problems)


def test_shared_layers_import_no_feature_and_not_the_window() -> None:
    problems = [
        f"{_module_name(path)} imports {target}"
        for path in _app_modules()
        if _module_name(path).startswith(SHARED)
        for target in _app_imports(path)
        if target.startswith(("app.features", "app.window"))
    ]
    assert not problems, "\n".join(problems)


def test_no_app_module_is_over_500_lines() -> None:
    long = {
        str(p.relative_to(REPO)): n
        for p in _app_modules()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES["app"]
    }
    assert not long, long


@pytest.mark.parametrize("package", sorted(MAX_FUNCTION_LINES))
def test_no_function_is_too_long(package: str) -> None:
    limit = MAX_FUNCTION_LINES[package]
    long: dict[str, int] = {}
    for path in sorted((REPO / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                size = node.end_lineno - first + 1
                if size > limit:
                    long[f"{path.relative_to(REPO)}:{node.lineno} {node.name}"] = size
    assert not long, f"functions over {limit} lines: {long}"
