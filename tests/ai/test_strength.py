"""Smoke test of strength: the expert must beat pubeval over 120 duplicate-dice games.

120 games cannot measure the level precisely; this only catches a broken evaluator or wrong weights.
The real figures come from ``game/tools/bench_pubeval.py``. The number of pairs and the bar are
derived in docs/benchmarks.md ("The test suite", the expert against pubeval): the expert stays about
three standard errors above the bar, and an evaluator broken down to even play with pubeval fails it
at least as often as it failed the earlier 100 pairs' bar.
"""

from __future__ import annotations

import pytest

from game.ai import api, pubeval
from game.ai.duel import duel
from game.engine import Play, Position


def _expert(pos: Position, dice: tuple[int, int], seed: int) -> Play | None:
    return api.choose_play(pos, dice, "expert", seed=seed)


def _pubeval(pos: Position, dice: tuple[int, int], seed: int) -> Play | None:
    return pubeval.choose(pos, dice)


PAIRS = 60
BAR = 0.15


@pytest.mark.slow
def test_expert_beats_pubeval_in_120_games() -> None:
    result = duel(_expert, _pubeval, pairs=PAIRS, seed=77)
    assert result.games == 2 * PAIRS
    assert result.ppg >= BAR, f"expert {result.ppg:+.3f} ppg against pubeval"


def test_a_split_run_plays_the_same_dice_as_one_run() -> None:
    """``first`` lets a long benchmark run in pieces (one per core) and be pooled pair by pair."""

    def beginner(pos: Position, dice: tuple[int, int], seed: int) -> Play | None:
        return api.choose_play(pos, dice, "beginner", seed=seed)

    whole = duel(beginner, _pubeval, pairs=4, seed=5)
    head = duel(beginner, _pubeval, pairs=2, seed=5)
    tail = duel(beginner, _pubeval, pairs=2, seed=5, first=2)
    assert len(whole.samples) == 4
    assert head.samples + tail.samples == whole.samples
