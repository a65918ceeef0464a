"""The computer player as the session sees it: typed questions about a game, answered as jobs.

Why an adapter: the turn controller and the Hint ask in the game's terms (a game state); the AI
answers questions about a position seen by whoever decides (:mod:`game.ai.requests`). This
module asks with :meth:`CubeQuestion.from_state` and starts every question where
this game's computer thinks (:class:`game.ai.jobs.Where`): in a worker process for the screen,
so that the picture never waits for it; at once for the tests and ``--frames``, so that a
seeded game replays identically. Each answer is a :class:`game.ai.jobs.Job`, the one job type
the review uses too: read it, never wait for it, cancel it when the question no longer matters.

The AI is imported like any other module. If it cannot be (a syntax error in ``game/ai/api.py``,
a file missing from an install), importing this module fails with the reason, and so does the
game's start: the game never plays on with something else in the computer's place.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from game.ai import api
from game.ai.jobs import Job, Where, start, warm
from game.ai.levels import DEFAULT_LEVEL, LEVELS
from game.ai.requests import AdviceRequest, CubeQuestion, DoubleRequest, PlayRequest, TakeRequest
from game.engine.flow import GameState, Phase
from game.engine.moves import Move
from game.engine.position import Position

T = TypeVar("T")


class Withdrawable(Protocol):
    """A job as :meth:`Opponent.close` sees it, whatever its answer's type."""

    @property
    def done(self) -> bool: ...

    def cancel(self) -> None: ...


class Opponent:
    """Asks the computer for a play, a double, a take, a play hint or a cube advice."""

    def __init__(
        self,
        level: str | None = None,
        *,
        where: Where = Where.HERE,
        seed: int = 0,
        budget: float | None = api.CUBE_BUDGET,
    ) -> None:
        self.level = level if level in LEVELS else DEFAULT_LEVEL
        self.where = where
        """Where the questions are answered (a worker process for the screen, at once for tests)."""
        self.seed = seed
        self.budget = budget
        """CPU seconds for one cube decision of the expert (:data:`game.ai.api.CUBE_BUDGET`)."""
        self.calls = 0
        self._open: list[Withdrawable] = []
        # The workers get ready beside the loop (the network loaded in each), so the first
        # question is answered as quickly as the next.
        warm(where)

    def _seed(self) -> int:
        """Each of the computer's own questions gets the next seed of this game (its noise)."""
        self.calls += 1
        return self.seed * 100_003 + self.calls

    def _keep(self, job: Job[T]) -> Job[T]:
        self._open = [j for j in self._open if not j.done]
        self._open.append(job)
        return job

    # -- the computer's own decisions ------------------------------------------------------------

    def play(self, state: GameState) -> Job[tuple[Move, ...]]:
        """The computer's play for the roll in ``state`` (the player on roll's)."""
        assert state.dice is not None
        request = PlayRequest(state.position, state.dice, self.level, self._seed())
        return self._keep(start(request, self.where, what="play"))

    def double(self, state: GameState) -> Job[bool]:
        """Does the computer, on roll in ``state``, double?"""
        self._seed()
        request = DoubleRequest(CubeQuestion.from_state(state, answering=False), self.level, self.budget)
        return self._keep(start(request, self.where, what="double"))

    def take(self, state: GameState) -> Job[bool]:
        """Does the computer take the double offered in ``state``?"""
        self._seed()
        request = TakeRequest(CubeQuestion.from_state(state, answering=True), self.level, self.budget)
        return self._keep(start(request, self.where, what="take"))

    # -- hints for a human ------------------------------------------------------------------------

    def hint(self, start_position: Position, dice: tuple[int, int]) -> Job[tuple[Move, ...]]:
        """The expert's play from ``start_position`` (the turn's start) for ``dice``; no moves: nothing
        to suggest."""
        request = PlayRequest(start_position, dice, "expert")
        return self._keep(start(request, self.where, what="hint"))

    def advice(self, state: GameState) -> Job[api.CubeAdvice]:
        """The expert's cube advice: before the roll for the player on roll, or on a double for the
        player who must answer."""
        answering = state.phase is Phase.CUBE_OFFERED
        request = AdviceRequest(CubeQuestion.from_state(state, answering), answering, self.budget)
        return self._keep(start(request, self.where, what="cube advice"))

    def close(self) -> None:
        """The game leaves the screen: withdraw every question still being answered."""
        for job in self._open:
            job.cancel()
        self._open = []


__all__ = ["DEFAULT_LEVEL", "LEVELS", "Opponent"]
