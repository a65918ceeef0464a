"""The coach's facts, each on a hand-built position whose answer can be counted on a real board.

``shots`` is also checked against an independent count: the slow reference move generator
(game/testing/reference.py) over all 36 ordered rolls, written here, not calling the coach.
"""

from __future__ import annotations

import random

import pytest

from game.ai import api
from game.ai.cube import average_values, cube_efficiency, money_view
from game.coach import cube_facts, play_facts, point_kind, shots
from game.coach.facts import PlayFacts, blots, cube_points, held_points, longest_prime
from game.engine import Play, Position, legal_plays, parse_play
from game.engine.moves import apply_move
from game.testing.sample import random_position
from tests.helpers.coach_cases import brute_force_shots


def board(me: dict[int, int], opp: dict[int, int], my_bar: int = 0, opp_bar: int = 0) -> Position:
    """A position from the mover's side; BOTH dicts are keyed by the MOVER's point numbers 1..24."""
    mine = [0] * 25
    theirs = [0] * 25
    for point, n in me.items():
        mine[point - 1] = n
    for point, n in opp.items():
        theirs[24 - point] = n
    mine[24] = my_bar
    theirs[24] = opp_bar
    return Position(tuple(mine), tuple(theirs))


def the_play(pos: Position, dice: tuple[int, int], text: str) -> Play:
    after = pos
    for move in parse_play(text, pos, dice):
        after = apply_move(after, move)
    return next(p for p in legal_plays(pos, dice) if p.position == after)


def facts(pos: Position, dice: tuple[int, int], text: str) -> PlayFacts:
    return play_facts(pos, dice, the_play(pos, dice, text))


# ---------------------------------------------------------------------------------------------
# Hits


def test_a_double_hit_and_a_missed_hit() -> None:
    pos = board({13: 5, 8: 3, 6: 5}, {5: 1, 3: 1, 24: 2})
    both = facts(pos, (5, 3), "8/3* 8/5*")
    assert both.hits == 2 and both.could_hit and not both.missed_hit
    assert both.opponent_on_bar == 2
    none = facts(pos, (5, 3), "13/8 13/10")
    assert none.hits == 0 and none.could_hit and none.missed_hit


def test_no_hit_possible_is_no_missed_hit() -> None:
    pos = board({13: 5, 8: 3, 6: 5}, {24: 2, 19: 2})
    f = facts(pos, (2, 1), "13/11 6/5")
    assert f.hits == 0 and not f.could_hit and not f.missed_hit


# ---------------------------------------------------------------------------------------------
# Blots and shots

DIRECT = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5}
"""Rolls out of 36 that hit a blot ``d`` points away along an open path (the usual table)."""


@pytest.mark.parametrize("distance", sorted(DIRECT))
def test_shots_at_a_blot_match_the_table(distance: int) -> None:
    # The opponent moves from the mover's low points towards the high ones: a checker on the
    # mover's point 10 - d hits a blot on 10 with d pips. The mover's other checkers sit on 24.
    after = board({10: 1, 24: 14}, {10 - distance: 1})
    assert blots(after) == (10,)
    assert shots(after) == DIRECT[distance]
    assert brute_force_shots(after) == DIRECT[distance]


def test_blocked_points_on_the_path_cut_the_combination_shots() -> None:
    # Blot six away; the mover holds the points 2, 3 and 4 away: 3-3, 2-2 and 4-2 are blocked,
    # 5-1 still gets through, so the sixes (11) and 5-1 (2) hit.
    after = board({10: 1, 6: 2, 7: 2, 8: 2, 24: 8}, {4: 1})
    assert shots(after) == 13 == brute_force_shots(after)


def test_a_checker_on_the_bar_must_enter_before_it_hits() -> None:
    # The mover holds home points 1-5, so only a 6 enters (on the mover's 6-point). The blot on 8
    # is then hit by 6-2 (enter, then 6 to 8) only.
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2}
    after = board({**closed, 8: 1, 24: 2}, {}, opp_bar=1)
    assert shots(after) == 2 == brute_force_shots(after)
    # An opposing checker one pip behind the blot cannot hit it until the bar checker is in:
    # only 6-1 and 6-2 (enter with the 6, hit with the other die).
    after = board({**closed, 8: 1, 24: 2}, {7: 1}, opp_bar=1)
    assert shots(after) == 4 == brute_force_shots(after)


def test_no_blot_no_shot_and_a_checker_on_the_bar_is_no_blot() -> None:
    after = board({6: 2, 8: 2, 13: 5}, {5: 1, 24: 2}, my_bar=1)
    assert blots(after) == ()
    assert shots(after) == 0 == brute_force_shots(after)


def test_shots_agree_with_the_reference_generator_on_seeded_positions() -> None:
    rng = random.Random(2025)
    checked = 0
    while checked < 12:
        pos = random_position(rng)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        if not plays:
            continue
        after = rng.choice(plays).position
        if after.my_off == 15 or not blots(after):
            continue
        assert shots(after) == brute_force_shots(after), after.position_id()
        checked += 1


def test_shots_after_an_opening_play_and_the_blots_are_named_highest_first() -> None:
    f = facts(Position.start(), (3, 1), "24/23 13/10")
    assert f.blots == (24, 23, 10)
    after = Position.from_id(f.position)
    assert f.shots == brute_force_shots(after) > 30


# ---------------------------------------------------------------------------------------------
# Points, primes, anchors, back checkers


def test_the_names_of_points() -> None:
    assert point_kind(5) == "golden"
    assert point_kind(7) == "bar"
    assert [point_kind(p) for p in (1, 2, 3, 4, 6)] == ["home"] * 5
    assert [point_kind(p) for p in range(19, 25)] == ["anchor"] * 6
    assert [point_kind(p) for p in (8, 13, 18)] == ["outfield"] * 3


def test_making_the_golden_point_and_giving_up_the_bar_point() -> None:
    pos = board({13: 5, 8: 3, 7: 3, 6: 4}, {1: 2, 12: 5, 17: 3, 19: 5})
    f = facts(pos, (2, 1), "7/5 6/5")
    assert f.made == (5,) and f.given_up == ()
    h = facts(pos, (2, 1), "7/5 7/6")
    assert h.given_up == (7,) and h.made == ()


def test_an_anchor_is_made_by_entering_from_the_bar() -> None:
    pos = board({20: 1, 13: 5, 8: 3, 6: 5}, {12: 5, 17: 3, 1: 2}, my_bar=1)
    f = facts(pos, (5, 3), "bar/20 13/10")
    assert f.made == (20,) and f.anchors == (20,)
    assert point_kind(20) == "anchor"


def test_the_longest_prime_and_its_top() -> None:
    pos = board({8: 2, 7: 2, 6: 2, 5: 2, 4: 2, 2: 2, 1: 3}, {24: 2})
    assert longest_prime(pos) == (5, 8)
    assert held_points(pos) == (8, 7, 6, 5, 4, 2, 1)
    assert longest_prime(board({13: 1}, {1: 1})) == (0, 0)
    f = facts(board({9: 2, 8: 1, 7: 2, 6: 2, 5: 2, 4: 2, 13: 4}, {24: 2, 1: 2}), (5, 1), "13/8 13/12")
    assert f.prime == 6 and f.prime_top == 9


def test_back_checkers_escaping_and_left_behind() -> None:
    pos = Position.start()
    run = facts(pos, (6, 5), "24/13")
    assert run.back == 1 and run.escaped == 1
    stay = facts(pos, (6, 5), "13/7 13/8")
    assert stay.back == 2 and stay.escaped == 0
    # A checker on the bar is a back checker: entering keeps it back.
    bar = board({13: 5, 8: 3, 6: 5, 24: 1}, {12: 5, 17: 3, 1: 2}, my_bar=1)
    entered = facts(bar, (5, 3), "bar/20 13/10")
    assert entered.back == 2 and entered.escaped == 0


def test_closing_the_board_on_a_checker_on_the_bar() -> None:
    pos = board({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 8: 1, 10: 1, 13: 3}, {24: 2, 20: 2}, opp_bar=1)
    f = facts(pos, (4, 2), "10/6 8/6")
    assert f.home_points == 6 and f.opponent_on_bar == 1 and f.closed_out == 1
    g = facts(pos, (4, 2), "13/9 13/11")
    assert g.home_points == 5 and g.closed_out == 0


# ---------------------------------------------------------------------------------------------
# Pips, race, bear-off


def test_pips_before_and_after_and_breaking_contact() -> None:
    pos = board({20: 1, 6: 7, 5: 7}, {18: 3, 22: 12})  # the opponent's checkers on 18: still contact
    f = facts(pos, (6, 5), "20/9")
    assert f.pips_before == (20 + 42 + 35, 3 * 7 + 12 * 3)
    assert f.pips_after == (9 + 42 + 35, 3 * 7 + 12 * 3)
    assert f.race
    g = facts(pos, (2, 1), "6/4 6/5")
    assert not g.race and g.pips_after == (20 + 42 + 35 - 3, 57)


def test_bearing_off_and_wasted_pips() -> None:
    pos = board({3: 1, 2: 1, 1: 2}, {20: 5, 22: 5})
    f = facts(pos, (6, 5), "3/off 2/off")
    assert f.borne_off == 2 and f.wasted == 11 - 5
    exact = facts(board({6: 1, 5: 1, 1: 2}, {20: 5}), (6, 5), "6/off 5/off")
    assert exact.borne_off == 2 and exact.wasted == 0


def test_a_roll_that_cannot_be_played_wastes_it_all() -> None:
    closed = {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2}
    pos = board({13: 5}, closed, my_bar=1)
    assert legal_plays(pos, (6, 5)) == []
    f = play_facts(pos, (6, 5), None)
    assert f.move == "" and f.wasted == 11 and f.position == pos.position_id()
    assert 0.0 <= f.lose_gammon <= 1.0 - f.win


def test_chances_are_the_evaluators() -> None:
    pos = Position.start()
    play = the_play(pos, (3, 1), "8/5 6/5")
    f = play_facts(pos, (3, 1), play)
    out = api.play_outputs(pos, [play])[0]
    assert (f.win, f.win_gammon, f.lose_gammon) == (out[0], out[1], out[3])
    assert 0.5 < f.win < 0.65


# ---------------------------------------------------------------------------------------------
# The cube


def test_cube_points_without_gammons_dead_and_fully_live() -> None:
    # A dead cube: double whenever ahead; the taker needs 25%.
    double_point, pass_point = cube_points(1.0, 1.0, "centre", 0.0)
    assert double_point == pytest.approx(0.5, abs=1e-3)
    assert pass_point == pytest.approx(0.75, abs=1e-3)
    # A perfectly live cube: take down to 20%, double only at the cash point (80%).
    double_point, pass_point = cube_points(1.0, 1.0, "centre", 1.0)
    assert double_point == pytest.approx(0.8, abs=1e-3)
    assert pass_point == pytest.approx(0.8, abs=1e-3)


def test_gammons_lower_the_take_point_of_the_side_that_wins_them() -> None:
    plain = cube_points(1.0, 1.0, "centre", 0.68)
    gammonish = cube_points(1.4, 1.0, "centre", 0.68)  # the doubler's wins are bigger: harder to take
    assert gammonish[1] < plain[1]


def test_cube_facts_agree_with_the_cube_model_the_computer_uses() -> None:
    rng = random.Random(7)
    seen_double = seen_not = 0
    for _ in range(60):
        pos = random_position(rng)
        if pos.my_off == 15 or pos.opp_off == 15:
            continue
        facts_ = cube_facts(pos)
        assert 0.0 <= facts_.take_point <= 1.0
        assert facts_.double_point <= facts_.pass_point + 1e-9
        out = api.cube_outputs(pos)
        big_w, big_l = average_values(out)
        view = money_view(out, "centre", cube_efficiency(pos))
        if abs(facts_.win - facts_.double_point) > 2e-3 and not view.too_good:
            assert facts_.double == view.should_double, pos.position_id()
            seen_double += facts_.double
            seen_not += not facts_.double
        if abs(facts_.win - facts_.pass_point) > 2e-3:
            assert facts_.opponent_should_pass == (not view.should_take), pos.position_id()
        assert big_w >= 1.0 and big_l >= 1.0
    assert seen_double and seen_not


def test_cube_facts_refuse_a_player_who_cannot_double() -> None:
    with pytest.raises(ValueError, match="owner"):
        cube_facts(Position.start(), "opponent")
    assert set(cube_facts(Position.start()).to_json()) >= {"win", "double_point", "take_point"}
