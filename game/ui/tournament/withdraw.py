"""A player leaves the tournament: picked from the list, asked once more, then every unfinished match of
theirs goes to the opponent (the tournament's rule) and they are out of later Swiss rounds.

The players who withdrew are on the list too, in grey: a tap (asked once more) brings one back, and
the walkovers nobody has played on yet are played after all (``Tournament.reinstate``).

The cabinet's own tournament by default; the networked desk's through its ``director``."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.tournament import TournamentError, error_text
from game.tournament.director import Director
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.scene import DIM, ButtonScene, Host, button
from game.ui.scenes.confirm import ConfirmScene
from game.ui.text import READ_SIZE, draw_text

COLUMNS, ROWS = 3, 7
"""Players on a page: three columns of seven, each button holding a name of 20 letters at the floor
(four columns of 290 did not hold "Annamari Nieminen" at 16 window pixels); more turn pages."""


class WithdrawScene(ButtonScene):
    """The players still in, four columns of buttons; ``done`` gets the sentence for the draw."""

    def __init__(self, app: Host, done: Callable[[str], None], director: Director | None = None) -> None:
        super().__init__(app)
        self.done = done
        self.director: Director = director if director is not None else app.desk
        self.message = ""
        self.page = 0
        self._build()

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        t = self.director.tournament
        if t is None:
            return
        per_page = COLUMNS * ROWS
        pages = max(1, -(-len(t.players) // per_page))
        self.page %= pages
        w, h, gap = (L.W - 60 - (COLUMNS - 1) * 10) // COLUMNS, 60, 10
        first = self.page * per_page
        for j, player in enumerate(t.players[first : first + per_page]):
            k = first + j
            col, row = j % COLUMNS, j // COLUMNS
            rect = (30 + col * (w + gap), 110 + row * (h + gap), w, h)
            if player.withdrawn:
                b.add(button(rect, player.name, self._ask_back(k), "grey", size=READ_SIZE))
            else:
                b.add(button(rect, player.name, self._ask(k), "blue", size=READ_SIZE))
        if pages > 1:
            b.add(button((30, L.H - 80, 120, 66), "<", self._turn(-1), "grey", size=28))
            b.add(button((L.W - 150, L.H - 80, 120, 66), ">", self._turn(1), "grey", size=28))
        b.add(button((L.W // 2 - 200, L.H - 80, 400, 66), tr("button.back"), self.close, "red", 28))

    def _turn(self, step: int) -> Callable[[], None]:
        def turn() -> None:
            self.page += step
            self._build()

        return turn

    def _ask(self, k: int) -> Callable[[], None]:
        return self._confirm(k, "withdraw", self._withdraw)

    def _ask_back(self, k: int) -> Callable[[], None]:
        return self._confirm(k, "reinstate", self._reinstate)

    def _confirm(self, k: int, what: str, act: Callable[[int, str], None]) -> Callable[[], None]:
        """Asked once more (``tourney.<what>_ask``, ``_yes``, ``_detail``), then ``act`` on player ``k``."""

        def ask() -> None:
            t = self.director.tournament
            if t is None:
                return
            name = t.players[k].name
            self.app.scenes.push(
                ConfirmScene(
                    self.app,
                    tr(f"tourney.{what}_ask", name=name),
                    tr(f"tourney.{what}_yes"),
                    lambda: act(k, name),
                    detail=tr(f"tourney.{what}_detail"),
                )
            )

        return ask

    def _reinstate(self, k: int, name: str) -> None:
        try:
            self.director.reinstate(k)
        except TournamentError as exc:
            self.message = error_text(exc, self.app.settings.language)
            return
        self.close()
        self.done(tr("tourney.reinstated_now", name=name))

    def _withdraw(self, k: int, name: str) -> None:
        try:
            self.director.withdraw(k)
        except TournamentError as exc:
            self.message = error_text(exc, self.app.settings.language)
            return
        self.close()
        self.done(tr("tourney.withdrawn_now", name=name))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, tr("tourney.withdraw_title"), 34, (L.W // 2, 50), GOLD, width=L.W - 60)
        t = self.director.tournament
        if self.message:
            draw_text(surface, self.message, READ_SIZE, (L.W // 2, 88), (255, 130, 120), width=L.W - 60)
        elif t is not None and any(p.withdrawn for p in t.players):
            draw_text(
                surface, tr("tourney.withdraw_back_hint"), READ_SIZE, (L.W // 2, 88), DIM, width=L.W - 60
            )
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["WithdrawScene"]
