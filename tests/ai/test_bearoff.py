"""The one-sided bear-off database against positions worked out by hand."""

from __future__ import annotations

import itertools

import pytest

from game.ai import bearoff
from game.ai.bearoff import Side
from game.engine import Position


@pytest.fixture(scope="module")
def db() -> bearoff.Database:
    return bearoff.default_db()


def side25(home: Side) -> tuple[int, ...]:
    return tuple(home) + (0,) * 19


def test_the_table_covers_every_home_board_side() -> None:
    sides = bearoff.all_sides()
    assert len(sides) == 54264 == len(set(sides))
    assert bearoff.index_of()[(0,) * 6] == 0


def test_one_checker_on_the_ace_point_takes_one_roll(db: bearoff.Database) -> None:
    assert db.finish((1, 0, 0, 0, 0, 0)) == pytest.approx((0.0, 1.0))
    assert db.finish((2, 0, 0, 0, 0, 0)) == pytest.approx((0.0, 1.0))
    # Three on the ace point: only a double takes them all in one roll.
    assert db.finish((3, 0, 0, 0, 0, 0)) == pytest.approx((0.0, 6 / 36, 30 / 36), abs=2e-5)
    assert db.finish((0,) * 6) == (1.0,)


def test_one_checker_on_the_six_point(db: bearoff.Database) -> None:
    # A lone checker comes off in one roll when the roll's pips reach 6 (a double counts four times).
    # Misses: 2-1, 3-1, 4-1, 3-2 (two ways each) and 1-1 (4 pips): 9 of 36. Any second roll finishes.
    d = db.finish((0, 0, 0, 0, 0, 1))
    assert d[1] == pytest.approx(27 / 36, abs=2e-5)
    assert d[2] == pytest.approx(9 / 36, abs=2e-5)


def test_two_checkers_on_the_two_point(db: bearoff.Database) -> None:
    # Any roll but 1-1... 1-1 moves 2->1->off twice: 4 pips, off. Every roll bears both off except
    # a roll with a 1 and no double: 2-1 takes one off (2) and the other to the 1-point; x-1 with x >= 2
    # the same. So 10 non-double rolls with a 1 (x = 2..6, twice each) fail.
    d = db.finish((0, 2, 0, 0, 0, 0))
    assert d[1] == pytest.approx(26 / 36, abs=2e-5)
    assert d[2] == pytest.approx(10 / 36, abs=2e-5)


def test_distributions_sum_to_one_and_means_grow_with_pips(db: bearoff.Database) -> None:
    for side in [(0, 0, 0, 0, 0, 15), (3, 3, 3, 2, 2, 2), (5, 0, 0, 0, 0, 1)]:
        assert sum(db.finish(side)) == pytest.approx(1.0, abs=1e-9)
    # A lone checker, and a full stack, take longer the higher they stand.
    for n in (1, 2, 5, 15):
        means = [db.mean((0,) * k + (n,) + (0,) * (5 - k)) for k in range(6)]
        assert means == sorted(means)
    assert db.mean((1, 0, 0, 0, 0, 0)) == pytest.approx(1.0)
    # Averaged over the sides with the same pip count, more pips take more rolls. (Not side by side:
    # (1, 1, 0, 2, 0, 0) is quicker than (2, 0, 0, 2, 0, 0) with a pip more, because a checker on the
    # ace point cannot be borne off by a 2 while the 4-point is occupied; the brute force below agrees.)
    by_pips: dict[int, list[float]] = {}
    for side in bearoff.all_sides():
        by_pips.setdefault(sum((i + 1) * c for i, c in enumerate(side)), []).append(db.mean(side))
    averages = [sum(v) / len(v) for _, v in sorted(by_pips.items())]
    assert all(b >= a for a, b in itertools.pairwise(averages))
    assert averages[3] > averages[2] and averages[-1] > 12.0
    # An extra checker never makes the bear-off quicker.
    for side in bearoff.all_sides()[::101]:
        if sum(side) < 15:
            for i in range(6):
                more = list(side)
                more[i] += 1
                assert db.mean(tuple(more)) >= db.mean(side) - 1e-6


def test_first_off_distribution(db: bearoff.Database) -> None:
    # 15 checkers on the ace point: the first comes off at once.
    assert db.first_off((15, 0, 0, 0, 0, 0)) == pytest.approx((0.0, 1.0))
    # A side that has already borne a checker off needs no more rolls for it.
    assert db.first_off((14, 0, 0, 0, 0, 0)) == (1.0,)
    # 15 on the six-point: the others on the six-point forbid bearing off a checker from a lower point
    # with a larger die, so it takes a 6 (11 rolls), 5-1, 4-2 (two ways each), 3-3 or 2-2: 17 of 36.
    assert db.first_off((0, 0, 0, 0, 0, 15))[1] == pytest.approx(17 / 36, abs=2e-5)


def test_outputs_of_a_last_roll_position() -> None:
    # I have one checker on my ace point: I win at once, whatever the opponent has.
    pos = Position(side25((1, 0, 0, 0, 0, 0)), side25((0, 0, 0, 0, 0, 2)))
    assert bearoff.outputs(pos) == pytest.approx((1.0, 0.0, 0.0, 0.0, 0.0))
    # Two on my six-point against one on the opponent's ace point: I must bear both off this roll,
    # which only 6-6, 5-5, 4-4 and 3-3 do (4 of 36).
    pos = Position(side25((0, 0, 0, 0, 0, 2)), side25((1, 0, 0, 0, 0, 0)))
    assert bearoff.outputs(pos)[0] == pytest.approx(4 / 36, abs=2e-5)


def test_gammon_chances_in_a_bear_off() -> None:
    # One checker left on my ace point, all 15 of the opponent's still on: a certain gammon.
    pos = Position(side25((1, 0, 0, 0, 0, 0)), side25((0, 0, 0, 0, 0, 15)))
    assert bearoff.outputs(pos)[:3] == pytest.approx((1.0, 1.0, 0.0))
    # The mirror: I roll with 15 on my six-point, the opponent has one checker left. I cannot win,
    # and I lose a gammon unless this roll takes a checker off (17 of 36, as above).
    pos = Position(side25((0, 0, 0, 0, 0, 15)), side25((1, 0, 0, 0, 0, 0)))
    p, wg, _wbg, lg, _lbg = bearoff.outputs(pos)
    assert p == 0.0 and wg == 0.0
    assert lg == pytest.approx(19 / 36, abs=2e-5)


def test_not_a_bear_off_is_refused() -> None:
    with pytest.raises(ValueError, match="not a bear-off"):
        bearoff.outputs(Position.start())
    assert not bearoff.is_bearoff(Position.start())


def test_a_damaged_file_gives_a_clear_message(tmp_path: pytest.TempPathFactory) -> None:
    bad = tmp_path / "bad.xz"  # type: ignore[operator]
    bad.write_bytes(b"not xz")
    with pytest.raises(ValueError, match="make_bearoff"):
        bearoff.load(bad)


def test_the_build_reproduces_the_shipped_rows_on_small_sides() -> None:
    # The shipped file must be what the tool makes: recompute a few rows by brute force (min mean rolls).
    db = bearoff.default_db()
    memo: dict[Side, float] = {(0,) * 6: 0.0}

    def mean(side: Side) -> float:
        if side not in memo:
            memo[side] = 1.0 + sum(
                w / 36.0 * min(mean(s) for s in bearoff.roll_results(side, a, b)) for a, b, w in bearoff.ROLLS
            )
        return memo[side]

    for side in [(1, 1, 1, 0, 0, 0), (0, 0, 2, 0, 1, 0), (2, 0, 0, 0, 0, 2), (0, 0, 0, 3, 0, 0)]:
        assert db.mean(side) == pytest.approx(mean(side), abs=1e-3)
