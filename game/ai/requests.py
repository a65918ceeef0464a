"""The questions the game asks the computer, typed: a play, a double, a take, a cube advice.

Why values: a question is sent to a worker process (:mod:`game.ai.jobs`), so it must be plain
data that pickles, and its answer's type must be known where it is read. Each request is a
frozen dataclass that, called, answers itself through :mod:`game.ai.api`; the game never calls
the AI any other way. A play hint is the expert's :class:`PlayRequest`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.moves import Move
from game.engine.position import Position

from . import api
from .question import CubeQuestion


@dataclass(frozen=True)
class PlayRequest:
    """The play of ``level`` for ``dice`` in ``position`` (the player on roll's); the moves, none
    when the roll cannot be played."""

    position: Position
    dice: tuple[int, int]
    level: str
    seed: int = 0

    def __call__(self) -> tuple[Move, ...]:
        play = api.choose_play(self.position, self.dice, self.level, seed=self.seed)
        return tuple(play.moves) if play is not None else ()


@dataclass(frozen=True)
class DoubleRequest:
    """Should the player on roll double now, at ``level``?"""

    cube: CubeQuestion
    level: str
    budget: float | None = api.CUBE_BUDGET

    def __call__(self) -> bool:
        return api.should_double(self.cube, self.level, budget=self.budget)


@dataclass(frozen=True)
class TakeRequest:
    """Should the player answering a double take it, at ``level``?"""

    cube: CubeQuestion
    level: str
    budget: float | None = api.CUBE_BUDGET

    def __call__(self) -> bool:
        return api.should_take(self.cube, self.level, budget=self.budget)


@dataclass(frozen=True)
class AdviceRequest:
    """The expert's cube advice for the Hint: before the roll, or ``answering`` a double."""

    cube: CubeQuestion
    answering: bool
    budget: float | None = api.CUBE_BUDGET

    def __call__(self) -> api.CubeAdvice:
        return api.cube_advice(self.cube, answering=self.answering, budget=self.budget)


__all__ = ["AdviceRequest", "CubeQuestion", "DoubleRequest", "PlayRequest", "TakeRequest"]
