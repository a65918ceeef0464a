"""Engine edge cases that mutation testing showed no fast test pinned down.

Each test names the rule it holds; most were caught only by the slow cross-checks against the
reference generator, or not at all (a refusal's wording is what a player reads, so it is checked
too: the project's rule is that bad input gets a clear message).
"""

from __future__ import annotations

import pytest

from game.engine.cube import Cube, can_double
from game.engine.errors import IllegalAction, PositionError, RulesError
from game.engine.flow import (
    Double,
    EndTurn,
    GameState,
    MoveTo,
    OpeningRoll,
    Pass,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    Take,
    apply,
    board_move,
    new_game,
)
from game.engine.moves import Move, check_dice, legal_plays
from game.engine.position import Position
from game.engine.scoring import GameResult, WinKind, game_points, win_kind
from game.engine.turn import Turn


def side(points: dict[int, int]) -> tuple[int, ...]:
    """A side's 25 counts from {own point: count}; point 25 is the bar."""
    counts = [0] * 25
    for point, n in points.items():
        counts[point - 1] = n
    return tuple(counts)


# -- legal plays from the bar with a double ------------------------------------------------------


def test_four_checkers_entering_with_a_double_is_one_play() -> None:
    """The fourth move of a double can itself be an entry from the bar."""
    pos = Position(side({25: 4, 6: 5, 8: 3, 13: 3}), side({6: 5, 8: 3, 13: 5, 24: 2}))
    plays = legal_plays(pos, (2, 2))
    assert len(plays) == 1
    (play,) = plays
    assert play.moves == (Move(25, 23, 2, False),) * 4
    assert play.position.me == side({23: 4, 6: 5, 8: 3, 13: 3})
    assert play.position.opp == pos.opp


def test_entering_with_a_double_hits_a_blot_beside_a_checker_already_on_the_bar() -> None:
    """The opponent already has a checker on the bar; entering on his blot makes it two."""
    # The opponent's blot on his 3-point is the mover's 22-point, where a 3 enters.
    pos = Position(side({25: 1, 6: 5, 8: 3, 13: 6}), side({25: 1, 3: 1, 6: 5, 8: 3, 13: 5}))
    plays = legal_plays(pos, (3, 3))
    assert plays
    for play in plays:
        assert play.moves[0] == Move(25, 22, 3, True)
        assert play.position.opp[24] >= 2  # the bar: the one already there and the one just hit
        assert sum(play.position.opp) == 15


def test_a_point_held_by_exactly_two_checkers_is_closed() -> None:
    start = Position.start()
    assert board_move(start, 6, 1, 5) is None  # the opponent's two back checkers stand on the 1-point
    assert board_move(start, 13, 8, 5) == Move(13, 8, 5, False)
    # from the bar too: entering with a 1 would land on the opponent's two checkers
    on_bar = Position(side({25: 1, 6: 5, 8: 3, 13: 6}), side({6: 5, 8: 3, 13: 5, 1: 2}))
    assert board_move(on_bar, 25, 24, 1) is None


# -- the game flow keeps what the game is part of -------------------------------------------------


def test_the_finished_game_keeps_its_score_opening_and_rules() -> None:
    rules = Rules(match_length=7)
    state = apply(new_game(rules, score=(2, 4)), OpeningRoll(5, 3))
    assert state.opening == (5, 3)
    # Finish the opening turn, then player 1 doubles and player 0 passes.
    state = apply(state, PlayMoves((Move(8, 3, 5), Move(6, 3, 3))))
    state = apply(state, EndTurn())
    over = apply(apply(state, Double()), Pass())
    assert over.phase is Phase.GAME_OVER and over.winner == 1
    assert over.score == (2, 4) and over.opening == (5, 3) and over.rules == rules
    assert over.result == GameResult(1, WinKind.SINGLE, 1, 1, passed=True)


def test_a_bear_off_win_keeps_the_score_too() -> None:
    state = GameState(
        phase=Phase.ROLL,
        position=Position(side({1: 1}), side({6: 15})),
        rules=Rules(match_length=5),
        score=(3, 1),
        opening=(4, 2),
    )
    over = apply(apply(state, Roll((3, 2))), MoveTo(1, 0))
    assert over.phase is Phase.GAME_OVER
    assert over.score == (3, 1) and over.opening == (4, 2)
    assert over.result is not None and over.result.points == 2  # a gammon, capped at the 2 still needed


# -- refusals say why --------------------------------------------------------------------------


def test_refusal_wording() -> None:
    with pytest.raises(RulesError, match=r"^a die shows 1 to 6, not 7$"):
        check_dice((3, 7))
    state = apply(new_game(), OpeningRoll(6, 1))
    with pytest.raises(IllegalAction, match=r"^a move goes from a point to a point, not MoveTo"):
        apply(state, MoveTo("8", 2))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match=r"^There is no double to answer$"):
        apply(state, Take())
    assert (
        can_double(Cube(2, 1), 0, False) == "Only the owner of the cube may redouble: your opponent owns it"
    )
    with pytest.raises(RulesError, match=r"^the game is not won yet: the winner must bear off all 15"):
        win_kind(Position.start())
    with pytest.raises(RulesError, match=r"^the winner is player 0 or player 1, not 2$"):
        GameResult(2, WinKind.SINGLE, 1, 1)
    with pytest.raises(RulesError, match=r"^a gammon on a cube of 2 scores at most 4 points, not 5$"):
        GameResult(0, WinKind.GAMMON, 2, 5)


def test_a_drag_no_dice_can_carry_off_says_so() -> None:
    turn = Turn(Position(side({6: 1, 1: 2}), side({6: 15})), (2, 1))
    with pytest.raises(
        IllegalAction, match=r"^No combination of your dice moves a checker from point 6 to off$"
    ):
        turn.move_to(6, 0)


def test_a_bad_position_id_is_refused_not_a_crash() -> None:
    # Padding in the middle: a lenient decoder would stop there and read a key that is too short.
    for bad in ("4HPwATDgc/A=MA", "4HPwATDgc/AB=A", "4HPw ATDgc/ABM", "4HPwATDgc/AB*A"):
        with pytest.raises(PositionError, match="bad characters"):
            Position.from_id(bad)


# -- scoring defaults are a money game -----------------------------------------------------------


def test_game_points_default_to_money_play() -> None:
    assert game_points(WinKind.GAMMON, Cube(2, 0)) == 4  # no match: nothing is capped
    assert game_points(WinKind.BACKGAMMON, Cube(4, 1)) == 12
    # In a match, a winner who has scored nothing yet needs the whole length.
    assert game_points(WinKind.GAMMON, Cube(2, 0), match_length=3) == 3
    assert game_points(WinKind.SINGLE, Cube(), match_length=5) == 1
