"""Drawing the board from sprites: a static layer rendered once, then checkers, dice, cube.

Why a cached static layer: the wood, felt, 24 points and their numbers never
change during a game, so they are composed once per numbering side and blitted
as one surface per frame. Everything else is a few dozen sprite blits and
cached text, well inside the frame budget on a Raspberry Pi.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import layout as L
from game.ui.board import marks
from game.ui.board.anim import Board, Place
from game.ui.board.looks import Look
from game.ui.board.sprites import Sprites
from game.ui.layout import LAYOUT, from_abs
from game.ui.text import CACHE, READ_SIZE, put_text

BG = (16, 20, 28)
PANEL_BG = (28, 34, 46)
GOLD = (255, 204, 64)
LAST = (90, 200, 255)
"""The previous turn's moves are marked in this blue: rings where checkers landed, dots where they left."""
HINT = (255, 120, 210)
"""The expert's suggested play (Hint button): arrows in this pink, distinct from targets and the last move."""
COLOURS = ("white", "black")


@dataclass
class BoardDraw:
    """Everything dynamic the board shows in one frame."""

    board: Board
    perspective: int = 0
    hidden: dict[Place, int] = field(default_factory=dict)
    flights: list[tuple[int, tuple[float, float], bool]] = field(default_factory=list)
    targets: set[Place] = field(default_factory=set)
    movable: set[Place] = field(default_factory=set)
    selected: Place | None = None
    last: list[tuple[Place, Place]] = field(default_factory=list)
    cube_value: int = 1
    cube_owner: int | None = None
    cube_visible: bool = True
    dice: list[tuple[int, int, bool, tuple[float, float], int]] = field(default_factory=list)
    """(face, player colour, dimmed, centre, angle)."""
    drag: tuple[int, tuple[float, float]] | None = None
    mover: int = 0
    arrows: list[tuple[tuple[float, float], tuple[float, float]]] = field(default_factory=list)
    """Hint arrows (from, to) in play order; numbered on screen when there are several."""
    style: object = None
    """The board set and the text size the frame is drawn with (:meth:`BoardView.style`)."""

    def layer_key(self) -> LayerKey:
        """Everything the cached board layer depends on (not dice, flights or the dragged checker):
        :meth:`marks_key`, then the checkers' counts (a layer whose marks are the same can be
        repainted only where a count changed, see :func:`game.ui.play.board_paint.counts_changed`)."""
        return (self.marks_key(), self.board, tuple(sorted(self.hidden.items())))

    def marks_key(self) -> object:
        """What the layer depends on besides the checkers' counts (``board`` and ``hidden``)."""
        return (
            self.style,
            self.perspective,
            tuple(sorted(self.targets)),
            tuple(sorted(self.movable)),
            self.selected,
            tuple(self.last),
            self.cube_value,
            self.cube_owner,
            self.cube_visible,
            self.mover,
            tuple(self.arrows),
            LAYOUT.mirrored,
        )


LayerKey = tuple[object, Board, tuple[tuple[Place, int], ...]]
""":meth:`BoardDraw.layer_key`: the marks, the board, the checkers hidden under flights by place."""


def place_box(place: Place) -> pygame.Rect:
    """The box a place's checkers and marks stand in: a point's triangle, a bar half, a tray."""
    kind, a, _ = place
    if kind == "point":
        return LAYOUT.point_rect(a)
    return LAYOUT.tray_rect(a) if kind == "tray" else LAYOUT.bar_half(a)


class BoardView:
    def __init__(self, sprites: Sprites) -> None:
        self.sprites = sprites
        self._static: dict[tuple[int, bool, object], pygame.Surface] = {}
        self._glow: dict[str, pygame.Surface] = {}
        self._layer: pygame.Surface | None = None
        self._layer_key: object = None

    @property
    def look(self) -> Look:
        """The board and checker set the board is drawn in (a setting, kept on the sprites)."""
        return self.sprites.look

    def style(self) -> object:
        """What the drawing depends on beyond the game: the board set and the text size (the point
        numbers are text). A cached layer keyed on it is redrawn when either setting changes."""
        return (self.look.name, CACHE.scale)

    # -- static layer -------------------------------------------------------------------------

    def static(self, perspective: int) -> pygame.Surface:
        """The wood, felt, points and numbers for one numbering side and the current board direction."""
        key = (perspective, LAYOUT.mirrored, self.style())
        surf = self._static.get(key)
        if surf is None:
            surf = self._build_static(perspective)
            self._static[key] = surf
        return surf

    def _tile(self, dest: pygame.Surface, tile: pygame.Surface, rect: pygame.Rect) -> None:
        tw, th = tile.get_size()
        clip = dest.get_clip()
        dest.set_clip(rect)
        for x in range(rect.x, rect.right, tw):
            for y in range(rect.y, rect.bottom, th):
                dest.blit(tile, (x, y))
        dest.set_clip(clip)

    def _build_static(self, perspective: int) -> pygame.Surface:
        s = (
            pygame.Surface((L.W, L.H)).convert()
            if pygame.display.get_surface()
            else pygame.Surface((L.W, L.H))
        )
        s.fill(BG)
        pygame.draw.rect(s, PANEL_BG, (L.PANEL_X - 4, L.BOARD_Y, L.PANEL_W + 8, L.BOARD_H), border_radius=14)
        board = LAYOUT.board_rect()
        pygame.draw.rect(s, (0, 0, 0), board.move(4, 6), border_radius=10)
        self._tile(s, self.sprites.get("wood"), board)
        pygame.draw.rect(s, (60, 34, 14), board, 3, border_radius=6)
        felt = self.sprites.get("felt")
        halves = [LAYOUT.half_rect(0), LAYOUT.half_rect(1)]
        for r in halves:
            pygame.draw.rect(s, (40, 22, 8), r.inflate(6, 6))
            self._tile(s, felt, r)
        for player in (0, 1):
            tray = LAYOUT.tray_rect(player)
            pygame.draw.rect(s, (40, 22, 8), tray.inflate(6, 6), border_radius=6)
            pygame.draw.rect(s, self.look.tray, tray, border_radius=5)
        bar = LAYOUT.bar_rect()
        pygame.draw.rect(s, self.look.bar, bar.inflate(-10, 0))
        pygame.draw.line(s, (40, 22, 8), (bar.centerx, bar.top), (bar.centerx, bar.bottom), 2)
        for a in range(1, 25):
            r = LAYOUT.point_rect(a)
            kind = "point_dark" if a % 2 else "point_light"
            sprite = self.sprites.get(kind) if a <= 12 else self.sprites.variant(kind, "flip")
            s.blit(sprite, r.topleft)
            n = from_abs(perspective, a)
            y = r.bottom + L.NUM_BAND // 2 if a <= 12 else r.top - L.NUM_BAND // 2
            label = CACHE.render(str(n), READ_SIZE, self.look.numbers)
            put_text(s, label, label.get_rect(center=(r.centerx, y)))
        return s

    # -- glow overlays -----------------------------------------------------------------------

    def glow(self, kind: str, size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
        """A translucent overlay of one shape (:func:`game.ui.board.marks.shape`), made once and kept."""
        key = f"{kind}{size}{colour}"
        surf = self._glow.get(key)
        if surf is None:
            surf = self._glow[key] = marks.shape(kind, size, colour)
        return surf

    def place_glow(self, surface: pygame.Surface, place: Place, colour: tuple[int, int, int, int]) -> None:
        kind, a, _ = place
        r = place_box(place)
        shape = ("up" if a <= 12 else "down") if kind == "point" else "lit"
        surface.blit(self.glow(shape, r.size, colour), r.topleft)

    # -- frame ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, d: BoardDraw) -> None:
        """Blit the cached board layer (rebuilt only when what it shows changes), then the movers."""
        key = (self.style(), d.layer_key())
        if key != self._layer_key or self._layer is None:
            if self._layer is None:
                self._layer = pygame.Surface((L.W, L.H)).convert()
            self.draw_board(self._layer, d)
            self._layer_key = key
        surface.blit(self._layer, (0, 0))
        self.draw_moving(surface, d)

    def draw_board(self, target: pygame.Surface, d: BoardDraw) -> None:
        """Everything that stays put between state changes: board, lit targets, checkers, cube."""
        target.blit(self.static(d.perspective), (0, 0))
        for place in d.targets:
            self.place_glow(target, place, (*self.look.target, 150))
        self._draw_checkers(target, d)
        self._draw_landing(target, d)
        if d.cube_visible:
            self.draw_cube(target, d.cube_value, LAYOUT.cube_center(d.cube_owner))
        self.draw_arrows(target, d.arrows)

    def draw_arrows(
        self,
        surface: pygame.Surface,
        arrows: list[tuple[tuple[float, float], tuple[float, float]]],
        colour: tuple[int, int, int] = HINT,
        numbered: bool = True,
        dashed: bool = False,
    ) -> None:
        """Thick outlined arrows from each source checker to its landing place, numbered if several
        (:func:`game.ui.board.marks.arrows`): the hint's in pink; the review's play made solid and
        its better play dashed, each in a colour of its own."""
        marks.arrows(surface, arrows, colour, numbered, dashed)

    def draw_moving(self, surface: pygame.Surface, d: BoardDraw) -> list[pygame.Rect]:
        """What changes every frame (:meth:`moving`), painted; returns the rectangles painted."""
        return [surface.blit(sprite, where) for sprite, where in self.moving(d)]

    def moving(self, d: BoardDraw) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """What changes every frame, in painting order: dice (tumbling), flying checkers, the dragged
        checker; each a sprite and where it goes (a frame that only moves these repaints just where
        they changed: ``play.board_paint``)."""
        out: list[tuple[pygame.Surface, pygame.Rect]] = []
        for face, player, dim, centre, angle in d.dice:
            name = f"die_{COLOURS[player]}_{face}"
            if angle:
                sprite = self.sprites.rotated_die(COLOURS[player], face, angle)
            else:
                sprite = self.sprites.variant(name, "dim") if dim else self.sprites.get(name)
            out.append((sprite, sprite.get_rect(center=(int(centre[0]) + 2, int(centre[1]) + 2))))
        out.extend(self._checker(player, xy, side) for player, xy, side in d.flights)
        if d.drag is not None:
            player, xy = d.drag
            sprite = self.sprites.get(f"checker_{COLOURS[player]}")
            shadow = self.glow("dot", (L.CHECKER + 8, L.CHECKER + 8), (0, 0, 0, 90))
            out.append((shadow, shadow.get_rect(center=(int(xy[0]) + 6, int(xy[1]) + 10))))
            out.append((sprite, sprite.get_rect(center=(int(xy[0]) + 2, int(xy[1]) - 2))))
        return out

    def draw_cube(self, surface: pygame.Surface, value: int, centre: tuple[int, int]) -> None:
        name = f"cube_{value}" if value in (1, 2, 4, 8, 16, 32, 64) else "cube_64"
        sprite = self.sprites.get(name)
        surface.blit(sprite, sprite.get_rect(center=(centre[0] + 2, centre[1] + 2)))

    def _draw_checker(
        self, surface: pygame.Surface, player: int, xy: tuple[float, float], side: bool
    ) -> pygame.Rect:
        return surface.blit(*self._checker(player, xy, side))

    def _checker(
        self, player: int, xy: tuple[float, float], side: bool
    ) -> tuple[pygame.Surface, pygame.Rect]:
        """A checker's sprite, face up or on its side (in a tray), and where it goes for its centre ``xy``."""
        sprite = self.sprites.get(f"{'side' if side else 'checker'}_{COLOURS[player]}")
        return sprite, sprite.get_rect(center=(int(xy[0]) + 2, int(xy[1]) + 2))

    def _draw_landing(self, surface: pygame.Surface, d: BoardDraw) -> None:
        """A gun-sight where the checker would land on each lit target (over a blot: a hit)."""
        ring = self.glow("sight", (L.CHECKER + 8, L.CHECKER + 8), (*self.look.target, 255))
        for kind, a, _ in d.targets:
            if kind != "point":
                continue
            own = d.board[d.mover][from_abs(d.mover, a) - 1] - d.hidden.get((kind, a, 0), 0)
            n = max(own, 0)
            xy = LAYOUT.checker_center(a, min(n, 4), n + 1)
            surface.blit(ring, ring.get_rect(center=(int(xy[0]) + 1, int(xy[1]) + 1)))

    def _count_label(self, surface: pygame.Surface, player: int, n: int, xy: tuple[float, float]) -> None:
        """A stack's count on its top checker. Where the board set marks the checkers (a dot, a cross),
        the count's checker shows its plain face under the numeral: the dark dot under a dark "9" read
        at 1.3:1 (``tests/ui/test_readability.py``); the checkers under it keep their marks."""
        side = ("white", "black")[player]
        colour = (20, 20, 20) if player == 0 else (255, 255, 255)
        centre = (int(xy[0]), int(xy[1]))
        if self.look.marks[side]:
            pygame.draw.circle(surface, self.look.checkers[side][0], centre, round(L.CHECKER * 0.25))
        label = CACHE.render(str(n), 26, colour)
        put_text(surface, label, label.get_rect(center=centre))

    def _draw_checkers(self, surface: pygame.Surface, d: BoardDraw) -> None:
        board = d.board
        look = self.look
        ring = self.glow("double", (L.CHECKER + 12, L.CHECKER + 12), (*look.selected, 255))
        last_ring = self.glow("dashed", (L.CHECKER + 8, L.CHECKER + 8), (*look.last, 255))
        hint = self.glow("ring", (L.CHECKER + 2, L.CHECKER + 2), (*look.movable, 220))
        left = self.glow("hollow", (22, 22), (*look.last, 255))
        last_dst = {dst for _, dst in d.last}
        last_src = {src for src, _ in d.last}
        for a in range(1, 25):
            for player in (0, 1):
                n = board[player][from_abs(player, a) - 1]
                if not n:
                    continue
                place: Place = ("point", a, 0)
                n -= d.hidden.get(place, 0)
                if n <= 0:
                    continue
                shown = min(n, 5)
                xy = LAYOUT.checker_center(a, 0, n)
                for k in range(shown):
                    xy = LAYOUT.checker_center(a, k, n)
                    self._draw_checker(surface, player, xy, False)
                if n > 5:
                    self._count_label(surface, player, n, xy)
                if place in last_dst:
                    surface.blit(last_ring, last_ring.get_rect(center=(int(xy[0]) + 1, int(xy[1]) + 1)))
                if place == d.selected:
                    surface.blit(ring, ring.get_rect(center=(int(xy[0]) + 1, int(xy[1]) + 1)))
                elif place in d.movable:
                    surface.blit(hint, hint.get_rect(center=(int(xy[0]) + 1, int(xy[1]) + 1)))
        for src in last_src:
            if src[0] == "point" and src not in last_dst:
                r = LAYOUT.point_rect(src[1])
                y = r.bottom - 12 if src[1] <= 12 else r.top + 12
                surface.blit(left, left.get_rect(center=(r.centerx, y)))
        for player in (0, 1):
            place = ("bar", player, 0)
            n = board[player][24] - d.hidden.get(place, 0)
            xy = LAYOUT.bar_center(player, 0)
            for k in range(min(n, 3)):
                xy = LAYOUT.bar_center(player, k)
                self._draw_checker(surface, player, xy, False)
            if n > 3:
                self._count_label(surface, player, n, xy)
            if n > 0 and place == d.selected:
                surface.blit(ring, ring.get_rect(center=(int(xy[0]) + 1, int(xy[1]) + 1)))
            elif n > 0 and place in d.movable:
                surface.blit(hint, hint.get_rect(center=(int(xy[0]) + 1, int(xy[1]) + 1)))
            tray: Place = ("tray", player, 0)
            off = 15 - sum(board[player]) - d.hidden.get(tray, 0)
            for k in range(off):
                self._draw_checker(surface, player, LAYOUT.tray_slot(player, k), True)
