"""Buttons: big, high-contrast, at least 48 px tall at 720p, activated by a click (release)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pygame

from game.session.commands import Command
from game.ui.board.sprites import Sprites
from game.ui.controls import DIRECTIONS, nearest
from game.ui.input import Intent, IntentKind
from game.ui.lines import two_lines
from game.ui.text import CACHE, MIN_SIZE, put_text

MIN_TOUCH = 48
FOCUS = (255, 236, 120)
"""The focus ring: bright yellow, readable on every button colour and on the board."""
PAD = 24
"""A button's label has the button's width less this (12 px a side)."""
FACE_TOP, FACE_BOTTOM = 6, 12
"""A button face's rim above and below its inside (the bottom's includes the drop shadow): the
sprite's border and light line, kept at these heights however tall the button (``nine_slice``)."""
SUB_GAP = 5
"""Between a label's capitals and the top of the line under it."""
LABEL_INK: dict[str, tuple[int, int, int]] = {"green": (8, 28, 12), "gold": (48, 30, 0)}
"""A label's colour on the light faces; white on the others (:data:`game.ui.board.art.BUTTON_COLOURS`:
every pair at least 4.5:1, WCAG AA)."""
DISABLED_INK = (180, 180, 180)
"""A button that cannot be pressed: grey on grey. WCAG leaves inactive controls out of its contrast
rule, and the dimness is what tells they are out of use."""


def label_ink(colour: str) -> tuple[int, int, int]:
    """The label's colour on a face of ``colour``."""
    return LABEL_INK.get(colour, (255, 255, 255))


def label_lines(label: str, size: int, width: int, lines: int = 1) -> list[str]:
    """A label as a button draws it at ``size`` in ``width`` pixels: one line, or two (split evenly)
    when one does not fit and the button allows two (``lines``)."""
    return two_lines(label, size, width) if lines > 1 else [label]


def fits(label: str, size: int, width: int, lines: int = 1) -> bool:
    """True when ``label`` is drawn whole at ``size`` in ``width`` pixels (in up to ``lines`` lines)."""
    font = CACHE.font(size)
    return all(font.size(line)[0] <= width for line in label_lines(label, size, width, lines))


def common_size(labels: Iterable[tuple[str, int, int]], largest: int, smallest: int | None = None) -> int:
    """One text size for buttons that sit together: the largest up to ``largest`` at which every
    (label, width, lines) fits whole, so that no label is shrunk alone beside its neighbours (play
    tests saw "Leave to title" and "Continue saved game" smaller than the labels next to them).
    ``smallest``: by default the size drawn at the floor (less than :data:`MIN_SIZE` under larger text)."""
    items = list(labels)
    smallest = CACHE.floor(MIN_SIZE) if smallest is None else smallest
    size = largest
    while size > smallest and not all(fits(label, size, width, lines) for label, width, lines in items):
        size -= 1
    return size


def row_widths(
    labels: list[str],
    largest: int,
    room: int,
    *,
    gap: int,
    air: int,
    least: int,
    smallest: int | None = None,
) -> tuple[int, list[int]]:
    """A row of buttons whose widths follow their labels: one text size for all, the largest up to
    ``largest`` at which the row (each label plus ``air``, at least ``least`` wide, ``gap`` between)
    fits in ``room``; and the buttons' widths at that size (``smallest`` as in :func:`common_size`)."""
    smallest = CACHE.floor(MIN_SIZE) if smallest is None else smallest
    size = largest
    while True:
        font = CACHE.font(size)
        widths = [max(least, font.size(label)[0] + air) for label in labels]
        if sum(widths) + gap * (len(labels) - 1) <= room or size <= smallest:
            return size, widths
        size -= 1


def spread(widths: list[int], room: int, gap: int) -> list[int]:
    """Widths that fill ``room`` exactly: all alike where the widest allows, else each one wider by
    an equal share of what is left (never narrower than given)."""
    n = len(widths)
    inner = room - gap * (n - 1)
    if inner // n >= max(widths):
        return [inner // n] * n
    extra = max(0, inner - sum(widths)) // n
    return [w + extra for w in widths]


@dataclass
class Button:
    """A labelled button; ``label`` and ``sub`` are already translated text."""

    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    colour: str = "blue"
    sub: str = ""
    size: int = 30
    sub_size: int = 0
    """The size of ``sub``'s line (0: half the label's, at least 16)."""
    lines: int = 1
    """At most this many lines of label (2: a label too long for one line is split, not shrunk)."""
    visible: bool = True
    enabled: bool = True
    repeat: bool = False
    """A quick second tap presses it again (a keypad's keys); other buttons ignore a double-click."""
    pressed: bool = field(default=False)
    focused: bool = field(default=False)
    """The keyboard or controller focus is on it (drawn as a bright ring)."""

    def __post_init__(self) -> None:
        if self.rect.height < MIN_TOUCH:
            self.rect.height = MIN_TOUCH

    def label_lines(self) -> list[str]:
        """The label's lines as drawn (one, or two where ``lines`` allows and one would not fit)."""
        return label_lines(self.label, self.size, self.rect.width - PAD, self.lines)

    def _draw_with_sub(
        self, surface: pygame.Surface, y: int, inner: int, colour: tuple[int, int, int]
    ) -> None:
        """The label over its line (TAKE over "Play on for 2 pts"), placed by their letters rather than
        by the font's line boxes, in the middle of the face inside its rim: from the top of the label's
        letters (an accent's, as in HYVÄKSY) to the line's descenders. A play test saw "Play on for
        2 pts" run over the button's lower rim at 800x480, its "y" and "p" through the light line."""
        main_size = CACHE.fit_size(self.label, self.size, inner)
        sub_size = CACHE.fit_size(self.sub, self.sub_size or max(MIN_SIZE, self.size // 2), inner)
        main = CACHE.render(self.label, main_size, colour)
        sub = CACHE.render(self.sub, sub_size, colour)
        main_blank = min(CACHE.ink_top(self.label, main_size), CACHE.cap_top(main_size))
        sub_blank = CACHE.cap_top(sub_size)
        letters = CACHE.font(main_size).get_ascent() - main_blank  # the label, down to its baseline
        block = letters + SUB_GAP + sub.get_height() - sub_blank
        top = y + FACE_TOP + (self.rect.height - FACE_TOP - FACE_BOTTOM - block) // 2
        put_text(surface, main, main.get_rect(midtop=(self.rect.centerx, top - main_blank)))
        put_text(surface, sub, sub.get_rect(midtop=(self.rect.centerx, top + letters + SUB_GAP - sub_blank)))

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, sprites: Sprites) -> None:
        if not self.visible:
            return
        colour = self.colour if self.enabled else "grey"
        face = sprites.button(colour, self.rect.size)
        y = self.rect.y + (3 if self.pressed else 0)
        surface.blit(face, (self.rect.x, y))
        text_col = label_ink(colour) if self.enabled else DISABLED_INK
        inner = self.rect.width - PAD
        if self.sub:
            self._draw_with_sub(surface, y, inner, text_col)
        else:
            rows = [CACHE.fit(row, self.size, inner, text_col) for row in self.label_lines()]
            step = rows[0].get_height() - 4  # two lines: a little closer than the font's own spacing
            middle = y + (self.rect.height - 5) // 2 - step * (len(rows) - 1) // 2
            for i, row in enumerate(rows):
                put_text(surface, row, row.get_rect(center=(self.rect.centerx, middle + i * step)))
        if self.focused:
            draw_focus(surface, self.rect)


def draw_focus(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The focus ring around ``rect`` (5 px outside it) with heavy square corners.

    Why the corners: the ring's yellow was the only sign of the focus, and beside a gold button (or
    to an eye that does not see yellow well) a colour is not enough; square brackets over a rounded
    ring are a shape no other mark on screen has. They stay inside the ring's own bounds, so the
    focus takes no more room than it did.
    """
    ring = rect.inflate(10, 10)
    pygame.draw.rect(surface, FOCUS, ring, 5, border_radius=14)
    arm = max(12, min(26, ring.h // 3, ring.w // 4))
    for colour, width in (((0, 0, 0), 11), (FOCUS, 7)):
        half = width // 2
        left, right = ring.left + half, ring.right - 1 - half
        top, bottom = ring.top + half, ring.bottom - 1 - half
        for x, y, dx, dy in (
            (left, top, 1, 1),
            (right, top, -1, 1),
            (left, bottom, 1, -1),
            (right, bottom, -1, -1),
        ):
            pygame.draw.line(surface, colour, (x - dx * half, y), (x + dx * arm, y), width)
            pygame.draw.line(surface, colour, (x, y - dy * half), (x, y + dy * arm), width)


class ButtonGroup:
    """Routes ``down``/``click`` intents to buttons; a double-click never presses a button twice
    (but for a ``repeat`` button: two quick taps on a keypad's key are two letters).

    Keyboard and controller: ``nav`` intents move a focus between the visible buttons (to the
    nearest one in the direction pressed) and ``select`` presses the focused one. The focus is
    kept as an index, so a scene that rebuilds its buttons (a language change) keeps it; a
    pointer press hides it again.
    """

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.focus: int | None = None

    def add(self, button: Button) -> Button:
        self.buttons.append(button)
        return button

    def clear(self) -> None:
        self.buttons.clear()

    def usable(self) -> list[int]:
        return [i for i, b in enumerate(self.buttons) if b.visible and b.enabled]

    def focused(self) -> Button | None:
        if self.focus is None or not 0 <= self.focus < len(self.buttons):
            return None
        b = self.buttons[self.focus]
        return b if b.visible and b.enabled else None

    def navigate(self, command: Command, start: int = 0) -> bool:
        """Move the focus (a direction) or press the focused button (``select``); True when used.

        With no focus yet, any direction or select first shows the focus on the ``start``-th usable button.
        """
        usable = self.usable()
        if not usable:
            return False
        current = self.focused()
        if current is None:
            if command not in DIRECTIONS and command != Command.SELECT:
                return False
            self.focus = usable[min(start, len(usable) - 1)]
            return True
        if command == Command.SELECT:
            current.action()
            return True
        if command not in DIRECTIONS:
            return False
        centres = [self.buttons[i].rect.center for i in usable]
        step = nearest(current.rect.center, centres, command)
        if step is not None:
            self.focus = usable[step]
        return True

    def handle(self, intent: Intent) -> bool:
        """True when a button consumed the intent."""
        if intent.kind == IntentKind.NAV and intent.command is not None:
            return self.navigate(intent.command)
        if intent.kind == IntentKind.DOWN:
            self.focus = None
            hit = False
            for b in self.buttons:
                b.pressed = b.hit(intent.pos)
                hit = hit or b.pressed
            return hit
        if intent.kind in (
            IntentKind.CLICK,
            IntentKind.DRAG_START,
            IntentKind.DROP,
            IntentKind.DOUBLE,
            IntentKind.RIGHT,
            IntentKind.LONG,
        ):
            for b in self.buttons:
                was = b.pressed
                b.pressed = False
                if intent.kind is IntentKind.CLICK and b.hit(intent.pos):
                    b.action()
                    return True
                if intent.kind is IntentKind.DOUBLE and b.repeat and b.hit(intent.pos):
                    b.action()
                    return True
                if was and intent.kind in (IntentKind.DRAG_START, IntentKind.DROP):
                    return True
            return any(b.hit(intent.pos) for b in self.buttons)
        return False

    def draw(self, surface: pygame.Surface, sprites: Sprites) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus
            b.draw(surface, sprites)


_SHADES: dict[int, pygame.Surface] = {}


def shade(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken the whole screen under a dialog.

    The translucent full-screen layer is made once per alpha and kept: dialogs redraw
    every frame while something animates behind them, and a 1280x720 alpha surface is
    not something to allocate per frame.
    """
    layer = _SHADES.get(alpha)
    if layer is None or layer.get_size() != surface.get_size():
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        layer.fill((0, 0, 0, alpha))
        _SHADES[alpha] = layer
    surface.blit(layer, (0, 0))
