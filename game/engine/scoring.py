"""How much a finished game is worth.

A game is won single, gammon (the loser has borne off nothing) or backgammon
(additionally a loser's checker on the bar or in the winner's home board; the
bar-only reading is a known bug this project does not repeat), times the cube.
A pass scores the stake as it was before the refused double. The Jacoby rule
(option, money play only) counts gammons single while the cube is centred;
in a match a game never scores more than the winner still needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cube import Cube
from .errors import RulesError
from .position import CHECKERS, Position


class WinKind(Enum):
    """Single, gammon or backgammon; the value is the multiplier of the cube."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


def win_kind(pos_after_win: Position) -> WinKind:
    """The kind of a win, from the final position seen by the WINNER (all 15 borne off)."""
    if pos_after_win.my_off != CHECKERS:
        raise RulesError("the game is not won yet: the winner must bear off all 15 checkers", code="not_won")
    if pos_after_win.opp_off > 0:
        return WinKind.SINGLE
    # The winner's home points 1..6 are the loser's own points 19..24 (indices 18..23), index 24 its bar.
    if any(pos_after_win.opp[18:25]):
        return WinKind.BACKGAMMON
    return WinKind.GAMMON


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game: who won, how, on what cube, for how many points (already capped / adjusted)."""

    winner: int
    kind: WinKind
    cube: int
    points: int
    passed: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.winner, bool) or self.winner not in (0, 1):
            raise RulesError(f"the winner is player 0 or player 1, not {self.winner!r}", code="bad_result")
        if not isinstance(self.kind, WinKind):
            raise RulesError(f"a win is single, gammon or backgammon, not {self.kind!r}", code="bad_result")
        Cube(self.cube, None if self.cube == 1 else 0)  # validates the cube value
        if not isinstance(self.points, int) or isinstance(self.points, bool) or self.points < 1:
            raise RulesError(f"a won game scores at least 1 point, not {self.points!r}", code="bad_result")
        if self.points > self.cube * self.kind.value:
            raise RulesError(
                f"a {self.kind.name.lower()} on a cube of {self.cube} scores at most "
                f"{self.cube * self.kind.value} points, not {self.points}",
                code="bad_result",
            )
        if self.passed and self.kind is not WinKind.SINGLE:
            raise RulesError("a passed double always ends the game as a single win", code="bad_result")


def game_points(
    kind: WinKind,
    cube: Cube,
    *,
    match_length: int = 0,
    jacoby: bool = False,
    winner_score: int = 0,
) -> int:
    """Points a win of ``kind`` is worth on ``cube``.

    ``match_length`` 0 is money play: the Jacoby option (no gammons while the
    cube is centred) applies there only. In a match the points are capped at what
    the winner still needs (``match_length - winner_score``).
    """
    multiplier = kind.value
    if match_length == 0 and jacoby and cube.centred:
        multiplier = 1
    points = cube.value * multiplier
    if match_length > 0:
        points = max(1, min(points, match_length - winner_score))
    return points
