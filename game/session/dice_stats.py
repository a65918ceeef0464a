"""Dice statistics: how often each number and each double came up since start-up, against chance.

Why: "the dice are rigged" is the most common complaint about backgammon
programs. The honest answer is to show the counts next to what fair dice
predict, with a standard test of how surprising the difference is:

* each number: every die is 1..6 with probability 1/6, so the six face counts
  over ``2 * rolls`` dice get a chi-square test with 5 degrees of freedom;
* each double: a roll is the double ``d-d`` with probability 1/36, and not a
  double with probability 30/36; seven categories, 6 degrees of freedom.

The p-value is the chance that fair dice are at least this uneven, computed
with the regularised upper incomplete gamma function (pure ``math``). The
verdict uses the smaller of the two p-values with a Bonferroni factor of 2 and
calls a spread unusual below 1 %, so fair dice are flagged in about one
start-up in a hundred, as the text says.

Here the numbers and the listener that counts the rolls; the screen that shows them is
:mod:`game.ui.scenes.dice_stats`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from game.session import events as ev

MIN_ROLLS = 30
"""Below this many rolls the test says nothing useful; the panel says so instead of a verdict."""
ALPHA = 0.01


@dataclass(frozen=True)
class DiceStats:
    """Counts for one session; immutable, :meth:`add` returns the updated value."""

    faces: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    doubles: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    rolls: int = 0

    def add(self, a: int, b: int) -> DiceStats:
        """The statistics with one more roll of two dice (an opening roll counts too: both dice are fair)."""
        for d in (a, b):
            if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
                raise ValueError(f"a die shows 1 to 6, not {d!r}")
        faces = list(self.faces)
        faces[a - 1] += 1
        faces[b - 1] += 1
        doubles = list(self.doubles)
        if a == b:
            doubles[a - 1] += 1
        return DiceStats(tuple(faces), tuple(doubles), self.rolls + 1)

    @classmethod
    def from_rolls(cls, rolls: Iterable[tuple[int, int]]) -> DiceStats:
        stats = cls()
        for a, b in rolls:
            stats = stats.add(a, b)
        return stats

    @property
    def face_expected(self) -> float:
        return 2 * self.rolls / 6

    @property
    def double_expected(self) -> float:
        return self.rolls / 36

    def face_test(self) -> tuple[float, int, float]:
        """(chi-square, degrees of freedom, p-value) for the six numbers."""
        e = self.face_expected
        if e <= 0:
            return 0.0, 5, 1.0
        chi = sum((o - e) ** 2 / e for o in self.faces)
        return chi, 5, chi_square_p(chi, 5)

    def double_test(self) -> tuple[float, int, float]:
        """(chi-square, degrees of freedom, p-value) for the six doubles plus "not a double"."""
        if self.rolls <= 0:
            return 0.0, 6, 1.0
        e = self.double_expected
        non = self.rolls - sum(self.doubles)
        e_non = self.rolls * 30 / 36
        chi = sum((o - e) ** 2 / e for o in self.doubles) + (non - e_non) ** 2 / e_non
        return chi, 6, chi_square_p(chi, 6)

    def verdict(self) -> tuple[str, float]:
        """("too_few" | "ok" | "odd", p) where p is the adjusted p-value shown to players."""
        if self.rolls < MIN_ROLLS:
            return "too_few", 1.0
        p = min(1.0, 2 * min(self.face_test()[2], self.double_test()[2]))
        return ("odd" if p < ALPHA else "ok"), p


def _gamma_q(a: float, x: float) -> float:
    """Regularised upper incomplete gamma Q(a, x) (series below a + 1, continued fraction above)."""
    if x <= 0:
        return 1.0
    gln = math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(500):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - gln))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(-x + a * math.log(x) - gln) * h)


def chi_square_p(chi: float, df: int) -> float:
    """P(X >= chi) for a chi-square variable with ``df`` degrees of freedom."""
    return _gamma_q(df / 2, chi / 2)


def percent_text(p: float) -> str:
    """A probability as players read it: whole percent, or one decimal below 1 %, never "0"."""
    pct = p * 100
    if pct >= 1:
        return str(round(pct))
    if pct >= 0.1:
        return f"{pct:.1f}"
    return "< 0.1"


class DiceStatsCounter:
    """Counts every roll of a played game (the demo's are not the visitors') into the dice statistics."""

    def __init__(self, get: Callable[[], DiceStats], put: Callable[[DiceStats], None]) -> None:
        self.get = get
        self.put = put

    def __call__(self, event: ev.GameEvent) -> None:
        if isinstance(event, (ev.GameStarted,)) or not event.game.mode.kept:
            return
        if isinstance(event, ev.DiceRolled):
            self.put(self.get().add(*event.dice))
        elif isinstance(event, ev.GameResumed):
            stats = self.get()
            for a, b in event.dice:
                stats = stats.add(a, b)
            self.put(stats)


__all__ = ["ALPHA", "MIN_ROLLS", "DiceStats", "DiceStatsCounter", "chi_square_p", "percent_text"]
