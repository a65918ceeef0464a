"""Race evaluation for positions without contact: the bear-off table, or an effective pip count model.

Why: once contact is over the game is two independent races, and the number of
rolls each side needs decides it. In a bear-off (every checker home) the
one-sided table (:mod:`game.ai.bearoff`) gives each side's exact roll-count
distribution. Before that, each side's distribution is modelled from the
table: every outside checker is moved to the six-point (the "folded" side,
whose roll distribution the table knows), and the pips it still had to travel
to get there are added as a renewal process (mean ``pips / 8.17`` rolls and its
variance) on top of the folded side's mean and variance, discretised as a
normal distribution. (Folding by sixes instead, onto the point a checker would
reach with sixes, measured worse against the rollouts: it stacks the low points
and overstates the wastage of a checker still outside.) The two
distributions give the win chance exactly as in the bear-off (the side on roll
wins ties in rolls).

Gammons: a side with no checker off loses a gammon when the other finishes
before its first checker comes off; its first-off count is the table's (all
home) or a normal model over the pips to bring every checker home plus the
table's first-off count of the folded side. Backgammons are left at 0 (a
no-contact position with a loser's checker still in the winner's home board is
rare and nearly always lost anyway only as a gammon).

Checked against the project's own rollouts by ``python -m game.tools.check_race``
(200 races from play; the error figure is in ``assets/weights/README.md``).
The contact rule is the engine's :meth:`Position.is_race`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from game.engine import Position

from . import bearoff
from .bearoff import Dist, Side

ROLL_MEAN = 294.0 / 36.0
"""Pips a roll moves on average (a double counts four times its face)."""
ROLL_VAR = 3066.0 / 36.0 - ROLL_MEAN * ROLL_MEAN

Outputs = tuple[float, float, float, float, float]


def fold(side: Sequence[int]) -> Side:
    """The side with every outside checker moved to its six-point (see the module docstring)."""
    home = list(side[:6])
    home[5] += sum(side[6:25])
    return tuple(home)


def _normal_dist(mean: float, var: float) -> Dist:
    """A normal distribution of roll counts, discretised to whole rolls 0..MAX_ROLLS-1 (at least 1)."""
    sd = math.sqrt(max(var, 0.05))
    cdf = [0.5 * (1.0 + math.erf((n + 0.5 - mean) / (sd * math.sqrt(2.0)))) for n in range(bearoff.MAX_ROLLS)]
    cdf[0] = 0.0  # a side with checkers left needs at least one roll
    cdf[-1] = 1.0
    return tuple([0.0] + [cdf[n] - cdf[n - 1] for n in range(1, bearoff.MAX_ROLLS)])


@lru_cache(maxsize=65536)
def finish_dist(side: tuple[int, ...]) -> Dist:
    """Distribution of the rolls this side (25 counts) needs to bear everything off."""
    db = bearoff.default_db()
    home = bearoff.home_side(side)
    if home is not None:
        return db.finish(home)
    folded = fold(side)
    dist = db.finish(folded)
    h_mean = sum(n * p for n, p in enumerate(dist))
    h_var = sum(n * n * p for n, p in enumerate(dist)) - h_mean * h_mean
    pips = sum((i + 1) * n for i, n in enumerate(side))
    folded_pips = sum((i + 1) * n for i, n in enumerate(folded))
    outside = pips - folded_pips
    mean = h_mean + outside / ROLL_MEAN
    var = h_var + outside * ROLL_VAR / ROLL_MEAN**3
    return _normal_dist(mean, var)


@lru_cache(maxsize=65536)
def first_off_dist(side: tuple[int, ...]) -> Dist:
    """Distribution of the rolls before this side's first checker comes off."""
    db = bearoff.default_db()
    if sum(side) < bearoff.CHECKERS:
        return (1.0,)
    home = bearoff.home_side(side)
    if home is not None:
        return db.first_off(home)
    # Bring everything home (each checker to the 6-point at least), then the folded side's first-off count.
    to_home = sum((i - 5) * side[i] for i in range(6, 25))
    first = db.first_off(fold(side))
    f_mean = sum(n * p for n, p in enumerate(first))
    f_var = sum(n * n * p for n, p in enumerate(first)) - f_mean * f_mean
    mean = f_mean + to_home / ROLL_MEAN
    var = f_var + to_home * ROLL_VAR / ROLL_MEAN**3
    return _normal_dist(mean, var)


def outputs(pos: Position) -> Outputs:
    """Cubeless outputs for the side on roll of a no-contact position."""
    if not pos.is_race():
        raise ValueError("not a race: the sides are still in contact")
    if bearoff.is_bearoff(pos):
        return bearoff.outputs(pos)
    a = finish_dist(pos.me)
    b = finish_dist(pos.opp)
    p = bearoff.win_chance(a, b)
    win_g = bearoff.win_chance(a, first_off_dist(pos.opp)) if pos.opp_off == 0 else 0.0
    lose_g = 1.0 - bearoff.win_chance(first_off_dist(pos.me), b) if pos.my_off == 0 else 0.0
    return (p, min(win_g, p), 0.0, min(lose_g, 1.0 - p), 0.0)
