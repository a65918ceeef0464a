"""The panel's row of the buttons a double can follow: Roll and Double, then Done in their place.

Why a row of its own: the tap just before an offer is the doubler's Double (two players at one
screen) or the answerer's own Done (the computer doubles next). TAKE and PASS stand on the offer card
below this row with a gap (:mod:`game.ui.play.dialogs`), so that neither a quick second tap nor a late
one can answer a double: with Double under Roll, TAKE stood where Double had been (issue 25).
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.ui import layout as L
from game.ui.text import CACHE, READ_SIZE
from game.ui.widgets import PAD

ACTION_ROW = pygame.Rect(L.PANEL_X + 10, 308, L.PANEL_W - 20, 74)
"""Roll and Double side by side before the roll, Done across the whole row while moving (screen
coordinates); the cube advice has the room under it, for all its rows."""
DOUBLE_GAP = 10
"""Between Roll and Double."""
ROLL_SIZE, DOUBLE_SIZE = 40, 32
"""The largest type of Roll and of Double (each is shrunk to its button where it must be)."""
ROLL_LEAST = 120
"""Roll's least width, whatever Double's word needs."""


def roll_and_double() -> tuple[pygame.Rect, pygame.Rect]:
    """Roll and Double in :data:`ACTION_ROW` (screen coordinates): half the row each, Double wider
    only where its word needs more even at the floor size ("Duplázás"), never leaving Roll less than
    :data:`ROLL_LEAST` (Roll's word is short in every language, and it is what a newcomer presses)."""
    half = (ACTION_ROW.w - DOUBLE_GAP) // 2
    word = tr("ui.double")
    size, floor = DOUBLE_SIZE, CACHE.floor(READ_SIZE)
    while size > floor and CACHE.font(size).size(word)[0] + PAD > half:
        size -= 1
    need = CACHE.font(size).size(word)[0] + PAD
    width = min(max(half, need), ACTION_ROW.w - DOUBLE_GAP - ROLL_LEAST)
    roll = pygame.Rect(ACTION_ROW.x, ACTION_ROW.y, ACTION_ROW.w - DOUBLE_GAP - width, ACTION_ROW.h)
    return roll, pygame.Rect(roll.right + DOUBLE_GAP, ACTION_ROW.y, width, ACTION_ROW.h)


__all__ = ["ACTION_ROW", "DOUBLE_GAP", "DOUBLE_SIZE", "ROLL_LEAST", "ROLL_SIZE", "roll_and_double"]
