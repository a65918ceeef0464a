"""A whole game played to its end with the keyboard alone, in a real window under Xvfb (no window manager).

The keys go in through the X server (``xdotool key``), as a keyboard or an arcade
encoder sends them; the game is followed through its autosave, which it writes
after every turn. The key pattern is blind on purpose: Enter picks up the checker
under the cursor and plays it to the target under it (or rolls, or finishes a
complete move), R rolls or ends the turn, T takes a double. If the keyboard could
not carry a game through every phase, the game would not end.

The game runs with reduced motion (a player's setting): the dice show their faces at once and the
checkers jump, so the game's own pace (the computer's turns, the dice) is shorter; the keys and
the phases they carry the game through are the same.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from game.session.settings import Settings, save_settings
from tests.helpers.waiting import HANG_LIMIT
from tests.helpers.xwindow import MISSING, game, window_geometry, xvfb

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        bool(MISSING), reason=f"needs {', '.join(MISSING)} (apt-get install xvfb xdotool imagemagick)"
    ),
]


def _phase(data: Path) -> tuple[str, int]:
    """(phase, games finished) from the autosave; ("", 0) before the first save."""
    try:
        saved = json.loads((data / "autosave.json").read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return "", 0
    return saved["state"]["phase"], int(saved["match"]["games"])


def test_a_whole_game_with_the_keyboard_in_a_real_window(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    assert save_settings(Settings(reduced_motion=True), data)
    with (
        xvfb((1024, 600)) as display,
        game(
            display,
            data,
            "gpu",
            "--start",
            "computer",
            "--level",
            "beginner",
            "--speed",
            "fast",
            "--match",
            "1",
        ) as proc,
    ):
        env = {**os.environ, "DISPLAY": display}
        window_geometry(display, proc)
        ids = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--class", "main.py"],
            env=env,
            capture_output=True,
            text=True,
        ).stdout.split()
        assert ids
        subprocess.run(["xdotool", "windowfocus", "--sync", ids[0]], env=env, check=False, timeout=HANG_LIMIT)
        # Blind presses until the game ends: a busy machine takes more of them, so the limit is a hang's.
        deadline = time.monotonic() + HANG_LIMIT
        presses = 0
        phases: set[str] = set()
        while time.monotonic() < deadline:
            assert proc.poll() is None, proc.communicate()[1][-3000:]
            phase, games = _phase(data)
            phases.add(phase)
            if games >= 1 or phase == "game_over":
                break
            subprocess.run(
                ["xdotool", "key", "--delay", "60", "Return", "Return", "r", "t"],
                env=env,
                check=True,
                timeout=30,
            )
            presses += 4
            time.sleep(0.15)
        phase, games = _phase(data)
        assert games >= 1 or phase == "game_over", (phase, phases, presses)
        assert "moving" in phases or "roll" in phases
