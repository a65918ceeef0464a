"""The tournament written to a folder: the data folder's ``export/``, or a folder typed in (a USB
stick's, such as ``/media/usb``): a page a browser opens, CSV tables, and every match recorded here.

A stick that is full, read-only or pulled out is said, not a crash; what was written stays whole.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.i18n import tr
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.entry.keyboard import KeyboardScene
from game.ui.lines import wrap_lines
from game.ui.scene import DIM, ButtonScene, Host, button, dialog_box
from game.ui.text import READ_SIZE, draw_text
from game.ui.widgets import shade

BOX = pygame.Rect(L.W // 2 - 400, 110, 800, 500)


class ExportScene(ButtonScene):
    """``say`` shows the outcome on the draw ("14 files written to ...")."""

    opaque = False

    def __init__(self, app: Host, say: Callable[[str], None]) -> None:
        super().__init__(app)
        self.say = say
        self.message = ""
        b = self.buttons
        b.add(
            button(
                (BOX.x + 50, BOX.y + 150, BOX.w - 100, 84),
                tr("tourney.export_here"),
                self.to_data,
                "gold",
                28,
            )
        )
        b.add(
            button(
                (BOX.x + 50, BOX.y + 260, BOX.w - 100, 84),
                tr("tourney.export_typed"),
                self.type_path,
                "blue",
                28,
            )
        )
        b.add(
            button((BOX.centerx - 180, BOX.bottom - 100, 360, 70), tr("button.cancel"), self.close, "red", 28)
        )

    def to_data(self) -> None:
        self.export(self.app.desk.default_export())

    def type_path(self) -> None:
        self.app.scenes.push(
            KeyboardScene(
                self.app,
                tr("tourney.export_folder"),
                self._typed,
                text="/media/",
                limit=160,
                path=True,
                hint=tr("tourney.export_hint"),
            )
        )

    def _typed(self, text: str) -> str | None:
        if not text.startswith("/"):
            return tr("tourney.export_absolute")
        # No stick there: nothing written to the root disk (or the data folder's own partition).
        if not self.app.desk.drive_mounted(Path(text), self.app.data_dir):
            self.message = tr("tourney.export_no_drive", folder=text)
            return self.message
        problem = self.export(Path(text))
        return problem or None

    def export(self, folder: Path) -> str:
        """Write everything to ``folder``; the problem in words ("" when written)."""
        try:
            files = self.app.desk.export(folder, self.app.settings.language)
        except OSError as exc:
            self.message = tr("tourney.export_failed", folder=str(folder), why=exc.strerror or str(exc))
            return self.message
        if self.app.scenes.top is self:
            self.close()
        else:  # the keyboard on top: it closes itself; this one goes too
            self.app.scenes.scenes.remove(self)
        self.say(tr("tourney.exported", count=len(files), folder=str(folder)))
        return ""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade(surface, 200)
        dialog_box(surface, BOX)
        draw_text(surface, tr("tourney.export"), 34, (BOX.centerx, BOX.y + 50), GOLD, width=BOX.w - 40)
        for i, line in enumerate(wrap_lines(tr("tourney.export_what"), READ_SIZE, BOX.w - 60)[:2]):
            draw_text(surface, line, READ_SIZE, (BOX.centerx, BOX.y + 90 + 30 * i), DIM, width=BOX.w - 40)
        if self.message:
            draw_text(
                surface,
                self.message,
                READ_SIZE,
                (BOX.centerx, BOX.y + 370),
                (255, 130, 120),
                width=BOX.w - 40,
            )
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["ExportScene"]
