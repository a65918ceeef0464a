"""Setting up a tournament: the players (4 to 32, typed on the on-screen keyboard or a laptop's), the
format, the match length of each round, and the house rules (the clock, the aids).

The players are seeded in the order they are entered (the first is the top seed: in a knock-out the
top seeds get the byes). Nothing is created until Start, which the tournament checks (count, names
1 to 20 letters, no name twice); a refusal is said with its reason and nothing is lost.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr, tr_n
from game.session.local_tournament import CLOCK_CHOICES
from game.session.match_timer import DEFAULT_PRESET
from game.tournament import MAX_PLAYERS, MIN_PLAYERS, TournamentError, error_text
from game.tournament.model import MAX_NAME, Format
from game.tournament.pairing import bracket_size
from game.ui.board.view import BG, GOLD
from game.ui.entry.keyboard import KeyboardScene
from game.ui.scene import DIM, INK, ButtonScene, Host, button
from game.ui.scenes.confirm import ConfirmScene
from game.ui.text import READ_SIZE, draw_text

LENGTHS = (1, 3, 5, 7, 9, 11, 13)
COLUMNS, ROWS = 2, 8
NAME_W, NAME_H, GAP = 417, 46, 6
PER_PAGE = COLUMNS * ROWS
"""Names on a page of the list: two columns of eight, each holding "32. Annamari Virtanen" at the floor
(four columns of 196 did not hold a name of 10 letters at 16 window pixels); more turn pages."""
PAGE_Y = 12
"""The page buttons' top, at the right end of the title's line (over the list's right column)."""
RIGHT_X, RIGHT_W = 880, 376
LENGTHS_Y, LENGTHS_W = 100 + ROWS * (NAME_H + GAP) + 22, 840
"""The match lengths' line (its buttons under their rounds' names below it)."""


class SetupScene(ButtonScene):
    """``created`` is called once the tournament exists (the draw is shown then)."""

    def __init__(self, app: Host, created: Callable[[], None]) -> None:
        super().__init__(app)
        self.created = created
        self.names: list[str] = []
        self.format: Format = "elimination"
        self.swiss_rounds = 0
        """0: as many rounds as one unbeaten player needs (the tournament's default)."""
        self.lengths: list[int] = [5] * 6
        self.clock = DEFAULT_PRESET
        self.aids = False
        self.message = ""
        self.page = 0
        """The page of the names' list shown (the last name added is on it)."""
        self._build()

    # -- the rounds ---------------------------------------------------------------------------------

    def rounds(self) -> int:
        """How many rounds the format plays for the players entered so far (at least 2 shown)."""
        n = max(len(self.names), MIN_PLAYERS)
        if self.format == "elimination":
            return max(1, bracket_size(n).bit_length() - 1)
        default = max(1, (n - 1).bit_length())
        return min(self.swiss_rounds or default, n - 1)

    def round_label(self, k: int) -> str:
        if self.format == "elimination" and k == self.rounds() - 1:
            return tr("tourney.final")
        return tr("tourney.round", n=k + 1)

    # -- buttons ------------------------------------------------------------------------------------

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        self.page = min(self.page, self.pages() - 1)
        first = self.page * PER_PAGE
        for j, name in enumerate(self.names[first : first + PER_PAGE]):
            i = first + j
            col, row = divmod(j, ROWS)
            rect = (24 + col * (NAME_W + GAP), 100 + row * (NAME_H + GAP), NAME_W, NAME_H)
            b.add(button(rect, f"{i + 1}. {name}", self._remove(i), "blue", size=READ_SIZE))
        if self.pages() > 1:
            right = 24 + LENGTHS_W
            b.add(button((right - 184, PAGE_Y, 64, 48), "<", self._turn(-1), "grey", size=28))
            b.add(button((right - 64, PAGE_Y, 64, 48), ">", self._turn(1), "grey", size=28))
        for k in range(self.rounds()):
            length = b.add(
                button(self.length_rect(k), str(self.lengths[k]), self._length(k), "grey", size=30)
            )
            length.repeat = True  # two quick taps step on twice (5 -> 7 -> 9), as the settings' rows do
        full = len(self.names) >= MAX_PLAYERS
        items: list[tuple[str, Callable[[], None], str]] = [
            (tr("tourney.add_player"), self.add_player, "grey" if full else "blue"),
            (
                tr("tourney.format_ko" if self.format == "elimination" else "tourney.format_swiss"),
                self.cycle_format,
                "grey",
            ),
        ]
        if self.format == "swiss":
            items.append((tr_n("tourney.rounds", self.rounds(), n=self.rounds()), self.cycle_rounds, "grey"))
        items += [
            (tr("tourney.clock", clock=tr(f"tourney.clock.{self.clock}")), self.cycle_clock, "grey"),
            (tr("tourney.aids_on" if self.aids else "tourney.aids_off"), self.toggle_aids, "grey"),
            (tr("tourney.start"), self.start, "green"),
            (tr("button.cancel"), self.close, "red"),
        ]
        for i, (label, action, colour) in enumerate(items):
            added = b.add(button((RIGHT_X, 100 + i * 78, RIGHT_W, 68), label, action, colour, size=26))
            if action == self.add_player:
                added.enabled = not full

    def pages(self) -> int:
        return max(1, -(-len(self.names) // PER_PAGE))

    def _turn(self, step: int) -> Callable[[], None]:
        def turn() -> None:
            self.page = (self.page + step) % self.pages()
            self._build()

        return turn

    def length_rect(self, k: int) -> tuple[int, int, int, int]:
        """Round ``k``'s button (its name stands above it): up to five in the names' width."""
        w = min(200, (LENGTHS_W - 8 * (self.rounds() - 1)) // self.rounds())
        return (24 + k * (w + 8), LENGTHS_Y + 44, w, 56)

    def _remove(self, i: int) -> Callable[[], None]:
        def ask() -> None:
            name = self.names[i]

            def remove() -> None:
                if i < len(self.names) and self.names[i] == name:
                    del self.names[i]
                    self._build()

            self.app.scenes.push(
                ConfirmScene(self.app, tr("tourney.remove_ask", name=name), tr("tourney.remove_yes"), remove)
            )

        return ask

    def _length(self, k: int) -> Callable[[], None]:
        def step() -> None:
            self.lengths[k] = LENGTHS[(LENGTHS.index(self.lengths[k]) + 1) % len(LENGTHS)]
            self._build()

        return step

    def add_player(self) -> None:
        if len(self.names) >= MAX_PLAYERS:
            return
        title = tr("tourney.player_name", n=len(self.names) + 1)
        self.app.scenes.push(
            KeyboardScene(self.app, title, self._take_name, limit=MAX_NAME, hint=tr("tourney.name_hint"))
        )

    def _take_name(self, name: str) -> str | None:
        if not name:
            return tr("tourney.error.name", high=MAX_NAME)
        if name.casefold() in {n.casefold() for n in self.names}:
            return tr("tourney.error.same_name", name=name)
        self.names.append(name)
        self.page = (len(self.names) - 1) // PER_PAGE  # the page the new name is on
        self.message = ""
        self.page = 0
        """The page of the names' list shown (the last name added is on it)."""
        self._build()
        return None

    def cycle_format(self) -> None:
        self.format = "swiss" if self.format == "elimination" else "elimination"
        self._build()

    def cycle_rounds(self) -> None:
        n = max(len(self.names), MIN_PLAYERS)
        self.swiss_rounds = self.rounds() % (n - 1) + 1
        self._build()

    def cycle_clock(self) -> None:
        self.clock = CLOCK_CHOICES[(CLOCK_CHOICES.index(self.clock) + 1) % len(CLOCK_CHOICES)]
        self._build()

    def toggle_aids(self) -> None:
        self.aids = not self.aids
        self._build()

    def start(self) -> None:
        lengths = self.lengths[: self.rounds()]
        try:
            self.app.desk.create(
                self.names,
                self.format,
                lengths,
                clock=self.clock,
                aids=self.aids,
                lang=self.app.settings.language,
                rounds=self.rounds() if self.format == "swiss" else None,
            )
        except TournamentError as exc:
            self.message = error_text(exc, self.app.settings.language)
            return
        self.close()
        self.created()

    # -- drawing ------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        paged = self.pages() > 1
        draw_text(
            surface, tr("tourney.new"), 38, (24, 40), GOLD, anchor="midleft", width=620 if paged else 820
        )
        if paged:
            page = f"{self.page + 1}/{self.pages()}"
            draw_text(surface, page, READ_SIZE, (24 + LENGTHS_W - 92, PAGE_Y + 24), INK)
        count = tr_n("tourney.count", len(self.names), n=len(self.names), low=MIN_PLAYERS, high=MAX_PLAYERS)
        line = self.message or count
        colour = (255, 130, 120) if self.message else DIM
        draw_text(surface, line, READ_SIZE, (24, 78), colour, anchor="midleft", width=840)
        if not self.names:
            draw_text(surface, tr("tourney.seed_hint"), 26, (440, 250), DIM, width=800)
        draw_text(
            surface, tr("tourney.lengths"), READ_SIZE, (24, LENGTHS_Y), DIM, anchor="midleft", width=LENGTHS_W
        )
        for k in range(self.rounds()):
            x, y, w, _ = self.length_rect(k)
            draw_text(surface, self.round_label(k), READ_SIZE, (x + w // 2, y - 16), INK, width=w)
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["SetupScene"]
