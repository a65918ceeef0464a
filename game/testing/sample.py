"""Random legal positions, for property tests, benchmarks and training starts.

Positions are spread over the kinds where move generators go wrong: ordinary
contact, checkers on the bar, bear-offs (with and without stragglers) and
nearly finished games. Everything is drawn from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random

from game.engine.position import CHECKERS, Position


def _scatter(rng: random.Random, n: int, slots: list[int], blocked: set[int]) -> list[int]:
    counts = [0] * 25
    free = [s for s in slots if s not in blocked] or [s for s in range(25) if s not in blocked]
    for _ in range(n):
        counts[rng.choice(free)] += 1
    return counts


def random_position(rng: random.Random) -> Position:
    """A random valid position from the mover's side."""
    kind = rng.random()
    if kind < 0.15:
        my_slots = list(range(6))  # bear-off
    elif kind < 0.25:
        my_slots = list(range(9))  # bear-off with stragglers
    else:
        my_slots = list(range(25))
    opp_kind = rng.random()
    opp_slots = list(range(6)) if opp_kind < 0.15 else list(range(25))
    my_n = CHECKERS - (rng.randrange(0, 15) if rng.random() < 0.3 else 0)
    opp_n = CHECKERS - (rng.randrange(0, 15) if rng.random() < 0.3 else 0)
    me = _scatter(rng, my_n, my_slots, set())
    # The opponent may not stand where the mover stands (index i faces 23 - i).
    taken = {23 - i for i in range(24) if me[i]}
    opp = _scatter(rng, opp_n, opp_slots, taken)
    if rng.random() < 0.5:  # thin out the bar: most real positions have nobody there
        me[24] = min(me[24], rng.randrange(0, 3))
        opp[24] = min(opp[24], rng.randrange(0, 3))
        # Checkers removed from the bar are simply borne off; still a valid count.
    # A side with nothing left would be a finished game, not a position to play:
    # keep one checker on its bar (no extra draw, so every other sample is unchanged).
    for side in (me, opp):
        if sum(side) == 0:
            side[24] = 1
    return Position(tuple(me), tuple(opp))
