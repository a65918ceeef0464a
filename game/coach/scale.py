"""The project's one scale of how good a decision was: good, inaccurate, mistake, blunder.

Why one scale in one place: the coach stops plays by it, the review counts a player's moves by
it and the replay names each step by it. When each kept its own numbers, a play the coach let
pass as good could show in the replay as a mistake. Every place that grades a decision imports
these numbers and :func:`grade`; a test keeps the checker benchmark's blunder count in step.

The loss is what the decision gave up against the expert's choice, in cubeless points for a
checker play and in points per cube for a cube decision (the review's units). The steps follow
the usual practice of strong players and of the programs they use: errors of a hundredth or two
are often no errors at all, four hundredths is a real mistake, and from eight hundredths (GNU
Backgammon's "bad" move) it is a blunder, the kind a coach must stop.

Pure standard library: the engine, the AI, the review and the screens may all import it.
"""

from __future__ import annotations

from enum import StrEnum

EQUAL = 0.0005
"""Losses below this are nothing at all: they show as 0.000, so no decision this close is ever
listed as a mistake (a bear-off play the exact table rates a millionth worse, say)."""
INACCURATE = 0.02
"""From here a decision is inaccurate: a slightly better choice existed. Below it, it is good (the
coach says "a good play" and names the better one as only a little better)."""
MISTAKE = 0.04
"""From here a decision is a mistake: what the coach set to stop "mistakes too" stops."""
BLUNDER = 0.08
"""From here a decision is a blunder: what the coach set to stop blunders stops."""


class Grade(StrEnum):
    """A decision's grade, best first; ordered (``Grade.MISTAKE < Grade.BLUNDER``) by how bad it is,
    not by spelling. The values are the words the review's exports carry and the last part of the
    grades' catalogue keys."""

    GOOD = "good"
    INACCURATE = "inaccurate"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def rank(self) -> int:
        """0 for good up to 3 for a blunder."""
        return GRADES.index(self)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self.rank < other.rank

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self.rank <= other.rank

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self.rank > other.rank

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self.rank >= other.rank


GRADES: tuple[Grade, ...] = tuple(Grade)
"""The grades from best to worst."""

_STEPS: tuple[tuple[float, Grade], ...] = (
    (BLUNDER, Grade.BLUNDER),
    (MISTAKE, Grade.MISTAKE),
    (INACCURATE, Grade.INACCURATE),
)


def grade(loss: float) -> Grade:
    """The grade of a decision that gave up ``loss`` against the expert's choice."""
    for limit, name in _STEPS:
        if loss >= limit:
            return name
    return Grade.GOOD


def is_error(loss: float) -> bool:
    """Whether a decision is worse than good (inaccurate or worse): a mistake the replay visits."""
    return loss >= INACCURATE


__all__ = ["BLUNDER", "EQUAL", "GRADES", "INACCURATE", "MISTAKE", "Grade", "grade", "is_error"]
