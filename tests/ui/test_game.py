"""A whole two-player game through the real scenes, driven only by synthetic mouse events.

Every move is made with a gesture a player would use (drag, double-click for the
higher die, right-click for the lower one), every turn is finished by a click on
the dice, and every roll by a click on the dice too. Time advances by fixed steps.
"""

from __future__ import annotations

import random

import pytest

from game.engine.flow import Phase
from game.i18n import tr
from game.ui.widgets import label_ink
from tests.helpers.ui_driver import (
    button_xy,
    click,
    close_screen,
    dice_xy,
    double_click,
    drag,
    let_dialog_show,
    make_app,
    point_xy,
    right_click,
    run_until,
    settle,
    start_game,
)


@pytest.fixture()
def app():  # type: ignore[no-untyped-def]
    a = make_app(speed="fast")
    yield a
    close_screen()


def test_full_two_player_game_by_mouse(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two", seed=7, match_length=0)
    rng = random.Random(3)
    used = {"drag": 0, "double": 0, "right": 0, "dice_end": 0, "dice_roll": 0}
    turns = 0
    for _ in range(2000):
        settle(app, scene)
        s = scene.state
        if s.phase is Phase.GAME_OVER:
            break
        if s.phase is Phase.ROLL:
            click(app, dice_xy(scene))
            used["dice_roll"] += 1
            run_until(app, lambda: scene.state.phase is not Phase.ROLL, 200)
            continue
        assert s.phase is Phase.MOVING, s.phase
        turn = s.turn_state()
        if turn.is_complete:
            before = scene.state
            click(app, dice_xy(scene))
            used["dice_end"] += 1
            assert scene.state is not before, scene.flash_text
            turns += 1
            continue
        moves = turn.legal_moves()
        move = rng.choice(moves)
        p = s.turn
        n_before = len(s.moves)
        gesture = rng.choice(("drag", "double", "right"))
        high, low = max(turn.remaining), min(turn.remaining)
        if gesture == "double" and move.die != high:
            gesture = "right" if move.die == low else "drag"
        if gesture == "right" and move.die != low:
            gesture = "double" if move.die == high else "drag"
        if gesture == "drag":
            drag(app, point_xy(p, move.src), point_xy(p, move.dst))
        elif gesture == "double":
            double_click(app, point_xy(p, move.src))
        else:
            right_click(app, point_xy(p, move.src))
        used[gesture] += 1
        after = scene.state
        moved = after.moves if after.phase is Phase.MOVING else after.last_play
        assert len(moved) > n_before, (gesture, move, scene.flash_text)
    settle(app, scene)
    assert scene.state.phase is Phase.GAME_OVER
    assert scene.state.result is not None
    assert scene.match.games == 1 and sum(scene.match.score) == scene.state.result.points
    assert turns > 20
    assert all(v > 0 for v in used.values()), used
    app.draw(0.0)
    # the game-over screen offers the next game
    click(app, button_xy(scene, "Next game"))
    assert scene.state.phase is Phase.OPENING


def test_cube_take_then_pass_by_buttons(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two", seed=11, match_length=0)
    # play the first turn: whatever is legal, by double-click / right-click
    for _ in range(50):
        settle(app, scene)
        s = scene.state
        if s.phase is Phase.ROLL:
            break
        turn = s.turn_state()
        if turn.is_complete:
            click(app, dice_xy(scene))
            continue
        move = turn.legal_moves()[0]
        if move.die == max(turn.remaining):
            double_click(app, point_xy(s.turn, move.src))
        else:
            right_click(app, point_xy(s.turn, move.src))
    s = scene.state
    assert s.phase is Phase.ROLL and s.can_double() is None
    doubler = s.turn
    click(app, button_xy(scene, "Double"))
    assert scene.state.phase is Phase.CUBE_OFFERED
    app.draw(0.0)
    labels = {b.label: b.sub for b in scene.modal.buttons}  # what the dialog offers, with what each costs
    assert labels["TAKE"] == tr("ui.take_means", points=2) and labels["PASS"] == tr("ui.pass_means", points=1)
    from tests.helpers.screen_probe import find_text, grab

    grid = grab(app.screen)
    for b in scene.modal.buttons:  # each button's line under its name is on the screen, inside it
        if b.sub:
            size, inner = b.sub_size or max(16, b.size // 2), b.rect.width - 24
            assert find_text(grid, b.sub, size, label_ink(b.colour), b.rect.inflate(0, 8), width=inner), b.sub
    take = button_xy(scene, "TAKE")
    click(app, take)
    assert scene.state.phase is Phase.CUBE_OFFERED  # a tap the moment the offer appears is not an answer
    let_dialog_show(app, scene)
    click(app, take)
    assert scene.state.phase is Phase.CUBE_OFFERED and scene.answer_window.open  # undoable a moment
    run_until(app, lambda: scene.state.phase is not Phase.CUBE_OFFERED, 1000)
    s = scene.state
    assert s.phase is Phase.ROLL and s.cube.value == 2 and s.cube.owner == 1 - doubler
    # the doubler no longer owns the cube: no Double button, the game rolls by itself
    settle(app, scene)
    assert scene.state.phase is Phase.MOVING
    # now play on until the taker may redouble, then the other one passes
    for _ in range(200):
        settle(app, scene)
        s = scene.state
        if s.phase is Phase.ROLL and s.can_double() is None:
            break
        if s.phase is Phase.MOVING:
            turn = s.turn_state()
            if turn.is_complete:
                click(app, dice_xy(scene))
            else:
                move = turn.legal_moves()[0]
                drag(app, point_xy(s.turn, move.src), point_xy(s.turn, move.dst))
    s = scene.state
    assert s.turn == 1 - doubler
    click(app, button_xy(scene, "Double"))
    assert scene.state.phase is Phase.CUBE_OFFERED
    let_dialog_show(app, scene)
    click(app, button_xy(scene, "PASS"))
    run_until(app, lambda: scene.state.phase is not Phase.CUBE_OFFERED, 1000)  # after its undo window
    s = scene.state
    assert s.phase is Phase.GAME_OVER and s.result is not None
    assert s.result.passed and s.result.points == 2 and s.result.winner == 1 - doubler
    assert scene.match.score[1 - doubler] == 2
