"""A refused drag names what stops it, word for word (``game.engine.turn``). Found by mutation
testing."""

from collections.abc import Callable

import pytest

from game.engine.position import Position
from game.engine.turn import Turn
from tests.helpers.engine_states import Case, refusal, side

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
    assert refusal(make) == message, what
