"""Engine edge cases that mutation testing showed no fast test pinned down.

Each test names the rule it holds; most were caught only by the slow cross-checks against the
reference generator, or not at all (a refusal's wording is what a player reads, so it is checked
too: the project's rule is that bad input gets a clear message).
"""

from __future__ import annotations

import base64
import copy
import dataclasses
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from game.engine import serialize
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
    Step,
    Take,
    Undo,
    apply,
    board_move,
    new_game,
)
from game.engine.match import Match
from game.engine.matchid import (
    GS_DROPPED,
    GS_NONE,
    GS_OVER,
    GS_PLAYING,
    GS_RESIGNED,
    MatchInfo,
    decode_match_id,
    encode_match_id,
    match_info,
    state_from_ids,
)
from game.engine.moves import OFF, Move, apply_move, check_dice, legal_plays, max_dice_playable, single_moves
from game.engine.notation import format_play, parse_journeys, parse_play
from game.engine.position import Position
from game.engine.scoring import GameResult, WinKind, game_points, win_kind
from game.engine.serialize import (
    check_game_in_match,
    match_from_dict,
    match_to_dict,
    state_from_dict,
    state_to_dict,
)
from game.engine.turn import Turn
from game.testing.reference import reference_plays
from game.testing.sample import random_position


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


# -- more refusals: each says what was wrong ----------------------------------------------------


def _refusal(make: Callable[[], object]) -> str:
    try:
        make()
    except RulesError as exc:  # IllegalAction, PositionError and NotationError are RulesErrors
        return str(exc)
    raise AssertionError("not refused")


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
        "crawford in a session",
        lambda: Match(Rules(), (1, 0), games=1, crawford_used=True),
        "a money session has no Crawford game",
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
    assert _refusal(make) == message, what


def test_game_over_refusals() -> None:
    over = _game_over()
    assert over.can_double() == "The game is over"
    assert can_double(Cube(), 0, True) == "No doubling in the Crawford game"


def test_a_finished_game_is_saved_from_the_winners_side() -> None:
    data = state_to_dict(_game_over())
    data["turn"] = 1 - data["turn"]  # type: ignore[operator]
    assert _refusal(lambda: state_from_dict(data)) == "a finished game is shown from the winner's side"


def test_a_saved_match_names_its_crawford_flag() -> None:
    data = match_to_dict(Match(Rules(5), (4, 1), games=3))
    data["crawford_used"] = "yes"
    assert "the Crawford flag must be true or false" in _refusal(lambda: match_from_dict(data))


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


def test_a_session_has_no_points_away() -> None:
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
        "crawford in a session",
        lambda: state_from_dict(_saved(crawford=True)),
        "a money session has no Crawford game",
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
    got = _refusal(make)
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


# == refusals word for word (bad saves, Match IDs, notation, wrong phases, drags) ==================
# These sentences reach people: a broken autosave is named in the journal (serialize), a pasted
# GNU Backgammon ID is refused in the bot and the replay (matchid), a typed move is refused in
# game.record and the bot (notation), a tap in the wrong phase or a refused drag is explained on the
# screen (flow, turn). Each row is one bad input and the whole sentence it gets, so which field is
# named, which bound is quoted and which value is shown are all checked; changing a message means
# changing its row here, on purpose.

Case = tuple[str, Callable[[], object], str]


# -- saved games and matches (serialize) ----------------------------------------------------------

# A game in each phase, as the autosave writes it.
OPENING = new_game(Rules(match_length=5), (0, 0))
ROLLING = GameState(phase=Phase.ROLL, position=Position.start(), turn=1)
MOVING = apply(apply(new_game(), OpeningRoll(5, 3)), Step(8, 3))  # player 0 moved 8/5, a 5 to play
OFFERED = GameState(phase=Phase.CUBE_OFFERED, position=Position.start(), turn=0, cube=Cube(2, 0))
# Player 0 bears off the last two checkers with 6-1 while player 1 has borne off 2: a single win.
LAST_CHECKERS = Position(side({6: 1, 1: 1}), side({6: 5, 5: 5, 4: 3}))
WON = apply(GameState(phase=Phase.ROLL, position=LAST_CHECKERS), Roll((6, 1)))
WON = apply(apply(WON, Step(1, 1)), Step(6, 6))
PASSED = apply(apply(GameState(phase=Phase.ROLL, position=Position.start(), turn=1), Double()), Pass())


def _saved_with(state: GameState, **changes: object) -> Callable[[], object]:
    """Read back ``state``'s save with some fields replaced (``a.b`` reaches into an object)."""
    data: dict[str, Any] = copy.deepcopy(state_to_dict(state))
    for path, value in changes.items():
        *outer, last = path.split("__")
        target = data
        for key in outer:
            target = target[key]
        target[last] = value
    return lambda: state_from_dict(data)


def _match(**changes: object) -> Callable[[], object]:
    data: dict[str, Any] = {**match_to_dict(Match(Rules(5), (4, 2), games=3, crawford_used=True)), **changes}
    return lambda: match_from_dict(data)


ALL_OFF = Position(side({}), side({6: 15})).flip()  # the player on roll's opponent has borne off all 15

SAVE_REFUSALS: list[Case] = [
    ("not an object", lambda: state_from_dict("game"), "the saved game must be an object, not str"),
    (
        "empty object",
        lambda: state_from_dict({}),
        "the saved game is missing crawford, cube, dice, last_play, last_player, moves, opening, phase, "
        "position, result, rules, score, turn, version",
    ),
    (
        "unknown fields",
        _saved_with(ROLLING, zeta=1, alpha=2),
        "the saved game has unknown fields: alpha, zeta",
    ),
    ("version", _saved_with(ROLLING, version=2), "the saved game has format version 2; this game reads 1"),
    ("phase", _saved_with(ROLLING, phase="dancing"), "unknown phase 'dancing'"),
    ("board not text", _saved_with(ROLLING, position=12), "the board must be a Position ID, not 12"),
    ("player on turn", _saved_with(ROLLING, turn=2), "the player on turn must be 0 to 1, not 2"),
    (
        "player on turn not a number",
        _saved_with(ROLLING, turn="1"),
        "the player on turn must be a whole number, not '1'",
    ),
    ("dice out of range", _saved_with(MOVING, dice=[0, 3]), "the dice must be 1 to 6, not 0"),
    ("dice not a pair", _saved_with(MOVING, dice=[1, 2, 3]), "the dice must be a pair, not [1, 2, 3]"),
    ("second die 0", _saved_with(MOVING, dice=[3, 0]), "the dice must be 1 to 6, not 0"),
    ("second die 7", _saved_with(MOVING, dice=[3, 7]), "the dice must be 1 to 6, not 7"),
    (
        "a move that is not a list",
        _saved_with(MOVING, moves=[5]),
        "the moves of this turn, move 1 must be [from, to, die, hit], not 5",
    ),
    (
        "move from 0",
        _saved_with(MOVING, moves=[[0, -3, 3, False]]),
        "the moves of this turn, move 1 (from) must be 1 to 25, not 0",
    ),
    (
        "move to below off",
        _saved_with(MOVING, moves=[[2, -1, 3, False]]),
        "the moves of this turn, move 1 (to) must be 0 to 24, not -1",
    ),
    (
        "move die 0",
        _saved_with(MOVING, moves=[[8, 8, 0, False]]),
        "the moves of this turn, move 1 (die) must be 1 to 6, not 0",
    ),
    (
        "moves not a list",
        _saved_with(MOVING, moves="8/5"),
        "the moves of this turn must be a list of moves, not '8/5'",
    ),
    (
        "five moves",
        _saved_with(MOVING, moves=[[8, 5, 3, False]] * 5),
        "the moves of this turn: 5 given; a turn has at most 4 moves",
    ),
    (
        "move not four fields",
        _saved_with(MOVING, moves=[[8, 5, 3]]),
        "the moves of this turn, move 1 must be [from, to, die, hit], not [8, 5, 3]",
    ),
    (
        "move from",
        _saved_with(MOVING, moves=[[26, 23, 3, False]]),
        "the moves of this turn, move 1 (from) must be 1 to 25, not 26",
    ),
    (
        "move to",
        _saved_with(MOVING, moves=[[8, 25, 3, False]]),
        "the moves of this turn, move 1 (to) must be 0 to 24, not 25",
    ),
    (
        "move die",
        _saved_with(MOVING, moves=[[8, 1, 7, False]]),
        "the moves of this turn, move 1 (die) must be 1 to 6, not 7",
    ),
    (
        "move hit",
        _saved_with(MOVING, moves=[[8, 5, 3, "no"]]),
        "the moves of this turn, move 1 (hit) must be true or false, not 'no'",
    ),
    (
        "bear off from outside home",
        _saved_with(MOVING, moves=[[8, 0, 6, False]]),
        "the moves of this turn, move 1: a 6 cannot bear off a checker from point 8",
    ),
    (
        "bear off short of the die",
        _saved_with(MOVING, moves=[[5, 0, 4, False]]),
        "the moves of this turn, move 1: a 4 cannot bear off a checker from point 5",
    ),
    (
        "move not its die",
        _saved_with(MOVING, moves=[[8, 4, 3, False]]),
        "the moves of this turn, move 1: 8/4 is not a move of 3",
    ),
    (
        "bear-off hit",
        _saved_with(MOVING, moves=[[3, 0, 3, True]]),
        "the moves of this turn, move 1: bearing off cannot hit",
    ),
    (
        "second move named",
        _saved_with(MOVING, moves=[[8, 5, 3, False], [6, 1, 6, False]]),
        "the moves of this turn, move 2: 6/1 is not a move of 6",
    ),
    ("cube not an object", _saved_with(ROLLING, cube=2), "the cube must be an object, not int"),
    (
        "cube value",
        _saved_with(ROLLING, cube={"value": 128, "owner": 0}),
        "the cube value must be 1 to 64, not 128",
    ),
    (
        "cube value not a face",
        _saved_with(ROLLING, cube={"value": 3, "owner": 0}),
        "the cube shows 1, 2, 4, 8, 16, 32 or 64, not 3",
    ),
    (
        "cube owner",
        _saved_with(ROLLING, cube={"value": 2, "owner": 2}),
        "the cube owner must be 0 to 1, not 2",
    ),
    ("rules not an object", _saved_with(ROLLING, rules=None), "the rules must be an object, not NoneType"),
    (
        "match length",
        _saved_with(ROLLING, rules={"match_length": 0x8000, "jacoby": False}),
        "the match length must be 0 to 32767, not 32768",
    ),
    (
        "match length not a number",
        _saved_with(ROLLING, rules={"match_length": "7", "jacoby": False}),
        "the match length must be a whole number, not '7'",
    ),
    (
        "jacoby",
        _saved_with(ROLLING, rules={"match_length": 0, "jacoby": 1}),
        "the Jacoby option must be true or false, not 1",
    ),
    ("score below 0", _saved_with(ROLLING, score=[0, -1]), "the score must be 0 or more, not -1"),
    (
        "score reached",
        _saved_with(OPENING, score=[2, 5]),
        "a game cannot be played at 2-5 in a 5-point match",
    ),
    (
        "opening roll out of range",
        _saved_with(OPENING, opening=[7, 7]),
        "the opening roll must be 1 to 6, not 7",
    ),
    (
        "opening roll not a tie",
        _saved_with(OPENING, opening=[3, 1]),
        "an opening roll that was not a tie would have started the game",
    ),
    (
        "last play",
        _saved_with(ROLLING, last_play=[[8, 5, 3, False]] * 5),
        "the last play: 5 given; a turn has at most 4 moves",
    ),
    ("last player", _saved_with(ROLLING, last_player=2), "the last player must be 0 to 1, not 2"),
    (
        "last play without a player",
        _saved_with(ROLLING, last_play=[[8, 5, 3, False]], last_player=None),
        "the last play has no player",
    ),
    ("dice while rolling", _saved_with(ROLLING, dice=[3, 1]), "no dice are showing in the roll phase"),
    (
        "moves while rolling",
        _saved_with(ROLLING, moves=[[8, 5, 3, False]]),
        "no moves are made in the roll phase",
    ),
    (
        "moves while offered",
        _saved_with(OFFERED, moves=[[8, 5, 3, False]]),
        "no moves are made in the cube_offered phase",
    ),
    ("result while playing", _saved_with(ROLLING, result={}), "a game still being played has no result"),
    (
        "all borne off while playing",
        _saved_with(ROLLING, position=ALL_OFF.position_id()),
        "a player has borne off all 15 checkers, so the game is over",
    ),
    (
        "my 15 off while playing",
        _saved_with(ROLLING, position=ALL_OFF.flip().position_id()),
        "a player has borne off all 15 checkers, so the game is over",
    ),
    (
        "opening board",
        _saved_with(OPENING, position=LAST_CHECKERS.position_id()),
        "before the opening roll the board must be in the starting position",
    ),
    (
        "opening after a play",
        _saved_with(OPENING, last_play=[[8, 5, 3, False]], last_player=0),
        "before the opening roll nothing has happened yet",
    ),
    (
        "opening with the cube turned",
        _saved_with(OPENING, cube={"value": 2, "owner": 0}),
        "before the opening roll nothing has happened yet",
    ),
    ("opening player 1", _saved_with(OPENING, turn=1), "before the opening roll nothing has happened yet"),
    (
        "opening last player",
        _saved_with(OPENING, last_player=1),
        "before the opening roll nothing has happened yet",
    ),
    (
        "crawford double",
        _saved_with(OFFERED, crawford=True, rules={"match_length": 5, "jacoby": False}, score=[4, 0]),
        "nobody may double in the Crawford game, so the cube must be on 1",
    ),
    (
        "first double offered in the Crawford game",
        _saved_with(
            OFFERED,
            crawford=True,
            rules={"match_length": 5, "jacoby": False},
            score=[4, 0],
            cube={"value": 1, "owner": None},
        ),
        "nobody may double in the Crawford game",
    ),
    (
        "redouble by the taker",
        _saved_with(OFFERED, cube={"value": 2, "owner": 1}),
        "this double could not have been offered: only the owner may redouble, up to 64",
    ),
    (
        "double past 64",
        _saved_with(OFFERED, cube={"value": 64, "owner": 0}),
        "this double could not have been offered: only the owner may redouble, up to 64",
    ),
    ("moving without dice", _saved_with(MOVING, dice=None), "a turn being moved needs its dice"),
    (
        "moves off the board",
        _saved_with(MOVING, moves=[[13, 10, 3, False]]),
        "the moves of this turn do not fit the board: the move 13/10 does not fit this position",
    ),
    (
        "a hit that did not happen",
        _saved_with(MOVING, moves=[[8, 5, 3, True]]),
        "the moves of this turn do not fit the board: the hit in 8/5* does not fit this position",
    ),
    (
        "illegal moves",
        _saved_with(MOVING, dice=[5, 5]),
        "the moves of this turn are not legal: You have no 3 to play (left: 5)",
    ),
    ("result not an object", _saved_with(WON, result=[0]), "the result must be an object, not list"),
    (
        "cube without its owner",
        _saved_with(ROLLING, cube={"value": 1}),
        "the cube is missing owner",
    ),
    (
        "cube with a field too many",
        _saved_with(ROLLING, cube={"value": 1, "owner": None, "side": 0}),
        "the cube has unknown fields: side",
    ),
    (
        "result without its passed flag",
        _saved_with(WON, result={"winner": 0, "kind": "single", "cube": 1, "points": 1}),
        "the result is missing passed",
    ),
    (
        "result with a field too many",
        _saved_with(
            WON, result={"winner": 0, "kind": "single", "cube": 1, "points": 1, "passed": False, "by": 1}
        ),
        "the result has unknown fields: by",
    ),
    ("result winner", _saved_with(WON, result__winner=2), "the winner must be 0 to 1, not 2"),
    (
        "result kind",
        _saved_with(WON, result__kind="triple"),
        "a win is single, gammon or backgammon, not 'triple'",
    ),
    (
        "result kind not text",
        _saved_with(WON, result__kind=2),
        "a win is single, gammon or backgammon, not 2",
    ),
    ("result cube", _saved_with(WON, result__cube=0), "the result's cube must be 1 to 64, not 0"),
    (
        "result cube above 64",
        _saved_with(WON, result__cube=128),
        "the result's cube must be 1 to 64, not 128",
    ),
    ("result points", _saved_with(WON, result__points=0), "the points won must be 1 or more, not 0"),
    (
        "result passed flag",
        _saved_with(WON, result__passed=0),
        "the passed flag must be true or false, not 0",
    ),
    (
        "result shown from the loser",
        _saved_with(WON, turn=1),
        "a finished game is shown from the winner's side",
    ),
    (
        "result cube differs",
        _saved_with(PASSED, result__cube=2, result__points=2),
        "the result says the cube was 2, the game says 1",
    ),
    (
        "result points above the cube",
        _saved_with(PASSED, result__points=2, result__cube=1, cube={"value": 1, "owner": None}),
        "a single on a cube of 1 scores at most 1 points, not 2",
    ),
    (
        "result points below the stake",
        _saved_with(WON, cube={"value": 2, "owner": 1}, result__cube=2, result__points=1),
        "this game is worth 2 points, not 1",
    ),
    (
        "passed with all off",
        _saved_with(WON, result__passed=True),
        "a game that ended by a pass cannot have all 15 checkers off",
    ),
    (
        "won without all off",
        _saved_with(PASSED, result__passed=False),
        "the winner must have borne off all 15 checkers",
    ),
    (
        "won kind differs",
        _saved_with(WON, result__kind="gammon", result__points=2),
        "the board shows a single, not a gammon",
    ),
]

MATCH_REFUSALS: list[Case] = [
    ("not an object", lambda: match_from_dict([]), "the saved match must be an object, not list"),
    (
        "missing fields",
        lambda: match_from_dict({"version": 1, "rules": {"match_length": 0, "jacoby": False}}),
        "the saved match is missing crawford_used, games, score",
    ),
    ("unknown fields", _match(extra=True), "the saved match has unknown fields: extra"),
    ("version", _match(version=None), "the saved match has format version None; this game reads 1"),
    (
        "rules",
        _match(rules={"match_length": -1, "jacoby": False}),
        "the match length must be 0 to 32767, not -1",
    ),
    ("score not a pair", _match(score=4), "the match score must be a pair, not 4"),
    ("score below 0", _match(score=[4, -2]), "the match score must be 0 or more, not -2"),
    ("games below 0", _match(games=-1), "the number of games must be 0 or more, not -1"),
    ("games not a number", _match(games="3"), "the number of games must be a whole number, not '3'"),
    ("crawford flag", _match(crawford_used=None), "the Crawford flag must be true or false, not None"),
    ("both won", _match(score=[5, 5]), "both players cannot have won the match"),
]


def _in_match(game: GameState, match: Match) -> Callable[[], object]:
    return lambda: check_game_in_match(game, match)


FIVE = Match(Rules(5), (4, 2), games=3, crawford_used=True)
IN_MATCH_REFUSALS: list[Case] = [
    ("rules", _in_match(new_game(Rules(7), (4, 2)), FIVE), "the game's rules and the match's rules differ"),
    (
        "score",
        _in_match(new_game(Rules(5), (2, 4)), FIVE),
        "the game's score (2, 4) differs from the match score (4, 2)",
    ),
    (
        "match over",
        _in_match(new_game(Rules(5), (5, 2)), Match(Rules(5), (5, 2), games=4, crawford_used=True)),
        "the match is over, so no game can be in progress",
    ),
    (
        "crawford",
        _in_match(new_game(Rules(5), (4, 2), crawford=True), FIVE),
        "the game's Crawford flag does not match the match score",
    ),
]


@pytest.mark.parametrize(("what", "make", "message"), SAVE_REFUSALS, ids=[c[0] for c in SAVE_REFUSALS])
def test_a_broken_save_names_what_is_wrong(what: str, make: Callable[[], object], message: str) -> None:
    assert _refusal(make) == message, what


@pytest.mark.parametrize(("what", "make", "message"), MATCH_REFUSALS, ids=[c[0] for c in MATCH_REFUSALS])
def test_a_broken_saved_match_names_what_is_wrong(
    what: str, make: Callable[[], object], message: str
) -> None:
    assert _refusal(make) == message, what


@pytest.mark.parametrize(
    ("what", "make", "message"), IN_MATCH_REFUSALS, ids=[c[0] for c in IN_MATCH_REFUSALS]
)
def test_a_game_that_does_not_belong_to_its_match_says_why(
    what: str, make: Callable[[], object], message: str
) -> None:
    assert _refusal(make) == message, what


def test_no_other_exception_escapes_a_save_or_match_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slip inside a reader (a KeyError, say) still comes out as the one error type callers catch."""

    def broken(*args: object) -> object:
        raise KeyError("phase")

    monkeypatch.setattr(serialize, "_state_from_dict", broken)
    assert _refusal(lambda: state_from_dict({})) == "the saved game cannot be read: 'phase'"
    monkeypatch.setattr(serialize, "_mapping", broken)
    assert _refusal(lambda: match_from_dict({})) == "the saved match cannot be read: 'phase'"


# -- GNU Backgammon Match IDs (matchid) -----------------------------------------------------------

START_ID = Position.start().position_id()


def _ids(position_id: str = START_ID, **info: Any) -> Callable[[], object]:
    return lambda: state_from_ids(position_id, encode_match_id(MatchInfo(**info)))


def _bits(text: str, changes: dict[int, int]) -> str:
    """The Match ID ``text`` with some key bits (numbered from 0, low bit of byte 0 first) changed."""
    raw = bytearray(base64.b64decode(text))
    for index, value in changes.items():
        byte, bit = divmod(index, 8)
        raw[byte] = (raw[byte] & ~(1 << bit) & 0xFF) | (value << bit)
    return base64.b64encode(bytes(raw)).decode()


THREES = encode_match_id(MatchInfo(dice=(3, 3)))

MATCH_ID_REFUSALS: list[Case] = [
    ("not text", lambda: decode_match_id(None), "a Match ID must be a string of 12 characters"),  # type: ignore[arg-type]
    (
        "eleven characters",
        lambda: decode_match_id(" cAkAAAAAAAA "),
        "a Match ID has 12 characters, not 11: 'cAkAAAAAAAA'",
    ),
    (
        "bad characters",
        lambda: decode_match_id("cAkAAAAA!AAA"),
        "not a Match ID (bad characters): 'cAkAAAAA!AAA'",
    ),
    (
        "four bad characters",
        lambda: decode_match_id("cAkA!!!!AAAA"),
        "not a Match ID (bad characters): 'cAkA!!!!AAAA'",
    ),
    (
        "cube owner 2",
        lambda: decode_match_id("YAkAAAAAAAAA"),
        "not a valid Match ID (cube owner 2): 'YAkAAAAAAAAA'",
    ),
    (
        "game state 7",
        lambda: decode_match_id("cA8AAAAAAAAA"),
        "not a valid Match ID (game state 7): 'cA8AAAAAAAAA'",
    ),
    (
        "game state 5",
        lambda: decode_match_id(_bits("cAkAAAAAAAAA", {8: 1, 9: 0, 10: 1})),
        "not a valid Match ID (game state 5): 'cA0AAAAAAAAA'",
    ),
    (
        "one die",
        lambda: decode_match_id(_bits(THREES, {18: 0, 19: 0, 20: 0})),
        "not a valid Match ID (dice 3 and 0): 'MIEBAAAAAAAE'",
    ),
    (
        "a die of 7",
        lambda: decode_match_id(_bits(THREES, {15: 1, 16: 1, 17: 1})),
        "not a valid Match ID (dice 7 and 3): 'MIEPAAAAAAAE'",
    ),
    (
        "second die of 7",
        lambda: decode_match_id(_bits(THREES, {18: 1, 19: 1, 20: 1})),
        "not a valid Match ID (dice 3 and 7): 'MIEdAAAAAAAE'",
    ),
    (
        "score past the length",
        lambda: decode_match_id(encode_match_id(MatchInfo(match_length=5, score=(2, 6)))),
        "not a valid Match ID (score 2-6 in a 5-point match)",
    ),
    (
        "crawford in a session",
        lambda: decode_match_id(encode_match_id(MatchInfo(crawford=True))),
        "not a valid Match ID (a Crawford game in a money session)",
    ),
    (
        "trailing bits",
        lambda: decode_match_id("cAkAAAAAAAAI"),
        "not a valid Match ID (trailing bits): 'cAkAAAAAAAAI'",
    ),
    (
        "cube not a power of two",
        lambda: encode_match_id(MatchInfo(cube=3)),
        "a cube value is a power of two, not 3",
    ),
    ("cube 0", lambda: encode_match_id(MatchInfo(cube=0)), "a cube value is a power of two, not 0"),
    (
        "cube too big",
        lambda: encode_match_id(MatchInfo(cube=1 << 16)),
        "a cube value is a power of two, not 65536",
    ),
    (
        "match length",
        lambda: encode_match_id(MatchInfo(match_length=1 << 15)),
        "a Match ID holds a match length of 0 to 32767, not 32768",
    ),
    (
        "negative score",
        lambda: encode_match_id(MatchInfo(score=(0, -1))),
        "a Match ID holds a score of 0 to 32767, not -1",
    ),
    ("game over", _ids(game_state=GS_OVER), "a finished or resigned game cannot be restored from its IDs"),
    ("resigned", _ids(game_state=GS_RESIGNED), "a finished or resigned game cannot be restored from its IDs"),
    ("dropped", _ids(game_state=GS_DROPPED), "a finished or resigned game cannot be restored from its IDs"),
    ("resignation offered", _ids(resigned=1), "a finished or resigned game cannot be restored from its IDs"),
    ("cube above 64", _ids(cube=128, cube_owner=0), "this game's cube stops at 64, not 128"),
    (
        "doubled cube nobody owns",
        _ids(cube=2),
        "not a valid Match ID: a cube on 2 has been taken, so someone owns it",
    ),
    ("match over", _ids(match_length=3, score=(0, 3)), "the match in this Match ID is already over"),
    (
        "player on roll has all off",
        _ids(Position(side({}), side({6: 15})).position_id()),
        "this position is already won: the game is over",
    ),
    (
        "opponent has all off",
        _ids(Position(side({6: 15}), side({})).position_id()),
        "this position is already won: the game is over",
    ),
    (
        "crawford cube",
        _ids(match_length=3, score=(2, 0), crawford=True, cube=2, cube_owner=1),
        "nobody may double in the Crawford game",
    ),
    (
        "crawford double",
        _ids(match_length=3, score=(2, 0), crawford=True, doubled=True, turn=1),
        "nobody may double in the Crawford game",
    ),
    (
        "not started, not the start",
        _ids(LAST_CHECKERS.position_id(), game_state=GS_NONE),
        "a game that has not started must show the starting position",
    ),
    (
        "double to the doubler",
        _ids(doubled=True, player=1, turn=1),
        "a double is offered to the other player, not to the one who doubled",
    ),
    (
        "double with dice",
        _ids(doubled=True, player=0, turn=1, dice=(3, 1)),
        "a double is offered before rolling, so no dice may be showing",
    ),
    (
        "the other player to act",
        _ids(player=0, turn=1),
        "the player to act must be the player on roll when no double is offered",
    ),
]


@pytest.mark.parametrize(
    ("what", "make", "message"), MATCH_ID_REFUSALS, ids=[c[0] for c in MATCH_ID_REFUSALS]
)
def test_a_bad_match_id_names_what_is_wrong(what: str, make: Callable[[], object], message: str) -> None:
    assert _refusal(make) == message, what


# -- moves as players write them (notation) -------------------------------------------------------


START = Position.start()


def _parse(text: str, dice: tuple[int, int] = (6, 2), position: Position = START) -> Callable[[], object]:
    return lambda: parse_play(text, position, dice)


CLOSED_OUT = Position(side({25: 1, 6: 14}), side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 12: 3}))

NOTATION_REFUSALS: list[Case] = [
    ("not text", lambda: parse_journeys(None), "a move is written as text, like 24/18 13/11"),  # type: ignore[arg-type]
    ("unreadable count", _parse("24/18(x)"), "cannot read '24/18(x)': write moves like 24/18 or 8/4(2)"),
    ("one point", _parse("24"), "cannot read '24': a move goes from a point to a point, like 24/18"),
    (
        "empty point",
        _parse("24//18"),
        "cannot read '24//18': a move goes from a point to a point, like 24/18",
    ),
    (
        "repeated 5 times",
        _parse("24/18(5)", (6, 6)),
        "'24/18(5)': a move can be repeated 1 to 4 times, not 5",
    ),
    (
        "repeated 0 times",
        _parse("24/18(0)", (6, 6)),
        "'24/18(0)': a move can be repeated 1 to 4 times, not 0",
    ),
    ("point 30", _parse("24/30"), "not a point: '30' in '24/30' (use 1 to 24, bar or off)"),
    (
        "point 0 written as 00",
        _parse("24/18 13/11 6/00"),
        "not a point: '00' in '6/00' (use 1 to 24, bar or off)",
    ),
    (
        "hit where it starts",
        _parse("24*/18 13/11"),
        "'24*/18': a * marks a hit where a checker lands, not where it starts",
    ),
    ("from off", _parse("off/3"), "'off/3': a checker borne off cannot move again"),
    ("to the bar", _parse("6/bar"), "'6/bar': a checker cannot move to the bar"),
    ("backwards", _parse("18/24"), "'18/24': checkers move from higher to lower points"),
    ("standing still", _parse("13/13"), "'13/13': checkers move from higher to lower points"),
    ("nothing written", _parse("  "), "write your move, like 24/18 13/11"),
    (
        "nothing possible",
        _parse("bar/20", (6, 5), CLOSED_OUT),
        "no move is possible with this roll: the turn passes",
    ),
    ("half a move", _parse("24/18"), "that is not the whole move: you must play 2 dice"),
    ("not legal", _parse("24/18 13/10"), "'24/18 13/10' is not a legal move with 6-2"),
    ("not legal, spaces trimmed", _parse(" 6/1 6/1 ", (5, 5)), "'6/1 6/1' is not a legal move with 5-5"),
]


@pytest.mark.parametrize(
    ("what", "make", "message"), NOTATION_REFUSALS, ids=[c[0] for c in NOTATION_REFUSALS]
)
def test_a_move_that_cannot_be_read_says_why(what: str, make: Callable[[], object], message: str) -> None:
    assert _refusal(make) == message, what


# -- an action in the wrong phase (flow) ----------------------------------------------------------

PHASES: dict[str, GameState] = {
    "opening": new_game(),
    "roll": ROLLING,
    "offered": OFFERED,
    "moving": MOVING,
    "over": PASSED,
}
ACTIONS: dict[str, object] = {
    "opening roll": OpeningRoll(3, 1),
    "roll": Roll((3, 1)),
    "double": Double(),
    "take": Take(),
    "pass": Pass(),
    "step": Step(13, 5),
    "move to": MoveTo(13, 8),
    "undo": Undo(),
    "end turn": EndTurn(),
    "play": PlayMoves(()),
}

# Every action each phase refuses, and what the player is told (the accepted ones are played in test_flow).
WRONG_PHASE: dict[tuple[str, str], str] = {
    ("opening", "roll"): "Roll for the opening first: each player rolls one die",
    ("opening", "double"): "Roll for the opening first: each player rolls one die",
    ("opening", "take"): "Roll for the opening first: each player rolls one die",
    ("opening", "pass"): "Roll for the opening first: each player rolls one die",
    ("opening", "step"): "Roll for the opening first: each player rolls one die",
    ("opening", "move to"): "Roll for the opening first: each player rolls one die",
    ("opening", "undo"): "Roll for the opening first: each player rolls one die",
    ("opening", "end turn"): "Roll for the opening first: each player rolls one die",
    ("opening", "play"): "Roll for the opening first: each player rolls one die",
    ("roll", "opening roll"): "The opening roll is over",
    ("roll", "take"): "There is no double to answer",
    ("roll", "pass"): "There is no double to answer",
    ("roll", "step"): "Roll the dice first",
    ("roll", "move to"): "Roll the dice first",
    ("roll", "undo"): "Roll the dice first",
    ("roll", "end turn"): "Roll the dice first",
    ("roll", "play"): "Roll the dice first",
    ("offered", "opening roll"): "Answer the double first: take or pass",
    ("offered", "roll"): "Answer the double first: take or pass",
    ("offered", "double"): "Answer the double first: take or pass",
    ("offered", "step"): "Answer the double first: take or pass",
    ("offered", "move to"): "Answer the double first: take or pass",
    ("offered", "undo"): "Answer the double first: take or pass",
    ("offered", "end turn"): "Answer the double first: take or pass",
    ("offered", "play"): "Answer the double first: take or pass",
    ("moving", "opening roll"): "The opening roll is over",
    ("moving", "roll"): "You have already rolled: move your checkers",
    ("moving", "double"): "You may double only at the start of your turn, before rolling",
    ("moving", "take"): "There is no double to answer",
    ("moving", "pass"): "There is no double to answer",
    ("moving", "end turn"): "Finish your move: you still have 5 to play",
    ("moving", "play"): "That play uses 1 die; you must play 2",
    ("over", "opening roll"): "The game is over",
    ("over", "roll"): "The game is over",
    ("over", "double"): "The game is over",
    ("over", "take"): "The game is over",
    ("over", "pass"): "The game is over",
    ("over", "step"): "The game is over",
    ("over", "move to"): "The game is over",
    ("over", "undo"): "The game is over",
    ("over", "end turn"): "The game is over",
    ("over", "play"): "The game is over",
}


@pytest.mark.parametrize(
    ("phase", "action"), sorted(WRONG_PHASE), ids=[f"{a} while {p}" for p, a in sorted(WRONG_PHASE)]
)
def test_an_action_in_the_wrong_phase_says_what_to_do_instead(phase: str, action: str) -> None:
    with pytest.raises(IllegalAction) as raised:
        apply(PHASES[phase], ACTIONS[action])  # type: ignore[arg-type]
    assert str(raised.value) == WRONG_PHASE[phase, action]


def _moving_with(move: Move) -> GameState:
    """A MOVING state built directly (as a caller could), claiming ``move`` was made from the start."""
    return GameState(phase=Phase.MOVING, position=Position.start(), dice=(5, 3), moves=(move,))


def _position_id_from_bits(bits: list[int]) -> str:
    """A Position ID made of raw key bits (low bit of byte 0 first), for IDs no position encodes to."""
    bits = bits + [0] * (80 - len(bits))
    key = bytes(sum(bits[8 * b + k] << k for k in range(8)) for b in range(10))
    return base64.b64encode(key).decode()[:14]


# The opponent's 15 checkers, then 24 empty points and 16 checkers on the bar for the player on roll,
# the last one in bit 79: no room is left for the 0 that would end the bar's count.
NO_END_ZERO = [1] * 15 + [0] * 25 + [0] * 24 + [1] * 16


def _stale_moves() -> GameState:
    """A MOVING state whose moves were replaced while the turn in progress was handed along."""
    return dataclasses.replace(MOVING, moves=())


POSITION_REFUSALS: list[Case] = [
    (
        "sixteen for the player on roll",
        lambda: Position(side({6: 16}), side({6: 15})),
        "the player on roll has 16 checkers on the board; a side has 15",
    ),
    (
        "sixteen for the opponent",
        lambda: Position(side({6: 15}), side({6: 16})),
        "the opponent has 16 checkers on the board; a side has 15",
    ),
    (
        "a negative count for the player on roll",
        lambda: Position(side({6: -1}), side({6: 15})),
        "the player on roll has a negative or non-integer checker count",
    ),
    (
        "a negative count for the opponent",
        lambda: Position(side({6: 15}), side({6: -1})),
        "the opponent has a negative or non-integer checker count",
    ),
    (
        "24 counts for the opponent",
        lambda: Position(side({6: 15}), side({6: 15})[:24]),
        "the opponent's checkers must be 25 counts (24 points and the bar)",
    ),
    (
        "both borne off",
        lambda: Position(side({}), side({})),
        "both players have borne off all their checkers",
    ),
    (
        "both on one point",
        lambda: Position(side({6: 15}), side({19: 15})),
        "both players have checkers on point 6",
    ),
]


@pytest.mark.parametrize(
    ("what", "make", "message"), POSITION_REFUSALS, ids=[c[0] for c in POSITION_REFUSALS]
)
def test_an_impossible_board_says_which_side_is_wrong(
    what: str, make: Callable[[], object], message: str
) -> None:
    assert _refusal(make) == message, what


FLOW_REFUSALS: list[Case] = [
    ("not an action", lambda: apply(ROLLING, "roll"), "not a game action: 'roll'"),  # type: ignore[arg-type]
    (
        "step with text",
        lambda: apply(MOVING, Step("13", 5)),
        "a step is a point and a die, not Step(src='13', die=5)",
    ),  # type: ignore[arg-type]
    (
        "move to with text",
        lambda: apply(MOVING, MoveTo(13, "8")),
        "a move goes from a point to a point, not MoveTo(src=13, dst='8')",
    ),  # type: ignore[arg-type]
    (
        "move from past the bar",
        lambda: apply(MOVING, MoveTo(26, 21)),
        "Move from a point 1..24 or the bar, to a point 1..24 or off",
    ),
    (
        "move from 0",
        lambda: apply(MOVING, MoveTo(0, 0)),
        "Move from a point 1..24 or the bar, to a point 1..24 or off",
    ),
    (
        "move to past the 24-point",
        lambda: apply(MOVING, MoveTo(13, 25)),
        "Move from a point 1..24 or the bar, to a point 1..24 or off",
    ),
    (
        "move to below off",
        lambda: apply(MOVING, MoveTo(6, -1)),
        "Move from a point 1..24 or the bar, to a point 1..24 or off",
    ),
    (
        "play not a tuple",
        lambda: apply(MOVING, PlayMoves([Move(13, 8, 5)])),
        "a play is a tuple of moves, not [Move(src=13, dst=8, die=5, hit=False)]",
    ),  # type: ignore[arg-type]
    ("opening die of 7", lambda: apply(new_game(), OpeningRoll(7, 1)), "a die shows 1 to 6, not 7 and 1"),
    ("roll of one die", lambda: apply(ROLLING, Roll((3,))), "a roll is two dice, each 1 to 6, not (3,)"),  # type: ignore[arg-type]
    (
        "undo before moving",
        lambda: apply(apply(ROLLING, Roll((3, 1))), Undo()),
        "Nothing to undo: you have not moved yet this turn",
    ),
    (
        "crawford in a session",
        lambda: new_game(Rules(), (0, 0), crawford=True),
        "the Crawford rule belongs to matches, not money sessions",
    ),
    (
        "record after the match",
        lambda: Match(Rules(1), (1, 0), games=1).record(PASSED.result),
        "the match is over: no more games can be recorded",
    ),  # type: ignore[arg-type]
    (
        "a moving state built with a move from 26",
        lambda: _moving_with(Move(26, 21, 5)),
        "a move goes from a point (25 = bar) to a point (0 = off), not "
        "Move(src=26, dst=21, die=5, hit=False)",
    ),
    (
        "a moving state built with a move from 0",
        lambda: _moving_with(Move(0, -5, 5)),
        "a move goes from a point (25 = bar) to a point (0 = off), not Move(src=0, dst=-5, die=5, hit=False)",
    ),
    (
        "a moving state built with a move to 25",
        lambda: _moving_with(Move(24, 25, 5)),
        "a move goes from a point (25 = bar) to a point (0 = off), not "
        "Move(src=24, dst=25, die=5, hit=False)",
    ),
    (
        "a moving state built with a move that is not there",
        lambda: _moving_with(Move(13, 9, 4)),
        "the move 13/9 does not fit this position",
    ),
    (
        "play from past the bar",
        lambda: apply(MOVING, PlayMoves(((26, 21, 5),))),
        "You have no checker on point 26",
    ),  # type: ignore[arg-type]
    ("single moves with a die of 7", lambda: single_moves(START, 7), "a die shows 1 to 6, not 7"),
    ("single moves with a text die", lambda: single_moves(START, "3"), "a die shows 1 to 6, not '3'"),  # type: ignore[arg-type]
    ("match length as text", lambda: Rules(match_length="7"), "the match length is a whole number, not '7'"),  # type: ignore[arg-type]
    (
        "match length below 0",
        lambda: Rules(match_length=-1),
        "the match length is 0 (a session) or more, not -1",
    ),
    (
        "a turn in progress outside moving",
        lambda: GameState(phase=Phase.ROLL, position=START, turn_cache=MOVING.turn_cache),
        "only a turn being moved has a turn in progress",
    ),
    (
        "a moving state without dice",
        lambda: GameState(phase=Phase.MOVING, position=START),
        "a turn being moved needs its dice",
    ),
    (
        "a turn in progress with other moves",
        _stale_moves,
        "the turn in progress does not match the board, dice and moves",
    ),
    (
        "a Position ID without the last count's end",
        lambda: Position.from_id(_position_id_from_bits(NO_END_ZERO)),
        "not a valid Position ID (too many checkers): '/38AAAAAAAD//w'",
    ),
    ("play with a die not rolled", lambda: apply(MOVING, PlayMoves(((13, 9, 4),))), "You have no 4 to play"),  # type: ignore[arg-type]
    (
        "play after the last checker is off",
        lambda: apply(
            apply(GameState(phase=Phase.ROLL, position=Position(side({1: 1}), side({6: 15}))), Roll((2, 1))),
            PlayMoves(((1, 0, 2), (1, 0, 1))),
        ),
        "All your checkers are already off",
    ),  # type: ignore[arg-type]
    (
        "play the lower die when the higher one can be played",
        lambda: apply(
            apply(
                GameState(
                    phase=Phase.ROLL, position=Position(side({14: 1, 24: 1}), side({21: 2, 7: 2, 5: 2}))
                ),
                Roll((6, 4)),
            ),
            PlayMoves(((14, 10, 4),)),
        ),
        "You must play the higher die",
    ),  # type: ignore[arg-type]
    (
        "play with a list for a move",
        lambda: apply(MOVING, PlayMoves(([13, 8, 5],))),
        "not a move: [13, 8, 5]",
    ),  # type: ignore[arg-type]
    (
        "bear off past a checker on the point above",
        lambda: Turn(Position(side({4: 1, 3: 1}), side({6: 15})), (5, 2)).step(3, 5),
        "Bear off from your highest point first",
    ),
    (
        "play with a text source",
        lambda: apply(MOVING, PlayMoves((("13", 8, 5),))),
        "not a move: ('13', 8, 5)",
    ),  # type: ignore[arg-type]
    (
        "play with a text target",
        lambda: apply(MOVING, PlayMoves(((13, "8", 5),))),
        "not a move: (13, '8', 5)",
    ),  # type: ignore[arg-type]
    ("play with a text die", lambda: apply(MOVING, PlayMoves(((13, 8, "5"),))), "not a move: (13, 8, '5')"),  # type: ignore[arg-type]
    ("play with a short move", lambda: apply(MOVING, PlayMoves(((13, 8),))), "not a move: (13, 8)"),  # type: ignore[arg-type]
]


def test_doubling_while_moving_is_explained_before_it_is_tried() -> None:
    assert MOVING.can_double() == "You may double only at the start of your turn, before rolling"
    assert PASSED.can_double() == "The game is over"


@pytest.mark.parametrize(("what", "make", "message"), FLOW_REFUSALS, ids=[c[0] for c in FLOW_REFUSALS])
def test_a_malformed_action_says_what_is_wrong(what: str, make: Callable[[], object], message: str) -> None:
    assert _refusal(make) == message, what


# -- a refused drag (turn) -------------------------------------------------------------------------

# The opponent holds my 6-point (his 19) and my 5-point (his 20); my checkers on 24, 13, 8 and 4.
SIX_HELD = Position(side({24: 2, 13: 5, 8: 3, 4: 5}), side({19: 2, 20: 2, 13: 5, 8: 3, 6: 3}))
# A checker on the bar, the opponent holding my 20-point (his 5).
BAR_AND_TWENTY_HELD = Position(side({25: 1, 13: 5, 8: 4, 6: 5}), side({5: 2, 13: 5, 8: 3, 6: 5}))
# Bearing off is not allowed yet (a checker on my 8), my 5-point held.
NOT_HOME = Position(side({8: 1, 6: 1, 4: 13}), side({20: 2, 13: 5, 8: 3, 6: 5}))


def _drag(position: Position, dice: tuple[int, int], src: int, dst: int) -> Callable[[], object]:
    return lambda: Turn(position, dice).move_to(src, dst)


DRAG_REFUSALS: list[Case] = [
    ("second step onto a held point", _drag(SIX_HELD, (4, 3), 13, 6), "Point 6 is held by your opponent"),
    (
        "from the bar onto a held point",
        _drag(BAR_AND_TWENTY_HELD, (5, 3), 25, 20),
        "Point 20 is held by your opponent",
    ),
    (
        "from the bar further than the dice",
        _drag(BAR_AND_TWENTY_HELD, (5, 3), 25, 15),
        "No combination of your dice moves a checker from the bar to point 15",
    ),
    (
        "onto its own point",
        _drag(SIX_HELD, (4, 3), 13, 13),
        "Checkers move toward your home board (lower point numbers)",
    ),
    (
        "backwards",
        _drag(SIX_HELD, (4, 3), 8, 13),
        "Checkers move toward your home board (lower point numbers)",
    ),
    (
        "another checker while one is on the bar",
        _drag(BAR_AND_TWENTY_HELD, (6, 5), 13, 12),
        "Your move is complete: press Done",
    ),
    (
        "off with the exact die, not all home",
        _drag(NOT_HOME, (6, 1), 6, 0),
        "All your checkers must be home before bearing off",
    ),
]


@pytest.mark.parametrize(("what", "make", "message"), DRAG_REFUSALS, ids=[c[0] for c in DRAG_REFUSALS])
def test_a_refused_drag_names_what_stops_it(what: str, make: Callable[[], object], message: str) -> None:
    assert _refusal(make) == message, what


# == what every transition carries over; fast cross-checks ======================================
# No fast test followed a game's context (match rules, score, Crawford flag, cube, opening roll,
# last play) through every kind of transition, nor checked PlayMoves' own quick bookkeeping
# (board_move, _after) against the move generator except the slow soak tests. Everything here runs
# the engine at test time: data built at import time is built before a mutant is switched on.


def _context(state: GameState) -> tuple[object, ...]:
    return (state.rules, state.score, state.crawford, state.cube)


def test_a_crawford_game_keeps_its_context_through_every_kind_of_transition() -> None:
    """Opening tie, opening roll, steps, a drag, undo, end of turn, rolls and whole plays, to the end."""
    rules = Rules(match_length=5)
    state = new_game(rules, (4, 2), crawford=True)
    context = _context(state)
    state = apply(state, OpeningRoll(4, 4))
    assert state.phase is Phase.OPENING and state.opening == (4, 4) and _context(state) == context
    state = apply(state, OpeningRoll(2, 6))  # player 1 starts with 6-2
    assert (state.phase, state.turn, state.dice) == (Phase.MOVING, 1, (6, 2))
    assert state.opening == (2, 6) and _context(state) == context
    state = apply(state, Step(24, 6))
    state = apply(state, Undo())
    assert state.moves == () and state.opening == (2, 6) and _context(state) == context
    state = apply(state, MoveTo(13, 5))  # 13/7/5 with both dice
    assert len(state.moves) == 2 and _context(state) == context
    first_play = state.moves
    state = apply(state, EndTurn())
    assert (state.phase, state.turn, state.last_play, state.last_player) == (Phase.ROLL, 0, first_play, 1)
    assert state.opening == (2, 6) and _context(state) == context
    rng = random.Random(5)
    while state.phase is not Phase.GAME_OVER:
        assert state.phase is Phase.ROLL and _context(state) == context
        assert state.opening == (2, 6)
        mover = state.turn
        before = (state.last_play, state.last_player)
        assert before[1] == 1 - mover
        state = apply(state, Roll((rng.randint(1, 6), rng.randint(1, 6))))
        assert (state.last_play, state.last_player) == before
        assert _context(state) == context and state.opening == (2, 6)
        plays = legal_plays(state.position, state.dice or (1, 1))
        played = rng.choice(plays).moves if plays else ()
        state = apply(state, PlayMoves(played))
        assert _context(state) == context and state.opening == (2, 6)
        if state.phase is Phase.MOVING:
            assert (state.last_play, state.last_player) == before
            state = apply(state, EndTurn())
            assert (state.last_play, state.last_player) == (played, mover)
    assert _context(state) == context and state.opening == (2, 6)
    result = state.result
    assert result is not None and result.points == min(result.kind.value, 5 - (4, 2)[result.winner])
    assert state.position.my_off == 15  # the finished game is seen from the winner


def test_a_double_and_a_take_keep_the_opening_and_the_last_play() -> None:
    state = apply(
        apply(new_game(Rules(7), (1, 3)), OpeningRoll(3, 1)), PlayMoves((Move(8, 5, 3), Move(6, 5, 1)))
    )
    state = apply(state, EndTurn())
    offered = apply(state, Double())
    taken = apply(offered, Take())
    for after in (offered, taken):
        assert after.opening == (3, 1) and after.score == (1, 3) and after.rules == Rules(7)
        assert after.last_play == (Move(8, 5, 3), Move(6, 5, 1)) and after.last_player == 0
    assert taken.cube == Cube(2, 0) and taken.turn == 1


def test_a_doubled_cube_is_carried_through_rolls_and_turns() -> None:
    state = GameState(phase=Phase.ROLL, position=Position.start(), turn=0, rules=Rules(7), score=(1, 3))
    state = apply(apply(state, Double()), Take())
    assert state.cube == Cube(2, 1) and (state.phase, state.turn) == (Phase.ROLL, 0)
    state = apply(state, Roll((3, 1)))
    assert state.cube == Cube(2, 1) and state.score == (1, 3) and state.rules == Rules(7)
    state = apply(state, PlayMoves((Move(8, 5, 3), Move(6, 5, 1))))
    state = apply(state, EndTurn())
    assert state.cube == Cube(2, 1) and state.score == (1, 3) and state.rules == Rules(7)
    assert state.can_double() is None  # player 1 owns the cube and is on roll


def test_the_opening_roll_starts_from_the_board_set_up_for_player_0() -> None:
    """``new_game(position=...)`` is seen from player 0: the winner of the opening roll sees it his way."""
    board = Position(side({24: 2, 13: 5, 8: 3, 6: 4, 5: 1}), side({24: 2, 13: 5, 8: 3, 6: 5}))
    tie = apply(new_game(position=board), OpeningRoll(2, 2))
    assert tie.turn == 0 and tie.position == board and tie.phase is Phase.OPENING
    zero_starts = apply(tie, OpeningRoll(6, 1))
    assert zero_starts.turn == 0 and zero_starts.position == board
    one_starts = apply(new_game(position=board), OpeningRoll(1, 6))
    assert one_starts.turn == 1 and one_starts.position == board.flip()
    assert zero_starts.board_for(1) == board.flip() and one_starts.board_for(0) == board


def test_a_bear_off_win_is_seen_from_the_winner() -> None:
    state = GameState(phase=Phase.ROLL, position=Position(side({1: 1}), side({6: 15})), turn=1)
    over = apply(apply(state, Roll((2, 1))), Step(1, 2))
    assert over.phase is Phase.GAME_OVER and over.turn == 1 and over.position.my_off == 15
    assert over.result is not None and over.result.kind is WinKind.GAMMON


def test_play_moves_books_hits_and_stacked_moves_as_the_rules_do() -> None:
    """Every legal play of a few boards with blots, bar checkers and bear-offs, fed back through
    ``PlayMoves`` one move at a time, lands on the play's board with the play's hits."""
    rng = random.Random(23)
    checked = 0
    for _ in range(30):
        position = random_position(rng)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(position, dice)
        state = apply(GameState(phase=Phase.ROLL, position=position), Roll(dice))
        for play in rng.sample(plays, min(4, len(plays))):
            raw = tuple((m.src, m.dst, m.die) for m in play.moves)
            after = apply(state, PlayMoves(raw))  # type: ignore[arg-type]
            board = after.position if after.phase is Phase.MOVING else after.board_for(0)
            assert board == play.position
            if after.phase is Phase.MOVING:
                assert after.moves == play.moves
            checked += 1
    assert checked > 60


def test_play_moves_refuses_a_checker_moved_twice_from_where_only_one_arrived() -> None:
    lone = GameState(phase=Phase.ROLL, position=Position(side({13: 1, 6: 14}), side({1: 15})))
    state = apply(lone, Roll((5, 5)))
    ok = apply(state, PlayMoves(((13, 8, 5), (8, 3, 5), (6, 1, 5), (6, 1, 5))))  # type: ignore[arg-type]
    assert ok.position.me[0] == 2
    refused = ((13, 8, 5), (8, 3, 5), (8, 3, 5), (6, 1, 5))
    try:
        apply(state, PlayMoves(refused))  # type: ignore[arg-type]
    except ValueError as exc:
        assert str(exc) == "You have no checker on point 8"
    else:
        raise AssertionError("a checker that is not there was moved")


def test_board_move_agrees_with_single_moves_on_the_moves_that_matter() -> None:
    """The fast sibling of test_flow's exhaustive cross-check: each die's landing point, its
    neighbours and off, from every point, on a few dozen boards."""
    rng = random.Random(29)
    for _ in range(40):
        position = random_position(rng)
        for die in range(1, 7):
            listed = {(m.src, m.dst): m for m in single_moves(position, die)}
            for src in range(1, 26):
                land = src - die
                for dst in {land - 1, land, land + 1, OFF}:
                    if 0 <= dst <= 24:
                        assert board_move(position, src, dst, die) == listed.get((src, dst)), (
                            position.position_id(),
                            src,
                            dst,
                            die,
                        )


def test_a_pass_ends_the_game_at_the_old_stake_seen_from_the_doubler() -> None:
    state = GameState(phase=Phase.ROLL, position=Position.start().flip(), turn=1, cube=Cube(2, 1))
    over = apply(apply(state, Double()), Pass())
    assert over.turn == 1 and over.position == Position.start().flip()
    assert over.result is not None and (over.result.points, over.result.cube) == (2, 2)


def test_apply_move_and_a_hit_on_the_bar_agree() -> None:
    pos = Position(side({25: 1, 6: 14}), side({22: 1, 6: 14}))  # the opponent's 22 is my 3
    move = next(m for m in single_moves(pos, 3) if m.src == 25)
    assert move == Move(25, 22, 3, False)
    hit = next(m for m in single_moves(Position(side({25: 1, 6: 14}), side({3: 1, 6: 14})), 3) if m.src == 25)
    assert hit.hit and apply_move(Position(side({25: 1, 6: 14}), side({3: 1, 6: 14})), hit).opp[24] == 1


# -- notation: how a typed journey is split, and how plays are written -----------------------------


def test_a_journey_goes_round_a_held_point() -> None:
    """24/13 with 6-5 when the opponent holds my 18 (his 7): the 5 first, through 19."""
    blocked = Position(side({24: 2, 13: 5, 8: 3, 6: 5}), side({7: 2, 13: 5, 8: 3, 5: 5}))
    assert parse_play("24/13", blocked, (6, 5)) == (Move(24, 19, 5), Move(19, 13, 6))


def test_a_journey_splits_with_the_higher_die_first_when_both_ways_are_open() -> None:
    """The same order as the drag rule (turn.py), so a typed move animates as a dragged one would."""
    both_open = Position(side({24: 2, 13: 5, 8: 3, 6: 5}), side({13: 5, 8: 3, 5: 5, 3: 2}))
    assert parse_play("24/13", both_open, (6, 5)) == (Move(24, 18, 6), Move(18, 13, 5))
    assert parse_play("24/13", both_open, (5, 6)) == (Move(24, 18, 6), Move(18, 13, 5))


def test_a_journey_repeated_four_times() -> None:
    assert parse_play("13/7(4)", Position.start(), (6, 6)) == (Move(13, 7, 6),) * 4


def test_plays_are_written_from_the_highest_start_then_the_highest_end() -> None:
    assert format_play((Move(13, 7, 6), Move(24, 18, 6), Move(18, 12, 6), Move(12, 6, 6))) == "24/6 13/7"
    assert format_play((Move(13, 8, 5), Move(13, 11, 2))) == "13/11 13/8"


# -- match and Match ID bounds ---------------------------------------------------------------------


def test_a_won_match_leaves_the_winner_no_points_away() -> None:
    won = Match(Rules(3), (4, 1), games=3, crawford_used=True)
    assert won.is_over and won.away(0) == 0 and won.away(1) == 2


def test_a_cube_on_64_can_be_restored_from_its_ids() -> None:
    state = state_from_ids(Position.start().position_id(), encode_match_id(MatchInfo(cube=64, cube_owner=1)))
    assert state.cube == Cube(64, 1) and state.phase is Phase.ROLL


def test_a_finished_game_saved_after_its_match_recorded_it() -> None:
    """Saved just after the result went into the match: the match score is the game's plus the points."""
    match = Match(Rules(7), (2, 3), games=3)
    over = apply(apply(match.new_game(), OpeningRoll(3, 1)), PlayMoves((Move(8, 5, 3), Move(6, 5, 1))))
    over = apply(apply(apply(over, EndTurn()), Double()), Pass())  # player 1 doubles, player 0 passes
    assert over.result is not None and over.result.winner == 1
    check_game_in_match(over, match)
    check_game_in_match(over, match.record(over.result))


def test_a_side_with_nothing_left_on_the_board_is_in_a_race_wherever_the_other_stands() -> None:
    """One side has borne everything off (the game is decided, but the board is still asked): no
    contact, even with the other side's checkers on its own 23- and 24-points."""
    assert Position(side({}), side({24: 1, 23: 1, 6: 3})).is_race()
    assert Position(side({24: 1, 23: 1, 6: 3}), side({})).is_race()
    assert not Position(side({24: 1, 6: 3}), side({24: 1, 6: 3})).is_race()


def test_a_finished_game_worth_less_than_its_kind_reads_back() -> None:
    """A gammon worth 1 (Jacoby, centred cube; or capped at the 1 point the winner needs) is read
    back as saved: the reader recomputes the points with the game's own rules and score."""
    bear_off = Position(side({1: 1}), side({6: 15}))
    for rules, score in ((Rules(jacoby=True), (0, 0)), (Rules(5), (0, 4))):
        state = GameState(phase=Phase.ROLL, position=bear_off, turn=1, rules=rules, score=score)
        over = apply(apply(state, Roll((2, 1))), Step(1, 2))
        assert over.result is not None and over.result.kind is WinKind.GAMMON and over.result.points == 1
        assert state_from_dict(state_to_dict(over)) == over


def test_the_autosave_format_as_written() -> None:
    """The files on disk outlive the version that wrote them: field names, order of the move fields
    and lower-case names are the format (version 1), not just whatever reads back."""
    assert state_to_dict(WON) == {
        "version": 1,
        "phase": "game_over",
        "position": "uO8DAAAAAAAAAA",
        "turn": 0,
        "dice": None,
        "moves": [],
        "cube": {"value": 1, "owner": None},
        "crawford": False,
        "rules": {"match_length": 0, "jacoby": False},
        "score": [0, 0],
        "opening": None,
        "result": {"winner": 0, "kind": "single", "cube": 1, "points": 1, "passed": False},
        "last_play": [[1, 0, 1, False], [6, 0, 6, False]],
        "last_player": 0,
    }
    moving = state_to_dict(MOVING)
    assert (moving["phase"], moving["dice"], moving["moves"], moving["opening"]) == (
        "moving",
        [5, 3],
        [[8, 5, 3, False]],
        [5, 3],
    )
    assert match_to_dict(Match(Rules(5, True), (4, 2), games=3, crawford_used=True)) == {
        "version": 1,
        "rules": {"match_length": 5, "jacoby": True},
        "score": [4, 2],
        "games": 3,
        "crawford_used": True,
    }


def test_when_only_the_lower_die_can_be_played_every_way_to_play_it_is_listed() -> None:
    """6-5 with the 6 blocked everywhere: 24/19 and 21/16 are both legal (one die each), and the
    search must keep both dead ends apart instead of remembering one."""
    pos = Position(side({24: 1, 21: 1}), side({7: 2, 10: 2, 12: 2, 15: 2, 2: 7}))
    plays = legal_plays(pos, (6, 5))
    assert sorted(p.moves for p in plays) == [(Move(21, 16, 5),), (Move(24, 19, 5),)]
    assert {p.position for p in plays} == reference_plays(pos, (6, 5))


def test_what_a_match_id_records_after_an_opening_tie_and_for_a_double_by_player_1() -> None:
    """After a tied opening roll the game has begun (gnubg's "playing"); a double offered by player 1
    leaves player 0 to act."""
    assert match_info(apply(new_game(), OpeningRoll(4, 4))).game_state == GS_PLAYING
    assert match_info(new_game()).game_state == GS_NONE
    offered = apply(GameState(phase=Phase.ROLL, position=Position.start(), turn=1), Double())
    info = match_info(offered)
    assert (info.player, info.turn, info.doubled) == (1, 0, True)


@pytest.mark.parametrize(
    "position",
    [
        Position(side({6: 2, 4: 1, 3: 1, 1: 2}), side({6: 5, 8: 3, 13: 5, 12: 2})),  # home, gaps above
        Position(side({7: 1, 3: 2, 2: 3}), side({6: 5, 8: 3, 13: 5, 24: 2})),  # one checker on the 7
        Position(side({25: 1, 13: 5, 6: 5}), side({3: 1, 4: 2, 6: 5, 8: 3, 13: 3})),  # bar, a blot on my 22
        Position(side({24: 2, 13: 5, 8: 3, 6: 5}), side({2: 1, 5: 1, 6: 4, 8: 3, 13: 4, 24: 2})),  # blots
    ],
    ids=["bearing off", "not all home", "entering", "blots"],
)
def test_board_move_agrees_with_single_moves_from_every_point_to_every_point(position: Position) -> None:
    """Hand-made boards for the corners of bearing off, entering and hitting, every src/dst/die."""
    for die in range(1, 7):
        listed = {(m.src, m.dst): m for m in single_moves(position, die)}
        for src in range(1, 27):
            for dst in range(0, 25):
                assert board_move(position, src, dst, die) == listed.get((src, dst)), (src, dst, die)


DOUBLES_BOARDS = [
    # checkers on the bar (one to four), entry points open, blotted or closed
    Position(side({25: 1, 13: 2, 6: 2}), side({3: 1, 5: 2, 6: 3, 13: 2})),
    Position(side({25: 2, 8: 2, 6: 3}), side({2: 1, 4: 2, 6: 2, 12: 3})),
    Position(side({25: 3, 24: 1, 6: 2}), side({2: 2, 3: 2, 5: 1, 8: 3})),
    Position(side({25: 4, 13: 1}), side({2: 2, 4: 1, 6: 2, 9: 3})),
    # bearing off: gaps above, one checker outside, the highest point empty
    Position(side({6: 1, 4: 2, 3: 1, 1: 3}), side({6: 3, 8: 2, 13: 2})),
    Position(side({5: 2, 2: 1}), side({6: 3, 8: 2, 13: 2})),
    Position(side({8: 1, 5: 2, 3: 1}), side({6: 3, 12: 2, 13: 2})),
    Position(side({3: 2, 2: 1, 1: 1}), side({1: 2, 19: 1, 13: 2})),
]


@pytest.mark.parametrize("index", range(len(DOUBLES_BOARDS)))
def test_doubles_from_the_bar_and_bearing_off_equal_the_reference(index: int) -> None:
    """Every double on boards with checkers on the bar or bearing off, against the slow reference
    (small boards, so the reference is quick): the same results, each once, each play consistent."""
    pos = DOUBLES_BOARDS[index]
    for d in range(1, 7):
        plays = legal_plays(pos, (d, d))
        results = [p.position for p in plays]
        assert len(set(results)) == len(results)
        assert set(results) == reference_plays(pos, (d, d)), (pos.position_id(), d)
        for play in plays:
            after = pos
            for move in play.moves:
                after = apply_move(after, move)
            assert after == play.position


def test_no_dice_left_means_none_playable() -> None:
    assert max_dice_playable(Position.start(), ()) == 0
    assert max_dice_playable(Position.start(), (6, 6, 6, 6)) == 4


def test_typed_journeys_are_played_highest_first_each_to_its_end() -> None:
    """The order the moves come back in is the order they are animated: the highest journey first,
    each checker to the end of its journey before the next one starts, whatever order they were typed in."""
    assert parse_play("13/11 24/18", Position.start(), (6, 2)) == (Move(24, 18, 6), Move(13, 11, 2))
    assert parse_play("13/5 24/16", Position.start(), (4, 4)) == (
        Move(24, 20, 4),
        Move(20, 16, 4),
        Move(13, 9, 4),
        Move(9, 5, 4),
    )


def test_a_finished_game_keeps_its_cube() -> None:
    state = GameState(phase=Phase.ROLL, position=Position(side({1: 1}), side({6: 15})), cube=Cube(2, 0))
    over = apply(apply(state, Roll((2, 1))), Step(1, 2))
    assert over.phase is Phase.GAME_OVER and over.cube == Cube(2, 0)
    assert over.result is not None and (over.result.cube, over.result.points) == (2, 4)


def test_a_short_play_counts_its_dice_in_words() -> None:
    """One die is "1 die", more are "dice"; the refusal's code and numbers say the same to a screen."""
    double = apply(GameState(phase=Phase.ROLL, position=Position.start()), Roll((1, 1)))
    with pytest.raises(IllegalAction) as raised:
        apply(double, PlayMoves((Move(8, 7, 1), Move(8, 7, 1))))
    assert str(raised.value) == "That play uses 2 dice; you must play 4"
    assert (raised.value.code, raised.value.params) == ("play_length", {"used": 2, "most": 4})
    single = apply(GameState(phase=Phase.ROLL, position=Position.start()), Roll((6, 5)))
    with pytest.raises(IllegalAction) as raised:
        apply(single, PlayMoves((Move(24, 18, 6),)))
    assert str(raised.value) == "That play uses 1 die; you must play 2"
    assert (raised.value.code, raised.value.params) == ("play_length", {"used": 1, "most": 2})


def test_an_error_keeps_its_code_and_params_across_processes() -> None:
    """Errors are pickled on their way out of a worker process; the code and params travel with them."""
    import pickle

    from game.engine.errors import PositionError

    sent = IllegalAction(
        "You have no 3 to play (left: 6 and 2)", code="no_die", params={"die": 3, "left": (6, 2)}
    )
    back = pickle.loads(pickle.dumps(sent))
    assert type(back) is IllegalAction and str(back) == str(sent)
    assert (back.code, back.params) == ("no_die", {"die": 3, "left": (6, 2)})
    other = pickle.loads(pickle.dumps(PositionError("not a Position ID", code="bad_position_id")))
    assert type(other) is PositionError and (other.code, other.params) == ("bad_position_id", {})
