"""GNU Backgammon Match IDs: the 12-character companion of the Position ID.

A Match ID packs the cube, the score, the match length, whose turn it is and the
dice into 9 bytes (bits numbered from the least significant bit of the first
byte), written in base64 without padding, as in gnubg's ``positionid.c``:

=========  ======  ===============================================================
bits       width   meaning
=========  ======  ===============================================================
0-3        4       log2 of the cube value
4-5        2       cube owner: 0, 1, or 3 for centred
6          1       the player on roll, or who rolled (gnubg's ``fMove``)
7          1       Crawford game
8-10       3       game state: 0 none, 1 playing, 2 over, 3 resigned, 4 dropped cube
11         1       the player who must act now (``fTurn``; the taker while a double is offered)
12         1       a double is being offered
13-14      2       resignation offered (this game has none: always 0)
15-17      3       first die (the higher), 0 when not rolled
18-20      3       second die
21-35      15      match length (0 for money play)
36-50      15      player 0's score
51-65      15      player 1's score
66         1       1 when the Jacoby rule is OFF (newer gnubg; older ones always leave it 0)
=========  ======  ===============================================================

Players 0 and 1 are this game's players 0 and 1. The Position ID that goes with a
Match ID is seen from the player in bit 6, which is ``GameState.turn`` here.
:class:`MatchInfo` keeps every bit as read. From a game state, a match writes bit
66 as gnubg does with its default settings (0): the Jacoby rule has no effect in
a match, and a state read back from a match ID has it off.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from .cube import Cube
from .errors import PositionError, RulesError
from .flow import GameState, Phase, Rules
from .position import Position

GS_NONE = 0
GS_PLAYING = 1
GS_OVER = 2
GS_RESIGNED = 3
GS_DROPPED = 4
_MAX_FIELD = 0x7FFF


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """Everything a Match ID says, field by field (see the module docstring)."""

    cube: int = 1
    cube_owner: int | None = None
    player: int = 0
    crawford: bool = False
    game_state: int = GS_PLAYING
    turn: int = 0
    doubled: bool = False
    resigned: int = 0
    dice: tuple[int, int] | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False


def _bits_to_id(bits: list[int]) -> str:
    key = bytes(sum(bits[8 * b + k] << k for k in range(8)) for b in range(9))
    return base64.b64encode(key).decode("ascii")


def _put(bits: list[int], start: int, width: int, value: int) -> None:
    for k in range(width):
        bits[start + k] = (value >> k) & 1


def _get(bits: list[int], start: int, width: int) -> int:
    return sum(bits[start + k] << k for k in range(width))


def encode_match_id(info: MatchInfo) -> str:
    """The 12-character Match ID of ``info``; raises :class:`RulesError` for values it cannot hold."""
    cube = info.cube
    if not isinstance(cube, int) or cube < 1 or cube & (cube - 1) or cube > 2**15:
        raise RulesError(f"a cube value is a power of two, not {info.cube!r}", code="bad_match_id")
    for name, value in (("match length", info.match_length), *(("score", s) for s in info.score)):
        if not isinstance(value, int) or not 0 <= value <= _MAX_FIELD:
            raise RulesError(
                f"a Match ID holds a {name} of 0 to {_MAX_FIELD}, not {value!r}", code="bad_match_id"
            )
    bits = [0] * 72
    _put(bits, 0, 4, info.cube.bit_length() - 1)
    _put(bits, 4, 2, 3 if info.cube_owner is None else info.cube_owner)
    _put(bits, 6, 1, info.player)
    _put(bits, 7, 1, int(info.crawford))
    _put(bits, 8, 3, info.game_state)
    _put(bits, 11, 1, info.turn)
    _put(bits, 12, 1, int(info.doubled))
    _put(bits, 13, 2, info.resigned)
    if info.dice is not None:
        high, low = max(info.dice), min(info.dice)
        _put(bits, 15, 3, high)
        _put(bits, 18, 3, low)
    _put(bits, 21, 15, info.match_length)
    _put(bits, 36, 15, info.score[0])
    _put(bits, 51, 15, info.score[1])
    _put(bits, 66, 1, int(not info.jacoby))
    return _bits_to_id(bits)


def decode_match_id(match_id: str) -> MatchInfo:
    """Read a Match ID; anything malformed or impossible raises :class:`PositionError` with the reason."""
    if not isinstance(match_id, str):
        raise PositionError("a Match ID must be a string of 12 characters", code="bad_match_id")
    text = match_id.strip()
    if len(text) != 12:
        raise PositionError(f"a Match ID has 12 characters, not {len(text)}: {text!r}", code="bad_match_id")
    try:
        key = base64.b64decode(text, validate=True)
    except ValueError as exc:
        raise PositionError(f"not a Match ID (bad characters): {text!r}", code="bad_match_id") from exc
    bits = [(key[b] >> k) & 1 for b in range(9) for k in range(8)]
    owner_bits = _get(bits, 4, 2)
    if owner_bits == 2:
        raise PositionError(f"not a valid Match ID (cube owner 2): {text!r}", code="bad_match_id")
    game_state = _get(bits, 8, 3)
    if game_state > GS_DROPPED:
        raise PositionError(f"not a valid Match ID (game state {game_state}): {text!r}", code="bad_match_id")
    d1, d2 = _get(bits, 15, 3), _get(bits, 18, 3)
    if d1 > 6 or d2 > 6 or (d1 == 0) != (d2 == 0):
        raise PositionError(f"not a valid Match ID (dice {d1} and {d2}): {text!r}", code="bad_match_id")
    length = _get(bits, 21, 15)
    score = (_get(bits, 36, 15), _get(bits, 51, 15))
    crawford = bool(bits[7])
    if length and max(score) > length:
        raise PositionError(
            f"not a valid Match ID (score {score[0]}-{score[1]} in a {length}-point match)",
            code="bad_match_id",
        )
    if not length and crawford:
        raise PositionError("not a valid Match ID (a Crawford game in money play)", code="bad_match_id")
    if any(bits[67:]):
        raise PositionError(f"not a valid Match ID (trailing bits): {text!r}", code="bad_match_id")
    return MatchInfo(
        cube=1 << _get(bits, 0, 4),
        cube_owner=None if owner_bits == 3 else owner_bits,
        player=bits[6],
        crawford=crawford,
        game_state=game_state,
        turn=bits[11],
        doubled=bool(bits[12]),
        resigned=_get(bits, 13, 2),
        dice=(d1, d2) if d1 else None,
        match_length=length,
        score=score,
        jacoby=not bits[66],
    )


def match_info(state: GameState) -> MatchInfo:
    """What gnubg would record for ``state``."""
    phase = state.phase
    game_state = GS_PLAYING
    if phase is Phase.GAME_OVER:
        game_state = GS_DROPPED if state.result is not None and state.result.passed else GS_OVER
    elif phase is Phase.OPENING:
        game_state = GS_NONE if state.opening is None else GS_PLAYING
    offered = phase is Phase.CUBE_OFFERED
    return MatchInfo(
        cube=state.cube.value,
        cube_owner=state.cube.owner,
        player=state.turn,
        crawford=state.crawford,
        game_state=game_state,
        turn=1 - state.turn if offered else state.turn,
        doubled=offered,
        # gnubg keeps the higher die first
        dice=(max(state.dice), min(state.dice)) if phase is Phase.MOVING and state.dice else None,
        match_length=state.rules.match_length,
        score=state.score,
        # In a match the rule has no effect; gnubg's default setting (on) writes bit 66 as 0.
        jacoby=state.rules.jacoby or state.rules.is_match,
    )


def match_id(state: GameState) -> str:
    """The GNU Backgammon Match ID of ``state`` (pair it with ``state.position.position_id()``)."""
    return encode_match_id(match_info(state))


def gnubg_id(state: GameState) -> str:
    """``PositionID:MatchID``, the combined "GNUBG ID" that gnubg accepts in one paste."""
    return f"{state.position.position_id()}:{match_id(state)}"


def state_from_ids(position_id: str, match_id_text: str) -> GameState:
    """A game state from a Position ID and a Match ID (a turn being moved starts with no moves made).

    A finished or resigned game cannot be restored (the IDs do not say who won how),
    nor a cube above 64; both raise :class:`PositionError`.
    """
    position = Position.from_id(position_id)
    info = decode_match_id(match_id_text)
    if info.game_state in (GS_OVER, GS_RESIGNED, GS_DROPPED) or info.resigned:
        raise PositionError(
            "a finished or resigned game cannot be restored from its IDs", code="bad_match_id"
        )
    if info.cube > 64:
        raise PositionError(f"this game's cube stops at 64, not {info.cube}", code="bad_match_id")
    try:
        cube = Cube(info.cube, info.cube_owner)
        rules = Rules(match_length=info.match_length, jacoby=info.jacoby and not info.match_length)
    except RulesError as exc:
        raise PositionError(f"not a valid Match ID: {exc}", code="bad_match_id") from exc
    if info.match_length and max(info.score) >= info.match_length:
        raise PositionError("the match in this Match ID is already over", code="bad_match_id")
    if position.my_off == 15 or position.opp_off == 15:
        raise PositionError("this position is already won: the game is over", code="bad_match_id")
    if info.crawford and (info.cube > 1 or info.doubled):
        raise PositionError("nobody may double in the Crawford game", code="bad_match_id")

    def make(phase: Phase, dice: tuple[int, int] | None = None) -> GameState:
        return GameState(
            phase=phase,
            position=position,
            turn=info.player,
            dice=dice,
            cube=cube,
            crawford=info.crawford,
            rules=rules,
            score=info.score,
        )

    if info.game_state == GS_NONE:
        if position != Position.start():
            raise PositionError(
                "a game that has not started must show the starting position", code="bad_match_id"
            )
        return make(Phase.OPENING)
    if info.doubled:
        if info.turn == info.player:
            raise PositionError(
                "a double is offered to the other player, not to the one who doubled", code="bad_match_id"
            )
        if info.dice is not None:
            raise PositionError(
                "a double is offered before rolling, so no dice may be showing", code="bad_match_id"
            )
        return make(Phase.CUBE_OFFERED)
    if info.turn != info.player:
        raise PositionError(
            "the player to act must be the player on roll when no double is offered", code="bad_match_id"
        )
    if info.dice is not None:
        return make(Phase.MOVING, info.dice)
    return make(Phase.ROLL)
