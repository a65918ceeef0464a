"""The shape of the code, checked on the code: no import circles, between modules or between the screen's
packages; the App asks its screens through the scene contract only; every module says what it is and
is on the layout map.

Why: the screen layer once grew two applications that wrapped each other, a 1,100-line game scene,
and then a line cap that cut modules to fit instead of by concept (a mixin with stub methods, a
module that existed to keep another short). These checks keep the rules that are real; the layout
map (docs/development.md) is where a newcomer looks for a feature.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.helpers.paths import ROOT
from tests.helpers.source import imports_in

GAME = ROOT / "game"
UI = GAME / "ui"
LAYOUT_MAP = ROOT / "docs" / "development.md"


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
    assert "game.ui.routes" in graph and "game.ui.scenes.title" in graph["game.ui.routes"]
    assert cycles(graph) == []


def package_of(module: str) -> str | None:
    """The package of ``game.ui`` a module belongs to (``game.ui.board``), None for the screen's own
    top-level modules (the layout, the text, the scene contract below every package; the App above)."""
    parts = module.split(".")
    return ".".join(parts[:3]) if parts[:2] == ["game", "ui"] and len(parts) > 3 else None


def package_edges(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    return {
        (a, b)
        for src, targets in graph.items()
        for dst in targets
        if (a := package_of(src)) and (b := package_of(dst)) and a != b
    }


def test_the_package_finder_sees_an_edge_both_ways() -> None:
    graph = {"game.ui.board.view": {"game.ui.play.motion"}, "game.ui.play.motion": {"game.ui.board.anim"}}
    edges = package_edges(graph)
    assert ("game.ui.board", "game.ui.play") in edges and ("game.ui.play", "game.ui.board") in edges


def test_no_two_packages_of_the_screen_import_each_other() -> None:
    """board below play below scenes; the scene contract and the typing-in family below them all."""
    edges = package_edges(import_graph())
    assert ("game.ui.scenes", "game.ui.play") in edges  # the finder sees the real edges
    both_ways = sorted((a, b) for a, b in edges if (b, a) in edges and a < b)
    assert both_ways == []


def test_the_app_names_no_screen() -> None:
    """The App asks every scene through the contract (busy, idle_tick, activity, tell, dropped...);
    only game.ui.routes names the screens it opens."""
    tree = ast.parse((UI / "app.py").read_text(encoding="utf-8"))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    screens = sorted(n for n in names if n.endswith("Scene") and n != "Scene")
    assert screens == []
    asks = [
        ast.unparse(n)
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id == "isinstance"
        and "Scene" in ast.unparse(n.args[1])
    ]
    assert asks == [], "the App asks scenes what they are: the contract should answer instead"


def test_no_method_is_a_stub_for_a_host() -> None:
    """A part that needs its host's methods says so with a Protocol, not with methods that raise."""
    stubs = [
        f"{path.relative_to(GAME)}:{node.lineno}"
        for path in sorted(GAME.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Raise)
        and node.exc is not None
        and "NotImplementedError" in ast.unparse(node.exc)
    ]
    assert stubs == []


def layout_rows() -> list[str]:
    text = LAYOUT_MAP.read_text(encoding="utf-8")
    section = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.startswith("| `")]


def on_the_map(module: Path, rows: list[str]) -> bool:
    """A module is on the map when a row names it (``game/x/y.py``), or names its package's folder in
    the row's first cell and the module (``y``) in backquotes anywhere in the row."""
    rel = module.relative_to(ROOT).as_posix()
    folder = module.parent.relative_to(ROOT).as_posix() + "/"
    for row in rows:
        first = row.split(" | ", 1)[0]
        quoted = set(re.findall(r"`([^`]+)`", row))
        if rel in quoted:
            return True
        if f"`{folder}`" in first and ({module.stem, module.name} & quoted):
            return True
    return False


def test_the_layout_map_finds_a_module_and_misses_one() -> None:
    rows = ["| `game/x/` | the x: `y`, `z.py` |"]
    assert on_the_map(ROOT / "game" / "x" / "y.py", rows) and on_the_map(ROOT / "game" / "x" / "z.py", rows)
    assert not on_the_map(ROOT / "game" / "x" / "w.py", rows)


def test_every_module_is_on_the_layout_map() -> None:
    rows = layout_rows()
    modules = [p for p in sorted(GAME.rglob("*.py")) if p.name not in ("__init__.py", "__main__.py")]
    missing = [p.relative_to(ROOT).as_posix() for p in modules if not on_the_map(p, rows)]
    assert missing == []


MODULES = sorted(GAME.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(GAME)))
def test_modules_say_what_they_are(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert ast.get_docstring(ast.parse(source)), "each module's first line says what it is"
    assert "type: ignore" not in source
