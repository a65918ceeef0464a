"""The first kiosk start: the organiser chooses the operator code, typed twice.

Why: the cabinet used to open its operator menu with 2580 unless a code was set, a code
anyone could read in the source, while an organiser who did not know it was locked out.
Now there is no default: until a code is chosen nothing opens the menu, and the first
``--kiosk`` start shows this keypad before anything else (no Cancel: the cabinet is not
left without a way in). ``--reset-operator-code`` forgets a saved code and brings it back.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.session import settings as st
from game.session.kiosk import Mode
from game.ui import layout as L
from game.ui.board.view import BG
from game.ui.entry.keypad import KeypadScene
from game.ui.input import Intent, IntentKind
from game.ui.lines import wrap_lines
from game.ui.scene import DIM, Host, Scene
from game.ui.text import MIN_SIZE, draw_text


class ChooseCodeScene(KeypadScene):
    """ "Choose an operator code", then "Type it again"; then ``after`` (the demo or a resumed game)."""

    opaque = True

    def __init__(self, app: Host, after: Scene, resumed: bool = False) -> None:
        super().__init__(app, "kiosk.choose_code", on_done=self._take)
        self.buttons.buttons.pop()  # no Cancel (see the module docstring)
        self.after = after
        self.resumed = resumed
        self.first: str | None = None
        self.saved = True
        """False when the chosen code could not be written (it holds for this run only)."""
        if app.kiosk is not None:
            app.kiosk.begin_setup()

    def _take(self, code: str) -> str | None:
        too_short = tr("settings.code_length", low=st.CODE_LENGTH[0], high=st.CODE_LENGTH[1])
        if not code:
            return too_short
        try:
            st.with_value(self.app.settings, "operator_code", code)
        except ValueError:
            return too_short
        if self.first is None:
            self.first = code
            self.title_key = "kiosk.choose_again"
            return ""  # stay open (no message): the same code once more
        if code != self.first:
            self.first = None
            self.title_key = "kiosk.choose_code"
            return tr("kiosk.codes_differ")
        self.choose(code)
        return None

    def submit(self) -> None:
        code = self.own
        self.own = ""
        problem = self._take(code)
        if problem:
            self.message = problem
            self.message_time = 3.0

    def choose(self, code: str) -> None:
        """Save the code and go on to the demo (or the resumed game)."""
        app = self.app
        app.apply_settings(st.with_value(app.settings, "operator_code", code), save=True)
        self.saved = st.load_settings(app.data_dir).operator_code == code
        if app.kiosk is not None:
            app.kiosk.end_setup(Mode.ACTIVE if self.resumed else Mode.ATTRACT)
        app.scenes.replace(self.after)

    def cancel(self) -> None:
        """No way out but a code (Escape does nothing here)."""

    def handle(self, intent: Intent) -> None:
        if intent.kind == IntentKind.BACK:
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        super().draw(surface, alpha)
        # Where the other keypads have Cancel: what the code is for (there is no way round it here).
        for i, line in enumerate(wrap_lines(tr("kiosk.choose_why"), MIN_SIZE, 400)[:2]):
            draw_text(surface, line, MIN_SIZE, (L.W // 2, 648 + 28 * i), DIM, width=400)


__all__ = ["ChooseCodeScene"]
