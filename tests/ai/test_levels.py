"""Each noisy level's strength against pubeval on a small fixed set of duplicate games.

Why games and not single decisions: a level's strength is what a player meets, and noise that
looks harmless move by move adds up over a game. Twelve duplicate pairs (each dice stream played
twice with the seats swapped) on a fixed seed take a few seconds per level and give a figure
within about +-0.5 points a game of the level's real strength (``game/tools/bench_pubeval.py``
measures that over thousands of games: beginner -0.75, intermediate -0.05, advanced +0.20).

The floors sit about three standard errors below those figures, so retraining the network or
recalibrating a level does not trip them, while a level whose noise grows ten times (about -2.3
points a game here: it plays almost at random) falls far below: the slow tests below check that
these very floors catch it. The expert has no noise; its strength is judged decision by decision
against a strong program's ranking in ``tests/ai/test_strength.py``.
"""

from __future__ import annotations

import pytest

from game.ai import api, pubeval
from game.ai.duel import DuelResult, duel
from game.engine import Play, Position

PAIRS = 12
SEED = 13
FLOOR = {"beginner": -1.6, "intermediate": -1.0, "advanced": -0.8}
NOISY = tuple(FLOOR)


def _pubeval(pos: Position, dice: tuple[int, int], seed: int) -> Play | None:
    return pubeval.choose(pos, dice)


def _against_pubeval(level: str) -> DuelResult:
    def chooser(pos: Position, dice: tuple[int, int], seed: int) -> Play | None:
        return api.choose_play(pos, dice, level, seed=seed)

    return duel(chooser, _pubeval, pairs=PAIRS, seed=SEED)


def test_every_noisy_level_has_a_floor() -> None:
    assert set(FLOOR) == {level for level in api.LEVELS if api.PLAY_NOISE[level] > 0}


@pytest.mark.parametrize("level", NOISY)
def test_level_strength_against_pubeval(level: str) -> None:
    result = _against_pubeval(level)
    assert result.games == 2 * PAIRS
    assert result.ppg >= FLOOR[level], f"{level} {result.ppg:+.3f} ppg against pubeval"


@pytest.mark.slow
@pytest.mark.parametrize("level", NOISY)
def test_a_level_ten_times_noisier_falls_below_its_floor(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: the same games with ten times the level's noise."""
    monkeypatch.setitem(api.PLAY_NOISE, level, 10 * api.PLAY_NOISE[level])
    result = _against_pubeval(level)
    assert result.ppg < FLOOR[level], f"{level} x10 noise: {result.ppg:+.3f} ppg against pubeval"
