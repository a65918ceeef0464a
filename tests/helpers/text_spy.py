"""Which texts a screen drew and where: a spy on a module's text drawing."""

from __future__ import annotations

import pygame
import pytest


def spy_on_text(monkeypatch: pytest.MonkeyPatch, module: object) -> list[tuple[str, pygame.Rect]]:
    """Every text ``module`` draws from now on, with where it stood (the drawing itself unchanged)."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = module.draw_text  # type: ignore[attr-defined]

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        rect: pygame.Rect = real(surface, text, *args, **kw)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(module, "draw_text", spy)
    return drawn
