"""A seeded random player that plays a game screen through real taps."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from game.ui import layout as L
from game.ui.app import App
from game.ui.scenes.game import GameScene
from tests.helpers.ui_driver import click, down, motion, up


def random_player(app: App, scene: GameScene, seed: int) -> Callable[[int], None]:
    """Taps, drags, keys and pointer moves at random moments, as a restless player makes them."""
    rng = random.Random(seed)
    keys = [
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_RETURN,
        pygame.K_h,
        pygame.K_u,
    ]

    def act(i: int) -> None:
        while app.scenes.top is not scene and app.scenes.scenes:
            app.scenes.pop()  # a menu the taps opened: back to the board
        roll = rng.random()
        if roll > 0.08:
            return
        pos = (rng.randrange(L.W), rng.randrange(L.H))
        if roll < 0.03:
            buttons = [b for b in scene.buttons.buttons[1:] + scene.modal.buttons if b.visible]
            click(app, rng.choice(buttons).rect.center if buttons and rng.random() < 0.7 else pos)
        elif roll < 0.05:
            key = rng.choice(keys)
            app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
            app.handle_event(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        elif roll < 0.065:
            down(app, pos)
            motion(app, (pos[0] + rng.randrange(-200, 200), pos[1] + rng.randrange(-200, 200)))
        elif roll < 0.07:
            up(app, pos)
        else:
            motion(app, pos)

    return act
