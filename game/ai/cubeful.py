"""Cubeful cube decisions one roll deep: each of the 21 rolls, the best play, then Janowski at the leaves.

Why: Janowski's formulas applied straight to the network's probabilities of
the position before the roll (:mod:`game.ai.cube`) inherit the network's
0-ply error right where a cube decision is decided, in the few percent around
the doubling and take points, and they know nothing about market losers (the
rolls after which the opponent would no longer take). Looking one roll ahead
fixes much of both: for each roll, the doubler's best cubeless play; at the
resulting position the OPPONENT is on roll, and its cubeful equity there is
Janowski's interpolation with its own best cube action (it may double back
when it owns or shares the cube). Averaged over the 36 rolls this gives the
three equities of the decision:

* no double: the cube as it is;
* double, take: the cube doubled and owned by the taker;
* double, pass: the current stake won (money) or the score after it (match).

Money equities are in units of the current cube; match equities are match
winning chances (the match equity table, :mod:`game.ai.met`), so gammon values,
take points, dead cubes and post-Crawford play follow from the score. The
Crawford game allows no double at the root or at the leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum

from game.engine import Play, Position, legal_plays
from game.engine.cube import Cube, can_double

from . import cube as cubemod
from .duel import game_points
from .met import match_equity
from .net import Outputs, swap

PlayEvaluator = Callable[[Position, list[Play]], tuple[Play, Outputs]]
"""(position, its legal plays) -> the best cubeless play and the mover's outputs after it."""
LeafEvaluator = Callable[[Position], Outputs]
"""position -> cubeless outputs of the side on roll."""

ROLLS: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)


class CubeOwner(StrEnum):
    """Who owns the cube, seen by one player (the AI's every question is asked from a side). The
    values are the words the machine interface carries."""

    CENTRE = "centre"
    ME = "me"
    OPPONENT = "opponent"

    @classmethod
    def of(cls, owner: int | None, player: int) -> CubeOwner:
        """The engine's owner (a player number, None in the centre) as ``player`` sees it."""
        if owner is None:
            return cls.CENTRE
        return cls.ME if owner == player else cls.OPPONENT

    def other_side(self) -> CubeOwner:
        """The same owner seen by the other player."""
        match self:
            case CubeOwner.CENTRE:
                return CubeOwner.CENTRE
            case CubeOwner.ME:
                return CubeOwner.OPPONENT
            case CubeOwner.OPPONENT:
                return CubeOwner.ME

    def player(self, me: int) -> int | None:
        """The engine's owner (a player number, None in the centre) when this side is player ``me``."""
        match self:
            case CubeOwner.CENTRE:
                return None
            case CubeOwner.ME:
                return me
            case CubeOwner.OPPONENT:
                return 1 - me


OWNERS: tuple[CubeOwner, ...] = tuple(CubeOwner)


@dataclass(frozen=True, slots=True)
class CubeInfo:
    """The cube and the score seen by the player on roll.

    ``score`` is (mine, the opponent's); ``match_length`` 0 is money; ``crawford`` is True during the
    Crawford game itself.
    """

    value: int = 1
    owner: CubeOwner = CubeOwner.CENTRE
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False

    def flipped(self) -> CubeInfo:
        """The same cube and score seen by the other player."""
        return replace(self, owner=CubeOwner(self.owner).other_side(), score=(self.score[1], self.score[0]))

    def doubled_and_taken(self) -> CubeInfo:
        """After the player on roll doubles and the opponent takes (seen by the player on roll)."""
        return replace(self, value=2 * self.value, owner=CubeOwner.OPPONENT)

    @property
    def away(self) -> tuple[int, int]:
        return (self.match_length - self.score[0], self.match_length - self.score[1])

    def may_double(self) -> bool:
        """The rules allow the player on roll to double, and the double can change something."""
        if can_double(Cube(self.value, CubeOwner(self.owner).player(0)), 0, self.crawford) is not None:
            return False
        # Dead for me in a match: I already win the match with the cube as it is.
        return not (self.match_length and self.away[0] <= self.value)

    def mwc(self, points: int) -> float:
        """My match-winning chance after I win (+) or lose (-) ``points``."""
        a_me, a_opp = self.away
        post = min(a_me, a_opp) == 1  # any score reached from here with a 1-away side is post-Crawford
        if points >= 0:
            return match_equity(a_me - points, a_opp, post_crawford=post)
        return match_equity(a_me, a_opp + points, post_crawford=post)


@dataclass(frozen=True, slots=True)
class CubeEquities(cubemod.CubeView):
    """The three equities of a cube decision for the player on roll, and the cubeless picture.

    Money: equities in units of the current cube. Match: match-winning chances.
    ``outputs`` are the cubeless (win, win gammon+, win backgammon, lose gammon+, lose backgammon)
    averaged over the next roll (the same lookahead).
    """

    outputs: Outputs
    money: bool


def view(out: Outputs, pos: Position, info: CubeInfo) -> cubemod.CubeView:
    """The 0-ply (Janowski) cube view of the side on roll in ``pos`` with outputs ``out``.

    Money: in units of the current cube. Match: match-winning chances.
    """
    x = cubemod.cube_efficiency(pos)
    if not info.match_length:
        return cubemod.money_view(out, info.owner, x)
    post = min(info.away) == 1
    return cubemod.match_view(out, info.owner, x, info.value, info.away, post)


def leaf_value(out: Outputs, pos: Position, info: CubeInfo) -> float:
    """Cubeful value of the side on roll at a leaf, with its own best cube action (0-ply Janowski).

    Money: in points (the cube's value included). Match: match-winning chance.
    """
    v = view(out, pos, info)
    value = v.cubeful if info.may_double() else v.no_double
    return info.value * value if not info.match_length else value


def _terminal(after: Position, info: CubeInfo) -> float:
    """Value for the mover who has just borne off its last checker (money: points; match: MWC)."""
    points = game_points(after) * info.value
    return float(points) if not info.match_length else info.mwc(points)


def evaluate(
    pos: Position, info: CubeInfo, plays_eval: PlayEvaluator, leaf_eval: LeafEvaluator
) -> CubeEquities:
    """The one-roll-ahead cubeful equities of the player on roll in ``pos``.

    ``plays_eval`` picks each roll's best cubeless play;
    ``leaf_eval`` evaluates the resulting position for the cube when it has no
    contact (the race model) or when the roll cannot be played; otherwise the
    ranking's own outputs are used.
    """
    taken = info.doubled_and_taken()
    nd_leaf = info.flipped()
    dt_leaf = taken.flipped()
    nd = 0.0
    dt = 0.0
    sums = [0.0] * 5
    for a, b, w in ROLLS:
        plays = legal_plays(pos, (a, b))
        if not plays:
            opp = pos.flip()
            o_opp = leaf_eval(opp)
            mover = swap(o_opp)
        else:
            best, mover = plays_eval(pos, plays)
            after = best.position
            if after.my_off == 15:
                for i in range(5):
                    sums[i] += w * mover[i]
                nd += w * _terminal(after, info)
                dt += w * _terminal(after, taken)
                continue
            opp = after.flip()
            if opp.is_race():
                o_opp = leaf_eval(opp)
                mover = swap(o_opp)
            else:
                o_opp = swap(mover)
        for i in range(5):
            sums[i] += w * mover[i]
        v_nd = leaf_value(o_opp, opp, nd_leaf)
        v_dt = leaf_value(o_opp, opp, dt_leaf)
        if info.match_length:
            nd += w * (1.0 - v_nd)
            dt += w * (1.0 - v_dt)
        else:
            nd -= w * v_nd
            dt -= w * v_dt
    avg = tuple(s / 36.0 for s in sums)
    outputs: Outputs = (avg[0], avg[1], avg[2], avg[3], avg[4])
    if info.match_length:
        return CubeEquities(nd / 36.0, dt / 36.0, info.mwc(info.value), outputs, money=False)
    return CubeEquities(nd / 36.0 / info.value, dt / 36.0 / info.value, 1.0, outputs, money=True)
