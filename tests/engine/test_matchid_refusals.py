"""A pasted GNU Backgammon Match ID that cannot be read says why, word for word
(``game.engine.matchid``). Found by mutation testing."""

import base64
from collections.abc import Callable
from typing import Any

import pytest

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
from game.engine.position import Position
from tests.helpers.engine_states import (
    LAST_CHECKERS,
    Case,
    refusal,
    side,
)

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
        "crawford in money play",
        lambda: decode_match_id(encode_match_id(MatchInfo(crawford=True))),
        "not a valid Match ID (a Crawford game in money play)",
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
    assert refusal(make) == message, what
