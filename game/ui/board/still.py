"""A board that does not move: one position of a recorded game with plays drawn as arrows.

The replay's board is drawn by the game screen's own :class:`~game.ui.board.view.BoardView`
(same sprites, same layout, so a mirrored board is mirrored here too) onto an off-screen
1280x720 surface, whole: the review's small boards it once scaled down could not be read at
800x480 (issue 36). Arrows follow the checkers' places as the hint's do.
"""

from __future__ import annotations

import pygame

from game.engine.cube import Cube
from game.engine.moves import Move
from game.engine.position import Position
from game.ui import layout as L
from game.ui.board.anim import abs_board, play_arrows
from game.ui.board.marks import Arrow
from game.ui.board.view import BoardDraw, BoardView
from game.ui.layout import LAYOUT

MADE = (255, 128, 80)
"""The play that was made: orange arrows."""
BETTER = (110, 230, 120)
"""The better play: green arrows."""


def dice_faces(
    player: int, dice: tuple[int, int] | None
) -> list[tuple[int, int, bool, tuple[float, float], int]]:
    """The dice of a roll, resting in the roller's half."""
    if dice is None:
        return []
    values = [dice[0], dice[1]] * (2 if dice[0] == dice[1] else 1)
    out: list[tuple[int, int, bool, tuple[float, float], int]] = []
    for i, value in enumerate(values):
        cx, cy = LAYOUT.die_center(player, len(values), i)
        out.append((value, player, False, (float(cx), float(cy)), 0))
    return out


def render(
    view: BoardView,
    pos: Position,
    player: int,
    *,
    cube: Cube,
    offered: bool = False,
    dice: tuple[int, int] | None = None,
    made: tuple[Move, ...] = (),
    better: tuple[Move, ...] = (),
    numbered: bool = True,
    reader: int | None = None,
) -> pygame.Surface:
    """The whole 1280x720 board layer for ``pos`` (seen by ``player``) with the plays as arrows.

    Player 0 is white as in the game; the points are numbered from ``reader``'s side (the person the
    screen is for: see :mod:`game.ui.reading`), from ``player``'s when no reader is given.
    ``offered``: a double is on the table, neither taken nor passed: the cube stands in the middle at
    the value offered (twice ``cube``'s).
    """
    surface = pygame.Surface((L.W, L.H))
    perspective = player if reader is None else reader
    d = BoardDraw(board=abs_board(pos, player), perspective=perspective, mover=player)
    d.cube_value = cube.value * 2 if offered else cube.value
    d.cube_owner = None if offered else cube.owner
    d.dice = dice_faces(player, dice)
    view.draw_board(surface, d)
    view.draw_moving(surface, d)
    if better and better != made:  # dashed: told from the play made by more than its colour
        view.draw_arrows(surface, play_arrows(pos, player, better), BETTER, numbered, dashed=True)
    if made:
        view.draw_arrows(surface, play_arrows(pos, player, made), MADE, numbered)
    return surface


def legend_arrow(view: BoardView, surface: pygame.Surface, right: int, y: int, better: bool) -> pygame.Rect:
    """A short arrow ending at (``right``, ``y``) drawn as the board draws the play made (solid) or
    the better play (dashed): the key beside the replay's legend words. Returns the area it covers."""
    start = (float(right - LEGEND_W), float(y))
    colour = BETTER if better else MADE
    view.draw_arrows(surface, [(start, (float(right), float(y)))], colour, numbered=False, dashed=better)
    return pygame.Rect(right - LEGEND_W - 12, y - 18, LEGEND_W + 12, 36)


LEGEND_W = 64
"""The length of a legend's arrow."""


__all__ = [
    "BETTER",
    "MADE",
    "Arrow",
    "dice_faces",
    "legend_arrow",
    "play_arrows",
    "render",
]
