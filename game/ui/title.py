"""Title, pause menu and how-to-play scenes.

The title is drawn once into a cached surface and then only blitted; it never
animates, so the loop sleeps on it (idle CPU near zero).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import layout as L
from .app import SPEEDS
from .board_view import BG, GOLD
from .input import Intent
from .opponent import ai_available
from .scene import Scene
from .text import CACHE, draw_text, tr, tr_level
from .widgets import Button, ButtonGroup, shade

MATCH_CHOICES = (1, 3, 5, 7, 0)
LEVELS = ("beginner", "intermediate", "advanced", "expert")
"""The computer's levels, named as ``game.ai.api.LEVELS`` names them (not imported: the title starts fast)."""
DEFAULT_LEVEL = "intermediate"


class TitleScene(Scene):
    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.match_length = self.app.options.match_length
        self.placeholder = not ai_available()
        settings = getattr(self.app, "settings", None)
        self.level: str = getattr(settings, "level", DEFAULT_LEVEL)
        self.buttons = ButtonGroup()
        self._build()

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        cx = L.W // 2
        vs = tr("vs_random") if self.placeholder else tr("vs_computer")
        b.add(
            Button(pygame.Rect(cx - 300, 190, 600, 84), vs, lambda: self.start("computer"), "green", size=34)
        )
        b.add(
            Button(
                pygame.Rect(cx - 300, 288, 600, 84),
                tr("two_players"),
                lambda: self.start("two"),
                "blue",
                size=34,
            )
        )
        b.add(
            Button(
                pygame.Rect(cx - 300, 386, 290, 72), tr("demo"), lambda: self.start("demo"), "grey", size=28
            )
        )
        b.add(Button(pygame.Rect(cx + 10, 386, 290, 72), tr("how_to_play"), self.how_to, "grey", size=28))
        x = cx - 5 * 118 // 2
        for i, n in enumerate(MATCH_CHOICES):
            label = str(n) if n else "∞"
            colour = "gold" if n == self.match_length else "grey"
            b.add(Button(pygame.Rect(x + i * 118, 516, 108, 64), label, self._setter(n), colour, size=32))
        # The computer's level is chosen here, just before playing (issue: "choose the level on the
        # title screen"); the animation speed is in the pause menu and the settings.
        if not self.placeholder:
            # Each button as wide as its name needs ("Középhaladó" is long), within the space
            # the arcade title leaves between its language buttons and its statistics button.
            labels = [tr_level(level) for level in LEVELS]
            widths = [max(96, CACHE.font(22).size(text)[0] + 32) for text in labels]
            gap, room = 8, 600
            if sum(widths) + gap * 3 > room:
                scale = (room - gap * 3) / sum(widths)
                widths = [int(w * scale) for w in widths]
            x = cx - (sum(widths) + gap * 3) // 2
            for level, text, w in zip(LEVELS, labels, widths, strict=True):
                colour = "gold" if level == self.level else "grey"
                b.add(Button(pygame.Rect(x, 628, w, 56), text, self._level_setter(level), colour, size=22))
                x += w + gap
        b.add(Button(pygame.Rect(L.W - 148, 12, 136, 52), tr("quit"), self.app.quit, "red", size=24))
        self.dirty = True

    def _setter(self, n: int):  # type: ignore[no-untyped-def]
        def set_length() -> None:
            self.match_length = n
            self._build()

        return set_length

    def _level_setter(self, level: str) -> Callable[[], None]:
        def choose() -> None:
            self.set_level(level)
            self._build()

        return choose

    def set_level(self, level: str) -> None:
        """The level the next game against the computer uses (the arcade title also saves it)."""
        self.level = level

    def start(self, mode: str) -> None:
        from .game_scene import GameScene, GameSetup

        length = 0 if mode == "demo" else self.match_length
        setup = GameSetup(mode=mode, match_length=length, seed=self.app.options.seed, level=self.level)
        self.app.scenes.replace(GameScene(self.app, setup))

    def how_to(self) -> None:
        self.app.scenes.push(HowToScene(self.app))

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            return
        if intent.kind == "key" and intent.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.start("computer")
            return
        self.buttons.handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        for i in range(0, L.W, 80):
            colour = (150, 36, 40) if (i // 80) % 2 else (200, 176, 120)
            pygame.draw.polygon(surface, colour, [(i, 0), (i + 80, 0), (i + 40, 60)])
            pygame.draw.polygon(surface, colour, [(i, L.H), (i + 80, L.H), (i + 40, L.H - 26)])
        draw_text(surface, tr("app_title"), 84, (L.W // 2, 110), GOLD, shadow=True)
        draw_text(surface, tr("subtitle"), 22, (L.W // 2, 166), (200, 210, 230))
        length = (
            tr("session")
            if self.match_length == 0
            else (tr("match_point") if self.match_length == 1 else tr("match_points", n=self.match_length))
        )
        draw_text(surface, tr("match_length", length=length), 26, (L.W // 2, 496), (230, 230, 240))
        if not self.placeholder:
            draw_text(
                surface,
                tr("computer_level", level=tr_level(self.level)),
                20,
                (L.W // 2, 610),
                (190, 200, 220),
            )
        self.buttons.draw(surface, self.app.sprites)
        for x, name in ((150, "white"), (L.W - 150, "black")):
            sprite = self.app.sprites.get(f"checker_{name}")
            for k in range(3):
                surface.blit(sprite, sprite.get_rect(center=(x, 330 + k * 50)))


class HowToScene(Scene):
    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.buttons = ButtonGroup()
        self.buttons.add(
            Button(
                pygame.Rect(L.W // 2 - 150, L.H - 96, 300, 72),
                tr("back"),
                self.close,
                "blue",
                size=32,
            )
        )

    def close(self) -> None:
        self.app.scenes.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            self.close()
            return
        self.buttons.handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, tr("howto_title"), 52, (L.W // 2, 60), GOLD)
        for i in range(1, 10):
            draw_text(
                surface,
                tr(f"howto_{i}"),
                24,
                (70, 110 + i * 54),
                (235, 235, 245),
                anchor="midleft",
                width=L.W - 140,
            )
        self.buttons.draw(surface, self.app.sprites)


class MenuScene(Scene):
    """Pause menu over the board (not opaque): resume, speed, leave to title, quit."""

    opaque = False

    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.buttons = ButtonGroup()
        self._build()

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        cx, y = L.W // 2, 200
        b.add(Button(pygame.Rect(cx - 220, y, 440, 84), tr("resume"), self.close, "green", size=34))
        for i, speed in enumerate(SPEEDS):
            colour = "gold" if speed == self.app.speed else "grey"
            b.add(
                Button(
                    pygame.Rect(cx - 220 + i * 150, y + 110, 140, 64),
                    tr(f"speed_{speed}"),
                    self._speed(speed),
                    colour,
                    size=24,
                )
            )
        b.add(Button(pygame.Rect(cx - 220, y + 200, 440, 72), tr("to_title"), self.to_title, "blue", size=30))
        b.add(Button(pygame.Rect(cx - 220, y + 290, 440, 64), tr("quit"), self.app.quit, "red", size=26))

    def _speed(self, speed: str):  # type: ignore[no-untyped-def]
        def set_speed() -> None:
            self.app.speed = speed
            self._build()

        return set_speed

    def to_title(self) -> None:
        self.app.scenes.reset(TitleScene(self.app))

    def close(self) -> None:
        self.app.scenes.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            self.close()
            return
        self.buttons.handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade(surface, 170)
        box = pygame.Rect(L.W // 2 - 260, 110, 520, 500)
        pygame.draw.rect(surface, (30, 36, 50), box, border_radius=18)
        pygame.draw.rect(surface, GOLD, box, 4, border_radius=18)
        draw_text(surface, tr("paused"), 40, (L.W // 2, 150), GOLD)
        self.buttons.draw(surface, self.app.sprites)
