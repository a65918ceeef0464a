"""Real dice typed in: the keypad a player uses when the operator allows dice rolled on the table.

Six die faces to tap (or the keys 1 to 6), the two dice chosen shown big, OK, and "Roll here"
for players who would rather have the screen roll after all. For the opening roll the first die is
White's and the second Black's (each player rolls one die); a tie is rolled again, as on the table.
The engine decides what is legal; a match with a typed roll is recorded as entered by hand.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr, tr_message
from game.session.controller import GameController
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.input import Intent, IntentKind
from game.ui.lines import shortened
from game.ui.scene import DIM, INK, ButtonScene, Host, button, dialog_box
from game.ui.text import READ_SIZE, draw_text
from game.ui.widgets import shade

BOX = pygame.Rect(L.W // 2 - 480, 60, 960, 600)
"""Wide enough for the opening's title with two players' names ("Valkoinen ja Musta: kumpikin heittää
yhtä noppaa") at 30 or more."""
NAME_ROOM = 320
"""A player's name beside their die in the opening (the box's side of the two slots)."""
FACE_KEYS = {getattr(pygame, f"K_{d}"): d for d in range(1, 7)} | {
    getattr(pygame, f"K_KP_{d}"): d for d in range(1, 7)
}


class DiceEntryScene(ButtonScene):
    """Two dice for ``game.dice_wanted`` ("opening" or "roll"), handed to the controller."""

    opaque = False

    def __init__(self, app: Host, game: GameController) -> None:
        super().__init__(app)
        self.game = game
        self.opening = game.dice_wanted == "opening"
        self.dice: list[int] = []
        self.message = ""
        x0 = BOX.centerx - (6 * 100 + 5 * 14) // 2
        for face in range(1, 7):
            rect = (x0 + (face - 1) * 114, 340, 100, 100)
            key = self.buttons.add(button(rect, str(face), self._face(face), "blue", size=44))
            key.repeat = True  # a double is two quick taps on one face
        y, x = 470, BOX.centerx - 350  # the row (150 + 20 + 180 + 30 + 320) in the middle
        self.buttons.add(button((x, y, 150, 76), "⌫", self.erase, "grey", 36))
        self.ok = self.buttons.add(button((x + 170, y, 180, 76), "OK", self.submit, "green", 36))
        self.ok.enabled = False
        here = button((x + 380, y, 320, 76), tr("dice.roll_here"), self.roll_here, "gold", 26)
        self.buttons.add(here)

    def _face(self, face: int) -> Callable[[], None]:
        def press() -> None:
            if len(self.dice) < 2:
                self.dice.append(face)
                self.message = ""
            self.ok.enabled = len(self.dice) == 2

        return press

    def erase(self) -> None:
        self.dice = self.dice[:-1]
        self.ok.enabled = False

    def submit(self) -> None:
        if len(self.dice) != 2:
            return
        reason = self.game.enter_dice((self.dice[0], self.dice[1]))
        if reason or self.game.dice_wanted is not None:  # refused, or an opening tie: roll again
            said = reason or self.game.note
            self.message = tr_message(said) if said is not None else ""
            self.dice = []
            self.ok.enabled = False
            return
        self.close()

    def roll_here(self) -> None:
        self.close()
        self.game.roll_here()

    def handle(self, intent: Intent) -> None:
        if intent.kind in (IntentKind.KEY, IntentKind.NAV) and intent.key in FACE_KEYS:
            self._face(FACE_KEYS[intent.key])()
            return
        if intent.kind in (IntentKind.KEY, IntentKind.NAV) and intent.key == pygame.K_BACKSPACE:
            self.erase()
            return
        if intent.kind in (IntentKind.KEY, IntentKind.NAV) and intent.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
        ):
            self.submit()
            return
        if intent.kind == IntentKind.BACK:
            return  # the roll must be made: typed, or here
        self.buttons.handle(intent)

    def update(self, dt: float) -> None:
        if self.game.dice_wanted is None and self.app.scenes.top is self:
            self.close()  # the match ended meanwhile (a clock ran out)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade(surface, 190)
        dialog_box(surface, BOX)
        game = self.game
        if self.opening:
            title = tr("dice.enter_opening", a=tr_message(game.name(0)), b=tr_message(game.name(1)))
        else:
            title = tr("dice.enter_roll", name=tr_message(game.name(game.state.turn)))
        draw_text(surface, title, 32, (BOX.centerx, BOX.y + 50), GOLD, width=BOX.w - 40)
        draw_text(surface, tr("dice.enter_how"), READ_SIZE, (BOX.centerx, BOX.y + 96), DIM, width=BOX.w - 40)
        for i in range(2):
            slot = pygame.Rect(BOX.centerx - 130 + i * 150, BOX.y + 122, 110, 110)
            pygame.draw.rect(surface, (18, 22, 32), slot, border_radius=14)
            edge = GOLD if i == len(self.dice) else (90, 100, 120)
            pygame.draw.rect(surface, edge, slot, 3, border_radius=14)
            if i < len(self.dice):
                draw_text(surface, str(self.dice[i]), 64, slot.center, INK)
            if self.opening:  # each player's name beside their die, outside (a tournament's long names)
                name = shortened(tr_message(game.name(i)), READ_SIZE, NAME_ROOM)
                at, anchor = (
                    ((slot.left - 18, slot.centery), "midright")
                    if i == 0
                    else ((slot.right + 18, slot.centery), "midleft")
                )
                draw_text(surface, name, READ_SIZE, at, DIM, anchor, NAME_ROOM)
        if self.message:
            draw_text(
                surface,
                self.message,
                READ_SIZE,
                (BOX.centerx, BOX.bottom - 40),
                (255, 140, 120),
                width=BOX.w - 40,
            )
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["DiceEntryScene"]
