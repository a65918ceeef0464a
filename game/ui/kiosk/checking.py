"""Kiosk: "Checking your game for today's board" while the review of a visitor's game is still being made.

Why: the place on today's board needs the game's review, which runs beside the loop from the game's
end and takes a while on a cabinet. A visitor who chose Next game or Leave before it was in went on
without ever being offered a place (seen in the newcomer walk-through: the first tap on Next game
came long before the review). This card waits for it, says what is happening and how far it is, and
lets the visitor go on without the board at any time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ai.jobs import Job
from game.i18n import tr
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.input import Intent, IntentKind
from game.ui.lines import wrap_lines
from game.ui.scene import INK, ButtonScene, Host, button, dialog_box
from game.ui.text import READ_SIZE, draw_text
from game.ui.widgets import shade

if TYPE_CHECKING:
    from game.review import MatchReview

BOX = pygame.Rect(L.W // 2 - 360, L.H // 2 - 190, 720, 380)
BAR_GROUND = (60, 66, 80)


class CheckingScene(ButtonScene):
    """Waits for ``job``; then ``ready`` (the place offered, or the choice carried out). Skip, Back or
    a failed review: ``skip`` (the choice at once, no place)."""

    opaque = False

    def __init__(
        self, app: Host, job: Job[MatchReview], ready: Callable[[], None], skip: Callable[[], None]
    ) -> None:
        super().__init__(app)
        self.job, self.ready, self.skip = job, ready, skip
        rect = (BOX.centerx - 160, BOX.bottom - 105, 320, 80)
        self.buttons.add(button(rect, tr("kiosk.checking_skip"), self.go_on, "grey"))
        self.buttons.focus = 0

    def go_on(self) -> None:
        """The visitor does not wait: the choice at once, the review left to finish unseen."""
        self.close()
        self.skip()

    def busy(self) -> bool:
        return True  # the loop keeps stepping to see the review come in

    def update(self, dt: float) -> None:
        if not self.job.done or self.app.scenes.top is not self:
            return
        self.close()
        if self.job.result is None:  # failed or withdrawn: nothing to offer
            self.skip()
        else:
            self.ready()

    def handle(self, intent: Intent) -> None:
        if intent.kind == IntentKind.BACK:
            self.go_on()
            return
        self.buttons.handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade(surface, 190)
        dialog_box(surface, BOX)
        width = BOX.w - 60
        draw_text(surface, tr("kiosk.checking_title"), 36, (BOX.centerx, BOX.y + 55), GOLD, width=width)
        lines = wrap_lines(tr("kiosk.checking_why"), READ_SIZE + 2, width)[:3]
        for i, line in enumerate(lines):
            draw_text(surface, line, READ_SIZE + 2, (BOX.centerx, BOX.y + 115 + 36 * i), INK, width=width)
        bar = pygame.Rect(BOX.x + 60, BOX.bottom - 162, BOX.w - 120, 14)
        pygame.draw.rect(surface, BAR_GROUND, bar, border_radius=7)
        share = self.job.fraction  # a share, not "12 of 94 moves": those are both sides' turns
        if share > 0:
            filled = pygame.Rect(bar.x, bar.y, max(bar.h, round(bar.w * share)), bar.h)
            pygame.draw.rect(surface, GOLD, filled, border_radius=7)
        text = tr("kiosk.checking_done", percent=round(100 * share))
        draw_text(surface, text, READ_SIZE, (BOX.centerx, BOX.bottom - 128), INK, width=width)
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["CheckingScene"]
