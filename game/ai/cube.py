"""Cube decisions from the evaluator's probabilities: Janowski's cubeful model.

Why this model: a 0-ply network gives cubeless probabilities; Janowski's
formulas turn them into cubeful equity by interpolating between the dead-cube
equity and a fully live cube (cash point, take point) with a cube efficiency
``x``. In a match the same interpolation is done in match-winning-chance units:
the outcomes are valued by the match equity table (``met.py``), scaled so that
losing and winning the current cube map to -1 and +1, which carries the score's
effect on gammon values and take points into the model.

In a pure race the probabilities come from :func:`race_outputs` (a normal
approximation over Keith-adjusted counts) rather than the network. The Keith
count's own doubling rule (:func:`keith_decision`) is the independent check the
tests compare the race decisions with.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import Position

from .met import match_equity

CONTACT_X = 0.68
"""Cube efficiency in contact positions (the value GNU Backgammon uses)."""


def cube_efficiency(pos: Position) -> float:
    """Janowski's ``x``: lower in short races where the cube is less live."""
    if not pos.is_race():
        return CONTACT_X
    pips = pos.pips()[0]
    return min(0.7, max(0.6, 0.55 + 0.00125 * pips))


def average_values(out: Sequence[float]) -> tuple[float, float]:
    """(W, L): the average size of a win and of a loss, in cubes (money)."""
    w = out[0]
    big_w = 1.0 + (out[1] + out[2]) / w if w > 1e-7 else 1.0
    big_l = 1.0 + (out[3] + out[4]) / (1.0 - w) if w < 1.0 - 1e-7 else 1.0
    return big_w, big_l


def janowski(p: float, big_w: float, big_l: float, owner: str, x: float) -> float:
    """Cubeful equity (in cubes) of the player on roll with win chance ``p``.

    ``owner`` is "centre", "me" or "opponent" (the cube's owner seen by that player).
    Dead-cube equity ``p W - (1 - p) L`` blended with the live-cube line by ``x``.

    The live line runs through the take point (-1) and the cash point (+1) and, beyond them, on to
    the game's ends: -L at p = 0 and +W at p = 1. Past its cash point a player may cash, but with a
    fully live cube it may as well play on and cash only if the game falls back to the cash point,
    so its equity there is the line from (cash point, +1) to (1, W): a certain gammon is worth W
    whoever holds the cube. (Stopping that line at +1 once undervalued every position past the cash
    point: a certain gammon with the cube centred counted 1.32, not 2.)
    """
    dead = p * big_w - (1.0 - p) * big_l
    take_point = (big_l - 0.5) / (big_w + big_l + 0.5)
    cash_point = (big_l + 1.0) / (big_w + big_l + 0.5)
    if owner in ("centre", "me") and p >= cash_point:
        live = 1.0 + (big_w - 1.0) * (p - cash_point) / (1.0 - cash_point) if cash_point < 1.0 else 1.0
    elif owner == "centre":
        if p <= take_point:
            live = -big_l + (big_l - 1.0) * p / take_point if take_point > 0 else -1.0
        else:
            live = -1.0 + 2.0 * (p - take_point) / (cash_point - take_point)
    elif owner == "me":
        live = -big_l + (1.0 + big_l) * p / cash_point
    else:
        if p <= take_point:
            live = -big_l + (big_l - 1.0) * p / take_point if take_point > 0 else -1.0
        else:
            live = -1.0 + (big_w + 1.0) * (p - take_point) / (1.0 - take_point)
    return dead * (1.0 - x) + live * x


TIE = 1e-9
"""Equities closer than this are equal (a certain win's cash and play-on differ only by rounding)."""


@dataclass(frozen=True, slots=True)
class CubeView:
    """Equities (money: in current cubes; match: in match-winning chance) of the three cube actions."""

    no_double: float
    double_take: float
    double_pass: float

    @property
    def should_double(self) -> bool:
        """Doubling is worth at least playing on; on a tie (a certain single win) the cash ends it now."""
        return min(self.double_take, self.double_pass) >= self.no_double - TIE

    @property
    def should_take(self) -> bool:
        """For the RECEIVER: taking leaves the doubler no better off than a pass."""
        return self.double_take <= self.double_pass

    @property
    def too_good(self) -> bool:
        """The opponent would pass, but playing on is worth more than the cash."""
        return self.double_take > self.double_pass and self.no_double > self.double_pass + TIE

    @property
    def cubeful(self) -> float:
        """The doubler's equity after its best cube action (the opponent answering best)."""
        return max(self.no_double, min(self.double_take, self.double_pass))


def money_view(out: Sequence[float], owner: str, x: float) -> CubeView:
    """The doubler's view in a money game (equity in units of the current cube)."""
    big_w, big_l = average_values(out)
    p = out[0]
    nd = janowski(p, big_w, big_l, owner, x)
    dt = 2.0 * janowski(p, big_w, big_l, "opponent", x)
    return CubeView(nd, dt, 1.0)


def match_view(
    out: Sequence[float], owner: str, x: float, cube: int, away: tuple[int, int], post_crawford: bool
) -> CubeView:
    """The doubler's view in a match, in match-winning chances.

    ``away`` = (points the doubler needs, points the opponent needs).
    """
    a_me, a_opp = away

    def mwc(points: int) -> float:
        if points >= 0:
            return match_equity(a_me - points, a_opp, post_crawford=post_crawford)
        return match_equity(a_me, a_opp + points, post_crawford=post_crawford)

    def view(value: int, own: str, live: float) -> float:
        lo = mwc(-value)
        hi = mwc(value)
        span = hi - lo
        if span <= 1e-12:
            return hi

        def e(m: float) -> float:
            return (2.0 * m - hi - lo) / span

        w = out[0]
        p_single = max(w - out[1], 0.0)
        p_gam = max(out[1] - out[2], 0.0)
        p_bg = max(out[2], 0.0)
        l_single = max(1.0 - w - out[3], 0.0)
        l_gam = max(out[3] - out[4], 0.0)
        l_bg = max(out[4], 0.0)
        wins = p_single + p_gam + p_bg
        losses = l_single + l_gam + l_bg
        big_w = (
            (p_single * e(hi) + p_gam * e(mwc(2 * value)) + p_bg * e(mwc(3 * value))) / wins
            if wins > 1e-9
            else 1.0
        )
        big_l = (
            -(l_single * e(lo) + l_gam * e(mwc(-2 * value)) + l_bg * e(mwc(-3 * value))) / losses
            if losses > 1e-9
            else 1.0
        )
        eq = janowski(wins / (wins + losses), big_w, big_l, own, live)
        return lo + (eq + 1.0) / 2.0 * span

    # A cube the owner could never usefully turn again is dead: no live-cube value.
    x_nd = x if cube < max(a_me, a_opp) else 0.0
    x_dt = x if 2 * cube < a_opp else 0.0
    return CubeView(view(cube, owner, x_nd), view(2 * cube, "opponent", x_dt), mwc(cube))


def keith_count(side: Sequence[int]) -> float:
    """Keith's adjusted pip count of one side (without the roller's 1/7 extra)."""
    pips = sum((i + 1) * n for i, n in enumerate(side))
    count = float(pips)
    count += 2 * max(side[0] - 1, 0)
    count += 1 * max(side[1] - 1, 0)
    count += 1 * max(side[2] - 3, 0)
    for i in (3, 4, 5):
        if side[i] == 0:
            count += 1
    return count


# Pips a roll moves: mean and variance over the 36 rolls (a double counts four times its face).
ROLL_MEAN = 294.0 / 36.0
ROLL_VAR = 3066.0 / 36.0 - ROLL_MEAN * ROLL_MEAN


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def _rolls(count: float) -> tuple[float, float]:
    """Mean and variance of the number of rolls needed to cover ``count`` pips (renewal theory)."""
    return count / ROLL_MEAN, max(count, 1.0) * ROLL_VAR / ROLL_MEAN**3


def _first_off(side: Sequence[int]) -> float:
    """Pips a side needs before its first checker can come off: bring everything home, then one off."""
    outside = sum((i - 5) * side[i] for i in range(6, 25))
    if outside == 0:
        lowest = min((i for i in range(6) if side[i]), default=0)
        return float(lowest + 1)
    return float(outside + 3)


def race_outputs(pos: Position) -> tuple[float, float, float, float, float]:
    """Race probabilities for the player on roll, from Keith-adjusted counts.

    Why: cube decisions in a pure race hinge on a few percent of winning chance, and a
    normal approximation of the number of rolls each side needs (with Keith's wastage
    adjustments) is steadier there than a 0-ply network trained by self-play for a couple
    of hours. The roller wins ties (it rolls first). Gammons: a side that has borne off
    nothing loses a gammon if the other finishes before it gets its first checker off.
    """
    mine = keith_count(pos.me)
    theirs = keith_count(pos.opp)
    n_me, v_me = _rolls(mine)
    n_opp, v_opp = _rolls(theirs)
    p = _phi((n_opp - n_me + 0.5) / math.sqrt(v_me + v_opp))
    win_g = 0.0
    if pos.opp_off == 0:
        m, v = _rolls(_first_off(pos.opp))
        win_g = min(p, _phi((m - n_me + 0.5) / math.sqrt(v_me + v)))
    lose_g = 0.0
    if pos.my_off == 0:
        m, v = _rolls(_first_off(pos.me))
        lose_g = min(1.0 - p, _phi((m - n_opp - 0.5) / math.sqrt(v_opp + v)))
    return (p, win_g, 0.0, lose_g, 0.0)


def keith_decision(pos: Position, redouble: bool = False) -> tuple[bool, bool]:
    """Keith count for a race, the player on roll deciding: (should double, opponent should take).

    The roller's count is raised by a seventh; double (redouble) when it exceeds the
    opponent's by no more than 4 (3); the opponent takes when it exceeds his by at least 2.
    """
    mine = keith_count(pos.me) * 8.0 / 7.0
    theirs = keith_count(pos.opp)
    lead = mine - theirs
    return lead <= (3.0 if redouble else 4.0), lead >= 2.0
