"""Replay: a recorded game (or match) step by step, forward and back, jumping to the mistakes.

Each step is one entry of the match sheet shown on the board it was made on (a roll:
the dice and the play as arrows; with a review, the better play beside a mistake),
with its Position ID and Match ID for pasting into another program. Every state comes
from replaying the record through the engine (:func:`game.record.replay_game`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine.cube import Cube
from game.engine.flow import GameState
from game.engine.matchid import match_id
from game.engine.moves import Move
from game.engine.notation import format_play
from game.record import MatchRecord, Ply, PlyKind, final_state, ply_lines, replay_game

if TYPE_CHECKING:
    from game.review import MatchReview, Mistake

from game.i18n import tr, tr_n
from game.ui import layout as L
from game.ui.board import still as still_board
from game.ui.board.view import GOLD, PANEL_BG, BoardView
from game.ui.input import Intent
from game.ui.scenes.base import DIM, INK, ButtonScene, Host, button
from game.ui.text import MIN_SIZE, draw_text, first_fitting, wrap_lines

MISTAKE = 0.02
"""Steps that lost at least this much (points per unit cube) are the mistakes "Next mistake" visits."""
BUTTONS_Y = 470
"""The top of the panel's buttons."""
IDS_BOTTOM = BUTTONS_Y - 120
"""Where the Position ID's label stands at the latest: its two IDs (label and value each) end above the
buttons."""
IDS_GAP = 34
"""The least distance from the middle of the panel's last line to the Position ID's label."""
IDS_PITCH_MIN = 58
"""The Position ID's label to the Match ID's, at the closest (a line of 26 and one of 24 between)."""
RED = (255, 140, 120)


@dataclass(frozen=True)
class Step:
    """One frame of the replay: the state an entry was made in (``ply`` None: the game's end)."""

    game: int
    """Index into the record's games."""
    state: GameState
    ply: Ply | None
    line: int
    better: tuple[Move, ...] = ()
    """The review's better play where this roll lost something."""
    error: float = 0.0


def dice_text(dice: tuple[int, int]) -> str:
    """A roll as players say it and the game screen shows it: the higher die first ("6-1")."""
    return f"{max(dice)}-{min(dice)}"


def states_of(record: MatchRecord, game_index: int) -> list[GameState]:
    """The state each entry of a game was made in, then the state after the last one."""
    game = record.games[game_index]
    states = [r.state for r in replay_game(record.rules, game)]
    states.append(final_state(record.rules, game))
    return states


def mistake_step(record: MatchRecord, mistake: Mistake) -> tuple[int, int]:
    """(game index, entry index) of a review's mistake (a "no double" is judged at the roll after it)."""
    for gi, game in enumerate(record.games):
        if game.number == mistake.game:
            return gi, min(mistake.ply, max(len(game.plies) - 1, 0))
    return 0, 0


def build_steps(record: MatchRecord, review: MatchReview | None) -> list[Step]:
    """Every entry of every game, then each game's end, with the review's verdict where it has one."""
    verdicts: dict[tuple[int, int], tuple[tuple[Move, ...], float]] = {}
    if review is not None:
        for p in review.players:
            for m in p.moves:
                verdicts[(m.game, m.ply)] = (tuple(m.best), m.error)
            for c in p.cube:
                best, error = verdicts.get((c.game, c.ply), ((), 0.0))
                verdicts[(c.game, c.ply)] = (best, max(error, c.error))
    steps: list[Step] = []
    for gi, game in enumerate(record.games):
        lines = ply_lines(game.plies)
        for k, (replayed, line) in enumerate(zip(replay_game(record.rules, game), lines, strict=True)):
            ply = replayed.ply
            best, error = verdicts.get((game.number, k), ((), 0.0))
            steps.append(Step(gi, replayed.state, ply, line, best, error))
        steps.append(Step(gi, final_state(record.rules, game), None, lines[-1] if lines else 0))
    return steps


def shown_cube(step: Step) -> tuple[Cube, bool]:
    """The cube as it was at ``step``, and whether it stands offered (in the middle at twice its value).

    A take or a pass is made in the state the double was offered in, whose cube is still the one
    before the double (a centred cube shows 64): the take's step shows the cube the taker now owns,
    the pass's the value that was offered and refused (the game ends with it). Every other step
    shows its state's cube.
    """
    s, ply = step.state, step.ply
    if ply is not None and ply.kind is PlyKind.TAKE:
        return s.cube.doubled(1 - s.turn), False
    return s.cube, ply is not None and ply.kind is PlyKind.PASS


class ReplayScene(ButtonScene):
    """Forward, back, first, last, next mistake; the IDs of the shown position."""

    def __init__(
        self,
        app: Host,
        record: MatchRecord,
        names: tuple[str, str],
        review: MatchReview | None = None,
        start: tuple[int, int] = (0, 0),
    ) -> None:
        super().__init__(app)
        self.record = record
        self.names = names
        self.steps = build_steps(record, review)
        firsts = [i for i, s in enumerate(self.steps) if i == 0 or self.steps[i - 1].game != s.game]
        self.index = min(firsts[min(start[0], len(firsts) - 1)] + start[1], len(self.steps) - 1)
        self.view = BoardView(app.sprites)
        self._image: pygame.Surface | None = None
        self._image_index = -1
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
            b.add(button((x + i * (bw + 8), y, bw, 70), label, action, "blue", 40))
        b.add(button((x, y + 82, w, 64), tr("replay.next_mistake"), self.next_mistake, "gold", 26))
        b.add(button((x, y + 156, w, 64), tr("button.back"), self.close, "grey", 26))

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

    def mistakes(self) -> list[int]:
        return [i for i, s in enumerate(self.steps) if s.error >= MISTAKE]

    def next_mistake(self) -> None:
        """The next step that lost at least :data:`MISTAKE`, round to the first after the last."""
        found = self.mistakes()
        if found:
            self.go(next((i for i in found if i > self.index), found[0]))

    def handle(self, intent: Intent) -> None:
        """Left and right (keys, a controller's pad) step; Home, End, M; up, down and select
        move the focus over the buttons."""
        if intent.kind == "double":  # quick taps on a step button each step (a button ignores a double)
            for b in self.buttons.buttons[:4]:
                if b.hit(intent.pos):
                    b.action()
                    return
        if intent.kind == "nav" and intent.command in ("left", "right"):
            if intent.command == "right":
                self.forward()
            else:
                self.back_step()
            return
        if intent.kind == "key":
            if intent.key == pygame.K_HOME:
                self.first()
            elif intent.key == pygame.K_END:
                self.last()
            elif intent.key == pygame.K_m:
                self.next_mistake()
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
            play = format_play(ply.moves) or tr("review.no_move")
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

    def _board(self, step: Step) -> pygame.Surface:
        if self._image is None or self._image_index != self.index:
            s = step.state
            ply = step.ply
            made = ply.moves if ply is not None and ply.kind is PlyKind.ROLL else ()
            better = step.better if step.error > 0 else ()
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
            )
            self._image_index = self.index
        return self._image

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        step = self.steps[self.index]
        surface.blit(self._board(step), (0, 0))
        panel = pygame.Rect(L.PANEL_X - 4, L.BOARD_Y, L.PANEL_W + 8, L.BOARD_H)
        pygame.draw.rect(surface, PANEL_BG, panel, border_radius=14)
        cx, w = L.PANEL_X + L.PANEL_W // 2, L.PANEL_W - 8
        game = self.record.games[step.game]
        draw_text(surface, tr("replay.title"), 32, (L.W // 2, 28), GOLD)
        # Where and who did what, in two lines when one does not fit at the floor size ("Game 10,
        # move 125 of 145", a long play, a long name), three when two do not ("Computer: rolled 5-5,
        # played bar/20(2) 13/8* 13/8" ran off the panel and the screen at 800x480); what follows
        # moves down by the extra lines.
        where = wrap_lines(self.where(step), MIN_SIZE, w)
        for i, line in enumerate(where):
            draw_text(surface, line, MIN_SIZE, (cx, L.BOARD_Y + 28 + 28 * i), GOLD, width=w)
        top = L.BOARD_Y + 28 * (len(where) - 1)
        score = f"{game.score[0]} : {game.score[1]}"
        score = first_fitting([f"{self.names[0]} {score} {self.names[1]}", score], MIN_SIZE, w)
        draw_text(surface, score, MIN_SIZE, (cx, top + 60), DIM, width=w)
        if game.crawford:  # under the score it explains (no doubling in this game), close to it: the
            # panel is full where a long play and a long better play take three and two lines
            top += 22
            draw_text(surface, tr("replay.crawford"), MIN_SIZE, (cx, top + 60), DIM, width=w)
        said = wrap_lines(self.describe(step), MIN_SIZE, w)
        for i, line in enumerate(said):
            draw_text(surface, line, MIN_SIZE, (cx, top + 100 + 28 * i), INK, width=w)
        last = top + 100 + 28 * (len(said) - 1)  # the middle of the last line drawn
        if step.error >= MISTAKE:
            last += 34
            text = tr("replay.mistake", cost=f"{step.error:.3f}")
            draw_text(surface, text, MIN_SIZE, (cx, last), RED, width=w)
            if step.better:  # more lines where a long play does not fit one at the floor size
                better = wrap_lines(tr("replay.better", play=format_play(step.better)), MIN_SIZE, w)
                for line in better:
                    last += 28
                    draw_text(surface, line, MIN_SIZE, (cx, last), still_board.BETTER, width=w)
        # The IDs below, at least IDS_GAP under the last line (a long play and a long better play once
        # left the Position ID's label 22 px under the better play's last line, touching it), closer
        # together when that leaves them less room: their last line still ends above the buttons.
        y = max(last + IDS_GAP, min(last + 70, IDS_BOTTOM))
        pitch = max(IDS_PITCH_MIN, min(74, BUTTONS_Y - 44 - y))
        for label, value in (
            (tr("replay.position_id"), step.state.position.position_id()),
            (tr("replay.match_id"), match_id(step.state)),
        ):
            draw_text(surface, label, MIN_SIZE, (cx, y), DIM, width=w)
            draw_text(surface, value, 26, (cx, y + 28), INK, width=w)
            y += pitch
        self.buttons.draw(surface, self.app.sprites)


__all__ = [
    "MISTAKE",
    "ReplayScene",
    "Step",
    "build_steps",
    "dice_text",
    "mistake_step",
    "shown_cube",
    "states_of",
]
