"""How to play, in the project's own words and the player's language, two sections a page."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game import i18n
from game.i18n import tr
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.input import Intent
from game.ui.lines import wrap
from game.ui.scenes.base import DIM, INK, ButtonScene, Host, button
from game.ui.text import CACHE, MIN_SIZE, draw_text


class HowToScene(ButtonScene):
    """How to play, in the project's own words, two sections a page."""

    PER_PAGE = 2

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.page = 0
        self.pages = math.ceil(len(i18n.HOWTO_SECTIONS) / self.PER_PAGE)
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

    def _turn(self, step: int) -> Callable[[], None]:
        def turn() -> None:
            self.page = max(0, min(self.pages - 1, self.page + step))
            self._build()

        return turn

    def handle(self, intent: Intent) -> None:
        forward = (intent.kind == "nav" and intent.command == "right") or (
            intent.kind == "key" and intent.key == pygame.K_PAGEDOWN
        )
        back = (intent.kind == "nav" and intent.command == "left") or (
            intent.kind == "key" and intent.key == pygame.K_PAGEUP
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
            MIN_SIZE,
            (L.W - 40, 44),
            DIM,
            anchor="midright",
        )
        sections = i18n.HOWTO_SECTIONS[self.page * self.PER_PAGE : (self.page + 1) * self.PER_PAGE]
        size, bodies = self._layout(sections)
        y = 90
        for name, body in zip(sections, bodies, strict=True):
            title = tr(f"howto.{name}.title")
            draw_text(surface, title, 34, (60, y + 20), GOLD, anchor="midleft", width=L.W - 120)
            y += 50
            for line in body:
                surface.blit(CACHE.render(line, size, INK, False), (60, y))
                y += round(size * 1.32)
            y += 18
        self.buttons.draw(surface, self.app.sprites)

    def _layout(self, sections: tuple[str, ...]) -> tuple[int, list[list[str]]]:
        """The largest body size (readable from a distance) at which the page fits above the buttons."""
        room = L.H - 100 - 90
        for size in (32, 30, 28, 26, MIN_SIZE):
            font = CACHE.font(size, False)
            bodies = [wrap(tr(f"howto.{name}.body"), font, L.W - 120) for name in sections]
            height = sum(50 + 18 + len(lines) * round(size * 1.32) for lines in bodies)
            if height <= room:
                break
        return size, bodies
