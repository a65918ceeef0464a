"""Attract mode: the demo game (computer against computer) with a big "Touch to play" call."""

from __future__ import annotations

import math

import pygame

from .. import layout as L
from ..i18n import tr
from ..input import Intent
from ..play.controller import GameSetup
from ..text import draw_text
from .base import DIM, Host
from .game import GameScene


class AttractScene(GameScene):
    """The demo (computer against computer) with a big "Touch to play" call."""

    def __init__(self, app: Host, setup: GameSetup) -> None:
        super().__init__(app, setup)
        self.clock = 0.0
        self._band: pygame.Surface | None = None

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)

    def busy(self) -> bool:
        return True

    def handle(self, intent: Intent) -> None:
        # Without kiosk mode (a plain "watch the demo" never uses this scene) a touch also wakes it.
        if intent.kind in ("click", "down") and self.app.kiosk is None:
            self.app.wake()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        # Eight brightness steps: the text surfaces stay in the text cache instead of a new one per frame.
        pulse = round((0.5 + 0.5 * math.sin(self.clock * 3.2)) * 7) / 7
        if self._band is None:
            self._band = pygame.Surface((L.W, 150), pygame.SRCALPHA)
            self._band.fill((0, 0, 0, 205))
        # Across the upper half of the board: the dice in the middle stay in view.
        y = L.BOARD_Y + 90
        surface.blit(self._band, (0, y))
        colour = (255, round(200 + 40 * pulse), round(60 + 80 * pulse))
        draw_text(
            surface, tr("kiosk.touch_to_play"), 72, (L.W // 2, y + 62), colour, shadow=True, width=L.W - 80
        )
        draw_text(surface, tr("kiosk.demo_label"), 24, (L.W // 2, y + 122), DIM, width=L.W - 80)
