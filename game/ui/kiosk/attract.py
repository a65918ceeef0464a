"""Attract mode: the demo game (computer against computer) with a big "Touch to play" call.

After every other demo game, today's leaderboard stands over the board for
:data:`BOARD_SECONDS` before the next demo game starts.
"""

from __future__ import annotations

import math

import pygame

from game.engine.flow import Phase
from game.i18n import tr
from game.session.controller import GameSetup
from game.ui import layout as L
from game.ui.input import Intent, IntentKind
from game.ui.kiosk.leaderboard import draw_top_ten
from game.ui.scene import DIM, Host, dialog_box
from game.ui.scenes.game import GameScene
from game.ui.text import READ_SIZE, draw_text
from game.ui.widgets import shade

BOARD_SECONDS = 12.0


class AttractScene(GameScene):
    """The demo (computer against computer) with a big "Touch to play" call."""

    def __init__(self, app: Host, setup: GameSetup) -> None:
        super().__init__(app, setup)
        self.clock = 0.0
        self._band: pygame.Surface | None = None
        self.board_after = -1
        """The demo game (``game.games``) after which the leaderboard was shown."""

    @property
    def showing_board(self) -> bool:
        return self.game.state.phase is Phase.GAME_OVER and self.board_after == self.game.games

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)
        game = self.game
        if game.state.phase is Phase.GAME_OVER and game.games % 2 == 1 and self.board_after != game.games:
            self.board_after = game.games
            game.wait = max(game.wait, BOARD_SECONDS)

    def busy(self) -> bool:
        return True

    def handle(self, intent: Intent) -> None:
        # Without kiosk mode (a plain "watch the demo" never uses this scene) a touch also wakes it.
        if intent.kind in (IntentKind.CLICK, IntentKind.DOWN) and self.app.kiosk is None:
            self.app.wake()

    def pulse(self) -> float:
        """The call's brightness, 0..1, in eight steps: the text surfaces stay in the text cache instead
        of a new one per frame, and the picture changes (and is drawn) only when the step does."""
        if self.app.settings.reduced_motion:  # no pulsing: the words stand in their brightest colour
            return 1.0
        return round((0.5 + 0.5 * math.sin(self.clock * 3.2)) * 7) / 7

    def draw_key(self) -> object | None:
        if self.showing_board:
            return None  # the day's top ten over the board: drawn every frame, as before
        key = super().draw_key()
        return None if key is None else (key, self.pulse())

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        # The demo's game-over dialog would peek out around the top ten's card (its frame, its buttons).
        self.dialog_hidden = self.showing_board
        super().draw(surface, alpha)
        self.frame.keep(False)  # the call is painted over the frame: the next frame is painted whole
        self.app.scenes.dirty = None
        if self.showing_board:
            shade(surface, 150)
            box = pygame.Rect(L.W // 2 - 460, 16, 920, L.H - 196)
            dialog_box(surface, box)
            draw_top_ten(surface, box, self.app.leaderboard.today())
        pulse = self.pulse()
        if self._band is None:
            self._band = pygame.Surface((L.W, 150), pygame.SRCALPHA)
            self._band.fill((0, 0, 0, 205))
        # Across the upper half of the board: the dice in the middle stay in view.
        y = L.H - 170 if self.showing_board else L.BOARD_Y + 90
        surface.blit(self._band, (0, y))
        colour = (255, round(200 + 40 * pulse), round(60 + 80 * pulse))
        draw_text(
            surface, tr("kiosk.touch_to_play"), 72, (L.W // 2, y + 62), colour, shadow=True, width=L.W - 80
        )
        draw_text(surface, tr("kiosk.demo_label"), READ_SIZE, (L.W // 2, y + 122), DIM, width=L.W - 80)
