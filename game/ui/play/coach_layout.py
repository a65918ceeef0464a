"""Where the coach's card stands and how its words fit: one source for drawing and testing it.

The card covers the whole side panel (the board stays in full view): a title, the reason in rows of
the floor size, and three buttons at its foot, clear of where Done, Roll and Double stood.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.lines import normal_size, wrap
from game.ui.play.panel import player_box
from game.ui.text import CACHE, READ_SIZE, draw_text
from game.ui.widgets import PAD, Button, common_size

CARD_TOP = L.BOARD_Y + 4
"""The card covers the whole side panel, the board stays in full view: the reason's longest
sentence (Hungarian, nine rows at the floor size) and three buttons whose labels need two rows in
every language ("Show me the better move" is 23 letters) do not fit between the players' boxes."""
TITLE_SIZE = 30
TITLE_Y = 26
"""The title's middle, from the card's top."""
REASON_Y = 48
"""The reason's first row, from the card's top: up to nine rows of the floor size fit above the
buttons, what the longest Hungarian reason needs in the panel's width."""
REASON_SIZE = READ_SIZE
REASON_PITCH = 28
"""A row of the reason at the floor size (larger text spaces its rows by its own line height)."""
BUTTON_H, BUTTON_GAP = 72, 8
BUTTON_SIZE = 26
TEXT_MARGIN = 14
"""Between the card's frame and its words, each side."""


def card_rect() -> pygame.Rect:
    bottom = player_box(0).bottom + 4
    return pygame.Rect(L.PANEL_X, CARD_TOP, L.PANEL_W, bottom - CARD_TOP)


def text_width() -> int:
    """The width of the card's title and reason rows."""
    return card_rect().width - 2 * TEXT_MARGIN


def button_rects() -> list[pygame.Rect]:
    """Take it back, Show me, Keep, top to bottom, at the card's foot: clear of Done, Roll and
    Double, where the tap that brought the card up landed (and the card's buttons wait
    :data:`game.ui.scenes.game.MODAL_GUARD` before they take a press anyway)."""
    card = card_rect()
    x, w = card.x + 10, card.width - 20
    bottom = card.bottom - 8
    return [pygame.Rect(x, bottom - (3 - i) * BUTTON_H - (2 - i) * BUTTON_GAP, w, BUTTON_H) for i in range(3)]


def reason_room() -> int:
    """The height the reason has, between the title and the buttons."""
    return button_rects()[0].top - 6 - (card_rect().y + REASON_Y)


def reason_layout(text: str, width: int) -> tuple[list[str], int, int]:
    """The reason wrapped to ``width``: its rows, their text size and their pitch. At the floor
    size; under larger text, larger when the rows still fit the room, else at the normal floor (a
    reason is read whole: it is never cut to make it larger)."""
    room = reason_room()
    for size in dict.fromkeys((REASON_SIZE, normal_size(REASON_SIZE))):
        font = CACHE.font(size)
        pitch = max(REASON_PITCH, font.get_linesize() + 2)
        lines = wrap(text, font, width)
        if len(lines) * pitch <= room:
            return lines, size, pitch
    return lines[: max(1, room // pitch)], size, pitch


def reason_lines(text: str, width: int) -> list[str]:
    """The reason's rows as drawn (see :func:`reason_layout`)."""
    return reason_layout(text, width)[0]


PLAY_LABELS = ("coach.card.back", "coach.card.show", "coach.card.keep")
CUBE_LABELS = ("coach.card.back_cube", "coach.card.show_cube", "coach.card.keep_cube")
COLOURS = ("green", "gold", "grey")
"""Take it back (the safe choice) green, Show me gold as the Hint is, Keep my move grey."""


def card_buttons(play: bool, actions: tuple[Callable[[], None], ...]) -> list[Button]:
    """Take it back, Show me, Keep (a ``play``'s words, else a cube choice's), each with its action,
    one text size for the three, in two rows where a label needs them."""
    rects = button_rects()
    texts = [tr(key) for key in (PLAY_LABELS if play else CUBE_LABELS)]
    size = common_size([(text, rects[0].width - PAD, 2) for text in texts], BUTTON_SIZE)
    return [
        Button(rect, text, action, colour, size=size, lines=2)
        for rect, text, action, colour in zip(rects, texts, actions, COLOURS, strict=True)
    ]


def draw_card(surface: pygame.Surface, reason: str) -> None:
    """The card's face: its frame, "Are you sure?" and the reason (the buttons are the caller's)."""
    card = card_rect()
    pygame.draw.rect(surface, (30, 36, 50), card, border_radius=18)
    pygame.draw.rect(surface, GOLD, card, 4, border_radius=18)
    width = text_width()
    title = tr("coach.card.title")
    draw_text(surface, title, TITLE_SIZE, (card.centerx, card.y + TITLE_Y), GOLD, width=width)
    lines, size, pitch = reason_layout(reason, width)
    for i, line in enumerate(lines):
        y = card.y + REASON_Y + pitch // 2 + i * pitch
        draw_text(surface, line, size, (card.centerx, y), (255, 255, 255), width=width)


__all__ = [
    "BUTTON_GAP",
    "BUTTON_H",
    "BUTTON_SIZE",
    "CARD_TOP",
    "REASON_PITCH",
    "REASON_SIZE",
    "REASON_Y",
    "TEXT_MARGIN",
    "TITLE_SIZE",
    "TITLE_Y",
    "button_rects",
    "card_buttons",
    "card_rect",
    "draw_card",
    "reason_layout",
    "reason_lines",
    "reason_room",
    "text_width",
]
