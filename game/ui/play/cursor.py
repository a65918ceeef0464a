"""The board cursor for keyboard and controller play: a ring that moves between what can be played.

First it moves between the mover's checkers that can move; ``select`` picks one up and
the cursor moves between its legal targets; ``select`` again plays there. ``higher`` and
``lower`` move the checker under the cursor by that die at once. Which checkers and
which targets come from the engine (through the hands), never from a rule of its own.
"""

from __future__ import annotations

import pygame

from game.engine.flow import MoveTo, Phase
from game.session.commands import Command
from game.ui.board.anim import abs_board, place_of, top_xy
from game.ui.controls import DIRECTIONS, nearest
from game.ui.layout import CHECKER, LAYOUT, MID_Y
from game.ui.play.host import GameHost
from game.ui.widgets import FOCUS


class BoardCursor:
    def __init__(self, host: GameHost) -> None:
        self.host = host
        self.point: int | None = None
        """The mover's point under the cursor (25 = the bar, 0 = borne off), once a key was used."""
        self.engaged = False
        """The player plays by keys or controller (a pointer press disengages): the cursor shows by itself."""

    def ensure(self) -> None:
        """While engaged, keep the cursor on something that can be played (a new turn, a new roll)."""
        if self.engaged and self.active() and self.point not in self.candidates():
            self.point = self.candidates()[0]

    def candidates(self) -> list[int]:
        hands = self.host.hands
        if hands.selected is None:
            return sorted(hands.movable, reverse=True)
        return sorted(hands.targets(hands.selected), reverse=True)

    def xy(self, point: int) -> tuple[float, float]:
        s = self.host.game.state
        if point == 0:
            centre = LAYOUT.tray_rect(s.turn).center
            return (float(centre[0]), float(centre[1]))
        if point == 25:  # the bar: the checker next to the middle, however many wait behind it
            return LAYOUT.bar_center(s.turn, 0)
        return top_xy(abs_board(s.position, s.turn), place_of(s.turn, point))

    def active(self) -> bool:
        game = self.host.game
        s = game.state
        return s.phase is Phase.MOVING and game.is_human(s.turn) and bool(self.candidates())

    def handle(self, command: Command) -> bool:
        """A direction or select while the human moves; True when it was the cursor's."""
        if not self.active():
            return False
        t = self.host
        hands = t.hands
        options = self.candidates()
        if self.point not in options:
            self.point = options[0]
            if command in DIRECTIONS:
                return True  # the first press shows the cursor where it starts
        assert self.point is not None
        if command in DIRECTIONS:
            here = self.xy(self.point)
            step = nearest(here, [self.xy(p) for p in options], command)
            if step is None:  # nothing further that way: go round
                forward = command in (Command.RIGHT, Command.DOWN)
                step = (options.index(self.point) + (1 if forward else -1)) % len(options)
            self.point = options[step]
            return True
        if command == Command.SELECT:
            if hands.selected is None:
                hands.selected = self.point
                self.point = None
                targets = self.candidates()
                self.point = targets[0] if targets else None
                return True
            origin, dst = hands.selected, self.point
            hands.selected = None
            self.point = dst  # the cursor stays where the checker went (it may move on from there)
            reason = t.game.do(MoveTo(origin, dst))
            if reason:
                t.flash(reason)
            return True
        if command in (Command.HIGHER, Command.LOWER):
            src = hands.selected if hands.selected is not None else self.point
            hands.selected = None
            self.point = None
            hands.die_move_from(src, higher=command == Command.HIGHER)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> bool:
        """The ring and its pointer, when the cursor shows; whether it was drawn."""
        if not self.engaged or self.point is None or not self.active() or self.host.anim.busy:
            return False
        if self.point not in self.candidates():
            return False
        x, y = self.xy(self.point)
        centre = (round(x), round(y))
        radius = CHECKER // 2 + 9
        pygame.draw.circle(surface, (0, 0, 0), centre, radius + 5, 3)
        pygame.draw.circle(surface, FOCUS, centre, radius + 2, 8)
        # A pointer above the ring: the cursor reads as a cursor, not as one more lit target. On the
        # lower half of the bar it stands below the ring, away from the cube in the middle (a play
        # test saw it drawn over a centred cube).
        up = -1 if self.point == 25 and centre[1] > MID_Y else 1
        tip = (centre[0], centre[1] - up * (radius + 6))
        arrow = [tip, (tip[0] - 16, tip[1] - up * 26), (tip[0] + 16, tip[1] - up * 26)]
        pygame.draw.polygon(surface, FOCUS, arrow)
        pygame.draw.polygon(surface, (0, 0, 0), arrow, 2)
        return True


__all__ = ["BoardCursor"]
