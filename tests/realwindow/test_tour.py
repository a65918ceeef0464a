"""The real-window tour and the spoken mode's hold, in a real window under Xvfb (no window manager).

The tour (``game.ui.tools.realwindow_tour``) clicks the game by its buttons' labels through the X
server; its kiosk walk is run here and every capture of a screen that stands still must show what the
game's headless twin draws (the clicks landed where the labels are, the screens came in order). The
hold is a gesture in real time: the finger stays down until the game has saved the spoken mode, which
only happens if the loop keeps stepping while nothing else moves (it sleeps without input).
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from game.ui.geometry import to_window
from tests.helpers.waiting import HANG_LIMIT
from tests.helpers.xwindow import MISSING, game, window_geometry, xvfb

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        bool(MISSING), reason=f"needs {', '.join(MISSING)} (apt-get install xvfb xdotool imagemagick)"
    ),
]


def _speech_saved(data: Path) -> bool:
    try:
        return bool(json.loads((data / "settings.json").read_text())["settings"].get("speech"))
    except (FileNotFoundError, json.JSONDecodeError, KeyError):
        return False


def test_a_finger_held_on_the_title_turns_the_spoken_mode_on_in_a_real_window(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    screen = (800, 480)
    with xvfb(screen) as display, game(display, data, "software", "--fullscreen") as proc:
        window_geometry(display, proc)
        env = {**os.environ, "DISPLAY": display}
        x, y = to_window((640.5, 705.5), screen, 0)  # a spot of the title with no button
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "mousedown", "1"], env=env, check=True)
        deadline = time.monotonic() + HANG_LIMIT
        while not _speech_saved(data) and time.monotonic() < deadline:
            assert proc.poll() is None
            time.sleep(0.2)
        subprocess.run(["xdotool", "mouseup", "1"], env=env, check=True)
        assert _speech_saved(data), "the hold never turned the spoken mode on"
        assert not (data / "autosave.json").exists(), "the lifted finger started a game"


def test_the_tours_kiosk_walk_shows_what_the_twin_draws(tmp_path: Path) -> None:
    from game.ui.tools._realwindow import MATCH
    from game.ui.tools.realwindow_tour import Tour

    with xvfb((800, 480)) as display:
        walk = Tour(tmp_path, display, (800, 480), "en", tmp_path).kiosk()
    assert [p.name for p in walk.shots] == [
        f"kiosk_en_800x480_{name}.png" for name in ("attract", "keypad", "keypad_wrong", "operator")
    ]
    assert all(p.exists() for p in walk.shots)
    still = {name: off for name, off in walk.off.items() if name != "attract"}  # the demo moves
    assert all(off < MATCH for off in still.values()), still
