"""Helpers for the UI tests: a headless app, synthetic mouse events, fixed-step running."""

from __future__ import annotations

import gc
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable

import pygame

from game import i18n
from game.engine.moves import Move
from game.session import settings as st
from game.session.controller import GameSetup
from game.ui import layout as L
from game.ui.app import App
from game.ui.layout import LAYOUT
from game.ui.scenes.game import GameScene
from tests.helpers import sound_device


def close_screen() -> None:
    """Close the window, silence the sound device (see :mod:`tests.helpers.sound_device`), the shared
    text cache's fonts forgotten, and leave pygame started for the next test: the next App opens its
    own window, with an empty event queue. What every test gets afterwards anyway
    (``tests/conftest.py``); cheaper than :func:`quit_pygame`.
    """
    from game.ui.text import CACHE

    CACHE.reset()
    sound_device.release(pygame.mixer)
    if pygame.display.get_init():
        pygame.display.quit()


def quit_pygame() -> None:
    """Shut pygame down, the shared text cache's fonts first (for a test that needs pygame fresh).

    A font still alive at ``pygame.quit()`` never closes its file: a test that quit pygame with the
    cache full left a descriptor per font open, and a long serial run ran out of them (``select()``
    fails past 1024).
    """
    from game.ui.text import CACHE

    CACHE.reset()
    gc.collect()
    pygame.quit()


def make_app(speed: str = "fast", coach: str = "off") -> App:
    """A headless app; the coach is off unless asked for (its own tests switch it on: a card coming
    up at a random play would stop the other tests' scripted games)."""
    app = App(st.Settings(animation=speed, language=i18n.get_language(), coach=coach), threaded_ai=False)
    return app


def start_game(app: App, mode: str = "two", seed: int = 1, match_length: int = 5) -> GameScene:
    scene = GameScene(app, GameSetup(mode=mode, match_length=match_length, seed=seed))
    app.scenes.reset(scene)
    return scene


def down(app: App, pos: tuple[float, float], button: int = 1, clicks: int = 1, touch: bool = False) -> None:
    app.handle_event(
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=button, clicks=clicks, touch=touch
        )
    )


def up(app: App, pos: tuple[float, float], button: int = 1, touch: bool = False) -> None:
    app.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=button, touch=touch)
    )


def motion(app: App, pos: tuple[float, float], touch: bool = False) -> None:
    app.handle_event(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(1, 0, 0), touch=touch
        )
    )


def click(app: App, pos: tuple[float, float], touch: bool = False) -> None:
    down(app, pos, touch=touch)
    app.step()
    up(app, pos, touch=touch)
    app.step()


def double_click(app: App, pos: tuple[float, float]) -> None:
    down(app, pos, clicks=1)
    up(app, pos)
    app.step()
    down(app, pos, clicks=2)
    up(app, pos)
    app.step()


def right_click(app: App, pos: tuple[float, float]) -> None:
    down(app, pos, button=3)
    up(app, pos, button=3)
    app.step()


def drag(app: App, start: tuple[float, float], end: tuple[float, float], steps: int = 6) -> None:
    down(app, start)
    app.step()
    for i in range(1, steps + 1):
        t = i / steps
        motion(app, (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t))
        app.step()
    up(app, end)
    app.step()


def run_until(app: App, cond: Callable[[], bool], max_steps: int = 20000, draw_every: int = 25) -> int:
    for n in range(max_steps):
        if cond():
            return n
        app.step()
        if draw_every and n % draw_every == 0:
            app.draw(0.5)
    raise AssertionError("condition not reached in time")


def settle(app: App, scene: GameScene, max_steps: int = 5000) -> None:
    """Step until the scene waits for a human (nothing animating, no timer running). A first roll that
    waits for the players' parts of the dice (issue 37) gets them as players give them: a tap each."""
    run_until(app, lambda: not scene.busy() and scene.game.wait <= 0, max_steps)
    while scene.game.awaited() is not None and app.scenes.top is scene:
        click(app, (640, 300))
        run_until(app, lambda: not scene.busy() and scene.game.wait <= 0, max_steps)


def let_dialog_show(app: App, scene: GameScene) -> None:
    """Step until a new cube offer or game-over dialog takes presses (``MODAL_GUARD`` seconds)."""
    from game.ui.scenes.game import MODAL_GUARD

    run_until(app, lambda: bool(scene.modal.buttons) and scene.modal_age >= MODAL_GUARD, draw_every=0)


def point_xy(player: int, point: int) -> tuple[float, float]:
    """Screen position a player would touch for their own point (25 = bar, 0 = their tray)."""
    if point == 25:
        return LAYOUT.bar_half(player).center
    if point == 0:
        return LAYOUT.tray_rect(player).center
    a = L.to_abs(player, point)
    return LAYOUT.checker_center(a, 0, 1)


def dice_xy(scene: GameScene) -> tuple[float, float]:
    side = scene.state.turn
    return LAYOUT.dice_hit_rect(side).center


def button_xy(scene: GameScene, label: str) -> tuple[float, float]:
    for group in (scene.modal, scene.buttons):
        for b in group.buttons:
            if b.label == label and b.visible:
                return b.rect.center
    raise AssertionError(
        f"no button {label!r}; have {[b.label for b in scene.buttons.buttons + scene.modal.buttons]}"
    )


def visible_labels(scene: object) -> list[str]:
    """The labels of the visible buttons of ``scene`` (its own, then a modal's)."""
    out = []
    for name in ("buttons", "modal"):
        group = getattr(scene, name, None)
        out += [b.label for b in getattr(group, "buttons", ()) if b.visible]
    return out


def press_button(app: App, label: str) -> None:
    """Click the visible button labelled ``label`` (a modal's first)."""
    scene = app.scenes.top
    for name in ("modal", "buttons"):
        for b in getattr(getattr(scene, name, None), "buttons", ()):
            if b.label == label and b.visible:
                click(app, b.rect.center)
                return
    raise AssertionError(f"no button {label!r} in {visible_labels(scene)}")


__all__ = ["Move"]
