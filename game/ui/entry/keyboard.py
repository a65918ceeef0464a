"""An on-screen keyboard for players' names (and a folder's path), that a laptop's keyboard types into too.

Names: the letters A-Z and, on a second page (the ÄÖ key), the accented letters of Finnish and
Hungarian names; a space and a hyphen; each word starts with a capital by itself ("anna maria" is
"Anna Maria"), so a name is typed with one finger. A path (the USB stick's folder, ``/media/usb``):
small letters, digits and ``/ . _ -``. A physical keyboard types the same characters (SDL's text input:
whatever its layout types, accents included), Backspace erases, Enter is OK, Escape is Cancel.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.input import Intent, IntentKind
from game.ui.scene import DIM, INK, ButtonScene, Host, button, dialog_box
from game.ui.text import READ_SIZE, draw_text
from game.ui.widgets import Button

ROWS = ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"]
ACCENTS = ["ÁÉÍÓÖŐÚÜŰ", "ÄÅÑÇ", "ØÆß"]
PATH_ROWS = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm/._-"]
KEY_W, KEY_H, GAP = 100, 76, 10
TOP = 250


def printable(key: int) -> bool:
    """A key that types a character (SDL's key code of such a key is its character's code point)."""
    return 0 < key < 0x110000 and chr(key).isprintable()


class KeyboardScene(ButtonScene):
    """``on_done`` gets the text and answers None when it takes it, or why not (then the keyboard
    stays open and says so). ``path``: a folder's path instead of a name."""

    def __init__(
        self,
        app: Host,
        title: str,
        on_done: Callable[[str], str | None],
        *,
        text: str = "",
        limit: int = 20,
        path: bool = False,
        hint: str = "",
    ) -> None:
        super().__init__(app)
        self.title = title
        self.on_done = on_done
        self.text = text
        self.limit = limit
        self.path = path
        self.hint = hint
        self.accents = False
        self.message = ""
        self._build()

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        rows = PATH_ROWS if self.path else (ACCENTS if self.accents else ROWS)
        for r, row in enumerate(rows):
            width = len(row) * (KEY_W + GAP) - GAP
            x0 = L.W // 2 - width // 2
            for c, char in enumerate(row):
                rect = (x0 + c * (KEY_W + GAP), TOP + r * (KEY_H + GAP), KEY_W, KEY_H)
                key = b.add(button(rect, char, self._char(char), "blue", size=34))
                key.repeat = True  # "ANNA": quick taps on one key are each a letter
        y = TOP + 4 * (KEY_H + GAP) if self.path else TOP + 3 * (KEY_H + GAP)
        bottom: list[tuple[str, Callable[[], None], str, int]] = []
        if not self.path:
            bottom.append(("ABC" if self.accents else "ÄÖ", self._toggle, "grey", 150))
            bottom.append((tr("tourney.key.space"), self._char(" "), "blue", 300))
            bottom.append(("-", self._char("-"), "blue", 100))
        bottom += [("⌫", self.erase, "grey", 130), ("OK", self.submit, "green", 150)]
        bottom.append((tr("button.cancel"), self.close, "red", 190))
        total = sum(w for *_, w in bottom) + GAP * (len(bottom) - 1)
        x = L.W // 2 - total // 2
        for label, action, colour, w in bottom:
            key = b.add(button((x, y, w, KEY_H), label, action, colour, size=28))
            key.repeat = label in ("⌫", "-", tr("tourney.key.space"))
            x += w + GAP

    # -- typing --------------------------------------------------------------------------------

    def _char(self, char: str) -> Callable[[], None]:
        return lambda: self.type(char)

    def type(self, char: str) -> None:
        """One character, as a name or a path takes it (a name's words start with a capital)."""
        if len(self.text) >= self.limit:
            return
        if self.path:
            self.text += char
        elif char == " " or char == "-":
            if self.text and self.text[-1] not in " -":
                self.text += char
        else:
            start = not self.text or self.text[-1] in " -"
            self.text += char.upper() if start else char.lower()
        self.message = ""

    def erase(self) -> None:
        self.text = self.text[:-1]

    def _toggle(self) -> None:
        self.accents = not self.accents
        self._build()

    def submit(self) -> None:
        text = self.text.strip(" -") if not self.path else self.text.strip()
        problem = self.on_done(text)
        if problem:
            self.message = problem
            return
        self.close()

    def enter(self) -> None:
        super().enter()
        self.app.input.wants_text = True  # a laptop's keys type here (SDL's text input)
        pygame.key.start_text_input()

    def exit(self) -> None:
        self.app.input.wants_text = False
        pygame.key.stop_text_input()
        super().exit()

    def takes(self, char: str) -> bool:
        """A character this keyboard types: letters, space and hyphen; a path's digits and ``/ . _`` too."""
        return char in " -" or char.isalpha() or (self.path and (char.isdigit() or char in "/._"))

    def handle(self, intent: Intent) -> None:
        if intent.kind == IntentKind.TEXT:  # what a physical keyboard typed, accented letters included
            for char in intent.text:
                if self.takes(char):
                    self.type(char)
            return
        if intent.kind in (IntentKind.KEY, IntentKind.NAV) and intent.key:
            if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
                return
            if intent.key == pygame.K_BACKSPACE:
                self.erase()
                return
            if intent.kind is IntentKind.KEY or printable(intent.key):
                return  # a character key (space, R, ".": game commands elsewhere): it comes as text
        super().handle(intent)

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        box = pygame.Rect(20, 14, L.W - 40, L.H - 28)
        dialog_box(surface, box)
        draw_text(surface, self.title, 34, (L.W // 2, 56), GOLD, width=box.w - 40)
        field = pygame.Rect(L.W // 2 - 420, 92, 840, 84)
        pygame.draw.rect(surface, (18, 22, 32), field, border_radius=12)
        pygame.draw.rect(surface, GOLD, field, 3, border_radius=12)
        shown = self.text + "|"
        draw_text(
            surface, shown, 44, (field.x + 20, field.centery), INK, anchor="midleft", width=field.w - 40
        )
        line = self.message or self.hint
        colour = (255, 130, 120) if self.message else DIM
        if line:
            draw_text(surface, line, READ_SIZE, (L.W // 2, 208), colour, width=box.w - 60)
        self.buttons.draw(surface, self.app.sprites)

    def key_button(self, label: str) -> Button:
        """The key labelled ``label`` (tests press it)."""
        return next(b for b in self.buttons.buttons if b.label == label)


__all__ = ["KeyboardScene"]
