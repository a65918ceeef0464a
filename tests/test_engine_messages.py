"""Every refusal of the engine's readers says exactly what is wrong: the sentences, pinned.

"Bad input gets a clear message" is a project standard. These sentences reach people: a broken
autosave is named in the journal (`serialize`), a pasted GNU Backgammon ID is refused in the bot and
the replay (`matchid`), a typed move is refused in ``game.record`` and the bot (`notation`), a
tap in the wrong phase is explained on the screen (`flow`). Each row is one bad input and the
whole sentence it gets, so that which field is named, which bound is quoted and which value is
shown are all checked; changing a message means changing its row here, on purpose.
"""

from __future__ import annotations

import base64
import copy
from collections.abc import Callable
from typing import Any

import pytest

from game.engine import serialize
from game.engine.cube import Cube
from game.engine.errors import IllegalAction, RulesError
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
    new_game,
)
from game.engine.match import Match
from game.engine.matchid import (
    GS_DROPPED,
    GS_NONE,
    GS_OVER,
    GS_RESIGNED,
    MatchInfo,
    decode_match_id,
    encode_match_id,
    state_from_ids,
)
from game.engine.moves import Move
from game.engine.notation import parse_journeys, parse_play
from game.engine.position import Position
from game.engine.serialize import (
    check_game_in_match,
    match_from_dict,
    match_to_dict,
    state_from_dict,
    state_to_dict,
)
from game.engine.turn import Turn

Case = tuple[str, Callable[[], object], str]


def side(points: dict[int, int]) -> tuple[int, ...]:
    """A side's 25 counts from {own point: count}; point 25 is the bar."""
    counts = [0] * 25
    for point, n in points.items():
        counts[point - 1] = n
    return tuple(counts)


def _refusal(make: Callable[[], object]) -> str:
    try:
        make()
    except RulesError as exc:  # IllegalAction, PositionError and NotationError are RulesErrors
        return str(exc)
    raise AssertionError("not refused")


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


def _saved(state: GameState, **changes: object) -> Callable[[], object]:
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
    ("unknown fields", _saved(ROLLING, zeta=1, alpha=2), "the saved game has unknown fields: alpha, zeta"),
    ("version", _saved(ROLLING, version=2), "the saved game has format version 2; this game reads 1"),
    ("phase", _saved(ROLLING, phase="dancing"), "unknown phase 'dancing'"),
    ("board not text", _saved(ROLLING, position=12), "the board must be a Position ID, not 12"),
    ("player on turn", _saved(ROLLING, turn=2), "the player on turn must be 0 to 1, not 2"),
    (
        "player on turn not a number",
        _saved(ROLLING, turn="1"),
        "the player on turn must be a whole number, not '1'",
    ),
    ("dice out of range", _saved(MOVING, dice=[0, 3]), "the dice must be 1 to 6, not 0"),
    ("dice not a pair", _saved(MOVING, dice=[1, 2, 3]), "the dice must be a pair, not [1, 2, 3]"),
    (
        "moves not a list",
        _saved(MOVING, moves="8/5"),
        "the moves of this turn must be a list of moves, not '8/5'",
    ),
    (
        "five moves",
        _saved(MOVING, moves=[[8, 5, 3, False]] * 5),
        "the moves of this turn has 5 moves; a turn has at most 4",
    ),
    (
        "move not four fields",
        _saved(MOVING, moves=[[8, 5, 3]]),
        "the moves of this turn, move 1 must be [from, to, die, hit], not [8, 5, 3]",
    ),
    (
        "move from",
        _saved(MOVING, moves=[[26, 23, 3, False]]),
        "the moves of this turn, move 1 (from) must be 1 to 25, not 26",
    ),
    (
        "move to",
        _saved(MOVING, moves=[[8, 25, 3, False]]),
        "the moves of this turn, move 1 (to) must be 0 to 24, not 25",
    ),
    (
        "move die",
        _saved(MOVING, moves=[[8, 1, 7, False]]),
        "the moves of this turn, move 1 (die) must be 1 to 6, not 7",
    ),
    (
        "move hit",
        _saved(MOVING, moves=[[8, 5, 3, "no"]]),
        "the moves of this turn, move 1 (hit) must be true or false, not 'no'",
    ),
    (
        "bear off from outside home",
        _saved(MOVING, moves=[[8, 0, 6, False]]),
        "the moves of this turn, move 1: a 6 cannot bear off a checker from point 8",
    ),
    (
        "bear off short of the die",
        _saved(MOVING, moves=[[5, 0, 4, False]]),
        "the moves of this turn, move 1: a 4 cannot bear off a checker from point 5",
    ),
    (
        "move not its die",
        _saved(MOVING, moves=[[8, 4, 3, False]]),
        "the moves of this turn, move 1: 8/4 is not a move of 3",
    ),
    (
        "bear-off hit",
        _saved(MOVING, moves=[[3, 0, 3, True]]),
        "the moves of this turn, move 1: bearing off cannot hit",
    ),
    (
        "second move named",
        _saved(MOVING, moves=[[8, 5, 3, False], [6, 1, 6, False]]),
        "the moves of this turn, move 2: 6/1 is not a move of 6",
    ),
    ("cube not an object", _saved(ROLLING, cube=2), "the cube must be an object, not int"),
    (
        "cube value",
        _saved(ROLLING, cube={"value": 128, "owner": 0}),
        "the cube value must be 1 to 64, not 128",
    ),
    (
        "cube value not a face",
        _saved(ROLLING, cube={"value": 3, "owner": 0}),
        "the cube shows 1, 2, 4, 8, 16, 32 or 64, not 3",
    ),
    ("cube owner", _saved(ROLLING, cube={"value": 2, "owner": 2}), "the cube owner must be 0 to 1, not 2"),
    ("rules not an object", _saved(ROLLING, rules=None), "the rules must be an object, not NoneType"),
    (
        "match length",
        _saved(ROLLING, rules={"match_length": 0x8000, "jacoby": False}),
        "the match length must be 0 to 32767, not 32768",
    ),
    (
        "match length not a number",
        _saved(ROLLING, rules={"match_length": "7", "jacoby": False}),
        "the match length must be a whole number, not '7'",
    ),
    (
        "jacoby",
        _saved(ROLLING, rules={"match_length": 0, "jacoby": 1}),
        "the Jacoby option must be true or false, not 1",
    ),
    ("score below 0", _saved(ROLLING, score=[0, -1]), "the score must be 0 or more, not -1"),
    ("score reached", _saved(OPENING, score=[2, 5]), "a game cannot be played at 2-5 in a 5-point match"),
    ("opening roll out of range", _saved(OPENING, opening=[7, 7]), "the opening roll must be 1 to 6, not 7"),
    (
        "opening roll not a tie",
        _saved(OPENING, opening=[3, 1]),
        "an opening roll that was not a tie would have started the game",
    ),
    (
        "last play",
        _saved(ROLLING, last_play=[[8, 5, 3, False]] * 5),
        "the last play has 5 moves; a turn has at most 4",
    ),
    ("last player", _saved(ROLLING, last_player=2), "the last player must be 0 to 1, not 2"),
    (
        "last play without a player",
        _saved(ROLLING, last_play=[[8, 5, 3, False]], last_player=None),
        "the last play has no player",
    ),
    ("dice while rolling", _saved(ROLLING, dice=[3, 1]), "no dice are showing in the roll phase"),
    ("moves while rolling", _saved(ROLLING, moves=[[8, 5, 3, False]]), "no moves are made in the roll phase"),
    (
        "moves while offered",
        _saved(OFFERED, moves=[[8, 5, 3, False]]),
        "no moves are made in the cube_offered phase",
    ),
    ("result while playing", _saved(ROLLING, result={}), "a game still being played has no result"),
    (
        "all borne off while playing",
        _saved(ROLLING, position=ALL_OFF.position_id()),
        "a player has borne off all 15 checkers, so the game is over",
    ),
    (
        "my 15 off while playing",
        _saved(ROLLING, position=ALL_OFF.flip().position_id()),
        "a player has borne off all 15 checkers, so the game is over",
    ),
    (
        "opening board",
        _saved(OPENING, position=LAST_CHECKERS.position_id()),
        "before the opening roll the board must be in the starting position",
    ),
    (
        "opening after a play",
        _saved(OPENING, last_play=[[8, 5, 3, False]], last_player=0),
        "before the opening roll nothing has happened yet",
    ),
    (
        "opening with the cube turned",
        _saved(OPENING, cube={"value": 2, "owner": 0}),
        "before the opening roll nothing has happened yet",
    ),
    ("opening player 1", _saved(OPENING, turn=1), "before the opening roll nothing has happened yet"),
    (
        "opening last player",
        _saved(OPENING, last_player=1),
        "before the opening roll nothing has happened yet",
    ),
    (
        "crawford double",
        _saved(OFFERED, crawford=True, rules={"match_length": 5, "jacoby": False}, score=[4, 0]),
        "nobody may double in the Crawford game, so the cube must be on 1",
    ),
    (
        "redouble by the taker",
        _saved(OFFERED, cube={"value": 2, "owner": 1}),
        "this double could not have been offered: only the owner may redouble, up to 64",
    ),
    (
        "double past 64",
        _saved(OFFERED, cube={"value": 64, "owner": 0}),
        "this double could not have been offered: only the owner may redouble, up to 64",
    ),
    ("moving without dice", _saved(MOVING, dice=None), "a turn being moved needs its dice"),
    (
        "moves off the board",
        _saved(MOVING, moves=[[13, 10, 3, False]]),
        "the moves of this turn do not fit the board: the move 13/10 does not fit this position",
    ),
    (
        "a hit that did not happen",
        _saved(MOVING, moves=[[8, 5, 3, True]]),
        "the moves of this turn do not fit the board: the hit in 8/5* does not fit this position",
    ),
    (
        "illegal moves",
        _saved(MOVING, dice=[5, 5]),
        "the moves of this turn are not legal: You have no 3 to play (left: 5)",
    ),
    ("result not an object", _saved(WON, result=[0]), "the result must be an object, not list"),
    ("result winner", _saved(WON, result__winner=2), "the winner must be 0 to 1, not 2"),
    (
        "result kind",
        _saved(WON, result__kind="triple"),
        "a win is single, gammon or backgammon, not 'triple'",
    ),
    ("result kind not text", _saved(WON, result__kind=2), "a win is single, gammon or backgammon, not 2"),
    ("result cube", _saved(WON, result__cube=0), "the result's cube must be 1 to 64, not 0"),
    ("result points", _saved(WON, result__points=0), "the points won must be 1 or more, not 0"),
    ("result passed flag", _saved(WON, result__passed=0), "the passed flag must be true or false, not 0"),
    ("result shown from the loser", _saved(WON, turn=1), "a finished game is shown from the winner's side"),
    (
        "result cube differs",
        _saved(PASSED, result__cube=2, result__points=2),
        "the result says the cube was 2, the game says 1",
    ),
    (
        "result points above the cube",
        _saved(PASSED, result__points=2, result__cube=1, cube={"value": 1, "owner": None}),
        "a single on a cube of 1 scores at most 1 points, not 2",
    ),
    (
        "result points below the stake",
        _saved(WON, cube={"value": 2, "owner": 1}, result__cube=2, result__points=1),
        "this game is worth 2 points, not 1",
    ),
    (
        "passed with all off",
        _saved(WON, result__passed=True),
        "a game that ended by a pass cannot have all 15 checkers off",
    ),
    (
        "won without all off",
        _saved(PASSED, result__passed=False),
        "the winner must have borne off all 15 checkers",
    ),
    (
        "won kind differs",
        _saved(WON, result__kind="gammon", result__points=2),
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
    ("moving", "play"): "That play uses 1 dice; you must play 2",
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
