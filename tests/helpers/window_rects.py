"""A button's rectangle as the window shows it (scaled, letterboxed, turned) and the gap between two."""

from __future__ import annotations

import pygame

from game.ui.geometry import to_window


def window_rect(rect: pygame.Rect, window: tuple[int, int], turn: int) -> pygame.Rect:
    """Where a logical rectangle is drawn in the window (its corners through the display's mapping)."""
    corners = [to_window(p, window, turn) for p in (rect.topleft, rect.bottomright)]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """The distance between two rectangles (0 when they touch or overlap)."""
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return max(dx, dy)
