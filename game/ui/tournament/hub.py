"""The tournament's home screen: the next match called, the draw or the standings, and the organiser's
buttons (play here, a result from another board, withdraw, export, the house rules, a new tournament).

Reached from the operator menu on a cabinet (``Tournament``), from ``--start tournament`` on a laptop,
and from the end of a tournament match played here. There the players get the draw without the
operator code (the event's screens are theirs: the next match called, "Play it here", the standings);
what changes the event (results, corrections, withdrawals, the house rules) is behind "Organiser",
which asks the code. Every change goes through the desk, which saves at once.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from game.i18n import tr
from game.session.kiosk import Mode
from game.session.local_tournament import CLOCK_CHOICES, NO_CLOCK, Trouble
from game.tournament import Standing, TMatch, Tournament
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.entry.keypad import KeypadScene
from game.ui.input import Intent, IntentKind
from game.ui.kiosk.operator import OperatorScene
from game.ui.lines import wrap_lines
from game.ui.scene import INK, ButtonScene, Host, button
from game.ui.scenes.title import TitleScene
from game.ui.text import READ_SIZE, draw_text
from game.ui.tournament.flow import cut_off, drop_games, play_here
from game.ui.tournament.notice import damage_lines
from game.ui.tournament.sheet import (
    LEFT_W,
    LEFT_X,
    Line,
    Notice,
    draw_call,
    draw_draw,
    draw_pages,
    draw_standings,
    row_rect,
    standing_pages,
)

RIGHT_X, RIGHT_W = 886, 374


def open_tournament(app: Host, after_match: bool = False) -> None:
    """The tournament's screen: over the operator menu (a cabinet), over the title (a laptop). After a
    match played on a cabinet the players get the draw (the event's screens are theirs: the standings,
    the next match called, "Play it here"); what changes the event asks for the organiser's code."""
    kiosk = app.kiosk
    if kiosk is None:
        drop_games(app)
        app.scenes.reset(TitleScene(app))
        app.scenes.push(TournamentScene(app))
        return
    if not after_match:
        app.scenes.push(TournamentScene(app))
        return
    drop_games(app)
    kiosk.idle = 0.0
    app.scenes.reset(TitleScene(app))
    app.scenes.push(TournamentScene(app, organiser=False))


def ask_organiser(app: Host) -> None:
    """The organiser's code, then the draw with every button (over the operator menu)."""
    kiosk = app.kiosk

    def check(code: str) -> str | None:
        assert kiosk is not None
        verdict = kiosk.check_code(code)  # the operator keypad's slow-down counts these tries too
        if verdict is None:
            return ""  # an empty code, or the keypad waits: not a try
        if not verdict:
            app.lock.record_failure(kiosk.failures)
            return tr("operator.wrong_code")
        app.lock.record_success()
        _as_operator(app)
        return None

    app.scenes.push(KeypadScene(app, "operator.enter_code", check))


def _as_operator(app: Host) -> None:
    """The cabinet's organiser is at the screen: the title under the operator menu under the draw."""
    drop_games(app)
    assert app.kiosk is not None
    app.kiosk.mode = Mode.OPERATOR
    app.kiosk.idle = 0.0
    app.scenes.reset(TitleScene(app))
    app.scenes.push(OperatorScene(app))
    app.scenes.push(TournamentScene(app))


class TournamentScene(ButtonScene):
    """See the module docstring. ``view`` is "draw" or "standings"; ``page`` turns their pages.
    ``organiser`` False: the players' draw on a cabinet (play, the standings; the rest behind the code)."""

    def __init__(self, app: Host, organiser: bool = True) -> None:
        super().__init__(app)
        app.desk.load()  # once a run: the saved tournament, or a damaged file set aside and said
        self.organiser = organiser
        self.view = "draw"
        self.page = 0
        self.selected: str | None = None
        """The match the organiser picked in the draw (None: the next one called)."""
        self.message = ""
        self.message_time = 0.0
        self._build()

    # -- what is shown ---------------------------------------------------------------------------

    @property
    def tournament(self) -> Tournament | None:
        return self.app.desk.tournament

    def current(self) -> TMatch | None:
        """The match the buttons act on: the one picked, else the next one to call."""
        t = self.tournament
        if t is None:
            return None
        if self.selected is not None:
            m = next((m for m in t.matches if m.id == self.selected), None)
            if m is not None and m.ready:
                return m
            self.selected = None
        return t.next_match()

    def groups(self) -> list[list[Line]]:
        t = self.tournament
        return [] if t is None else draw_pages(t)

    def standing_pages(self) -> list[list[Standing]]:
        t = self.tournament
        return [] if t is None else standing_pages(t)

    def pages(self) -> int:
        return max(1, len(self.groups()) if self.view == "draw" else len(self.standing_pages()))

    def _start_page(self) -> int:
        """The draw opens at the page of the match called next (the round being played)."""
        m = self.current()
        if m is None:
            return 0
        for k, page in enumerate(self.groups()):
            if any(isinstance(x, TMatch) and x.id == m.id for x in page):
                return k
        return 0

    # -- buttons -----------------------------------------------------------------------------------

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        t = self.tournament
        items: list[tuple[str, Callable[[], None], str]] = []
        if t is None:
            items = [(tr("tourney.new"), self.new_tournament, "green")]
        else:
            m = self.current()
            ready = m is not None
            again = t is not None and m is not None and cut_off(self.app, t, m) is not None
            items = [
                (tr("tourney.continue_here" if again else "tourney.play_here"), self.play, "green"),
                (tr("tourney.enter_result"), self.enter_result, "blue"),
                (
                    tr("tourney.show_standings" if self.view == "draw" else "tourney.show_draw"),
                    self.toggle,
                    "blue",
                ),
                (tr("tourney.withdraw"), self.withdraw, "grey"),
                (tr("tourney.export"), self.export, "gold"),
                (self.clock_label(), self.cycle_clock, "grey"),
                (
                    tr("tourney.aids_on" if self.app.desk.aids() else "tourney.aids_off"),
                    self.toggle_aids,
                    "grey",
                ),
                (
                    tr("tourney.hand_on" if self.app.settings.hand_dice else "tourney.hand_off"),
                    self.toggle_hand,
                    "grey",
                ),
                (tr("tourney.new"), self.new_tournament, "grey"),
            ]
            if t.correctable():
                items.insert(3, (tr("tourney.correct"), self.correct, "blue"))
            if not ready:
                items = items[2:]
            if t.finished:  # nobody is left to withdraw from a tournament that is over
                items = [item for item in items if item[1] != self.withdraw]
            if not self.organiser:  # the players: play, look; the organiser's code for the rest
                keep = (self.play, self.toggle)
                items = [item for item in items if item[1] in keep]
                items.append((tr("tourney.organiser"), self.ask_code, "grey"))
        items.append((tr("button.back"), self.leave, "red"))
        gap = 8
        h = min(66, (L.H - 96 - 12 - gap * (len(items) - 1)) // len(items))
        for i, (label, action, colour) in enumerate(items):
            b.add(button((RIGHT_X, 96 + i * (h + gap), RIGHT_W, h), label, action, colour, size=READ_SIZE))
        if t is not None and self.pages() > 1:
            b.add(button((LEFT_X, 136, 64, 50), "<", self.prev_page, "grey", size=28))
            b.add(button((LEFT_X + LEFT_W - 64, 136, 64, 50), ">", self.next_page, "grey", size=28))

    def clock_label(self) -> str:
        preset = self.app.desk.clock()
        return tr("tourney.clock", clock=tr(f"tourney.clock.{preset or NO_CLOCK}"))

    def enter(self) -> None:
        super().enter()
        if self.app.desk.tournament is not None and self.view == "draw":
            self.page = min(self.page, self.pages() - 1)
        self._build()
        desk = self.app.desk
        found = desk.damage
        if found is not None and found.tournament is not None and not desk.damage_shown and self.organiser:
            from game.ui.tournament.notice import DamageScene

            self.app.scenes.push(DamageScene(self.app, desk))  # what was kept of a damaged file: once

    # -- actions -----------------------------------------------------------------------------------

    def say(self, text: str, seconds: float = 4.0) -> None:
        self.message = text
        self.message_time = seconds

    def play(self) -> None:
        t, m = self.tournament, self.current()
        if t is not None and m is not None:
            play_here(self.app, t, m)  # the draw leaves the screen: the match replaces the stack

    def ask_code(self) -> None:
        ask_organiser(self.app)

    def correct(self) -> None:
        from game.ui.tournament.correct import CorrectScene

        if self.tournament is not None:
            self.app.scenes.push(CorrectScene(self.app, self._entered))

    def enter_result(self) -> None:
        from game.ui.tournament.result import ResultScene

        t, m = self.tournament, self.current()
        if t is not None and m is not None:
            self.app.scenes.push(ResultScene(self.app, t, m, self._entered))

    def _entered(self, text: str) -> None:
        self.selected = None
        self.page = self._start_page()
        self.say(text)
        self._build()

    def toggle(self) -> None:
        self.view = "standings" if self.view == "draw" else "draw"
        self.page = 0 if self.view == "standings" else self._start_page()
        self._build()

    def withdraw(self) -> None:
        from game.ui.tournament.withdraw import WithdrawScene

        if self.tournament is not None:
            self.app.scenes.push(WithdrawScene(self.app, self._entered))

    def export(self) -> None:
        from game.ui.tournament.export import ExportScene

        if self.tournament is not None:
            self.app.scenes.push(ExportScene(self.app, self.say))

    def cycle_clock(self) -> None:
        now = self.app.desk.clock() or NO_CLOCK
        self.app.desk.set_house("clock", CLOCK_CHOICES[(CLOCK_CHOICES.index(now) + 1) % len(CLOCK_CHOICES)])
        self._build()

    def toggle_aids(self) -> None:
        self.app.desk.set_house("aids", not self.app.desk.aids())
        self._build()

    def toggle_hand(self) -> None:
        s = self.app.settings
        self.app.apply_settings(dataclasses.replace(s, hand_dice=not s.hand_dice), save=True)
        self._build()

    def new_tournament(self) -> None:
        from game.ui.tournament.setup import SetupScene

        self.app.scenes.push(SetupScene(self.app, self._created))

    def _created(self) -> None:
        self.view, self.page, self.selected = "draw", 0, None
        self._build()

    def prev_page(self) -> None:
        self.page = (self.page - 1) % self.pages()

    def next_page(self) -> None:
        self.page = (self.page + 1) % self.pages()

    def leave(self) -> None:
        """Back to the operator menu (a cabinet) or the title (a laptop)."""
        if len(self.app.scenes.scenes) > 1:
            self.close()
        else:
            self.app.to_title()

    # -- input -------------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if intent.kind == IntentKind.BACK:
            self.leave()
            return
        if intent.kind in (IntentKind.KEY, IntentKind.NAV) and intent.key in (pygame.K_LEFT, pygame.K_PAGEUP):
            self.prev_page()
            return
        if intent.kind in (IntentKind.KEY, IntentKind.NAV) and intent.key in (
            pygame.K_RIGHT,
            pygame.K_PAGEDOWN,
        ):
            self.next_page()
            return
        if self.buttons.handle(intent):
            return
        if intent.kind == IntentKind.CLICK and self.view == "draw":
            pages = self.groups()
            shown = pages[self.page] if 0 <= self.page < len(pages) else []
            for k, m in enumerate(shown):
                if isinstance(m, TMatch) and row_rect(k).collidepoint(intent.pos) and m.ready:
                    self.selected = m.id  # Play here / Enter result act on this one now
                    self._build()
                    return

    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)

    def busy(self) -> bool:
        return self.message_time > 0

    # -- drawing -----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        t = self.tournament
        desk = self.app.desk
        title = t.name if t is not None else tr("tourney.title")
        draw_text(surface, title, 38, (LEFT_X, 40), GOLD, anchor="midleft", width=L.W - 2 * LEFT_X)
        notice: Notice | None = None
        if self.message_time > 0:
            notice = (self.message, (160, 255, 160))
        elif desk.trouble is Trouble.NOT_SAVED:
            notice = (tr("tourney.not_saved"), (255, 130, 120))
        if t is None:
            if notice is not None:
                draw_text(surface, notice[0], 26, (LEFT_X, 100), notice[1], anchor="midleft", width=LEFT_W)
            found = desk.damage
            if found is not None:  # damaged, nothing kept: said so, not "No tournament yet"
                draw_text(
                    surface,
                    tr("tourney.damaged_title"),
                    30,
                    (LEFT_X, 150),
                    (255, 130, 120),
                    anchor="midleft",
                    width=LEFT_W,
                )
                text = " ".join(damage_lines(found))
            else:
                text = tr("tourney.none_yet")
            lines = wrap_lines(text, 30, LEFT_W)
            for i, line in enumerate(lines):
                draw_text(surface, line, 30, (LEFT_X, 200 + 44 * i), INK, anchor="midleft", width=LEFT_W)
            self.buttons.draw(surface, self.app.sprites)
            return
        draw_call(surface, t, self.current(), self.app.settings.language)
        self.page = min(self.page, self.pages() - 1)
        if self.view == "draw":
            draw_draw(surface, t, self.page, self.current(), notice)
        else:
            draw_standings(surface, t, self.page, notice)
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["TournamentScene", "ask_organiser", "open_tournament"]
