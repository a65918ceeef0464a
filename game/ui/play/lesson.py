"""Learn to play's card on the game screen: its layout and drawing.

The scene that puts it together with the lesson's turn controller
(:mod:`game.session.lesson_turns`) is :mod:`game.ui.scenes.learn`. The card stands where the side
panel was, beside the whole board:
a dot a step, the step's title, its instruction, the answer (the confirmation, the hint or the
engine's refusal), the game's own buttons of the step, then Again and Next.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.i18n import tr
from game.ui import layout as L
from game.ui.board.sprites import Sprites
from game.ui.board.view import GOLD, PANEL_BG
from game.ui.layout import LAYOUT
from game.ui.lines import wrap
from game.ui.play import action_row, dialogs
from game.ui.scene import DIM, INK, dialog_box
from game.ui.text import CACHE, READ_SIZE, draw_text
from game.ui.widgets import PAD, Button, ButtonGroup, common_size, row_widths, shade, spread

Action = Callable[[], None]


# -- the card's layout -------------------------------------------------------------------------

CARD = pygame.Rect(L.PANEL_X - 4, L.BOARD_Y, L.PANEL_W + 8, L.BOARD_H)
INNER_X, INNER_W = L.PANEL_X + 6, L.PANEL_W - 12
DOTS_Y = CARD.y + 16
"""The row of dots that shows how far through the steps the learner is."""
HEADER_Y = CARD.y + 42
TEXT_TOP = CARD.y + 62
ROW_H = action_row.ACTION_ROW.h
"""Every button row of the card is as high as the game's own Roll/Double/Done row: 46 window pixels
on an 800x480 touchscreen (a play test found Again and Next at 66, 41 pixels: small for a finger)."""
ROW_X, ROW_W = action_row.ACTION_ROW.x, action_row.ACTION_ROW.w
"""The game panel's button column: the lesson's buttons stand where the game's would."""
ROW_GAP = 10
LESSON_ROW = pygame.Rect(ROW_X, CARD.bottom - 6 - ROW_H, ROW_W, ROW_H)
"""Again and Next, at the card's foot."""
ACTION_ROW = pygame.Rect(ROW_X, LESSON_ROW.y - ROW_GAP - ROW_H, ROW_W, ROW_H)
"""The game's own buttons of the step (Done and Undo, Roll and Double), side by side above Again/Next."""
ANSWER_H, ANSWER_GAP = dialogs.ANSWER_H, 6
"""Take and Pass keep their line of what each is worth: full width, one above the other, as high as
on the game's offer card (its answer and its line at the floor need that height between the rims; the
gap is the card's too)."""
ANSWER_CLEAR = 14
"""Between Pass and the row of Roll, Double and Done: 8.75 window pixels at 800x480. Take and Pass
stand where no tap of the lesson has landed before them (Again and Next, Roll, Double, Done), as on
the game's own panel (issue 25): a quick second tap or a late one never answers a double."""
STEP_SIZE = 28
TEXT_SIZE = READ_SIZE
"""The card's words: the floor of the screen during play (16 window pixels at 800x480). Under larger
text they give up their extra size where a step needs the room (:func:`card_text`)."""
FEEDBACK_GAP = 14
GAP = 8
TONES = {"right": ((34, 92, 52), (190, 255, 190)), "hint": ((104, 70, 20), (255, 226, 150))}
"""The answer's box and ink: green for right, amber for the hint; a refusal is red (the default)."""
REFUSED = ((100, 40, 36), (255, 205, 190))


def row_rects(n: int) -> list[pygame.Rect]:
    """``n`` game buttons side by side in :data:`ACTION_ROW`."""
    if n <= 0:
        return []
    w = (ACTION_ROW.w - GAP * (n - 1)) // n
    return [pygame.Rect(ACTION_ROW.x + i * (w + GAP), ACTION_ROW.y, w, ACTION_ROW.h) for i in range(n)]


def roll_and_double() -> list[pygame.Rect]:
    """Roll and Double as the game's panel has them (Double wider only where its word needs it), in
    the card's :data:`ACTION_ROW`."""
    return [r.move(0, ACTION_ROW.y - r.y) for r in action_row.roll_and_double()]


def place_actions(actions: list[Button], roll_and_double_row: bool) -> list[Button]:
    """The game's buttons of the step in :data:`ACTION_ROW`, looking as on the game's panel: Roll and
    Double (``roll_and_double_row``) with the panel's widths and sizes, each shrunk only where its word
    needs it; others (Done, Undo) side by side at one size, the smallest the panel gives them or less."""
    if roll_and_double_row:
        for b, rect in zip(actions, roll_and_double(), strict=True):
            b.rect, b.size = rect, common_size([(b.label, rect.w - PAD, 1)], b.size)
        return actions
    rects = row_rects(len(actions))
    largest = min((b.size for b in actions), default=0)
    size = common_size([(b.label, r.w - PAD, 1) for b, r in zip(actions, rects, strict=True)], largest)
    for b, rect in zip(actions, rects, strict=True):
        b.rect, b.size = rect, size
    return actions


def answer_rects() -> list[pygame.Rect]:
    """Take above Pass, full width, above the game buttons' row with :data:`ANSWER_CLEAR` between."""
    pass_rect = pygame.Rect(ROW_X, ACTION_ROW.y - ANSWER_CLEAR - ANSWER_H, ROW_W, ANSWER_H)
    return [pass_rect.move(0, -ANSWER_H - ANSWER_GAP), pass_rect]


def finish_box() -> pygame.Rect:
    return pygame.Rect(L.W // 2 - 380, L.H // 2 - 200, 760, 400)


def line_pitch(size: int) -> int:
    """A row of the card's words asked at ``size``: as high as it is drawn (larger under larger text),
    and 4 more."""
    return CACHE.px(size) + 4


def text_height(lines: list[str], answer: list[str], size: int) -> int:
    """The card's words' height: a line each, then the answer's box under a gap."""
    pitch = line_pitch(size)
    height = pitch * len(lines)
    if answer:
        height += (FEEDBACK_GAP if lines else 0) + pitch * len(answer) + 6
    return height


def card_text(instruction: str, feedback: str, bottom: int) -> tuple[list[str], list[str], int]:
    """The instruction's and the answer's lines above ``bottom``, and their size: the floor (larger
    under larger text where they fit); the instruction left out only where the answer alone fits."""
    answer: list[str] = []
    least = CACHE.floor(READ_SIZE)
    for size in dict.fromkeys((TEXT_SIZE, least)):
        font = CACHE.font(size, True)
        lines = wrap(instruction, font, INNER_W)
        answer = wrap(feedback, font, INNER_W - 8) if feedback else []
        if text_height(lines, answer, size) <= bottom - TEXT_TOP:
            return lines, answer, size
    return [], answer, least


def glow_width(pulse: float, clock: float) -> int:
    """The lit outline's thickness: pulsing in steps for a while, then still (the loop may sleep)."""
    if pulse <= 0:
        return 5
    return 3 + round(2.5 + 2.5 * math.sin(clock * 5.0))


def lesson_buttons(group: ButtonGroup, actions: tuple[Action, Action], done: bool) -> None:
    """Again and Next in :data:`LESSON_ROW`, at one size; Next green once the step is done (before,
    grey: it skips)."""
    group.clear()
    labels = [tr("learn.again"), tr("learn.next")]
    size, widths = row_widths(labels, 30, LESSON_ROW.w, gap=GAP, air=PAD + 8, least=96)
    x = LESSON_ROW.x
    colours = ("blue", "green" if done else "grey")
    for label, w, action, colour in zip(
        labels, spread(widths, LESSON_ROW.w, GAP), actions, colours, strict=True
    ):
        group.add(Button(pygame.Rect(x, LESSON_ROW.y, w, LESSON_ROW.h), label, action, colour, size=size))
        x += w + GAP


def finish_buttons(group: ButtonGroup, actions: tuple[Action, Action], shown: bool) -> None:
    """The closing card's "Play your first game" and "Leave to title" (none while it is not up); the
    second as high as the card's rows (at 64 it was 40 window pixels at 800x480)."""
    group.clear()
    if not shown:
        return
    box = finish_box()
    w = box.w - 120
    rows = ((tr("learn.play_first"), "green", 204, 88, 36), (tr("ui.to_title"), "grey", 306, ROW_H, 28))
    for (label, colour, y, h, largest), action in zip(rows, actions, strict=True):
        size = common_size([(label, w - PAD, 1)], largest)
        group.add(Button(pygame.Rect(box.x + 60, box.y + y, w, h), label, action, colour, size=size))


# -- drawing -------------------------------------------------------------------------------------


def draw_lit(surface: pygame.Surface, points: tuple[int, ...], mine: tuple[int, ...], width: int) -> None:
    """The step's targets for the learner (player 0): each point outlined, with a ring where the checker
    would land (over a blot: on it); the tray (0) or the bar (25) framed. Outlines, not a fill: the
    checkers on a lit point keep their colour."""
    for point in points:
        if point in (0, 25):
            rect = LAYOUT.tray_rect(0) if point == 0 else LAYOUT.bar_half(0)
            pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), width, border_radius=8)
            continue
        a = L.to_abs(0, point)
        r = LAYOUT.point_rect(a)
        base, tip = (r.bottom, r.top) if a <= 12 else (r.top, r.bottom)
        pygame.draw.polygon(surface, GOLD, [(r.left, base), (r.right - 1, base), (r.centerx, tip)], width)
        n = mine[point - 1]
        x, y = LAYOUT.checker_center(a, min(n, 4), n + 1)
        pygame.draw.circle(surface, GOLD, (round(x), round(y)), L.CHECKER // 2 + 4, width)


def draw_card(
    surface: pygame.Surface,
    progress: tuple[int, int],
    title: str,
    text: tuple[list[str], list[str], int],
    kind: str,
) -> None:
    """The card: the dots (``progress`` is this step's index and the number of steps), the title, the
    instruction's lines and the answer's (see :func:`card_text`) in the box of its ``kind``."""
    pygame.draw.rect(surface, PANEL_BG, CARD, border_radius=14)
    pygame.draw.rect(surface, GOLD, CARD, 3, border_radius=14)
    index, total = progress
    gap = min(24, (INNER_W - 16) // max(1, total - 1))
    x0 = CARD.centerx - gap * (total - 1) // 2
    for i in range(total):
        centre = (x0 + i * gap, DOTS_Y)
        if i == index:
            pygame.draw.circle(surface, GOLD, centre, 8)
        else:
            pygame.draw.circle(surface, DIM, centre, 5, 0 if i < index else 2)
    draw_text(surface, title, STEP_SIZE, (INNER_X, HEADER_Y), GOLD, "midleft", INNER_W)
    lines, answer, size = text
    pitch = line_pitch(size)
    y = TEXT_TOP
    for line in lines:
        draw_text(surface, line, size, (INNER_X, y), INK, anchor="topleft")
        y += pitch
    if not answer:
        return
    y += FEEDBACK_GAP if lines else 0
    box, ink = TONES.get(kind, REFUSED)
    pygame.draw.rect(
        surface, box, (INNER_X - 4, y - 6, INNER_W + 8, pitch * len(answer) + 12), border_radius=10
    )
    for line in answer:
        draw_text(surface, line, size, (INNER_X + 4, y), ink, anchor="topleft")
        y += pitch


def draw_finish(surface: pygame.Surface, buttons: ButtonGroup, sprites: Sprites) -> None:
    """The closing card over everything: "You know the rules!" and its buttons."""
    shade(surface, 160)
    box = finish_box()
    dialog_box(surface, box)
    draw_text(surface, tr("learn.finish.title"), 44, (box.centerx, box.y + 64), GOLD, width=box.w - 60)
    for i, line in enumerate(wrap(tr("learn.finish.body"), CACHE.font(28), box.w - 80)[:2]):
        draw_text(surface, line, 28, (box.centerx, box.y + 128 + 36 * i), INK)
    buttons.draw(surface, sprites)


__all__ = [
    "ACTION_ROW",
    "CARD",
    "INNER_W",
    "LESSON_ROW",
    "STEP_SIZE",
    "answer_rects",
    "card_text",
    "draw_card",
    "draw_finish",
    "draw_lit",
    "finish_box",
    "finish_buttons",
    "glow_width",
    "lesson_buttons",
    "place_actions",
    "roll_and_double",
    "row_rects",
]
