"""The pause menu over the board: resume, animation speed, back to the title, quit."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import i18n
from game.session import settings as st
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.scene import ButtonScene, Host, button, dialog_box
from game.ui.text import CACHE, READ_SIZE, draw_text
from game.ui.widgets import PAD, row_widths, shade, spread


class MenuScene(ButtonScene):
    """``keyboard``: opened with Escape (or a controller's Back), so the focus starts on the first
    button; ``finished``: the game on the board is over, so the first button goes back to it rather
    than "resuming" it."""

    opaque = False

    def __init__(self, app: Host, keyboard: bool = False, finished: bool = False) -> None:
        super().__init__(app)
        self.finished = finished
        self._build()
        if keyboard:
            self.buttons.focus = 0

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        cx, y = L.W // 2, 190
        first = i18n.tr("operator.resume") if self.finished else i18n.tr("ui.resume")
        b.add(button((cx - 220, y, 440, 84), first, self.close, "green", size=34))
        labels = [i18n.tr(f"ui.speed_{speed}") for speed in st.ANIMATION_SPEEDS]
        # Each speed as wide as its word needs ("normaali"), the three filling the column, at the floor.
        size, widths = row_widths(
            labels, READ_SIZE, 440, gap=4, air=PAD, least=96, smallest=CACHE.floor(READ_SIZE)
        )
        x = cx - 220
        for speed, label, w in zip(st.ANIMATION_SPEEDS, labels, spread(widths, 440, 4), strict=True):
            colour = "gold" if speed == self.app.speed else "grey"
            b.add(button((x, y + 126, w, 64), label, self._speed(speed), colour, size))
            x += w + 4
        b.add(
            button((cx - 220, y + 214, 440, 72), i18n.tr("ui.to_title"), self.app.to_title, "blue", size=30)
        )
        if self.app.kiosk is None:  # a cabinet's visitors have no Quit: the operator menu has it
            b.add(button((cx - 220, y + 304, 440, 64), i18n.tr("ui.quit"), self.app.quit, "red", size=26))

    def _speed(self, speed: str) -> Callable[[], None]:
        def set_speed() -> None:
            self.app.apply_settings(st.with_value(self.app.settings, "animation", speed), save=True)
            self._build()

        return set_speed

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade(surface, 170)
        dialog_box(surface, pygame.Rect(L.W // 2 - 260, 110, 520, 500))
        draw_text(surface, i18n.tr("ui.paused"), 40, (L.W // 2, 150), GOLD)
        draw_text(
            surface, i18n.tr("settings.animation"), READ_SIZE, (L.W // 2, 300), (190, 200, 220), width=440
        )
        self.buttons.draw(surface, self.app.sprites)
