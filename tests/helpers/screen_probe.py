"""Reading the rendered screen back: which checkers stand where, the cube, the dice, and text.

The screen tests render a real frame headless and then look only at its pixels. Where to look
comes from the layout (``game.ui.layout``: the same geometry drawing and hit testing use); what
to expect there comes from the game's own images (``assets/images`` through ``Sprites``) and
text renderer (``game.ui.text.CACHE``). Nothing is read from the view's internal state.

A sprite is recognised by comparing the screen with the image's opaque pixels (mean absolute
difference per channel, tolerance :data:`SPRITE_TOLERANCE`); text by the exact glyph pixels of
the rendered string (every solid pixel of the glyphs in the text's colour, almost no pixel of
that colour in the glyphs' gaps), searched for inside a region, so it is found wherever the
painter put it in that region and a different string (another number) is not mistaken for it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pygame

from game.ui import layout as L
from game.ui.board.sprites import Sprites
from game.ui.layout import LAYOUT
from game.ui.text import CACHE

COLOUR = ("white", "black")
"""Player 0 plays the white checkers, player 1 the black ones."""
SPRITE_OFFSET = 2
"""Sprites are blitted with their centre 2 px right of and below the layout's centre (their shadow side)."""
SPRITE_TOLERANCE = 6.0
"""Mean absolute difference (0..255 per channel) under which a patch of screen IS the sprite."""
CHECKER_RADIUS = 20
"""Compare a checker inside this radius: its neighbours in a stack and the glow rings lie outside."""
LABEL_HALF = (18, 12)
"""Half width and height of the box at a checker's centre left out of the colour test (the count)."""
TEXT_TOLERANCE = 10

Grid = np.ndarray


def grab(surface: pygame.Surface) -> Grid:
    """The surface's pixels as an (height, width, 3) signed array."""
    return np.asarray(pygame.surfarray.array3d(surface), dtype=np.int16).transpose(1, 0, 2)


def _opaque(sprite: pygame.Surface) -> tuple[Grid, Grid]:
    rgb = np.asarray(pygame.surfarray.array3d(sprite), dtype=np.int16).transpose(1, 0, 2)
    alpha = pygame.surfarray.array_alpha(sprite).T
    return rgb, alpha == 255


def sprite_difference(
    grid: Grid,
    sprite: pygame.Surface,
    centre: tuple[float, float],
    radius: int | None = None,
    label: bool = False,
    background: pygame.Surface | None = None,
) -> float:
    """Mean absolute difference between the screen and ``sprite`` drawn at the layout's ``centre``.

    ``radius`` keeps only pixels that close to the sprite's centre; ``label`` leaves out the box where a
    stack's count is written. A translucent sprite (a used die) is compared as drawn over
    ``background`` (the empty board). Infinity when the sprite would stick out of the screen.
    """
    cx = int(centre[0]) + SPRITE_OFFSET
    cy = int(centre[1]) + SPRITE_OFFSET
    rect = sprite.get_rect(center=(cx, cy))
    if rect.left < 0 or rect.top < 0 or rect.right > grid.shape[1] or rect.bottom > grid.shape[0]:
        return float("inf")
    if background is not None:
        drawn = pygame.Surface(rect.size)
        drawn.blit(background, (0, 0), rect)
        drawn.blit(sprite, (0, 0))
        rgb = grab(drawn)
        mask = pygame.surfarray.array_alpha(sprite).T > 0
    else:
        rgb, mask = _opaque(sprite)
    h, w = mask.shape
    ys, xs = np.mgrid[0:h, 0:w]
    if radius is not None:
        mask = mask & ((ys - (cy - rect.top)) ** 2 + (xs - (cx - rect.left)) ** 2 <= radius * radius)
    if label:
        lx = int(centre[0]) - rect.left
        ly = int(centre[1]) - rect.top
        mask = mask & ~((abs(xs - lx) <= LABEL_HALF[0]) & (abs(ys - ly) <= LABEL_HALF[1]))
    patch = grid[rect.top : rect.bottom, rect.left : rect.right]
    if not mask.any():
        return float("inf")
    return float(np.abs(patch[mask] - rgb[mask]).mean())


def which(
    grid: Grid, sprites: dict[str, pygame.Surface], centre: tuple[float, float], **kw: object
) -> str | None:
    """The name of the sprite drawn at ``centre`` (the closest one within tolerance), or None."""
    scores = {name: sprite_difference(grid, s, centre, **kw) for name, s in sprites.items()}  # type: ignore[arg-type]
    best = min(scores, key=lambda n: scores[n])
    return best if scores[best] <= SPRITE_TOLERANCE else None


@dataclass
class Stack:
    colour: str
    count: int


class ScreenReader:
    """Reads one rendered frame; build it after ``app.draw``."""

    def __init__(
        self, surface: pygame.Surface, sprites: Sprites, background: pygame.Surface | None = None
    ) -> None:
        """``background``: the empty board under the frame (the view's static layer), for the
        translucent images of used dice; without it a used die is not recognised."""
        self.surface = surface
        self.background = background
        self.grid = grab(surface)
        self.sprites = sprites
        self.checkers = {c: sprites.get(f"checker_{c}") for c in COLOUR}
        self.slices = {c: sprites.get(f"side_{c}") for c in COLOUR}

    # -- checkers ---------------------------------------------------------------------------------

    def checker(self, centre: tuple[float, float]) -> str | None:
        """ "white", "black" or None: the checker whose face is at ``centre``."""
        return which(self.grid, self.checkers, centre, radius=CHECKER_RADIUS, label=True)

    def count_label(self, colour: str, centre: tuple[float, float], candidates: range) -> int | None:
        """The number written on the top checker at ``centre``: the candidate whose rendering fits best.

        Each candidate is drawn the game's way (the checker image, then the numeral in the stack
        colour's ink at the checker's centre) onto a copy of the screen around it and compared.
        """
        ink = (20, 20, 20) if colour == "white" else (255, 255, 255)
        box = pygame.Rect(0, 0, 2 * LABEL_HALF[0], 2 * LABEL_HALF[1])
        box.center = (int(centre[0]), int(centre[1]))
        actual = self.grid[box.top : box.bottom, box.left : box.right]
        best: tuple[float, int | None] = (float("inf"), None)
        sprite = self.checkers[colour]
        for n in candidates:
            patch = pygame.Surface(box.size)
            patch.blit(self.surface, (0, 0), box)
            at = (int(centre[0]) + SPRITE_OFFSET - box.left, int(centre[1]) + SPRITE_OFFSET - box.top)
            patch.blit(sprite, sprite.get_rect(center=at).topleft)
            label = CACHE.render(str(n), 26, ink)
            patch.blit(label, label.get_rect(center=(int(centre[0]) - box.left, int(centre[1]) - box.top)))
            diff = float(np.abs(grab(patch) - actual).mean())
            if diff < best[0]:
                best = (diff, n)
        return best[1] if best[0] <= 1.0 else None

    def point(self, a: int) -> Stack | None:
        """The stack on absolute point ``a``: its colour and size (five drawn, then a numeral)."""
        colour = self.checker(LAYOUT.checker_center(a, 0, 1))
        if colour is None:
            return None
        full = all(self.checker(LAYOUT.checker_center(a, k, 5)) == colour for k in range(5))
        if full:
            n = self.count_label(colour, LAYOUT.checker_center(a, 4, 6), range(2, 16))
            return Stack(colour, n if n is not None else 5)
        n = 1
        while n < 4 and self.checker(LAYOUT.checker_center(a, n, 4)) == colour:
            n += 1
        return Stack(colour, n)

    def bar(self, player: int) -> int:
        """How many of ``player``'s checkers wait on the bar (three drawn, then a numeral)."""
        colour = COLOUR[player]
        n = 0
        while n < 3 and self.checker(LAYOUT.bar_center(player, n)) == colour:
            n += 1
        if n == 3:
            label = self.count_label(colour, LAYOUT.bar_center(player, 2), range(2, 16))
            if label is not None:
                n = label
        return n

    def borne_off(self, player: int) -> int:
        """How many of ``player``'s checkers lie in the tray (one slice each)."""
        sprite = {COLOUR[player]: self.slices[COLOUR[player]]}
        n = 0
        while n < 15 and which(self.grid, sprite, LAYOUT.tray_slot(player, n)) is not None:
            n += 1
        return n

    def board(self) -> dict[str, object]:
        """Everything about the checkers: ``points`` {a: (colour, n)}, ``bar`` and ``off`` per player."""
        points: dict[int, tuple[str, int]] = {}
        for a in range(1, 25):
            stack = self.point(a)
            if stack is not None:
                points[a] = (stack.colour, stack.count)
        return {
            "points": points,
            "bar": (self.bar(0), self.bar(1)),
            "off": (self.borne_off(0), self.borne_off(1)),
        }

    # -- cube and dice ------------------------------------------------------------------------------

    def cube(self) -> tuple[int, int | None] | None:
        """(value, owner) of the cube on the board (owner None: in the middle), or None if not drawn."""
        faces = {str(v): self.sprites.get(f"cube_{v}") for v in (1, 2, 4, 8, 16, 32, 64)}
        found = []
        for owner in (None, 0, 1):
            name = which(self.grid, faces, LAYOUT.cube_center(owner))
            if name is not None:
                found.append((int(name), owner))
        assert len(found) <= 1, f"more than one cube on the board: {found}"
        return found[0] if found else None

    def dice(self) -> dict[int, list[tuple[str, int, bool]]]:
        """The dice in each half, left to right: (colour, face, dimmed).

        Looks at every place a die can sit in a half (one, two or four dice, the layout's centres).
        """
        faces: dict[str, pygame.Surface] = {}
        for colour in COLOUR:
            for face in range(1, 7):
                name = f"die_{colour}_{face}"
                faces[f"{colour} {face} -"] = self.sprites.get(name)
                faces[f"{colour} {face} dim"] = self.sprites.variant(name, "dim")
        out: dict[int, list[tuple[str, int, bool]]] = {}
        for side in (0, 1):
            centres = sorted({LAYOUT.die_center(side, n, i) for n in (1, 2, 4) for i in range(n)})
            seen = []
            for centre in centres:
                name = which(self.grid, faces, centre, background=self.background)
                if name is not None:
                    colour, face, dim = name.split()
                    seen.append((colour, int(face), dim == "dim"))
            out[side] = seen
        return out

    # -- text ---------------------------------------------------------------------------------------

    def find_text(
        self,
        text: str,
        size: int,
        colour: tuple[int, int, int],
        region: pygame.Rect,
        width: int | None = None,
    ) -> pygame.Rect | None:
        """Where ``text`` (rendered by the game's text cache, fitted to ``width`` like ``draw_text``)
        is drawn inside ``region``; None when it is not there."""
        return find_text(self.grid, text, size, colour, region, width)


def _correlate(a: Grid, t: Grid) -> Grid:
    """c[y, x] = sum(t[i, j] * a[y + i, x + j]) for every placement of ``t`` inside ``a`` (by FFT)."""
    hh, ww = a.shape
    h, w = t.shape
    fa = np.fft.rfft2(a, s=(hh, ww))
    ft = np.fft.rfft2(t[::-1, ::-1], s=(hh, ww))
    full = np.fft.irfft2(fa * ft, s=(hh, ww))
    return np.rint(full[h - 1 : hh, w - 1 : ww])  # type: ignore[no-any-return]


def find_text(
    grid: Grid,
    text: str,
    size: int,
    colour: tuple[int, int, int],
    region: pygame.Rect,
    width: int | None = None,
) -> pygame.Rect | None:
    surf = CACHE.fit(text, size, width, colour) if width else CACHE.render(text, size, colour)
    return find_surface(grid, surf, colour, region)


def find_surface(
    grid: Grid, surf: pygame.Surface, colour: tuple[int, int, int], region: pygame.Rect
) -> pygame.Rect | None:
    """Where the rendered text ``surf`` (antialiased glyphs in ``colour``) is drawn inside ``region``."""
    alpha = pygame.surfarray.array_alpha(surf).T
    solid = (alpha >= 250).astype(float)
    clear = (alpha == 0).astype(float)
    region = region.clip(pygame.Rect(0, 0, grid.shape[1], grid.shape[0]))
    sub = grid[region.top : region.bottom, region.left : region.right]
    h, w = alpha.shape
    if sub.shape[0] < h or sub.shape[1] < w or solid.sum() == 0:
        return None
    inked = (np.abs(sub - np.array(colour, dtype=np.int16)).max(axis=2) <= TEXT_TOLERANCE).astype(float)
    hits = _correlate(inked, solid)
    stray = _correlate(inked, clear)
    fits = (hits >= solid.sum()) & (stray <= 0.02 * clear.sum())
    if not fits.any():
        return None
    y, x = np.argwhere(fits)[0]
    return pygame.Rect(region.left + int(x), region.top + int(y), w, h)


def panel_box(player: int) -> pygame.Rect:
    """The side panel's box of a player (name, pips, score): player 1 at the top, player 0 at the bottom."""
    y = L.BOARD_Y + 6 if player == 1 else L.BOARD_Y + L.BOARD_H - 126
    return pygame.Rect(L.PANEL_X + 6, y, L.PANEL_W - 12, 120)


def panel_middle() -> pygame.Rect:
    """The side panel between the two players' boxes (match length, CRAWFORD, the last play)."""
    top = panel_box(1).bottom
    return pygame.Rect(L.PANEL_X, top, L.PANEL_W, panel_box(0).top - top)


STATUS = pygame.Rect(0, 0, L.W - 130, L.STATUS_H)
"""The status line across the top (left of the Menu button)."""
