"""Random input for thousands of fixed steps: no exception, and the game keeps going."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.flow import Phase
from game.ui import layout as L
from tests.ui_driver import down, make_app, motion, start_game, up


@pytest.mark.parametrize("mode", ["two", "computer"])
def test_random_input_never_crashes(mode: str) -> None:
    app = make_app(speed="fast")
    try:
        scene = start_game(app, mode=mode, seed=17, match_length=3)
        rng = random.Random(99)
        phases = set()
        keys = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_u, pygame.K_d, pygame.K_a]
        for i in range(6000):
            r = rng.random()
            pos = (rng.randrange(-20, L.W + 20), rng.randrange(-20, L.H + 20))
            if r < 0.08:
                down(app, pos, clicks=rng.choice((1, 1, 2)), touch=rng.random() < 0.3)
            elif r < 0.14:
                up(app, pos)
            elif r < 0.2:
                motion(app, pos)
            elif r < 0.23:
                down(app, pos, button=3)
                up(app, pos, button=3)
            elif r < 0.24:
                app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode=""))
            elif r < 0.245 and app.scenes.top is not scene:
                app.scenes.pop()  # leave the pause menu the random clicks may have opened
            app.step()
            if i % 50 == 0:
                app.draw(0.3)
            top = app.scenes.top
            if top is not None and top.__class__.__name__ == "TitleScene":
                break  # random clicks found "Leave to title": a legal way out
            phases.add(scene.state.phase)
        assert Phase.MOVING in phases
    finally:
        pygame.quit()
