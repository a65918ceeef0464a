"""The operator's key map: which key does what, for cabinets whose buttons arrive as keys.

Each command is a button showing its key; pressing one waits for the next key, which
becomes that command's key (saved at once). A key another command is on is refused with a
line saying which (else the screen showed it on both and it did only one). Escape cancels the wait
and is always Menu, so no map can lock the operator out; "Default keys" puts every key back.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.session import settings as st
from game.session.commands import Command
from game.ui import controls
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.input import Intent, IntentKind
from game.ui.scene import DIM, ButtonScene, Host, button
from game.ui.text import READ_SIZE, draw_text


class KeymapScene(ButtonScene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.waiting: Command | None = None
        """The command whose new key the next key press sets."""
        self.refused = ""
        """Why the last key was not taken (another command is on it), while still waiting."""
        self._build()

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        keys = dict(self.app.settings.keys)
        per_col = (len(controls.COMMANDS) + 1) // 2
        for i, command in enumerate(controls.COMMANDS):
            col, row = divmod(i, per_col)
            label = f"{tr('control.' + command)}: {controls.key_label(command, keys)}"
            colour = "gold" if command == self.waiting else "blue"
            b.add(
                button(
                    (70 + col * 590, 88 + row * 68, 520, 58),
                    label,
                    self._wait(command),
                    colour,
                    size=READ_SIZE,
                )
            )
        y = L.H - 86
        b.add(button((70, y, 400, 70), tr("keys.reset"), self.reset, "grey", size=26))
        b.add(button((L.W - 470, y, 400, 70), tr("button.back"), self.close, "green", size=30))

    def _wait(self, command: Command) -> Callable[[], None]:
        def wait() -> None:
            if command == Command.MENU:
                return  # Escape stays Menu: the way out of every screen
            self.waiting = command
            self.refused = ""
            self._build()

        return wait

    def _set(self, command: Command, code: int) -> bool:
        """Put ``command`` on the key ``code``; False (and why in ``refused``) when another is on it."""
        name = pygame.key.name(code)
        keys = dict(self.app.settings.keys)
        other = controls.keymap(keys).get(code)
        if other is not None and other != command:
            label = controls.key_label(other, keys) if other is not Command.MENU else "Escape"
            self.refused = tr("keys.taken", name=label, command=tr("control." + other))
            return False
        keys[command] = name
        self.app.apply_settings(st.with_value(self.app.settings, "keys", keys), save=True)
        self.refused = ""
        return True

    def reset(self) -> None:
        self.waiting = None
        self.app.apply_settings(st.with_value(self.app.settings, "keys", ()), save=True)
        self._build()

    def handle(self, intent: Intent) -> None:
        if self.waiting is not None and intent.kind in (IntentKind.KEY, IntentKind.NAV) and intent.key:
            if self._set(self.waiting, intent.key):
                self.waiting = None
            self._build()
            return
        if self.waiting is not None and intent.kind == IntentKind.BACK:
            self.waiting = None
            self.refused = ""
            self._build()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, tr("keys.title"), 40, (L.W // 2, 50), GOLD)
        if self.waiting is not None and self.refused:
            draw_text(surface, self.refused, 26, (L.W // 2, L.H - 122), (255, 140, 120), width=L.W - 100)
        elif self.waiting is not None:
            text = tr("keys.press", command=tr("control." + self.waiting))
            draw_text(surface, text, 26, (L.W // 2, L.H - 122), GOLD, width=L.W - 100)
        else:
            draw_text(surface, tr("keys.hint"), READ_SIZE, (L.W // 2, L.H - 122), DIM, width=L.W - 100)
        self.buttons.draw(surface, self.app.sprites)
