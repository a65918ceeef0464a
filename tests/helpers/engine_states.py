"""Board and game states the engine's refusal tests share: a side from {point: count}, the kinds
of case a refusal table holds, and a game in each phase as the autosave writes it."""

from __future__ import annotations

from collections.abc import Callable

from game.engine.cube import Cube
from game.engine.errors import RulesError
from game.engine.flow import Double, GameState, OpeningRoll, Pass, Phase, Roll, Rules, Step, apply, new_game
from game.engine.position import Position


def side(points: dict[int, int]) -> tuple[int, ...]:
    """A side's 25 counts from {own point: count}; point 25 is the bar."""
    counts = [0] * 25
    for point, n in points.items():
        counts[point - 1] = n
    return tuple(counts)


Case = tuple[str, Callable[[], object], str]
"""A refusal's row: what is wrong, how to make it happen, the whole sentence it gets."""

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
START = Position.start()


def refusal(make: Callable[[], object]) -> str:
    """The sentence ``make`` is refused with (an AssertionError when it is not refused)."""
    try:
        make()
    except RulesError as exc:  # IllegalAction, PositionError and NotationError are RulesErrors
        return str(exc)
    raise AssertionError("not refused")
