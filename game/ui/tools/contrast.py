"""Measure the non-text contrast of every board set from the rendered board (WCAG 1.4.11: 3:1).

Usage: ``.venv/bin/python -m game.ui.tools.contrast [--out DIR]``: prints, for every set, the contrast
ratio of each checker against each point colour, and of a lit target's outline and of each side's dice
against the felt, measured from the pixels the game's own board drawing puts on screen; ``--out`` also
saves each measuring board and its grey-scale rendering as PNGs to look at.

Why from pixels and not from the colour table: a checker is shaded (its rim darker than its face),
a point has a lighter centre line, and a lit target is a translucent overlay; what the eye gets is
what is drawn. A die lies on the felt: it must stand out from it by its rim or its body. Each colour
is the median luminance of the region (a checker's disc, a point's triangle, a patch of felt, the band
along a lit point's edges that the lighting changed, a die's outer ring), so a few pixels of shine or a
mark do not move it.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.ui import layout as L
from game.ui.board.anim import Board, Place
from game.ui.board.looks import LOOKS, Look, contrast, luminance
from game.ui.board.sprites import Sprites
from game.ui.board.view import BoardDraw, BoardView
from game.ui.layout import LAYOUT, from_abs

CHECKER_POINTS = {("white", "dark"): 1, ("white", "light"): 2, ("black", "dark"): 3, ("black", "light"): 4}
"""Where the measuring board puts a checker of each side on each kind of point (absolute points; an odd
one is drawn dark, an even one light, as :class:`BoardView` does)."""
EMPTY_POINTS = {"dark": 5, "light": 6}
LIT_POINTS = {"dark": 7, "light": 8}


def measuring_board() -> Board:
    """One white and one black checker on a dark and on a light point of the home half."""
    white, black = [0] * 25, [0] * 25
    for (side, _), a in CHECKER_POINTS.items():
        if side == "white":
            white[from_abs(0, a) - 1] = 1
        else:
            black[from_abs(1, a) - 1] = 1
    return (tuple(white), tuple(black))


def render(look: Look, lit: bool) -> pygame.Surface:
    """The measuring board drawn in ``look``, its two lit points lit or not."""
    view = BoardView(Sprites(look=look))
    targets: set[Place] = {("point", a, 0) for a in LIT_POINTS.values()} if lit else set()
    surface = pygame.Surface((L.W, L.H))
    view.draw_board(surface, BoardDraw(board=measuring_board(), targets=targets, style=view.style()))
    return surface


def median(values: Iterable[float]) -> float:
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no pixels to measure")
    return ordered[len(ordered) // 2]


def _luminances(surface: pygame.Surface, pixels: Iterable[tuple[int, int]]) -> list[float]:
    return [luminance(tuple(surface.get_at(p))[:3]) for p in pixels]


def disc(centre: tuple[float, float], radius: float) -> list[tuple[int, int]]:
    cx, cy = centre
    r = int(radius) + 1
    return [
        (int(cx) + dx, int(cy) + dy)
        for dx in range(-r, r + 1)
        for dy in range(-r, r + 1)
        if dx * dx + dy * dy <= radius * radius
    ]


def triangle(a: int) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
    """The corners of absolute point ``a``'s triangle: base left, base right, tip."""
    r = LAYOUT.point_rect(a)
    if a <= 12:
        return ((r.left, r.bottom), (r.right, r.bottom), (r.centerx, r.top))
    return ((r.left, r.top), (r.right, r.top), (r.centerx, r.bottom))


def _edge_distance(p: tuple[float, float], tri: tuple[tuple[float, float], ...]) -> tuple[bool, float]:
    """Whether ``p`` is inside the triangle, and its distance to the nearest side."""
    signs = []
    dists = []
    for i in range(3):
        (x0, y0), (x1, y1) = tri[i], tri[(i + 1) % 3]
        cross = (x1 - x0) * (p[1] - y0) - (y1 - y0) * (p[0] - x0)
        signs.append(cross)
        dists.append(abs(cross) / math.hypot(x1 - x0, y1 - y0))
    inside = all(s >= 0 for s in signs) or all(s <= 0 for s in signs)
    return inside, min(dists)


def point_pixels(a: int, inset: float = 0.0, band: float | None = None) -> list[tuple[int, int]]:
    """The pixels of point ``a``'s triangle at least ``inset`` inside it (within ``band`` of its
    sides, if given)."""
    tri = triangle(a)
    r = LAYOUT.point_rect(a)
    out = []
    for x in range(r.left, r.right):
        for y in range(r.top, r.bottom):
            inside, d = _edge_distance((x + 0.5, y + 0.5), tri)
            if inside and d >= inset and (band is None or d <= band):
                out.append((x, y))
    return out


def felt_pixels() -> list[tuple[int, int]]:
    """A patch of felt between the two rows of points in the home half."""
    half = LAYOUT.half_rect(0)
    top = L.PLAY_Y + L.PH + 8
    bottom = L.PLAY_Y + L.PLAY_H - L.PH - 8
    return [(x, y) for x in range(half.left + 8, half.right - 8, 2) for y in range(top, bottom, 2)]


def measure(look: Look) -> dict[str, float]:
    """Contrast ratios measured on the rendered board: "white on dark", ..., "lit dark on felt".

    A checker's colour is the median over its disc (nine tenths of its radius); a point's over its
    triangle (3 px in from the sides); the felt's over the patch between the points' tips; a lit
    target's over the pixels that lighting changed within 4 px of its sides, away from the landing
    ring at its base.
    """
    plain = render(look, lit=False)
    lit = render(look, lit=True)
    out: dict[str, float] = {}
    points = {kind: median(_luminances(plain, point_pixels(a, inset=3))) for kind, a in EMPTY_POINTS.items()}
    for (side, kind), a in CHECKER_POINTS.items():
        body = median(_luminances(plain, disc(LAYOUT.checker_center(a, 0, 1), L.CHECKER / 2 * 0.9)))
        out[f"{side} on {kind}"] = contrast(body, points[kind])
    felt = median(_luminances(plain, felt_pixels()))
    for kind, a in LIT_POINTS.items():
        r = LAYOUT.point_rect(a)
        keep = r.bottom - L.CHECKER - 12 if a <= 12 else r.top + L.CHECKER + 12
        edge = [
            p
            for p in point_pixels(a, band=4)
            if (p[1] < keep if a <= 12 else p[1] > keep) and plain.get_at(p) != lit.get_at(p)
        ]
        out[f"lit {kind} on felt"] = contrast(median(_luminances(lit, edge)), felt)
    return out | die_figures(look)


DIE_SPOTS = {"white": (0, 0), "black": (1, 0)}
"""Where the measuring board's dice lie on the felt of the home half: (player, die index)."""


def die_ring(centre: tuple[int, int], ring: int = 3) -> list[tuple[int, int]]:
    """The outermost ``ring`` pixels of a die drawn at ``centre``, along the middle half of each side
    (the rounded corners and the drop shadow left out)."""
    half = L.DIE // 2
    x0, y0 = centre[0] - half, centre[1] - half
    span = range(L.DIE // 4, L.DIE * 3 // 4)
    out = []
    for k in range(ring):
        out += [(x0 + i, y0 + k) for i in span] + [(x0 + k, y0 + i) for i in span]
        out += [(x0 + L.DIE - 1 - k, y0 + i) for i in span]
    return out


def die_figures(look: Look) -> dict[str, float]:
    """Each side's die (fresh and spent) against the felt it lies on: the better of its rim's and its
    body's contrast with the felt (a die stands out by either), measured on the drawn board."""
    sprites = Sprites(look=look)
    plain = render(look, lit=False)
    felt = median(_luminances(plain, felt_pixels()))
    out: dict[str, float] = {}
    for used in (False, True):
        surface = plain.copy()
        for side, (player, index) in DIE_SPOTS.items():
            sprite = sprites.get(f"die_{side}_3{'_used' if used else ''}")
            cx, cy = LAYOUT.die_center(player, 2, index)
            surface.blit(sprite, (cx - L.DIE // 2, cy - L.DIE // 2))
            rim = median(_luminances(surface, die_ring((cx, cy))))
            body = median(_luminances(surface, disc((cx - L.DIE // 4, cy + L.DIE // 4), 3)))
            name = f"{side} die{' spent' if used else ''} on felt"
            out[name] = max(contrast(rim, felt), contrast(body, felt))
    return out


def save_boards(out: Path, looks: Iterable[Look], saver: Callable[[pygame.Surface, str], None]) -> None:
    for look in looks:
        board = render(look, lit=True).subsurface(LAYOUT.board_rect()).copy()
        saver(board, str(out / f"contrast_{look.name}.png"))
        saver(pygame.transform.grayscale(board), str(out / f"contrast_{look.name}_grey.png"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.ui.tools.contrast",
        description="Print the contrast ratios of every board set, measured from the rendered board.",
    )
    parser.add_argument("--out", type=Path, help="also save each measuring board (and in grey) here")
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    try:
        worst = math.inf
        for look in LOOKS.values():
            figures = measure(look)
            worst = min(worst, *figures.values())
            print(f"{look.name}: " + ", ".join(f"{name} {ratio:.2f}" for name, ratio in figures.items()))
        print(f"lowest ratio: {worst:.2f} (WCAG 1.4.11 asks 3.00)")
        if args.out is not None:
            args.out.mkdir(parents=True, exist_ok=True)
            save_boards(args.out, LOOKS.values(), pygame.image.save)
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
