"""The project's imports read from its source, for the layer and structure tests."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.helpers.paths import ROOT


def imports_in(source: str, package: str) -> list[tuple[int, str]]:
    """(line, dotted name) of everything ``source`` imports, relative imports resolved against ``package``."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            # Record each imported name under its module, so "from .. import ui" reads game.ui.
            out.extend((node.lineno, f"{name}.{alias.name}") for alias in node.names)
    return out


def sources(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def imported_modules(path: Path) -> list[tuple[int, str]]:
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    return imports_in(path.read_text(), package)
