"""The expert's cube advice (the Hint's numbers) on last-roll positions worked out by hand.

Last roll, money: the doubler bears off with chance ``p`` in this roll, else the
opponent surely finishes next. No gammons, no recube: no double is worth
``2p - 1``, double/take ``2(2p - 1)``, double/pass ``+1``. So double when
``p > 1/2``, and the opponent takes when ``p <= 3/4``.
"""

from __future__ import annotations

import pytest

from game.ai import api
from game.ai.cubeful import CubeOwner
from game.ai.question import CubeQuestion
from game.engine import Position

OPP_LAST = (1, 0, 0, 0, 0, 0)  # one checker on the opponent's ace point: it finishes next roll


def _last_roll(me: tuple[int, ...]) -> Position:
    return Position(me + (0,) * 19, OPP_LAST + (0,) * 19)


@pytest.mark.parametrize(
    ("me", "p", "action", "response"),
    [
        ((0, 2, 0, 0, 0, 0), 26 / 36, "double", "take"),  # two on the 2-point: any roll but x-1
        ((0, 0, 0, 0, 1, 0), 31 / 36, "double", "pass"),  # one on the 5-point: 1-1, 2-1, 3-1 miss
        ((3, 0, 0, 0, 0, 0), 6 / 36, "no double", "take"),  # three on the ace point: doubles only
    ],
)
def test_last_roll_money_advice(me: tuple[int, ...], p: float, action: str, response: str) -> None:
    pos = _last_roll(me)
    advice = api.cube_advice(CubeQuestion(pos))
    assert advice.win == pytest.approx(p, abs=1e-4)
    assert advice.win_gammon == 0.0 and advice.lose_gammon == 0.0
    assert advice.no_double == pytest.approx(2 * p - 1, abs=1e-3)
    assert advice.double_take == pytest.approx(2 * (2 * p - 1), abs=1e-3)
    assert advice.double_pass == 1.0
    assert advice.action == action and advice.proper == action
    assert advice.response == response
    assert advice.units == "points per cube"
    assert advice.cubeful_equity == pytest.approx(
        max(advice.no_double, min(advice.double_take, advice.double_pass))
    )
    # The same decisions through the levels' API.
    assert api.should_double(CubeQuestion(pos), "expert") == (action == "double")
    assert api.should_take(CubeQuestion(pos.flip()), "expert") == (response == "take")
    # Answering: the taker's own chances, the same equities (the doubler's), its action.
    answer = api.cube_advice(CubeQuestion(pos.flip()), answering=True)
    assert answer.action == response
    assert answer.win == pytest.approx(1 - p, abs=1e-4)
    assert answer.double_take == pytest.approx(advice.double_take)


def test_too_good_to_double() -> None:
    # My last two checkers on the 2- and 3-points; the opponent has all 15 home, none off. I cannot lose,
    # and 25 rolls of 36 (both dice 2 or more, not 1-1) win a gammon at once: 0.694, a little more when
    # the opponent then misses too. Doubling would let the opponent pass for one point.
    pos = Position((0, 1, 1, 0, 0, 0) + (0,) * 19, (0, 0, 0, 5, 5, 5) + (0,) * 19)
    advice = api.cube_advice(CubeQuestion(pos))
    assert advice.action == "too good"
    assert advice.win == 1.0
    assert 25 / 36 < advice.win_gammon < 0.75
    assert advice.no_double > advice.double_pass
    assert not api.should_double(CubeQuestion(pos), "expert")
    assert api.cube_advice(CubeQuestion(pos.flip()), answering=True).action == "pass"


def test_the_opening_position_is_no_double_and_take() -> None:
    advice = api.cube_advice(CubeQuestion(Position.start()))
    assert advice.action == "no double" and advice.response == "take"
    assert 0.4 < advice.win < 0.6
    assert -0.3 < advice.no_double < 0.3


def test_advice_refuses_impossible_cubes() -> None:
    with pytest.raises(ValueError, match="cube"):
        api.cube_advice(CubeQuestion(Position.start(), 3, CubeOwner.ME))
    with pytest.raises(ValueError, match="owns"):
        api.cube_advice(CubeQuestion(Position.start(), 2, CubeOwner.ME), answering=True)
    with pytest.raises(ValueError, match="Crawford"):
        api.cube_advice(CubeQuestion(Position.start(), 1, CubeOwner.CENTRE, 5, (4, 2), True), answering=True)


def test_owned_cube_and_match_units() -> None:
    pos = _last_roll((0, 0, 0, 0, 1, 0))
    # The opponent owns the cube: I may not double; the numbers are still given.
    advice = api.cube_advice(CubeQuestion(pos, 2, CubeOwner.OPPONENT))
    assert advice.action == "no double: not allowed" and advice.proper == "no double"
    match = api.cube_advice(CubeQuestion(pos, 1, CubeOwner.CENTRE, 7, (2, 2)))
    assert match.units == "match winning chance"
    assert 0.0 <= match.no_double <= 1.0 and 0.0 <= match.double_pass <= 1.0
