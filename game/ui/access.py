"""The accessibility settings made current on screen: the board set, larger text, reduced motion.

Why a module of its own: these settings reach several parts that know nothing of each other (the
sprites, the text cache, the animations); :func:`apply` is the one place the App calls when the
settings change, and it says whether anything on screen must be drawn again.
"""

from __future__ import annotations

from game.session import settings as st
from game.ui.board.looks import look
from game.ui.board.sprites import Sprites
from game.ui.text import CACHE, LARGE_SCALE


def apply(settings: st.Settings, sprites: Sprites) -> bool:
    """Make the board set and the text size of ``settings`` current; True when either changed."""
    changed = False
    chosen = look(settings.board_set)
    if sprites.look is not chosen:
        sprites.look = chosen
        changed = True
    if CACHE.set_scale(LARGE_SCALE if settings.large_text else 1.0):
        changed = True
    return changed


__all__ = ["apply"]
