"""A yes-or-no question over the screen: a step that cannot be taken back is asked first.

Why a scene of its own: Clear leaderboard wiped the day's board at the first tap (an
organiser found it by accident); withdrawing a player from a tournament is as final.
The safe answer is on the left and has the focus, so Enter or a controller's A on a
dialog that appears under a hurried hand keeps everything.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.input import Intent
from game.ui.lines import wrap_lines
from game.ui.scene import DIM, ButtonScene, Host, button, dialog_box
from game.ui.text import draw_text
from game.ui.widgets import shade

BOX = pygame.Rect(L.W // 2 - 330, L.H // 2 - 170, 660, 340)


class ConfirmScene(ButtonScene):
    """``question`` (and a line ``detail`` under it); ``yes`` is the label of the button that acts."""

    opaque = False

    def __init__(
        self, app: Host, question: str, yes: str, on_yes: Callable[[], None], detail: str = ""
    ) -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        y = BOX.bottom - 110
        self.buttons.add(button((BOX.x + 30, y, 285, 80), tr("button.cancel"), self.close, "grey", 30))
        self.buttons.add(button((BOX.right - 315, y, 285, 80), yes, self.yes, "red", 30))
        self.buttons.focus = 0

    def yes(self) -> None:
        self.close()
        self.on_yes()

    def handle(self, intent: Intent) -> None:
        super().handle(intent)  # "back" (Escape) closes: the safe answer

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade(surface, 190)
        dialog_box(surface, BOX)
        width = BOX.w - 50
        for i, line in enumerate(wrap_lines(self.question, 32, width)[:2]):
            draw_text(surface, line, 32, (BOX.centerx, BOX.y + 50 + 40 * i), GOLD, width=width)
        for i, line in enumerate(wrap_lines(self.detail, 26, width)[:2] if self.detail else []):
            draw_text(surface, line, 26, (BOX.centerx, BOX.y + 140 + 32 * i), DIM, width=width)
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["ConfirmScene"]
