"""Random input for thousands of fixed steps: no exception, turns keep passing, and the game never
reaches a state with no way out: whatever the random taps left behind, deliberate play goes on."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.flow import Phase
from game.i18n import tr
from game.session import events as ev
from game.ui import layout as L
from game.ui.app import App
from game.ui.scenes.game import GameScene
from tests.helpers.ui_driver import (
    button_xy,
    click,
    close_screen,
    dice_xy,
    down,
    drag,
    make_app,
    motion,
    point_xy,
    settle,
    start_game,
    up,
)


def ways_out(scene: GameScene) -> list[str]:
    """What a player waiting at ``scene`` can press or move to make the game go on (empty: stuck)."""
    s = scene.state
    game = scene.game
    labels = {b.label for b in scene.buttons.buttons + scene.modal.buttons if b.visible and b.enabled}
    if s.phase is Phase.ROLL and game.is_human(s.turn) and s.can_double() is None:
        return [x for x in (tr("ui.roll"),) if x in labels]
    if s.phase is Phase.CUBE_OFFERED and game.is_human(1 - s.turn):
        return [x for x in (tr("ui.take"), tr("ui.pass")) if x in labels]
    if s.phase is Phase.MOVING and game.is_human(s.turn):
        if s.turn_state().is_complete:
            return [x for x in (tr("ui.done"),) if x in labels]
        return [f"move from {p}" for p in sorted(scene.hands.movable)]
    if s.phase is Phase.GAME_OVER:
        return [x for x in (tr("ui.next_game"), tr("ui.new_match")) if x in labels]
    return ["the computer or a timer"]


def play_on(app: App, scene: GameScene, turns: int) -> int:
    """Play deliberately through the real gestures until ``turns`` more plays were made; the count made."""
    made = [0]
    app.events.subscribe(lambda e: made.__setitem__(0, made[0] + isinstance(e, ev.PlayMade)))
    rng = random.Random(1)
    for _ in range(400):
        if made[0] >= turns:
            break
        while app.scenes.top is not scene:
            app.scenes.pop()  # a pause menu the random taps opened
        settle(app, scene)
        s = scene.state
        assert ways_out(scene), f"stuck in {s.phase} (turn {s.turn})"
        if s.phase is Phase.ROLL:
            click(app, dice_xy(scene))
        elif s.phase is Phase.CUBE_OFFERED:
            click(app, button_xy(scene, tr("ui.take")))
        elif s.phase is Phase.GAME_OVER:
            label = tr("ui.new_match") if scene.match.is_over else tr("ui.next_game")
            click(app, button_xy(scene, label))
        elif s.turn_state().is_complete:
            click(app, dice_xy(scene))
        else:
            move = rng.choice(s.turn_state().legal_moves())
            drag(app, point_xy(s.turn, move.src), point_xy(s.turn, move.dst))
    return made[0]


@pytest.mark.parametrize("mode", ["two", "computer"])
def test_random_input_never_crashes(mode: str) -> None:
    app = make_app(speed="fast")
    try:
        scene = start_game(app, mode=mode, seed=17, match_length=3)
        heard: list[ev.GameEvent] = []
        app.events.subscribe(heard.append)
        rng = random.Random(99)
        keys = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_u, pygame.K_d, pygame.K_a]
        left_to_title = False
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
                left_to_title = True  # random clicks found "Leave to title": a legal way out
                break
            if top is scene and not scene.busy():
                assert ways_out(scene), f"step {i}: waiting in {scene.state.phase} with nothing to press"
        plays = sum(isinstance(e, ev.PlayMade) for e in heard)
        rolls = sum(isinstance(e, ev.DiceRolled) for e in heard)
        if not left_to_title:
            # random taps alone move the game on: turns are rolled, played and passed
            assert plays >= 2 and rolls >= 3, (plays, rolls)
            # and from wherever they left it, deliberate play goes on for three more turns
            assert play_on(app, scene, 3) >= 3
    finally:
        close_screen()
