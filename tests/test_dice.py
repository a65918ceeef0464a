"""Dice: every face 1..6, uniformly, from an injected generator (never 0 or 7, never a missing 6)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.dice import FACES, roll, roll_die, roll_opening


def _chi_square(counts: Counter[int], n: int) -> float:
    expected = n / 6
    return sum((counts[f] - expected) ** 2 / expected for f in FACES)


def test_sixty_thousand_rolls_are_uniform() -> None:
    rng = random.Random(20261130)
    counts: Counter[int] = Counter()
    n_rolls = 30_000
    for _ in range(n_rolls):
        a, b = roll(rng)
        counts[a] += 1
        counts[b] += 1
    assert set(counts) == set(FACES)
    # 5 degrees of freedom: P(chi2 > 30) is about 1.5e-5, so a fair die essentially never fails,
    # while a die that never shows 6 (chi2 ~ 12,000) or is 2% biased on one face (~ 40) does.
    assert _chi_square(counts, 2 * n_rolls) < 30.0


def test_a_die_that_never_rolls_six_would_fail_the_check() -> None:
    """The chi-square check above can fail: a classic randrange(1, 6) bug is far beyond the threshold."""
    rng = random.Random(1)
    counts = Counter(rng.randrange(1, 6) for _ in range(60_000))
    assert _chi_square(counts, 60_000) > 30.0


@settings(max_examples=200)
@given(st.integers(min_value=0, max_value=2**32))
def test_dice_are_always_one_to_six(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(50):
        a, b = roll(rng)
        assert 1 <= a <= 6 and 1 <= b <= 6
        assert 1 <= roll_die(rng) <= 6
        c, d = roll_opening(rng)
        assert c in FACES and d in FACES


def test_same_seed_same_dice() -> None:
    assert [roll(random.Random(7)) for _ in range(3)] == [roll(random.Random(7)) for _ in range(3)]
    rng1, rng2 = random.Random(5), random.Random(5)
    assert [roll(rng1) for _ in range(20)] == [roll(rng2) for _ in range(20)]


def test_doubles_come_one_time_in_six() -> None:
    rng = random.Random(99)
    n = 36_000
    doubles = sum(1 for _ in range(n) if len(set(roll(rng))) == 1)
    assert abs(doubles - n / 6) < 5 * (n * (1 / 6) * (5 / 6)) ** 0.5
