"""Smoke test of strength: the expert's checker plays against a strong program's ranking of them.

This catches a broken evaluator or wrong weights. It judges 200 decisions of the committed teacher
reference (``assets/weights/training/reference_2ply.txt.gz``: each legal play ranked by Open Sage at
its 2ply, from games none of the training data came from; ``game.tools.bench_teacher`` built it and
measures the full set). Why decisions and not games against pubeval: the expert has no noise, and a
decision's loss varies far less than a game's result, so the same power costs a tenth of the CPU.
The sample and the bars are derived in docs/benchmarks.md ("The fourth cut"): the expert stays
several standard errors inside them, and a player as weak as pubeval, or the expert with its
gammons counted for the wrong side, fails them. The noisy levels keep their games against pubeval
(``tests/ai/test_levels.py``); the real figures come from ``game/tools/bench_teacher.py`` and
``game/tools/bench_pubeval.py``.
"""

from __future__ import annotations

import statistics

import pytest

from game.ai import api, pubeval
from game.ai.duel import duel
from game.engine import Play, Position
from game.tools import bench_teacher

CASES = 200
BAR = 0.025
"""Most equity the expert may lose a decision on average, in points (25 thousandths)."""


def _pubeval(pos: Position, dice: tuple[int, int], seed: int) -> Play | None:
    return pubeval.choose(pos, dice)


@pytest.mark.slow
def test_the_expert_loses_little_against_the_teachers_ranking_and_far_less_than_pubeval() -> None:
    cases = bench_teacher.read_reference()[:CASES]
    assert len(cases) == CASES
    expert = bench_teacher.losses(cases, lambda p, d: api.choose_play(p, d, "expert", seed=1))
    weak = bench_teacher.losses(cases, lambda p, d: pubeval.choose(p, d))
    mean = statistics.fmean(expert)
    assert mean <= BAR, f"the expert lost {1000 * mean:.1f} thousandths a decision"
    assert mean <= statistics.fmean(weak) / 2, (mean, statistics.fmean(weak))


def test_a_split_run_plays_the_same_dice_as_one_run() -> None:
    """``first`` lets a long benchmark run in pieces (one per core) and be pooled pair by pair."""

    def beginner(pos: Position, dice: tuple[int, int], seed: int) -> Play | None:
        return api.choose_play(pos, dice, "beginner", seed=seed)

    whole = duel(beginner, _pubeval, pairs=4, seed=5)
    head = duel(beginner, _pubeval, pairs=2, seed=5)
    tail = duel(beginner, _pubeval, pairs=2, seed=5, first=2)
    assert len(whole.samples) == 4
    assert head.samples + tail.samples == whole.samples
