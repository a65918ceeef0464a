"""The machine interface: ``python -m game.bot`` answers one JSON object per line.

Other programs (benchmarks, test harnesses, other front ends) send one JSON
object per line on stdin and get exactly one JSON object per line on stdout,
flushed at once. Requests (docs/machine-interface.md says the same for its users):

- ``{"op": "legal", "position": ID, "dice": [a, b]}`` ->
  ``{"plays": [{"move": "8/5 6/5", "position": ID2}, ...]}``, one per distinct
  result; ``ID2`` is the position after the play, same player still on roll.
- ``{"op": "play", "position": ID, "dice": [a, b], "level": L}`` ->
  ``{"move": "...", "position": ID2}`` (``"move": ""`` and the same ID when
  nothing can be played).
- ``{"op": "double", "position": ID, "cube": {"value": 1, "owner": "centre"},
  "match": {"length": 0, "score": [0, 0], "crawford": false}, "level": L}`` ->
  ``{"double": true|false}``; ``cube`` and ``match`` may be left out.
- ``{"op": "take", ...the same...}`` -> ``{"take": true|false}``.
- ``{"op": "advice", ...the same..., "answering": false}`` -> the expert's cube
  advice with its numbers (what the Hint button shows): ``{"action": A,
  "proper": P, "response": R, "chances": {"win", "win_gammon",
  "win_backgammon", "lose_gammon", "lose_backgammon"}, "cubeless_equity": E,
  "equities": {"no_double", "double_take", "double_pass"}, "units": U,
  "played_out": N}`` (N: the trial games of the rollout the numbers come from,
  0 when they are the one-roll lookahead's).
  ``action`` is "double", "no double", "too good" or "no double: not allowed"
  before the roll, "take" or "pass" with ``"answering": true``. The chances are
  the asker's; the equities are the doubler's (see ``game.ai.api.CubeAdvice``).
- ``{"op": "explain", "position": ID, "dice": [a, b], "move": "13/8 6/5"}`` ->
  the coach's verdict (``game.coach``): ``{"played": {"move", "position",
  "shots", "blots", ...facts}, "best": {the same for the expert's play},
  "loss": L, "stop": true|false, "reason": {"en", "fi", "hu"}, ...}``. ``"move"``
  is ``""`` only when the roll cannot be played.

``position`` is always seen from the player who acts or decides; ``owner`` is
``"centre"``, ``"me"`` or ``"opponent"`` from that player's side, and ``score``
is (that player's, the opponent's). Anything wrong with a line gets
``{"error": "..."}`` and the next line is served; end of input exits with 0.
The computer player (``game.ai.api``) is imported only when first asked for.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from typing import IO, Any, cast

from game.ai.cubeful import CubeOwner
from game.ai.levels import LEVELS
from game.ai.question import CubeQuestion
from game.engine.errors import RulesError
from game.engine.moves import legal_plays
from game.engine.notation import format_play
from game.engine.position import Position

OWNERS = tuple(CubeOwner)
NOT_AVAILABLE = "the computer player is not available yet"
MAX_LINE = 100_000


class BadRequest(ValueError):
    """A request that cannot be answered; the message goes back in ``{"error": ...}``."""


def _position(request: dict[str, Any]) -> Position:
    value = request.get("position")
    if value is None:
        raise BadRequest('missing "position" (a GNU Backgammon Position ID)')
    if not isinstance(value, str):
        raise BadRequest('"position" must be a Position ID string')
    try:
        return Position.from_id(value)
    except RulesError as exc:
        raise BadRequest(f"bad position: {exc}") from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _dice(request: dict[str, Any]) -> tuple[int, int]:
    value = request.get("dice")
    if value is None:
        raise BadRequest('missing "dice" (two numbers 1 to 6)')
    if not isinstance(value, list) or len(value) != 2:
        raise BadRequest('"dice" must be a list of two numbers 1 to 6')
    a, b = value
    for d in (a, b):
        if not _is_int(d) or not 1 <= d <= 6:
            raise BadRequest(f'"dice" must be two numbers 1 to 6, not {value!r}')
    return a, b


def _level(request: dict[str, Any]) -> str:
    value = request.get("level")
    if value is None:
        raise BadRequest(f'missing "level" (one of {", ".join(LEVELS)})')
    if value not in LEVELS:
        raise BadRequest(f"unknown level {value!r}: use one of {', '.join(LEVELS)}")
    return str(value)


def _cube_question(request: dict[str, Any], pos: Position, answering: bool) -> CubeQuestion:
    """The request's cube and match around ``pos``, checked as the rules require."""
    cube = request.get("cube", {"value": 1, "owner": "centre"})
    if not isinstance(cube, dict):
        raise BadRequest('"cube" must be an object like {"value": 1, "owner": "centre"}')
    value = cube.get("value", 1)
    owner = cube.get("owner", "centre")
    if not _is_int(value) or value not in (1, 2, 4, 8, 16, 32, 64):
        raise BadRequest(f'"cube" value must be 1, 2, 4, 8, 16, 32 or 64, not {value!r}')
    if owner not in OWNERS:
        raise BadRequest(f'"cube" owner must be "centre", "me" or "opponent", not {owner!r}')
    if (owner == "centre") != (value == 1):
        raise BadRequest("a cube on 1 is centred, and a doubled cube has an owner")
    match = request.get("match", {"length": 0, "score": [0, 0], "crawford": False})
    if not isinstance(match, dict):
        raise BadRequest('"match" must be an object like {"length": 0, "score": [0, 0], "crawford": false}')
    length = match.get("length", 0)
    score = match.get("score", [0, 0])
    crawford = match.get("crawford", False)
    if not _is_int(length) or not 0 <= length <= 0x7FFF:
        raise BadRequest(f'"match" length must be 0 (money) or a number of points, not {length!r}')
    if not isinstance(score, list) or len(score) != 2 or not all(_is_int(s) and s >= 0 for s in score):
        raise BadRequest(f'"match" score must be two whole numbers of 0 or more, not {score!r}')
    if length and max(score) >= length:
        raise BadRequest(f"a score of {score[0]}-{score[1]} has already won a {length}-point match")
    if not isinstance(crawford, bool):
        raise BadRequest(f'"match" crawford must be true or false, not {crawford!r}')
    if crawford and (not length or max(score) != length - 1):
        raise BadRequest(
            "the Crawford game is played only in a match, when a player is one point from winning"
        )
    if crawford and value != 1:
        raise BadRequest("nobody doubles in the Crawford game, so the cube is on 1")
    if answering:
        if crawford:
            raise BadRequest("no double can be offered in the Crawford game")
        if owner == "me":
            raise BadRequest("the opponent cannot double a cube that you own")
        if value >= 64:
            raise BadRequest("the cube cannot go above 64")
    return CubeQuestion(pos, value, CubeOwner(owner), length, (score[0], score[1]), crawford)


def _ai(name: str) -> Callable[..., Any]:
    """A function of ``game.ai.api``, imported on first use."""
    try:
        import importlib

        module = importlib.import_module("game.ai.api")
    except ImportError:
        raise BadRequest(NOT_AVAILABLE) from None
    function = getattr(module, name, None)
    if not callable(function):
        raise BadRequest(NOT_AVAILABLE)
    return cast(Callable[..., Any], function)


def op_legal(request: dict[str, Any]) -> dict[str, Any]:
    """Every legal play once, with its notation and the resulting Position ID."""
    pos = _position(request)
    dice = _dice(request)
    plays = legal_plays(pos, dice)
    return {"plays": [{"move": format_play(p.moves), "position": p.position.position_id()} for p in plays]}


def op_play(request: dict[str, Any]) -> dict[str, Any]:
    """The computer's play at a level."""
    pos = _position(request)
    dice = _dice(request)
    level = _level(request)
    choose = _ai("choose_play")
    plays = legal_plays(pos, dice)
    if not plays:
        return {"move": "", "position": pos.position_id()}
    play = choose(pos, dice, level)
    if play is None:
        raise BadRequest("the computer player found no play although one is legal")
    if play.position not in {p.position for p in plays}:
        raise BadRequest("the computer player chose an illegal play")
    return {"move": format_play(play.moves), "position": play.position.position_id()}


def op_cube(request: dict[str, Any], answering: bool) -> dict[str, Any]:
    """Double (before rolling) or take (answering the opponent's double)."""
    pos = _position(request)
    level = _level(request)
    question = _cube_question(request, pos, answering)
    name = "should_take" if answering else "should_double"
    decide = _ai(name)
    answer = decide(question, level)
    return {"take" if answering else "double": bool(answer)}


def op_advice(request: dict[str, Any]) -> dict[str, Any]:
    """The expert's cube advice and the numbers behind it (the Hint button's, for other programs)."""
    pos = _position(request)
    answering = request.get("answering", False)
    if not isinstance(answering, bool):
        raise BadRequest(f'"answering" must be true or false, not {answering!r}')
    question = _cube_question(request, pos, answering)
    advise = _ai("cube_advice")
    a = advise(question, answering=answering)
    return {
        "action": a.action,
        "proper": a.proper,
        "response": a.response,
        "chances": {
            "win": round(a.win, 6),
            "win_gammon": round(a.win_gammon, 6),
            "win_backgammon": round(a.win_backgammon, 6),
            "lose_gammon": round(a.lose_gammon, 6),
            "lose_backgammon": round(a.lose_backgammon, 6),
        },
        "cubeless_equity": round(a.cubeless_equity, 6),
        "equities": {
            "no_double": round(a.no_double, 6),
            "double_take": round(a.double_take, 6),
            "double_pass": round(a.double_pass, 6),
        },
        "units": a.units,
        "played_out": a.played_out,
    }


def op_explain(request: dict[str, Any]) -> dict[str, Any]:
    """Why the expert's play is better than the one made, in words (the coach's, for other programs)."""
    pos = _position(request)
    dice = _dice(request)
    move = request.get("move")
    if move is None:
        raise BadRequest('missing "move" (the play made, like "13/8 6/5")')
    if not isinstance(move, str):
        raise BadRequest('"move" must be text, like "13/8 6/5"')
    try:
        from game.coach import explain
    except ImportError:
        raise BadRequest("the coach is not available") from None
    try:
        return explain(pos, dice, move).to_json()
    except RulesError as exc:
        raise BadRequest(f"bad move: {exc}") from None


def handle(request: object) -> dict[str, Any]:
    """The answer to one decoded request (never raises)."""
    try:
        if not isinstance(request, dict):
            raise BadRequest("each line must be a JSON object")
        op = request.get("op")
        if op == "legal":
            return op_legal(request)
        if op == "play":
            return op_play(request)
        if op == "double":
            return op_cube(request, answering=False)
        if op == "take":
            return op_cube(request, answering=True)
        if op == "advice":
            return op_advice(request)
        if op == "explain":
            return op_explain(request)
        if op is None:
            raise BadRequest('missing "op" (legal, play, double, take, advice or explain)')
        raise BadRequest(f"unknown op {op!r}: use legal, play, double, take, advice or explain")
    except BadRequest as exc:
        return {"error": str(exc)}
    except (RulesError, ValueError, TypeError) as exc:
        return {"error": str(exc) or type(exc).__name__}
    except Exception as exc:  # the process must survive anything a request triggers
        return {"error": f"internal error: {type(exc).__name__}: {exc}"}


def handle_line(line: bytes | str) -> dict[str, Any]:
    """The answer to one raw line."""
    if isinstance(line, bytes):
        if len(line) > MAX_LINE:
            return {"error": f"line too long (over {MAX_LINE} bytes)"}
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError:
            return {"error": "the line is not UTF-8 text"}
    text = line.strip()
    if not text:
        return {"error": "empty line: send one JSON object per line"}
    try:
        request = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return {"error": f"not valid JSON: {exc}"}
    return handle(request)


def serve(lines: Iterable[bytes | str], out: IO[str]) -> None:
    """Answer every line in turn, flushing each answer."""
    for line in lines:
        answer = handle_line(line)
        out.write(json.dumps(answer) + "\n")
        out.flush()


def main(argv: list[str] | None = None) -> int:
    """Serve stdin to stdout until end of input."""
    del argv
    try:
        serve(sys.stdin.buffer, sys.stdout)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
