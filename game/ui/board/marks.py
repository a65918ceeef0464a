"""The marks drawn over the board, each a shape of its own: lit points, rings, arrows.

Why shapes: what the board tells by colour (a lit target, a checker that may move, the picked-up one,
the last play, the play made and the better one in the review) is told by shape as well, so that no
mark rests on telling two colours apart (issue 28; the colours come from the board set,
:mod:`game.ui.board.looks`). :class:`game.ui.board.view.BoardView` keeps each overlay once made.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui.text import CACHE, READ_SIZE, put_text

Arrow = tuple[tuple[float, float], tuple[float, float]]


def shape(kind: str, size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A translucent overlay of one shape, ``size`` big, in ``colour``.

    Each mark has a shape of its own, so that none is told by its colour alone: "up" and "down" a
    lit point (striped, outlined), "lit" a lit bar or tray (the same), "sight" where a checker
    would land (a ring with four ticks), "ring" a thin ring (a checker that may move), "double" a
    thick ring in a dark one (the picked-up checker), "dashed" a dashed ring and "hollow" a hollow
    dot (where the last play's checkers landed and left); "box" a plain shade and "dot" a disc's
    outline (the dragged checker's shadow).
    """
    surf = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    solid = (*colour[:3], 255)
    c = (w / 2, h / 2)
    if kind in ("up", "down", "lit"):
        if kind == "up":
            outline = [(0, h), (w, h), (w / 2, 0)]
        elif kind == "down":
            outline = [(0, 0), (w, 0), (w / 2, h)]
        else:
            outline = [(0, 0), (w, 0), (w, h), (0, h)]
        _striped(surf, outline, colour)
        pygame.draw.polygon(surf, solid, outline, 4)
    elif kind == "box":
        pygame.draw.rect(surf, colour, (0, 0, w, h), border_radius=8)
        pygame.draw.rect(surf, solid, (0, 0, w, h), 4, border_radius=8)
    elif kind == "sight":
        pygame.draw.circle(surf, (0, 0, 0, 200), c, w / 2, 8)
        pygame.draw.circle(surf, colour, c, w / 2 - 1, 5)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            outer = (c[0] + dx * (w / 2 - 2), c[1] + dy * (h / 2 - 2))
            inner = (c[0] + dx * (w / 2 - 16), c[1] + dy * (h / 2 - 16))
            pygame.draw.line(surf, (0, 0, 0, 220), outer, inner, 8)
            pygame.draw.line(surf, colour, outer, inner, 4)
    elif kind == "ring":
        pygame.draw.circle(surf, colour, c, w / 2, 3)
    elif kind == "double":
        pygame.draw.circle(surf, (0, 0, 0, 230), c, w / 2, 10)
        pygame.draw.circle(surf, colour, c, w / 2 - 2, 6)
    elif kind == "dashed":
        _dashed_ring(surf, c, w / 2 - 1, colour)
    elif kind == "hollow":
        pygame.draw.circle(surf, (0, 0, 0, 220), c, w / 2)
        pygame.draw.circle(surf, colour, c, w / 2 - 2, 4)
    else:  # "dot"
        pygame.draw.circle(surf, colour, c, w / 2 - 1, 3)
    return surf


LABEL_RADIUS = 20
"""An arrow's number: a disc this big (its outline included), round a number at READ_SIZE (16 pixels of
an 800x480 window)."""


def _dashes(
    a: tuple[float, float], b: tuple[float, float], on: float = 16.0, off: float = 10.0
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The pieces of a dashed line from ``a`` to ``b`` (the last piece ends at ``b``)."""
    length = math.dist(a, b)
    if length < 1:
        return []
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    out: list[tuple[tuple[float, float], tuple[float, float]]] = []
    t = 0.0
    while t < length:
        end = min(length, t + on)
        out.append(((a[0] + ux * t, a[1] + uy * t), (a[0] + ux * end, a[1] + uy * end)))
        t = end + off
    if out and out[-1][1] != b:
        out.append(((b[0] - ux * min(on, length), b[1] - uy * min(on, length)), b))
    return out


def _dashed_ring(surf: pygame.Surface, c: tuple[float, float], r: float, colour: tuple[int, ...]) -> None:
    """A ring of twelve dashes, each outlined in black so that it reads on light and dark checkers."""
    for i in range(12):
        a0 = i * math.tau / 12
        arc = [(c[0] + math.cos(a0 + k * 0.06) * (r - 3), c[1] + math.sin(a0 + k * 0.06) * (r - 3))
               for k in range(5)]  # fmt: skip
        pygame.draw.lines(surf, (0, 0, 0, 230), False, arc, 9)
        pygame.draw.lines(surf, colour, False, arc, 5)


def _striped(surf: pygame.Surface, shape: Sequence[tuple[float, float]], colour: tuple[int, ...]) -> None:
    """``shape`` filled with ``colour`` (translucent) and crossed by opaque diagonal stripes."""
    w, h = surf.get_size()
    fill = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(fill, (*colour[:3], min(colour[3], 90) if len(colour) > 3 else 90), shape)
    stripes = pygame.Surface((w, h), pygame.SRCALPHA)
    for x in range(-h, w + h, 18):
        pygame.draw.line(stripes, (*colour[:3], 230), (x, h), (x + h, 0), 5)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), shape)
    stripes.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    fill.blit(stripes, (0, 0))
    surf.blit(fill, (0, 0))


def label_spots(arrows: Sequence[Arrow]) -> list[tuple[int, int]]:
    """Where each arrow's number stands: a little before the middle of its arrow, unless an earlier
    number is there. A double moves checkers along the same path (6/5(2)): the arrows lie on top of each
    other and their numbers would too ("4" over "3"), so a later number goes further along its arrow
    or, on a short one, beside it, clear of every number before it."""
    spots: list[tuple[int, int]] = []
    apart = 2 * LABEL_RADIUS + 2
    for a, b in arrows:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = max(1.0, math.hypot(dx, dy))
        nx, ny = -dy / length, dx / length
        tries = [
            (int(a[0] + dx * f + nx * side), int(a[1] + dy * f + ny * side))
            for side in (0, apart, -apart, 2 * apart, -2 * apart)
            for f in (0.45, 0.25, 0.65)
        ]
        free = [c for c in tries if all(math.dist(c, s) >= apart for s in spots)]
        spots.append(free[0] if free else tries[0])
    return spots


def arrows(
    surface: pygame.Surface,
    arrows: Sequence[Arrow],
    colour: tuple[int, int, int],
    numbered: bool = True,
    dashed: bool = False,
) -> None:
    """Thick outlined arrows from each source to its landing place, numbered if several; ``dashed``:
    a broken shaft and a hollow start (the review's better play, told from the play made by more than
    its colour)."""
    dark = (40, 10, 30)
    for a, b in arrows:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        if length < 1:
            continue
        ux, uy = dx / length, dy / length
        head = min(30.0, length * 0.5)
        wing = 17.0
        base = (b[0] - ux * head, b[1] - uy * head)
        tip = [b, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)]
        pieces = _dashes(a, base, 16.0, 10.0) if dashed else [(a, base)]
        for start, end in pieces:
            pygame.draw.line(surface, dark, start, end, 13)
        pygame.draw.polygon(surface, dark, tip, 0)
        pygame.draw.polygon(surface, dark, tip, 4)
        for start, end in pieces:
            pygame.draw.line(surface, colour, start, end, 7)
        pygame.draw.polygon(surface, colour, tip)
        if dashed:
            pygame.draw.circle(surface, dark, a, 12)
            pygame.draw.circle(surface, colour, a, 10, 4)
        else:
            pygame.draw.circle(surface, colour, a, 9)
    if numbered and len(arrows) > 1:
        for i, c in enumerate(label_spots(arrows), start=1):
            pygame.draw.circle(surface, dark, c, LABEL_RADIUS)
            pygame.draw.circle(surface, colour, c, LABEL_RADIUS - 2)
            label = CACHE.render(str(i), READ_SIZE, (30, 0, 20))
            put_text(surface, label, label.get_rect(center=c))


__all__ = ["LABEL_RADIUS", "arrows", "label_spots", "shape"]
