"""Cube arithmetic: the match equity table and Janowski's money formulas on hand-worked cases."""

from __future__ import annotations

import pytest

from game.ai.cube import janowski, match_view, money_view
from game.ai.met import TABLE_SIZE, match_equity


def test_met_basic_properties() -> None:
    assert match_equity(1, 1) == 0.5
    assert match_equity(0, 3) == 1.0 and match_equity(3, 0) == 0.0
    for a in range(1, TABLE_SIZE + 1):
        for b in range(1, TABLE_SIZE + 1):
            assert match_equity(a, b) + match_equity(b, a) == pytest.approx(1.0, abs=2e-5)
            if b < TABLE_SIZE:
                assert match_equity(a, b + 1) > match_equity(a, b)
    # Crawford game, 1-away against 2-away (Kazaross-XG2): 0.67736.
    assert match_equity(1, 2) == pytest.approx(0.67736)
    # Post-Crawford, 2-away trailer: nearly the free-drop value 0.48803.
    assert match_equity(2, 1, post_crawford=True) == pytest.approx(0.48803)
    assert match_equity(1, 2, post_crawford=True) == pytest.approx(1 - 0.48803)
    # Beyond the table the approximation continues smoothly.
    assert 0.5 < match_equity(16, 20) < 0.75


def test_janowski_live_cube_corner_points() -> None:
    # Gammonless (W = L = 1), fully live: take point 0.2, cash point 0.8.
    assert janowski(0.2, 1.0, 1.0, "centre", 1.0) == pytest.approx(-1.0)
    assert janowski(0.8, 1.0, 1.0, "centre", 1.0) == pytest.approx(1.0)
    assert janowski(0.8, 1.0, 1.0, "me", 1.0) == pytest.approx(1.0)
    assert janowski(1.0, 1.0, 1.0, "opponent", 1.0) == pytest.approx(1.0)
    # Dead cube: plain cubeless equity.
    assert janowski(0.7, 1.0, 1.0, "centre", 0.0) == pytest.approx(0.4)


def _gammonless(p: float) -> tuple[float, float, float, float, float]:
    return (p, 0.0, 0.0, 0.0, 0.0)


@pytest.mark.parametrize(
    ("p", "double", "take"),
    [(0.5, False, True), (0.65, False, True), (0.75, True, True), (0.85, True, False)],
)
def test_money_windows_without_gammons(p: float, double: bool, take: bool) -> None:
    view = money_view(_gammonless(p), "centre", 0.68)
    assert view.should_double == double
    assert view.should_take == take


def test_too_good_to_double() -> None:
    # Huge gammon chances and almost no losses: playing on beats cashing.
    view = money_view((0.97, 0.7, 0.05, 0.0, 0.0), "centre", 0.68)
    assert not view.should_double


def test_match_view_matches_money_shape_at_long_even_score() -> None:
    # At 15-away each, the match behaves much like money: 0.75 doubles and takes, 0.5 does not double.
    assert not match_view(_gammonless(0.5), "centre", 0.68, 1, (15, 15), False).should_double
    view = match_view(_gammonless(0.75), "centre", 0.68, 1, (15, 15), False)
    assert view.should_double and view.should_take
    assert not match_view(_gammonless(0.9), "centre", 0.68, 1, (15, 15), False).should_take


def test_match_take_points_follow_the_score() -> None:
    # The leader (2-away) doubles the trailer (4-away). A pass leaves the trailer 4-away against
    # the Crawford game (Kazaross-XG2: 0.18564); a take wins at most 2-away/2-away (0.5): the
    # trailer needs about 37% where money needs about 22%. So 30% is a take at money only.
    assert money_view(_gammonless(0.70), "centre", 0.68).should_take
    assert not match_view(_gammonless(0.70), "centre", 0.68, 1, (2, 4), False).should_take
    assert match_view(_gammonless(0.58), "centre", 0.68, 1, (2, 4), False).should_take
