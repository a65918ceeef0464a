"""Play without a pointer: keyboard, game controller and arcade encoders, through the real App.

Every press goes in as an SDL event (KEYDOWN, CONTROLLERBUTTONDOWN, CONTROLLERAXISMOTION)
through ``App.handle_event``, as a keyboard, a controller or a cabinet's encoder sends it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.ai.jobs import Where
from game.engine.flow import Phase
from game.session import settings as st
from game.session.kiosk import Mode
from game.ui import controls
from game.ui.app import App, Launch
from game.ui.cli import build
from game.ui.kiosk.attract import AttractScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.title import TitleScene
from tests.helpers.ui_driver import close_screen


@pytest.fixture(autouse=True)
def _reset(ui_reset: None) -> Iterator[None]:
    yield


def key(app: App, name: str) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0, unicode=""))
    app.step()


def pad(app: App, button: int) -> None:
    app.handle_event(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0))
    app.step()


def steps(app: App, n: int) -> None:
    for _ in range(n):
        app.step()


def until(app: App, cond: Callable[[], bool], limit: int = 20000) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step()
    raise AssertionError("never happened")


def play_a_game(app: App, scene: GameScene, press: Callable[[str], None]) -> int:
    """The human (White, against the computer) plays a whole game with ``press`` alone; returns presses."""
    for presses in range(3000):
        until(app, lambda: not scene.busy() or scene.state.phase is Phase.GAME_OVER)
        s = scene.state
        if s.phase is Phase.GAME_OVER:
            return presses
        if s.phase is Phase.CUBE_OFFERED:
            press("take")
        elif s.phase is Phase.ROLL or s.turn_state().is_complete:
            press("done")
        else:
            press("select")  # pick up the checker under the cursor, or play it to the target under it
    raise AssertionError("the game did not end")


def test_a_whole_game_with_the_keyboard_only(tmp_path: Path) -> None:
    app = build(["--start", "computer", "--level", "beginner", "--seed", "7", "--data-dir", str(tmp_path)])
    app.threaded_ai = False
    scene = app.initial_scene()
    assert isinstance(scene, GameScene)
    app.scenes.push(scene)
    scene.game.opponent.where = Where.HERE
    names = {"take": "t", "done": "r", "select": "return"}
    presses = play_a_game(app, scene, lambda c: key(app, names[c]))
    assert scene.state.phase is Phase.GAME_OVER and presses > 20


def test_a_whole_game_with_a_controller_only(tmp_path: Path) -> None:
    app = App(
        st.Settings(animation="fast", level="beginner"), Launch(seed=9), data_dir=tmp_path, threaded_ai=False
    )
    app.scenes.push(app.initial_scene())
    # A controller plugged in (none is attached here: opening it fails quietly).
    app.handle_event(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    buttons = {"done": pygame.CONTROLLER_BUTTON_START, "select": pygame.CONTROLLER_BUTTON_A}
    pad(app, pygame.CONTROLLER_BUTTON_A)  # the title's first button: play the computer
    scene = app.scenes.top
    assert isinstance(scene, GameScene) and scene.game.setup.mode == "computer"

    def press(command: str) -> None:
        if command == "take":  # a controller answers a double with the focus on Take, then A
            pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
            pad(app, pygame.CONTROLLER_BUTTON_A)
        else:
            pad(app, buttons[command])

    assert play_a_game(app, scene, press) > 20


def walk_to(app: App, there: Callable[[], bool]) -> None:
    """The arrows round the board (along the top row, down, back along the bottom, up) until ``there``."""
    for arrow in itertools.islice(itertools.cycle(["left"] * 12 + ["down"] + ["right"] * 12 + ["up"]), 200):
        if there():
            return
        key(app, arrow)
    raise AssertionError("never got there")


def test_the_cursor_walks_the_board_and_picks_up_a_checker_that_can_move(tmp_path: Path) -> None:
    app, scene = _launched(tmp_path, seed=3, start="two")
    until(app, lambda: scene.state.phase is Phase.MOVING and not scene.busy())
    movable = scene.hands.movable
    key(app, "right")  # the first press shows the cursor, on a checker that can move
    assert scene.cursor.point in movable
    seen = {scene.cursor.point}
    for arrow in ["left"] * 13 + ["down", "up"] + ["right"] * 13:  # every point (test_ui_cursor_walk.py)
        key(app, arrow)
        seen.add(scene.cursor.point)
    assert set(range(1, 25)) <= seen
    walk_to(app, lambda: scene.cursor.point in movable)
    src = scene.cursor.point
    assert src is not None
    key(app, "space")
    assert scene.hands.selected == src and scene.cursor.point in scene.hands.targets(src)
    dst = scene.cursor.point
    key(app, "backspace")  # Undo with a checker in hand puts it down first
    assert scene.hands.selected is None and not scene.state.moves
    key(app, "space")
    key(app, "return")
    assert [(m.src, m.dst) for m in scene.state.moves] == [(src, dst)]
    key(app, "backspace")
    assert not scene.state.moves  # and then takes the move back
    until(app, lambda: not scene.anim.busy)
    app.step()
    assert scene.cursor.point in scene.hands.movable  # where it was, or the nearest that can move
    rolled = scene.state.dice
    assert rolled is not None
    walk_to(app, lambda: scene.state.turn_state().refusal(scene.cursor.point or 0, max(rolled)) is None)
    under = scene.cursor.point
    key(app, ".")  # the higher die, at once, from the checker under the cursor
    dice = scene.state.dice
    assert dice is not None and scene.state.moves
    assert scene.state.moves[0].src == under
    assert under - scene.state.moves[0].dst == max(dice) or scene.state.moves[0].dst == 0
    app.draw(0.0)


def test_a_menu_walk_by_keys_from_the_title_to_a_game_and_back(tmp_path: Path) -> None:
    app = App(st.Settings(animation="fast"), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    assert title.buttons.focused() is title.buttons.buttons[0]  # the ring from the start (issue 36)
    key(app, "down")
    focused = title.buttons.focused()
    assert focused is not None and focused.label == "Two players"
    app.draw(0.0)  # the focus ring is drawn
    key(app, "return")
    game = app.scenes.top
    assert isinstance(game, GameScene) and game.game.setup.mode == "two"
    key(app, "escape")
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    assert menu.buttons.focused() is menu.buttons.buttons[0]  # opened by a key: the focus is on Resume
    for _ in range(2):
        key(app, "down")
    focused = menu.buttons.focused()
    assert focused is not None and focused.label == "Leave to title"
    key(app, "return")
    assert isinstance(app.scenes.top, TitleScene)


def test_a_pointer_press_hides_the_focus(tmp_path: Path) -> None:
    app = App(st.Settings(), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    key(app, "down")
    title = app.scenes.top
    assert isinstance(title, TitleScene) and title.buttons.focus is not None
    app.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 700), button=1, clicks=1, touch=False)
    )
    assert title.buttons.focus is None


def test_keys_the_operator_remapped(tmp_path: Path) -> None:
    settings = st.with_value(st.Settings(animation="fast"), "keys", {"done": "f"})
    app = App(settings, Launch(seed=4, start="two"), data_dir=tmp_path, threaded_ai=False)
    scene = app.initial_scene()
    assert isinstance(scene, GameScene)
    app.scenes.push(scene)
    until(app, lambda: scene.state.phase is Phase.MOVING and not scene.busy())
    key(app, ".")
    key(app, ".")
    until(app, lambda: not scene.busy())
    assert scene.state.turn_state().is_complete or scene.state.phase is not Phase.MOVING
    turn = scene.state.turn
    key(app, "r")  # no longer Done
    assert scene.state.turn == turn and scene.state.phase is Phase.MOVING
    key(app, "f")
    assert scene.state.turn != turn or scene.state.phase is not Phase.MOVING
    assert controls.keymap({"done": "f"})[pygame.K_ESCAPE] == "menu"
    assert controls.keymap({"menu": "q"})[pygame.K_ESCAPE] == "menu"  # Escape is always the way out


def test_a_key_or_a_controller_button_wakes_the_kiosk_demo(tmp_path: Path) -> None:
    for press in (lambda a: key(a, "return"), lambda a: pad(a, pygame.CONTROLLER_BUTTON_A)):
        app = App(st.Settings(operator_code="2468"), Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False)
        app.scenes.push(app.initial_scene())
        assert isinstance(app.scenes.top, AttractScene)
        press(app)
        assert (
            isinstance(app.scenes.top, TitleScene) and app.kiosk is not None and app.kiosk.mode is Mode.ACTIVE
        )
        app.quit()
        close_screen()


def test_the_stick_steps_once_per_push() -> None:
    sticks = controls.Sticks()
    x = pygame.CONTROLLER_AXIS_LEFTX
    assert sticks.motion(0, x, 30000) == "right"
    assert sticks.motion(0, x, 32000) is None  # still held over: no repeat
    assert sticks.motion(0, x, 20000) is None  # between the thresholds: still held
    assert sticks.motion(0, x, 1000) is None  # back to the middle
    assert sticks.motion(0, x, -30000) == "left"
    assert sticks.motion(0, pygame.CONTROLLER_AXIS_LEFTY, 30000) == "down"
    assert sticks.motion(0, pygame.CONTROLLER_AXIS_RIGHTX, 30000) is None


def test_nearest_prefers_what_lies_straight_ahead() -> None:
    places = [(100.0, 0.0), (60.0, 50.0), (-50.0, 0.0)]
    assert controls.nearest((0.0, 0.0), places, "right") == 0
    assert controls.nearest((0.0, 0.0), places, "left") == 2
    assert controls.nearest((0.0, 0.0), places, "down") == 1
    assert controls.nearest((0.0, 0.0), places, "up") is None


def test_the_operator_maps_a_key_on_the_keys_screen(tmp_path: Path) -> None:
    from game.ui.scenes.keymap import KeymapScene

    app = App(st.Settings(), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    keys = KeymapScene(app)
    app.scenes.push(keys)
    done = next(b for b in keys.buttons.buttons if b.label.startswith("Roll / Done"))
    assert done.label.endswith(": R")
    done.action()
    key(app, "f")
    assert app.settings.keys == (("done", "f"),)
    assert st.load_settings(tmp_path).keys == (("done", "f"),)  # saved at once
    assert app.input.keys[pygame.K_f] == "done" and pygame.K_r not in app.input.keys
    menu = next(b for b in keys.buttons.buttons if b.label.startswith("Menu"))
    menu.action()
    key(app, "q")
    assert keys.waiting is None and app.input.keys[pygame.K_ESCAPE] == "menu"
    next(b for b in keys.buttons.buttons if b.label == "Default keys").action()
    assert app.settings.keys == () and app.input.keys[pygame.K_r] == "done"


def _launched(tmp_path: Path, seed: int, start: str) -> tuple[App, GameScene]:
    """The app as ``main.py --seed SEED --start START`` opens it, its game scene showing."""
    app = App(
        st.Settings(animation="fast"), Launch(seed=seed, start=start), data_dir=tmp_path, threaded_ai=False
    )
    scene = app.initial_scene()
    assert isinstance(scene, GameScene)
    app.scenes.push(scene)
    return app, scene


def test_after_a_roll_by_key_the_cursor_is_on_the_board_and_no_button_keeps_a_stale_focus(
    tmp_path: Path,
) -> None:
    app, scene = _launched(tmp_path, seed=4, start="computer")
    until(app, lambda: scene.state.phase is Phase.ROLL and scene.state.turn == 0 and not scene.busy())
    key(app, "right")  # the focus shows on Roll...
    focused = scene.buttons.focused()
    assert focused is not None and focused.label == "Roll"
    key(app, "return")  # ...and Enter rolls
    until(app, lambda: scene.state.phase is Phase.MOVING and not scene.busy())
    assert scene.buttons.focus is None  # Done now stands where Roll was: it must not look chosen
    assert scene.cursor.point in scene.hands.movable  # the board cursor is there without a key
    app.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 700), button=1, clicks=1, touch=False)
    )
    assert not scene.cursor.engaged  # a pointer again: the cursor goes away


def _cursor_pixels(app: App, scene: GameScene, size: tuple[int, int]) -> pygame.mask.Mask:
    """The pixels the board cursor changes on a ``size`` screen (the frame drawn with and without it)."""
    from game.ui.tools._frames import letterbox

    plain = app.screen.copy()
    scene.frame.draw(scene, plain, 0.0)
    marked = plain.copy()
    scene.cursor.draw(marked)
    a, b = letterbox(plain, size), letterbox(marked, size)
    diff = b.copy()
    diff.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    back = a.copy()
    back.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(back, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    changed = pygame.mask.from_threshold(diff, (0, 0, 0), (24, 24, 24, 255))  # the unchanged pixels
    changed.invert()
    return changed


def _cube_on_screen(scene: GameScene, size: tuple[int, int]) -> pygame.Rect:
    """Where the cube (shadow included) is drawn on a ``size`` screen."""
    from game.ui import layout as L
    from game.ui.layout import LAYOUT

    s = scene.state
    centre = LAYOUT.cube_center(s.cube.owner)
    logical = scene.app.sprites.get("cube_1").get_rect(center=(centre[0] + 2, centre[1] + 2))
    scale = min(size[0] / L.W, size[1] / L.H)
    left, top = (size[0] - round(L.W * scale)) // 2, (size[1] - round(L.H * scale)) // 2
    return pygame.Rect(
        left + int(logical.x * scale),
        top + int(logical.y * scale),
        round(logical.w * scale) + 1,
        round(logical.h * scale) + 1,
    )


@pytest.mark.parametrize("player", [0, 1])
@pytest.mark.parametrize("on_bar", [1, 3])
@pytest.mark.parametrize("owner", [None, "opponent"])
def test_the_cursor_on_the_bar_keeps_clear_of_the_cube(
    tmp_path: Path, player: int, on_bar: int, owner: str | None
) -> None:
    """A play test saw the cursor's ring touch a centred cube (and its pointer drawn over it)."""
    from game.engine.cube import Cube
    from game.engine.flow import GameState, Roll, apply
    from game.engine.position import Position

    app, scene = _launched(tmp_path, seed=3, start="two")
    me = [0] * 25
    me[24], me[5], me[7], me[12] = on_bar, 5, 3, 7 - on_bar
    opp = [0] * 25
    opp[5], opp[7], opp[12], opp[23] = 5, 3, 5, 2
    cube = Cube() if owner is None else Cube(2, 1 - player)
    before = GameState(
        phase=Phase.ROLL, position=Position(me=tuple(me), opp=tuple(opp)), turn=player, cube=cube
    )
    scene.resume(apply(before, Roll((6, 3))))
    until(app, lambda: not scene.busy())
    key(app, "right")  # the first press shows the cursor: on the bar, the only checker that may move
    assert scene.cursor.point == 25
    for size in ((800, 480), (1024, 600), (1920, 1080)):
        cursor = _cursor_pixels(app, scene, size)
        assert cursor.count() > 500  # the ring and its pointer are there
        margin = max(6, size[1] // 80)  # 6 px at 800x480, 13 px at 1920x1080
        near = _cube_on_screen(scene, size).inflate(2 * margin, 2 * margin)
        near_cube = pygame.mask.Mask(size)
        near_cube.draw(pygame.mask.Mask(near.size, fill=True), near.topleft)
        assert cursor.overlap(near_cube, (0, 0)) is None, (size, player, on_bar, owner)


def test_a_key_another_command_is_on_is_refused_with_a_line_saying_which(tmp_path: Path) -> None:
    """A play test at 800x480 put Hint on R: the screen showed R on Roll / Done and on Hint, while R
    only rolled and Hint had no key left. The key is refused, the screen says why and waits on."""
    from game.ui.scenes.keymap import KeymapScene

    app = App(st.Settings(), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    keys = KeymapScene(app)
    app.scenes.push(keys)
    next(b for b in keys.buttons.buttons if b.label.startswith("Hint")).action()
    key(app, "r")
    assert app.settings.keys == () and app.input.keys[pygame.K_h] == "hint"
    assert keys.waiting == "hint" and keys.refused == "R is already on Roll / Done: press another key"
    app.draw()
    key(app, "h")  # its own key again is fine
    assert keys.waiting is None and keys.refused == ""
    next(b for b in keys.buttons.buttons if b.label.startswith("Hint")).action()
    key(app, "f")
    assert app.settings.keys == (("hint", "f"),) and app.input.keys[pygame.K_f] == "hint"
    labels = [b.label for b in keys.buttons.buttons]
    assert "Hint: F" in labels and "Roll / Done: R" in labels
