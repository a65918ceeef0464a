"""The board cursor for keyboard and controller play: a ring that walks the board as it is drawn.

The arrows move it to the neighbouring place on the screen (issue 36: Left from 24 went to 6, Up from
7 to 8): left and right along the row, up and down across to the place facing it in the other row,
and at the board's edge it stays and says so; over every point, the mover's bar when a checker waits
there, the tray when a checker may go off. The geometry is the layout's, so the board's direction
(home left or right) and whose turn it is are followed. ``select`` picks up the checker under it (a
place with nothing to move says why) and then plays it where the cursor is (the engine says why not);
``higher`` and ``lower`` move the checker under it by that die at once. After a move or a new roll the
cursor stays where it was when something can move from there, else goes to the nearest that can.
Which checkers and which targets come from the engine (through the hands), never from a rule of its
own.
"""

from __future__ import annotations

import pygame

from game.engine.flow import GameState, MoveTo, Phase
from game.i18n import tr
from game.session.commands import Command
from game.ui.board.anim import abs_board, place_of, top_xy
from game.ui.controls import DIRECTIONS
from game.ui.layout import CHECKER, LAYOUT, MID_Y, to_abs
from game.ui.play.host import GameHost
from game.ui.widgets import FOCUS


class BoardCursor:
    def __init__(self, host: GameHost) -> None:
        self.host = host
        self.point: int | None = None
        """The mover's point under the cursor (25 = the bar, 0 = borne off), once a key was used."""
        self.engaged = False
        """The player plays by keys or controller (a pointer press disengages): the cursor shows by itself."""
        self.seen: tuple[GameState | None, int | None] = (None, None)
        """The state and the checker in hand the cursor was last placed for."""

    def ensure(self) -> None:
        """While engaged, after a move, a roll or a pick-up: on what can be played, as near as can be to
        where the cursor was (the arrows may then take it anywhere)."""
        if not (self.engaged and self.active()):
            return
        state, selected = self.host.game.state, self.host.hands.selected
        if state is self.seen[0] and selected == self.seen[1]:
            return
        self.seen = (state, selected)
        self.point = self.nearest_candidate()

    def nearest_candidate(self) -> int | None:
        """The candidate (see :meth:`candidates`) nearest the cursor on the screen (the first if none)."""
        options = self.candidates()
        if not options:
            return None
        if self.point is None or self.point not in self.places():
            return options[0]
        x0, y0 = self.place_xy(self.point)

        def distance(p: int) -> float:
            x, y = self.place_xy(p)
            return (x - x0) ** 2 + (y - y0) ** 2

        return min(options, key=distance)

    def places(self) -> list[int]:
        """Where the cursor may stand: every point, the mover's bar with a checker on it, the tray when
        a checker may go off (the one in hand, or any at all)."""
        s = self.host.game.state
        out = list(range(1, 25))
        if s.position.me[24]:
            out.append(25)
        hands = self.host.hands
        src = hands.selected
        if (src is not None and 0 in hands.targets(src)) or any(0 in hands.targets(p) for p in hands.movable):
            out.append(0)
        return out

    def place_xy(self, point: int) -> tuple[float, float]:
        """The middle of a place as drawn (the point's triangle, the bar's half, the tray)."""
        turn = self.host.game.state.turn
        if point == 0:
            rect = LAYOUT.tray_rect(turn)
        elif point == 25:
            rect = LAYOUT.bar_half(turn)
        else:
            rect = LAYOUT.point_rect(to_abs(turn, point))
        return float(rect.centerx), float(rect.centery)

    def neighbour(self, point: int, command: Command) -> int:
        """The place next to ``point`` on the screen in the direction of ``command`` (see the module);
        ``point`` itself at the board's edge."""
        places = self.places()
        x0, y0 = self.place_xy(point)
        top = y0 < MID_Y
        row = [p for p in places if (self.place_xy(p)[1] < MID_Y) == top and p != point]
        if command in (Command.LEFT, Command.RIGHT):
            sign = -1 if command == Command.LEFT else 1
            ahead = [p for p in row if (self.place_xy(p)[0] - x0) * sign > 0]
            return min(ahead, key=lambda p: abs(self.place_xy(p)[0] - x0)) if ahead else point
        if top == (command == Command.UP):
            return point  # nothing above the top row, nor below the bottom one
        other = [p for p in places if (self.place_xy(p)[1] < MID_Y) != top]
        return min(other, key=lambda p: abs(self.place_xy(p)[0] - x0)) if other else point

    def candidates(self) -> list[int]:
        """What can be played now: the checkers that can move, or the targets of the one in hand."""
        hands = self.host.hands
        if hands.selected is None:
            return sorted(hands.movable, reverse=True)
        return sorted(hands.targets(hands.selected), reverse=True)

    def xy(self, point: int) -> tuple[float, float]:
        """Where the ring stands: on the top checker of the place (where one would land on an empty
        point), the bar's first checker, the tray's middle."""
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
        if self.point not in self.places():
            self.point = self.nearest_candidate()
            if command in DIRECTIONS:
                return True  # the first press shows the cursor where it starts
        assert self.point is not None
        if command in DIRECTIONS:
            step = self.neighbour(self.point, command)
            if step == self.point:
                t.flash(tr("ui.cursor_edge"))  # a key that does nothing says why
            self.point = step
            return True
        if command == Command.SELECT:
            if hands.selected is None:
                if self.point not in hands.movable:
                    t.flash(self.why_not(self.point))
                    return True
                hands.selected = self.point
                self.seen = (t.game.state, hands.selected)
                targets = self.candidates()
                self.point = min(targets, key=lambda p: abs(p - (hands.selected or 0))) if targets else None
                return True
            origin, dst = hands.selected, self.point
            if dst == origin:  # the checker put back down
                hands.selected = None
                return True
            reason = t.game.do(MoveTo(origin, dst))
            if reason:
                t.flash(reason)  # the checker stays in hand
                return True
            hands.selected = None
            self.point = dst  # the cursor stays where the checker went (it may move on from there)
            return True
        if command in (Command.HIGHER, Command.LOWER):
            src = hands.selected if hands.selected is not None else self.point
            hands.selected = None
            hands.die_move_from(src, higher=command == Command.HIGHER)
            return True
        return False

    def why_not(self, point: int) -> str:
        """Why nothing can be picked up at ``point``: the engine's reason for the mover's checker there,
        whose checkers stand there, or that there is none."""
        s = self.host.game.state
        if point == 0:
            return tr("ui.cursor_tray")
        mine = s.position.me[point - 1] if point <= 25 else 0
        if mine:
            return self.host.hands.why_not(point) or tr("ui.no_checker_here")
        if point <= 24 and s.position.opp[24 - point]:
            game = self.host.game
            if game.setup.mode == "computer":
                return tr("newcomer.theirs_computer")
            return tr("newcomer.theirs_white" if s.turn == 0 else "newcomer.theirs_black")
        return tr("ui.no_checker_here")

    def draw(self, surface: pygame.Surface) -> bool:
        """The ring and its pointer, when the cursor shows; whether it was drawn."""
        if not self.engaged or self.point is None or not self.active() or self.host.anim.busy:
            return False
        if self.point not in self.places():
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
