"""Correct a result: the finished matches (the latest round first), one button each, and the log's
last lines under them (who changed what). A tap opens the result screen on that match's result
(``ResultScene`` with ``correcting``): the organiser puts it right, or has it played again.

The same screen serves the cabinet's own tournament (the default) and the networked desk (its
``director``, ``game.desk.director.DeskDirector``): the rules are the tournament's either way."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.session.local_tournament import result_words
from game.tournament import TMatch, change_text
from game.tournament.director import Director
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.lines import shortened
from game.ui.scene import DIM, INK, ButtonScene, Host, button
from game.ui.text import CACHE, READ_SIZE, draw_text
from game.ui.widgets import PAD

COLUMNS = 2
"""Two columns of results: a match's id, two names of 17 letters and its score at the floor."""
ROWS = 5
LOG_LINES = 4


class CorrectScene(ButtonScene):
    """See the module docstring; ``done`` gets the sentence for the draw."""

    def __init__(self, app: Host, done: Callable[[str], None], director: Director | None = None) -> None:
        super().__init__(app)
        self.done = done
        self.director: Director = director if director is not None else app.desk
        self.page = 0
        self._build()

    def matches(self) -> list[TMatch]:
        t = self.director.tournament
        return [] if t is None else t.correctable()

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        t = self.director.tournament
        shown = self.matches()
        per_page = COLUMNS * ROWS
        pages = max(1, -(-len(shown) // per_page))
        self.page %= pages
        gap, h = 10, 60
        w = (L.W - 60 - gap * (COLUMNS - 1)) // COLUMNS
        for i, m in enumerate(shown[self.page * per_page : (self.page + 1) * per_page]):
            assert t is not None
            col, row = i % COLUMNS, i // COLUMNS
            rect = (30 + col * (w + gap), 100 + row * (h + gap), w, h)
            words = result_words(t, m)
            score = f"{words['x']}–{words['y']}"
            # Each name shortened to half the room the match's id and score leave (never drawn smaller).
            room = (w - PAD - CACHE.font(READ_SIZE).size(f"{m.id}   {score} ")[0]) // 2
            a, b_ = (shortened(str(words[k]), READ_SIZE, room) for k in ("a", "b"))
            label = f"{m.id}  {a} {score} {b_}"
            b.add(button(rect, label, self._open(m.id), "blue", size=READ_SIZE))
        y = L.H - 80
        if pages > 1:
            b.add(button((30, y, 120, 66), "<", self.prev_page, "grey", size=28))
            b.add(button((L.W - 150, y, 120, 66), ">", self.next_page, "grey", size=28))
        b.add(button((L.W // 2 - 200, y, 400, 66), tr("button.back"), self.close, "red", 28))

    def prev_page(self) -> None:
        self.page -= 1
        self._build()

    def next_page(self) -> None:
        self.page += 1
        self._build()

    def _open(self, match_id: str) -> Callable[[], None]:
        def open_result() -> None:
            from game.ui.tournament.result import ResultScene

            t = self.director.tournament
            if t is not None:
                self.app.scenes.push(
                    ResultScene(self.app, t, t.match(match_id), self._done, True, self.director)
                )

        return open_result

    def _done(self, text: str) -> None:
        self.close()
        self.done(text)

    def enter(self) -> None:
        super().enter()
        self._build()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, tr("tourney.correct_title"), 34, (L.W // 2, 50), GOLD, width=L.W - 60)
        t = self.director.tournament
        if not self.matches():
            draw_text(surface, tr("tourney.correct_none"), 28, (L.W // 2, 200), INK, width=L.W - 60)
        if t is not None and t.log:
            top = 100 + ROWS * 70 + 6
            draw_text(
                surface, tr("tourney.changes"), READ_SIZE, (30, top), DIM, anchor="midleft", width=L.W - 60
            )
            lang = self.app.settings.language
            for k, change in enumerate(reversed(t.log[-LOG_LINES:])):
                line = change_text(t, change, lang)
                y = top + 32 + k * 30
                draw_text(surface, line, READ_SIZE, (30, y), INK, anchor="midleft", width=L.W - 60)
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["CorrectScene"]
