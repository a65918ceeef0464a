"""The settings screen: every setting as a row, its name and a button that steps through the values.

The operator's variant (from the operator menu) adds the idle time and the operator corner and code.
The accessibility settings (board set, larger text, motion, moves made by themselves, spoken mode)
have a screen of their own, :class:`AccessScene`, opened from here (and, on a cabinet whose operator
left them open, from the title: a visitor's choices then last for their visit)."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

import pygame

from game import i18n
from game.i18n import tr
from game.session import persist
from game.session import settings as st
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.entry.new_code import ChooseCodeScene
from game.ui.lines import wrap_lines
from game.ui.scene import DIM, ButtonScene, Host, button
from game.ui.scenes.keymap import KeymapScene
from game.ui.text import READ_SIZE, draw_text

log = logging.getLogger(__name__)


class SettingsScene(ButtonScene):
    """Every setting as a row: its name and a button that steps through the values."""

    FIELDS: tuple[str, ...] = (
        "language",
        "sound",
        "volume",
        "animation",
        "level",
        "coach",
        "match_length",
        "direction",
        "table",
        "rotation",
        "idle_seconds",
        "operator_corner",
        "operator_code",
    )

    TITLE = "settings.title"

    def __init__(self, app: Host, operator: bool = False) -> None:
        super().__init__(app)
        self.operator = operator
        self.save = True
        """Changes are saved (a cabinet's visitor's are not: see :class:`AccessScene`)."""
        self.values = self.app.settings
        self.message = ""
        self.message_time = 0.0
        self._build()

    def fields(self) -> tuple[str, ...]:
        if self.operator:
            return self.FIELDS
        cabinet = ("idle_seconds", "rotation")  # how the cabinet is set up: the operator's business
        return tuple(f for f in self.FIELDS if not f.startswith("operator_") and f not in cabinet)

    def label(self, name: str) -> str:
        return tr(
            {
                "language": "settings.language",
                "sound": "settings.sound",
                "volume": "settings.volume",
                "animation": "settings.animation",
                "level": "settings.level",
                "coach": "settings.coach",
                "match_length": "settings.match_length",
                "direction": "settings.direction",
                "table": "settings.table",
                "rotation": "settings.rotation",
                "idle_seconds": "settings.idle",
                "operator_corner": "settings.operator_corner",
                "operator_code": "settings.operator_code",
                "board_set": "access.board_set",
                "large_text": "access.large_text",
                "reduced_motion": "access.reduced_motion",
                "auto_forced": "access.auto_forced",
                "auto_bearoff": "access.auto_bearoff",
                "speech": "access.speech",
                "access_open": "access.open",
            }[name]
        )

    def value_text(self, name: str) -> str:
        v = self.values
        if name == "language":
            return tr(f"lang.{v.language}")
        if name == "sound":
            return tr("value.on" if v.sound else "value.off")
        if name == "volume":
            return tr("value.percent", n=round(v.volume * 100))
        if name == "animation":
            return tr(f"speed.{v.animation}")
        if name == "level":
            return tr(f"level.{v.level}")
        if name == "coach":
            return tr(f"coach.mode.{v.coach}")
        if name == "match_length":
            if v.match_length == 0:
                return tr("match.session")
            return i18n.tr_n("match.points", v.match_length, n=v.match_length)
        if name == "direction":
            return tr("direction.home_left" if v.direction == "home-left" else "direction.home_right")
        if name == "table":
            return tr("value.on" if v.table else "value.off")
        if name == "rotation":
            return tr("value.degrees", n=v.rotation)
        if name == "idle_seconds":
            return tr("value.seconds", n=v.idle_seconds)
        if name == "operator_corner":
            return tr("corner." + v.operator_corner.replace("-", "_"))
        if name == "board_set":
            return tr(f"look.{v.board_set}")
        if name == "speech" and not self.app.speech.available:
            return tr("access.speech_missing" if v.speech else "access.speech_missing_off")
        if name in ("large_text", "reduced_motion", "auto_forced", "auto_bearoff", "speech", "access_open"):
            return tr("value.on" if getattr(v, name) else "value.off")
        return "••••" if self.app.lock.usable else tr("settings.code_none")  # the code is never shown

    def describe(self, index: int) -> str:
        """What the spoken mode says for the focused button ``index``: a setting's name and value."""
        rows = self.rows()
        if 0 <= index < len(rows):
            name = rows[index][0]
            return f"{self.label(name)}: {self.value_text(name)}"
        return self.buttons.buttons[index].label

    def columns(self) -> tuple[int, int, int]:
        """(columns, left of the first, width of a row): two wide columns, three narrower ones when
        two would need more than six rows (the operator's screen), which would run into Back."""
        if len(self.fields()) <= 12:
            return 2, 40, 580
        return 3, 40, 380

    def rows(self) -> list[tuple[str, int, int]]:
        """Each setting shown, with the top left of its row: in columns, filled top to bottom."""
        names = self.fields()
        cols, left, width = self.columns()
        per_col = math.ceil(len(names) / cols)
        step = width + (40 if cols == 2 else 20)
        out = []
        for i, name in enumerate(names):
            col, row = divmod(i, per_col)
            out.append((name, left + col * step, 100 + row * 88))
        return out

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        width = self.columns()[2]
        for name, x, y in self.rows():
            row = b.add(
                button((x, y + 34, width, 60), self.value_text(name), self._cycle(name), "blue", size=28)
            )
            row.repeat = name != "operator_code"  # quick taps step on (300 s -> 30, 60, 90), one a tap
        b.add(button((L.W // 2 - 200, L.H - 86, 400, 70), tr("button.back"), self.close, "green", size=30))
        self._top_buttons()

    def _top_buttons(self) -> None:
        """Beside the title: the accessibility screen and (the operator's) the key map."""
        b = self.buttons
        access = (70, 24, 330, 64) if self.operator else (L.W - 400, 24, 330, 64)
        b.add(button(access, tr("settings.access"), self.open_access, "gold", size=26)).lines = 2
        if self.operator:  # the cabinet's buttons may arrive as keys: the operator maps them
            b.add(button((L.W - 330, 24, 260, 64), tr("settings.keys"), self.open_keys, "grey", size=26))

    def open_keys(self) -> None:
        self.app.scenes.push(KeymapScene(self.app))

    def open_access(self) -> None:
        self.app.scenes.push(AccessScene(self.app, operator=self.operator))

    def _cycle(self, name: str) -> Callable[[], None]:
        def step() -> None:
            if name == "operator_code":
                self.app.scenes.push(ChooseCodeScene(self.app, self._code_saved))
                return
            self.values = st.next_option(self.values, name)
            # Saved at once: a kiosk's idle time may close the screen into the demo without Back.
            self._saved(self.app.apply_settings(self.values, save=self.save))
            self._build()

        return step

    def _code_saved(self) -> None:
        self.message = tr("settings.code_saved")
        self.message_time = 3.0
        self._build()

    def _saved(self, ok: bool) -> None:
        """A change the disk refused is said here, to whoever made it (it holds until the game stops)."""
        if not ok:
            self.message = tr("settings.not_saved", reason=persist.last_error())
            self.message_time = 6.0

    def update(self, dt: float) -> None:
        super().update(dt)
        self.message_time = max(0.0, self.message_time - dt)

    def busy(self) -> bool:
        return self.message_time > 0 or super().busy()

    def enter(self) -> None:
        super().enter()
        self.values = self.app.settings  # the key map screen above may have changed them
        self._build()

    def close(self) -> None:
        self.app.apply_settings(self.values, save=self.save)
        super().close()

    def _draw_message(self, surface: pygame.Surface) -> None:
        if self.message_time > 0:
            colour = (160, 255, 160) if self.message == tr("settings.code_saved") else (255, 120, 110)
            lines = wrap_lines(self.message, READ_SIZE, L.W - 80)[:2]  # a reason may be long
            for i, line in enumerate(lines):
                y = L.H - 110 - 15 * (len(lines) - 1) + 30 * i
                draw_text(surface, line, READ_SIZE, (L.W // 2, y), colour, width=L.W - 80)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, tr(self.TITLE), 44, (L.W // 2, 60), GOLD)
        width = self.columns()[2]
        for name, x, y in self.rows():
            draw_text(
                surface, self.label(name), READ_SIZE, (x + 4, y + 16), DIM, anchor="midleft", width=width
            )
        self.buttons.draw(surface, self.app.sprites)
        self._draw_message(surface)


class AccessScene(SettingsScene):
    """The accessibility settings: how the board looks, the text size, motion, moves made by
    themselves and the spoken mode. The operator's variant adds whether a cabinet's visitors may
    change them; a ``visitor`` (a cabinet's title) changes them for the visit only: the App puts the
    operator's back when the cabinet returns to its demo."""

    FIELDS = st.ACCESS_FIELDS
    TITLE = "access.title"

    def __init__(self, app: Host, operator: bool = False, visitor: bool = False) -> None:
        self.visitor = visitor
        super().__init__(app, operator=operator)
        if visitor:
            self.save = False
            if app.visit_settings is None:
                app.visit_settings = app.settings  # what the operator set, back after the visit
        elif operator:
            app.visit_settings = None  # the operator decides: what is on the screen now is theirs

    def fields(self) -> tuple[str, ...]:
        return (*self.FIELDS, "access_open") if self.operator else self.FIELDS

    def _top_buttons(self) -> None:
        """None: this screen is the one the settings' button opens."""
