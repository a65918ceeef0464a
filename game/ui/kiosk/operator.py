"""The operator menu: settings, statistics, new game, the demo, clear the save or the leaderboard, quit."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.session import persist
from game.session.kiosk import Mode
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.input import Intent, IntentKind
from game.ui.kiosk.notices import notices_read, take_leaderboard_problems
from game.ui.lines import wrap_lines
from game.ui.listeners import abandon_games
from game.ui.scene import INK, ButtonScene, Host, button
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.dice_stats import DiceStatsScene
from game.ui.scenes.settings import SettingsScene
from game.ui.text import CACHE, READ_SIZE, draw_text
from game.ui.widgets import PAD, common_size


class OperatorScene(ButtonScene):
    """Settings, statistics, new game, back to the demo, delete the save, quit: the operator's only door."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.message = ""
        self.message_time = 0.0
        take_leaderboard_problems(app)
        self._build()

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        x, w = (40, 560) if self.app.notices else (L.W // 2 - 300, 600)  # notices: on the right
        items: list[tuple[str, Callable[[], None], str]] = [
            ("operator.resume", self.resume, "green"),
            ("operator.settings", self.settings, "blue"),
            ("operator.fairness", self.fairness, "blue"),
            ("operator.new_game", self.new_game, "blue"),
            ("operator.tournament", self.tournament, "gold"),
            ("operator.network", self.network, "gold"),
            ("operator.attract", self.attract, "grey"),
            ("operator.clear_save", self.clear_save, "grey"),
            ("operator.clear_board", self.clear_board, "grey"),
            ("operator.quit", self.app.quit, "red"),
        ]
        step = min(68, (L.H - 110) // len(items))
        # One size for the column: the largest up to 28 at which every label fits (beside the notices
        # the column is narrower: "Turnauksen tuomaripöytä verkossa" needs 26).
        size = common_size([(tr(key), w - PAD, 1) for key, _, _ in items], 28, CACHE.floor(READ_SIZE))
        for i, (key, action, colour) in enumerate(items):
            b.add(button((x, 102 + i * step, w, step - 8), tr(key), action, colour, size=size))
        if self.app.notices:
            b.add(button((NOTICE_X + 140, L.H - 84, 400, 64), tr("notice.seen"), self.seen, "gold", size=28))

    def enter(self) -> None:
        super().enter()
        take_leaderboard_problems(self.app)
        self._build()  # the language may have changed in the settings

    def seen(self) -> None:
        """The operator has read the notices: they go."""
        notices_read(self.app)
        self._build()

    def resume(self) -> None:
        kiosk = self.app.kiosk
        if kiosk is not None and kiosk.mode is Mode.OPERATOR:
            kiosk.cancel()
        else:
            self.close()

    def settings(self) -> None:
        self.app.scenes.push(SettingsScene(self.app, operator=True))

    def fairness(self) -> None:
        self.app.scenes.push(DiceStatsScene(self.app))

    def new_game(self) -> None:
        kiosk = self.app.kiosk
        if kiosk is not None:
            kiosk.mode = Mode.ACTIVE
            kiosk.idle = 0.0
        abandon_games(self.app)
        persist.clear_game(self.app.data_dir)
        self.app.to_title()

    def tournament(self) -> None:
        """The event's tournament: its draw, the next match, results, export (game.ui.tournament)."""
        self.app.open_tournament()

    def network(self) -> None:
        """Be the desk of the event's network, or join a desk as a board (game.ui.desk)."""
        from game.ui.desk import NetworkScene

        self.app.scenes.push(NetworkScene(self.app))

    def attract(self) -> None:
        self.app.go_attract()

    def clear_save(self) -> None:
        abandon_games(self.app)  # its dice secret into its record first (issue 37)
        persist.clear_game(self.app.data_dir)
        self.message = tr("saved.none")
        self.message_time = 2.5

    def clear_board(self) -> None:
        """Asks first (it wiped the day's board at one tap): "Clear the leaderboard?" Cancel / Clear."""
        self.app.scenes.push(
            ConfirmScene(
                self.app,
                tr("operator.clear_board_ask"),
                tr("operator.clear_board_yes"),
                self.board_cleared,
                detail=tr("operator.clear_board_detail"),
            )
        )

    def board_cleared(self) -> None:
        """Today's leaderboard (and every older entry) goes; the file stays, empty."""
        if self.app.leaderboard.clear():
            self.message = tr("operator.board_cleared")
        else:
            take_leaderboard_problems(self.app)
            self._build()
            self.message = tr("operator.not_saved")
        self.message_time = 2.5

    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)

    def busy(self) -> bool:
        return self.message_time > 0

    def handle(self, intent: Intent) -> None:
        if intent.kind == IntentKind.BACK:
            self.resume()
            return
        self.buttons.handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, tr("operator.title"), 44, (L.W // 2, 60), GOLD)
        self.buttons.draw(surface, self.app.sprites)
        self._draw_notices(surface)
        if self.message_time > 0:
            draw_text(surface, self.message, 26, (L.W - 40, 60), (160, 255, 160), anchor="midright")

    def _draw_notices(self, surface: pygame.Surface) -> None:
        """What went wrong while nobody watched (newest last), on the right of the buttons."""
        notices = self.app.notices
        if not notices:
            return
        width = L.W - NOTICE_X - 30
        draw_text(surface, tr("notice.title"), 30, (NOTICE_X, 120), (255, 150, 120), anchor="midleft")
        y = 170
        for notice in notices[-6:]:
            lines = wrap_lines(notice, READ_SIZE, width)
            if len(lines) > 4:  # the file's name comes first in each notice; a long reason is cut
                lines = [*lines[:3], lines[3] + "…"]
            for line in lines:
                if y > L.H - 120:
                    return
                draw_text(surface, line, READ_SIZE, (NOTICE_X, y), INK, anchor="midleft", width=width)
                y += 32
            y += 14


NOTICE_X = 624
