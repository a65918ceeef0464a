"""Lint, format and strict typing as tests, so the one test command also guards code quality.

Each tool runs with this interpreter (``sys.executable -m ...``), i.e. from the
environment the README's test command installs, with the settings in
pyproject.toml. A tool that is not installed skips its test instead of failing:
the rules themselves are still tested everywhere.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from tests.helpers.paths import ROOT


def run_tool(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed in this environment")
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


def test_ruff_check() -> None:
    result = run_tool("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format() -> None:
    result = run_tool("ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict() -> None:
    """The packages listed in pyproject.toml's [tool.mypy] files, in strict mode."""
    result = run_tool("mypy", "--strict")
    assert result.returncode == 0, result.stdout + result.stderr
