"""Every tool is a real command: ``--help`` prints its usage, exits 0 and writes nothing.

(``screenshots --help`` once wrote 21 PNGs into a folder named ``--help``, and
``make_assets --help`` rewrote the images.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.paths import ROOT

TOOLS = sorted(
    ".".join(p.relative_to(ROOT).with_suffix("").parts)
    for folder in (ROOT / "game" / "tools", ROOT / "game" / "ui" / "tools")
    for p in folder.glob("*.py")
    if not p.name.startswith("_")  # a leading underscore: a helper module, not a command
)


def _snapshot() -> dict[Path, float]:
    out: dict[Path, float] = {}
    for folder in ("assets", "screenshots"):
        for p in (ROOT / folder).rglob("*"):
            if p.is_file():
                out[p] = p.stat().st_mtime
    return out


def test_the_tools_are_found() -> None:
    assert "game.ui.tools.screenshots" in TOOLS and "game.tools.train_td" in TOOLS


@pytest.mark.parametrize("module", TOOLS)
def test_help_prints_usage_and_writes_nothing(module: str, tmp_path: Path) -> None:
    before = _snapshot()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", module, "--help"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout
    assert list(tmp_path.iterdir()) == []  # no folder named --help, no files where it ran
    assert _snapshot() == before  # the images, sounds and weights are untouched
