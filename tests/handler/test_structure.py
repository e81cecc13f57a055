"""The handler package's structure: no import cycles between its modules (lazy imports
inside functions included), so each module can be read, loaded and tested on its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, known: set[str]) -> set[str]:
    """Modules of `known` that `path` imports anywhere in its body."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        found.update(name for name in names if name in known)
    return found


def _graph() -> dict[str, set[str]]:
    paths = {_module_name(path): path for path in (ROOT / "handler").rglob("*.py")}
    known = set(paths)
    graph = {name: _imports(path, known) - {name} for name, path in paths.items()}
    # A package's __init__ is imported by each of its modules: an edge to it from inside
    # its own package is Python's loading order, not a design cycle.
    return {
        name: {dep for dep in deps if not name.startswith(dep + ".")}
        for name, deps in graph.items()
    }


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                return [*stack[stack.index(dep) :], dep]
            if dep not in state and (found := visit(dep)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_handler_modules_import_without_cycles() -> None:
    assert _cycle(_graph()) is None, " -> ".join(_cycle(_graph()) or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("module", ["handler.serve", "handler.__main__"])
def test_the_local_entry_points_share_one_stand_in_context(module: str) -> None:
    from handler.context import LocalContext

    source = (ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")
    assert "class LocalContext" not in source and "from handler.context import" in source
    assert LocalContext(5).get_remaining_time_in_millis() > 0
