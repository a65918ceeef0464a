"""Done, Double, Take and Pass as the player presses them: the coach may hold a costly one back.

A mixin of the game scene: each action asks the coach (:class:`game.ui.play.coach_card.CoachCard`)
first; when the coach lets it pass, or the player keeps it on the coach's card, the action itself
runs (:meth:`CoachedActions._end_turn`, ``_double``, ``answer``: the engine's through the turn
controller, which refuses with its reason). A tapped answer to a double then still waits its Undo
window (:mod:`game.ui.play.answer_window`); the T and P keys count at once. While the card (or the
moment the coach takes to answer) holds the game, presses go to the card: its three buttons, the
Menu button, and the keys (:meth:`CoachedActions.coach_command`).
"""

from __future__ import annotations

from game.engine.flow import Double, EndTurn
from game.i18n import Message, tr
from game.session.commands import Command
from game.session.controller import GameController
from game.ui.input import Intent, IntentKind
from game.ui.play.answer_window import AnswerWindow
from game.ui.play.coach_card import CoachCard
from game.ui.widgets import ButtonGroup


class CoachedActions:
    coach: CoachCard
    answer_window: AnswerWindow
    game: GameController
    buttons: ButtonGroup
    modal: ButtonGroup
    flash_time: float
    flash_counts_moves: bool
    flash_keep: bool

    @property
    def modal_ready(self) -> bool:
        raise NotImplementedError  # the scene's: the card's buttons take presses after a guard

    def flash(self, text: str | Message, seconds: float = 0.0, keep: bool = False) -> None:
        raise NotImplementedError  # the scene's status line

    def _end_turn(self) -> None:
        """The turn ends, or the engine says why not (the dice left to play)."""
        reason = self.game.do(EndTurn())
        if reason:
            self.flash(reason)
            self.flash_counts_moves = True
        elif not self.flash_keep:
            # A refusal flashed during this turn is about a move that is over now: it must not
            # stay up over the next player's (or the computer's) turn. (News, a failed save, stays.)
            self.flash_time = 0.0

    def _double(self) -> None:
        reason = self.game.do(Double())
        if reason:
            self.flash(reason)

    def answer(self, take: bool) -> None:
        """The answer to the double counts (what Take and Pass do once the coach lets them)."""
        self.game.answer(take)

    def end_turn(self) -> None:
        if not self.coach.check_play(self._end_turn):
            self._end_turn()

    def offer_double(self) -> None:
        if not self.coach.check_cube("double", self._double):
            self._double()

    def answer_double(self, take: bool) -> None:
        """An answer the player has settled on: it counts after its window with Undo."""
        self.answer_window.start(take)

    def choose_answer(self, take: bool, at_once: bool = False) -> None:
        """Take or Pass pressed: the coach may ask first; then the answer counts after its Undo
        window (a tap, Enter, a controller's A) or, ``at_once`` (the T and P keys), now."""

        def go() -> None:
            if at_once:
                self.answer(take)
            else:
                self.answer_double(take)

        if not self.coach.check_cube("take" if take else "pass", go):
            go()

    def coach_pointer(self, intent: Intent) -> bool:
        """A pointer's intent while the coach holds the game: True when it took it (the board and
        the panel get nothing; the Menu button stays live)."""
        coach = self.coach
        if not coach.holding:
            return False
        menu = self.buttons.buttons[0]
        if coach.verdict is not None:
            on_card = any(b.rect.collidepoint(intent.pos) for b in self.modal.buttons)
            if self.modal_ready or intent.kind not in (IntentKind.DOWN, IntentKind.CLICK):
                self.modal.handle(intent)
            if intent.kind == IntentKind.CLICK and not on_card and not menu.hit(intent.pos):
                self.flash(tr("coach.card.choose"))  # a tap beside the card's buttons: say why
        if menu.hit(intent.pos):
            self.buttons.handle(intent)
        return True

    def coach_command(self, name: Command) -> bool:
        """A key or a controller's button while the coach holds the game: True when it took it.
        The same cube key again (T on a take's card) keeps the answer ("yes, I am sure"); Done shows
        the focus, then presses the focused button."""
        coach = self.coach
        verdict = coach.verdict
        if not coach.holding:
            return False
        if verdict is None or not self.modal_ready:
            return True  # the coach answers in a moment, or the card's guard is still on
        if name in (Command.TAKE, Command.PASS):
            if verdict.kind == name:
                coach.keep()
        elif name == Command.DONE:
            self.modal.navigate(Command.SELECT)
        else:
            self.modal.navigate(name)
        return True


__all__ = ["CoachedActions"]
