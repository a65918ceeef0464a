"""The game screen: one match on the board, put together from its parts in ``game.ui.play``.

The scene owns the parts and the one-line flash message; it routes intents
(buttons and dialogs first, then the hands on the board), steps the animations and
then the turn controller, and draws the cached frame plus what moves. Every change
of the game goes through the controller, which publishes it to the App's listeners.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.engine.flow import Action, GameState, Phase, Undo
from game.engine.match import Match
from game.record import MatchRecord
from game.session.commands import Command
from game.session.modes import GameMode
from game.ui.input import IntentKind

if TYPE_CHECKING:
    from game.review import MatchReview

from game.ai.jobs import Where
from game.i18n import Message, engine_refusal, tr, tr_message
from game.session import events as ev
from game.session.autoplay import AutoPlay
from game.session.controller import GameController, GameSetup, ScreenHooks
from game.ui.board.anim import Animator, DiceRoll
from game.ui.board.sprites import Sprites
from game.ui.board.view import BoardView
from game.ui.input import Intent
from game.ui.play import dialog_input, dialogs, dice_parts, panel
from game.ui.play.answer_window import AnswerWindow
from game.ui.play.board_paint import Frame
from game.ui.play.coach_card import CoachCard
from game.ui.play.coached import CoachedActions
from game.ui.play.cursor import BoardCursor
from game.ui.play.game_end import KioskEnd
from game.ui.play.hints import Hints
from game.ui.play.match_terms import MatchTerms
from game.ui.play.motion import animate
from game.ui.play.picture import still_key
from game.ui.play.turn_input import TurnInput
from game.ui.scene import Host, Scene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.review import ReviewScene
from game.ui.widgets import Button, ButtonGroup

Drop = tuple[int, int] | None
"""Where a dragged checker was let go (None: played by a tap or a key)."""
FLASH_TIME = 3.5
"""Kiosk: seconds of the game-over dialog before a visitor's game against the computer is reviewed."""
MODAL_GUARD = 0.8
"""Seconds a new cube offer or game-over dialog ignores presses on its buttons (taps, Enter, a
controller's A). Why: a player pressing Enter to hurry the game, or tapping where the dialog then
appears, took a double at 4 or skipped the match result before seeing it (found in a play test).
The explicit keys (T, P) act at once: nobody presses them by accident."""


class GameScene(Scene):
    """One match on screen; Done, Double, Take and Pass go through its :class:`CoachedActions`."""

    def __init__(self, app: Host, setup: GameSetup) -> None:
        super().__init__(app)
        self.anim = Animator(speed=app.speed, reduced=app.settings.reduced_motion)
        self.game = self.make_controller(setup)
        self.game.face_to_face = lambda: self.app.settings.table
        self.view = BoardView(app.sprites)
        self.dice = DiceRoll(rng=random.Random(self.game.seed ^ 0x5EED), still=app.settings.reduced_motion)
        self.buttons = ButtonGroup()
        self.modal = ButtonGroup()
        self.hands = TurnInput(self)
        self.hints = Hints(self.game, self.flash, self.rebuild_buttons)
        self.frame = Frame()
        self.cursor = BoardCursor(self)
        self.terms = MatchTerms(app, self.game, self)  # the clock, typed dice, back to a tournament
        self.flash_text = ""
        self.flash_time = 0.0
        self.flash_counts_moves = False
        """The flash is Done's refusal, which counts the dice left: a move or an undo makes it stale."""
        self.flash_keep = False
        """The flash is news, not a refusal (a failed save): the end of the turn leaves it up."""
        self.dialog_hidden = False
        """The game-over dialog is not painted: the attract mode's top ten stands in its place."""
        self.offered_cube_on_board = False
        """A double on the table shows its cube on the board, at the value offered (Learn to play:
        its card covers the offer's card, which shows the cube in a game)."""
        self.win_pending = False
        """The game just ended: the win sounds once the last checker has landed."""
        self.modal_age = 0.0
        """Seconds the current dialog has been on screen (counted once the board stops moving)."""
        self.status_note = ""  # the status line while something holds the game (the coach, an answer)
        self.answer_window = AnswerWindow(self, self.answer)
        where = Where.WORKER if app.threaded_ai else Where.HERE  # the coach thinks where the computer does
        self.coach = CoachCard(self, app.settings.coach, app.kiosk is not None, where)
        self.actions = CoachedActions(self)
        self.game.auto_play = AutoPlay(lambda: self.app.settings)  # forced plays, equal bear-offs
        self.kiosk_end = KioskEnd(app, self.game, self.finished_record)  # the visitor's place, once chosen
        self._on_state()
        self.game.start()

    def make_controller(self, setup: GameSetup) -> GameController:
        """The turn controller this screen plays through (Learn to play's own makes no automatic step)."""
        where, publish = Where.WORKER if self.app.threaded_ai else Where.HERE, self.app.events.publish
        return GameController(
            setup, thinking=where, publish=publish, speed_factor=self.anim.factor, hooks=self.screen_hooks()
        )

    def screen_hooks(self) -> ScreenHooks:
        """What the controller tells this screen: changes to animate, new states, resets, messages."""
        return ScreenHooks(self._on_change, self._on_state, self._on_reset, self.flash)

    # -- the game as the rest of the screen reads it ---------------------------------------------

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def modal_ready(self) -> bool:
        """The dialog on screen takes presses (it has been up for ``MODAL_GUARD`` seconds)."""
        return self.modal_age >= MODAL_GUARD

    @property
    def menu_button(self) -> Button:
        """The Menu button, live over every dialog and the coach's card."""
        return next(b for b in self.buttons.buttons if b.action == self.open_menu)

    @property
    def match(self) -> Match:
        return self.game.match

    @property
    def keys(self) -> dict[str, str] | None:
        return dict(self.app.settings.keys) if self.cursor.engaged else None

    @property
    def sprites(self) -> Sprites:
        return self.app.sprites

    def do(self, action: Action, drop: tuple[int, int] | None = None) -> Message | None:
        """Apply ``action`` through the engine; the refusal (nothing changed) if any."""
        return self.game.do(action, drop)

    def resume(
        self, state: GameState, match: Match | None = None, dice: tuple[tuple[int, int], ...] = ()
    ) -> None:
        """Show ``state`` (a loaded game or a test set-up) as the current game, without animation."""
        self.game.resume(state, match, dice)

    # -- hooks of the controller ---------------------------------------------------------------

    def _on_change(self, old: GameState, new: GameState, action: Action, drop: Drop) -> None:
        animate(self.anim, self.dice, old, new, action, drop)
        if self.flash_counts_moves and new.moves != old.moves:
            self.flash_time = 0.0
        if new.phase is Phase.GAME_OVER and old.phase is not Phase.GAME_OVER:
            self.win_pending = True

    def _on_state(self) -> None:
        self.hands.refresh()
        self.hints.clear()
        self.buttons.focus = None  # the buttons change with the phase: a kept focus would land on another
        self.modal.focus = None
        self.modal_age = 0.0
        self.coach.on_state()
        self.rebuild_buttons()
        if self.state.phase is Phase.GAME_OVER and self.modal.buttons and not self.app.settings.speech:
            # The ring on Next game from the start (Enter waits for the guard). Not in the spoken mode:
            # the focused button is read out, and it cut off the result being said.
            self.modal.focus = 0

    def _on_reset(self, resumed: bool) -> None:
        self.answer_window.cancel()
        self.coach.cancel()
        self.anim.skip(silent=True)
        self.anim.take_sounds()
        if resumed:
            self.win_pending = False
            self.hands.cancel()
            s = self.game.state
            if s.dice is not None:
                self.dice.show(s.dice, (s.turn, s.turn))
        else:
            self.dice = DiceRoll(rng=self.dice.rng, still=self.dice.still)

    def rebuild_buttons(self) -> None:
        self.buttons.buttons = panel.buttons(self)
        self.modal.buttons = dialogs.modal_buttons(self)
        self.answer_window.build()  # an answer that can still be undone: Undo stands in for the offer's
        self.coach.build()  # the coach's card stands in for the dialog's buttons

    # -- the player's actions ----------------------------------------------------------------

    def flash(self, text: str | Message, seconds: float = FLASH_TIME, keep: bool = False) -> None:
        """Show ``text`` on the status line for ``seconds``; a message (the session's words, such as
        the engine's refusal) is said in the language of the moment."""
        self.flash_text = text if isinstance(text, str) else tr_message(text)
        self.flash_time = seconds
        self.flash_counts_moves = False
        self.flash_keep = keep

    def _refused(self, reason: Message | None) -> None:
        if reason:
            self.flash(reason)

    def end_turn(self) -> None:
        self.actions.end_turn()

    def offer_double(self) -> None:
        self.actions.offer_double()

    def roll_dice(self) -> None:
        """Roll (the button, the dice or a checker touched, the key): the coach may ask first."""
        self.actions.roll()

    def answer(self, take: bool) -> None:
        """The answer to the double counts (what Take and Pass do once the coach lets them)."""
        self.game.answer(take)

    def answer_double(self, take: bool) -> None:
        """An answer the player has settled on: it counts after its window with Undo."""
        self.answer_window.start(take)

    def choose_answer(self, take: bool, at_once: bool = False) -> None:
        self.actions.choose_answer(take, at_once)

    def undo(self) -> None:
        self.anim.skip()
        self._refused(self.game.do(Undo()))

    def ask_hint(self) -> None:
        """The expert's play for this roll or, before a roll or on a double, its cube advice."""
        if self.hints.cube_due():
            self.hints.ask_cube()
        else:
            self.hints.ask()

    def ask_cube_hint(self) -> None:
        self.hints.ask_cube()

    def next_game(self) -> None:
        self.kiosk_end.then(self.game.next_game)()  # a kiosk visitor's place on today's board first

    def finished_record(self) -> MatchRecord | None:
        """The record of the game that just ended on this screen, if the recorder kept it."""
        record = self.app.records.last_game()
        if record is None:
            return None
        kept, s = record.games[0], self.game.state
        return record if (kept.score, kept.result) == (s.score, s.result) else None

    def check_dice(self) -> None:
        dice_parts.open_check(self.app, self.game)

    def open_review(self) -> None:
        """The review of the game just finished (from the game-over dialog)."""
        record, game = self.finished_record(), self.game
        if record is None:
            self.flash(tr("review.no_record"))  # not recorded (a resumed game whose record was lost)
            return
        self.kiosk_end.reviewing()  # the review's screen offers the place
        names = (tr_message(game.name(0)), tr_message(game.name(1)))
        title = tr("review.title_game", n=record.games[0].number)
        on_review = None
        seat = game.human
        if self.app.kiosk is not None and seat is not None and game.state.result is not None:
            won = game.state.result.winner == seat
            app = self.app

            def on_review(review: MatchReview) -> None:
                app.offer_leaderboard(review.players[seat], game.level, won)

        match = self.app.records.match_record() if game.match.is_over and game.match.games > 1 else None
        self.app.scenes.push(
            ReviewScene(
                self.app,
                record,
                names,
                title,
                seat=seat,
                on_review=on_review,
                match=match,
                newcomer=self.coach.on,
            )
        )

    def open_menu(self, keyboard: bool = False) -> None:
        finished = self.state.phase is Phase.GAME_OVER
        self.app.scenes.push(MenuScene(self.app, keyboard=keyboard, finished=finished))

    def to_title(self) -> None:
        self.kiosk_end.then(self._leave)()  # a kiosk visitor's place on today's board first

    def _leave(self) -> None:
        self.coach.cancel()
        self.kiosk_end.cancel()
        self.game.close()
        self.app.to_title()

    # -- the scene contract ------------------------------------------------------------------

    def exit(self) -> None:
        self.hands.drag = None
        self.app.input.cancel()

    def handle(self, intent: Intent) -> None:
        self.kiosk_end.touched()
        if dice_parts.take_touch(self.app, self.game, intent, self.buttons):
            return
        if intent.kind == IntentKind.BACK:
            self.open_menu(keyboard=True)
            return
        if intent.kind == IntentKind.NAV and intent.command is not None:
            self.cursor.engaged = True
            self.command(intent.command)
            return
        if intent.kind == IntentKind.DOWN:
            self.cursor.engaged = False  # a pointer again: no cursor, no focus ring
        if self.actions.pointer(intent) or dialog_input.pointer(
            self, intent
        ):  # the coach or a dialog holds it
            return
        if self.hands.drag is None and self.buttons.handle(intent):
            return
        self.hands.handle(intent)

    def command(self, name: Command) -> None:
        """A keyboard or controller command (see ``game.ui.controls``)."""
        game = self.game
        s = game.state
        if self.actions.command(name) or dialog_input.command(self, name):  # the coach's card, a cube offer
            return
        mine = game.is_human(s.turn)
        if name == Command.HINT:
            self.ask_hint()
        elif name == Command.UNDO and self.hands.selected is not None:
            self.cursor.point = self.hands.selected  # put the checker down; the cursor stays on it
            self.hands.selected = None
        elif name == Command.UNDO:
            if mine:  # never the computer's play, taken back in the wait before its turn ends
                self.undo()
        elif name == Command.DOUBLE and mine and s.phase is Phase.ROLL:
            self.offer_double()
        elif name == Command.DOUBLE:  # a key that does nothing says why (issue 36: D mid-move was silent)
            refusal = s.double_refusal()
            self.flash(tr("ui.not_your_turn") if not mine or refusal is None else engine_refusal(refusal))
        elif name in ("take", "pass"):  # an offer on the table is answered above (dialog_input)
            self.flash(Message("engine.no_double"))
        elif s.phase is Phase.ROLL and mine:
            if name == Command.DONE or (name == Command.SELECT and self.buttons.focused() is None):
                self.roll_dice()
            else:
                self.buttons.navigate(name, start=1)  # Roll, Double and Menu; the focus starts on Roll
        elif name == Command.DONE and mine and s.phase is Phase.MOVING:
            self.end_turn()
        elif not self.cursor.handle(name) and name == Command.SELECT and mine and s.phase is Phase.MOVING:
            self.end_turn()  # nothing left to move: select finishes the turn

    def update(self, dt: float) -> None:
        dice_parts.ask_digits(self.app, self.game, self.app.scenes.top is self)
        self.terms.update(dt, board_still=not (self.anim.busy or self.dice.tumbling))
        self.anim.speed = self.app.speed
        self.anim.reduced = self.dice.still = self.app.settings.reduced_motion
        self.anim.update(dt)
        if self.anim.sounds:
            for name in self.anim.take_sounds():
                self.app.events.publish(ev.SoundCue(self.game, name))
        self.dice.update(dt)
        if self.modal.buttons and not self.anim.busy:
            self.modal_age += dt
        if self.flash_time > 0:
            self.flash_time = max(0.0, self.flash_time - dt)
        if self.hints.busy:
            self.hints.poll()
        self.answer_window.step(dt, moving=self.anim.busy)
        self.coach.step()
        if not (self.anim.busy or self.dice.tumbling):
            self.game.step(dt)
            self.cursor.ensure()
        if self.win_pending and not self.anim.busy:
            self.win_pending = False
            self.app.events.publish(ev.SoundCue(self.game, "win"))
        self.kiosk_end.step(dt, self.app.scenes.top is self and not self.anim.busy)

    def busy(self) -> bool:
        if self.anim.busy or self.dice.tumbling or self.flash_time > 0 or self.hands.drag is not None:
            return True
        if self.terms.busy or self.game.pending is not None or self.hints.busy:
            return True
        if self.answer_window.open or self.coach.busy:
            return True
        if self.modal.buttons and not self.modal_ready:
            return True  # the loop keeps stepping until the dialog takes presses (it sleeps when idle)
        if self.game.state.phase is Phase.GAME_OVER:
            return self.game.setup.mode == GameMode.DEMO or self.kiosk_end.busy
        return not self.game.waiting_for_human()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        places = self.frame.draw(self, surface, alpha, self.app.scenes.kept)  # only what moved, if it can
        over = self.answer_window.draw(surface) | self.coach.draw(surface) | self.cursor.draw(surface)
        self.app.scenes.dirty = places if self.frame.keep(not over) else None

    def draw_key(self) -> object | None:
        """The picture's key: None while anything moves (game.ui.play.picture)."""
        return still_key(self)

    # -- the scene contract: what the App asks --------------------------------------------------

    def idle_tick(self, seconds: float) -> bool:
        return self.terms.tick(seconds) | self.kiosk_end.step(seconds, True)

    def activity(self) -> tuple[bool, bool]:
        thinking = self.game.pending is not None or self.hints.busy or self.coach.busy
        return thinking, self.anim.busy or self.dice.tumbling

    def tell(self, text: str | Message, seconds: float) -> bool:
        self.flash(text, seconds=seconds, keep=True)
        return True

    def far_side_acts(self) -> bool | None:
        return self.game.setup.mode == GameMode.TWO and self.game.perspective == 1

    def game_in_play(self) -> GameController | None:
        return None if self.game.match.is_over else self.game

    def dropped(self) -> None:
        self.game.close()


__all__ = ["GameScene", "GameSetup"]
