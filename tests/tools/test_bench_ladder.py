"""The cubeful ladder benchmark: duplicate dice cancel luck, and its figures are the upper level's."""

from __future__ import annotations

import json
from pathlib import Path

from game.tools import bench_ladder


def test_a_level_against_itself_on_swapped_seats_scores_exactly_zero() -> None:
    # The same dice and the same deterministic choices on both seats: the two games are one game
    # seen from both sides, so whatever was won in one is lost in the other.
    for seed in range(5):
        points, seen = bench_ladder.upper_points("advanced", "advanced", seed)
        assert points == 0.0
        assert seen["doubled games"] % 2 == 0


def test_the_stronger_level_wins_on_fixed_dice(tmp_path: Path) -> None:
    figures = bench_ladder.rung("beginner", "advanced", pairs=30, first=0)
    assert figures["games"] == 60
    samples = figures["samples"]
    assert isinstance(samples, list) and len(samples) == 30
    ppg, ci = figures["upper_ppg"], figures["ci95"]
    assert isinstance(ppg, float) and isinstance(ci, list)
    assert ppg > 0.0
    assert ci[0] < ppg < ci[1]
    out = tmp_path / "ladder.json"
    assert bench_ladder.main(["--pairs", "2", "--rungs", "beginner-intermediate", "--json", str(out)]) == 0
    (row,) = json.loads(out.read_text())
    assert (row["lower"], row["upper"], row["games"]) == ("beginner", "intermediate", 4)
