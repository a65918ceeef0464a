"""What a match set up for an event adds to the game screen: the match clock, the dice's fingerprint
and secret, the keypad for real dice, the way back to the draw, and saves that keep failing (the
kiosk's quiet during a tournament match is the kiosk rules' business: ``KioskRules.tick``).

:class:`MatchTerms` is the scene's part that runs them (its ``terms`` attribute); the drawing
functions put them on the panel and the dialogs. Where each stands, and why there:

- the **clock** in each player's box, left of the score on the score's row (the bank big, the delay
  small after it), gold while it runs, red in its last minute: both players read both clocks
  without looking away from the board's side;
- the **fingerprint** ("Dice 5947d 7c33d") in the panel's level row for two players (no computer
  level is shown there), else in the last play's band while the game has no last play (its
  opening): it is there before the match's first roll, small, for whoever wants to write it down;
- the **secret** under the match-over dialog's score, with "The same dice again" among its buttons.
"""

from __future__ import annotations

import pygame

from game.engine.flow import Phase
from game.i18n import tr
from game.session.controller import GameController
from game.session.match_timer import clock_text
from game.session.modes import GameMode
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.entry.dice import DiceEntryScene
from game.ui.lines import first_fitting
from game.ui.play.host import GameHost
from game.ui.scene import Host, Scene
from game.ui.text import CACHE, READ_SIZE, draw_text


class MatchTerms:
    """See the module docstring. ``scene`` is the game screen this part belongs to."""

    def __init__(self, app: Host, game: GameController, scene: Scene) -> None:
        self.app = app
        self.game = game
        self.scene = scene

    @property
    def save_failing(self) -> bool:
        """The game's saves keep failing (a full or read-only disk): the status line says so."""
        return self.game.mode != GameMode.DEMO and self.app.autosave.failing

    @property
    def busy(self) -> bool:
        """The controller waits for typed dice: the next step opens their keypad."""
        return self.game.dice_wanted is not None

    def tick(self, seconds: float) -> bool:
        """The match clock's time (a fixed step, or the loop's sleep); True when its face changed."""
        changed = self.game.tick_clock(seconds)
        if changed:
            self.app.needs_draw = True
        return changed

    def update(self, dt: float, board_still: bool) -> None:
        """Every step while the scene is on top: the clock's time; typed dice get their keypad once
        the board is still (the step after the controller asked for them)."""
        self.tick(dt)
        if board_still and self.game.dice_wanted is not None and self.app.scenes.top is self.scene:
            self.app.scenes.push(DiceEntryScene(self.app, self.game))

    def back_to_tournament(self) -> None:
        """A tournament match is over (scored into the draw already): back to the draw."""
        self.app.open_tournament(after_match=True)


CLOCK_SIZE = 30
LOW = 60
"""Seconds of bank under which the clock is drawn red."""
FINGERPRINT_COLOUR = (150, 165, 190)


def fingerprint_text(table: GameHost, width: int) -> str:
    """ "Dice 5947d 7c33d" in the words that fit ``width`` at the floor size ("" for seeded dice)."""
    shown = table.game.match_dice.fingerprint
    if shown is None or table.game.match_dice.typed:
        return ""
    return first_fitting([tr("dice.fingerprint", code=shown), shown], READ_SIZE, width)


def facts(table: GameHost) -> tuple[object, ...]:
    """What this module paints into the cached panel (the panel repaints when it changes)."""
    timer = table.game.timer
    clock = None if timer is None else (timer.shown(0), timer.shown(1), timer.running, timer.lost_on_time)
    return (clock, table.game.match_dice.fingerprint, table.game.match_dice.typed, table.game.setup.aids)


def paint(
    table: GameHost,
    surface: pygame.Surface,
    boxes: dict[int, pygame.Rect],
    free_row: pygame.Rect | None,
) -> None:
    """The clocks into the players' ``boxes``, and the fingerprint into ``free_row``, a row of the
    panel with nothing else in it now (panel-surface coordinates; None: no room now)."""
    timer = table.game.timer
    if timer is not None:
        for player, box in boxes.items():
            delay, bank = timer.shown(player)
            running = timer.running == player
            colour = (255, 110, 100) if bank < LOW else (GOLD if running else (225, 230, 240))
            left = box.x + 84
            s = table.game.state
            if s.cube.owner == player and s.phase is not Phase.CUBE_OFFERED:  # the owner's cube is there
                left = (
                    box.x
                    + 80
                    + table.sprites.variant(f"cube_{min(s.cube.value, 64)}", "small").get_width()
                    + 8
                )
            drawn = draw_text(surface, clock_text(bank), CLOCK_SIZE, (left, box.y + 90), colour, "midleft")
            if delay > 0:
                small = (255, 236, 160) if running else (150, 160, 180)
                draw_text(surface, f"+{delay}", READ_SIZE, (drawn.right + 6, box.y + 92), small, "midleft")
    text = fingerprint_text(table, free_row.w if free_row is not None else 0)
    if text and free_row is not None:
        draw_text(surface, text, READ_SIZE, free_row.center, FINGERPRINT_COLOUR, width=free_row.w)


def revealed(table: GameHost) -> bool:
    """The dice secret may be shown now: the match is over (or lost on time), or an unlimited
    game of money play is (each has its own secret, issue 37)."""
    game = table.game
    dice = game.match_dice
    if dice.secret is None or dice.typed:
        return False
    return game.match.is_over or game.timed_out or (dice.per_game and game.state.phase is Phase.GAME_OVER)


def secret_line(table: GameHost) -> str:
    """The game-over dialog's line: the dice secret, revealed ("" when there is none to show)."""
    dice = table.game.match_dice
    if dice.secret is None or dice.typed:
        return ""
    return tr("dice.secret", secret=dice.secret)


def secret_width(table: GameHost) -> int:
    """How wide the secret's line is drawn (0 when it is not shown): the dialog grows to hold it."""
    text = secret_line(table)
    if not text or not revealed(table):
        return 0
    return min(CACHE.font(READ_SIZE).size(text)[0], L.BOARD_W - 2 * 24)


def draw_secret(table: GameHost, surface: pygame.Surface, box: pygame.Rect) -> None:
    """Under the match-over dialog's score (the match is over: the secret may be shown now)."""
    text = secret_line(table)
    if text and revealed(table):
        draw_text(surface, text, READ_SIZE, (box.centerx, box.y + 258), (190, 200, 220), width=box.w - 40)


__all__ = [
    "MatchTerms",
    "draw_secret",
    "facts",
    "fingerprint_text",
    "paint",
    "revealed",
    "secret_line",
    "secret_width",
]
