"""The key map walks the board as it is drawn (issue 36): the arrow keys move the keyboard cursor to the
neighbouring point on the screen, in both board directions (home right, home left) and on both
players' turns; at the board's edge it stays and the line says why; after a move it stays near it."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game import i18n
from game.engine.flow import GameState, Phase, Roll, Rules, apply
from game.engine.position import Position
from game.ui import layout as L
from game.ui.app import App
from game.ui.scenes.game import GameScene
from tests.helpers.ui_driver import close_screen, make_app, start_game

ARROWS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP, "down": pygame.K_DOWN}


@pytest.fixture
def app() -> Iterator[App]:
    made = make_app()
    yield made
    made.quit()
    L.LAYOUT.set_home("right")
    close_screen()


def moving(app: App, turn: int, home: str) -> GameScene:
    """Two players, the opening position, ``turn`` to move 3-1, the board's home on ``home``."""
    L.LAYOUT.set_home(home)
    scene = start_game(app, mode="two")
    rolled = apply(
        GameState(phase=Phase.ROLL, position=Position.start(), turn=turn, rules=Rules(5)), Roll((3, 1))
    )
    scene.resume(rolled)
    app.step()
    return scene


def press(app: App, arrow: str) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=ARROWS[arrow], mod=0, unicode=""))


def drawn(turn: int, point: int) -> pygame.Rect:
    """The triangle of the mover's ``point`` as the screen draws it."""
    return L.LAYOUT.point_rect(L.to_abs(turn, point))


@pytest.mark.parametrize("home", ["right", "left"])
@pytest.mark.parametrize("turn", [0, 1])
def test_the_arrows_walk_every_point_as_drawn(app: App, turn: int, home: str) -> None:
    scene = moving(app, turn, home)
    press(app, "left")  # the first press shows the cursor on a checker that can move
    assert scene.cursor.point in scene.hands.movable
    rows = {
        top: sorted((p for p in range(1, 25) if (drawn(turn, p).centery < L.MID_Y) == top),
                    key=lambda p: drawn(turn, p).centerx)
        for top in (True, False)
    }  # fmt: skip
    assert all(len(r) == 12 for r in rows.values())
    for top, row in rows.items():
        for i, point in enumerate(row):
            for arrow, expected in (("left", row[max(i - 1, 0)]), ("right", row[min(i + 1, 11)])):
                scene.cursor.point = point
                scene.flash_time = 0.0
                press(app, arrow)
                assert scene.cursor.point == expected, (turn, home, point, arrow)
                if expected == point:  # the edge: it stays and says why
                    assert scene.flash_time > 0 and scene.flash_text == i18n.tr("ui.cursor_edge")
            across = "down" if top else "up"
            scene.cursor.point = point
            press(app, across)
            facing = scene.cursor.point
            assert facing is not None and facing in rows[not top]
            assert abs(drawn(turn, facing).centerx - drawn(turn, point).centerx) < L.PW / 2  # straight across
            scene.cursor.point = point
            scene.flash_time = 0.0
            press(app, "up" if top else "down")  # nothing above the top row, below the bottom one
            assert scene.cursor.point == point and scene.flash_time > 0


def test_the_issues_cases_on_whites_home_right_board(app: App) -> None:
    scene = moving(app, 0, "right")
    press(app, "left")
    for start, arrow, expected in ((24, "left", 23), (13, "left", 13), (7, "up", 18), (19, "left", 18)):
        scene.cursor.point = start
        press(app, arrow)
        assert scene.cursor.point == expected, (start, arrow)


def test_the_cursor_stays_near_the_last_move(app: App) -> None:
    scene = moving(app, 0, "right")
    press(app, "left")
    scene.cursor.point = 8
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))  # pick up
    assert scene.hands.selected == 8
    scene.cursor.point = 5
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))  # 8/5
    assert [(m.src, m.dst) for m in scene.state.moves] == [(8, 5)]
    for _ in range(200):
        app.step()
        if not scene.anim.busy:
            break
    app.step()
    point = scene.cursor.point
    assert point is not None and point in scene.hands.movable
    assert abs(point - 5) <= 3, point  # near the checker just moved, not back at 24


def test_picking_up_where_nothing_can_move_says_why(app: App) -> None:
    scene = moving(app, 0, "right")
    press(app, "left")
    scene.cursor.point = 20  # an empty point
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert scene.hands.selected is None and scene.flash_text == i18n.tr("ui.no_checker_here")
    scene.cursor.point = 19  # black's checkers
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert scene.flash_text == i18n.tr("newcomer.theirs_white")
