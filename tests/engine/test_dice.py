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


def test_a_single_die_is_uniform() -> None:
    rng = random.Random(20261201)
    counts: Counter[int] = Counter(roll_die(rng) for _ in range(30_000))
    assert set(counts) == set(FACES)
    assert _chi_square(counts, 30_000) < 30.0


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


def test_the_opening_roll_is_fair() -> None:
    """The engine's opening, played as a game plays it (``roll_for`` until the game moves on):
    never a double, each of the 30 ordered results (player 0's die, player 1's die) equally
    likely, the higher die moves first with his own die first, and one opening in five needs a
    re-roll (a tie comes one time in six)."""
    from game.engine.flow import Phase, apply, new_game, roll_for

    rng = random.Random(20261201)
    n = 30_000
    counts: Counter[tuple[int, int]] = Counter()
    ties = 0
    for _ in range(n):
        state = new_game()
        while state.phase is Phase.OPENING:
            state = apply(state, roll_for(state, rng))
            ties += state.phase is Phase.OPENING
        assert state.phase is Phase.MOVING and state.opening is not None
        d0, d1 = state.opening
        assert d0 != d1
        first = 0 if d0 > d1 else 1
        assert state.turn == first
        assert state.dice == ((d0, d1) if first == 0 else (d1, d0))
        counts[(d0, d1)] += 1
    cells = [(a, b) for a in FACES for b in FACES if a != b]
    assert set(counts) == set(cells)
    expected = n / 30
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in cells)
    # 29 degrees of freedom: P(chi2 > 70) is about 3e-5. One result 10% too frequent (~ +100)
    # or a face that never shows (~ 10,000) is far beyond it.
    assert chi2 < 70.0, f"chi-square {chi2:.1f} over the 30 opening results"
    # Re-rolls: a geometric count with mean n/5 and variance n * (1/6) / (5/6)**2.
    assert abs(ties - n / 5) < 5 * (n * (1 / 6) / (5 / 6) ** 2) ** 0.5
    # Who starts: each player half the time.
    starts0 = sum(v for (a, b), v in counts.items() if a > b)
    assert abs(starts0 - n / 2) < 5 * (n / 4) ** 0.5
