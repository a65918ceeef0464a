"""How to play, in the project's own words and the player's language, as many sections a page as fit.

Why one text size for all pages, and pages made to fit it: with two sections a page each page shrank
its text to fit, so the reading size jumped from page to page (seen in a real window at 800x480: 20
pixels on one page, 15 on the next), and under larger text the long pages fell back to the smallest
size, no larger than without it. Now the body's size is the largest at which every section fits a page
on its own, and the sections are laid on pages in order, as many as fit: larger text makes more pages,
not smaller words.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import i18n
from game.i18n import tr
from game.session.commands import Command
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.input import Intent, IntentKind
from game.ui.lines import wrap
from game.ui.scene import DIM, INK, ButtonScene, Host, button
from game.ui.text import CACHE, READ_SIZE, draw_text, put_text

SIZES = (32, 30, 28, READ_SIZE)
"""The body's sizes, largest first: the first at which every section fits a page alone is used."""
TOP, ROOM = 90, L.H - 100 - 90
"""Where the first section starts, and the height the sections have above the buttons."""
HEAD, GAP = 50, 18
"""A section's title line, and the space after a section."""


def line_height(size: int) -> int:
    return round(size * 1.32)


def section_height(lines: int, size: int) -> int:
    return HEAD + GAP + lines * line_height(size)


def paginate(width: int = L.W - 120) -> tuple[int, list[list[tuple[str, list[str]]]]]:
    """The body's size and the pages: each a list of (section, its lines), in reading order."""
    sections = i18n.HOWTO_SECTIONS
    for size in SIZES:
        font = CACHE.font(size, False)
        bodies = [wrap(tr(f"howto.{name}.body"), font, width) for name in sections]
        if all(section_height(len(lines), size) <= ROOM for lines in bodies):
            break
    pages: list[list[tuple[str, list[str]]]] = [[]]
    used = 0
    for name, lines in zip(sections, bodies, strict=True):
        height = section_height(len(lines), size)
        if pages[-1] and used + height > ROOM:
            pages.append([])
            used = 0
        pages[-1].append((name, lines))
        used += height
    return size, pages


class HowToScene(ButtonScene):
    """How to play, in the project's own words, as many sections a page as fit at one size."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.page = 0
        self.size, self.sheets = paginate()
        self.pages = len(self.sheets)
        self._build()

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        y = L.H - 86
        prev = b.add(button((60, y, 300, 70), tr("button.prev_page"), self._turn(-1), "grey", size=28))
        prev.visible = self.page > 0
        b.add(button((L.W // 2 - 160, y, 320, 70), tr("button.back"), self.close, "green", size=30))
        nxt = b.add(button((L.W - 360, y, 300, 70), tr("button.next_page"), self._turn(1), "blue", size=28))
        nxt.visible = self.page < self.pages - 1
        # Quick taps turn a page each (seen in a real window: the second of two quick taps on Next was
        # taken for a double-click, which buttons ignore, and the page stayed).
        prev.repeat = nxt.repeat = True

    def _turn(self, step: int) -> Callable[[], None]:
        def turn() -> None:
            self.page = max(0, min(self.pages - 1, self.page + step))
            self._build()

        return turn

    def handle(self, intent: Intent) -> None:
        forward = (intent.kind == IntentKind.NAV and intent.command is Command.RIGHT) or (
            intent.kind == IntentKind.KEY and intent.key == pygame.K_PAGEDOWN
        )
        back = (intent.kind == IntentKind.NAV and intent.command is Command.LEFT) or (
            intent.kind == IntentKind.KEY and intent.key == pygame.K_PAGEUP
        )
        if forward or back:
            self._turn(1 if forward else -1)()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, tr("howto.title"), 44, (L.W // 2, 44), GOLD)
        draw_text(
            surface,
            tr("howto.page", n=self.page + 1, total=self.pages),
            READ_SIZE,
            (L.W - 40, 44),
            DIM,
            anchor="midright",
        )
        y = TOP
        for name, body in self.sheets[self.page]:
            title = tr(f"howto.{name}.title")
            draw_text(surface, title, 34, (60, y + 20), GOLD, anchor="midleft", width=L.W - 120)
            y += HEAD
            for line in body:
                line_surf = CACHE.render(line, self.size, INK, False)
                put_text(surface, line_surf, line_surf.get_rect(topleft=(60, y)))
                y += line_height(self.size)
            y += GAP
        self.buttons.draw(surface, self.app.sprites)
