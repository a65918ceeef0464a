"""Positions the coach is checked on, and shots counted by brute force."""

from __future__ import annotations

import random
from itertools import product

from game.engine import Position
from game.testing.reference import reference_plays
from tests.helpers.paths import ROOT


def bench_cases(n: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """A seeded sample of the committed checker-play benchmark's positions (from self-play)."""
    cases: list[tuple[Position, tuple[int, int]]] = []
    for line in (ROOT / "game" / "tools" / "bench_checker_positions.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            pid, roll = line.split()
            cases.append((Position.from_id(pid), (int(roll[0]), int(roll[1]))))
    return random.Random(seed).sample(cases, n)


def brute_force_shots(after: Position) -> int:
    """The opponent's rolls (36 ordered pairs) for which some reference-legal play puts one of the
    mover's checkers on the bar."""
    theirs = after.flip()
    hit = 0
    for a, b in product(range(1, 7), repeat=2):
        if any(r.opp[24] > theirs.opp[24] for r in reference_plays(theirs, (a, b))):
            hit += 1
    return hit
