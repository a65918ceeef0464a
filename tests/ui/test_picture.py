"""The loop draws a busy frame only when the picture key changed (issue 26): no frame it leaves undrawn
may differ from the picture on screen.

The main check plays whole stretches of games through :func:`game.ui.loop.frame` (the demo, a game
against the computer with random taps, keys and hints, a clocked game, the kiosk's attract mode), and
at every pass the loop did not draw it draws the frame anyway and compares it with the last one the
loop drew: any difference is a change the picture key missed (a stale screen a player would see).
A last test shows the check does catch one: with a key that never changes, it fails.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pytest

import game.ui
from game.engine.cube import Cube
from game.engine.flow import Double, GameState, Phase, apply
from game.engine.position import START
from game.ui import loop
from game.ui.app import STEP, App
from game.ui.kiosk.attract import AttractScene
from game.ui.scene import Scene
from game.ui.scenes.game import GameScene
from tests.helpers import frame_compare
from tests.helpers.players import random_player
from tests.helpers.ui_driver import close_screen, make_app, start_game


@pytest.fixture(autouse=True)
def _pygame() -> object:
    yield
    close_screen()


@dataclass
class Tally:
    drawn: int = 0
    skipped: int = 0
    busy_skipped: int = 0


def checked_run(app: App, passes: int, act: Callable[[int], None] | None = None) -> Tally:
    """``passes`` passes of the loop at 60 a second; every pass not drawn is drawn anyway and must give
    the picture the loop drew last."""
    tally = Tally()
    shown: frame_compare.Colours | None = None
    acc = 0.0
    for i in range(passes):
        if act is not None:
            act(i)
        busy = app.busy()
        acc, drew = loop.frame(app, [], 1 / 60, acc)
        if drew:
            tally.drawn += 1
            shown = frame_compare.snapshot(app.screen)
            continue
        assert shown is not None, "the first pass must draw"
        tally.skipped += 1
        tally.busy_skipped += busy
        app.draw(acc / STEP)
        if not frame_compare.same_colours(app.screen, shown):
            top = app.scenes.top
            raise AssertionError(f"pass {i}: not drawn, but the picture changed ({type(top).__name__})")
    return tally


def test_the_demo_is_drawn_only_when_its_picture_changes() -> None:
    app = make_app(speed="normal")
    start_game(app, mode="demo", seed=4)
    tally = checked_run(app, 2400)
    # The demo is busy all the time; most of it the board stands still between the computer's moves.
    assert tally.busy_skipped > tally.drawn / 2, tally


def test_a_flash_while_the_computer_waits_is_drawn() -> None:
    app = make_app(speed="normal")
    scene = start_game(app, mode="demo", seed=2)

    def act(i: int) -> None:
        if i % 97 == 50:
            scene.flash(f"news {i}", seconds=0.4)

    tally = checked_run(app, 1200, act)
    assert tally.busy_skipped > 0, tally


@pytest.mark.parametrize("seed", [1, 7])
def test_a_game_against_the_computer_with_random_input(seed: int) -> None:
    app = make_app(speed="fast")
    scene = start_game(app, mode="computer", seed=seed)
    checked_run(app, 2400, random_player(app, scene, seed))


def test_a_clocked_game_shows_every_tick() -> None:
    app = make_app(speed="fast")
    from game.session.controller import GameSetup

    scene = GameScene(app, GameSetup(mode="two", match_length=1, seed=3, clock="quick"))
    app.scenes.reset(scene)
    checked_run(app, 1500, random_player(app, scene, 3))


@pytest.mark.parametrize("seed", [2])
def test_a_coached_game_with_its_cards_and_answer_windows(seed: int) -> None:
    """The coach's card and an answer's Undo window paint over the board (the window's bar runs down
    every step): a coached game against the computer, doubles answered by taps, taps at random."""
    app = make_app(speed="fast", coach="mistakes")
    scene = start_game(app, mode="computer", seed=seed)
    restless = random_player(app, scene, seed)
    seen = {"card": 0, "window": 0}

    def act(i: int) -> None:
        restless(i)
        seen["card"] += scene.coach.verdict is not None
        seen["window"] += scene.answer_window.open
        s = scene.state
        if i % 40 == 0 and s.phase is Phase.CUBE_OFFERED and not scene.answer_window.open:
            scene.choose_answer(True)  # as a tap on TAKE: the coach first, then the Undo window
        elif i % 40 == 0 and s.phase is Phase.ROLL and scene.game.is_human(s.turn):
            scene.offer_double()  # often too early: the coach's card comes up

    checked_run(app, 3000, act)
    assert seen["card"] > 0, seen  # the check really met the card


def test_an_answer_window_running_down_is_drawn() -> None:
    app = make_app(speed="fast")
    scene = start_game(app, mode="two", seed=3)
    scene.resume(apply(GameState(Phase.ROLL, START, turn=0, cube=Cube()), Double()))
    checked_run(app, 30)
    scene.choose_answer(True)
    assert scene.answer_window.open
    tally = checked_run(app, 200)
    assert tally.drawn > 60 and scene.state.cube.value == 2, tally  # the bar ran down, then it counted


def test_the_attract_mode_pulses_and_plays() -> None:
    app = make_app(speed="normal")
    app.scenes.reset(AttractScene(app, app.setup("demo", 0)))
    tally = checked_run(app, 1800)
    assert tally.busy_skipped > 0, tally


class Still(Scene):
    """Busy for ever, its picture changing only when ``colour`` does."""

    def __init__(self, app: App, keyed: bool) -> None:
        super().__init__(app)
        self.colour = (10, 20, 30)
        self.keyed = keyed

    def busy(self) -> bool:
        return True

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(self.colour)

    def draw_key(self) -> object | None:
        return self.colour if self.keyed else None


def test_a_busy_scene_without_a_key_is_drawn_every_frame_one_with_a_key_when_it_changes() -> None:
    app = make_app()
    scene = Still(app, keyed=False)
    app.scenes.reset(scene)
    acc, draws = 0.0, 0
    for _ in range(30):
        acc, drew = loop.frame(app, [], 1 / 60, acc)
        draws += drew
    assert draws == 30
    scene.keyed = True
    draws = 0
    for i in range(30):
        if i == 20:
            scene.colour = (200, 0, 0)
        acc, drew = loop.frame(app, [], 1 / 60, acc)
        draws += drew
    assert draws == 2  # the first keyed frame, and the one after the change
    assert app.screen.get_at((5, 5))[:3] == (200, 0, 0)
    app.scenes.push(Still(app, keyed=True))  # a new scene with an equal key is still drawn
    acc, drew = loop.frame(app, [], 1 / 60, acc)
    assert drew


def test_the_check_catches_a_key_that_misses_a_change(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(speed="normal")
    start_game(app, mode="demo", seed=4)
    monkeypatch.setattr(loop, "picture_key", lambda app: "never changes")
    with pytest.raises(AssertionError, match="not drawn, but the picture changed"):
        checked_run(app, 2400)


def _scene_classes() -> list[type[Scene]]:
    for info in pkgutil.walk_packages(game.ui.__path__, "game.ui."):
        if ".tools" not in info.name:
            importlib.import_module(info.name)
    found: list[type[Scene]] = []
    todo: list[type[Scene]] = [Scene]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return [c for c in found if c.__module__.startswith("game.ui.")]


def _definer(cls: type, name: str) -> type:
    return next(k for k in cls.__mro__ if name in vars(k))


def test_a_scene_that_paints_anew_says_its_own_picture_key() -> None:
    """A subclass that overrides ``draw`` but inherits a parent's ``draw_key`` would leave what it adds
    out of the key: it must define ``draw_key`` itself (``None`` is fine: always drawn). Scenes that
    keep :class:`Scene`'s own (``None``) are always drawn while busy."""
    classes = _scene_classes()
    assert GameScene in classes and AttractScene in classes
    wrong = [
        c.__qualname__
        for c in classes
        if _definer(c, "draw_key") is not Scene
        and not issubclass(_definer(c, "draw_key"), _definer(c, "draw"))
    ]
    assert wrong == []
