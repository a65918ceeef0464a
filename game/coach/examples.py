"""Cube decisions whose right answer is clear, for the coach's tests and its screenshot tool.

Why here: the tests (a pass, a take, a double too good, a double too early) and the tool that shows
the coach's cards need the same positions; they are kept once, as the points each side holds.
"""

from __future__ import annotations

from game.engine.position import Position


def board(me: dict[int, int], opp: dict[int, int]) -> Position:
    """A position from {point: checkers} for the player on roll and the opponent (each in their own
    numbers; 25 is the bar); the rest are borne off."""
    a, b = [0] * 25, [0] * 25
    for point, n in me.items():
        a[point - 1] = n
    for point, n in opp.items():
        b[point - 1] = n
    return Position(tuple(a), tuple(b))


FAR_AHEAD = board({1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2}, {6: 4, 5: 4, 4: 3, 3: 2, 2: 2})
"""A race: 48 pips against 66, no gammons: the player on roll doubles and the opponent must pass."""
A_LITTLE_AHEAD = board({6: 4, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1}, {6: 4, 5: 4, 4: 3, 3: 2, 2: 2})
"""A race, 62 pips against 66: a double, and an easy take."""
TOO_GOOD = board({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3}, {25: 3, 1: 3, 2: 3, 3: 3, 4: 3})
"""A closed board, three of the opponent's checkers on the bar: a gammon is likely, play on."""
WELL_AHEAD = board({6: 3, 5: 3, 4: 3, 3: 3, 2: 2, 1: 1}, {6: 4, 5: 4, 4: 3, 3: 2, 2: 2})
"""A race, 59 pips against 66: the player on roll should double (and the opponent take); rolling on
without doubling gives up a blunder's worth."""
BEHIND = board({6: 5, 5: 4, 4: 3, 3: 2, 2: 1}, {6: 2, 5: 2, 4: 3, 3: 2, 2: 3, 1: 3})
"""A race, 70 pips against 49: the player on roll should not double."""

__all__ = ["A_LITTLE_AHEAD", "BEHIND", "FAR_AHEAD", "TOO_GOOD", "WELL_AHEAD", "board"]
