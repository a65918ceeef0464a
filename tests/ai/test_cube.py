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


@pytest.mark.parametrize("owner", ["centre", "me", "opponent"])
@pytest.mark.parametrize("x", [0.0, 0.6, 0.68, 1.0])
def test_a_certain_gammon_is_worth_two_cubes_whoever_holds_the_cube(owner: str, x: float) -> None:
    # Nobody cashes a certain gammon: the live line reaches W at p = 1 as it reaches -L at p = 0.
    # (It stopped at +1 past the cash point: a certain gammon with a centred cube was worth 1.32.)
    assert janowski(1.0, 2.0, 1.0, owner, x) == pytest.approx(2.0)
    assert janowski(0.0, 1.0, 2.0, owner, x) == pytest.approx(-2.0)


def test_past_the_cash_point_the_live_line_climbs_from_one_to_w() -> None:
    big_w, big_l = 1.6, 1.2
    cash_point = (big_l + 1.0) / (big_w + big_l + 0.5)
    for owner in ("centre", "me"):
        assert janowski(cash_point, big_w, big_l, owner, 1.0) == pytest.approx(1.0)  # continuous there
        half_way = (cash_point + 1.0) / 2.0
        assert janowski(half_way, big_w, big_l, owner, 1.0) == pytest.approx((1.0 + big_w) / 2.0)
    # Gammonless, the line past the cash point stays at +1: nothing to play on for.
    assert janowski(0.95, 1.0, 1.0, "centre", 1.0) == pytest.approx(1.0)


def test_redoubling_a_certain_gammon_loss_costs_the_whole_doubled_gammon() -> None:
    """The review once priced this redouble at 0.8 cubes: the taker, certain of a gammon with the
    cube in hand, was valued as if it would cash for one cube."""
    from game.ai import api, cubeful
    from game.engine import Position

    me = [0] * 25
    for point, n in ((6, 4), (8, 3), (9, 2), (10, 2), (11, 2), (13, 2)):
        me[point - 1] = n
    opp = [0] * 25
    opp[0] = opp[1] = 1  # two checkers, three pips: off next roll, and nothing of mine is off
    pos = Position(tuple(me), tuple(opp))
    eq = api.cube_equities(pos, cubeful.CubeInfo(4, "me"), "expert")
    assert eq.no_double == pytest.approx(-2.0)
    assert eq.double_take == pytest.approx(-4.0)
    assert not eq.should_double


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
