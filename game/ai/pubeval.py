"""Tesauro's pubeval: the standard public benchmark opponent (1993, public domain).

Why it is here: the strength of our own evaluator is measured against it
(``game/tools/bench_pubeval.py`` and a smoke test). It is a linear scorer of the
position after a candidate play, seen by the mover, with one weight set for
contact positions and one for races. The weights are read from
``assets/weights/pubeval.json`` (Tesauro's published numbers).
"""

from __future__ import annotations

import json
from functools import cache

from game.assets import asset
from game.engine import Play, Position, legal_plays

WEIGHTS_PATH = asset("weights", "pubeval.json")


@cache
def weights() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(contact, race) weight vectors of 122 inputs each, loaded once."""
    data = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    contact = tuple(float(v) for v in data["contact"])
    race = tuple(float(v) for v in data["race"])
    if len(contact) != 122 or len(race) != 122:
        raise ValueError(f"{WEIGHTS_PATH} must hold 122 contact and 122 race weights")
    return contact, race


def inputs(pos: Position) -> list[float]:
    """The 122 pubeval inputs of ``pos`` as it stands, seen by the player on roll.

    Block ``5 * (24 - j)`` describes the mover's point ``j``: [opponent has exactly
    one checker there, mover has exactly 1, mover has >= 2, mover has exactly 3,
    (n - 3) / 2 when the mover has n >= 4].
    """
    x = [0.0] * 122
    me = pos.me
    opp = pos.opp
    for j in range(24, 0, -1):
        b = 5 * (24 - j)
        n = me[j - 1]
        if opp[24 - j] == 1:
            x[b] = 1.0
        if n == 1:
            x[b + 1] = 1.0
        elif n >= 2:
            x[b + 2] = 1.0
            if n == 3:
                x[b + 3] = 1.0
            elif n >= 4:
                x[b + 4] = (n - 3) / 2.0
    x[120] = opp[24] / 2.0
    x[121] = pos.my_off / 15.0
    return x


def score(pos: Position, race: bool) -> float:
    """Pubeval's score of ``pos`` (higher is better for the player on roll)."""
    w = weights()[1 if race else 0]
    return sum(wi * xi for wi, xi in zip(w, inputs(pos), strict=True) if xi)


@cache
def _tables(race: bool) -> tuple[list[list[float]], list[float], float, float]:
    """Pubeval folded per point: (mine[index][count], opponent blot on my index, bar, off weights)."""
    w = weights()[1 if race else 0]
    mine: list[list[float]] = []
    blot: list[float] = []
    for i in range(24):  # the mover's index i is point j = i + 1, block 5 * (23 - i)
        b = 5 * (23 - i)
        per = [0.0, w[b + 1]]
        for n in range(2, 16):
            v = w[b + 2]
            if n == 3:
                v += w[b + 3]
            elif n >= 4:
                v += w[b + 4] * (n - 3) / 2.0
            per.append(v)
        mine.append(per)
        blot.append(w[b])
    return mine, blot, w[120], w[121]


def fast_score(pos: Position, race: bool) -> float:
    """The same number as :func:`score`, from folded tables (used in play)."""
    mine, blot, w_bar, w_off = _tables(race)
    me = pos.me
    opp = pos.opp
    total = w_bar * opp[24] / 2.0 + w_off * (15 - sum(me)) / 15.0
    for i in range(24):
        n = me[i]
        if n:
            total += mine[i][n]
        elif opp[23 - i] == 1:
            total += blot[i]
    return total


def choose(pos: Position, dice: tuple[int, int]) -> Play | None:
    """Pubeval's play: the highest score; bearing off the 15th checker wins outright.

    The weight set follows the position BEFORE the play (race or contact).
    """
    plays = legal_plays(pos, dice)
    if not plays:
        return None
    for play in plays:
        if play.position.my_off == 15:
            return play
    race = pos.is_race()
    return max(plays, key=lambda p: fast_score(p.position, race))
