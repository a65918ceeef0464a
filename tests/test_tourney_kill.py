"""kill -9 through a whole eight-player tournament on one cabinet (issue 35, "How we will know"): at least
30 SIGKILLs in every phase (opening roll, mid-turn, cube offered, between games, at the result, back at
the draw, and random moments), restarting each time; the final standings and every match's .mat equal
those of an undisturbed run of the same dice. See :mod:`tests.tourney_kill` (more kills:
``python -m tests.tourney_kill --kills 100``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.tourney_kill import PHASES, RANDOM, differences, run_event

KILLS = 30


@pytest.mark.slow
def test_thirty_kills_through_a_tournament_lose_nothing(tmp_path: Path) -> None:
    calm = run_event(tmp_path / "calm", 5, 0, random.Random(5))
    assert calm.starts == 1 and not calm.kills
    hurt = run_event(tmp_path / "killed", 5, KILLS, random.Random(5))
    assert sum(hurt.kills.values()) >= KILLS, hurt.kills
    for phase in (*PHASES, RANDOM):
        assert hurt.kills[phase] >= 1, hurt.kills
    assert differences(calm.summary, hurt.summary) == []
    assert calm.unsaid == [] and hurt.unsaid == []  # every match's end said it was scored
    matches = calm.summary["matches"]
    assert len(matches) == 10 and all(m[3] == "played" and m[4] for m in matches.values())


def test_the_comparison_sees_a_changed_record_and_a_changed_result() -> None:
    base = {
        "standings": [[1, "Anna", 3, 0, 4]],
        "matches": {"R1-1": [[0, 1], 0, [3, 1], "played", "; a record\n"]},
    }
    other_record = {**base, "matches": {"R1-1": [[0, 1], 0, [3, 1], "played", "; another\n"]}}
    other_result = {**base, "matches": {"R1-1": [[0, 1], 1, [1, 3], "played", "; a record\n"]}}
    assert differences(base, base) == []
    assert differences(base, other_record) == ["R1-1: the same result, another record"]
    assert differences(base, other_result)[0].startswith("R1-1: ")
