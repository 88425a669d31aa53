"""The engine's shape: no import cycle, and nobody outside the tokenizer's modules reaches into a
Tokenizer (``tokenizer.py`` and its parts, ``tokenizer_*.py``).

Imports are read from the source: every ``import`` anywhere in a module, deferred ones in
functions and those under ``if TYPE_CHECKING:`` included. A cycle cannot hide behind a
function-level import, and the types the layers share live below them (a type-only cycle still
ties two modules together for mypy, for readers and for the next refactoring).
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "bpe_engine"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in ENGINE.rglob("*.py")}


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The bpe_engine modules that module ``name`` imports, at run time or for type checking."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [module] + [f"{module}.{a.name}" for a in node.names]
        for target in targets:
            if target in modules and target != name:
                found.add(target)
    return found


def test_no_import_cycle_in_the_engine() -> None:
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    # Depth-first search that reports the first cycle it meets, as a path.
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            assert cycle is None, "import cycle: " + " -> ".join(cycle)
    # The walker itself sees the layers it should (a broken walker finds no cycle either).
    assert "bpe_engine.encode.encoder" in graph["bpe_engine.tokenizer"]
    assert "bpe_engine.tokenizer" in graph["bpe_engine.train.trainer"]
    assert "bpe_engine.encode.encoder" in graph["bpe_engine.interface"]  # under TYPE_CHECKING


def test_only_the_tokenizer_modules_touch_tokenizer_private_attributes() -> None:
    # tokenizer.py and the modules of its parts (base classes over its state, its builders)
    owners = {ENGINE / "tokenizer.py", *ENGINE.glob("tokenizer_*.py")}
    private = {
        node.attr
        for path in owners
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
    }
    assert {"_encoder", "_byte_id", "_merge_triples", "_core", "_ordinary_ranks_of"} <= private
    assert len(owners) == 5  # (a renamed part would drop out of the check unseen)
    offenders = []
    for path in ENGINE.rglob("*.py"):
        if path in owners:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in private
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            ):
                offenders.append(f"{path.relative_to(ENGINE)}:{node.lineno}: .{node.attr}")
    assert offenders == []
