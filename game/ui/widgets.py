"""Buttons: big, high-contrast, at least 48 px tall at 720p, activated by a click (release)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from .controls import DIRECTIONS, nearest
from .input import Intent
from .sprites import Sprites
from .text import CACHE

MIN_TOUCH = 48
FOCUS = (255, 236, 120)
"""The focus ring: bright yellow, readable on every button colour and on the board."""


@dataclass
class Button:
    """A labelled button; ``label`` and ``sub`` are already translated text."""

    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    colour: str = "blue"
    sub: str = ""
    size: int = 30
    visible: bool = True
    enabled: bool = True
    pressed: bool = field(default=False)
    focused: bool = field(default=False)
    """The keyboard or controller focus is on it (drawn as a bright ring)."""

    def __post_init__(self) -> None:
        if self.rect.height < MIN_TOUCH:
            self.rect.height = MIN_TOUCH

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, sprites: Sprites) -> None:
        if not self.visible:
            return
        colour = self.colour if self.enabled else "grey"
        face = sprites.button(colour, self.rect.size)
        y = self.rect.y + (3 if self.pressed else 0)
        surface.blit(face, (self.rect.x, y))
        text_col = (255, 255, 255) if self.enabled else (180, 180, 180)
        inner = self.rect.width - 24
        if self.sub:
            main = CACHE.fit(self.label, self.size, inner, text_col)
            sub = CACHE.fit(self.sub, max(16, self.size // 2), inner, (235, 235, 235))
            total = main.get_height() + sub.get_height() - 4
            top = y + (self.rect.height - 5 - total) // 2
            surface.blit(main, main.get_rect(midtop=(self.rect.centerx, top)))
            surface.blit(sub, sub.get_rect(midtop=(self.rect.centerx, top + main.get_height() - 4)))
        else:
            label = CACHE.fit(self.label, self.size, inner, text_col)
            surface.blit(label, label.get_rect(center=(self.rect.centerx, y + (self.rect.height - 5) // 2)))
        if self.focused:
            ring = self.rect.inflate(10, 10)
            pygame.draw.rect(surface, FOCUS, ring, 5, border_radius=14)


class ButtonGroup:
    """Routes ``down``/``click`` intents to buttons; a double-click never presses a button twice.

    Keyboard and controller: ``nav`` intents move a focus between the visible buttons (to the
    nearest one in the direction pressed) and ``select`` presses the focused one. The focus is
    kept as an index, so a scene that rebuilds its buttons (a language change) keeps it; a
    pointer press hides it again.
    """

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.focus: int | None = None

    def add(self, button: Button) -> Button:
        self.buttons.append(button)
        return button

    def clear(self) -> None:
        self.buttons.clear()

    def usable(self) -> list[int]:
        return [i for i, b in enumerate(self.buttons) if b.visible and b.enabled]

    def focused(self) -> Button | None:
        if self.focus is None or not 0 <= self.focus < len(self.buttons):
            return None
        b = self.buttons[self.focus]
        return b if b.visible and b.enabled else None

    def navigate(self, command: str, start: int = 0) -> bool:
        """Move the focus (a direction) or press the focused button (``select``); True when used.

        With no focus yet, any direction or select first shows the focus on the ``start``-th usable button.
        """
        usable = self.usable()
        if not usable:
            return False
        current = self.focused()
        if current is None:
            if command not in DIRECTIONS and command != "select":
                return False
            self.focus = usable[min(start, len(usable) - 1)]
            return True
        if command == "select":
            current.action()
            return True
        if command not in DIRECTIONS:
            return False
        centres = [self.buttons[i].rect.center for i in usable]
        step = nearest(current.rect.center, centres, command)
        if step is not None:
            self.focus = usable[step]
        return True

    def handle(self, intent: Intent) -> bool:
        """True when a button consumed the intent."""
        if intent.kind == "nav":
            return self.navigate(intent.command)
        if intent.kind == "down":
            self.focus = None
            hit = False
            for b in self.buttons:
                b.pressed = b.hit(intent.pos)
                hit = hit or b.pressed
            return hit
        if intent.kind in ("click", "drag_start", "drop", "double", "right", "long"):
            for b in self.buttons:
                was = b.pressed
                b.pressed = False
                if intent.kind == "click" and b.hit(intent.pos):
                    b.action()
                    return True
                if was and intent.kind in ("drag_start", "drop"):
                    return True
            return any(b.hit(intent.pos) for b in self.buttons)
        return False

    def draw(self, surface: pygame.Surface, sprites: Sprites) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus
            b.draw(surface, sprites)


_SHADES: dict[int, pygame.Surface] = {}


def shade(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken the whole screen under a dialog.

    The translucent full-screen layer is made once per alpha and kept: dialogs redraw
    every frame while something animates behind them, and a 1280x720 alpha surface is
    not something to allocate per frame.
    """
    layer = _SHADES.get(alpha)
    if layer is None or layer.get_size() != surface.get_size():
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        layer.fill((0, 0, 0, alpha))
        _SHADES[alpha] = layer
    surface.blit(layer, (0, 0))
