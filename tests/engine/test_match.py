"""Matches and money play: running score, match cap, the Crawford game (once, no doubling), the end."""

from __future__ import annotations

import pytest

from game.engine.errors import RulesError
from game.engine.flow import Double, GameState, OpeningRoll, Phase, Roll, Rules, apply
from game.engine.match import Match
from game.engine.scoring import GameResult, WinKind


def win(winner: int, points: int, cube: int = 1, kind: WinKind = WinKind.SINGLE) -> GameResult:
    return GameResult(winner, kind, cube, points)


def test_money_play_runs_forever_with_a_running_score() -> None:
    money = Match(Rules(match_length=0))
    for n in range(50):
        money = money.record(win(n % 2, 3, kind=WinKind.BACKGAMMON))
        assert not money.is_over and money.winner is None
        assert not money.new_game().crawford
    assert money.score == (75, 75) and money.games == 50


def test_match_ends_at_length() -> None:
    match = Match(Rules(match_length=3))
    match = match.record(win(0, 2, kind=WinKind.GAMMON))
    assert not match.is_over and match.away(0) == 1 and match.away(1) == 3
    match = match.record(win(0, 1))
    assert match.is_over and match.winner == 0 and match.score == (3, 0)
    with pytest.raises(RulesError):
        match.new_game()
    with pytest.raises(RulesError):
        match.record(win(1, 1))


@pytest.mark.parametrize(
    ("length", "results", "crawford_flags"),
    [
        # 5-point match: 4-0 -> Crawford game; then post-Crawford games allow doubling
        (5, [(0, 4)], [False, True]),
        (5, [(0, 4), (1, 1)], [False, True, False]),
        (5, [(0, 4), (1, 1), (1, 1)], [False, True, False, False]),
        # reaching 4 from 2: next is Crawford
        (5, [(0, 2), (1, 1), (0, 2)], [False, False, False, True]),
        # the trailer reaching match point after Crawford: no second Crawford game
        (5, [(0, 4), (1, 3), (1, 1)], [False, True, False, False]),
        # a 1-point match: everyone starts at match point minus one -> the first game is Crawford
        (1, [], [True]),
        # 3-point match, 2-2 after Crawford: no doubling restriction
        (3, [(1, 2), (0, 2)], [False, True, False]),
    ],
)
def test_crawford_game_once(length: int, results: list[tuple[int, int]], crawford_flags: list[bool]) -> None:
    match = Match(Rules(match_length=length))
    flags = [match.new_game().crawford]
    for winner, points in results:
        match = match.record(win(winner, points, cube=1 if points <= 3 else 2, kind=WinKind.BACKGAMMON))
        if match.is_over:
            break
        flags.append(match.new_game().crawford)
    assert flags == crawford_flags


def test_no_doubling_in_the_crawford_game() -> None:
    match = Match(Rules(match_length=5)).record(win(1, 4, cube=2, kind=WinKind.GAMMON))
    game = match.new_game()
    assert game.crawford and game.score == (0, 4)
    state = apply(game, OpeningRoll(3, 1))
    assert state.phase is Phase.MOVING
    roll_state = GameState(
        phase=Phase.ROLL, position=state.position, crawford=True, rules=game.rules, score=game.score
    )
    assert Double not in roll_state.legal_actions()
    assert "Crawford" in (roll_state.can_double() or "")
    with pytest.raises(Exception, match="Crawford"):
        apply(roll_state, Double())
    assert apply(roll_state, Roll((3, 3))).phase is Phase.MOVING


def test_jacoby_has_no_effect_in_match() -> None:
    match = Match(Rules(match_length=7, jacoby=True))
    game = match.new_game()
    assert game.rules.jacoby  # carried, but scoring ignores it in a match (see test_flow)


def test_record_refuses_points_beyond_what_is_needed() -> None:
    match = Match(Rules(match_length=5), score=(3, 0), games=2)
    with pytest.raises(RulesError):
        match.record(win(0, 4, cube=2, kind=WinKind.GAMMON))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"score": (-1, 0), "games": 1},
        {"score": (6, 5), "games": 5},  # both won
        {"score": (1, 0), "games": 0},  # score without games
        {"score": (1, 0), "games": 1, "crawford_used": True},  # Crawford before match point
        {"rules": Rules(match_length=0), "score": (1, 0), "games": 1, "crawford_used": True},
        {"games": -1},
    ],
)
def test_impossible_matches_refused(kwargs: dict[str, object]) -> None:
    kwargs.setdefault("rules", Rules(match_length=5))
    with pytest.raises(RulesError):
        Match(**kwargs)  # type: ignore[arg-type]


def test_rules_validation() -> None:
    with pytest.raises(RulesError):
        Rules(match_length=-1)
    assert not Rules().jacoby and Rules().match_length == 0
