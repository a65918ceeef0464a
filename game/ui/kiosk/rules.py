"""Kiosk mode on screen: the App's input filter and the scenes behind the kiosk's commands.

:class:`game.session.kiosk.Kiosk` decides (pure, no pygame); this module carries its
decisions out: a first touch in attract mode only wakes, a touch on the "Still
playing?" countdown only dismisses it (a key or a controller button does the same:
arcade buttons are visitors' hands), and each command opens or closes its scene
(countdown, keypad, operator menu).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

import pygame

from game.session import persist
from game.session.controller import GameSetup
from game.session.kiosk import Cmd, Kiosk, Mode
from game.session.operator_lock import wait_after
from game.session.persist import SavedGame
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.entry.keypad import KeypadScene
from game.ui.kiosk.attract import AttractScene
from game.ui.kiosk.locked import LockedScene
from game.ui.kiosk.notices import add_notice, broken_notice
from game.ui.kiosk.operator import OperatorScene
from game.ui.kiosk.still_playing import StillPlayingScene
from game.ui.scene import Host, Scene
from game.ui.scenes.game import GameScene

log = logging.getLogger(__name__)


class KioskRules:
    def __init__(self, app: Host, kiosk: Kiosk) -> None:
        self.app = app
        self.kiosk = kiosk
        # Wrong codes of earlier runs still count: pulling the plug does not start the slow-down again.
        kiosk.failures = app.lock.failures
        kiosk.wait_left = wait_after(kiosk.failures)

    def filter(self, event: pygame.event.Event) -> bool:
        """Show ``event`` to the kiosk first; True when it is swallowed (the scenes never see it)."""
        kiosk = self.kiosk
        t = event.type
        swallow = False
        if t == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) in (1, 3):
            swallow = kiosk.press(event.pos)
        elif t == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) in (1, 3):
            swallow = kiosk.release(event.pos)
        elif t == pygame.MOUSEMOTION:
            buttons = getattr(event, "buttons", (0, 0, 0))
            swallow = kiosk.motion(event.pos, bool(buttons and buttons[0]))
        elif t in (pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN):
            swallow = kiosk.key()  # arcade buttons and encoders that present themselves as keyboards
        elif t in (pygame.KEYUP, pygame.MOUSEWHEEL, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION):
            kiosk.activity()
        if swallow:
            self.app.input.cancel()
            self.app.needs_draw = True
        self.obey(kiosk.take())
        return swallow

    def tick(self, seconds: float) -> bool:
        """Advance the kiosk's clocks; True when it asked for something (the screen changed).

        A tournament match on top keeps the kiosk quiet: its players think as long as their clocks
        allow (the operator ends an abandoned one from the operator menu)."""
        top = self.app.scenes.top
        self.kiosk.quiet = isinstance(top, GameScene) and top.game.setup.tournament is not None
        commands = self.kiosk.update(seconds)
        self.obey(commands)
        return bool(commands)

    def _pop_to(self, kind: type[Scene]) -> None:
        """Pop scenes above (and including) the topmost scene of ``kind``, if there is one."""
        scenes = self.app.scenes
        if not any(isinstance(s, kind) for s in scenes.scenes):
            return
        while scenes.top is not None and not isinstance(scenes.top, kind):
            scenes.pop()
        scenes.pop()

    def obey(self, commands: list[Cmd]) -> None:
        app = self.app
        for cmd in commands:
            log.debug("kiosk: %s", cmd.value)
            if cmd is Cmd.WAKE:
                app.wake()
            elif cmd is Cmd.WARN:
                app.input.cancel()
                app.scenes.push(StillPlayingScene(app))
            elif cmd is Cmd.UNWARN:
                self._pop_to(StillPlayingScene)
            elif cmd is Cmd.ATTRACT:
                app.go_attract()
            elif cmd is Cmd.KEYPAD:
                app.input.cancel()
                self._pop_to(StillPlayingScene)
                app.scenes.push(KeypadScene(app))
            elif cmd is Cmd.WRONG_CODE:
                app.lock.record_failure(self.kiosk.failures)
            elif cmd is Cmd.CLOSE_KEYPAD:
                self._pop_to(KeypadScene)
            elif cmd is Cmd.OPERATOR:
                app.lock.record_success()
                self._pop_to(KeypadScene)
                app.scenes.push(OperatorScene(app))
            elif cmd is Cmd.CLOSE_OPERATOR:
                self._pop_to(OperatorScene)
            app.needs_draw = True

    def resume_active(self) -> None:
        """An autosave is being resumed at start: a visitor is playing, not the demo."""
        self.kiosk.mode = Mode.ACTIVE

    def start_scene(self, resumed: Callable[[SavedGame], Scene], demo: GameSetup) -> Scene:
        """The cabinet's first screen: a game cut off by a power cut or a crash, however long the boot
        took (a visitor who walked away lost the game to the demo already: ``go_attract`` deletes the
        save, so no age limit is needed; one dropped games in play when a boot was slow); else the demo.
        Without a usable operator code (none set, or its file damaged) the cabinet asks for its
        operator and nothing else runs: it never offers a visitor to choose one.

        A broken save found here was moved aside and logged, and goes to the operator's notices
        (the operator menu shows them): a visitor has nothing to do with it.
        """
        loaded = persist.load_game_checked(self.app.data_dir)
        saved = loaded.game
        if loaded.broken is not None:
            add_notice(self.app, broken_notice(loaded.broken))
        if not self.app.lock.usable:
            return LockedScene(self.app, self.app.lock.state)
        if saved is not None:
            self.resume_active()
        return resumed(saved) if saved is not None else AttractScene(self.app, demo)

    def draw(self, surface: pygame.Surface) -> None:
        """A quiet ring in the operator corner while it is held: the operator sees the gesture count."""
        kiosk = self.kiosk
        if kiosk.hold_progress <= 0.2:
            return
        c = kiosk.config
        x = 40 if c.corner.endswith("left") else L.W - 40
        y = 40 if c.corner.startswith("top") else L.H - 40
        rect = pygame.Rect(x - 26, y - 26, 52, 52)
        pygame.draw.arc(surface, GOLD, rect, math.pi / 2, math.pi / 2 + 2 * math.pi * kiosk.hold_progress, 5)


__all__ = ["KioskRules"]
