"""Learn to play: a guided first game, one short step a board, played with the game's own controls.

Why the game screen itself: a newcomer learns the rules AND the controls at once only if each step
is the real board, moved on with the real hands (drag, double-click = the higher die, right-click or
long press = the lower die, tap then tap, keys, a controller) and refused with the real reasons. So
:class:`LearnScene` is a :class:`~game.ui.scenes.game.GameScene` whose turn controller
(:class:`LessonController`, through the screen's ``make_controller`` seam) makes no automatic step,
plays no computer, saves nothing and records nothing; each step is shown by ``resume`` from the
step's start (``game.session.lessons``), and the scene judges what the learner finished:

- a whole play, once its checkers have landed: right (a short confirmation, then Next), or legal but
  not the lesson's (the step's hint; the checkers slide back for a second try). An illegal move never
  gets that far: the engine refuses it with its reason, shown as the game shows it (and in the card);
- a cube decision (Take or Pass on black's double; Double or Roll before the roll): judged before it
  counts; a right one is played out (the cube turns to the learner, or black passes).

The side panel gives way to the lesson's card: the step's title, its instruction, the answer, the
game's own buttons for the step, then Again and Next (Next also skips). Back leaves for the title.
After the last step, "Play your first game" starts a game against the beginner with the coach on.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.engine.flow import Double, Pass, Phase, Take, Undo
from game.i18n import tr
from game.session import events as ev
from game.session.controller import GameController, GameSetup
from game.session.lessons import Step, load_lessons
from game.ui import layout as L
from game.ui.board.view import BG, GOLD, PANEL_BG
from game.ui.input import Intent
from game.ui.layout import LAYOUT
from game.ui.play import panel
from game.ui.scenes.base import DIM, INK, Host, dialog_box
from game.ui.scenes.game import FLASH_TIME, GameScene
from game.ui.text import CACHE, MIN_SIZE, draw_text, wrap
from game.ui.widgets import PAD, Button, ButtonGroup, common_size, row_widths, shade, spread

PULSE_SECONDS = 6.0
"""The lit targets pulse for this long at a step's start (and after H), then stay lit and still: the
loop may sleep again on a still screen."""
TAKE_BACK_SECONDS = 1.4
"""A legal play that is not the lesson's stays on the board this long beside its hint, then slides back."""
CUBE_ANSWERS: dict[str, type[Take] | type[Pass]] = {"take": Take, "pass": Pass}

CARD = pygame.Rect(L.PANEL_X - 4, L.BOARD_Y, L.PANEL_W + 8, L.BOARD_H)
"""The lesson's card: where the side panel was, beside the whole board."""
INNER_X, INNER_W = L.PANEL_X + 6, L.PANEL_W - 12
DOTS_Y = CARD.y + 20
"""The row of dots that shows how far through the steps the learner is."""
HEADER_Y = CARD.y + 50
TEXT_TOP = CARD.y + 78
LESSON_ROW = pygame.Rect(INNER_X, CARD.bottom - 10 - 76, INNER_W, 76)
"""Again and Next, at the card's foot."""
ACTION_ROW = pygame.Rect(INNER_X, LESSON_ROW.y - 12 - 70, INNER_W, 70)
"""The game's own buttons of the step (Done and Undo, Roll and Double), side by side above Again/Next."""
ANSWER_H, ANSWER_GAP = 78, 8
"""Take and Pass keep their line of what each is worth: full width, one above the other."""
TEXT_SIZE = 26
"""The card's words; at the floor (:data:`~game.ui.text.MIN_SIZE`) where a language needs the room."""
FEEDBACK_GAP = 14
GAP = 8
STEP_SIZE = 28


class LessonController(GameController):
    """The turn controller of a lesson: the engine's rules and the screen's hooks, nothing automatic.

    No opening roll, no computer, no "no legal move" pass after a wait: a step waits for the learner.
    Its events are the lesson scene's to filter (no autosave, no record, no dice statistics). The
    learner is "You" and the other side "Black", as in a game against the computer.
    """

    def __init__(
        self,
        setup: GameSetup,
        *,
        publish: Callable[[ev.GameEvent], None],
        speed_factor: Callable[[], float],
        on_roll: Callable[[], None],
    ) -> None:
        super().__init__(setup, threaded_ai=False, publish=publish, speed_factor=speed_factor)
        self.on_roll = on_roll

    def step(self, dt: float) -> None:
        """Nothing happens by itself in a lesson."""

    def roll(self) -> None:
        """Every way to roll (the button, a tap on the dice, a key) is a decision the lesson judges."""
        self.on_roll()

    def roll_dice(self) -> None:
        """Roll for real (a step that accepts rolling)."""
        super().roll()

    @property
    def human(self) -> int | None:
        return 0

    def name(self, player: int) -> str:
        return tr("ui.player_you") if player == 0 else tr("ui.player_black")

    def say(self, key: str, player: int, **kw: object) -> str:
        if player == 0:
            return tr(f"ui.{key}_you", **kw)
        return tr(f"ui.{key}", name=self.name(player), **kw)


def _sound_of(event: ev.GameEvent) -> str | None:
    """The sound a lesson's event makes; the rest of the game's stream is not for its listeners."""
    if isinstance(event, ev.SoundCue):
        return event.name
    if isinstance(event, ev.DiceRolled):
        return "dice"
    return {ev.CubeOffered: "double", ev.CubeTaken: "take", ev.CubePassed: "pass"}.get(type(event))


class LearnScene(GameScene):
    """Learn to play's steps on the game screen (see the module docstring)."""

    def __init__(self, app: Host, steps: Sequence[Step] | None = None, start: int = 0) -> None:
        self.steps: tuple[Step, ...] = tuple(steps) if steps is not None else load_lessons()
        self.index = min(max(start, 0), len(self.steps) - 1)
        self.outcome = ""
        """"" while the learner works at the step, "right" once done, "hint" after a legal other play."""
        self.feedback = ""
        """The card's answer: the confirmation, the hint or the engine's refusal, in the learner's words."""
        self.feedback_kind = ""
        self.finished = False
        """The last step is behind: the closing card with "Play your first game" is up."""
        self.pulse = PULSE_SECONDS
        self.clock = 0.0
        self.take_back_in: float | None = None
        self.lesson_buttons = ButtonGroup()
        self.finish_buttons = ButtonGroup()
        super().__init__(app, GameSetup(mode="learn", match_length=0, seed=app.seed))
        self.dialog_hidden = True  # a step's end is told in the card, never by the game-over dialog
        self.show(self.index)

    # -- the seam: the lesson's own controller ---------------------------------------------------

    def make_controller(self, setup: GameSetup) -> GameController:
        return LessonController(
            setup, publish=self._publish, speed_factor=self.anim.factor, on_roll=self._rolled
        )

    def _publish(self, event: ev.GameEvent) -> None:
        """A lesson is heard (dice, cube, landings) but never saved, recorded or counted as real dice."""
        sound = _sound_of(event)
        if sound is not None and not isinstance(event, ev.SoundCue):
            event = ev.SoundCue(event.game, sound)
        if sound is not None:
            self.app.events.publish(event)

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    # -- moving between steps ----------------------------------------------------------------

    def show(self, index: int) -> None:
        """Set up step ``index`` from its start: a fresh board, nothing said yet, the targets pulsing."""
        self.index = index
        self.finished = False
        self.outcome = self.feedback = self.feedback_kind = ""
        self.pulse = PULSE_SECONDS
        self.take_back_in = None
        self.flash_time = 0.0
        self.hands.cancel()
        self.cursor.point = None
        self.lesson_buttons.focus = None
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
        self.app.new_game("computer", level="beginner", coach=True)

    # -- judging ---------------------------------------------------------------------------

    def _right(self) -> None:
        self.outcome = "right"
        self.feedback, self.feedback_kind = tr(self.step.key("right")), "right"
        self.flash_time = 0.0
        self.take_back_in = None
        self.hands.cancel()
        self.lesson_buttons.focus = 1 if self.cursor.engaged else None
        self.rebuild_buttons()

    def _hint(self) -> None:
        step = self.step
        self.outcome = "hint"
        self.feedback = tr(step.key("do" if step.forced else "hint"))
        self.feedback_kind = "hint"
        self.pulse = PULSE_SECONDS

    def play_due(self) -> bool:
        """A whole play stands on the board, its checkers landed, not judged yet."""
        if self.outcome == "right" or self.finished or self.take_back_in is not None:
            return False
        if self.step.kind != "move" or self.anim.busy or self.dice.tumbling:
            return False
        s = self.state
        if s.phase is Phase.GAME_OVER:
            return True
        if s.phase is not Phase.MOVING or not s.moves:
            return False
        return s.turn_state().is_complete

    def judge_play(self) -> None:
        s = self.state
        after = s.board_for(0)
        if self.step.right_play(after):
            self._right()
        else:
            self._hint()
            self.take_back_in = TAKE_BACK_SECONDS

    def _take_back(self) -> None:
        """The play goes back to the step's start, its checkers sliding home (a finished game: at once)."""
        self.take_back_in = None
        self.hands.cancel()
        if self.state.phase is not Phase.MOVING:
            kept = self.feedback, self.feedback_kind, self.outcome
            self.show(self.index)
            self.feedback, self.feedback_kind, self.outcome = kept
            return
        while self.state.moves:
            if self.game.do(Undo()) is not None:
                break

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
            self.judge_play()  # Done (or a tap on the dice) with a whole play: a play that cannot move too
            return
        super().end_turn()

    def offer_double(self) -> None:
        if self.step.kind == "offer":
            self.judge_answer("double")

    def answer(self, take: bool) -> None:
        self.judge_answer("take" if take else "pass")

    def ask_hint(self) -> None:
        """H (a controller's Y): the step's hint in the card and the targets lit again."""
        if self.outcome == "right" or self.finished:
            return
        self.pulse = PULSE_SECONDS
        if not self.step.forced:
            self.feedback, self.feedback_kind = tr(self.step.key("hint")), "hint"

    def ask_cube_hint(self) -> None:
        self.ask_hint()

    def flash(self, text: str, seconds: float = FLASH_TIME, keep: bool = False) -> None:
        """The game's one-line message (a refused move and its reason) also stands in the card."""
        super().flash(text, seconds, keep)
        if text and self.outcome != "right" and not self.finished:
            self.feedback, self.feedback_kind = text, "refused"

    def open_menu(self, keyboard: bool = False) -> None:
        self.leave()

    # -- buttons -----------------------------------------------------------------------------

    def rebuild_buttons(self) -> None:
        """The game's buttons for the phase, laid out in the card; Menu becomes Back; no expert's hint."""
        super().rebuild_buttons()
        game_buttons = self.buttons.buttons
        back = Button(game_buttons[0].rect.copy(), tr("button.back"), self.leave, "grey", size=24)
        hints = (self.ask_hint, self.ask_cube_hint)
        acting = self.outcome != "right" and not self.finished
        actions = [b for b in game_buttons[1:] if b.action not in hints] if acting else []
        self.buttons.clear()
        self.buttons.add(back)
        rects = row_rects(len(actions))
        size = common_size([(b.label, r.w - PAD, 1) for b, r in zip(actions, rects, strict=True)], 30)
        for b, rect in zip(actions, rects, strict=True):
            b.rect, b.size = rect, size
            self.buttons.add(b)
        answers = self.modal.buttons[:2] if acting and self.state.phase is Phase.CUBE_OFFERED else []
        self.modal.clear()
        for b, rect in zip(answers, answer_rects(), strict=False):
            b.rect = rect
            self.modal.add(b)
        self._lesson_buttons()
        self._finish_buttons()

    def _lesson_buttons(self) -> None:
        g = self.lesson_buttons
        g.clear()
        if self.finished:
            return
        labels = [tr("learn.again"), tr("learn.next")]
        size, widths = row_widths(labels, 30, LESSON_ROW.w, gap=GAP, air=PAD + 8, least=96)
        widths = spread(widths, LESSON_ROW.w, GAP)
        done = self.outcome == "right"
        x = LESSON_ROW.x
        for label, w, action, colour in zip(
            labels, widths, (self.again, self.next_step), ("blue", "green" if done else "grey"), strict=True
        ):
            g.add(Button(pygame.Rect(x, LESSON_ROW.y, w, LESSON_ROW.h), label, action, colour, size=size))
            x += w + GAP

    def _finish_buttons(self) -> None:
        g = self.finish_buttons
        g.clear()
        if not self.finished:
            return
        box = finish_box()
        first = tr("learn.play_first")
        leave = tr("ui.to_title")
        w = box.w - 120
        size = common_size([(first, w - PAD, 1)], 36)
        g.add(
            Button(
                pygame.Rect(box.x + 60, box.y + 210, w, 88), first, self.play_first_game, "green", size=size
            )
        )
        size = common_size([(leave, w - PAD, 1)], 28)
        g.add(Button(pygame.Rect(box.x + 60, box.y + 314, w, 64), leave, self.leave, "grey", size=size))

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
            "roll": self.game.roll,
        }
        return next((b for b in self.buttons.buttons if b.action == actions[name]), None)

    # -- the scene contract --------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            self.leave()
            return
        if self.finished:
            if intent.kind == "nav":
                self.command(intent.command)
            elif not self.finish_buttons.handle(intent):
                self.buttons.handle(intent)
            return
        if intent.kind != "nav" and self.lesson_buttons.handle(intent):
            return
        if self.outcome == "right":
            if intent.kind == "nav":
                self.command(intent.command)
            else:
                self.buttons.handle(intent)
            return
        super().handle(intent)

    def command(self, name: str) -> None:
        if self.finished:
            self.finish_buttons.navigate(name)
            return
        if self.outcome == "right":
            if name in ("done", "select") and self.lesson_buttons.focused() is None:
                self.next_step()
            else:
                self.lesson_buttons.navigate(name, start=1)
            return
        super().command(name)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        if self.pulse > 0:
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
        if self.pulse > 0 or self.take_back_in is not None:
            return True
        if self.modal.buttons and not self.modal_ready:
            return True
        return self.play_due()

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.frame.draw(self, surface, alpha)
        self._draw_lit(surface)
        self._draw_status(surface)
        self._draw_card(surface)
        self.buttons.draw(surface, self.sprites)
        self.modal.draw(surface, self.sprites)
        self.lesson_buttons.draw(surface, self.sprites)
        self._ring(surface)
        self.cursor.draw(surface)
        if self.finished:
            self._draw_finish(surface)

    def glow_width(self) -> int:
        """The lit outline's thickness: pulsing in steps for a while, then still (the loop may sleep)."""
        if self.pulse <= 0:
            return 5
        return 3 + round(2.5 + 2.5 * math.sin(self.clock * 5.0))

    def _draw_lit(self, surface: pygame.Surface) -> None:
        """The step's targets: each point outlined, with a ring where the checker would land (over a
        blot: on it). Outlines, not a fill: the checkers on a lit point keep their colour."""
        if self.outcome == "right" or self.finished or self.anim.busy or self.take_back_in is not None:
            return
        width = self.glow_width()
        mine = self.state.board_for(0).me
        for point in self.step.lit:
            if point in (0, 25):
                rect = LAYOUT.tray_rect(0) if point == 0 else LAYOUT.bar_half(0)
                pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), width, border_radius=8)
                continue
            r = LAYOUT.point_rect(L.to_abs(0, point))
            base, tip = (r.bottom, r.top) if point <= 12 else (r.top, r.bottom)
            pygame.draw.polygon(surface, GOLD, [(r.left, base), (r.right - 1, base), (r.centerx, tip)], width)
            n = mine[point - 1]
            x, y = LAYOUT.checker_center(L.to_abs(0, point), min(n, 4), n + 1)
            pygame.draw.circle(surface, GOLD, (round(x), round(y)), L.CHECKER // 2 + 4, width)

    def _ring(self, surface: pygame.Surface) -> None:
        b = self.lit_button()
        if b is not None:
            pygame.draw.rect(surface, GOLD, b.rect.inflate(14, 14), self.glow_width(), border_radius=16)

    def status_line(self) -> tuple[str, tuple[int, int, int]]:
        """The top line: the game's own status while the learner acts (its refusals too), else the step."""
        if self.flash_time > 0 and self.flash_text:
            return self.flash_text, (255, 200, 60)
        if self.outcome == "right" or self.finished:
            title = tr("learn.finish.title") if self.finished else tr(self.step.key("title"))
            return f"{tr('learn.title')}: {title}", INK
        return panel.status(self)

    def _draw_status(self, surface: pygame.Surface) -> None:
        surface.fill(BG, pygame.Rect(0, 0, panel.STATUS_RIGHT, L.STATUS_H))
        text, colour = self.status_line()
        at = (panel.STATUS_LEFT, L.STATUS_H // 2)
        draw_text(
            surface, text, 30, at, colour, anchor="midleft", width=panel.STATUS_RIGHT - panel.STATUS_LEFT
        )

    def card_text(self) -> tuple[list[str], list[str], int]:
        """The instruction's and the answer's lines in the card, and their size: the size the card holds
        them at (26, else the floor), the instruction left out only if the answer alone fits there."""
        room = self.text_bottom() - TEXT_TOP
        step = self.step
        instruction = tr(step.key("do"))
        for size in (TEXT_SIZE, MIN_SIZE):
            font = CACHE.font(size, True)
            lines = wrap(instruction, font, INNER_W)
            answer = wrap(self.feedback, font, INNER_W - 16) if self.feedback else []
            if text_height(lines, answer, size) <= room:
                return lines, answer, size
        return [], answer, MIN_SIZE

    def text_bottom(self) -> int:
        """Where the card's words must end: above the step's game buttons (the answers, or the row)."""
        if self.modal.buttons:
            return self.modal.buttons[0].rect.y - 10
        if len(self.buttons.buttons) > 1:
            return ACTION_ROW.y - 10
        return LESSON_ROW.y - 10

    def _draw_card(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, PANEL_BG, CARD, border_radius=14)
        pygame.draw.rect(surface, GOLD, CARD, 3, border_radius=14)
        self._draw_progress(surface)
        title = tr(self.step.key("title"))
        draw_text(surface, title, STEP_SIZE, (INNER_X, HEADER_Y), GOLD, "midleft", INNER_W)
        lines, answer, size = self.card_text()
        pitch = line_pitch(size)
        y = TEXT_TOP
        for line in lines:
            draw_text(surface, line, size, (INNER_X, y), INK, anchor="topleft")
            y += pitch
        if not answer:
            return
        y += FEEDBACK_GAP if lines else 0
        box = pygame.Rect(INNER_X - 4, y - 6, INNER_W + 8, pitch * len(answer) + 12)
        tone = {"right": (34, 92, 52), "hint": (104, 70, 20)}.get(self.feedback_kind, (100, 40, 36))
        pygame.draw.rect(surface, tone, box, border_radius=10)
        ink = {"right": (190, 255, 190), "hint": (255, 226, 150)}.get(self.feedback_kind, (255, 205, 190))
        for line in answer:
            draw_text(surface, line, size, (INNER_X + 4, y), ink, anchor="topleft")
            y += pitch

    def _draw_progress(self, surface: pygame.Surface) -> None:
        """A dot a step across the card's top: the steps behind filled, this one larger, the rest rings."""
        n = len(self.steps)
        gap = min(24, (INNER_W - 16) // max(1, n - 1)) if n > 1 else 0
        x0 = CARD.centerx - gap * (n - 1) // 2
        for i in range(n):
            centre = (x0 + i * gap, DOTS_Y)
            if i == self.index:
                pygame.draw.circle(surface, GOLD, centre, 8)
            elif i < self.index:
                pygame.draw.circle(surface, DIM, centre, 5)
            else:
                pygame.draw.circle(surface, DIM, centre, 5, 2)

    def _draw_finish(self, surface: pygame.Surface) -> None:
        shade(surface, 160)
        box = finish_box()
        dialog_box(surface, box)
        draw_text(surface, tr("learn.finish.title"), 44, (box.centerx, box.y + 64), GOLD, width=box.w - 60)
        font = CACHE.font(28)
        for i, line in enumerate(wrap(tr("learn.finish.body"), font, box.w - 80)[:2]):
            draw_text(surface, line, 28, (box.centerx, box.y + 128 + 36 * i), INK)
        self.finish_buttons.draw(surface, self.sprites)


def line_pitch(size: int) -> int:
    return size + 4


def text_height(lines: list[str], answer: list[str], size: int) -> int:
    """The card's words' height: a line each, then the answer's box under a gap."""
    pitch = line_pitch(size)
    height = pitch * len(lines)
    if answer:
        height += (FEEDBACK_GAP if lines else 0) + pitch * len(answer) + 6
    return height


def row_rects(n: int) -> list[pygame.Rect]:
    """``n`` game buttons side by side in :data:`ACTION_ROW`."""
    if n <= 0:
        return []
    w = (ACTION_ROW.w - GAP * (n - 1)) // n
    return [pygame.Rect(ACTION_ROW.x + i * (w + GAP), ACTION_ROW.y, w, ACTION_ROW.h) for i in range(n)]


def answer_rects() -> list[pygame.Rect]:
    """Take above Pass, full width, ending where the game buttons' row ends."""
    bottom = ACTION_ROW.bottom
    pass_rect = pygame.Rect(INNER_X, bottom - ANSWER_H, INNER_W, ANSWER_H)
    return [pass_rect.move(0, -ANSWER_H - ANSWER_GAP), pass_rect]


def finish_box() -> pygame.Rect:
    return pygame.Rect(L.W // 2 - 380, L.H // 2 - 200, 760, 400)


__all__ = ["CARD", "LearnScene", "LessonController", "finish_box"]
