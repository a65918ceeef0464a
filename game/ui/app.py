"""The application: one App owns the window, the scene stack, the settings, sound, autosave and the kiosk.

What it holds and why here: everything that lives longer than one screen. Scenes
come and go on the stack and reach the App through its typed face
(:class:`game.ui.scene.Host`); the game's controller publishes what happens
in a game on :attr:`App.events`, where autosave, sound and the dice statistics
listen. Settings are one value (defaults, then the saved file, then the command
line: see :mod:`game.ui.cli`) made current everywhere by :meth:`App.apply_settings`.

The real-time loop is in :mod:`game.ui.loop`; a test drives the App with
:meth:`App.handle_event` and :meth:`App.step` and never reads a clock.
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable
from os import PathLike

import pygame

from game import i18n
from game.review.judge import PlayerReview
from game.session import lessons, persist
from game.session import settings as st
from game.session.controller import GameSetup
from game.session.dice_stats import DiceStats
from game.session.events import Autosave, EventBus
from game.session.kiosk import Kiosk, Mode, kiosk_config
from game.session.leaderboard import Leaderboard
from game.session.local_tournament import LocalTournament
from game.session.modes import GameMode
from game.session.operator_lock import OperatorLock, read_notices
from game.session.recording import RecordKeeper
from game.session.speech import Speaker
from game.ui import access, controls, routes
from game.ui import layout as L
from game.ui.audio import Audio
from game.ui.board.anim import STEP_SECONDS
from game.ui.board.sprites import Sprites
from game.ui.display import Display
from game.ui.focus_voice import Reader
from game.ui.input import InputMapper, Intent
from game.ui.kiosk.leaderboard import offer_entry
from game.ui.kiosk.rules import KioskRules
from game.ui.launch import Launch
from game.ui.listeners import abandon_games, listen
from game.ui.scene import Scene, SceneStack
from game.ui.text import CACHE
from game.ui.tournament.hub import open_tournament

STEP = STEP_SECONDS

log = logging.getLogger(__name__)


def apply_language(lang: str) -> None:
    """Switch every text on screen to ``lang``; the rendered texts of the last language are dropped."""
    i18n.set_language(lang)
    CACHE.clear()


class App:
    """Window, scene stack, input, settings, sound, autosave, match records, dice statistics, the
    leaderboard; in kiosk mode the kiosk."""

    def __init__(
        self,
        settings: st.Settings | None = None,
        launch: Launch | None = None,
        *,
        data_dir: str | PathLike[str] | None = None,
        threaded_ai: bool = True,
        clock: Callable[[], float] = time.time,
        stored: st.Settings | None = None,
        broken_settings: persist.BrokenSave | None = None,
    ) -> None:
        self.launch = launch if launch is not None else Launch()
        self.seed = self.launch.seed
        self.threaded_ai = threaded_ai
        """The computer thinks beside the loop, in worker processes (the game); False: at once, in this
        thread (tests and ``--frames``: a seeded game replays identically)."""
        self.data_dir = persist.data_dir(data_dir)
        self.clock = clock
        """Wall-clock seconds for save times (a test passes a fake clock)."""
        self.settings = settings if settings is not None else st.load_settings(self.data_dir)
        self.stored = st.Stored(stored if stored is not None else self.settings, self.settings)
        """The settings file's values: the flags' are for this run only (``stored``: the file's)."""
        self.broken_settings = broken_settings
        """A settings file this run could not read (told on the first title only, see ``initial_scene``)."""
        pygame.display.init()
        pygame.font.init()
        CACHE.reset()
        self.screen = self._open_window()
        self.sprites = Sprites()
        self.scenes = SceneStack()
        self.input = InputMapper()
        self.running = True
        self.time = 0.0
        """Game time in seconds, advanced only by fixed steps."""
        self.needs_draw = True
        self.drawn_key: object = None  # the picture key of the frame the loop drew last (game.ui.loop)
        self.errors = 0
        self.audio = Audio(self.settings.sound, self.settings.volume)
        self.dice_stats = DiceStats()
        self.saved: persist.SavedGame | None = None
        self.notices: list[str] = (  # what went wrong that the operator must see (the operator menu)
            read_notices(self.data_dir) if self.launch.kiosk else []
        )
        self.lock = OperatorLock(self.data_dir, self.settings.operator_code, self.clock)
        self.kiosk: Kiosk | None = (
            Kiosk(kiosk_config(self.settings, (L.W, L.H), self.lock.verify), start=Mode.ATTRACT)
            if self.launch.kiosk
            else None
        )
        self.kiosk_rules = KioskRules(self, self.kiosk) if self.kiosk is not None else None
        self.events = EventBus()
        self.autosave = Autosave(lambda: self.data_dir, self.clock)
        self.records = RecordKeeper(lambda: self.data_dir, self.clock)
        self.leaderboard = Leaderboard(lambda: self.data_dir, self.clock)
        self.speech = Speaker()  # the spoken mode's voice: silent unless on and espeak-ng is there
        self.reader = Reader(lambda: self.speech)  # says the focused button or the cursor's point
        self.speech_hold = access.speech_hold(self)  # a press held still turns the spoken mode over
        self.desk = LocalTournament(lambda: self.data_dir, self.records.match_record)  # the tournament
        self.desk.on_scored = self._scored  # a tournament match that ended: scored, said on its screen
        self._scored_notice: i18n.Message | None = None
        listen(self, lambda: self.audio)
        self.visit_settings: st.Settings | None = None  # kiosk: the operator's, while a visitor's are on
        self._collect = False
        self.apply_settings(self.settings, save=False)  # also opens the sound device when sound is on

    def _open_window(self) -> pygame.Surface:
        """The window (:mod:`game.ui.display`), and the logical W x H surface the scenes draw on."""
        launch = self.launch
        pygame.display.set_caption("Backgammon")
        self.display = Display(
            fullscreen=launch.fullscreen,
            size=launch.size,
            rotate=self.settings.rotation,
            present=launch.present,
        )
        screen = self.display.open()
        if launch.kiosk:
            self.display.hide_pointer()  # a cabinet's visitors touch; no pointer sits on the board
        return screen

    # -- settings ---------------------------------------------------------------------------

    @property
    def speed(self) -> str:
        """The animation speed (a setting)."""
        return self.settings.animation

    def apply_settings(self, settings: st.Settings, save: bool) -> bool:
        """Make ``settings`` current everywhere (language, sound, speed, kiosk); optionally save them
        (False: the disk refused, the caller says so)."""
        language_changed = settings.language != i18n.get_language()
        self.settings = settings
        apply_language(settings.language)
        self.audio.apply(settings)
        self.input.keys = controls.keymap(dict(settings.keys))
        if L.LAYOUT.set_home("left" if settings.direction == "home-left" else "right"):
            self.needs_draw = True  # drawing and hit testing both follow the one layout
        self.needs_draw |= access.apply(settings, self.sprites, self.speech)  # board set, text size, voice
        if settings.rotation != self.display.rotate:
            self.display.set_rotation(settings.rotation)  # drawing and input turn together
            self.needs_draw = True
        if self.kiosk is not None:
            self.kiosk.config = kiosk_config(settings, (L.W, L.H), self.lock.verify)
        saved = True
        if save:
            if self.visit_settings is not None:  # a visitor's own choices are for the visit: not saved
                settings = access.with_access_of(settings, self.visit_settings)
            saved = st.save_settings(self.stored.to_save(settings), self.data_dir)
        if language_changed:
            CACHE.clear()
            self.needs_draw = True
        return saved

    # -- where to go ---------------------------------------------------------------------------

    def initial_scene(self) -> Scene:
        """What the command line asked for; else (kiosk) a young autosave or the demo; else the title."""
        start = self.launch.start
        broken_settings, self.broken_settings = self.broken_settings, None
        if self.kiosk_rules is not None and self.launch.bench_frames is None and not self.lock.usable:
            # A cabinet without its operator code is played by nobody, whatever --start asks for: a
            # game, the demo a touch wakes, or a tournament's organiser screen would be open to all.
            return self.kiosk_rules.start_scene(self._resumed_scene, self.setup(GameMode.DEMO, 0))
        if start == GameMode.DEMO or self.launch.bench_frames is not None:
            return routes.game(self, self.setup(GameMode.DEMO, 0))
        if start in (GameMode.COMPUTER, GameMode.TWO):
            return routes.game(self, self.setup(GameMode(start), self.settings.match_length))
        if start == "tournament":  # an organiser at a laptop (a cabinet: the operator menu has it)
            return routes.tournament(self)
        if start == "desk":  # the desk or a board at a laptop (a cabinet: the operator menu has it)
            return routes.desk(self)
        if self.kiosk_rules is not None:  # a game cut off comes back; else the demo; a code first
            return self.kiosk_rules.start_scene(self._resumed_scene, self.setup(GameMode.DEMO, 0))
        return self._title(broken_settings)

    def _title(self, broken_settings: persist.BrokenSave | None = None) -> Scene:
        """The title with the autosave read again (Continue), telling the player if it was broken
        (and, on the first title, if the settings were)."""
        loaded = persist.load_game_checked(self.data_dir)
        self.saved = loaded.game
        offer = self.kiosk is None and lessons.offer_due(
            self.settings.learn_offered, self.data_dir, self.saved is not None
        )
        return routes.title(self, loaded.broken, broken_settings, offer_learning=offer)

    def setup(
        self, mode: GameMode, match_length: int, level: str | None = None, coach: bool = False
    ) -> GameSetup:
        """A new game as the settings say (level, unless one is given; typed dice) with this run's seed."""
        level, hand = level or self.settings.level, self.settings.hand_dice and mode != GameMode.DEMO
        shared = mode != GameMode.DEMO  # the players add their part to the dice (issue 37)
        return GameSetup(
            mode, match_length, self.seed, level, coach=coach, hand_dice=hand, shared_dice=shared
        )

    def new_game(
        self,
        mode: GameMode,
        match_length: int | None = None,
        *,
        level: str | None = None,
        coach: bool = False,
    ) -> None:
        """Start a new game or demo from the title; a new game replaces the old save.

        The demo is never saved, so it leaves the save alone (Continue brings the game back after it),
        except on a cabinet, where a left game belongs to someone who has gone (as in the attract mode).
        ``level`` and ``coach``: Learn to play's first game is against the beginner with the coach on,
        whatever the settings say.
        """
        length = self.settings.match_length if match_length is None else match_length
        if mode != GameMode.DEMO or self.kiosk is not None:
            abandon_games(self)
            persist.clear_game(self.data_dir)
            self.saved = None
        self.start_game(routes.game(self, self.setup(mode, length, level, coach)))

    def _resumed_scene(self, saved: persist.SavedGame) -> Scene:
        self._scored_notice = None
        scene = routes.resumed(self, saved, self.seed)  # its dice, clock, names, tournament
        if scene.game.mode != GameMode.DEMO and self.records.recorder is None:
            # The record could not be continued (its file gone or broken): say so now, not at Review.
            scene.flash(i18n.tr("review.not_continued"), seconds=7.0)
        if self._scored_notice is not None:  # a tournament match resumed at its end: scored just now
            scene.flash(self._scored_notice, seconds=SCORED_SECONDS, keep=True)
            self._scored_notice = None
        return scene

    def _scored(self, message: i18n.Message) -> None:
        """The desk says what became of a tournament match that ended here: on its game screen (a
        match resumed at its end is not on the stack yet: :meth:`_resumed_scene` says it then)."""
        if not any(scene.tell(message, SCORED_SECONDS) for scene in reversed(self.scenes.scenes)):
            self._scored_notice = message

    def continue_saved(self) -> None:
        saved = self.saved
        if saved is None:
            return
        self.saved = None
        self._drop_games()
        self.scenes.reset(self._resumed_scene(saved))

    def start_game(self, scene: Scene) -> None:
        self._drop_games()
        self.scenes.replace(scene)

    def _drop_games(self) -> None:
        for scene in self.scenes.scenes:
            scene.dropped()
        # A dropped scene is kept alive by reference cycles (buttons hold bound methods of their scene)
        # together with its full-screen cached surfaces; collect them at the next step instead of
        # whenever the cyclic collector's generation 2 happens to run (a kiosk changes scenes all day).
        self._collect = True

    def to_title(self) -> None:
        self._drop_games()
        self.input.cancel()
        if self.kiosk is not None:  # every visitor is offered the lessons: "New to backgammon?"
            self.saved = None
            self.scenes.reset(routes.title(self, offer_learning=True))
        else:
            self.scenes.reset(self._title())

    def offer_leaderboard(self, player: PlayerReview, level: str, won: bool) -> bool:
        return offer_entry(self, player, level, won)

    def open_tournament(self, after_match: bool = False) -> None:  # game.ui.tournament.hub says where
        open_tournament(self, after_match)

    def wake(self) -> None:
        self.to_title()

    def go_attract(self) -> None:
        """Back to the demo: the abandoned game's save is deleted (it belongs to someone who left)."""
        abandon_games(self)
        persist.clear_game(self.data_dir)
        self._drop_games()
        self.input.cancel()
        if self.visit_settings is not None:  # the visitor has gone: the operator's choices again
            visited, self.visit_settings = self.visit_settings, None
            self.apply_settings(access.with_access_of(self.settings, visited), save=False)
        if self.kiosk is not None:
            self.kiosk.reset_to_attract()
        self.scenes.reset(routes.attract(self, self.setup(GameMode.DEMO, 0)))

    def quit(self) -> None:
        self._drop_games()
        self.speech.close()
        self.running = False

    # -- the parts a test drives ------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        self.speech_hold.event(event)
        if self.kiosk_rules is not None and self.kiosk_rules.filter(event):
            return
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED, pygame.WINDOWSHOWN):
            self.needs_draw = True
            return
        for intent in self.input.feed(event):
            self.dispatch(intent)

    def dispatch(self, intent: Intent) -> None:
        self.needs_draw = True
        top = self.scenes.top
        if top is not None:
            top.handle(intent)

    def step(self, dt: float = STEP) -> None:
        """One fixed update step."""
        self.time += dt
        for intent in self.input.update(dt):
            self.dispatch(intent)
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        self.speech_hold.tick(dt)
        self.reader.poll(self.scenes.top)  # and the voice starts its next sentence
        if not self.scenes.scenes:
            self.running = False
        if self._collect:
            self._collect = False
            gc.collect()
        if self.kiosk_rules is not None:
            self.kiosk_rules.tick(dt)

    def idle_tick(self, seconds: float) -> bool:
        """Real time that passed while the loop slept (no steps ran then); True wakes the loop. Clocks
        that run while nothing moves: the kiosk's idle timer, the title's notice, a match clock."""
        top = self.scenes.top
        woke = top is not None and top.idle_tick(seconds)
        if self.kiosk_rules is not None and self.kiosk_rules.tick(seconds):
            woke = True
        if woke:
            self.needs_draw = True
        return woke

    def far_side_acts(self) -> bool:
        """Cocktail table: the player sitting across (Black) must act in a two-player game on screen."""
        if not self.settings.table:
            return False
        sides = (scene.far_side_acts() for scene in reversed(self.scenes.scenes))
        return next((side for side in sides if side is not None), False)

    def draw(self, alpha: float = 0.0) -> None:
        # The picture faces whoever acts; input is mapped through the same turn (game.ui.display).
        self.display.half_turn = self.far_side_acts()
        ring = self.kiosk is not None and self.kiosk.hold_progress > 0.2  # the operator's, drawn over all
        self.scenes.draw(self.screen, alpha, alone=not ring)
        if self.kiosk_rules is not None:
            self.kiosk_rules.draw(self.screen)

    def busy(self) -> bool:
        if self.kiosk is not None and self.kiosk.hold_progress > 0:
            return True
        top = self.scenes.top
        return self.input.busy or self.speech_hold.busy or (top is not None and top.busy())


SCORED_SECONDS = 12.0
"""How long a tournament match's game screen says the result went into the tournament."""


def recover(app: App, exc: BaseException) -> None:
    """A bug in a scene must not take the cabinet down: log it and start again from the title."""
    log.error("a bug on this screen: starting again from the title", exc_info=exc)
    app.errors += 1
    if app.errors > 20:
        raise SystemExit(1) from exc
    app.input.cancel()
    app.to_title()
    app.needs_draw = True


def activity(app: App) -> tuple[bool, bool]:
    """(the computer is working, something is animating): what a frame log records per frame."""
    states = [scene.activity() for scene in app.scenes.scenes]
    return any(t for t, _ in states), any(m for _, m in states)


__all__ = ["STEP", "App", "Launch", "activity", "apply_language", "recover"]
