"""Flow bugs found by playing the game in a real window the way visitors and operators do, each replayed
headless (synthetic events, fixed steps) so that it cannot come back unnoticed."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.flow import Phase
from game.i18n import tr
from game.session import persist
from game.session import settings as st
from game.session.kiosk import Mode
from game.ui.app import App, Launch
from game.ui.entry.keypad import KeypadScene
from game.ui.kiosk.operator import OperatorScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.title import TitleScene
from tests.helpers.ui_driver import click, down, make_app, press_button, run_until, start_game, up

STEP = 1.0 / 120.0
CORNER = (20, 20)

pytestmark = pytest.mark.usefixtures("ui_reset")


def _steps(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.step(STEP)


def _kiosk(tmp_path: Path, **values: object) -> App:
    settings = st.Settings(**values)  # type: ignore[arg-type]
    app = App(settings, Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    return app


def _key(app: App, key: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step(STEP)


def _type(app: App, digits: str) -> None:
    for d in digits:
        _key(app, getattr(pygame, f"K_{d}"))


def test_operator_code_typed_on_a_keyboard_with_a_slip_opens_the_menu(tmp_path: Path) -> None:
    """Real window: the operator typed 2580, Enter, and got 'Wrong code'; Backspace did nothing.

    Backspace arrives as the game's ``undo`` command (a ``nav`` intent), which the keypad ignored
    (it only looked at plain ``key`` intents), and Enter only showed the focus ring on '1'. The
    operator types a wrong digit, erases it, and Enter submits, as the initials keypad already does.
    """
    app = _kiosk(tmp_path, operator_code="4711")
    down(app, CORNER)
    _steps(app, 3.2)
    up(app, CORNER)
    app.step(STEP)
    keypad = app.scenes.top
    assert isinstance(keypad, KeypadScene)
    _type(app, "4712")
    _key(app, pygame.K_BACKSPACE)
    _type(app, "1")
    assert app.kiosk is not None and app.kiosk.entered == "4711"
    _key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, OperatorScene)


def test_a_new_code_typed_on_a_keyboard_is_erased_and_entered(tmp_path: Path) -> None:
    """The settings' code keypad (``on_done``): Backspace erases the last digit, Enter hands the code on."""
    app = _kiosk(tmp_path)
    assert app.kiosk is not None
    app.kiosk.mode = Mode.OPERATOR  # the operator's settings are open
    codes: list[str] = []
    app.scenes.push(KeypadScene(app, on_done=codes.append))
    _type(app, "129")
    _key(app, pygame.K_BACKSPACE)
    _type(app, "3")
    _key(app, pygame.K_KP_ENTER)
    assert codes == ["123"]


def test_backspace_during_the_computers_turn_does_not_take_back_its_play() -> None:
    """Real window: Backspace pressed while the computer's checkers moved said 'Nothing to undo: you
    have not moved yet this turn', and headless it took back the computer's play (in the short wait
    before its turn ends), after which the computer played its roll again, differently.

    Undo (Backspace, U, Z, a controller's B) belongs to the player on turn: during the computer's turn it
    does nothing, so the play the computer made is the one that ends its turn.
    """
    app = make_app("normal")
    scene = start_game(app, mode="computer", seed=3, match_length=3)
    game = scene.game

    def computer_has_moved() -> bool:
        s = game.state
        return s.phase is Phase.MOVING and not game.is_human(s.turn) and bool(s.moves)

    run_until(app, computer_has_moved, draw_every=0)
    played = game.state.moves
    for key in (pygame.K_BACKSPACE, pygame.K_u, pygame.K_z):
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        assert game.state.moves == played
    app.handle_event(
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_B, instance_id=0)
    )
    assert game.state.moves == played
    assert scene.flash_time == 0 or "undo" not in scene.flash_text.lower()
    run_until(app, lambda: game.is_human(game.state.turn), draw_every=0)
    assert game.state.last_play == played


def _leave_to_title(app: App) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(STEP)
    press_button(app, tr("ui.to_title"))
    assert isinstance(app.scenes.top, TitleScene)


def test_watching_the_demo_keeps_the_saved_game(tmp_path: Path) -> None:
    """Real window: a game left to the title (Continue shown), then Watch a demo and back: no Continue,
    and autosave.json was gone. Starting the demo deleted the save as a new game replaces it, but
    the demo is never saved, so the player's game was simply lost. Continue must bring it back."""
    app = App(st.Settings(animation="fast"), Launch(), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    press_button(app, tr("ui.vs_computer"))
    scene = app.scenes.top
    assert isinstance(scene, GameScene)
    click(app, (400, 300))  # the player's tap rolls their opening die (their part of the dice, issue 37)
    run_until(app, lambda: scene.game.state.phase in (Phase.ROLL, Phase.MOVING), draw_every=0)
    saved = persist.load_game(tmp_path)
    assert saved is not None
    _leave_to_title(app)
    press_button(app, tr("ui.demo"))
    demo = app.scenes.top
    assert isinstance(demo, GameScene) and demo.game.mode == "demo"
    run_until(app, lambda: bool(demo.game.state.last_play), draw_every=0)  # the demo has played
    _leave_to_title(app)
    assert app.saved is not None and app.saved.state == saved.state
    press_button(app, i18n.tr("menu.continue"))
    back = app.scenes.top
    assert isinstance(back, GameScene) and back.game.mode == "computer" and back.game.state == saved.state
    assert app.records.recorder is not None  # its record goes on too
