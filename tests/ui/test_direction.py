"""Board direction: with the home board on the left the board is mirrored, and clicks follow the drawing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.engine.flow import OpeningRoll, Phase, apply, new_game
from game.ui import layout as L
from game.ui.layout import LAYOUT
from tests.helpers.ui_driver import close_screen, drag, make_app, settle, start_game


@pytest.fixture(params=["right", "left"])
def home(request: pytest.FixtureRequest) -> Iterator[str]:
    LAYOUT.set_home(request.param)
    yield request.param
    LAYOUT.set_home("right")
    close_screen()


def test_home_board_side_is_where_the_direction_says(home: str) -> None:
    board = LAYOUT.board_rect()
    home_point = LAYOUT.point_rect(1)  # player 0's home board
    tray = LAYOUT.tray_rect(0)
    if home == "right":
        assert home_point.centerx > board.centerx and tray.centerx > board.centerx
        assert LAYOUT.point_rect(1).x > LAYOUT.point_rect(6).x
    else:
        assert home_point.centerx < board.centerx and tray.centerx < board.centerx
        assert LAYOUT.point_rect(1).x < LAYOUT.point_rect(6).x
    # every region stays inside the board and no two points overlap
    rects = [LAYOUT.point_rect(a) for a in range(1, 25)]
    for r in [*rects, LAYOUT.bar_rect(), LAYOUT.tray_rect(0), LAYOUT.tray_rect(1)]:
        assert board.contains(r)
    for i, r in enumerate(rects):
        assert all(not r.colliderect(o) for o in rects[i + 1 :])


def test_every_drawn_point_answers_to_itself(home: str) -> None:
    for a in range(1, 25):
        r = LAYOUT.point_rect(a)
        for xy in (r.center, (r.x + 3, r.centery), (r.right - 3, r.centery)):
            assert LAYOUT.hit(xy) == ("point", a), (home, a, xy)
    for player in (0, 1):
        assert LAYOUT.hit(LAYOUT.tray_rect(player).center) == ("tray", player)
        assert LAYOUT.hit(LAYOUT.bar_half(player).center) == ("bar", player)
    for side in (0, 1):
        assert LAYOUT.hit(LAYOUT.dice_rect(side, 2).center) == ("dice", side)


def test_static_board_is_drawn_mirrored(home: str) -> None:
    app = make_app()
    start_game(app, mode="two", seed=3)
    app.draw(0.0)
    tray_colour = (14, 60, 40)
    for player in (0, 1):
        assert tuple(app.screen.get_at(LAYOUT.tray_rect(player).center))[:3] == tray_colour
    # the other side of the board, where the tray is in the opposite direction, is not a tray
    mirror = L.MIRROR_SUM - LAYOUT.tray_rect(0).centerx
    assert tuple(app.screen.get_at((mirror, LAYOUT.tray_rect(0).centery)))[:3] != tray_colour


@pytest.mark.parametrize("src,dst", [(24, 18), (13, 7), (8, 7)])
def test_a_drag_to_a_points_drawn_rectangle_lands_on_that_point(home: str, src: int, dst: int) -> None:
    app = make_app(speed="fast")
    scene = start_game(app, mode="two", seed=5)
    scene.resume(apply(new_game(), OpeningRoll(6, 1)))
    assert scene.state.phase is Phase.MOVING and scene.state.turn == 0
    src_rect = LAYOUT.point_rect(L.to_abs(0, src))
    dst_rect = LAYOUT.point_rect(L.to_abs(0, dst))
    # grab the checker where it is drawn and drop it in the middle of the target's triangle
    grab = LAYOUT.checker_center(L.to_abs(0, src), 0, 1)
    assert src_rect.collidepoint(grab)
    drag(app, grab, dst_rect.center)
    settle(app, scene)
    assert scene.state.moves and scene.state.moves[-1].src == src and scene.state.moves[-1].dst == dst


def test_settings_row_switches_the_board(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.session import settings as st
    from game.ui.app import App
    from game.ui.scenes.settings import SettingsScene

    app = App(st.Settings(), data_dir=tmp_path, threaded_ai=False)
    try:
        scene = SettingsScene(app)
        assert "direction" in scene.fields()
        assert LAYOUT.home == "right"
        button = scene.buttons.buttons[scene.fields().index("direction")]
        assert button.label == scene.value_text("direction")
        button.action()
        assert app.settings.direction == "home-left" and LAYOUT.home == "left"
        scene.close()
        assert st.load_settings(tmp_path).direction == "home-left"
    finally:
        LAYOUT.set_home("right")
        close_screen()
