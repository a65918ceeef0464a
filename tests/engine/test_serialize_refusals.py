"""A broken save or saved match names what is wrong, word for word (``game.engine.serialize``):
the autosave's reader reaches people through the journal. Found by mutation testing."""

import copy
from collections.abc import Callable
from typing import Any

import pytest

from game.engine import serialize
from game.engine.flow import (
    GameState,
    Rules,
    new_game,
)
from game.engine.match import Match
from game.engine.position import Position
from game.engine.serialize import (
    check_game_in_match,
    match_from_dict,
    match_to_dict,
    state_from_dict,
    state_to_dict,
)
from tests.helpers.engine_states import (
    LAST_CHECKERS,
    MOVING,
    OFFERED,
    OPENING,
    PASSED,
    ROLLING,
    WON,
    Case,
    refusal,
    side,
)


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
    assert refusal(make) == message, what


@pytest.mark.parametrize(("what", "make", "message"), MATCH_REFUSALS, ids=[c[0] for c in MATCH_REFUSALS])
def test_a_broken_saved_match_names_what_is_wrong(
    what: str, make: Callable[[], object], message: str
) -> None:
    assert refusal(make) == message, what


@pytest.mark.parametrize(
    ("what", "make", "message"), IN_MATCH_REFUSALS, ids=[c[0] for c in IN_MATCH_REFUSALS]
)
def test_a_game_that_does_not_belong_to_its_match_says_why(
    what: str, make: Callable[[], object], message: str
) -> None:
    assert refusal(make) == message, what


def test_no_other_exception_escapes_a_save_or_match_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slip inside a reader (a KeyError, say) still comes out as the one error type callers catch."""

    def broken(*args: object) -> object:
        raise KeyError("phase")

    monkeypatch.setattr(serialize, "_state_from_dict", broken)
    assert refusal(lambda: state_from_dict({})) == "the saved game cannot be read: 'phase'"
    monkeypatch.setattr(serialize, "_mapping", broken)
    assert refusal(lambda: match_from_dict({})) == "the saved match cannot be read: 'phase'"
