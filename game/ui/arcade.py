"""The event cabinet around the game: kiosk mode, autosave and resume, settings, sound, languages.

Why a layer around :class:`game.ui.app.App` instead of changes inside the game
screen: the game scenes stay exactly as they are (and as their own tests drive
them); this module adds what an unattended cabinet needs by

* filtering input before the scenes see it (:class:`game.ui.kiosk.Kiosk`
  decides: the first touch in attract mode only wakes, a touch on the
  "Still playing?" countdown only dismisses it, key presses never reach a
  visitor's game in kiosk mode);
* watching each :class:`GameScene`'s actions (its ``do`` is wrapped) to record
  the dice, play the sounds and autosave after every completed turn and cube
  action;
* hiding every Quit button in kiosk mode (the operator menu has the only one);
* adding scenes of its own: attract mode, the countdown, the code keypad, the
  operator menu, settings, dice statistics and a how-to-play in three
  languages.
"""

from __future__ import annotations

import argparse
import gc
import logging
import math
import os
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.engine.flow import (
    Action,
    Double,
    EndTurn,
    GameState,
    OpeningRoll,
    Pass,
    Phase,
    Roll,
    Take,
)

from . import i18n, persist
from . import layout as L
from . import settings as st
from . import text as ui_text
from .app import App, Options
from .audio import Audio
from .board_view import BG, GOLD
from .fairness import DiceStats, draw_panel, wrap
from .game_scene import GameScene, GameSetup
from .input import Intent
from .kiosk import Cmd, Kiosk, KioskConfig, Mode
from .scene import Scene
from .text import CACHE, draw_text
from .title import TitleScene
from .widgets import Button, ButtonGroup, shade

log = logging.getLogger(__name__)

INK = (238, 238, 245)
DIM = (170, 180, 200)


def T(key: str, **kw: object) -> str:
    """A text from the project catalogues in the current language."""
    return i18n.tr(key, **kw)


# ---------------------------------------------------------------------------------------------
# Languages: the game screen's own keys (game.ui.text) come from the catalogues' "ui." section.


def ui_catalogue(lang: str) -> dict[str, str]:
    """The game screen's keys in ``lang`` (``ui.<key>`` in the catalogue); missing ones stay English."""
    cat = i18n.catalogue(lang)
    return {k[3:]: v for k, v in cat.items() if k.startswith("ui.")}


def apply_language(lang: str) -> None:
    """Switch every text on screen: the project catalogues, the game screen's keys and engine reasons."""
    i18n.set_language(lang)
    current = i18n.get_language()
    ui_text.set_catalogue(ui_catalogue(current), i18n.tr_engine)


# ---------------------------------------------------------------------------------------------
# Watching a game scene: dice history, fairness counts, sounds, autosave.

_MODE_TO_SAVE = {"computer": "computer", "two": "two_players", "demo": "demo"}
_SAVE_TO_MODE = {v: k for k, v in _MODE_TO_SAVE.items()}


_SILENT = Audio(enabled=False)


class GameWatcher:
    """Wraps a GameScene's ``do`` so every applied action is seen exactly once, in order."""

    def __init__(self, app: ArcadeApp) -> None:
        self.app = app
        self.scene: GameScene | None = None
        self.history: list[tuple[int, int]] = []
        self.last: GameState | None = None
        self.saves = 0
        self.win_pending = False
        """The game just ended: the win sounds once the last checker has landed."""

    def _audio(self, scene: GameScene) -> Audio:
        return self.app.audio if scene.setup.mode != "demo" else _SILENT  # the demo runs all day quietly

    def attach(self, scene: GameScene, history: tuple[tuple[int, int], ...] = ()) -> None:
        if getattr(scene, "_arcade_watched", False):
            return
        original: Callable[..., str | None] = scene.do

        def do(action: Action, drop: tuple[int, int] | None = None) -> str | None:
            old = scene.state
            reason = original(action, drop)
            if reason is None and self.scene is scene:
                self._on_action(scene, old, action)
            return reason

        def sound(name: str) -> None:
            if self.scene is scene:
                self._audio(scene).play(name)

        setattr(scene, "do", do)  # noqa: B010 - an instance attribute shadows the method on purpose
        setattr(scene, "_arcade_watched", True)  # noqa: B010
        scene.sound = sound  # checker landings, hits and bear-offs sound when the animation lands
        self.scene = scene
        self.win_pending = False
        self.history = list(history)
        self.last = scene.state

    def poll(self) -> None:
        """Once per step: notice a new game started without an action (next game, resume)."""
        scene = self.scene
        if scene is not None and self.win_pending and not scene.anim.busy:
            self.win_pending = False
            self._audio(scene).play("win")
        if scene is None or scene.state is self.last:
            return
        self.last = scene.state
        if scene.state.phase is Phase.OPENING and scene.state.opening is None:
            self.history = []
            self.save()

    def _on_action(self, scene: GameScene, old: GameState, action: Action) -> None:
        new = scene.state
        self.last = new
        demo = scene.setup.mode == "demo"
        audio = self._audio(scene)
        # Landings, hits and bear-offs are not played here: the scene's animation plays them
        # when the checker arrives (``scene.sound``).
        if isinstance(action, OpeningRoll):
            self._roll((action.die0, action.die1), demo)
        elif isinstance(action, Roll):
            self._roll(action.dice, demo)
        elif isinstance(action, Double):
            audio.play("double")
        elif isinstance(action, Take):
            audio.play("take")
        elif isinstance(action, Pass):
            audio.play("pass")
        if new.phase is Phase.GAME_OVER and old.phase is not Phase.GAME_OVER:
            self.win_pending = True
        completed = isinstance(action, (EndTurn, Double, Take, Pass)) or new.phase is Phase.GAME_OVER
        if completed and not demo:
            self.save()

    def _roll(self, dice: tuple[int, int], demo: bool) -> None:
        self.history.append((dice[0], dice[1]))
        if not demo:
            self.app.audio.play("dice")
            self.app.stats = self.app.stats.add(dice[0], dice[1])

    def save(self) -> bool:
        scene = self.scene
        if scene is None or scene.setup.mode == "demo":
            return False
        game = persist.SavedGame(
            state=scene.state,
            match=scene.match,
            mode=_MODE_TO_SAVE.get(scene.setup.mode, "computer"),
            level=scene.opponent.level,
            human=min(scene.humans) if scene.setup.mode == "computer" and scene.humans else None,
            dice_history=tuple(self.history),
            saved_at=self.app.clock(),
        )
        ok = persist.save_game(game, self.app.data_dir)
        self.saves += ok
        return ok


# ---------------------------------------------------------------------------------------------
# Scenes


def _button(
    rect: tuple[int, int, int, int],
    label: str,
    action: Callable[[], None],
    colour: str = "blue",
    size: int = 30,
) -> Button:
    return Button(pygame.Rect(rect), label, action, colour, size=size)


def _box(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, (30, 36, 50), rect, border_radius=18)
    pygame.draw.rect(surface, GOLD, rect, 4, border_radius=18)


class ArcadeScene(Scene):
    """A scene of this module: buttons in one group, Escape closes it."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.buttons = ButtonGroup()

    @property
    def arcade(self) -> ArcadeApp:
        app: ArcadeApp = self.app  # type: ignore[assignment]
        return app

    def close(self) -> None:
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            self.close()
            return
        self.buttons.handle(intent)


class AttractScene(GameScene):
    """The demo (computer against computer) with a big "Touch to play" call."""

    def __init__(self, app: Any, seed: int | None = None) -> None:
        super().__init__(app, GameSetup(mode="demo", match_length=0, seed=seed))
        self.clock = 0.0
        self._band: pygame.Surface | None = None

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)

    def busy(self) -> bool:
        return True

    def handle(self, intent: Intent) -> None:
        # Without kiosk mode (a plain "watch the demo" never uses this scene) a touch also wakes it.
        if intent.kind in ("click", "down") and self.arcade_app.kiosk is None:
            self.arcade_app.wake()

    @property
    def arcade_app(self) -> ArcadeApp:
        app: ArcadeApp = self.app  # type: ignore[assignment]
        return app

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        # Eight brightness steps: the text surfaces stay in the text cache instead of a new one per frame.
        pulse = round((0.5 + 0.5 * math.sin(self.clock * 3.2)) * 7) / 7
        if self._band is None:
            self._band = pygame.Surface((L.W, 150), pygame.SRCALPHA)
            self._band.fill((0, 0, 0, 205))
        # Across the upper half of the board: the dice in the middle stay in view.
        y = L.BOARD_Y + 90
        surface.blit(self._band, (0, y))
        colour = (255, round(200 + 40 * pulse), round(60 + 80 * pulse))
        draw_text(
            surface, T("kiosk.touch_to_play"), 72, (L.W // 2, y + 62), colour, shadow=True, width=L.W - 80
        )
        draw_text(surface, T("kiosk.demo_label"), 24, (L.W // 2, y + 122), DIM, width=L.W - 80)


class StillPlayingScene(ArcadeScene):
    """The countdown shown over the game when nobody has touched it for the idle time."""

    opaque = False

    def busy(self) -> bool:
        return True

    def handle(self, intent: Intent) -> None:
        """Presses never get here in kiosk mode (the kiosk swallows them and dismisses the countdown)."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade(surface, 150)
        box = pygame.Rect(L.W // 2 - 380, L.H // 2 - 170, 760, 340)
        _box(surface, box)
        kiosk = self.arcade.kiosk
        left = kiosk.seconds_left if kiosk else 0
        draw_text(surface, T("kiosk.still_playing"), 60, (L.W // 2, box.y + 70), GOLD, width=box.w - 40)
        draw_text(surface, str(left), 96, (L.W // 2, box.y + 170), INK)
        draw_text(surface, T("kiosk.still_playing_hint"), 28, (L.W // 2, box.y + 250), INK, width=box.w - 40)
        key = "kiosk.countdown.one" if left == 1 else "kiosk.countdown.other"
        draw_text(surface, T(key, seconds=left), 22, (L.W // 2, box.y + 300), DIM, width=box.w - 40)


class KeypadScene(ArcadeScene):
    """A numeric keypad. ``on_done`` gets the digits; None means the kiosk checks them (operator code)."""

    opaque = False

    def __init__(
        self, app: Any, title_key: str = "operator.enter_code", on_done: Callable[[str], None] | None = None
    ) -> None:
        super().__init__(app)
        self.title_key = title_key
        self.on_done = on_done
        self.own = ""
        self.message = ""
        self.message_time = 0.0
        x0, y0, bw, bh, gap = L.W // 2 - 165, 230, 100, 84, 15
        labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "OK"]
        for i, label in enumerate(labels):
            r, c = divmod(i, 3)
            rect = (x0 + c * (bw + gap), y0 + r * (bh + gap), bw, bh)
            colour = "green" if label == "OK" else ("grey" if label == "⌫" else "blue")
            self.buttons.add(_button(rect, label, self._key(label), colour, size=36))
        self.buttons.add(
            _button(
                (L.W // 2 - 165, y0 + 4 * (bh + gap) + 6, 330, 64),
                T("button.cancel"),
                self.cancel,
                "red",
                size=28,
            )
        )

    def _key(self, label: str) -> Callable[[], None]:
        def press() -> None:
            kiosk = self.arcade.kiosk if self.on_done is None else None
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
        kiosk = self.arcade.kiosk
        return kiosk.entered if (self.on_done is None and kiosk) else self.own

    def submit(self) -> None:
        if self.on_done is not None:
            code = self.own
            self.own = ""
            self.close()
            self.on_done(code)
            return
        kiosk = self.arcade.kiosk
        if kiosk is not None and not kiosk.submit():
            self.message = T("operator.wrong_code")
            self.message_time = 2.0

    def cancel(self) -> None:
        kiosk = self.arcade.kiosk
        if self.on_done is None and kiosk is not None and kiosk.mode is Mode.CODE:
            kiosk.cancel()  # the kiosk emits CLOSE_KEYPAD; the app pops this scene
        else:
            self.close()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            self.cancel()
            return
        self.buttons.handle(intent)

    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)

    def busy(self) -> bool:
        return self.message_time > 0

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade(surface, 200)
        box = pygame.Rect(L.W // 2 - 220, 40, 440, 660)
        _box(surface, box)
        draw_text(surface, T(self.title_key), 30, (L.W // 2, 90), GOLD, width=box.w - 30)
        dots = "•" * len(self.entered) or "–"
        draw_text(surface, dots, 48, (L.W // 2, 160), INK)
        if self.message_time > 0:
            draw_text(surface, self.message, 26, (L.W // 2, 205), (255, 120, 110))
        self.buttons.draw(surface, self.app.sprites)


class OperatorScene(ArcadeScene):
    """Settings, statistics, new game, back to the demo, delete the save, quit: the operator's only door."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.message = ""
        self.message_time = 0.0
        self._build()

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        x, w = L.W // 2 - 300, 600
        items: list[tuple[str, Callable[[], None], str]] = [
            ("operator.resume", self.resume, "green"),
            ("operator.settings", self.settings, "blue"),
            ("operator.fairness", self.fairness, "blue"),
            ("operator.new_game", self.new_game, "blue"),
            ("operator.attract", self.attract, "grey"),
            ("operator.clear_save", self.clear_save, "grey"),
            ("operator.quit", self.arcade.quit, "red"),
        ]
        for i, (key, action, colour) in enumerate(items):
            b.add(_button((x, 110 + i * 84, w, 70), T(key), action, colour, size=30))
        setattr(b.buttons[-1], "operator_quit", True)  # noqa: B010 - the one Quit the kiosk keeps visible

    def enter(self) -> None:
        super().enter()
        self._build()  # the language may have changed in the settings

    def resume(self) -> None:
        kiosk = self.arcade.kiosk
        if kiosk is not None and kiosk.mode is Mode.OPERATOR:
            kiosk.cancel()
        else:
            self.close()

    def settings(self) -> None:
        self.app.scenes.push(SettingsScene(self.app, operator=True))

    def fairness(self) -> None:
        self.app.scenes.push(FairnessScene(self.app))

    def new_game(self) -> None:
        kiosk = self.arcade.kiosk
        if kiosk is not None:
            kiosk.mode = Mode.ACTIVE
            kiosk.idle = 0.0
        persist.clear_game(self.arcade.data_dir)
        self.arcade.to_title()

    def attract(self) -> None:
        self.arcade.go_attract()

    def clear_save(self) -> None:
        persist.clear_game(self.arcade.data_dir)
        self.message = T("saved.none")
        self.message_time = 2.5

    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)

    def busy(self) -> bool:
        return self.message_time > 0

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            self.resume()
            return
        self.buttons.handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, T("operator.title"), 44, (L.W // 2, 60), GOLD)
        self.buttons.draw(surface, self.app.sprites)
        if self.message_time > 0:
            draw_text(surface, self.message, 26, (L.W - 40, 60), (160, 255, 160), anchor="midright")


class SettingsScene(ArcadeScene):
    """Every setting as a row: its name and a button that steps through the values."""

    FIELDS: tuple[str, ...] = (
        "language",
        "sound",
        "volume",
        "animation",
        "level",
        "match_length",
        "direction",
        "idle_seconds",
        "operator_corner",
        "operator_code",
    )

    def __init__(self, app: Any, operator: bool = False) -> None:
        super().__init__(app)
        self.operator = operator
        self.values = self.arcade.settings
        self._build()

    def fields(self) -> tuple[str, ...]:
        if self.operator:
            return self.FIELDS
        return tuple(f for f in self.FIELDS if not f.startswith("operator_") and f != "idle_seconds")

    def label(self, name: str) -> str:
        return T(
            {
                "language": "settings.language",
                "sound": "settings.sound",
                "volume": "settings.volume",
                "animation": "settings.animation",
                "level": "settings.level",
                "match_length": "settings.match_length",
                "direction": "settings.direction",
                "idle_seconds": "settings.idle",
                "operator_corner": "settings.operator_corner",
                "operator_code": "settings.operator_code",
            }[name]
        )

    def value_text(self, name: str) -> str:
        v = self.values
        if name == "language":
            return T(f"lang.{v.language}")
        if name == "sound":
            return T("value.on" if v.sound else "value.off")
        if name == "volume":
            return T("value.percent", n=round(v.volume * 100))
        if name == "animation":
            return T(f"speed.{v.animation}")
        if name == "level":
            return T(f"level.{v.level}")
        if name == "match_length":
            if v.match_length == 0:
                return T("match.session")
            return i18n.tr_n("match.points", v.match_length, n=v.match_length)
        if name == "direction":
            return T("direction.home_left" if v.direction == "home-left" else "direction.home_right")
        if name == "idle_seconds":
            return T("value.seconds", n=v.idle_seconds)
        if name == "operator_corner":
            return T("corner." + v.operator_corner.replace("-", "_"))
        return "•" * len(v.operator_code)

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        names = self.fields()
        per_col = math.ceil(len(names) / 2)
        for i, name in enumerate(names):
            col, row = divmod(i, per_col)
            x = 70 + col * 590
            y = 118 + row * 100
            b.add(_button((x, y + 34, 520, 60), self.value_text(name), self._cycle(name), "blue", size=28))
        b.add(_button((L.W // 2 - 200, L.H - 86, 400, 70), T("button.back"), self.close, "green", size=30))

    def _cycle(self, name: str) -> Callable[[], None]:
        def step() -> None:
            if name == "operator_code":
                self.app.scenes.push(KeypadScene(self.app, "settings.operator_code", self._set_code))
                return
            self.values = st.next_option(self.values, name)
            self.arcade.apply_settings(self.values, save=False)
            self._build()

        return step

    def _set_code(self, code: str) -> None:
        try:
            self.values = st.with_value(self.values, "operator_code", code)
        except ValueError as exc:
            log.info("operator code not changed: %s", exc)
            return
        self.arcade.apply_settings(self.values, save=False)
        self._build()

    def enter(self) -> None:
        super().enter()
        self._build()

    def close(self) -> None:
        self.arcade.apply_settings(self.values, save=True)
        super().close()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, T("settings.title"), 44, (L.W // 2, 60), GOLD)
        names = self.fields()
        per_col = math.ceil(len(names) / 2)
        for i, name in enumerate(names):
            col, row = divmod(i, per_col)
            x = 70 + col * 590
            y = 118 + row * 100
            draw_text(surface, self.label(name), 24, (x + 4, y + 16), DIM, anchor="midleft", width=520)
        self.buttons.draw(surface, self.app.sprites)


class FairnessScene(ArcadeScene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.buttons.add(_button((L.W // 2 - 200, L.H - 86, 400, 70), T("button.back"), self.close, "green"))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_panel(surface, pygame.Rect(40, 24, L.W - 80, L.H - 126), self.arcade.stats, T)
        self.buttons.draw(surface, self.app.sprites)


class HowToScene(ArcadeScene):
    """How to play, in the project's own words, two sections a page."""

    PER_PAGE = 2

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.page = 0
        self.pages = math.ceil(len(i18n.HOWTO_SECTIONS) / self.PER_PAGE)
        self._build()

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        y = L.H - 86
        prev = b.add(_button((60, y, 300, 70), T("button.prev_page"), self._turn(-1), "grey", size=28))
        prev.visible = self.page > 0
        b.add(_button((L.W // 2 - 160, y, 320, 70), T("button.back"), self.close, "green", size=30))
        nxt = b.add(_button((L.W - 360, y, 300, 70), T("button.next_page"), self._turn(1), "blue", size=28))
        nxt.visible = self.page < self.pages - 1

    def _turn(self, step: int) -> Callable[[], None]:
        def turn() -> None:
            self.page = max(0, min(self.pages - 1, self.page + step))
            self._build()

        return turn

    def handle(self, intent: Intent) -> None:
        if intent.kind == "key" and intent.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
            self._turn(1)()
            return
        if intent.kind == "key" and intent.key in (pygame.K_LEFT, pygame.K_PAGEUP):
            self._turn(-1)()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, T("howto.title"), 44, (L.W // 2, 44), GOLD)
        draw_text(
            surface,
            T("howto.page", n=self.page + 1, total=self.pages),
            20,
            (L.W - 40, 44),
            DIM,
            anchor="midright",
        )
        sections = i18n.HOWTO_SECTIONS[self.page * self.PER_PAGE : (self.page + 1) * self.PER_PAGE]
        size, bodies = self._layout(sections)
        y = 90
        for name, body in zip(sections, bodies, strict=True):
            title = T(f"howto.{name}.title")
            draw_text(surface, title, 34, (60, y + 20), GOLD, anchor="midleft", width=L.W - 120)
            y += 50
            for line in body:
                surface.blit(CACHE.render(line, size, INK, False), (60, y))
                y += round(size * 1.32)
            y += 18
        self.buttons.draw(surface, self.app.sprites)

    def _layout(self, sections: tuple[str, ...]) -> tuple[int, list[list[str]]]:
        """The largest body size (readable from a distance) at which the page fits above the buttons."""
        room = L.H - 100 - 90
        for size in (32, 30, 28, 26, 24, 22, 20):
            font = CACHE.font(size, False)
            bodies = [wrap(T(f"howto.{name}.body"), font, L.W - 120) for name in sections]
            height = sum(50 + 18 + len(lines) * round(size * 1.32) for lines in bodies)
            if height <= room:
                break
        return size, bodies


class ArcadeTitle(TitleScene):
    """The game's title with Continue, Settings, dice statistics and a language choice added."""

    def _build(self) -> None:
        super()._build()
        app: ArcadeApp = self.app  # type: ignore[assignment]
        b = self.buttons
        if app.saved is not None:
            b.add(_button((24, 196, 300, 84), T("menu.continue"), app.continue_saved, "gold", size=26))
        if app.kiosk is None:
            b.add(_button((L.W - 324, 196, 300, 72), T("menu.settings"), self.open_settings, "grey", size=26))
        b.add(_button((L.W - 324, 620, 300, 64), T("operator.fairness"), self.open_fairness, "grey", size=24))
        for i, lang in enumerate(i18n.LANGUAGES):
            colour = "gold" if lang == i18n.get_language() else "grey"
            b.add(_button((24 + i * 102, 620, 94, 64), lang.upper(), self._lang(lang), colour, size=26))

    def _lang(self, lang: str) -> Callable[[], None]:
        def choose() -> None:
            app: ArcadeApp = self.app  # type: ignore[assignment]
            app.apply_settings(st.with_value(app.settings, "language", lang), save=True)
            self._build()

        return choose

    def open_settings(self) -> None:
        self.app.scenes.push(SettingsScene(self.app))

    def set_level(self, level: str) -> None:
        """A level chosen on the title is the saved setting too (the settings screen shows the same)."""
        super().set_level(level)
        app: ArcadeApp = self.app  # type: ignore[assignment]
        if app.settings.level != level:
            app.apply_settings(st.with_value(app.settings, "level", level), save=True)

    def open_fairness(self) -> None:
        self.app.scenes.push(FairnessScene(self.app))

    def enter(self) -> None:
        super().enter()
        app: ArcadeApp = self.app  # type: ignore[assignment]
        self.level = app.settings.level  # changed on the settings screen meanwhile
        self._build()

    def how_to(self) -> None:
        self.app.scenes.push(HowToScene(self.app))

    def start(self, mode: str) -> None:
        app: ArcadeApp = self.app  # type: ignore[assignment]
        length = 0 if mode == "demo" else self.match_length
        setup = GameSetup(mode=mode, match_length=length, seed=app.options.seed, level=app.settings.level)
        persist.clear_game(app.data_dir)  # a new game replaces the old save
        app.saved = None
        app.start_game(GameScene(app, setup))


# ---------------------------------------------------------------------------------------------
# The application


class ArcadeApp(App):
    """The game's App plus settings, sound, autosave, dice statistics and (with ``--kiosk``) the kiosk."""

    def __init__(
        self,
        options: Options,
        settings: st.Settings | None = None,
        *,
        kiosk: bool = False,
        data_dir: str | os.PathLike[str] | None = None,
        threaded_ai: bool = True,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(options, threaded_ai=threaded_ai)
        self.data_dir = persist.data_dir(data_dir)
        self.clock = clock
        """Wall-clock seconds for save times (a test passes a fake clock)."""
        self.settings = settings if settings is not None else st.load_settings(self.data_dir)
        self.audio = Audio(self.settings.sound, self.settings.volume)
        self.stats = DiceStats()
        self.watcher = GameWatcher(self)
        self.kiosk: Kiosk | None = Kiosk(self._kiosk_config(), start=Mode.ATTRACT) if kiosk else None
        self.saved: persist.SavedGame | None = None
        self._collect = False
        self.apply_settings(self.settings, save=False)  # also opens the sound device when sound is on

    # -- settings ---------------------------------------------------------------------------

    def _kiosk_config(self) -> KioskConfig:
        s = self.settings
        return KioskConfig(
            idle_seconds=float(s.idle_seconds),
            corner=s.operator_corner,
            code=s.operator_code,
            hold_seconds=s.operator_hold,
            screen=(L.W, L.H),
        )

    def apply_settings(self, settings: st.Settings, save: bool) -> None:
        """Make ``settings`` current everywhere (language, sound, speed, kiosk); optionally save them."""
        language_changed = settings.language != i18n.get_language()
        self.settings = settings
        apply_language(settings.language)
        self.speed = settings.animation
        self.options.match_length = settings.match_length
        self.audio.apply(settings)
        if L.LAYOUT.set_home("left" if settings.direction == "home-left" else "right"):
            self.needs_draw = True  # drawing and hit testing both follow the one layout
        if self.kiosk is not None:
            self.kiosk.config = self._kiosk_config()
        if save:
            st.save_settings(settings, self.data_dir)
        if language_changed:
            CACHE.clear()
            self.needs_draw = True

    # -- scenes -----------------------------------------------------------------------------

    def initial_scene(self) -> Scene:
        """Kiosk: resume a young autosave, else attract mode. Otherwise the title (with Continue)."""
        if self.options.demo or self.options.bench_frames or self.options.mode:
            from .app import initial_scene

            return initial_scene(self)  # the command line asked for a game or the demo directly
        if self.kiosk is not None:
            saved = persist.load_game(self.data_dir, now=self.clock(), max_age=self.settings.idle_seconds)
            if saved is not None:
                self.kiosk.mode = Mode.ACTIVE
                return self._resumed_scene(saved)
            return AttractScene(self, seed=self.options.seed)
        self.saved = persist.load_game(self.data_dir)
        return ArcadeTitle(self)

    def _resumed_scene(self, saved: persist.SavedGame) -> GameScene:
        setup = GameSetup(
            mode=_SAVE_TO_MODE.get(saved.mode, "computer"),
            match_length=saved.match.rules.match_length,
            seed=self.options.seed,
            level=saved.level,
        )
        scene = GameScene(self, setup)
        if saved.mode == "computer" and saved.human is not None:
            scene.humans = {saved.human}
        scene.resume(saved.state, saved.match)
        self.watcher.attach(scene, saved.dice_history)
        for a, b in saved.dice_history:
            self.stats = self.stats.add(a, b)
        return scene

    def continue_saved(self) -> None:
        saved = self.saved
        if saved is None:
            return
        self.saved = None
        self._drop_games()
        self.scenes.reset(self._resumed_scene(saved))

    def start_game(self, scene: GameScene) -> None:
        self._drop_games()
        self.scenes.replace(scene)

    def _drop_games(self) -> None:
        for scene in self.scenes.scenes:
            if isinstance(scene, GameScene):
                scene.opponent.close()
        # A dropped scene is kept alive by reference cycles (buttons hold bound methods of their scene)
        # together with its full-screen cached surfaces; collect them at the next step instead of
        # whenever the cyclic collector's generation 2 happens to run (a kiosk changes scenes all day).
        self._collect = True

    def to_title(self) -> None:
        self._drop_games()
        self.input.cancel()
        self.saved = persist.load_game(self.data_dir) if self.kiosk is None else None
        self.scenes.reset(ArcadeTitle(self))

    def wake(self) -> None:
        self.to_title()

    def go_attract(self) -> None:
        """Back to the demo: the abandoned game's save is deleted (it belongs to someone who left)."""
        persist.clear_game(self.data_dir)
        self._drop_games()
        self.input.cancel()
        if self.kiosk is not None:
            self.kiosk.reset_to_attract()
        self.scenes.reset(AttractScene(self, seed=self.options.seed))

    def _pop_to(self, kind: type[Scene]) -> None:
        """Pop scenes above (and including) the topmost scene of ``kind``, if there is one."""
        if not any(isinstance(s, kind) for s in self.scenes.scenes):
            return
        while self.scenes.top is not None and not isinstance(self.scenes.top, kind):
            self.scenes.pop()
        self.scenes.pop()

    def obey(self, commands: list[Cmd]) -> None:
        for cmd in commands:
            log.debug("kiosk: %s", cmd.value)
            if cmd is Cmd.WAKE:
                self.wake()
            elif cmd is Cmd.WARN:
                self.input.cancel()
                self.scenes.push(StillPlayingScene(self))
            elif cmd is Cmd.UNWARN:
                self._pop_to(StillPlayingScene)
            elif cmd is Cmd.ATTRACT:
                self.go_attract()
            elif cmd is Cmd.KEYPAD:
                self.input.cancel()
                self._pop_to(StillPlayingScene)
                self.scenes.push(KeypadScene(self))
            elif cmd is Cmd.CLOSE_KEYPAD:
                self._pop_to(KeypadScene)
            elif cmd is Cmd.OPERATOR:
                self._pop_to(KeypadScene)
                self.scenes.push(OperatorScene(self))
            elif cmd is Cmd.CLOSE_OPERATOR:
                self._pop_to(OperatorScene)
            self.needs_draw = True

    # -- the loop's parts -------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        kiosk = self.kiosk
        if kiosk is not None:
            self._hide_quit()
            t = event.type
            swallow = False
            if t == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) in (1, 3):
                swallow = kiosk.press(event.pos)
            elif t == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) in (1, 3):
                swallow = kiosk.release(event.pos)
            elif t == pygame.MOUSEMOTION:
                buttons = getattr(event, "buttons", (0, 0, 0))
                swallow = kiosk.motion(event.pos, bool(buttons and buttons[0]))
            elif t in (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEWHEEL):
                kiosk.activity()
                swallow = True  # a cabinet's visitors have no keyboard; Escape must not reach a menu
            if swallow:
                self.input.cancel()
                self.needs_draw = True
                self.obey(kiosk.take())
                return
            commands = kiosk.take()
            if commands:
                self.obey(commands)
            self._hide_quit()
        super().handle_event(event)

    def step(self, dt: float = 1.0 / 120.0) -> None:
        top = self.scenes.top
        if type(top) is TitleScene:  # the game screen's "to title" buttons build the plain title
            self.saved = persist.load_game(self.data_dir) if self.kiosk is None else None
            self.scenes.replace(ArcadeTitle(self))
            top = self.scenes.top
        if isinstance(top, GameScene) and self.watcher.scene is not top:
            self.watcher.attach(top)
        super().step(dt)
        self.watcher.poll()
        if self._collect:
            self._collect = False
            gc.collect()
        if self.kiosk is not None:
            commands = self.kiosk.update(dt)
            if commands:
                self.obey(commands)
            self._hide_quit()

    def idle_tick(self, seconds: float) -> bool:
        """While the loop sleeps on a still screen the kiosk's idle timer still counts down."""
        if self.kiosk is None:
            return False
        commands = self.kiosk.update(seconds)
        if not commands:
            return False
        self.obey(commands)
        self._hide_quit()
        self.needs_draw = True
        return True

    def _hide_quit(self) -> None:
        """Kiosk mode: no Quit for visitors (only the operator menu's, which is marked).

        Runs before every event, step and frame, because a scene may rebuild its buttons at any
        time (a language change, a scene uncovered by a pop).
        """
        for scene in self.scenes.scenes:
            for name in ("buttons", "modal"):
                group = getattr(scene, name, None)
                for button in getattr(group, "buttons", ()):
                    if button.action == self.quit and not getattr(button, "operator_quit", False):
                        button.visible = False

    def busy(self) -> bool:
        if self.kiosk is not None and self.kiosk.hold_progress > 0:
            return True
        return super().busy()

    def draw(self, alpha: float = 0.0) -> None:
        kiosk = self.kiosk
        if kiosk is not None:
            self._hide_quit()
        super().draw(alpha)
        if kiosk is not None and kiosk.hold_progress > 0.2:
            # A quiet ring in the operator corner: the operator sees the gesture is counting.
            c = kiosk.config
            x = 40 if c.corner.endswith("left") else L.W - 40
            y = 40 if c.corner.startswith("top") else L.H - 40
            rect = pygame.Rect(x - 26, y - 26, 52, 52)
            pygame.draw.arc(
                self.screen, GOLD, rect, math.pi / 2, math.pi / 2 + 2 * math.pi * kiosk.hold_progress, 5
            )

    def quit(self) -> None:
        self._drop_games()
        super().quit()


# ---------------------------------------------------------------------------------------------
# Command line


def add_arcade_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--kiosk", action="store_true", help="event cabinet: attract mode, idle reset, no Quit"
    )
    parser.add_argument("--data-dir", default=None, help="folder for settings and the autosave")
    st.add_arguments(parser, skip={"--speed", "--match-length"})


def split_arcade_args(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """Take the kiosk and settings flags out of ``argv``; the rest is the game screen's own flags.

    ``--speed`` and ``--match`` stay with the game screen's parser; whether they were given is noted
    so that they win over the saved settings.
    """
    parser = argparse.ArgumentParser(prog="main.py", add_help=False)
    add_arcade_arguments(parser)
    args, rest = parser.parse_known_args(argv)
    args.speed_flag = any(a == "--speed" or a.startswith("--speed=") for a in rest)
    args.match_flag = any(a == "--match" or a.startswith("--match=") for a in rest)
    return args, rest


def make_app(options: Options, args: argparse.Namespace | None, *, threaded_ai: bool = True) -> ArcadeApp:
    """The app with settings from the data folder, then the flags on top."""
    kiosk = bool(getattr(args, "kiosk", False))
    data_dir = getattr(args, "data_dir", None)
    folder = persist.data_dir(data_dir)
    settings = st.load_settings(folder)
    if args is not None:
        settings = st.apply_arguments(settings, args)
    if getattr(args, "speed_flag", False):
        settings = st.with_value(settings, "animation", options.speed)
    if getattr(args, "match_flag", False) and options.match_length in st.MATCH_LENGTHS:
        settings = st.with_value(settings, "match_length", options.match_length)
    if kiosk:
        options.fullscreen = options.fullscreen or options.size is None
    return ArcadeApp(options, settings, kiosk=kiosk, data_dir=folder, threaded_ai=threaded_ai)


__all__ = [
    "ArcadeApp",
    "AttractScene",
    "FairnessScene",
    "GameWatcher",
    "HowToScene",
    "KeypadScene",
    "OperatorScene",
    "SettingsScene",
    "StillPlayingScene",
    "add_arcade_arguments",
    "apply_language",
    "make_app",
    "split_arcade_args",
    "ui_catalogue",
]
