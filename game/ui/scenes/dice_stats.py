"""The dice statistics: how often each number and each roll came up, and whether that looks fair."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.ui import layout as L
from game.ui.board.view import BG
from game.ui.fairness import draw_panel
from game.ui.scenes.base import ButtonScene, Host, button


class DiceStatsScene(ButtonScene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.buttons.add(button((L.W // 2 - 200, L.H - 86, 400, 70), tr("button.back"), self.close, "green"))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_panel(surface, pygame.Rect(40, 24, L.W - 80, L.H - 126), self.app.stats, tr)
        self.buttons.draw(surface, self.app.sprites)
