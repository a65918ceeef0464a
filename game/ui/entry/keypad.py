"""A numeric keypad: the operator code (checked by the kiosk) or a new code for the settings."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.session.kiosk import Mode
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.input import Intent, IntentKind
from game.ui.lines import wrap_lines
from game.ui.scene import INK, ButtonScene, Host, button, dialog_box
from game.ui.text import READ_SIZE, draw_text
from game.ui.widgets import shade

DIGIT_KEYS = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)} | {
    getattr(pygame, f"K_KP_{d}"): str(d) for d in range(10)
}


class KeypadScene(ButtonScene):
    """A numeric keypad. ``on_done`` gets the digits and answers None when it takes them, or why not
    (the keypad then stays open and says so); no ``on_done`` means the kiosk checks them (operator code)."""

    opaque = False

    def __init__(
        self,
        app: Host,
        title_key: str = "operator.enter_code",
        on_done: Callable[[str], str | None] | None = None,
    ) -> None:
        super().__init__(app)
        self.title_key = title_key
        self.title: str | None = None
        """A title with a name in it (replaces the ``title_key``'s text)."""
        self.on_done = on_done
        self.own = ""
        self.message = ""
        self.message_time = 0.0
        x0, y0, bw, bh, gap = L.W // 2 - 165, 250, 100, 78, 12
        labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "OK"]
        for i, label in enumerate(labels):
            r, c = divmod(i, 3)
            rect = (x0 + c * (bw + gap), y0 + r * (bh + gap), bw, bh)
            colour = "green" if label == "OK" else ("grey" if label == "⌫" else "blue")
            key = self.buttons.add(button(rect, label, self._key(label), colour, size=36))
            key.repeat = label != "OK"  # quick taps on one digit (a code 1111) are each a digit
        self.buttons.add(
            button(
                (L.W // 2 - 165, y0 + 4 * (bh + gap) + 6, 330, 64),
                tr("button.cancel"),
                self.cancel,
                "red",
                size=28,
            )
        )

    def _key(self, label: str) -> Callable[[], None]:
        def press() -> None:
            kiosk = self.app.kiosk if self.on_done is None else None
            if label == "OK":
                self.submit()
            elif label == "⌫":
                if kiosk:
                    kiosk.backspace()
                self.own = self.own[:-1]
            else:
                if kiosk:
                    kiosk.digit(label)
                if len(self.own) < 8:
                    self.own += label

        return press

    @property
    def entered(self) -> str:
        kiosk = self.app.kiosk
        return kiosk.entered if (self.on_done is None and kiosk) else self.own

    def submit(self) -> None:
        if self.on_done is not None:
            code = self.own
            self.own = ""
            problem = self.on_done(code)
            if problem is not None:  # e.g. a code too short: say so here, where it can be typed again
                self.message = problem
                self.message_time = 4.0 if problem else 0.0
                return
            self.close()
            return
        kiosk = self.app.kiosk
        if kiosk is None or not kiosk.entered:
            return  # Enter on an empty keypad is not a try
        if not kiosk.submit():
            self.message = tr("operator.wrong_code")
            self.message_time = 2.0

    def cancel(self) -> None:
        kiosk = self.app.kiosk
        if self.on_done is None and kiosk is not None and kiosk.mode is Mode.CODE:
            kiosk.cancel()  # the kiosk emits CLOSE_KEYPAD; the app pops this scene
        else:
            self.close()

    def handle(self, intent: Intent) -> None:
        if intent.kind == IntentKind.BACK:
            self.cancel()
            return
        if intent.kind in (IntentKind.KEY, IntentKind.NAV) and intent.key in DIGIT_KEYS:
            self._key(DIGIT_KEYS[intent.key])()  # a keyboard's (or an arcade encoder's) digits
            return
        # Backspace and Enter come as the game's undo and select commands (nav intents): here they
        # erase and submit, as on the initials keypad; a controller's A still presses the focused key.
        if intent.kind in (IntentKind.KEY, IntentKind.NAV) and intent.key == pygame.K_BACKSPACE:
            self._key("⌫")()
            return
        if intent.kind in (IntentKind.KEY, IntentKind.NAV) and intent.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
        ):
            self.submit()
            return
        self.buttons.handle(intent)

    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)

    def busy(self) -> bool:
        kiosk = self.app.kiosk
        return self.message_time > 0 or (kiosk is not None and kiosk.wait_left > 0)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade(surface, 200)
        box = pygame.Rect(L.W // 2 - 260, 40, 520, 660)  # a reason's two lines at the floor
        dialog_box(surface, box)
        title = wrap_lines(self.title or tr(self.title_key), 30, box.w - 30)[:2]
        for i, line in enumerate(title):  # one line at 90, or two around it
            y = 90 + (i * 34 - 17 if len(title) == 2 else 0)
            draw_text(surface, line, 30, (L.W // 2, y), GOLD, width=box.w - 30)
        dots = "•" * len(self.entered) or "–"
        draw_text(surface, dots, 48, (L.W // 2, 152), INK)
        kiosk = self.app.kiosk
        said = self.message if self.message_time > 0 else ""
        if kiosk is not None and kiosk.wait_seconds > 0:  # the slow-down after wrong tries
            said = tr("operator.wait", n=kiosk.wait_seconds)
        if said:  # a long reason (the slow-down, a refused code, a full disk) in two lines
            lines = wrap_lines(said, READ_SIZE, box.w - 30)[:2]
            for i, line in enumerate(lines):
                y = 206 if len(lines) == 1 else 191 + 30 * i
                draw_text(surface, line, READ_SIZE, (L.W // 2, y), (255, 120, 110), width=box.w - 30)
        self.buttons.draw(surface, self.app.sprites)
