"""A typed move that cannot be read says why, word for word (``game.engine.notation``). Found by
mutation testing."""

from collections.abc import Callable

import pytest

from game.engine.notation import parse_journeys, parse_play
from game.engine.position import Position
from tests.helpers.engine_states import START, Case, refusal, side

# -- moves as players write them (notation) -------------------------------------------------------


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
    assert refusal(make) == message, what
