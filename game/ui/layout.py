"""Where everything is on the 1280x720 logical screen: one source for drawing AND hit testing.

Why one module: a classic bug in board games is a click area that does not match
what is drawn (the bar, the trays). Every rectangle the renderer uses comes from
here, and :meth:`BoardLayout.hit` answers clicks from the very same numbers.

Absolute points: the board is described in player 0's numbering (``a`` = 1..24,
player 0's home board 1..6 bottom right, player 1's home top right). Player ``p``'s
own point ``n`` is absolute ``n`` for player 0 and ``25 - n`` for player 1.

Board direction (the "home board on the left" setting): every rectangle and centre
is first computed for the home-right board, then passed through one mirror about
the board's vertical axis. Drawing, animation and hit testing all ask this one
object, so a mirrored board cannot be drawn one way and clicked another.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

W, H = 1280, 720
STATUS_H = 56

FRAME = 14
NUM_BAND = 26
PW = 62  # point width
BAR_W = 68
TRAY_W = 76
PH = 258  # point height
CHECKER = 58
DIE = 56
CUBE = 58
SLICE_H = 15  # one borne-off checker seen from the side
BAR_GAP = 60  # from the middle of the bar to its first waiting checker's edge
BAR_STEP = 54  # between checkers waiting on the bar (a little overlap, like a tall stack on a point)

BOARD_X = 8
BOARD_Y = 60
LEFT_X = BOARD_X + FRAME
BAR_X = LEFT_X + 6 * PW
RIGHT_X = BAR_X + BAR_W
TRAY_X = RIGHT_X + 6 * PW + FRAME
BOARD_W = TRAY_X + TRAY_W + FRAME - BOARD_X
PLAY_Y = BOARD_Y + NUM_BAND
PLAY_H = 2 * PH + 84
BOARD_H = PLAY_H + 2 * NUM_BAND
MID_Y = PLAY_Y + PLAY_H // 2
PANEL_X = BOARD_X + BOARD_W + 12
PANEL_W = W - PANEL_X - 8

BAR = 25
OFF = 0

Target = tuple[str, int]
"""A hit-test answer: ("point", a) absolute 1..24, ("bar", player), ("tray", player), ("dice", 0)."""


def to_abs(player: int, point: int) -> int:
    """A player's own point number (1..24) as an absolute point."""
    return point if player == 0 else 25 - point


def from_abs(player: int, a: int) -> int:
    """An absolute point as the player's own point number."""
    return a if player == 0 else 25 - a


MIRROR_SUM = 2 * BOARD_X + BOARD_W
"""x + x' for a point and its mirror image: the board (trays included) flips about its own centre."""


@dataclass
class BoardLayout:
    """Geometry of the board; pure arithmetic, cheap to build, shared by view and input.

    ``mirrored`` puts the home boards (and the trays) on the left; see :meth:`set_home`.
    """

    mirrored: bool = False

    def set_home(self, side: str) -> bool:
        """Home board on ``"left"`` or ``"right"``; True when the direction changed."""
        mirrored = side == "left"
        changed = mirrored != self.mirrored
        self.mirrored = mirrored
        return changed

    @property
    def home(self) -> str:
        return "left" if self.mirrored else "right"

    def _rect(self, x: int, y: int, w: int, h: int) -> pygame.Rect:
        """A home-right rectangle, mirrored when the home board is on the left."""
        if self.mirrored:
            x = MIRROR_SUM - x - w
        return pygame.Rect(x, y, w, h)

    def _x(self, x: float) -> float:
        return MIRROR_SUM - x if self.mirrored else x

    def half_rect(self, side: int) -> pygame.Rect:
        """The playing half with player ``side``'s dice: 0 = the home boards' half, 1 = the outer boards."""
        return self._rect(RIGHT_X if side == 0 else LEFT_X, PLAY_Y, 6 * PW, PLAY_H)

    def point_rect(self, a: int) -> pygame.Rect:
        """The triangle's bounding box for absolute point ``a`` (1..24)."""
        if 1 <= a <= 6:
            x = RIGHT_X + (6 - a) * PW
            return self._rect(x, PLAY_Y + PLAY_H - PH, PW, PH)
        if 7 <= a <= 12:
            x = LEFT_X + (12 - a) * PW
            return self._rect(x, PLAY_Y + PLAY_H - PH, PW, PH)
        if 13 <= a <= 18:
            x = LEFT_X + (a - 13) * PW
            return self._rect(x, PLAY_Y, PW, PH)
        x = RIGHT_X + (a - 19) * PW
        return self._rect(x, PLAY_Y, PW, PH)

    def point_column(self, a: int) -> pygame.Rect:
        """The clickable column of a point: its triangle and the space up to the middle."""
        r = self.point_rect(a)
        if a <= 12:
            return pygame.Rect(r.x, MID_Y, PW, PLAY_Y + PLAY_H - MID_Y + NUM_BAND)
        return pygame.Rect(r.x, PLAY_Y - NUM_BAND, PW, MID_Y - PLAY_Y + NUM_BAND)

    @staticmethod
    def stack_step(n: int, room: int = PH) -> float:
        shown = min(n, 5)
        if shown <= 1:
            return CHECKER
        return min(float(CHECKER), (room - CHECKER) / (shown - 1))

    def checker_center(self, a: int, k: int, n: int) -> tuple[float, float]:
        """Centre of the k-th checker (0 = at the edge) of a stack of ``n`` on absolute point ``a``."""
        r = self.point_rect(a)
        k = min(k, 4)
        step = self.stack_step(n)
        if a <= 12:
            return (r.centerx, r.bottom - CHECKER / 2 - k * step)
        return (r.centerx, r.top + CHECKER / 2 + k * step)

    def bar_rect(self) -> pygame.Rect:
        return self._rect(BAR_X, PLAY_Y, BAR_W, PLAY_H)

    def bar_center(self, player: int, k: int) -> tuple[float, float]:
        """Player 0 waits on the upper half of the bar (it enters top right), player 1 on the lower.

        The stack starts :data:`BAR_GAP` from the middle, so that the keyboard cursor's ring around
        the first checker keeps clear of a centred cube, and steps :data:`BAR_STEP` outward, so that
        the third checker keeps clear of a cube owned at the far end of the bar.
        """
        k = min(k, 2)
        cx = self._x(BAR_X + BAR_W / 2)
        away = BAR_GAP + CHECKER / 2 + k * BAR_STEP
        return (cx, MID_Y - away if player == 0 else MID_Y + away)

    def bar_half(self, player: int) -> pygame.Rect:
        if player == 0:
            return self._rect(BAR_X, PLAY_Y, BAR_W, MID_Y - PLAY_Y)
        return self._rect(BAR_X, MID_Y, BAR_W, PLAY_Y + PLAY_H - MID_Y)

    def tray_rect(self, player: int) -> pygame.Rect:
        """Player 0 bears off into the lower tray, player 1 into the upper one."""
        if player == 0:
            return self._rect(TRAY_X, PLAY_Y + PLAY_H - PH, TRAY_W, PH)
        return self._rect(TRAY_X, PLAY_Y, TRAY_W, PH)

    def tray_slot(self, player: int, k: int) -> tuple[float, float]:
        """Centre of the k-th borne-off checker (seen from the side) in a player's tray."""
        r = self.tray_rect(player)
        if player == 0:
            return (r.centerx, r.bottom - 6 - SLICE_H / 2 - k * SLICE_H)
        return (r.centerx, r.top + 6 + SLICE_H / 2 + k * SLICE_H)

    def cube_center(self, owner: int | None) -> tuple[int, int]:
        cx = self.bar_rect().centerx
        if owner is None:
            return (cx, MID_Y)
        if owner == 0:
            return (cx, PLAY_Y + PLAY_H - CUBE // 2 - 6)
        return (cx, PLAY_Y + CUBE // 2 + 6)

    def dice_rect(self, side: int, count: int) -> pygame.Rect:
        """The dice of player ``side`` sit in the middle of the half away from the other's dice."""
        gap = 12
        width = count * DIE + (count - 1) * gap
        cx = self.half_rect(side).centerx
        return pygame.Rect(cx - width // 2, MID_Y - DIE // 2, width, DIE)

    def die_center(self, side: int, count: int, i: int) -> tuple[int, int]:
        r = self.dice_rect(side, count)
        return (r.x + DIE // 2 + i * (DIE + 12), MID_Y)

    def dice_hit_rect(self, side: int) -> pygame.Rect:
        """Generous tap area around a player's dice (the whole middle strip of that half)."""
        half = self.half_rect(side)
        return pygame.Rect(half.x, MID_Y - 40, half.width, 80)

    def hit(self, pos: tuple[float, float]) -> Target | None:
        """What is under ``pos``; the same rectangles the renderer draws with."""
        x, y = pos
        for player in (0, 1):
            if self.tray_rect(player).inflate(8, 8).collidepoint(x, y):
                return ("tray", player)
        if self.bar_rect().collidepoint(x, y):
            return ("bar", 0 if y < MID_Y else 1)
        for side in (0, 1):
            if self.dice_hit_rect(side).collidepoint(x, y):
                return ("dice", side)
        for a in range(1, 25):
            if self.point_column(a).collidepoint(x, y):
                return ("point", a)
        return None

    def board_rect(self) -> pygame.Rect:
        return pygame.Rect(BOARD_X, BOARD_Y, BOARD_W, BOARD_H)


LAYOUT = BoardLayout()
