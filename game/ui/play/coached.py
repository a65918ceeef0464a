"""Roll, Done, Double, Take and Pass as the player presses them: the coach may hold a costly one back.

The game scene owns one :class:`CoachedActions` and calls it: each action asks the coach
(:class:`game.ui.play.coach_card.CoachCard`) first; when the coach lets it pass, or the player keeps
it on the coach's card, the action itself runs (the engine's, through the turn controller, which
refuses with its reason). A tapped answer to a double then still waits its Undo window
(:mod:`game.ui.play.answer_window`); the T and P keys count at once. While the card (or the moment
the coach takes to answer) holds the game, presses go to the card: its three buttons, the Menu
button, and the keys (:meth:`CoachedActions.command`).
"""

from __future__ import annotations

from typing import Protocol

from game.ai.question import CubeAction
from game.engine.flow import Double, EndTurn
from game.i18n import Message, tr
from game.session.commands import Command
from game.session.controller import GameController
from game.ui.input import Intent, IntentKind
from game.ui.play.coach_card import CoachCard
from game.ui.widgets import Button, ButtonGroup


class ActionHost(Protocol):
    """What the coached actions need of the game scene: its game, its coach, its buttons and status
    line, and its own last steps (:meth:`answer`, :meth:`answer_double`, which Learn to play
    changes)."""

    coach: CoachCard
    game: GameController
    buttons: ButtonGroup
    modal: ButtonGroup
    flash_time: float
    flash_counts_moves: bool
    flash_keep: bool

    @property
    def modal_ready(self) -> bool: ...
    @property
    def menu_button(self) -> Button: ...

    def flash(self, text: str | Message) -> None: ...
    def answer(self, take: bool) -> None: ...
    def answer_double(self, take: bool) -> None: ...


class CoachedActions:
    """The player's Roll, Done, Double, Take and Pass, each checked by the coach first."""

    def __init__(self, host: ActionHost) -> None:
        self.host = host

    def _end_turn(self) -> None:
        """The turn ends, or the engine says why not (the dice left to play)."""
        host = self.host
        reason = host.game.do(EndTurn())
        if reason:
            host.flash(reason)
            host.flash_counts_moves = True
        elif not host.flash_keep:
            # A refusal flashed during this turn is about a move that is over now: it must not
            # stay up over the next player's (or the computer's) turn. (News, a failed save, stays.)
            host.flash_time = 0.0

    def _double(self) -> None:
        reason = self.host.game.do(Double())
        if reason:
            self.host.flash(reason)

    def end_turn(self) -> None:
        if not self.host.coach.check_play(self._end_turn):
            self._end_turn()

    def offer_double(self) -> None:
        if not self.host.coach.check_cube(CubeAction.DOUBLE, self._double):
            self._double()

    def roll(self) -> bool:
        """Roll pressed (or the dice or a checker touched before the roll): not doubling is a cube
        decision, so the coach may ask first. True when the dice were rolled now."""
        game = self.host.game
        if self.host.coach.check_cube(CubeAction.NO_DOUBLE, game.roll):
            return False
        game.roll()
        return True

    def choose_answer(self, take: bool, at_once: bool = False) -> None:
        """Take or Pass pressed: the coach may ask first; then the answer counts after its Undo
        window (a tap, Enter, a controller's A) or, ``at_once`` (the T and P keys), now."""
        host = self.host

        def go() -> None:
            if at_once:
                host.answer(take)
            else:
                host.answer_double(take)

        if not host.coach.check_cube(CubeAction.TAKE if take else CubeAction.PASS, go):
            go()

    def pointer(self, intent: Intent) -> bool:
        """A pointer's intent while the coach holds the game: True when it took it (the board and
        the panel get nothing; the Menu button stays live)."""
        host = self.host
        coach = host.coach
        if not coach.holding:
            return False
        menu = host.menu_button
        if coach.verdict is not None:
            on_card = any(b.rect.collidepoint(intent.pos) for b in host.modal.buttons)
            if host.modal_ready or intent.kind not in (IntentKind.DOWN, IntentKind.CLICK):
                host.modal.handle(intent)
            if intent.kind == IntentKind.CLICK and not on_card and not menu.hit(intent.pos):
                host.flash(tr("coach.card.choose"))  # a tap beside the card's buttons: say why
        if menu.hit(intent.pos):
            host.buttons.handle(intent)
        return True

    def command(self, name: Command) -> bool:
        """A key or a controller's button while the coach holds the game: True when it took it.
        The same cube key again (T on a take's card) keeps the answer ("yes, I am sure"); Done shows
        the focus, then presses the focused button."""
        host = self.host
        coach = host.coach
        verdict = coach.verdict
        if not coach.holding:
            return False
        if verdict is None or not host.modal_ready:
            return True  # the coach answers in a moment, or the card's guard is still on
        if name in (Command.TAKE, Command.PASS):
            if verdict.action == (CubeAction.TAKE if name == Command.TAKE else CubeAction.PASS):
                coach.keep()
        elif name == Command.DONE:
            host.modal.navigate(Command.SELECT)
        else:
            host.modal.navigate(name)
        return True


__all__ = ["ActionHost", "CoachedActions"]
