"""The title screen: what to play (computer, two players, demo), the match length and the level.

Also Continue (a saved game), Settings, dice statistics, How to play and the language.
Drawn once into the frame and then left alone: it never animates, so the loop sleeps on it.

When this run found the autosave unreadable and put it aside, a short notice across the top says
so (nobody reads a cabinet's stderr): the player would otherwise only see that Continue is gone.
It never takes input, and goes when the player leaves the title (a game, the demo, another screen)
or after :data:`NOTICE_SECONDS`, counted also while the loop sleeps (see ``App.idle_tick``).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import i18n
from .. import layout as L
from .. import settings as st
from ..board_view import BG, GOLD
from ..input import Intent
from ..opponent import ai_available
from ..persist import BrokenSave
from ..text import CACHE, draw_text, tr, tr_level
from .base import DIM, INK, ButtonScene, Host, button
from .dice_stats import DiceStatsScene
from .howto import HowToScene
from .settings import SettingsScene

MATCH_CHOICES = (1, 3, 5, 7, 0)
NOTICE_SECONDS = 30.0
"""How long the broken-save notice stays on an untouched title screen."""


class TitleScene(ButtonScene):
    def __init__(self, app: Host, broken_save: BrokenSave | None = None) -> None:
        super().__init__(app)
        self.match_length = app.settings.match_length
        self.placeholder = not ai_available()
        self.level = app.settings.level
        self.broken_save = broken_save
        """The autosave this run could not read (None: nothing to tell, or the notice has gone)."""
        self.notice_left = NOTICE_SECONDS
        self._build()

    # -- the broken-save notice -------------------------------------------------------------

    def notice_lines(self) -> list[str]:
        """The notice as shown, in the current language; empty when there is none."""
        broken = self.broken_save
        if broken is None:
            return []
        lines = [i18n.tr("saved.broken")]
        if broken.moved_to is not None:
            lines.append(i18n.tr("saved.broken_kept", file=broken.moved_to.name))
        return lines

    def tick_notice(self, seconds: float) -> bool:
        """Count the notice's time down; True when it has just gone (the screen must be drawn)."""
        if self.broken_save is None:
            return False
        self.notice_left -= seconds
        if self.notice_left > 0:
            return False
        self.dismiss_notice()
        return True

    def dismiss_notice(self) -> None:
        if self.broken_save is not None:
            self.broken_save = None
            self.dirty = True
            self.app.needs_draw = True

    def update(self, dt: float) -> None:
        self.tick_notice(dt)

    def exit(self) -> None:
        """Leaving the title for anything (a game, settings, how to play): the notice has been seen."""
        super().exit()
        self.dismiss_notice()

    def _draw_notice(self, surface: pygame.Surface) -> None:
        lines = self.notice_lines()
        if not lines:
            return
        right = L.W - 160 if self.app.kiosk is None else L.W - 12  # clear of Quit
        rect = pygame.Rect(12, 6, right - 12, 80)
        pygame.draw.rect(surface, (74, 30, 28), rect, border_radius=14)
        pygame.draw.rect(surface, GOLD, rect, 3, border_radius=14)
        mark = (rect.x + 38, rect.centery)
        pygame.draw.circle(surface, GOLD, mark, 21)
        draw_text(surface, "!", 30, mark, (74, 30, 28))
        text_x = (rect.x + 70 + rect.right - 12) // 2
        width = rect.right - 12 - (rect.x + 70)
        if len(lines) == 1:
            draw_text(surface, lines[0], 26, (text_x, rect.centery), INK, width=width)
            return
        draw_text(surface, lines[0], 26, (text_x, rect.y + 27), INK, width=width)
        draw_text(surface, lines[1], 20, (text_x, rect.y + 58), DIM, width=width)

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        cx = L.W // 2
        vs = tr("vs_random") if self.placeholder else tr("vs_computer")
        b.add(button((cx - 300, 190, 600, 84), vs, lambda: self.start("computer"), "green", size=34))
        b.add(button((cx - 300, 288, 600, 84), tr("two_players"), lambda: self.start("two"), "blue", size=34))
        b.add(button((cx - 300, 386, 290, 72), tr("demo"), lambda: self.start("demo"), "grey", size=28))
        b.add(button((cx + 10, 386, 290, 72), tr("how_to_play"), self.how_to, "grey", size=28))
        x = cx - 5 * 118 // 2
        for i, n in enumerate(MATCH_CHOICES):
            colour = "gold" if n == self.match_length else "grey"
            b.add(button((x + i * 118, 516, 108, 64), str(n) if n else "∞", self._length(n), colour, size=32))
        if not self.placeholder:
            self._level_buttons(cx)
        if self.app.kiosk is None:  # a cabinet's visitors have no Quit: the operator menu has it
            b.add(button((L.W - 148, 12, 136, 52), tr("quit"), self.app.quit, "red", size=24))
        if self.app.saved is not None:
            b.add(
                button((24, 196, 300, 84), i18n.tr("menu.continue"), self.app.continue_saved, "gold", size=26)
            )
        if self.app.kiosk is None:
            b.add(button((L.W - 324, 196, 300, 72), i18n.tr("menu.settings"), self.open_settings, "grey", 26))
        b.add(
            button((L.W - 324, 620, 300, 64), i18n.tr("operator.fairness"), self.open_dice_stats, "grey", 24)
        )
        for i, lang in enumerate(i18n.LANGUAGES):
            colour = "gold" if lang == i18n.get_language() else "grey"
            b.add(button((24 + i * 102, 620, 94, 64), lang.upper(), self._language(lang), colour, size=26))
        self.dirty = True

    def _level_buttons(self, cx: int) -> None:
        """Each level's button as wide as its name needs ("Középhaladó" is long), within the room
        left between the language buttons and the statistics button."""
        labels = [tr_level(level) for level in st.LEVELS]
        widths = [max(96, CACHE.font(22).size(text)[0] + 32) for text in labels]
        gap, room = 8, 600
        if sum(widths) + gap * 3 > room:
            scale = (room - gap * 3) / sum(widths)
            widths = [int(w * scale) for w in widths]
        x = cx - (sum(widths) + gap * 3) // 2
        for level, text, w in zip(st.LEVELS, labels, widths, strict=True):
            colour = "gold" if level == self.level else "grey"
            self.buttons.add(button((x, 628, w, 56), text, self._level(level), colour, size=22))
            x += w + gap

    def _length(self, n: int) -> Callable[[], None]:
        def choose() -> None:
            self.set_length(n)
            self._build()

        return choose

    def set_length(self, n: int) -> None:
        """The match length chosen here is the saved setting too, like the level: the settings screen
        shows the same, and it is still chosen when the player comes back to the title."""
        self.match_length = n
        if self.app.settings.match_length != n:
            self.app.apply_settings(st.with_value(self.app.settings, "match_length", n), save=True)

    def _level(self, level: str) -> Callable[[], None]:
        def choose() -> None:
            self.set_level(level)
            self._build()

        return choose

    def set_level(self, level: str) -> None:
        """The level chosen here is the saved setting too (the settings screen shows the same)."""
        self.level = level
        if self.app.settings.level != level:
            self.app.apply_settings(st.with_value(self.app.settings, "level", level), save=True)

    def _language(self, lang: str) -> Callable[[], None]:
        def choose() -> None:
            self.app.apply_settings(st.with_value(self.app.settings, "language", lang), save=True)
            self._build()

        return choose

    def start(self, mode: str) -> None:
        self.app.new_game(mode, 0 if mode == "demo" else self.match_length)

    def how_to(self) -> None:
        self.app.scenes.push(HowToScene(self.app))

    def open_settings(self) -> None:
        self.app.scenes.push(SettingsScene(self.app))

    def open_dice_stats(self) -> None:
        self.app.scenes.push(DiceStatsScene(self.app))

    def enter(self) -> None:
        super().enter()
        self.level = self.app.settings.level  # changed on the settings screen meanwhile
        self.match_length = self.app.settings.match_length
        self._build()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            return
        if intent.kind == "nav" and intent.command == "select" and self.buttons.focused() is None:
            self.start("computer")  # Enter on the title plays the computer at once
            return
        self.buttons.handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        for i in range(0, L.W, 80):
            colour = (150, 36, 40) if (i // 80) % 2 else (200, 176, 120)
            pygame.draw.polygon(surface, colour, [(i, 0), (i + 80, 0), (i + 40, 60)])
            pygame.draw.polygon(surface, colour, [(i, L.H), (i + 80, L.H), (i + 40, L.H - 26)])
        if self.broken_save is None:
            draw_text(surface, tr("app_title"), 84, (L.W // 2, 110), GOLD, shadow=True)
            draw_text(surface, tr("subtitle"), 22, (L.W // 2, 166), (200, 210, 230))
        else:  # the notice takes the top; the how-to-drag hint waits until it has gone
            draw_text(surface, tr("app_title"), 84, (L.W // 2, 130), GOLD, shadow=True)
        if self.match_length == 0:
            length = tr("session")
        else:
            length = tr("match_point") if self.match_length == 1 else tr("match_points", n=self.match_length)
        draw_text(surface, tr("match_length", length=length), 26, (L.W // 2, 496), (230, 230, 240))
        if not self.placeholder:
            level = tr("computer_level", level=tr_level(self.level))
            draw_text(surface, level, 20, (L.W // 2, 610), (190, 200, 220))
        self.buttons.draw(surface, self.app.sprites)
        for x, name in ((150, "white"), (L.W - 150, "black")):
            sprite = self.app.sprites.get(f"checker_{name}")
            for k in range(3):
                surface.blit(sprite, sprite.get_rect(center=(x, 330 + k * 50)))
        self._draw_notice(surface)
