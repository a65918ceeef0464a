"""The doubling cube: who may double, the 64 limit, the Crawford game, and bad cubes refused."""

from __future__ import annotations

import pytest

from game.engine.cube import MAX_CUBE, Cube, can_double
from game.engine.errors import RulesError


@pytest.mark.parametrize(
    ("cube", "player", "crawford", "allowed"),
    [
        (Cube(), 0, False, True),  # centred: either player
        (Cube(), 1, False, True),
        (Cube(2, 0), 0, False, True),  # owner redoubles
        (Cube(2, 0), 1, False, False),  # only the owner
        (Cube(4, 1), 1, False, True),
        (Cube(4, 1), 0, False, False),
        (Cube(32, 0), 0, False, True),  # 32 -> 64 still allowed
        (Cube(64, 0), 0, False, False),  # 64 is the highest
        (Cube(64, 1), 1, False, False),
        (Cube(), 0, True, False),  # Crawford game: nobody
        (Cube(), 1, True, False),
    ],
)
def test_who_may_double(cube: Cube, player: int, crawford: bool, allowed: bool) -> None:
    reason = can_double(cube, player, crawford)
    assert (reason is None) == allowed
    if not allowed:
        assert isinstance(reason, str) and reason[0].isupper()


def test_reasons_name_the_rule() -> None:
    assert "Crawford" in (can_double(Cube(), 0, True) or "")
    assert "64" in (can_double(Cube(64, 0), 0, False) or "")
    assert "owner" in (can_double(Cube(2, 1), 0, False) or "")


def test_doubled_gives_twice_the_stake_to_the_taker() -> None:
    assert Cube().doubled(1) == Cube(2, 1)
    assert Cube(2, 1).doubled(0) == Cube(4, 0)
    assert MAX_CUBE == 64


@pytest.mark.parametrize(
    ("value", "owner"),
    [(3, 0), (0, None), (128, 0), (-2, 1), (2, 5), (2, None), (1, 0), (True, None), (2, True)],
)
def test_impossible_cubes_are_refused(value: int, owner: int | None) -> None:
    with pytest.raises(RulesError):
        Cube(value, owner)
