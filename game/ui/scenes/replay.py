"""Replay: a recorded game (or match) step by step, forward and back, jumping to the mistakes.

Each step is one entry of the match sheet shown on the board it was made on (a roll:
the dice and the play as arrows; with a review, the better play beside a mistake),
with its Position ID and Match ID for pasting into another program. Every state comes
from replaying the record through the engine (:func:`game.record.replay_game`).

With a review, a step that was worse than good says so on the project's one scale
(inaccurate, mistake, blunder: :mod:`game.coach.scale`), names the better play or the better
cube action, and says why in words across the top of the screen (the other player's reasons
with his name before them). The whole replay is read by one player (the ``reader``): the
board's labels are his and every play is written in his numbers (:mod:`game.ui.reading`), so
nothing turns over under him from one half-move to the next. The steps and their verdicts are
:mod:`game.ui.scenes.replay_steps`; the words :mod:`game.ui.scenes.review_words`.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING

import pygame

from game.ai.question import CubeAction
from game.coach.scale import is_error
from game.coach.words import Phrase
from game.engine.matchid import match_id
from game.record import MatchRecord, PlyKind

if TYPE_CHECKING:
    from game.review import MatchReview

from game.i18n import tr, tr_n
from game.session.commands import Command
from game.ui import layout as L
from game.ui.board import still as still_board
from game.ui.board.view import GOLD, PANEL_BG, BoardView
from game.ui.input import Intent, IntentKind
from game.ui.lines import first_fitting, wrap_lines
from game.ui.reading import play_text
from game.ui.scene import DIM, INK, ButtonScene, Host, button
from game.ui.scenes.replay_steps import (
    CubeVerdict,
    Step,
    build_steps,
    dice_text,
    mistake_step,
    shown_cube,
    states_of,
)
from game.ui.scenes.review_words import NBSP, action_word, graded, prose_lines, reason_text, wrap_prose
from game.ui.text import CACHE, READ_SIZE, draw_text
from game.ui.widgets import PAD, common_size, fits

BUTTONS_Y = 464
"""The top of the panel's buttons: the steps, the reader's next mistake, the other side's, the IDs and
Back (four rows of 56, the last ending 4 above the panel's bottom; the IDs behind their button left the
words the room they took)."""
BUTTON_H = 56
LEGEND = pygame.Rect(L.PANEL_X + 6, BUTTONS_Y - 84, L.PANEL_W - 12, 76)
"""The arrows' legend, above the buttons where a step shows the play made and a better one: each word
beside the arrow it names (solid: played, dashed: better), a tap on one shows that play's arrows alone
(issue 36: the two plays' arrows cross on the board)."""
IDS_PITCH = 74
"""The Position ID's label to the Match ID's: shown, the IDs stand where the step's words stood (at
READ_SIZE the panel has no room for both)."""
RED = (255, 140, 120)


class Arrows(StrEnum):
    """Which plays' arrows the board shows at a step with a better play: both, or one alone."""

    BOTH = "both"
    MADE = "made"
    BETTER = "better"


NEXT_ARROWS = {Arrows.BOTH: Arrows.MADE, Arrows.MADE: Arrows.BETTER, Arrows.BETTER: Arrows.BOTH}
"""The A key's round: both, the play made alone, the better alone, both again."""


REASON_BAND = pygame.Rect(40, 0, L.W - 80, L.BOARD_Y)
"""Where a step's reason in words stands (in place of the title): across the whole screen above the
board, two lines at the floor size. The side panel is too narrow for a sentence (five to seven of its
lines), the top of the screen holds one of the coach's sentences in two."""


class ReplayScene(ButtonScene):
    """Forward, back, first, last, the reader's next mistake, the other side's; the IDs of the shown
    position behind their button."""

    def __init__(
        self,
        app: Host,
        record: MatchRecord,
        names: tuple[str, str],
        review: MatchReview | None = None,
        start: tuple[int, int] = (0, 0),
        reader: int = 0,
    ) -> None:
        super().__init__(app)
        self.record = record
        self.names = names
        self.reader = reader
        """The player the replay is for: the board's labels and every play are in his numbers, and
        the reasons in words are said for his decisions (they speak to the one who decided)."""
        self.steps = build_steps(record, review)
        self.show_ids = False
        """The Position and Match IDs are shown (behind their button: they took a third of the panel
        at 800x480, and mean nothing to most readers; issue 36)."""
        firsts = [i for i, s in enumerate(self.steps) if i == 0 or self.steps[i - 1].game != s.game]
        self.index = min(firsts[min(start[0], len(firsts) - 1)] + start[1], len(self.steps) - 1)
        self.legend_drawn = False
        """The last frame drew the arrows' legend (where it is, a tap on it switches the arrows)."""
        self.arrows = Arrows.BOTH
        """Which plays' arrows are drawn where the step has a better play (the legend's taps, A)."""
        self.view = BoardView(app.sprites)
        self._image: pygame.Surface | None = None
        self._image_key: tuple[int, Arrows] | None = None
        self._build()

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        x, w = L.PANEL_X + 6, L.PANEL_W - 12
        y = BUTTONS_Y
        bw = (w - 3 * 8) // 4
        moves: list[tuple[str, Callable[[], None]]] = [
            ("«", self.first), ("‹", self.back_step), ("›", self.forward), ("»", self.last)
        ]  # fmt: skip
        for i, (label, action) in enumerate(moves):
            b.add(button((x + i * (bw + 8), y, bw, BUTTON_H), label, action, "blue", 40))
        half = (w - 8) // 2
        # The other side's button by name where that fits at READ_SIZE ("Computer's mistakes" does not).
        named = tr("replay.other_mistake", name=self.names[1 - self.reader])
        short = tr("replay.other_mistake_short")
        other = named if fits(named, READ_SIZE, w - PAD, 1) else short
        rows: list[list[tuple[str, Callable[[], None], str]]] = [
            [(tr("replay.next_mistake"), self.next_mistake, "gold")],
            [(other, self.other_mistake, "blue")],
            [(tr("replay.ids"), self.toggle_ids, "grey"), (tr("button.back"), self.close, "grey")],
        ]
        for r, row in enumerate(rows):
            width = w if len(row) == 1 else half
            for i, (label, action, colour) in enumerate(row):
                rect = (x + i * (half + 8), y + BUTTON_H + 8 + (BUTTON_H + 6) * r, width, BUTTON_H)
                b.add(button(rect, label, action, colour, common_size([(label, width - PAD, 1)], READ_SIZE)))

    # -- moving through the game --------------------------------------------------------------

    def go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.steps) - 1))

    def forward(self) -> None:
        self.go(self.index + 1)

    def back_step(self) -> None:
        self.go(self.index - 1)

    def first(self) -> None:
        game = self.steps[self.index].game
        self.go(next(i for i, s in enumerate(self.steps) if s.game == game))

    def last(self) -> None:
        game = self.steps[self.index].game
        self.go(max(i for i, s in enumerate(self.steps) if s.game == game))

    def mistakes(self, player: int | None = None) -> list[int]:
        """The steps with a decision worse than good (inaccurate or worse on the one scale); of
        ``player``'s decisions only, where given."""
        return [
            i
            for i, s in enumerate(self.steps)
            if is_error(s.cost) and (player is None or (s.ply is not None and s.ply.player == player))
        ]

    def next_mistake(self) -> None:
        """The reader's next decision worse than good, round to the first after the last: "Next
        mistake" follows the reader's own decisions (issue 36: it stopped on the computer's too,
        written as if they were the reader's)."""
        self._next_of(self.reader)

    def other_mistake(self) -> None:
        """The other side's next decision worse than good: a choice of its own."""
        self._next_of(1 - self.reader)

    def _next_of(self, player: int) -> None:
        found = self.mistakes(player)
        if found:
            self.go(next((i for i in found if i > self.index), found[0]))

    def toggle_ids(self) -> None:
        self.show_ids = not self.show_ids

    def two_plays(self, step: Step) -> bool:
        """The step shows the play made and a better one as arrows (the legend stands beside them)."""
        ply = step.ply
        made = ply.moves if ply is not None and ply.kind is PlyKind.ROLL else ()
        return bool(made) and step.error > 0 and bool(step.better) and step.better != made

    def legend_shown(self) -> bool:
        return not self.show_ids and self.two_plays(self.steps[self.index])

    def legend_rect(self, which: Arrows) -> pygame.Rect:
        """The legend's row for the play made (the upper) or the better one."""
        half = (LEGEND.h - 4) // 2
        y = LEGEND.y if which is Arrows.MADE else LEGEND.y + half + 4
        return pygame.Rect(LEGEND.x, y, LEGEND.w, half)

    def show_alone(self, which: Arrows) -> None:
        """A tap on a legend's word: that play's arrows alone, or both again where they were alone."""
        self.arrows = Arrows.BOTH if self.arrows is which else which

    def handle(self, intent: Intent) -> None:
        """Left and right (keys, a controller's pad) step; Home, End, M (the reader's next mistake), N
        (the other side's), I (the IDs), A (both plays' arrows, the play made's alone, the better's
        alone); up, down and select move the focus over the buttons."""
        if intent.kind == IntentKind.DOUBLE:  # quick taps on a step button each step (a button ignores it)
            for b in self.buttons.buttons[:4]:
                if b.hit(intent.pos):
                    b.action()
                    return
        if intent.kind == IntentKind.NAV and intent.command in (Command.LEFT, Command.RIGHT):
            if intent.command is Command.RIGHT:
                self.forward()
            else:
                self.back_step()
            return
        if intent.kind == IntentKind.KEY:
            if intent.key == pygame.K_HOME:
                self.first()
            elif intent.key == pygame.K_END:
                self.last()
            elif intent.key == pygame.K_m:
                self.next_mistake()
            elif intent.key == pygame.K_n:
                self.other_mistake()
            elif intent.key == pygame.K_i:
                self.toggle_ids()
            elif intent.key == pygame.K_a:
                self.arrows = NEXT_ARROWS[self.arrows]
            return
        if intent.kind == IntentKind.CLICK and self.legend_drawn:
            for which in (Arrows.MADE, Arrows.BETTER):
                if self.legend_rect(which).collidepoint(intent.pos):
                    self.show_alone(which)
                    return
        super().handle(intent)

    # -- drawing -----------------------------------------------------------------------------

    def describe(self, step: Step) -> str:
        ply = step.ply
        if ply is None:
            result = step.state.result
            if result is None:
                return tr("replay.unfinished")
            name = self.names[result.winner]
            return tr_n("replay.wins", result.points, name=name, points=result.points)
        name = self.names[ply.player]
        if ply.kind is PlyKind.ROLL:
            assert ply.dice is not None
            play = play_text(ply.moves, ply.player, self.reader) or tr("review.no_move")
            return tr("replay.rolls", name=name, dice=dice_text(ply.dice), play=play)
        if ply.kind is PlyKind.DOUBLE:
            return tr("replay.doubles", name=name, cube=ply.cube)
        return tr("replay.takes" if ply.kind is PlyKind.TAKE else "replay.passes", name=name)

    def where(self, step: Step) -> str:
        """The game and the move line of the match sheet, as the review numbers its mistakes (the line
        under it says whose move it is); a game's end is "after" its last move."""
        number = self.record.games[step.game].number
        if step.ply is None:
            return tr("replay.where_end", game=number, move=step.line)
        total = max(s.line for s in self.steps if s.game == step.game)
        return tr("replay.where", game=number, move=step.line, total=total)

    def verdict_lines(self, step: Step) -> list[tuple[str, tuple[int, int, int]]]:
        """The review's verdicts of the step's decisions worse than good, each its grade and cost
        (red) then the better choice (green): the cube decision first (it came first), then the play.
        A cube mistake always names the better cube action ("Better: double before rolling")."""
        out: list[tuple[str, tuple[int, int, int]]] = []
        cube = step.cube
        if cube is not None and is_error(cube.error):
            out.append((graded(cube.error), RED))
            if cube.before_roll and cube.best == CubeAction.DOUBLE:
                better = tr("replay.better_double_first")
            else:
                better = tr("replay.better", play=action_word(cube.best))
            out.append((better, still_board.BETTER))
        if is_error(step.error):
            out.append((graded(step.error), RED))
            if step.better and step.ply is not None:
                play = play_text(step.better, step.ply.player, self.reader)
                out.append((tr("replay.better", play=play), still_board.BETTER))
        return out

    def reason(self, step: Step) -> tuple[Phrase, ...]:
        """Why the better choice of the step's costlier decision worse than good is better, in the
        coach's words (speaking to the player who decided)."""
        ply = step.ply
        if ply is None:
            return ()
        cube = step.cube
        if cube is not None and is_error(cube.error) and cube.error >= step.error:
            return cube.reason
        return step.reason if is_error(step.error) else ()

    def reason_lines(self, step: Step) -> list[str]:
        """The reason in at most two lines across :data:`REASON_BAND`: whole if it fits, else its
        first (main) sentence, else that cut at a word."""
        phrases = self.reason(step)
        if not phrases or step.ply is None:
            return []
        mover = step.ply.player
        texts = [reason_text(p, mover, self.reader, self.names) for p in (phrases, phrases[:1])]
        return prose_lines(texts, 2, REASON_BAND.w)

    def _board(self, step: Step) -> pygame.Surface:
        key = (self.index, self.arrows)
        if self._image is None or self._image_key != key:
            s = step.state
            ply = step.ply
            made = ply.moves if ply is not None and ply.kind is PlyKind.ROLL else ()
            better = step.better if step.error > 0 else ()
            if self.two_plays(step) and self.arrows is not Arrows.BOTH:
                made, better = (made, ()) if self.arrows is Arrows.MADE else ((), better)
            cube, offered = shown_cube(step)
            self._image = still_board.render(
                self.view,
                s.position,
                s.turn,
                cube=cube,
                offered=offered,
                dice=s.dice,
                made=made,
                better=better,
                reader=self.reader,
            )
            self._image_key = key
        return self._image

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        step = self.steps[self.index]
        surface.blit(self._board(step), (0, 0))
        panel = pygame.Rect(L.PANEL_X - 4, L.BOARD_Y, L.PANEL_W + 8, L.BOARD_H)
        pygame.draw.rect(surface, PANEL_BG, panel, border_radius=14)
        cx, w = L.PANEL_X + L.PANEL_W // 2, L.PANEL_W - 8
        row = CACHE.row_size(READ_SIZE, 28)  # the panel's lines are 28 px apart: larger text grows no further
        game = self.record.games[step.game]
        reason = self.reason_lines(step)
        if reason:  # the reason in words stands where the title was
            band = REASON_BAND
            for i, line in enumerate(reason):
                y = band.centery if len(reason) == 1 else band.y + 15 + 29 * i
                draw_text(surface, line, READ_SIZE, (band.centerx, y), INK, width=band.w)
        else:
            draw_text(surface, tr("replay.title"), 32, (L.W // 2, 28), GOLD)
        # Where and who did what, in two lines when one does not fit at the floor size ("Game 10,
        # move 125 of 145", a long play, a long name), three when two do not ("Computer: rolled 5-5,
        # played bar/20(2) 13/8* 13/8" ran off the panel and the screen at 800x480); what follows
        # moves down by the extra lines.
        where = wrap_lines(self.where(step), READ_SIZE, w)
        for i, line in enumerate(where):
            draw_text(surface, line, row, (cx, L.BOARD_Y + 28 + 28 * i), GOLD, width=w)
        top = L.BOARD_Y + 28 * (len(where) - 1)
        score = f"{game.score[0]} : {game.score[1]}"
        score = first_fitting([f"{self.names[0]} {score} {self.names[1]}", score], READ_SIZE, w)
        draw_text(surface, score, row, (cx, top + 60), DIM, width=w)
        if game.crawford:  # under the score it explains (no doubling in this game), a row under it
            top += 28
            draw_text(surface, tr("replay.crawford"), row, (cx, top + 60), DIM, width=w)
        self.legend_drawn = False
        if self.show_ids:  # in place of the step's words (there is no room for both at READ_SIZE)
            y = top + 100
            for label, value in (
                (tr("replay.position_id"), step.state.position.position_id()),
                (tr("replay.match_id"), match_id(step.state)),
            ):
                draw_text(surface, label, READ_SIZE, (cx, y), DIM, width=w)
                draw_text(surface, value, READ_SIZE, (cx, y + 28), INK, width=w)
                y += IDS_PITCH
        else:
            self._draw_step_words(surface, step, top)
        self.buttons.draw(surface, self.app.sprites)

    def _draw_step_words(self, surface: pygame.Surface, step: Step, top: int) -> None:
        """Who did what at the step, the review's verdicts on it, and the arrows' legend."""
        cx, w = L.PANEL_X + L.PANEL_W // 2, L.PANEL_W - 8
        row = CACHE.row_size(READ_SIZE, 28)
        said = wrap_lines(self.describe(step), READ_SIZE, w)
        for i, line in enumerate(said):
            draw_text(surface, line, row, (cx, top + 100 + 28 * i), INK, width=w)
        last = top + 100 + 28 * (len(said) - 1)  # the middle of the last line drawn
        for text, colour in self.verdict_lines(step):
            # more lines where a long play does not fit one at the floor size
            for i, line in enumerate(wrap_lines(text, READ_SIZE, w)):
                last += 34 if colour == RED and i == 0 else 28
                draw_text(surface, line, READ_SIZE, (cx, last), colour, width=w)
        # A long step's words first (a cube and a checker verdict, long plays): the legend gives way,
        # the A key still switches the arrows.
        self.legend_drawn = self.legend_shown() and last + 18 <= LEGEND.y
        if self.legend_drawn:
            self._draw_legend(surface)

    def _draw_legend(self, surface: pygame.Surface) -> None:
        """Each play's word beside its arrow, in its colour; a gold frame round the ones on the board."""
        for which, better, key in ((Arrows.MADE, False, "review.legend_made"), (Arrows.BETTER, True,
                                   "review.legend_better")):  # fmt: skip
            rect = self.legend_rect(which)
            on = self.arrows in (which, Arrows.BOTH)
            pygame.draw.rect(surface, LEGEND_BG, rect, border_radius=10)
            pygame.draw.rect(surface, GOLD if on else LEGEND_OFF, rect, 3 if on else 2, border_radius=10)
            colour = still_board.BETTER if better else still_board.MADE
            right = rect.x + 12 + still_board.LEGEND_W
            still_board.legend_arrow(self.view, surface, right, rect.centery, better=better)
            room = rect.right - right - 18
            draw_text(surface, tr(key), READ_SIZE, (right + 10, rect.centery), colour, "midleft", room)


LEGEND_BG = (30, 36, 50)
"""The legend's ground (the review's cards' colour)."""
LEGEND_OFF = (70, 80, 100)
"""The frame of a legend's word whose arrows are hidden."""


__all__ = [
    "NBSP",
    "REASON_BAND",
    "Arrows",
    "CubeVerdict",
    "ReplayScene",
    "Step",
    "build_steps",
    "dice_text",
    "graded",
    "mistake_step",
    "prose_lines",
    "reason_text",
    "shown_cube",
    "states_of",
    "wrap_prose",
]
