"""Game states and matches to and from plain JSON-able dicts (the autosave format).

Reading is strict: a saved file may be truncated, edited by hand or written by an
older version, and restoring it must never produce an impossible game. Every
field is type-checked, the board is decoded through the Position ID validator,
the moves of a turn in progress are replayed through the rules, and a finished
game's result is recomputed from its final position. Anything wrong raises
:class:`~game.engine.errors.PositionError` (the board) or
:class:`~game.engine.errors.RulesError` (everything else) with the reason; no
other exception type escapes. Never ``pickle``: these files are data, not code.

Format (version 1)::

    {"version": 1, "phase": "moving", "position": "4HPwATDgc/ABMA", "turn": 0,
     "dice": [3, 1], "moves": [[8, 5, 3, false]], "cube": {"value": 1, "owner": null},
     "crawford": false, "rules": {"match_length": 0, "jacoby": false}, "score": [0, 0],
     "opening": [3, 1], "result": null, "last_play": [], "last_player": null}

``position`` is the board seen from ``turn`` (in MOVING, after ``moves``). A move
is ``[src, dst, die, hit]`` in the mover's point numbers (bar 25, off 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cube import Cube
from .errors import IllegalAction, PositionError, RulesError
from .flow import GameState, Phase, Rules, unapply_move
from .match import Match
from .moves import BAR_POINT, OFF, Move
from .position import CHECKERS, Position
from .scoring import GameResult, WinKind, game_points, win_kind
from .turn import Turn

VERSION = 1

_STATE_KEYS = frozenset(
    {
        "version",
        "phase",
        "position",
        "turn",
        "dice",
        "moves",
        "cube",
        "crawford",
        "rules",
        "score",
        "opening",
        "result",
        "last_play",
        "last_player",
    }
)
_MATCH_KEYS = frozenset({"version", "rules", "score", "games", "crawford_used"})


# ---------------------------------------------------------------------------------------------
# Writing


def _move_list(moves: tuple[Move, ...]) -> list[list[int | bool]]:
    return [[m.src, m.dst, m.die, bool(m.hit)] for m in moves]


def _rules_dict(rules: Rules) -> dict[str, Any]:
    return {"match_length": rules.match_length, "jacoby": rules.jacoby}


def state_to_dict(state: GameState) -> dict[str, Any]:
    """A JSON-able dict of ``state`` (plain ints, strs, bools, lists, None)."""
    result = state.result
    return {
        "version": VERSION,
        "phase": state.phase.value,
        "position": state.position.position_id(),
        "turn": state.turn,
        "dice": list(state.dice) if state.dice is not None else None,
        "moves": _move_list(state.moves),
        "cube": {"value": state.cube.value, "owner": state.cube.owner},
        "crawford": state.crawford,
        "rules": _rules_dict(state.rules),
        "score": list(state.score),
        "opening": list(state.opening) if state.opening is not None else None,
        "result": None
        if result is None
        else {
            "winner": result.winner,
            "kind": result.kind.name.lower(),
            "cube": result.cube,
            "points": result.points,
            "passed": result.passed,
        },
        "last_play": _move_list(state.last_play),
        "last_player": state.last_player,
    }


def match_to_dict(match: Match) -> dict[str, Any]:
    """A JSON-able dict of ``match``."""
    return {
        "version": VERSION,
        "rules": _rules_dict(match.rules),
        "score": list(match.score),
        "games": match.games,
        "crawford_used": match.crawford_used,
    }


# ---------------------------------------------------------------------------------------------
# Reading: small strict readers


def _mapping(value: object, what: str, keys: frozenset[str] | None = None) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RulesError(f"{what} must be an object, not {type(value).__name__}", code="bad_save")
    if keys is not None:
        missing = keys - set(value)
        if missing:
            raise RulesError(f"{what} is missing {', '.join(sorted(missing))}", code="bad_save")
        extra = set(value) - keys
        if extra:
            raise RulesError(
                f"{what} has unknown fields: {', '.join(sorted(map(str, extra)))}", code="bad_save"
            )
    return value


def _int(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError(f"{what} must be a whole number, not {value!r}", code="bad_save")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"{low} or more"
        raise RulesError(f"{what} must be {span}, not {value}", code="bad_save")
    return value


def _bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise RulesError(f"{what} must be true or false, not {value!r}", code="bad_save")
    return value


def _player(value: object, what: str) -> int:
    return _int(value, what, 0, 1)


def _pair(value: object, what: str, low: int, high: int | None) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise RulesError(f"{what} must be a pair, not {value!r}", code="bad_save")
    return _int(value[0], what, low, high), _int(value[1], what, low, high)


def _dice(value: object, what: str) -> tuple[int, int] | None:
    if value is None:
        return None
    return _pair(value, what, 1, 6)


def _moves(value: object, what: str) -> tuple[Move, ...]:
    if not isinstance(value, list | tuple):
        raise RulesError(f"{what} must be a list of moves, not {value!r}", code="bad_save")
    if len(value) > 4:
        raise RulesError(f"{what}: {len(value)} given; a turn has at most 4 moves", code="bad_save")
    out: list[Move] = []
    for n, raw in enumerate(value, 1):
        label = f"{what}, move {n}"
        if not isinstance(raw, list | tuple) or len(raw) != 4:
            raise RulesError(f"{label} must be [from, to, die, hit], not {raw!r}", code="bad_save")
        src = _int(raw[0], f"{label} (from)", 1, BAR_POINT)
        dst = _int(raw[1], f"{label} (to)", OFF, 24)
        die = _int(raw[2], f"{label} (die)", 1, 6)
        hit = _bool(raw[3], f"{label} (hit)")
        if dst == OFF:
            if src > 6 or src > die:
                raise RulesError(
                    f"{label}: a {die} cannot bear off a checker from point {src}", code="bad_save"
                )
        elif src - dst != die:
            raise RulesError(f"{label}: {src}/{dst} is not a move of {die}", code="bad_save")
        if hit and dst == OFF:
            raise RulesError(f"{label}: bearing off cannot hit", code="bad_save")
        out.append(Move(src, dst, die, hit))
    return tuple(out)


def _rules(value: object) -> Rules:
    data = _mapping(value, "the rules", frozenset({"match_length", "jacoby"}))
    return Rules(
        match_length=_int(data["match_length"], "the match length", 0, 0x7FFF),
        jacoby=_bool(data["jacoby"], "the Jacoby option"),
    )


def _cube(value: object) -> Cube:
    data = _mapping(value, "the cube", frozenset({"value", "owner"}))
    owner = data["owner"]
    return Cube(
        _int(data["value"], "the cube value", 1, 64),
        None if owner is None else _player(owner, "the cube owner"),
    )


def _version(data: Mapping[str, Any], what: str) -> None:
    if data.get("version") != VERSION:
        raise RulesError(
            f"{what} has format version {data.get('version')!r}; this game reads {VERSION}", code="bad_save"
        )


def _score(value: object, rules: Rules) -> tuple[int, int]:
    score = _pair(value, "the score", 0, None)
    if rules.is_match and max(score) >= rules.match_length:
        raise RulesError(
            f"a game cannot be played at {score[0]}-{score[1]} in a {rules.match_length}-point match",
            code="bad_save",
        )
    return score


# ---------------------------------------------------------------------------------------------
# Reading a game state


def state_from_dict(data: object) -> GameState:
    """The game state saved by :func:`state_to_dict`; raises with the reason if anything is off."""
    try:
        return _state_from_dict(data)
    except RulesError:
        raise
    except (
        TypeError,
        ValueError,
        KeyError,
        IndexError,
        AttributeError,
    ) as exc:  # pragma: no cover - safety net
        raise RulesError(f"the saved game cannot be read: {exc}", code="bad_save") from exc


def _state_from_dict(raw: object) -> GameState:
    data = _mapping(raw, "the saved game", _STATE_KEYS)
    _version(data, "the saved game")
    try:
        phase = Phase(data["phase"])
    except ValueError:
        raise RulesError(f"unknown phase {data['phase']!r}", code="bad_save") from None
    position_id = data["position"]
    if not isinstance(position_id, str):
        raise PositionError(f"the board must be a Position ID, not {position_id!r}", code="bad_save")
    position = Position.from_id(position_id)
    turn = _player(data["turn"], "the player on turn")
    dice = _dice(data["dice"], "the dice")
    moves = _moves(data["moves"], "the moves of this turn")
    cube = _cube(data["cube"])
    crawford = _bool(data["crawford"], "the Crawford flag")
    rules = _rules(data["rules"])
    score = _score(data["score"], rules)
    opening = _dice(data["opening"], "the opening roll")
    last_play = _moves(data["last_play"], "the last play")
    last_player = None if data["last_player"] is None else _player(data["last_player"], "the last player")

    if crawford:
        if not rules.is_match:
            raise RulesError("money play has no Crawford game", code="bad_save")
        if max(score) != rules.match_length - 1:
            raise RulesError(
                "the Crawford game is played only when a player is one point from winning", code="bad_save"
            )
        if cube.value != 1:
            raise RulesError(
                "nobody may double in the Crawford game, so the cube must be on 1", code="bad_save"
            )
    if last_play and last_player is None:
        raise RulesError("the last play has no player", code="bad_save")
    if phase is not Phase.MOVING:
        if dice is not None:
            raise RulesError(f"no dice are showing in the {phase.value} phase", code="bad_save")
        if moves:
            raise RulesError(f"no moves are made in the {phase.value} phase", code="bad_save")
    if phase is not Phase.GAME_OVER:
        if data["result"] is not None:
            raise RulesError("a game still being played has no result", code="bad_save")
        if position.my_off == CHECKERS or position.opp_off == CHECKERS:
            raise PositionError(
                "a player has borne off all 15 checkers, so the game is over", code="bad_save"
            )
    if phase is Phase.OPENING:
        if position != Position.start():
            raise PositionError(
                "before the opening roll the board must be in the starting position", code="bad_save"
            )
        if cube != Cube() or turn != 0 or last_play or last_player is not None:
            raise RulesError("before the opening roll nothing has happened yet", code="bad_save")
        if opening is not None and opening[0] != opening[1]:
            raise RulesError(
                "an opening roll that was not a tie would have started the game", code="bad_save"
            )

    if phase is Phase.CUBE_OFFERED:
        if crawford:
            raise RulesError("nobody may double in the Crawford game", code="bad_save")
        if cube.owner not in (None, turn) or cube.value >= 64:
            raise RulesError(
                "this double could not have been offered: only the owner may redouble, up to 64",
                code="bad_save",
            )

    common: dict[str, Any] = {
        "position": position,
        "turn": turn,
        "cube": cube,
        "crawford": crawford,
        "rules": rules,
        "score": score,
        "opening": opening,
        "last_play": last_play,
        "last_player": last_player,
    }
    if phase is Phase.MOVING:
        if dice is None:
            raise RulesError("a turn being moved needs its dice", code="bad_save")
        turn_state = _replay(position, dice, moves)
        return GameState(phase=phase, dice=dice, moves=moves, turn_cache=turn_state, **common)
    if phase is Phase.GAME_OVER:
        result = _result(data["result"], position, turn, cube, rules, score)
        return GameState(phase=phase, result=result, **common)
    return GameState(phase=phase, **common)


def _replay(position: Position, dice: tuple[int, int], moves: tuple[Move, ...]) -> Turn:
    """Rebuild the turn in progress: undo the saved moves, then play them again through the rules."""
    start = position
    try:
        for move in reversed(moves):
            start = unapply_move(start, move)
    except RulesError as exc:
        raise PositionError(f"the moves of this turn do not fit the board: {exc}", code="bad_save") from exc
    turn = Turn(start, dice)
    try:
        for move in moves:
            turn = turn.step(move.src, move.die)
    except IllegalAction as exc:
        raise RulesError(f"the moves of this turn are not legal: {exc}", code="bad_save") from exc
    if turn.position != position or turn.moves != moves:
        raise RulesError("the moves of this turn do not lead to the saved board", code="bad_save")
    if start.my_off == CHECKERS or start.opp_off == CHECKERS:
        raise PositionError(
            "a player had already borne off all 15 checkers before this turn", code="bad_save"
        )
    return turn


def _result(
    value: object, position: Position, turn: int, cube: Cube, rules: Rules, score: tuple[int, int]
) -> GameResult:
    data = _mapping(value, "the result", frozenset({"winner", "kind", "cube", "points", "passed"}))
    winner = _player(data["winner"], "the winner")
    kind_name = data["kind"]
    try:
        kind = WinKind[str(kind_name).upper()] if isinstance(kind_name, str) else None
    except KeyError:
        kind = None
    if kind is None:
        raise RulesError(f"a win is single, gammon or backgammon, not {kind_name!r}", code="bad_save")
    result = GameResult(
        winner,
        kind,
        _int(data["cube"], "the result's cube", 1, 64),
        _int(data["points"], "the points won", 1, None),
        _bool(data["passed"], "the passed flag"),
    )
    if winner != turn:
        raise RulesError("a finished game is shown from the winner's side", code="bad_save")
    if result.cube != cube.value:
        raise RulesError(
            f"the result says the cube was {result.cube}, the game says {cube.value}", code="bad_save"
        )
    if result.passed:
        if position.my_off == CHECKERS or position.opp_off == CHECKERS:
            raise PositionError(
                "a game that ended by a pass cannot have all 15 checkers off", code="bad_save"
            )
    else:
        if position.my_off != CHECKERS:
            raise PositionError("the winner must have borne off all 15 checkers", code="bad_save")
        if position.opp_off == CHECKERS:
            raise PositionError("both players cannot have borne off all their checkers", code="bad_save")
        if win_kind(position) is not kind:
            raise RulesError(
                f"the board shows a {win_kind(position).name.lower()}, not a {kind.name.lower()}",
                code="bad_save",
            )
    expected = game_points(
        kind, cube, match_length=rules.match_length, jacoby=rules.jacoby, winner_score=score[winner]
    )
    if result.points != expected:
        raise RulesError(f"this game is worth {expected} points, not {result.points}", code="bad_save")
    return result


# ---------------------------------------------------------------------------------------------
# Reading a match


def match_from_dict(data: object) -> Match:
    """The match saved by :func:`match_to_dict`; raises :class:`RulesError` with the reason."""
    try:
        raw = _mapping(data, "the saved match", _MATCH_KEYS)
        _version(raw, "the saved match")
        rules = _rules(raw["rules"])
        score = _pair(raw["score"], "the match score", 0, None)
        return Match(
            rules=rules,
            score=score,
            games=_int(raw["games"], "the number of games", 0, None),
            crawford_used=_bool(raw["crawford_used"], "the Crawford flag"),
        )
    except RulesError:
        raise
    except (
        TypeError,
        ValueError,
        KeyError,
        IndexError,
        AttributeError,
    ) as exc:  # pragma: no cover - safety net
        raise RulesError(f"the saved match cannot be read: {exc}", code="bad_save") from exc


def check_game_in_match(state: GameState, match: Match) -> None:
    """Raise :class:`RulesError` unless ``state`` is a game that ``match`` could be playing now.

    A finished game may be saved before or after its result was recorded in the match.
    """
    if state.rules != match.rules:
        raise RulesError("the game's rules and the match's rules differ", code="bad_save")
    result = state.result
    if result is not None and match.games > 0:
        after = list(state.score)
        after[result.winner] += result.points
        if match.score == (after[0], after[1]):
            return
    if state.score != match.score:
        raise RulesError(
            f"the game's score {state.score} differs from the match score {match.score}", code="bad_save"
        )
    if match.is_over:
        raise RulesError("the match is over, so no game can be in progress", code="bad_save")
    if state.crawford != match.next_is_crawford:
        raise RulesError("the game's Crawford flag does not match the match score", code="bad_save")
