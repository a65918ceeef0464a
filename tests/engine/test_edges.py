"""Engine edge cases that mutation testing showed no fast test pinned down.

Each test names the rule it holds; most were caught only by the slow cross-checks against the
reference generator, or not at all (a refusal's wording is what a player reads, so it is checked
too: the project's rule is that bad input gets a clear message).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable

import pytest

from game.engine.cube import Cube, can_double
from game.engine.dice import roll_opening
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
from game.engine.match import Match
from game.engine.matchid import (
    encode_match_id,
    match_info,
)
from game.engine.moves import Move, check_dice, legal_plays
from game.engine.notation import parse_journeys
from game.engine.position import Position
from game.engine.scoring import GameResult, WinKind, game_points, win_kind
from game.engine.serialize import (
    match_from_dict,
    match_to_dict,
    state_from_dict,
    state_to_dict,
)
from game.engine.turn import Turn
from tests.helpers.engine_states import (
    refusal,
    side,
)

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


# -- more refusals: each says what was wrong ----------------------------------------------------


def _game_over() -> GameState:
    return apply(apply(GameState(phase=Phase.ROLL, position=Position.start()), Double()), Pass())


def _saved_state() -> dict[str, object]:
    return state_to_dict(apply(new_game(), OpeningRoll(6, 1)))


REFUSALS: list[tuple[str, Callable[[], object], str]] = [
    (
        "move_to out of the board",
        lambda: apply(apply(new_game(), OpeningRoll(6, 1)), MoveTo(30, 1)),
        "Move from a point 1..24 or the bar, to a point 1..24 or off",
    ),
    (
        "step before rolling",
        lambda: apply(GameState(phase=Phase.ROLL, position=Position.start()), MoveTo(8, 2)),
        "Roll the dice first",
    ),
    (
        "turn_state before rolling",
        lambda: GameState(phase=Phase.ROLL, position=Position.start()).turn_state(),
        "No turn is being played: roll the dice first",
    ),
    (
        "jacoby not a bool",
        lambda: Rules(jacoby=1),  # type: ignore[arg-type]
        "the Jacoby option is on or off, not 1",
    ),
    (
        "position id not text",
        lambda: Position.from_id(12345678901234),  # type: ignore[arg-type]
        "a Position ID must be a string of 14 characters",
    ),
    (
        "position id with 81 checkers' bits",
        lambda: Position.from_id("/////////////w"),
        "not a valid Position ID (too many checkers): '/////////////w'",
    ),
    ("cube owner", lambda: Cube(2, 3), "the cube's owner is player 0, player 1 or nobody, not 3"),
    ("owned cube on 1", lambda: Cube(1, 0), "a cube on 1 has not been doubled, so nobody can own it"),
    ("centred cube on 4", lambda: Cube(4, None), "a cube on 4 has been taken, so someone owns it"),
    (
        "points not a number",
        lambda: GameResult(0, WinKind.SINGLE, 1, 0),
        "a won game scores at least 1 point, not 0",
    ),
    (
        "passed gammon",
        lambda: GameResult(0, WinKind.GAMMON, 2, 2, passed=True),
        "a passed double always ends the game as a single win",
    ),
    (
        "kind",
        lambda: GameResult(0, 2, 1, 1),  # type: ignore[arg-type]
        "a win is single, gammon or backgammon, not 2",
    ),
    (
        "match without rules",
        lambda: Match(None),  # type: ignore[arg-type]
        "a match needs its rules",
    ),
    ("both won", lambda: Match(Rules(3), (3, 4), games=5), "both players cannot have won the match"),
    (
        "crawford too early",
        lambda: Match(Rules(5), (3, 0), games=2, crawford_used=True),
        "the Crawford game cannot have been played before anyone reached match point",
    ),
    (
        "crawford in money play",
        lambda: Match(Rules(), (1, 0), games=1, crawford_used=True),
        "money play has no Crawford game",
    ),
    (
        "score before any game",
        lambda: Match(Rules(5), (1, 0)),
        "no game has been played, so the score must be 0-0",
    ),
    ("new game after the match", lambda: Match(Rules(1), (1, 0), games=1).new_game(), "the match is over"),
    (
        "record a non-result",
        lambda: Match(Rules(3)).record("win"),  # type: ignore[arg-type]
        "not a game result: 'win'",
    ),
    (
        "notation not text",
        lambda: parse_journeys(2418),  # type: ignore[arg-type]
        "a move is written as text, like 24/18 13/11",
    ),
    (
        "saved cube above 64",
        lambda: state_from_dict({**_saved_state(), "cube": {"value": 128, "owner": 0}}),
        "the cube value must be 1 to 64, not 128",
    ),
    (
        "saved state not an object",
        lambda: state_from_dict([1, 2]),
        "the saved game must be an object, not list",
    ),
    (
        "match id score",
        lambda: encode_match_id(dataclasses.replace(match_info(_game_over()), score=(1 << 15, 0))),
        f"a Match ID holds a score of 0 to {(1 << 15) - 1}, not {1 << 15}",
    ),
]


@pytest.mark.parametrize(("what", "make", "message"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refusals_say_what_was_wrong(what: str, make: Callable[[], object], message: str) -> None:
    assert refusal(make) == message, what


def test_game_over_refusals() -> None:
    over = _game_over()
    assert over.can_double() == "The game is over"
    assert can_double(Cube(), 0, True) == "No doubling in the Crawford game"


def test_a_finished_game_is_saved_from_the_winners_side() -> None:
    data = state_to_dict(_game_over())
    data["turn"] = 1 - data["turn"]  # type: ignore[operator]
    assert refusal(lambda: state_from_dict(data)) == "a finished game is shown from the winner's side"


def test_a_saved_match_names_its_crawford_flag() -> None:
    data = match_to_dict(Match(Rules(5), (4, 1), games=3))
    data["crawford_used"] = "yes"
    assert "the Crawford flag must be true or false" in refusal(lambda: match_from_dict(data))


# -- values the checks must refuse, not just the messages -----------------------------------------


def test_result_points_must_be_a_whole_number() -> None:
    for bad in (True, 1.5):
        with pytest.raises(RulesError, match="at least 1 point"):
            GameResult(0, WinKind.SINGLE, 1, bad)  # type: ignore[arg-type]


def test_match_fields_must_have_their_types() -> None:
    with pytest.raises(RulesError, match="games played"):
        Match(Rules(), games=True)
    with pytest.raises(RulesError, match="a score is two whole numbers"):
        Match(Rules(), [0, 0])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="match point"):
        Match(Rules(7), (5, 2), games=4, crawford_used=True)  # 2-away: the Crawford game has not come yet
    assert Match(Rules(7), (6, 2), games=4, crawford_used=True).crawford_used


def test_money_play_has_no_points_away() -> None:
    assert Match(Rules()).away(0) == 0 and Match(Rules()).away(1) == 0
    assert Match(Rules(5), (2, 0), games=1).away(0) == 3


def test_game_points_one_point_match_and_jacoby_default() -> None:
    assert game_points(WinKind.GAMMON, Cube()) == 2  # no Jacoby unless asked for
    assert game_points(WinKind.GAMMON, Cube(), jacoby=True) == 1
    assert game_points(WinKind.BACKGAMMON, Cube(), match_length=1) == 1


def test_move_to_the_24_point_enters_from_the_bar() -> None:
    state = GameState(
        phase=Phase.ROLL,
        position=Position(side({25: 1, 6: 5, 8: 3, 13: 6}), side({6: 5, 8: 3, 13: 5, 24: 2})),
    )
    moving = apply(state, Roll((1, 3)))
    after = apply(moving, MoveTo(25, 24))
    assert after.moves == (Move(25, 24, 1, False),)


def test_taking_keeps_the_score_and_the_last_play() -> None:
    state = apply(new_game(Rules(7), score=(2, 3)), OpeningRoll(3, 1))
    state = apply(apply(state, PlayMoves((Move(8, 5, 3), Move(6, 5, 1)))), EndTurn())
    taken = apply(apply(state, Double()), Take())
    assert taken.score == (2, 3)
    assert taken.last_play == (Move(8, 5, 3), Move(6, 5, 1)) and taken.last_player == 0


def test_the_opening_dice_cover_every_face() -> None:
    rng = random.Random(3)
    first: Counter[int] = Counter()
    second: Counter[int] = Counter()
    for _ in range(6000):
        a, b = roll_opening(rng)
        first[a] += 1
        second[b] += 1
    for counts in (first, second):
        assert set(counts) == set(range(1, 7))
        assert all(abs(counts[f] - 1000) < 5 * (6000 * (1 / 6) * (5 / 6)) ** 0.5 for f in range(1, 7))


def test_a_refused_drag_names_what_stops_the_higher_die_first() -> None:
    """13 to 8 with 3-2 and the opponent on both the 10- and the 8-point: the drag rule tries the
    higher die first (13/10), so the reason is the 10-point, not the 8-point of the other route."""
    pos = Position(side({13: 5, 6: 5, 4: 5}), side({15: 2, 17: 2, 6: 5, 8: 3, 24: 3}))
    with pytest.raises(IllegalAction, match=r"^Point 10 is held by your opponent$"):
        Turn(pos, (3, 2)).move_to(13, 8)


def _saved(**changes: object) -> dict[str, object]:
    return {**_saved_state(), **changes}


def _moving() -> GameState:
    return apply(new_game(), OpeningRoll(5, 3))


MORE_REFUSALS: list[tuple[str, Callable[[], object], str]] = [
    ("one die", lambda: check_dice((3,)), "a roll is two dice"),
    (
        "end turn early",
        lambda: apply(_moving(), EndTurn()),
        "Finish your move: you still have 5 and 3 to play",
    ),
    (
        "not a move",
        lambda: apply(_moving(), PlayMoves(("24/19",))),  # type: ignore[arg-type]
        "not a move: '24/19'",
    ),
    (
        "play onto a held point",
        lambda: apply(_moving(), PlayMoves((Move(6, 1, 5), Move(8, 5, 3)))),
        "Point 1 is held by your opponent",
    ),
    ("roll twice", lambda: apply(_moving(), Roll((2, 2))), "You have already rolled: move your checkers"),
    (
        "drag after the move is complete",
        lambda: apply(_moving(), PlayMoves((Move(8, 3, 5), Move(6, 3, 3)))).turn_state().move_to(13, 8),
        "Your move is complete: press Done",
    ),
    ("save missing keys", lambda: state_from_dict({"version": 1}), None),
    (
        "rules missing a key",
        lambda: state_from_dict(_saved(rules={"match_length": 0})),
        "the rules is missing jacoby",
    ),
    (
        "crawford flag",
        lambda: state_from_dict(_saved(crawford="x")),
        "the Crawford flag must be true or false, not 'x'",
    ),
    (
        "crawford in money play",
        lambda: state_from_dict(_saved(crawford=True)),
        "money play has no Crawford game",
    ),
    (
        "crawford too early",
        lambda: state_from_dict(_saved(crawford=True, rules={"match_length": 5, "jacoby": False})),
        "the Crawford game is played only when a player is one point from winning",
    ),
    (
        "crawford cube",
        lambda: state_from_dict(
            _saved(
                crawford=True,
                rules={"match_length": 5, "jacoby": False},
                score=[4, 2],
                cube={"value": 2, "owner": 0},
            )
        ),
        "nobody may double in the Crawford game, so the cube must be on 1",
    ),
    (
        "match version",
        lambda: match_from_dict({**match_to_dict(Match()), "version": 9}),
        "the saved match has format version 9; this game reads 1",
    ),
    (
        "record too many points",
        lambda: Match(Rules(3), (2, 0), games=1).record(GameResult(0, WinKind.GAMMON, 1, 2)),
        "a game cannot score 2 points when the winner needs only 1",
    ),
]


@pytest.mark.parametrize(("what", "make", "message"), MORE_REFUSALS, ids=[r[0] for r in MORE_REFUSALS])
def test_more_refusals_say_what_was_wrong(what: str, make: Callable[[], object], message: str | None) -> None:
    got = refusal(make)
    if message is None:  # a list of missing fields: each one named, comma separated
        assert got.startswith("the saved game is missing ") and ", cube, " in got, got
    else:
        assert got == message, what


def test_a_passed_double_keeps_the_last_play() -> None:
    state = apply(apply(_moving(), PlayMoves((Move(8, 3, 5), Move(6, 3, 3)))), EndTurn())
    over = apply(apply(state, Double()), Pass())
    assert over.last_play == (Move(8, 3, 5), Move(6, 3, 3)) and over.last_player == 0


def test_new_game_starts_from_the_position_given() -> None:
    pos = Position(side({6: 15}), side({6: 15}))
    assert new_game(position=pos).position == pos
    assert new_game().position == Position.start()


def test_roll_for_rolls_two_dice() -> None:
    from game.engine.flow import roll_for

    action = roll_for(GameState(phase=Phase.ROLL, position=Position.start()), random.Random(5))
    assert isinstance(action, Roll) and len(action.dice) == 2 and all(1 <= d <= 6 for d in action.dice)


def test_a_race_against_an_opponent_with_nothing_left_on_the_board() -> None:
    assert Position(side({6: 3}), (0,) * 25).is_race()
    assert Position((0,) * 25, side({6: 3})).is_race()
