"""The shape of the code, checked on the code: no import circles, screen modules small enough to read.

Why: the screen layer once grew two applications that wrapped each other and a
1,100-line game scene; these checks keep the house the way the README's Layout describes it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.helpers.paths import ROOT
from tests.helpers.source import imports_in

GAME = ROOT / "game"
UI = GAME / "ui"
MAX_FILE_LINES = 400
MAX_CLASS_LINES = 300


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Every module of ``game`` and the modules of ``game`` it imports (anywhere in the file)."""
    modules = {module_name(p): p for p in GAME.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for _, dotted in imports_in(path.read_text(encoding="utf-8"), package):
            # "from . import x" reads as package.x: take the longest prefix that is a module.
            parts = dotted.split(".")
            for n in range(len(parts), 0, -1):
                candidate = ".".join(parts[:n])
                if candidate in modules:
                    if candidate != name:
                        targets.add(candidate)
                    break
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each a circle of imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circles_in_game() -> None:
    graph = import_graph()
    assert "game.ui.app" in graph and "game.ui.scenes.title" in graph["game.ui.app"]
    assert cycles(graph) == []


UI_FILES = sorted(UI.rglob("*.py"))


@pytest.mark.parametrize("path", UI_FILES, ids=lambda p: str(p.relative_to(UI)))
def test_screen_modules_are_small_and_say_what_they_are(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert len(source.splitlines()) <= MAX_FILE_LINES
    tree = ast.parse(source)
    assert ast.get_docstring(tree), "each module's first line says what it is"
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            assert length <= MAX_CLASS_LINES, f"class {node.name} has {length} lines"
    assert "type: ignore" not in source
