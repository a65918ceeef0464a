"""A cabinet with no usable operator code: nothing to play, "ask the operator", and how to set one.

Why not a prompt to choose a code, as before: the first person to touch a fresh cabinet chose its
code, and any damage to the settings brought that prompt back, so a visitor could take a cabinet
over. The code is now set by a deliberate act on the unit (``--set-operator-code``, typed twice at
its terminal: only someone with the unit's login can), and a missing or damaged code file stops
here, saying what the organiser does (:mod:`game.session.operator_lock`).
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.session.operator_lock import CodeState
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.input import Intent
from game.ui.lines import wrap_lines
from game.ui.scene import DIM, INK, Host, Scene
from game.ui.text import READ_SIZE, draw_text

SET_COMMAND = "--set-operator-code"


def gesture_text(app: Host) -> str:
    """How the operator menu opens on this cabinet, in the player's language."""
    corner = tr("corner." + app.settings.operator_corner.replace("-", "_"))
    return tr("kiosk.gesture", corner=corner, seconds=f"{app.settings.operator_hold:g}")


class LockedScene(Scene):
    """ "Ask the operator": the cabinet waits for its organiser (no keypad, no way round)."""

    opaque = True

    def __init__(self, app: Host, state: CodeState) -> None:
        super().__init__(app)
        self.state = state
        if app.kiosk is not None:
            app.kiosk.begin_setup()  # no demo, no gesture: nothing here opens anything

    def handle(self, intent: Intent) -> None:
        """Every touch and key is ignored: there is nothing to choose here."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        damaged = self.state is CodeState.DAMAGED
        draw_text(surface, tr("kiosk.locked_title"), 44, (L.W // 2, 150), GOLD, width=L.W - 120)
        why = tr("kiosk.locked_damaged" if damaged else "kiosk.locked_missing")
        y = 250
        for line in wrap_lines(why, 30, L.W - 200)[:3]:
            draw_text(surface, line, 30, (L.W // 2, y), INK, width=L.W - 200)
            y += 44
        y += 30
        organiser = tr("kiosk.locked_organiser", command=SET_COMMAND)
        for line in [
            *wrap_lines(organiser, READ_SIZE, L.W - 200)[:4],
            *wrap_lines(gesture_text(self.app), READ_SIZE, L.W - 200)[:2],
        ]:
            draw_text(surface, line, READ_SIZE, (L.W // 2, y), DIM, width=L.W - 200)
            y += 36


__all__ = ["SET_COMMAND", "LockedScene", "gesture_text"]
