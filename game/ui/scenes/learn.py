"""Learn to play: a guided first game, one short step a board, played with the game's own controls.

Why the game screen itself: a newcomer learns the rules AND the controls at once only if each step
is the real board, moved on with the real hands (drag, double-click = the higher die, right-click or
long press = the lower die, tap then tap, keys, a controller) and refused with the real reasons. So
:class:`LearnScene` is a :class:`~game.ui.scenes.game.GameScene` whose turn controller (a
:class:`~game.session.lesson_turns.LessonController`, through the screen's ``make_controller`` seam) makes
no automatic step, plays no computer, saves and records nothing. Each step is shown by ``resume``
from its start (``game.session.lessons``), and the scene judges what the learner finished:

- a whole play, once its checkers have landed: right (a short confirmation, then Next), or legal but
  not the lesson's (the step's hint; the checkers slide back for a second try). An illegal move never
  gets that far: the engine refuses it with its reason, shown as the game shows it (and in the card);
- a cube decision (Take or Pass on black's double; Double or Roll before the roll): judged before it
  counts; a right one is played out (the cube turns to the learner, or black passes).

Again repeats a step, Next goes on (or skips), Back leaves for the title. After the last step,
"Play your first game" starts a game against the beginner with the coach on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.engine.flow import Action, Double, GameState, Pass, Phase, Take, Undo
from game.i18n import Message, tr, tr_message
from game.session import events as ev
from game.session.commands import Command
from game.session.controller import GameController, GameSetup
from game.session.lesson_turns import LessonController, lesson_sound
from game.session.lessons import Step, load_lessons
from game.session.modes import GameMode
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.input import Intent, IntentKind
from game.ui.play import lesson, panel
from game.ui.play.lesson import LESSON_ROW
from game.ui.scene import INK, Host, Scene
from game.ui.scenes.game import FLASH_TIME, Drop, GameScene
from game.ui.text import CACHE, READ_SIZE, draw_text
from game.ui.widgets import PAD, Button, ButtonGroup

PULSE_SECONDS = 6.0
"""The lit targets pulse for this long at a step's start (and after H), then stay lit and still: the
loop may sleep again on a still screen."""
TAKE_BACK_SECONDS = 1.4
"""A legal play that is not the lesson's stays on the board this long beside its hint, then slides back."""
CUBE_ANSWERS: dict[str, type[Take] | type[Pass]] = {"take": Take, "pass": Pass}


class LearnScene(GameScene):
    """Learn to play's steps on the game screen (see the module docstring)."""

    def __init__(self, app: Host, steps: Sequence[Step] | None = None, start: int = 0) -> None:
        self.steps: tuple[Step, ...] = tuple(steps) if steps is not None else load_lessons()
        self.index = min(max(start, 0), len(self.steps) - 1)
        self.outcome = ""
        """"" while the learner works at the step, "right" once done, "hint" after a legal other play."""
        self.feedback = self.feedback_kind = ""
        """The card's answer (the confirmation, the hint or the engine's refusal) and which it is."""
        self.finished = False
        """The last step is behind: the closing card with "Play your first game" is up."""
        self.pulse, self.clock = PULSE_SECONDS, 0.0
        self.take_back_in: float | None = None
        self.lesson_buttons, self.finish_buttons = ButtonGroup(), ButtonGroup()
        super().__init__(app, GameSetup(mode=GameMode.LEARN, match_length=0, seed=app.seed))
        self.dialog_hidden = True  # a step's end is told in the card, never by the game-over dialog
        self.offered_cube_on_board = True  # the card covers the offer's: "Black doubles" shows its cube
        self.show(self.index)

    def make_controller(self, setup: GameSetup) -> GameController:
        factor, hooks, roll = self.anim.factor, self.screen_hooks(), self._rolled
        return LessonController(setup, publish=self._publish, speed_factor=factor, on_roll=roll, hooks=hooks)

    def _publish(self, event: ev.GameEvent) -> None:
        sound = lesson_sound(event)
        if sound is not None:
            self.app.events.publish(sound)

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    # -- moving between steps ----------------------------------------------------------------

    def show(self, index: int) -> None:
        """Set up step ``index`` from its start: a fresh board, nothing said yet, the targets pulsing."""
        self.index, self.finished, self.take_back_in = index, False, None
        self.outcome = self.feedback = self.feedback_kind = ""
        self.pulse, self.flash_time = PULSE_SECONDS, 0.0
        self.hands.cancel()
        self.cursor.point = self.lesson_buttons.focus = None
        self.resume(self.step.start())

    def again(self) -> None:
        self.show(self.index)

    def next_step(self) -> None:
        """The next step (a skip when this one is not done), or the closing card after the last."""
        if self.index + 1 < len(self.steps):
            self.show(self.index + 1)
            return
        self.finished = True
        self.hands.cancel()
        self.rebuild_buttons()
        self.finish_buttons.focus = 0 if self.cursor.engaged else None

    def leave(self) -> None:
        self.to_title()

    def play_first_game(self) -> None:
        """The first real game: against the beginner, with the coach watching (``GameSetup.coach``)."""
        self.app.new_game(GameMode.COMPUTER, level="beginner", coach=True)

    # -- judging ---------------------------------------------------------------------------

    def _right(self) -> None:
        self.outcome, self.take_back_in, self.flash_time = "right", None, 0.0
        self.feedback, self.feedback_kind = tr(self.step.key("right")), "right"
        self.hands.cancel()
        self.lesson_buttons.focus = 1 if self.cursor.engaged else None
        self.rebuild_buttons()

    def _hint(self) -> None:
        step = self.step
        self.outcome, self.feedback_kind, self.pulse = "hint", "hint", PULSE_SECONDS
        self.feedback = tr(step.key("do" if step.forced else "hint"))

    def play_due(self) -> bool:
        """A whole play stands on the board, its checkers landed, not judged yet."""
        if self.outcome == "right" or self.finished or self.take_back_in is not None:
            return False
        if self.step.kind != "move" or self.anim.busy or self.dice.tumbling:
            return False
        s = self.state
        if s.phase is Phase.GAME_OVER:
            return True
        return s.phase is Phase.MOVING and bool(s.moves) and s.turn_state().is_complete

    def judge_play(self) -> None:
        if self.step.right_play(self.state.board_for(0)):
            self._right()
            return
        self._hint()
        self.take_back_in = TAKE_BACK_SECONDS
        self.rebuild_buttons()  # no Done or Undo while the play stands there to be taken back

    def _take_back(self) -> None:
        """The play goes back to the step's start, its checkers sliding home (a finished game: at once)."""
        self.take_back_in = None
        self.hands.cancel()
        if self.state.phase is not Phase.MOVING:
            kept = self.feedback, self.feedback_kind, self.outcome
            self.show(self.index)
            self.feedback, self.feedback_kind, self.outcome = kept
            return
        while self.state.moves and self.game.do(Undo()) is None:
            pass

    def _on_change(self, old: GameState, new: GameState, action: Action, drop: Drop) -> None:
        """A move the engine took clears a refusal still in the card: it spoke of a move not made."""
        super()._on_change(old, new, action, drop)
        if new.moves != old.moves and self.feedback_kind == "refused":
            self.feedback = self.feedback_kind = ""

    def judge_answer(self, answer: str) -> None:
        """A cube decision of the learner: right ones are played out, others get the hint."""
        step = self.step
        if self.outcome == "right" or self.finished or step.kind == "move":
            return
        if not step.right_answer(answer):
            self._hint()
            return
        self._right()
        if answer in CUBE_ANSWERS:
            self.game.do(CUBE_ANSWERS[answer]())
        elif answer == "double":  # black passes: the double wins the game at its old stake
            self.game.do(Double())
            self.game.do(Pass())
        elif isinstance(self.game, LessonController):
            self.game.roll_dice()

    def _rolled(self) -> None:
        if self.step.kind == "offer":
            self.judge_answer("roll")

    # -- the game screen's actions, as a lesson hears them -------------------------------------

    def end_turn(self) -> None:
        if self.outcome == "right" or self.finished:
            return
        s = self.state
        if s.phase is Phase.MOVING and s.turn_state().is_complete and self.step.kind == "move":
            self.judge_play()  # Done (or a tap on the dice) on a whole play, an empty one too
            return
        super().end_turn()

    def offer_double(self) -> None:
        if self.step.kind == "offer":
            self.judge_answer("double")

    def answer(self, take: bool) -> None:
        self.judge_answer("take" if take else "pass")

    def ask_hint(self) -> None:
        """H (a controller's Y): the step's hint in the card and the targets lit again."""
        if self.outcome != "right" and not self.finished:
            self.pulse = PULSE_SECONDS
            if not self.step.forced:
                self.feedback, self.feedback_kind = tr(self.step.key("hint")), "hint"

    def ask_cube_hint(self) -> None:
        self.ask_hint()

    def flash(self, text: str | Message, seconds: float = FLASH_TIME, keep: bool = False) -> None:
        """The game's one-line message (a refused move and its reason) also stands in the card."""
        super().flash(text, seconds, keep)
        words = text if isinstance(text, str) else tr_message(text)
        if words and self.outcome != "right" and not self.finished:
            self.feedback, self.feedback_kind = words, "refused"

    def open_menu(self, keyboard: bool = False) -> None:
        self.leave()

    # -- buttons -----------------------------------------------------------------------------

    @property
    def menu_button(self) -> Button:
        """Back, where the game's Menu was: live over the lesson's cube offer as Menu over a game's."""
        return next(b for b in self.buttons.buttons if b.action == self.leave)

    def rebuild_buttons(self) -> None:
        """The game's buttons for the phase, laid out in the card; Menu becomes Back; no expert's hint."""
        super().rebuild_buttons()
        game_buttons = self.buttons.buttons
        label, menu = tr("button.back"), game_buttons[0].rect  # Back where Menu was, as wide as it needs
        width = max(menu.w, CACHE.font(READ_SIZE).size(label)[0] + PAD + 16)
        back = Button(
            pygame.Rect(menu.right - width, menu.y, width, menu.h), label, self.leave, "grey", size=READ_SIZE
        )
        acting = self.outcome != "right" and not self.finished and self.take_back_in is None
        hints = (self.ask_hint, self.ask_cube_hint)
        actions = [b for b in game_buttons[1:] if b.action not in hints] if acting else []
        self.buttons.clear()
        self.buttons.add(back)
        roll_and_double = [b.action for b in actions] == [self.roll_dice, self.offer_double]
        for b in lesson.place_actions(actions, roll_and_double):
            self.buttons.add(b)
        answers = self.modal.buttons[:2] if acting and self.state.phase is Phase.CUBE_OFFERED else []
        self.modal.clear()
        for b, rect in zip(answers, lesson.answer_rects(), strict=False):
            b.rect = rect
            self.modal.add(b)
        lesson.lesson_buttons(self.lesson_buttons, (self.again, self.next_step), self.outcome == "right")
        lesson.finish_buttons(self.finish_buttons, (self.play_first_game, self.leave), self.finished)

    def lit_button(self) -> Button | None:
        """The game button the step lights (Done, Double, Take...), as it stands now."""
        name = self.step.button
        if name is None or self.outcome == "right" or self.finished:
            return None
        if name in CUBE_ANSWERS:
            index = tuple(CUBE_ANSWERS).index(name)
            return self.modal.buttons[index] if len(self.modal.buttons) > index else None
        actions: dict[str, Callable[[], None]] = {
            "done": self.end_turn,
            "double": self.offer_double,
            "roll": self.roll_dice,
        }
        return next((b for b in self.buttons.buttons if b.action == actions[name]), None)

    # -- the scene contract --------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if intent.kind == IntentKind.BACK:
            self.leave()
        elif (
            intent.kind == IntentKind.NAV
            and intent.command is not None
            and (self.finished or self.outcome == "right" or self.take_back_in is not None)
        ):
            self.command(intent.command)
        elif self.finished:
            if not self.finish_buttons.handle(intent):
                self.buttons.handle(intent)
        elif intent.kind != IntentKind.NAV and self.lesson_buttons.handle(intent):
            pass
        elif self.outcome == "right" or self.take_back_in is not None:
            self.buttons.handle(intent)  # the board waits: only Back
        else:
            super().handle(intent)

    def command(self, name: Command) -> None:
        if self.finished:
            self.finish_buttons.navigate(name)
        elif self.outcome == "right":
            if name in (Command.DONE, Command.SELECT) and self.lesson_buttons.focused() is None:
                self.next_step()
            else:
                self.lesson_buttons.navigate(name, start=1)
        elif self.take_back_in is None:  # the keys wait while a play slides back
            super().command(name)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        self.pulse = max(0.0, self.pulse - dt)
        if self.take_back_in is not None and not self.anim.busy:
            self.take_back_in -= dt
            if self.take_back_in <= 0:
                self._take_back()
        if self.play_due():
            self.judge_play()

    def busy(self) -> bool:
        if self.anim.busy or self.dice.tumbling or self.flash_time > 0 or self.hands.drag is not None:
            return True
        if self.pulse > 0 or self.take_back_in is not None or (self.modal.buttons and not self.modal_ready):
            return True
        return self.play_due()

    # -- drawing -----------------------------------------------------------------------------

    def status_line(self) -> tuple[str, tuple[int, int, int]]:
        """The top line: the game's own status while the learner acts (its refusals too), else the step."""
        if self.flash_time > 0 and self.flash_text:
            return self.flash_text, (255, 200, 60)
        if self.outcome == "right" or self.finished or self.take_back_in is not None:
            title = tr("learn.finish.title") if self.finished else tr(self.step.key("title"))
            return f"{tr('learn.title')}: {title}", INK
        return panel.status(self)

    def card_text(self) -> tuple[list[str], list[str], int]:
        """The card's instruction and answer lines and their size, above the step's buttons."""
        if self.modal.buttons:
            bottom = self.modal.buttons[0].rect.y - 12  # clear of the lit answer's outline
        else:
            bottom = (lesson.ACTION_ROW.y if len(self.buttons.buttons) > 1 else LESSON_ROW.y) - 10
        return lesson.card_text(self.instruction(), self.feedback, bottom)

    def instruction(self) -> str:
        """The step's instruction; the first step's also says how to move a checker (by keys once the
        learner uses the keyboard)."""
        words = tr(self.step.key("do"))
        if self.index == 0 and self.step.kind == "move":
            how = tr("learn.how_keys" if self.cursor.engaged else "learn.how")
            words = f"{words} {how}"
        return words

    draw_key = Scene.draw_key  # None: the lesson's card, glow and status: every busy frame is drawn

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.frame.draw(self, surface, alpha)
        width = lesson.glow_width(self.pulse, self.clock)
        if self.outcome != "right" and not self.finished and not self.anim.busy and self.take_back_in is None:
            lesson.draw_lit(surface, self.step.lit, self.state.board_for(0).me, width)
        right = self.buttons.buttons[0].rect.x - 16  # the lesson's own status line, left of Back
        surface.fill(BG, pygame.Rect(0, 0, L.W, L.STATUS_H))  # the game's, under it, reaches further
        text, colour = self.status_line()
        room = right - panel.STATUS_LEFT
        draw_text(surface, text, 30, (panel.STATUS_LEFT, L.STATUS_H // 2), colour, "midleft", room)
        progress = (self.index, len(self.steps))
        lesson.draw_card(surface, progress, tr(self.step.key("title")), self.card_text(), self.feedback_kind)
        for group in (self.buttons, self.modal, self.lesson_buttons):
            group.draw(surface, self.sprites)
        lit = self.lit_button()
        if lit is not None:
            pygame.draw.rect(surface, GOLD, lit.rect.inflate(14, 14), width, border_radius=16)
        self.cursor.draw(surface)
        if self.finished:
            lesson.draw_finish(surface, self.finish_buttons, self.sprites)


__all__ = ["LearnScene"]
