"""Every line of text the game puts on a surface, with its size on the smallest window and its contrast.

The spy sits where rendered text meets a surface (:func:`game.ui.text.put_text`, which
:func:`game.ui.text.draw_text` and the painters that place a line themselves go through) and on the text
cache's :meth:`render`, which tells what each rendered surface says, at which size and in which colour.
What lies under a line is read from the surface just before the line is put there: the median colour of
the pixels its letters cover. So the contrast is the one a reader gets, whatever painted the ground (a
panel, a button, the board's frame), and no colour table is trusted.

Sizes are the font's pixel size (its em, as CSS's ``font-size``) on the window: the game draws at
1280x720 and an 800x480 window shows that picture at 0.625, so a line asked at 24 is 15 window pixels.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np
import pygame
import pytest

from game.ui import layout as L
from game.ui import text as text_module
from game.ui.board.looks import contrast, luminance
from game.ui.text import CACHE

SMALLEST_WINDOW = (800, 480)
WINDOW_SCALE = min(SMALLEST_WINDOW[0] / L.W, SMALLEST_WINDOW[1] / L.H)
"""How the game's 1280x720 picture is shown on the smallest window (0.625)."""
LEAST_WINDOW_PX = 16
"""No text under this many window pixels at 800x480 (issue 36)."""
LEAST_CONTRAST = 4.5
"""WCAG 2 AA for text (1.4.3)."""


@dataclass(frozen=True)
class Line:
    """One line put on a surface: what it says and how it reads."""

    screen: str
    text: str
    px: int
    """The font's pixel size in the game's picture."""
    colour: tuple[int, int, int]
    ground: tuple[int, int, int] | None
    """The median colour under its letters (None: a see-through surface, ground unknown there)."""
    at: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Where it was put on its surface (x, y, width, height)."""

    @property
    def window_px(self) -> float:
        return self.px * WINDOW_SCALE

    @property
    def contrast(self) -> float | None:
        if self.ground is None:
            return None
        return contrast(luminance(self.colour), luminance(self.ground))

    def __str__(self) -> str:
        ratio = "?" if self.contrast is None else f"{self.contrast:.2f}"
        return (
            f"[{self.screen}] {self.text!r}: {self.window_px:.1f} px at 800x480 (asked {self.px}), "
            f"{self.colour} on {self.ground}, contrast {ratio}"
        )


class TextAudit:
    """Records every line the game puts on a surface from :meth:`install` on, under ``screen``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        self.lines: list[Line] = []
        self.screen = "?"
        self._made: dict[int, tuple[pygame.Surface, str, int, tuple[int, int, int]]] = {}

    def install(self) -> None:
        real_render = CACHE.render
        real_put = text_module.put_text

        def render(
            text: str, size: int, colour: tuple[int, int, int] = (255, 255, 255), bold: bool = True
        ) -> pygame.Surface:
            surf = real_render(text, size, colour, bold)
            self._made[id(surf)] = (surf, text, CACHE.px(size), (colour[0], colour[1], colour[2]))
            return surf

        def put(surface: pygame.Surface, surf: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
            self._see(surface, surf, rect)
            return real_put(surface, surf, rect)

        self.monkeypatch.setattr(CACHE, "render", render)
        for name, module in list(sys.modules.items()):
            if name.startswith("game.") and getattr(module, "put_text", None) is real_put:
                self.monkeypatch.setattr(module, "put_text", put)

    def _see(self, surface: pygame.Surface, surf: pygame.Surface, rect: pygame.Rect) -> None:
        made = self._made.get(id(surf))
        if made is None or made[0] is not surf:
            raise AssertionError(f"a line put on screen that the text cache did not render, at {rect}")
        _, text, px, colour = made
        if not text.strip():
            return
        ground = self._ground(surface, surf, rect)
        self.lines.append(Line(self.screen, text, px, colour, ground, (rect.x, rect.y, rect.w, rect.h)))

    @staticmethod
    def _ground(
        surface: pygame.Surface, surf: pygame.Surface, rect: pygame.Rect
    ) -> tuple[int, int, int] | None:
        box = rect.clip(surface.get_rect())
        if box.width == 0 or box.height == 0:
            return None
        letters = pygame.surfarray.array_alpha(surf)[
            box.x - rect.x : box.right - rect.x, box.y - rect.y : box.bottom - rect.y
        ]
        under = letters >= 128
        if not under.any():
            return None
        pixels = pygame.surfarray.array3d(surface.subsurface(box))[under]
        if surface.get_flags() & pygame.SRCALPHA:
            alpha = pygame.surfarray.array_alpha(surface.subsurface(box))[under]
            if float(np.median(alpha)) < 250:
                return None
        median = np.median(pixels, axis=0)
        return (int(median[0]), int(median[1]), int(median[2]))

    # -- the findings ---------------------------------------------------------------------------------

    def too_small(self) -> list[Line]:
        return [line for line in self.lines if line.window_px < LEAST_WINDOW_PX]

    def too_faint(self) -> list[Line]:
        return [line for line in self.lines if line.contrast is not None and line.contrast < LEAST_CONTRAST]


def report(lines: list[Line], limit: int = 40) -> str:
    """The findings, one a line, each distinct (screen, text, size, colours) once."""
    seen: dict[str, None] = {}
    for line in lines:
        seen.setdefault(str(line))
    shown = list(seen)[:limit]
    more = len(seen) - len(shown)
    return "\n".join(shown) + (f"\n... and {more} more" if more > 0 else "")
