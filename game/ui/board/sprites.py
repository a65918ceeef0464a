"""Loading the sprite PNGs once, converted for fast blits, with derived variants cached.

Why a class and not module globals: surfaces can only be converted after the
display exists, and tests create and destroy displays; one :class:`Sprites`
per app keeps that explicit.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.assets import asset
from game.ui.board import art
from game.ui.board.looks import CLASSIC, Look

IMAGE_DIR = asset("images")


def nine_slice(src: pygame.Surface, size: tuple[int, int], border: int = 26) -> pygame.Surface:
    """Scale a button face to ``size`` keeping its corners intact."""
    w, h = size
    sw, sh = src.get_size()
    b = min(border, w // 2, h // 2)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    xs_src = [0, border, sw - border, sw]
    ys_src = [0, border, sh - border, sh]
    xs_dst = [0, b, w - b, w]
    ys_dst = [0, b, h - b, h]
    for i in range(3):
        for j in range(3):
            sr = pygame.Rect(xs_src[i], ys_src[j], xs_src[i + 1] - xs_src[i], ys_src[j + 1] - ys_src[j])
            dw, dh = xs_dst[i + 1] - xs_dst[i], ys_dst[j + 1] - ys_dst[j]
            if dw <= 0 or dh <= 0:
                continue
            piece = src.subsurface(sr)
            if (dw, dh) != sr.size:
                piece = pygame.transform.smoothscale(piece, (dw, dh))
            out.blit(piece, (xs_dst[i], ys_dst[j]))
    return out


class Sprites:
    """All images by name; ``get`` loads lazily and caches; variants (dimmed, flipped) cached too.

    ``look`` is the board and checker set (a setting): the classic set's board sprites are the PNGs,
    the other sets' are drawn from :mod:`game.ui.board.looks` once and cached under their set's name.
    """

    def __init__(self, directory: Path = IMAGE_DIR, look: Look = CLASSIC) -> None:
        self.directory = directory
        self.look = look
        self._cache: dict[str, pygame.Surface] = {}
        self._fallback: dict[str, pygame.Surface] | None = None
        self.missing: list[str] = []

    def _key(self, name: str) -> str:
        """The cache key of ``name`` in the current set (a board sprite of another set has its own)."""
        if self.look is CLASSIC or not art.in_look(name):
            return name
        return f"{name}@{self.look.name}"

    def get(self, name: str) -> pygame.Surface:
        key = self._key(name)
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        if key != name:
            surf = art.look_sprite(name, self.look)
            surf = surf.convert_alpha() if pygame.display.get_surface() is not None else surf
            self._cache[key] = surf
            return surf
        path = self.directory / f"{name}.png"
        try:
            surf = pygame.image.load(str(path))
        except (FileNotFoundError, pygame.error):
            if self._fallback is None:
                self._fallback = art.all_sprites()
            self.missing.append(name)
            surf = self._fallback[name]
        surf = surf.convert_alpha() if pygame.display.get_surface() is not None else surf
        self._cache[name] = surf
        return surf

    def variant(self, name: str, kind: str) -> pygame.Surface:
        """``flip`` (upside down), ``dim`` (used die), ``small`` (half size)."""
        key = f"{self._key(name)}#{kind}"
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        base = self.get(name)
        if kind == "flip":
            surf = pygame.transform.flip(base, False, True)
        elif kind == "dim" and name.startswith("die_"):
            surf = self.get(f"{name}_used")  # drawn greyed with readable pips (art.DIE_COLOURS)
        elif kind == "dim":
            surf = base.copy()
            surf.fill((105, 105, 115, 215), special_flags=pygame.BLEND_RGBA_MULT)
        elif kind == "small":
            w, h = base.get_size()
            surf = pygame.transform.smoothscale(base, (w * 3 // 5, h * 3 // 5))
        else:
            raise ValueError(f"unknown sprite variant {kind!r}")
        self._cache[key] = surf
        return surf

    def button(self, colour: str, size: tuple[int, int]) -> pygame.Surface:
        key = f"button_{colour}@{size[0]}x{size[1]}"
        surf = self._cache.get(key)
        if surf is None:
            surf = nine_slice(self.get(f"button_{colour}"), size)
            self._cache[key] = surf
        return surf

    def rotated_die(self, colour: str, face: int, angle: int) -> pygame.Surface:
        """Dice mid-tumble are drawn rotated; angles are quantised to 15 degrees and cached."""
        angle = (angle // 15 * 15) % 360
        key = f"{self._key(f'die_{colour}_{face}')}@{angle}"
        surf = self._cache.get(key)
        if surf is None:
            surf = pygame.transform.rotozoom(self.get(f"die_{colour}_{face}"), angle, 1.0)
            self._cache[key] = surf
        return surf
