"""The title screen: what to play (computer, two players, demo), the match length and the level.

Also Continue (a saved game), Settings, dice statistics, How to play and the language.
Drawn once into the frame and then left alone: it never animates, so the loop sleeps on it.

When this run found the autosave unreadable and put it aside, a short notice across the top says
so (nobody reads a cabinet's stderr): the player would otherwise only see that Continue is gone.
It never takes input, and goes when the player leaves the title (a game, the demo, another screen)
or after :data:`NOTICE_SECONDS`, counted also while the loop sleeps (see ``App.idle_tick``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from game import i18n
from game.ai.levels import LEVELS, Level
from game.session import persist
from game.session import settings as st
from game.session.commands import Command
from game.session.modes import GameMode
from game.session.persist import BrokenSave
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.input import Intent, IntentKind
from game.ui.lines import two_lines
from game.ui.scene import DIM, INK, ButtonScene, Host, button
from game.ui.scenes.dice_stats import DiceStatsScene
from game.ui.scenes.howto import HowToScene
from game.ui.scenes.learn_offer import draw_offer, offer_button
from game.ui.scenes.settings import AccessScene, SettingsScene
from game.ui.text import CACHE, READ_SIZE, draw_text
from game.ui.widgets import PAD, common_size, row_widths, spread

log = logging.getLogger(__name__)

MATCH_CHOICES = (1, 3, 5, 7, 0)
Choice = tuple[str, Callable[[], None], str]
"""A button to be placed: its label, its action and its colour."""
MAIN_SIZE, PAIR_SIZE, LEVEL_SIZE, SIDE_SIZE = 34, 28, READ_SIZE, 26
"""The text size of each group of buttons that sit together (every label of a group is drawn at its
group's size, one size smaller for all where a language needs it; see ``widgets.common_size``)."""
MIDDLE_W, PAIR_GAP = 600, 20
"""The middle column (the ways to play, Demo and How to play); the gap between Demo and How to play."""
SIDE_W = 300
"""The side columns' top buttons (Continue, Settings) beside the middle column."""
TOP_Y, TOP_H = 190, 84
"""The top row: Continue, the first way to play and Settings, one top and one bottom edge (a real
window showed the three at three heights, Continue 84 and Settings 72 at 196 beside 84 at 190)."""
LANG_W, STATS_W, LEVEL_ROOM = 76, 280, 692
"""The bottom row: the language buttons and the statistics button stay narrower than the side column,
so that the levels between them have 692 pixels (room for the four levels at the floor,
:data:`~game.ui.text.READ_SIZE`, 16 pixels of an 800x480 window: "Intermediate" is the longest), as
far from their neighbours as from each other."""
LEVEL_AIR = PAD
"""A level button's width beyond its name's: the least a label needs (the four fit at the floor in
English with 2 pixels to spare)."""
CHECKERS_Y = 420
"""The top checker of the two stacks beside the middle column, under Learn to play (left) and in line
with it (right)."""
NOTICE_SECONDS = 30.0
"""How long the broken-save notice stays on an untouched title screen."""


class TitleScene(ButtonScene):
    def __init__(
        self,
        app: Host,
        broken_save: BrokenSave | None = None,
        broken_settings: BrokenSave | None = None,
        offer_learning: bool = False,
    ) -> None:
        super().__init__(app)
        self.offer_learning = offer_learning
        """Across the top: "New to backgammon? Learn in two minutes" (a first-time player, a kiosk's
        visitor). It takes no input but its button, so the title works as ever under it."""
        self.match_length = app.settings.match_length
        self.level = app.settings.level
        self.broken_save = broken_save
        """The autosave this run could not read (None: nothing to tell, or the notice has gone)."""
        self.broken_settings = broken_settings
        """The settings file this run could not read (the same)."""
        self.notice_left = NOTICE_SECONDS
        self.not_saved = ""
        """Why a choice made here (language, level, length) could not be saved: shown in the notice's
        place (issue 37: a read-only or full data folder said nothing)."""
        self.pointed = False
        """A pointer pressed here: the focus ring stays away until a key (see :meth:`_first_focus`)."""
        self._build()

    def _save(self, settings: st.Settings) -> None:
        """Make ``settings`` current and save them; a disk that refuses is said here, to the player."""
        if not self.app.apply_settings(settings, save=True):
            self.not_saved = persist.last_error() or "?"
            self.notice_left = NOTICE_SECONDS
            self.app.needs_draw = True

    # -- the broken-save notice -------------------------------------------------------------

    def notice_lines(self) -> list[str]:
        """The notice as shown, in the current language; empty when there is none."""
        broken = [
            (file, key)
            for file, key in ((self.broken_save, "saved.broken"), (self.broken_settings, "settings.broken"))
            if file is not None
        ]
        lines = [i18n.tr(key) for _, key in broken]
        if self.not_saved:
            lines.append(i18n.tr("settings.not_saved", reason=self.not_saved))
        # One file: where it was put aside. Two: their new names are in the log.
        moved_to = broken[0][0].moved_to if len(broken) == 1 else None
        if moved_to is not None:
            lines.append(i18n.tr("saved.broken_kept", file=moved_to.name))
        return lines

    @property
    def notice_up(self) -> bool:
        return self.broken_save is not None or self.broken_settings is not None or bool(self.not_saved)

    def idle_tick(self, seconds: float) -> bool:
        """Count the notice's time down; True when it has just gone (the screen must be drawn)."""
        if not self.notice_up:
            return False
        self.notice_left -= seconds
        if self.notice_left > 0:
            return False
        self.dismiss_notice()
        return True

    def dismiss_notice(self) -> None:
        if self.notice_up:
            self.broken_save = self.broken_settings = None
            self.not_saved = ""
            self.app.needs_draw = True
            if self.offer_learning:
                self._build()  # the offer takes the top in the notice's place

    def update(self, dt: float) -> None:
        self.idle_tick(dt)

    def exit(self) -> None:
        """Leaving the title for anything (a game, settings, how to play): the notice has been seen,
        and a newcomer's offer of the lessons has been made (it is made once; a kiosk makes it to
        every visitor)."""
        super().exit()
        self.dismiss_notice()
        settings = self.app.settings
        if self.offer_learning and self.app.kiosk is None and not settings.learn_offered:
            self.app.apply_settings(st.with_value(settings, "learn_offered", True), save=True)

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
            said = two_lines(lines[0], READ_SIZE, width)  # a long reason ("Ei tallennettu (...)") in two
            if len(said) == 1:
                draw_text(surface, lines[0], READ_SIZE, (text_x, rect.centery), INK, width=width)
                return
            lines = said
        second = DIM if len(self.notice_lines()) > 1 else INK  # one sentence split in two: all of it INK
        draw_text(surface, lines[0], READ_SIZE, (text_x, rect.y + 27), INK, width=width)
        draw_text(surface, lines[1], READ_SIZE, (text_x, rect.y + 58), second, width=width)

    @property
    def offer_up(self) -> bool:
        """The lessons' offer shows (the broken-save notice, while up, has the top to itself)."""
        return self.offer_learning and not self.notice_up

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        self._middle_buttons()
        x = L.W // 2 - 5 * 118 // 2
        for i, n in enumerate(MATCH_CHOICES):
            colour = "gold" if n == self.match_length else "grey"
            b.add(button((x + i * 118, 516, 108, 64), str(n) if n else "∞", self._length(n), colour, size=32))
        self._level_buttons()
        if self.app.kiosk is None:  # a cabinet's visitors have no Quit: the operator menu has it
            b.add(button((L.W - 148, 12, 136, 52), i18n.tr("ui.quit"), self.app.quit, "red", size=READ_SIZE))
        self._side_buttons()
        if self.offer_up:
            self.buttons.add(offer_button(self.app.kiosk is not None, self.learn))
        self._first_focus()

    def _first_focus(self) -> None:
        """The focus ring from the start (issue 36: a keyboard's first press only showed it): on
        Continue with a saved game, else on playing the computer (what Enter did without a ring)."""
        if self.pointed:
            return
        actions = [b.action for b in self.buttons.buttons]
        if self.app.continue_saved in actions:
            self.buttons.focus = actions.index(self.app.continue_saved)
        else:
            self.buttons.focus = 0

    def _middle_buttons(self) -> None:
        """The middle column: the two ways to play at one size, then Demo and How to play side by side
        at one size (each as wide as its label needs, the pair filling the column)."""
        cx = L.W // 2
        main: list[Choice] = [
            (i18n.tr("ui.vs_computer"), lambda: self.start(GameMode.COMPUTER), "green"),
            (i18n.tr("ui.two_players"), lambda: self.start(GameMode.TWO), "blue"),
        ]
        size = common_size(
            [(label, MIDDLE_W - PAD, 1) for label, _, _ in main], MAIN_SIZE, CACHE.floor(READ_SIZE)
        )
        for i, (label, action, colour) in enumerate(main):
            self.buttons.add(
                button((cx - MIDDLE_W // 2, TOP_Y + 98 * i, MIDDLE_W, TOP_H), label, action, colour, size)
            )
        pair: list[Choice] = [
            (i18n.tr("ui.demo"), lambda: self.start(GameMode.DEMO), "grey"),
            (i18n.tr("ui.how_to_play"), self.how_to, "grey"),
        ]
        labels = [label for label, _, _ in pair]
        size, widths = row_widths(
            labels, PAIR_SIZE, MIDDLE_W, gap=PAIR_GAP, air=40, least=150, smallest=CACHE.floor(READ_SIZE)
        )
        x = cx - MIDDLE_W // 2
        for (label, action, colour), w in zip(pair, spread(widths, MIDDLE_W, PAIR_GAP), strict=True):
            self.buttons.add(button((x, 386, w, 72), label, action, colour, size))
            x += w + PAIR_GAP

    def _level_buttons(self) -> None:
        """Each level's button as wide as its name needs ("Intermediate", "Középhaladó" are long), all
        at one size, in the room between the language buttons and the statistics button."""
        labels = [i18n.tr_level(level) for level in LEVELS]
        gap = 8
        size, widths = row_widths(
            labels, LEVEL_SIZE, LEVEL_ROOM, gap=gap, air=LEVEL_AIR, least=96, smallest=CACHE.floor(READ_SIZE)
        )
        left = 24 + len(i18n.LANGUAGES) * (LANG_W + 8)  # past the language buttons and a gap
        x = left + (LEVEL_ROOM - sum(widths) - gap * (len(widths) - 1)) // 2
        for level, text, w in zip(LEVELS, labels, widths, strict=True):
            colour = "gold" if level == self.level else "grey"
            self.buttons.add(button((x, 628, w, 56), text, self._level(level), colour, size))
            x += w + gap

    def _side_buttons(self) -> None:
        """The buttons beside the middle column (Continue, Settings, dice statistics, the languages),
        all at one size; "Continue saved game" takes two lines where one does not hold it at that size
        (in Hungarian, "A mentett játék folytatása", it never does in the side column's width)."""
        side: list[tuple[tuple[int, int, int, int], str, Callable[[], None], str, int]] = []
        if self.app.saved is not None:
            continue_rect = (24, TOP_Y, SIDE_W, TOP_H)
            side.append((continue_rect, i18n.tr("menu.continue"), self.app.continue_saved, "gold", 2))
        learn_rect = (24, TOP_Y + 98, SIDE_W, TOP_H)  # beside Two players, under Continue
        side.append((learn_rect, i18n.tr("learn.button"), self.learn, "gold", 2))
        settings_rect = (L.W - 24 - SIDE_W, TOP_Y, SIDE_W, TOP_H)
        if self.app.kiosk is None:
            side.append((settings_rect, i18n.tr("menu.settings"), self.open_settings, "grey", 1))
        elif self.app.settings.access_open:  # a visitor's own: larger text, another board, a voice
            side.append((settings_rect, i18n.tr("settings.access"), self.open_access, "grey", 2))
        stats_rect = (L.W - 24 - STATS_W, 620, STATS_W, 64)
        side.append((stats_rect, i18n.tr("operator.fairness"), self.open_dice_stats, "grey", 1))
        for i, lang in enumerate(i18n.LANGUAGES):
            colour = "gold" if lang == i18n.get_language() else "grey"
            side.append(
                ((24 + i * (LANG_W + 8), 620, LANG_W, 64), lang.upper(), self._language(lang), colour, 1)
            )
        rows = [(label, rect[2] - PAD, lines) for rect, label, _, _, lines in side]
        size = common_size(rows, SIDE_SIZE, CACHE.floor(READ_SIZE))
        for rect, label, action, colour, lines in side:
            self.buttons.add(button(rect, label, action, colour, size)).lines = lines

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
            self._save(st.with_value(self.app.settings, "match_length", n))

    def _level(self, level: Level) -> Callable[[], None]:
        def choose() -> None:
            self.set_level(level)
            self._build()

        return choose

    def set_level(self, level: Level) -> None:
        """The level chosen here is the saved setting too (the settings screen shows the same)."""
        self.level = level
        if self.app.settings.level != level:
            self._save(st.with_value(self.app.settings, "level", level))

    def _language(self, lang: str) -> Callable[[], None]:
        def choose() -> None:
            self._save(st.with_value(self.app.settings, "language", lang))
            self._build()

        return choose

    def start(self, mode: GameMode) -> None:
        self.app.new_game(mode, 0 if mode == GameMode.DEMO else self.match_length)

    def how_to(self) -> None:
        self.app.scenes.push(HowToScene(self.app))

    def learn(self) -> None:
        """Learn to play, in this screen's place (Back comes back to the title). A lessons file that
        cannot be used (a broken install: the tests check the shipped one) is logged, and the title stays."""
        from game.session.lessons import LessonError
        from game.ui.scenes.learn import LearnScene  # the lessons' screen loads only when asked for

        try:
            scene = LearnScene(self.app)
        except LessonError as exc:
            log.error("Learn to play cannot start: %s", exc)
            return
        self.app.start_game(scene)

    def open_settings(self) -> None:
        self.app.scenes.push(SettingsScene(self.app))

    def open_access(self) -> None:
        """A cabinet's visitor's accessibility settings, for their visit (the operator's come back)."""
        self.app.scenes.push(AccessScene(self.app, visitor=True))

    def open_dice_stats(self) -> None:
        self.app.scenes.push(DiceStatsScene(self.app))

    def enter(self) -> None:
        super().enter()
        self.level = self.app.settings.level  # changed on the settings screen meanwhile
        self.match_length = self.app.settings.match_length
        self._build()

    def handle(self, intent: Intent) -> None:
        if intent.kind == IntentKind.BACK:
            return
        if intent.kind == IntentKind.DOWN:
            self.pointed = True
        selecting = intent.kind == IntentKind.NAV and intent.command is Command.SELECT
        if selecting and self.buttons.focused() is None:
            actions = [b.action for b in self.buttons.buttons]
            if self.app.continue_saved in actions:  # a new game would delete the saved one: show Continue
                self.buttons.focus = actions.index(self.app.continue_saved)
            else:
                self.start(GameMode.COMPUTER)  # Enter on the title plays the computer at once
            return
        self.buttons.handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        points = self.app.sprites.look.points  # the board set's points, as on its board
        for i in range(0, L.W, 80):
            colour = points["dark"] if (i // 80) % 2 else points["light"]
            pygame.draw.polygon(surface, colour, [(i, 0), (i + 80, 0), (i + 40, 60)])
            pygame.draw.polygon(surface, colour, [(i, L.H), (i + 80, L.H), (i + 40, L.H - 26)])
        if not self.notice_up and not self.offer_up:
            draw_text(surface, i18n.tr("ui.app_title"), 84, (L.W // 2, 110), GOLD, shadow=True)
            draw_text(
                surface, i18n.tr("ui.subtitle"), READ_SIZE, (L.W // 2, 166), (200, 210, 230), width=L.W - 80
            )
        else:  # the notice (or the offer) takes the top; the how-to-drag hint waits until it has gone
            draw_text(surface, i18n.tr("ui.app_title"), 84, (L.W // 2, 130), GOLD, shadow=True)
        if self.match_length == 0:
            length = i18n.tr("ui.session")
        else:
            length = (
                i18n.tr("ui.match_point")
                if self.match_length == 1
                else i18n.tr("ui.match_points", n=self.match_length)
            )
        draw_text(surface, i18n.tr("ui.match_length", length=length), 26, (L.W // 2, 496), (230, 230, 240))
        level = i18n.tr("ui.computer_level", level=i18n.tr_level(self.level))
        draw_text(surface, level, READ_SIZE, (L.W // 2, 604), (190, 200, 220))
        if self.offer_up:
            draw_offer(surface, self.app.kiosk is not None)
        self.buttons.draw(surface, self.app.sprites)
        for x, name in ((150, "white"), (L.W - 150, "black")):
            sprite = self.app.sprites.get(f"checker_{name}")
            for k in range(3):
                surface.blit(sprite, sprite.get_rect(center=(x, CHECKERS_Y + k * 50)))
        self._draw_notice(surface)
