"""GNU Backgammon Match IDs: known IDs from gnubg's documentation and other tools, round trips, refusals."""

from __future__ import annotations

import base64
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.cube import Cube
from game.engine.errors import PositionError
from game.engine.flow import (
    Double,
    EndTurn,
    GameState,
    OpeningRoll,
    Pass,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    apply,
    new_game,
)
from game.engine.matchid import (
    GS_DROPPED,
    GS_NONE,
    GS_OVER,
    GS_PLAYING,
    MatchInfo,
    decode_match_id,
    encode_match_id,
    gnubg_id,
    match_id,
    match_info,
    state_from_ids,
)
from game.engine.moves import legal_plays
from game.engine.position import Position

KNOWN = [
    # gnubg manual's worked example: 9-point match, score 2-4, player 0 holds a 2-cube, player 1 rolled 52
    (
        "QYkqASAAIAAA",
        MatchInfo(
            cube=2, cube_owner=0, player=1, turn=1, dice=(5, 2), match_length=9, score=(2, 4), jacoby=True
        ),
    ),
    # a money game as gnubg shows it at the start, player 1 on roll, Jacoby on (gnubg's default)
    ("cAkAAAAAAAAA", MatchInfo(player=1, turn=1, jacoby=True)),
    # a 9-point match, player 1 to play 51 (quoted on the bug-gnubg list with Position ID g9vBASSYZ8wBBg)
    ("cIkmAQAAAAAA", MatchInfo(player=1, turn=1, dice=(5, 1), match_length=9, jacoby=True)),
    # no game started yet, money, Jacoby on
    ("MAAAAAAAAAAA", MatchInfo(game_state=GS_NONE, jacoby=True)),
]


@pytest.mark.parametrize(("text", "info"), KNOWN)
def test_known_ids(text: str, info: MatchInfo) -> None:
    assert decode_match_id(text) == info
    assert encode_match_id(info) == text


def test_state_ids() -> None:
    start = new_game()
    # money play with Jacoby off (this game's default) sets bit 66: the last character changes
    assert match_id(start) == "MAAAAAAAAAAE"
    assert match_id(new_game(Rules(jacoby=True))) == "MAAAAAAAAAAA"
    moving = apply(start, OpeningRoll(2, 5))  # player 1 plays 52
    info = match_info(moving)
    assert (info.player, info.turn, info.dice, info.game_state) == (1, 1, (5, 2), GS_PLAYING)
    assert gnubg_id(moving) == "4HPwATDgc/ABMA:" + match_id(moving)


def test_match_state_ids_follow_the_manual_example() -> None:
    state = GameState(
        phase=Phase.MOVING,
        position=Position.start(),
        turn=1,
        dice=(5, 2),
        cube=Cube(2, 0),
        rules=Rules(match_length=9),
        score=(2, 4),
    )
    assert match_id(state) == "QYkqASAAIAAA"


def test_cube_offer_and_end_of_game() -> None:
    state = GameState(phase=Phase.ROLL, position=Position.start(), turn=0)
    offered = apply(state, Double())
    info = match_info(offered)
    assert info.doubled and info.player == 0 and info.turn == 1 and info.dice is None
    passed = apply(offered, Pass())
    assert match_info(passed).game_state == GS_DROPPED
    rng = random.Random(3)
    game = apply(new_game(), OpeningRoll(6, 1))
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.ROLL:
            game = apply(game, Roll((rng.randint(1, 6), rng.randint(1, 6))))
        plays = legal_plays(game.position, game.dice or (1, 1))
        game = apply(game, PlayMoves(rng.choice(plays).moves if plays else ()))
        if game.phase is Phase.MOVING:
            game = apply(game, EndTurn())
    assert match_info(game).game_state == GS_OVER


@given(
    cube_log=st.integers(0, 15),
    owner=st.sampled_from([None, 0, 1]),
    player=st.integers(0, 1),
    crawford=st.booleans(),
    game_state=st.integers(0, 4),
    turn=st.integers(0, 1),
    doubled=st.booleans(),
    resigned=st.integers(0, 3),
    dice=st.one_of(st.none(), st.tuples(st.integers(1, 6), st.integers(1, 6))),
    length=st.integers(0, 0x7FFF),
    scores=st.tuples(st.integers(0, 0x7FFF), st.integers(0, 0x7FFF)),
    jacoby=st.booleans(),
)
def test_round_trip(
    cube_log: int,
    owner: int | None,
    player: int,
    crawford: bool,
    game_state: int,
    turn: int,
    doubled: bool,
    resigned: int,
    dice: tuple[int, int] | None,
    length: int,
    scores: tuple[int, int],
    jacoby: bool,
) -> None:
    if length:
        scores = (scores[0] % (length + 1), scores[1] % (length + 1))
    else:
        crawford = False
    if dice is not None:
        dice = (max(dice), min(dice))  # the ID keeps the higher die first
    info = MatchInfo(
        cube=1 << cube_log,
        cube_owner=owner,
        player=player,
        crawford=crawford,
        game_state=game_state,
        turn=turn,
        doubled=doubled,
        resigned=resigned,
        dice=dice,
        match_length=length,
        score=scores,
        jacoby=jacoby,
    )
    text = encode_match_id(info)
    assert len(text) == 12
    assert decode_match_id(text) == info


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "cAkAAAAAAAA",  # 11 characters
        "cAkAAAAAAAAAA",
        "cAkAAAAA!AAA",
        "YAkAAAAAAAAA",  # cube owner 2 (bits 4-5 = 01 read low bit first)
        "cA8AAAAAAAAA",  # game state 7 (bits 8-10 all set)
        "cAkAAAAAAAAI",  # bit 67 set: past the last field
        12,
        None,
    ],
)
def test_bad_ids_refused(bad: object) -> None:
    with pytest.raises(PositionError):
        decode_match_id(bad)  # type: ignore[arg-type]


def _set_bits(text: str, changes: dict[int, int]) -> str:
    """The Match ID ``text`` with some key bits (numbered from 0, low bit of byte 0 first) changed."""
    raw = bytearray(base64.b64decode(text))
    for index, value in changes.items():
        byte, bit = divmod(index, 8)
        raw[byte] = (raw[byte] & ~(1 << bit) & 0xFF) | (value << bit)
    return base64.b64encode(bytes(raw)).decode()


def test_impossible_dice_and_scores_refused() -> None:
    good = MatchInfo(match_length=5, score=(3, 4))
    assert decode_match_id(encode_match_id(good)) == good
    with pytest.raises(PositionError, match="score"):
        decode_match_id(encode_match_id(MatchInfo(match_length=5, score=(6, 0))))
    with pytest.raises(PositionError, match="Crawford"):
        decode_match_id(encode_match_id(MatchInfo(crawford=True)))
    threes = encode_match_id(MatchInfo(dice=(3, 3)))
    with pytest.raises(PositionError, match="dice"):
        decode_match_id(_set_bits(threes, {18: 0, 19: 0, 20: 0}))  # one die showing, the other 0
    with pytest.raises(PositionError, match="dice"):
        decode_match_id(_set_bits(threes, {15: 1, 16: 1, 17: 1}))  # a die showing 7
    assert _set_bits("cAkAAAAAAAAA", {67: 1}) == "cAkAAAAAAAAI"
    assert _set_bits("cAkAAAAAAAAA", {4: 0, 5: 1}) == "YAkAAAAAAAAA"


@pytest.mark.parametrize(
    "state",
    [
        new_game(),
        new_game(Rules(match_length=7), (3, 6), crawford=True),
        GameState(phase=Phase.ROLL, position=Position.start().flip(), turn=1, cube=Cube(4, 1)),
        GameState(phase=Phase.CUBE_OFFERED, position=Position.start(), turn=0, cube=Cube(2, 0)),
        GameState(
            phase=Phase.MOVING, position=Position.start(), turn=1, dice=(6, 6), rules=Rules(5), score=(2, 1)
        ),
        GameState(phase=Phase.ROLL, position=Position.start(), turn=0, rules=Rules(jacoby=True)),
    ],
)
def test_state_round_trip_through_ids(state: GameState) -> None:
    back = state_from_ids(state.position.position_id(), match_id(state))
    assert back == state


def test_state_from_ids_refuses_inconsistent_pairs() -> None:
    start = Position.start().position_id()
    with pytest.raises(PositionError, match="finished"):
        state_from_ids(start, encode_match_id(MatchInfo(game_state=GS_OVER)))
    with pytest.raises(PositionError, match="other player"):
        state_from_ids(start, encode_match_id(MatchInfo(doubled=True, player=0, turn=0)))
    with pytest.raises(PositionError, match="64"):
        state_from_ids(start, encode_match_id(MatchInfo(cube=128, cube_owner=0)))
    with pytest.raises(PositionError):
        state_from_ids(start, encode_match_id(MatchInfo(cube=2)))  # a doubled cube nobody owns
    with pytest.raises(PositionError, match="over"):
        state_from_ids(start, encode_match_id(MatchInfo(match_length=3, score=(3, 0))))
    with pytest.raises(PositionError, match="Crawford"):
        state_from_ids(
            start,
            encode_match_id(MatchInfo(match_length=3, score=(2, 0), crawford=True, cube=2, cube_owner=1)),
        )
    with pytest.raises(PositionError):
        state_from_ids("bad", encode_match_id(MatchInfo()))
