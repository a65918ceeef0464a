"""Dice, rolled with a ``random.Random`` the caller owns.

The engine never touches the global ``random`` module: the game, the tests and
the training loops each pass their own generator, so a seed reproduces a whole
game. ``randint(1, 6)`` includes both ends (a classic bug is ``randrange(1, 6)``,
which never rolls a 6).
"""

from __future__ import annotations

import random

FACES = (1, 2, 3, 4, 5, 6)


def roll_die(rng: random.Random) -> int:
    """One die, 1..6 with equal chances."""
    return rng.randint(1, 6)


def roll(rng: random.Random) -> tuple[int, int]:
    """Two dice for a turn; equal numbers are a double (played four times)."""
    return rng.randint(1, 6), rng.randint(1, 6)


def roll_opening(rng: random.Random) -> tuple[int, int]:
    """One die for each player (player 0's, player 1's); a tie must be rolled again."""
    return rng.randint(1, 6), rng.randint(1, 6)
