"""Scoring: single, gammon, backgammon (by the bar AND by the winner's home board), times the cube."""

from __future__ import annotations

import pytest

from game.engine.cube import Cube
from game.engine.errors import RulesError
from game.engine.position import Position
from game.engine.scoring import GameResult, WinKind, game_points, win_kind


def side(points: dict[int, int]) -> tuple[int, ...]:
    """A side's 25 counts from its own point numbers (25 = bar)."""
    counts = [0] * 25
    for point, n in points.items():
        counts[point - 1] += n
    return tuple(counts)


@pytest.mark.parametrize(
    ("loser", "kind"),
    [
        ({6: 1}, WinKind.SINGLE),  # loser bore off 14
        ({6: 5, 1: 5}, WinKind.SINGLE),
        ({6: 10, 5: 5}, WinKind.GAMMON),  # all 15 in his home board, none off
        ({13: 15}, WinKind.GAMMON),  # midpoint: not in the winner's home
        ({18: 15}, WinKind.GAMMON),  # loser's 18 = winner's 7: just outside
        ({19: 1, 6: 14}, WinKind.BACKGAMMON),  # loser's 19 = winner's 6 point
        ({24: 1, 6: 14}, WinKind.BACKGAMMON),  # winner's ace point
        ({25: 1, 6: 14}, WinKind.BACKGAMMON),  # on the bar
        ({25: 1, 1: 13}, WinKind.SINGLE),  # on the bar but one checker off: single
        ({24: 1, 6: 13}, WinKind.SINGLE),  # in the winner's home but one off: single
    ],
)
def test_win_kind(loser: dict[int, int], kind: WinKind) -> None:
    pos = Position(side({}), side(loser))
    assert win_kind(pos) is kind


def test_win_kind_needs_a_finished_game() -> None:
    with pytest.raises(RulesError):
        win_kind(Position.start())


@pytest.mark.parametrize(
    ("kind", "cube", "length", "jacoby", "winner_score", "points"),
    [
        (WinKind.SINGLE, Cube(), 0, False, 0, 1),
        (WinKind.GAMMON, Cube(), 0, False, 0, 2),
        (WinKind.BACKGAMMON, Cube(), 0, False, 0, 3),
        (WinKind.GAMMON, Cube(4, 1), 0, False, 0, 8),
        (WinKind.BACKGAMMON, Cube(64, 0), 0, False, 0, 192),
        # Jacoby: gammons single while centred, full once doubled; money only
        (WinKind.GAMMON, Cube(), 0, True, 0, 1),
        (WinKind.BACKGAMMON, Cube(), 0, True, 0, 1),
        (WinKind.GAMMON, Cube(2, 0), 0, True, 0, 4),
        (WinKind.GAMMON, Cube(), 5, True, 0, 2),  # no effect in a match
        # match cap at points still needed
        (WinKind.GAMMON, Cube(), 5, False, 4, 1),
        (WinKind.BACKGAMMON, Cube(2, 1), 5, False, 0, 5),
        (WinKind.BACKGAMMON, Cube(2, 1), 7, False, 0, 6),
        (WinKind.SINGLE, Cube(8, 0), 3, False, 1, 2),
    ],
)
def test_game_points(
    kind: WinKind, cube: Cube, length: int, jacoby: bool, winner_score: int, points: int
) -> None:
    assert game_points(kind, cube, match_length=length, jacoby=jacoby, winner_score=winner_score) == points


@pytest.mark.parametrize(
    "args",
    [
        (2, WinKind.SINGLE, 1, 1, False),  # winner 2
        (0, WinKind.SINGLE, 3, 3, False),  # cube 3
        (0, WinKind.SINGLE, 1, 0, False),  # 0 points
        (0, WinKind.SINGLE, 2, 3, False),  # more than cube x kind
        (0, WinKind.GAMMON, 1, 2, True),  # a pass is single
    ],
)
def test_impossible_results_refused(args: tuple[int, WinKind, int, int, bool]) -> None:
    with pytest.raises(RulesError):
        GameResult(*args)
