"""The levels' cube errors: in proportion to their strength, and of the human kind.

Reference: the expert's own cubeful equities, as it judges a double and as it judges
a take (one roll ahead, rolled out where it rolls out; the project's best judgement;
the benchmark ``game.tools.bench_cube`` measures the expert itself against an outside
reference). On positions from play where the cube matters,
each lower level must lose more equity than the one above it, and a beginner's
errors must lean the human way: more missed doubles than early ones, more
wrong takes than wrong passes. (Lower levels also cash many positions the
expert plays on for the gammon, another human habit; that is counted, not
bounded.)
"""

from __future__ import annotations

from functools import cache

import pytest

from game.ai import api, cubeful
from game.engine import Position
from game.tools.bench_cube import sample_positions


@cache
def _cases() -> list[tuple[Position, cubeful.CubeEquities, cubeful.CubeEquities]]:
    """Each position with the expert's equities for the doubler's decision and for the taker's."""
    info = cubeful.CubeInfo()
    return [
        (pos, api.cube_equities(pos, info, "expert"), api.cube_equities(pos, info, "expert", answering=True))
        for pos in sample_positions(120, 5)
    ]


def _score(level: str) -> tuple[float, dict[str, int]]:
    lost = 0.0
    kinds = {"missed double": 0, "early double": 0, "cashed a too-good": 0, "wrong take": 0, "wrong pass": 0}
    for pos, eq, answer in _cases():
        dv = min(eq.double_take, eq.double_pass)
        doubles = api.should_double(pos, 1, "centre", 0, (0, 0), False, level)
        takes = api.should_take(pos.flip(), 1, "centre", 0, (0, 0), False, level)
        lost += max(eq.no_double, dv) - (dv if doubles else eq.no_double)
        dv = min(answer.double_take, answer.double_pass)
        lost += (answer.double_take if takes else answer.double_pass) - dv
        if doubles and not eq.should_double:
            kinds["cashed a too-good" if eq.too_good else "early double"] += 1
        if not doubles and eq.should_double:
            kinds["missed double"] += 1
        if takes and not answer.should_take:
            kinds["wrong take"] += 1
        if not takes and answer.should_take:
            kinds["wrong pass"] += 1
    return lost / len(_cases()), kinds


@pytest.mark.slow  # it and the next share the cached reference cases: the first one pays (~4 min loaded)
def test_cube_errors_grow_down_the_ladder() -> None:
    scores = {level: _score(level) for level in api.LEVELS}
    lost = [scores[level][0] for level in api.LEVELS]  # beginner .. expert
    assert lost[-1] == 0.0  # the expert agrees with itself
    assert lost[0] > lost[1] > lost[2] > lost[3], lost


@pytest.mark.slow
def test_beginners_miss_doubles_and_take_too_much() -> None:
    _, kinds = _score("beginner")
    assert kinds["missed double"] > kinds["early double"], kinds
    assert kinds["wrong take"] > kinds["wrong pass"], kinds
    assert kinds["missed double"] >= 5 and kinds["wrong take"] >= 5, kinds
