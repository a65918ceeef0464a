"""The newcomer's walk-through (issue 36) in a real window under Xvfb: from the attract demo's first
touch through Learn to play and a whole first game to today's board, every step a tap through the X
server (``game.ui.tools.newcomer_walk``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game import i18n
from game.session.lessons import load_lessons
from tests.helpers.xwindow import MISSING, xvfb

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("BACKGAMMON_WALK") != "1",
        reason="a whole walk-through in real time (5 to 16 minutes): BACKGAMMON_WALK=1 runs it, "
        "or python -m game.ui.tools.newcomer_walk (the suite's time goal, issue 34)",
    ),
    pytest.mark.skipif(
        bool(MISSING), reason=f"needs {', '.join(MISSING)} (apt-get install xvfb xdotool imagemagick)"
    ),
]


def test_a_newcomer_walks_from_the_first_touch_to_todays_board(tmp_path: Path) -> None:
    from game.ui.tools._realwindow import MATCH
    from game.ui.tools.newcomer_walk import NewcomerWalk, Part

    scratch = tmp_path / "scratch"
    scratch.mkdir()
    i18n.set_language("en")
    with xvfb((800, 480)) as display:
        report = NewcomerWalk(tmp_path, display, (800, 480), "en", scratch, seed=7).run()
    parts = report["parts"]
    assert isinstance(parts, dict)
    for part in Part:
        measured = parts[part.name.lower()]
        assert measured["taps"] > 0, (part, measured)
        assert measured["wall_s"] > 0, (part, measured)
        assert measured["first_timer_s"] > measured["taps"] * 1.5, (part, measured)  # reading counts too
    steps = load_lessons()
    assert parts["learn"]["taps"] >= 2 * len(steps) + 1  # a play or answer and Next each, then the game
    assert report["winner"] in ("visitor", "computer")
    turns = report["turns"]
    assert isinstance(turns, int) and turns > 0
    moments = report["moments"]
    assert isinstance(moments, list) and moments[0] == "opening" and "game_over" in moments
    assert report["leaderboard"] is True
    shots = report["shots"]
    assert isinstance(shots, list)
    for name in ("01_attract", "02_title", "19_learn_finish", "40_initials", "42_leaderboard"):
        assert f"walk_en_800x480_{name}.png" in shots
    assert all((tmp_path / name).exists() for name in shots)
    off = report["off"]
    assert isinstance(off, dict)
    lessons = {name: value for name, value in off.items() if name.startswith("10_learn")}
    assert len(lessons) == 2 * len(steps)
    assert all(value < MATCH for value in lessons.values()), lessons  # the taps landed where meant
