"""A notice over the draw that the organiser reads and closes with OK: the tournament file was damaged,
what was kept, what was lost, and where the damaged file is (shown once, when the draw first opens)."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.session.local_tournament import LocalTournament
from game.tournament import Loaded
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.lines import wrap_lines
from game.ui.scene import INK, ButtonScene, Host, button, dialog_box
from game.ui.text import draw_text
from game.ui.widgets import shade

BOX = pygame.Rect(L.W // 2 - 460, 70, 920, 580)
SIZE = 28
MAX_LOST = 12
"""The lost fields named on the screen (the log has them all)."""


def damage_lines(found: Loaded) -> list[str]:
    """The damaged file's story in the catalogue's words: kept, lost, where the file is."""
    file = found.set_aside.name if found.set_aside is not None else "?"
    t = found.tournament
    if t is None:
        return [tr("tourney.damaged_none", file=file)]
    results = sum(1 for m in t.matches if m.how in ("played", "typed", "time"))
    lines = [tr("tourney.damaged_kept", players=len(t.players), results=results)]
    if found.lost:
        names = [tr(f"tourney.lost.{x.kind.name.lower()}", what=x.what) for x in found.lost]
        shown = ", ".join(names[:MAX_LOST]) + (" …" if len(names) > MAX_LOST else "")
        lines.append(tr("tourney.damaged_lost", lost=shown))
    else:
        lines.append(tr("tourney.damaged_nothing_lost"))
    lines.append(tr("tourney.damaged_file", file=file))
    return lines


class DamageScene(ButtonScene):
    """See the module docstring."""

    opaque = False

    def __init__(self, app: Host, desk: LocalTournament) -> None:
        super().__init__(app)
        found = desk.damage
        self.lines = damage_lines(found) if found is not None else []
        desk.damage_shown = True
        self.buttons.add(
            button((BOX.centerx - 160, BOX.bottom - 100, 320, 76), tr("button.ok"), self.close, "green", 30)
        )
        self.buttons.focus = 0

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade(surface, 200)
        dialog_box(surface, BOX)
        width = BOX.w - 60
        draw_text(surface, tr("tourney.damaged_title"), 34, (BOX.centerx, BOX.y + 46), GOLD, width=width)
        y = BOX.y + 110
        for paragraph in self.lines:
            for line in wrap_lines(paragraph, SIZE, width):
                if y > BOX.bottom - 130:
                    break
                draw_text(surface, line, SIZE, (BOX.x + 30, y), INK, anchor="midleft", width=width)
                y += 38
            y += 12
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["DamageScene", "damage_lines"]
