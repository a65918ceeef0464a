"""The "Still playing?" countdown over a game nobody has touched for the idle time (kiosk mode)."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.input import Intent
from game.ui.scene import DIM, INK, ButtonScene, dialog_box
from game.ui.text import READ_SIZE, draw_text
from game.ui.widgets import shade


class StillPlayingScene(ButtonScene):
    """The countdown shown over the game when nobody has touched it for the idle time."""

    opaque = False

    def busy(self) -> bool:
        return True

    def handle(self, intent: Intent) -> None:
        """Presses never get here in kiosk mode (the kiosk swallows them and dismisses the countdown)."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade(surface, 150)
        box = pygame.Rect(L.W // 2 - 380, L.H // 2 - 170, 760, 340)
        dialog_box(surface, box)
        kiosk = self.app.kiosk
        left = kiosk.seconds_left if kiosk else 0
        draw_text(surface, tr("kiosk.still_playing"), 60, (L.W // 2, box.y + 70), GOLD, width=box.w - 40)
        draw_text(surface, str(left), 96, (L.W // 2, box.y + 170), INK)
        draw_text(surface, tr("kiosk.still_playing_hint"), 28, (L.W // 2, box.y + 250), INK, width=box.w - 40)
        key = "kiosk.countdown.one" if left == 1 else "kiosk.countdown.other"
        draw_text(surface, tr(key, seconds=left), READ_SIZE, (L.W // 2, box.y + 300), DIM, width=box.w - 40)
