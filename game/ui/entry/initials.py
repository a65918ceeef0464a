"""Three initials for the leaderboard, arcade style: a touch keypad of letters, typed letters too."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.session.leaderboard import LETTERS
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.input import Intent, IntentKind
from game.ui.lines import wrap
from game.ui.scene import DIM, INK, ButtonScene, Host, button, dialog_box
from game.ui.text import CACHE, draw_text
from game.ui.widgets import shade

HEADLINE_SIZE = 30
COLUMNS = 7
KEY_W, KEY_H, GAP = 108, 78, 10


class InitialsScene(ButtonScene):
    """Up to three letters; OK hands them to ``on_done`` (at least one letter), Back skips."""

    opaque = False

    def __init__(
        self,
        app: Host,
        headline: str,
        on_done: Callable[[str], None],
        on_skip: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.headline = headline
        self.on_done = on_done
        self.on_skip = on_skip
        """What follows when the visitor skips (No thanks, Back): the choice made before, if any."""
        self._text = ""
        width = COLUMNS * (KEY_W + GAP) - GAP
        x0, y0 = L.W // 2 - width // 2, 262
        keys = [*LETTERS, "⌫", "OK"]
        for i, label in enumerate(keys):
            r, c = divmod(i, COLUMNS)
            rect = (x0 + c * (KEY_W + GAP), y0 + r * (KEY_H + GAP), KEY_W, KEY_H)
            colour = "green" if label == "OK" else ("grey" if label == "⌫" else "blue")
            key = self.buttons.add(button(rect, label, self._key(label), colour, size=36))
            key.repeat = label != "OK"  # quick taps on one letter (ANN) are each a letter
        self.ok = self.buttons.buttons[len(keys) - 1]
        self.ok.enabled = False
        """Greyed until a letter is in (see :attr:`text`)."""
        self.buttons.add(
            button(
                (L.W // 2 - 170, y0 + 4 * (KEY_H + GAP) + 4, 340, 62), tr("board.skip"), self.skip, "red", 26
            )
        )

    @property
    def text(self) -> str:
        """The initials typed so far."""
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        # OK is greyed while there is no letter: a green OK that did nothing looked like a stuck screen.
        self._text = value
        self.ok.enabled = bool(value)

    def _key(self, label: str) -> Callable[[], None]:
        def press() -> None:
            if label == "OK":
                self.submit()
            elif label == "⌫":
                self.erase()
            else:
                self.letter(label)

        return press

    def letter(self, letter: str) -> None:
        if len(self.text) < 3 and letter in LETTERS:
            self.text += letter

    def erase(self) -> None:
        self.text = self.text[:-1]

    def skip(self) -> None:
        self.close()
        if self.on_skip is not None:
            then, self.on_skip = self.on_skip, None
            then()

    def submit(self) -> None:
        if not self.text:
            return
        initials = self.text
        self.close()
        self.on_done(initials)

    def handle(self, intent: Intent) -> None:
        """Letters typed (a letter mapped to a game command is still a letter here), Backspace and
        Enter; arrows and a controller move the focus over the letter keys, select presses one."""
        if intent.kind in (IntentKind.KEY, IntentKind.NAV) and intent.key:
            name = pygame.key.name(intent.key).upper()
            if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
                return
            if intent.key == pygame.K_BACKSPACE:
                self.erase()
                return
            if len(name) == 1 and name in LETTERS:
                self.letter(name)
                return
        if intent.kind == IntentKind.BACK:
            self.skip()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade(surface, 210)
        box = pygame.Rect(L.W // 2 - 450, 14, 900, 692)
        dialog_box(surface, box)
        # The headline says what the error rate means in words, then the figure: two lines where needed.
        lines = wrap(self.headline, CACHE.font(HEADLINE_SIZE), box.w - 40)[:2]
        for i, line in enumerate(lines):
            y = 60 if len(lines) == 1 else 44 + 34 * i
            draw_text(surface, line, HEADLINE_SIZE, (L.W // 2, y), GOLD, width=box.w - 40)
        draw_text(surface, tr("board.enter_initials"), 26, (L.W // 2, 112), DIM, width=box.w - 40)
        for i in range(3):
            slot = pygame.Rect(L.W // 2 - 165 + i * 115, 136, 100, 104)
            pygame.draw.rect(surface, (18, 22, 32), slot, border_radius=10)
            edge = GOLD if i == len(self.text) else (90, 100, 120)
            pygame.draw.rect(surface, edge, slot, 3, border_radius=10)
            if i < len(self.text):
                draw_text(surface, self.text[i], 64, slot.center, INK)
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["InitialsScene"]
