"""The accessibility settings made current on screen (the board set, larger text) and a cabinet
visitor's own choices of them.

Why a module of its own: these settings reach several parts that know nothing of each other (the
sprites, the text cache, the animations); :func:`apply` is the one place the App calls when the
settings change, and it says whether anything on screen must be drawn again.
"""

from __future__ import annotations

import dataclasses

from game.session import settings as st
from game.session.speech import Speaker
from game.ui.board.looks import look
from game.ui.board.sprites import Sprites
from game.ui.text import CACHE, LARGE_SCALE


def apply(settings: st.Settings, sprites: Sprites, speech: Speaker) -> bool:
    """Make the board set, the text size and the spoken mode of ``settings`` current; True when the
    board set or the text size changed (what is on screen must be drawn again)."""
    speech.configure(settings.speech, settings.language)
    changed = False
    chosen = look(settings.board_set)
    if sprites.look is not chosen:
        sprites.look = chosen
        changed = True
    if CACHE.set_scale(LARGE_SCALE if settings.large_text else 1.0):
        changed = True
    return changed


def with_access_of(settings: st.Settings, source: st.Settings) -> st.Settings:
    """``settings`` with the accessibility settings of ``source`` (the rest kept): on a cabinet, what
    to save while a visitor's choices are current (the operator's), and what to put back when the
    visitor has gone."""
    return dataclasses.replace(settings, **{name: getattr(source, name) for name in st.ACCESS_FIELDS})


__all__ = ["apply", "with_access_of"]
