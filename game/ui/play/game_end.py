"""Kiosk: the end of a visitor's game against the computer stays the visitor's (issue 36).

Before, the review opened by itself two seconds after the last checker, over the game-over card
("You win / Next game / Review / Leave"), then "Error rate 15.1! You made today's top ten". Now the
card stays until the visitor chooses, and the place on today's board comes after that choice:

- the game is reviewed beside the loop from its end, with nothing on screen (:meth:`KioskEnd.step`);
- Next game or Leave: when the game earns a place, the initials and today's board come first, then the
  choice is carried out (:meth:`KioskEnd.then`); the review not in yet: a card says the game is being
  checked for the board and waits for it, or the visitor skips it and the choice is carried out at once;
- Review: the review, then the place (as before, from the review's own screen);
- nobody touches the card for :data:`END_IDLE_SECONDS`: the place is offered (the visitor may have
  turned away before choosing; the kiosk's own idle reset comes later).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.ai.jobs import Job, Where
from game.engine.flow import Phase
from game.session.controller import GameController
from game.session.review_job import Reviewer, start_review
from game.ui.kiosk.checking import CheckingScene
from game.ui.kiosk.leaderboard import offer_entry
from game.ui.scene import Host

if TYPE_CHECKING:
    from game.record import MatchRecord
    from game.review import MatchReview

END_IDLE_SECONDS = 30.0
"""The game-over card untouched this long: the visitor's place is offered without a choice (a third of
the kiosk's own idle reset, 90 s by default, so the offer comes well before the demo takes over)."""


class KioskEnd:
    """The visitor's place on today's board after a kiosk game against the computer."""

    reviewer: Reviewer | None = None
    """The reviewer (tests: a quick fake); None: the real one."""

    def __init__(self, app: Host, game: GameController, record: Callable[[], MatchRecord | None]) -> None:
        self.app, self.game, self.record = app, game, record
        self.job: Job[MatchReview] | None = None
        self.reviewed = -1
        """The number of the game (``game.games``) whose review was started."""
        self.offered = -1
        """The number of the game whose place was offered (or reviewed on screen): once a game."""
        self.idle = 0.0

    def due(self) -> bool:
        """A visitor's game against the computer has just ended here and its place is not offered yet."""
        game = self.game
        if self.app.kiosk is None or game.mode != "computer" or game.human is None:
            return False
        return game.state.phase is Phase.GAME_OVER and self.offered != game.games

    def step(self, dt: float, on_top: bool) -> bool:
        """Start the review at the game's end; count the untouched card's time (``on_top``: the card is
        what the visitor sees). True when the idle time has run out and the place was offered now."""
        if not self.due():
            self.idle = 0.0
            return False
        if self.reviewed != self.game.games:
            record = self.record()
            if record is None:
                return False
            self.reviewed = self.game.games
            where = Where.WORKER if self.app.threaded_ai else Where.THREAD
            self.job = start_review(record, self.reviewer, where=where)
        if on_top:
            self.idle += dt
        return self.idle >= END_IDLE_SECONDS and self.offer(None)

    def touched(self) -> None:
        self.idle = 0.0

    @property
    def busy(self) -> bool:
        """The review is being made (the loop keeps stepping to see it done)."""
        return self.due() and self.job is not None and not self.job.done

    def offer(self, then: Callable[[], None] | None) -> bool:
        """Offer the place if the review is in and the game earns one; ``then`` follows the board (or
        the initials skipped). False: nothing offered (the caller carries on)."""
        job = self.job
        if not self.due() or job is None or not job.done or job.result is None:
            return False
        self.offered = self.game.games
        seat, result = self.game.human, self.game.state.result
        assert seat is not None and result is not None
        return offer_entry(self.app, job.result.players[seat], self.game.level, result.winner == seat, then)

    def then(self, choice: Callable[[], None]) -> Callable[[], None]:
        """``choice`` (Next game, Leave) carried out after the visitor's place, if one is offered."""

        def act() -> None:
            job = self.job
            if self.due() and job is not None and not job.done:  # not in yet: wait for it, or skip
                self.app.scenes.push(CheckingScene(self.app, job, act, choice))
                return
            if not self.offer(choice):
                choice()

        return act

    def reviewing(self) -> None:
        """The visitor chose Review: the review's screen offers the place; nothing more here."""
        if self.due():
            self.offered = self.game.games
        if self.job is not None:
            self.job.cancel()

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()


__all__ = ["END_IDLE_SECONDS", "KioskEnd"]
