"""Shared steps of the event tests (issue 27): a match played through the game's own controller with its
own dice (so that the record's rolls are the secret's), the operator's way in on a cabinet."""

from __future__ import annotations

import random

import pygame

from game.engine.flow import EndTurn, Phase, PlayMoves
from game.engine.moves import legal_plays
from game.session.controller import GameController
from game.ui.app import App
from game.ui.entry.keypad import KeypadScene
from game.ui.scenes.game import GameScene
from tests.helpers.ui_driver import down, press_button, up

STEP = 1.0 / 120.0
CORNER = (20, 20)


def steps(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.step(STEP)


def play_turn(scene: GameScene, rng: random.Random) -> None:
    """One step of the match with the game's own dice: the opening (automatic), a roll, a play."""
    s = scene.state
    if s.phase is Phase.OPENING:
        while (who := scene.game.awaited()) is not None:  # each player's part of the dice (issue 37)
            scene.game.contribute(who, f"{1000 + who}")
        scene.game.step(5.0)
    elif s.phase is Phase.ROLL:
        scene.game.roll()
    elif s.phase is Phase.MOVING:
        assert s.dice is not None
        plays = legal_plays(s.position, s.dice)
        if plays and not s.moves:
            scene.do(PlayMoves(rng.choice(plays).moves))
        if scene.state.phase is Phase.MOVING:
            scene.do(EndTurn())


def play_match(scene: GameScene, rng: random.Random) -> None:
    """Random legal plays until the match is over (the next game started when one ends)."""
    for _ in range(20000):
        if scene.game.match.is_over or scene.game.timed_out:
            scene.anim.skip()  # the plays made through the controller need not be watched
            return
        if scene.state.phase is Phase.GAME_OVER:
            scene.next_game()
            continue
        play_turn(scene, rng)
    raise AssertionError("the match never ended")


def let_dialog_take_presses(app: App) -> None:
    """The game-over dialog ignores presses for a moment (MODAL_GUARD): let it pass."""
    steps(app, 1.5)


def open_operator(app: App, code: str) -> None:
    """The operator's gesture on a cabinet (a long press in the corner), then the code."""
    down(app, CORNER)
    steps(app, 3.2)
    up(app, CORNER)
    app.step()
    assert isinstance(app.scenes.top, KeypadScene)
    type_code(app, code)


def type_dice_parts(app: App) -> None:
    """A tournament match's first roll waits for each player's digits (issue 37): both typed."""
    for n in range(2):
        top = app.scenes.top
        if not (isinstance(top, KeypadScene) and top.title_key == "dice.contribute"):
            break
        type_code(app, f"{4711 + n}")


def type_code(app: App, code: str) -> None:
    for digit in code:
        press_button(app, digit)
    press_button(app, "OK")


def type_keys(app: App, text: str) -> None:
    """``text`` typed on a laptop's keyboard as SDL delivers it: each key's press, then the text it
    typed (the key press alone types nothing: a layout's own letters come only as text)."""
    for char in text:
        key = pygame.K_SPACE if char == " " else ord(char)
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char))
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.step(STEP)


def press_enter(app: App) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.step(STEP)


def play_turn_to_end(game: GameController) -> None:
    from game.engine.flow import EndTurn, PlayMoves
    from game.engine.moves import legal_plays

    s = game.state
    assert s.dice is not None
    plays = legal_plays(s.position, s.dice)
    if plays:
        game.do(PlayMoves(plays[0].moves))
    game.do(EndTurn())
