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

import hashlib
import json
from functools import cache
from pathlib import Path

import pytest

from game.ai import api, cubeful, net
from game.ai import cube as cubemod
from game.ai.question import CubeQuestion
from game.engine import Position
from game.tools.bench_cube import sample_positions
from tests.helpers.paths import ROOT

REFERENCE = ROOT / "tests" / "data" / "cube_levels.json"
"""The expert's equities on the 120 positions, committed: computing them (240 cubeful evaluations, a
rollout in most) took minutes of the suite. Keyed by the shipped weights: after new weights,
``python -m tests.ai.test_cube_levels`` writes them again (and the test computes them meanwhile)."""


def _weights_digest() -> str:
    return hashlib.sha256(Path(str(net.WEIGHTS_PATH)).read_bytes()).hexdigest()


def _compute() -> list[tuple[Position, cubemod.CubeView, cubemod.CubeView]]:
    info = cubeful.CubeInfo()
    return [
        (pos, api.cube_equities(pos, info, "expert"), api.cube_equities(pos, info, "expert", answering=True))
        for pos in sample_positions(120, 5)
    ]


def _views(row: list[float]) -> cubemod.CubeView:
    return cubemod.CubeView(row[0], row[1], row[2])


@cache
def _cases() -> list[tuple[Position, cubemod.CubeView, cubemod.CubeView]]:
    """Each position with the expert's equities for the doubler's decision and for the taker's: the
    committed ones while the weights are the ones they were computed with, else computed now."""
    if REFERENCE.exists():
        data = json.loads(REFERENCE.read_text(encoding="utf-8"))
        if data["weights_sha256"] == _weights_digest():
            return [
                (Position.from_id(c["position"]), _views(c["double"]), _views(c["take"]))
                for c in data["cases"]
            ]
    return _compute()


def write_reference() -> None:
    cases = [
        {
            "position": pos.position_id(),
            "double": [eq.no_double, eq.double_take, eq.double_pass],
            "take": [answer.no_double, answer.double_take, answer.double_pass],
        }
        for pos, eq, answer in _compute()
    ]
    data = {"weights_sha256": _weights_digest(), "positions": "sample_positions(120, 5)", "cases": cases}
    REFERENCE.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")


def test_the_committed_reference_is_the_expert_s_own_judgement() -> None:
    """The committed equities agree with the expert's on a few positions (the rest follow from the same
    code): a stale file cannot pass for the reference. And the expert's own decisions, asked as the
    game asks them (``should_double``, ``should_take`` with the taker's view), are the reference's:
    the expert agrees with itself, which the ladder below takes as given."""
    if not REFERENCE.exists() or json.loads(REFERENCE.read_text())["weights_sha256"] != _weights_digest():
        pytest.skip("no reference for these weights yet: python -m tests.ai.test_cube_levels writes it")
    info = cubeful.CubeInfo()
    for pos, eq, answer in _cases()[:3]:
        now, now_answer = (
            api.cube_equities(pos, info, "expert"),
            api.cube_equities(pos, info, "expert", answering=True),
        )
        assert (eq.no_double, eq.double_take, eq.double_pass) == pytest.approx(
            (now.no_double, now.double_take, now.double_pass), abs=1e-9
        )
        assert (answer.no_double, answer.double_take, answer.double_pass) == pytest.approx(
            (now_answer.no_double, now_answer.double_take, now_answer.double_pass), abs=1e-9
        )
        # the same questions through the game's door (remembered by the expert: no second rollout)
        assert api.should_double(CubeQuestion(pos), "expert") == eq.should_double
        assert api.should_take(CubeQuestion(pos.flip()), "expert") == answer.should_take


def _score(level: str) -> tuple[float, dict[str, int]]:
    lost = 0.0
    kinds = {"missed double": 0, "early double": 0, "cashed a too-good": 0, "wrong take": 0, "wrong pass": 0}
    for pos, eq, answer in _cases():
        dv = min(eq.double_take, eq.double_pass)
        doubles = api.should_double(CubeQuestion(pos), level)
        takes = api.should_take(CubeQuestion(pos.flip()), level)
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


@pytest.mark.slow
def test_cube_errors_grow_down_the_ladder() -> None:
    """Each level loses more than the one above it; the expert loses nothing, its decisions being the
    reference's. The expert is not asked again here: its 240 decisions, each a rollout, were 57 of
    this test's 58 s of CPU, and what they checked (that ``should_double`` and ``should_take`` give
    the equities' own answers) is one code path for every position, checked above on the
    reference's first positions with both answers."""
    noisy = [level for level in api.LEVELS if level != "expert"]  # beginner .. advanced
    lost = [_score(level)[0] for level in noisy]
    assert lost[0] > lost[1] > lost[2] > 0.0, lost


def test_beginners_miss_doubles_and_take_too_much() -> None:
    _, kinds = _score("beginner")
    assert kinds["missed double"] > kinds["early double"], kinds
    assert kinds["wrong take"] > kinds["wrong pass"], kinds
    assert kinds["missed double"] >= 5 and kinds["wrong take"] >= 5, kinds


if __name__ == "__main__":
    write_reference()
