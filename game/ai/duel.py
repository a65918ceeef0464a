"""Cubeless games between two move choosers, with duplicate dice.

Why: strength is measured against pubeval (the benchmark script and a smoke
test). Duplicate dice cut the luck: each dice stream is played twice with the
seats swapped, and the pair's average is one sample.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.engine import Play, Position
from game.engine.scoring import win_kind

Chooser = Callable[[Position, tuple[int, int], int], Play | None]
"""(position, dice, game seed) -> play or None."""


def game_points(after: Position) -> int:
    """Points won by the mover who has just borne off the last checker (1, 2 or 3), cubeless.

    The rule itself (gammon, backgammon) is the engine's :func:`game.engine.scoring.win_kind`.
    """
    return win_kind(after).value


def dice_stream(seed: int, length: int = 600) -> list[tuple[int, int]]:
    """A seeded roll sequence; the first roll is an opening roll (never a double)."""
    rng = random.Random(seed)
    while True:
        first = (rng.randint(1, 6), rng.randint(1, 6))
        if first[0] != first[1]:
            break
    return [first] + [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(length - 1)]


def play_game(first: Chooser, second: Chooser, rolls: Sequence[tuple[int, int]], game_seed: int) -> int:
    """Play one cubeless game; return the points for ``first`` (negative if ``second`` wins)."""
    pos = Position.start()
    players = (first, second)
    turn = 0
    k = 0
    extra = random.Random(game_seed)
    while True:
        dice = rolls[k] if k < len(rolls) else (extra.randint(1, 6), extra.randint(1, 6))
        k += 1
        play = players[turn](pos, dice, game_seed)
        after = pos if play is None else play.position
        if after.my_off == 15:
            pts = game_points(after)
            return pts if turn == 0 else -pts
        pos = after.flip()
        turn = 1 - turn


@dataclass(frozen=True, slots=True)
class DuelResult:
    """Points per game for the first chooser with a 95% interval over duplicate pairs."""

    pairs: int
    ppg: float
    half_width: float
    wins: int
    games: int
    samples: tuple[float, ...] = ()
    """Each pair's average, in stream order (runs split with ``first`` can be pooled)."""

    @property
    def low(self) -> float:
        return self.ppg - self.half_width

    @property
    def high(self) -> float:
        return self.ppg + self.half_width


def duel(a: Chooser, b: Chooser, pairs: int, seed: int = 0, first: int = 0) -> DuelResult:
    """``pairs`` duplicate pairs of games, ``a`` against ``b``, on dice streams from number ``first`` on."""
    samples: list[float] = []
    wins = 0
    for g in range(first, first + pairs):
        rolls = dice_stream(seed * 1_000_003 + g)
        r1 = play_game(a, b, rolls, 2 * g)
        r2 = -play_game(b, a, rolls, 2 * g + 1)
        wins += (r1 > 0) + (r2 > 0)
        samples.append((r1 + r2) / 2.0)
    n = len(samples)
    mean = sum(samples) / n if n else 0.0
    var = sum((s - mean) ** 2 for s in samples) / (n - 1) if n > 1 else 0.0
    return DuelResult(n, mean, 1.96 * math.sqrt(var / n) if n else 0.0, wins, 2 * n, tuple(samples))
