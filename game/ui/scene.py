"""Scenes, their pushdown stack, and the App as a scene sees it.

Contract (Nystrom's State pattern with enter/exit; pygame_gui's loop contract):
``handle(intent)`` -> ``update(dt)`` -> ``draw(surface, alpha)``. Only the top scene
gets input and updates; scenes below are drawn when the one above is not ``opaque``
(a pause menu over the board). ``busy()`` says whether the scene still animates or
waits on a timer: when no scene is busy and no input comes, the loop sleeps.

:class:`Host` is the typed face of the App that scenes use. It lives here, not in
the App's module, so that scenes never import the App (which imports them).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame

from game.i18n import Message
from game.review.judge import PlayerReview
from game.session import settings as st
from game.session.dice_stats import DiceStats
from game.session.events import Autosave, EventBus, GameView
from game.session.kiosk import Kiosk
from game.session.leaderboard import Leaderboard
from game.session.local_tournament import LocalTournament
from game.session.modes import GameMode
from game.session.operator_lock import OperatorLock
from game.session.persist import SavedGame
from game.session.recording import RecordKeeper
from game.session.speech import Speaker
from game.ui.board.sprites import Sprites
from game.ui.board.view import GOLD
from game.ui.input import InputMapper, Intent, IntentKind
from game.ui.widgets import Button, ButtonGroup

INK = (238, 238, 245)
DIM = (170, 180, 200)


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.changes = 0
        """Counts pushes, pops, swaps and resets: part of the picture key (a new scene is drawn)."""
        self.kept = False
        """While a frame is drawn: the surface still holds exactly what the one scene drawn painted
        last, nothing over it (that scene may paint again only what changed)."""
        self.dirty: list[pygame.Rect] | None = None
        """Set by a scene that painted only some places of the frame (``kept``): where (every pixel
        that may differ from the frame drawn before is in one of them); None: anywhere."""
        self._painted: tuple[object, ...] = ()

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.changes += 1
        if self.scenes:
            self.scenes[-1].exit()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        self.changes += 1
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene (title -> game) without uncovering the one below."""
        self.changes += 1
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Drop every scene and start from ``scene`` (back to title, attract mode)."""
        self.changes += 1
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def drawn(self) -> list[Scene]:
        """The scenes a frame paints, bottom first: the top opaque one and those above it."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def draw(self, surface: pygame.Surface, alpha: float, alone: bool = True) -> None:
        """Draw the scenes seen; ``alone`` False: something else is drawn over them (never ``kept``)."""
        drawn = self.drawn()
        painted = (self.changes, surface, len(drawn) == 1 and alone)
        self.kept, self.dirty, self._painted = painted == self._painted and painted[2], None, painted
        for scene in drawn:
            scene.draw(surface, alpha)

    def picture_key(self) -> object | None:
        """A value equal to the last one exactly when a frame would paint the same picture (see
        :meth:`Scene.draw_key`); ``None`` when some scene drawn cannot tell (the frame is drawn)."""
        keys: list[object] = [self.changes]
        for scene in self.drawn():
            key = scene.draw_key()
            if key is None:
                return None
            keys.append(key)
        return tuple(keys)


class Host(Protocol):
    """The App as scenes use it: the stack, shared resources, settings and where to go next."""

    scenes: SceneStack
    sprites: Sprites
    input: InputMapper
    events: EventBus
    settings: st.Settings
    kiosk: Kiosk | None
    dice_stats: DiceStats
    saved: SavedGame | None
    data_dir: Path
    threaded_ai: bool
    seed: int | None
    needs_draw: bool
    records: RecordKeeper
    leaderboard: Leaderboard
    autosave: Autosave
    desk: LocalTournament
    clock: Callable[[], float]
    speech: Speaker
    visit_settings: st.Settings | None
    lock: OperatorLock
    notices: list[str]
    time: float

    @property
    def speed(self) -> str: ...

    def quit(self) -> None: ...
    def to_title(self) -> None: ...
    def start_game(self, scene: Scene) -> None: ...
    def new_game(
        self,
        mode: GameMode,
        match_length: int | None = None,
        *,
        level: str | None = None,
        coach: bool = False,
    ) -> None: ...
    def continue_saved(self) -> None: ...
    def go_attract(self) -> None: ...
    def wake(self) -> None: ...
    def apply_settings(self, settings: st.Settings, save: bool) -> bool: ...
    def open_tournament(self, after_match: bool = False) -> None: ...
    def offer_leaderboard(self, player: PlayerReview, level: str, won: bool) -> bool:
        """Kiosk: after a visitor's review, ask for initials when the game earns a place today."""
        ...


class Scene:
    opaque = True

    def __init__(self, app: Host) -> None:
        self.app = app

    def enter(self) -> None:
        """Became the top scene (pushed, or uncovered by a pop)."""

    def exit(self) -> None:
        """Stops being the top scene (popped, or covered by a push)."""

    def handle(self, intent: Intent) -> None:
        """React to one input intent."""

    def update(self, dt: float) -> None:
        """Advance by one fixed step of ``dt`` seconds."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Render; ``alpha`` in [0, 1) is how far we are between the last step and the next."""

    def busy(self) -> bool:
        """True while something moves or a timer runs (the loop keeps stepping)."""
        return False

    # -- what the App asks of any scene (it names none of them) ---------------------------------

    def idle_tick(self, seconds: float) -> bool:
        """Real time that passed while the loop slept (no steps ran): clocks that run while nothing
        moves (a notice's time, a match clock). True when the picture changed."""
        return False

    def activity(self) -> tuple[bool, bool]:
        """(the computer is working, something is animating) on this scene, for the frame log."""
        return False, False

    def tell(self, text: str | Message, seconds: float) -> bool:
        """Show news the player must see before leaving (a save that failed) on this scene's status
        line and keep it up; False when this scene has no place for it."""
        return False

    def far_side_acts(self) -> bool | None:
        """Cocktail table: whether the player sitting across must act in this scene's game (the
        picture turns); None for a scene without a game (the game under it decides)."""
        return None

    def game_in_play(self) -> GameView | None:
        """The unfinished match on this scene, if any (given up, its dice secret is revealed)."""
        return None

    def dropped(self) -> None:
        """Leaves the stack for good (the App starts another game or goes to the title): stop what
        runs in the background for it."""

    def draw_key(self) -> object | None:
        """While busy: a cheap value that stays equal exactly while :meth:`draw` would paint the same
        picture, so the loop draws only when it changes; ``None`` (the default): cannot tell, every
        busy frame is drawn.

        Why: a scene can be busy (a timer, the computer thinking) for seconds while its picture stands
        still; drawing it 60 times a second was most of the loop's work on a small computer. A scene
        whose key misses something it paints leaves a stale picture on screen: a subclass that
        overrides :meth:`draw` must override this too (tests/ui/test_picture.py checks that).
        """
        return None


class ButtonScene(Scene):
    """A scene made of buttons in one group; Escape (the "back" intent) closes it."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.buttons = ButtonGroup()

    def close(self) -> None:
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind == IntentKind.BACK:
            self.close()
            return
        self.buttons.handle(intent)


def button(
    rect: tuple[int, int, int, int],
    label: str,
    action: Callable[[], None],
    colour: str = "blue",
    size: int = 30,
) -> Button:
    return Button(pygame.Rect(rect), label, action, colour, size=size)


def dialog_box(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The framed box every dialog stands in."""
    pygame.draw.rect(surface, (30, 36, 50), rect, border_radius=18)
    pygame.draw.rect(surface, GOLD, rect, 4, border_radius=18)


__all__ = ["DIM", "INK", "ButtonScene", "Host", "Scene", "SceneStack", "button", "dialog_box"]
