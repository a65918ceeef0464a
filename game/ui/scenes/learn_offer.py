"""The title's offer of Learn to play: "New to backgammon? Learn in two minutes" across the top.

Made once to a player who has not played here yet, and to every visitor of a kiosk (see
:class:`~game.ui.scenes.title.TitleScene`). A band, not a dialog: it takes no input but its button,
so the title under it works as ever (Enter still plays the computer, every button stays where it is).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import i18n
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.scene import button
from game.ui.text import CACHE, READ_SIZE, draw_text
from game.ui.widgets import Button, row_widths

OFFER_SIZE, OFFER_QUESTION = 26, 30
"""The offer's button (Learn in two minutes) at the title's side buttons' size, its question larger."""


def offer_layout(kiosk: bool) -> tuple[pygame.Rect, int, pygame.Rect, int]:
    """The band, its question's width, its button and the button's text size: as wide as they need,
    centred in the room across the top (left of Quit, which a kiosk does not have)."""
    right = L.W - 12 if kiosk else L.W - 160
    room = right - 12
    size, (button_w,) = row_widths(
        [i18n.tr("learn.offer.yes")],
        OFFER_SIZE,
        room // 2,
        gap=0,
        air=56,
        least=240,
        smallest=CACHE.floor(READ_SIZE),
    )
    question = CACHE.font(OFFER_QUESTION).size(i18n.tr("learn.offer.title"))[0]
    text_w = min(question, room - button_w - 24 - 20 - 10)
    width = 24 + text_w + 20 + button_w + 10
    band = pygame.Rect(12 + (room - width) // 2, 6, width, 80)
    rect = pygame.Rect(band.right - 10 - button_w, band.y + 10, button_w, band.h - 20)
    return band, text_w, rect, size


def offer_button(kiosk: bool, action: Callable[[], None]) -> Button:
    _band, _text_w, rect, size = offer_layout(kiosk)
    return button((rect.x, rect.y, rect.w, rect.h), i18n.tr("learn.offer.yes"), action, "green", size)


def draw_offer(surface: pygame.Surface, kiosk: bool) -> None:
    """The band and its question (the button is drawn with the title's buttons)."""
    band, text_w, _rect, _size = offer_layout(kiosk)
    pygame.draw.rect(surface, (28, 62, 44), band, border_radius=14)
    pygame.draw.rect(surface, GOLD, band, 3, border_radius=14)
    at = (band.x + 24, band.centery)
    draw_text(surface, i18n.tr("learn.offer.title"), OFFER_QUESTION, at, GOLD, "midleft", text_w)


__all__ = ["OFFER_QUESTION", "OFFER_SIZE", "draw_offer", "offer_button", "offer_layout"]
