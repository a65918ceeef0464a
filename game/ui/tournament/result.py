"""A match played on another board, typed in by the organiser: who won, and the loser's points.

The winner's points are the match length (a match is won by reaching it); only the loser's are
chosen, with - and +. The tournament checks the result and refuses a wrong one with its reason.

The same screen corrects a finished match (``correcting``): it opens on the result as it stands, OK
puts the new one in its place, and "Play it again" takes the result back (asked first). The draw and
the standings follow; the tournament refuses (and says why) a new winner a later result stands on.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.session.local_tournament import result_words
from game.tournament import TMatch, Tournament, TournamentError, call_text, error_text
from game.tournament.director import Director
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.scene import DIM, INK, ButtonScene, Host, button, dialog_box
from game.ui.scenes.confirm import ConfirmScene
from game.ui.text import READ_SIZE, draw_text
from game.ui.widgets import shade

BOX = pygame.Rect(L.W // 2 - 420, 40, 840, 640)


class ResultScene(ButtonScene):
    """``done`` gets the sentence to show on the draw once the result is in."""

    opaque = False

    def __init__(
        self,
        app: Host,
        tournament: Tournament,
        m: TMatch,
        done: Callable[[str], None],
        correcting: bool = False,
        director: Director | None = None,
    ) -> None:
        super().__init__(app)
        self.director: Director = director if director is not None else app.desk
        """Who keeps the tournament: the cabinet's (the default) or the networked desk's."""
        self.t = tournament
        self.m = m
        self.done = done
        self.correcting = correcting
        self.winner: int | None = None
        """0 or 1: the place in the match of the player who won."""
        self.loser_points = 0
        if correcting and m.winner is not None:  # the result as it stands
            self.winner = m.players.index(m.winner)
            if m.score is not None:
                self.loser_points = min(m.score[1 - self.winner], m.length - 1)
        self.message = ""
        self._build()

    def names(self) -> tuple[str, str]:
        a, b = (self.t.players[p].name if p is not None else "?" for p in self.m.players)
        return a, b

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        for k, name in enumerate(self.names()):
            colour = "gold" if self.winner == k else "blue"
            b.add(button((BOX.x + 40 + k * 390, 210, 370, 90), name, self._pick(k), colour, size=32))
        b.add(button((BOX.centerx - 210, 380, 110, 80), "−", self.less, "grey", size=40)).repeat = True
        b.add(button((BOX.centerx + 100, 380, 110, 80), "+", self.more, "grey", size=40)).repeat = True
        if self.correcting:  # three at the foot: OK, play it again, cancel
            w, y = 246, BOX.bottom - 110
            ok = b.add(button((BOX.x + 40, y, w, 80), tr("button.ok"), self.submit, "green", 32))
            again = b.add(
                button((BOX.centerx - w // 2, y, w, 80), tr("tourney.clear"), self.ask_clear, "gold", 26)
            )
            again.lines = 2  # "Pelataan uudelleen" takes two lines at the floor
            b.add(button((BOX.right - 40 - w, y, w, 80), tr("button.cancel"), self.close, "red", 30))
        else:
            ok = b.add(
                button((BOX.x + 40, BOX.bottom - 110, 370, 80), tr("button.ok"), self.submit, "green", 32)
            )
            b.add(
                button(
                    (BOX.right - 410, BOX.bottom - 110, 370, 80), tr("button.cancel"), self.close, "red", 30
                )
            )
        ok.enabled = self.winner is not None

    def _pick(self, k: int) -> Callable[[], None]:
        def pick() -> None:
            self.winner = k
            self.message = ""
            self._build()

        return pick

    def less(self) -> None:
        self.loser_points = max(0, self.loser_points - 1)

    def more(self) -> None:
        self.loser_points = min(self.m.length - 1, self.loser_points + 1)

    def score(self) -> tuple[int, int]:
        """The score in the match's order (the winner has the length)."""
        if self.winner == 0:
            return self.m.length, self.loser_points
        return self.loser_points, self.m.length

    def submit(self) -> None:
        if self.winner is None:
            return
        player = self.m.players[self.winner]
        assert player is not None
        try:
            if self.correcting:
                self.director.correct(self.m.id, player, self.score())
            else:
                self.director.enter_typed(self.m.id, player, self.score())
        except TournamentError as exc:
            self.message = error_text(exc, self.app.settings.language)
            return
        self.close()
        said = "tourney.corrected" if self.correcting else "tourney.result_in"
        self.done(tr(said, **result_words(self.t, self.m)))

    def ask_clear(self) -> None:
        a, b = self.names()
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                tr("tourney.clear_ask", a=a, b=b),
                tr("tourney.clear_yes"),
                self.clear,
                detail=tr("tourney.clear_detail"),
            )
        )

    def clear(self) -> None:
        try:
            self.director.clear(self.m.id)
        except TournamentError as exc:
            self.message = error_text(exc, self.app.settings.language)
            return
        self.close()
        a, b = self.names()
        self.done(tr("tourney.cleared", a=a, b=b))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade(surface, 200)
        dialog_box(surface, BOX)
        w = BOX.w - 40
        title = tr("tourney.correct" if self.correcting else "tourney.enter_result")
        draw_text(surface, title, 34, (BOX.centerx, BOX.y + 46), GOLD, width=w)
        call = call_text(self.t, self.m, self.app.settings.language)
        draw_text(surface, f"{self.m.id}: {call}", 26, (BOX.centerx, BOX.y + 96), INK, width=w)
        draw_text(surface, tr("tourney.who_won"), 28, (BOX.centerx, BOX.y + 146), DIM, width=w)
        draw_text(surface, tr("tourney.loser_points"), 28, (BOX.centerx, 350), DIM, width=w)
        draw_text(surface, str(self.loser_points), 56, (BOX.centerx, 420), INK)
        if self.winner is not None:
            a, b = self.names()
            s = self.score()
            draw_text(surface, f"{a} {s[0]} – {s[1]} {b}", 30, (BOX.centerx, 500), GOLD, width=w)
        if self.message:
            draw_text(surface, self.message, READ_SIZE, (BOX.centerx, 545), (255, 130, 120), width=w)
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["ResultScene"]
