"""The display's geometry (window size, letterbox, turn, input mapping) and the no-screen check.

The real windows are in ``tests/realwindow/test_real_window.py`` (under Xvfb); these run headless.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.session import settings as st
from game.ui import display as d
from game.ui.layout import H, W
from tests.helpers.paths import ROOT

SCREENS = [(800, 480), (1024, 600), (1920, 1080), (480, 800), (1280, 720), (1366, 768), (600, 1024)]


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("turn", d.ROTATIONS)
def test_the_default_window_is_the_largest_picture_that_fits_the_usable_desktop(
    screen: tuple[int, int], turn: int
) -> None:
    size, note = d.window_size(screen, None, turn)
    assert note is None
    usable = d.usable_desktop(screen)
    assert size[0] <= usable[0] and size[1] <= usable[1] and usable[1] < screen[1]
    pw, ph = d.turned_size(turn)
    assert abs(size[0] / size[1] - pw / ph) < 0.01
    assert size[0] >= usable[0] - 1 or size[1] >= usable[1] - 1  # touches one side: the largest


def test_a_size_larger_than_the_screen_is_clamped_with_a_note() -> None:
    assert d.window_size((800, 480), (640, 360)) == ((640, 360), None)
    size, note = d.window_size((800, 480), (1920, 1080))
    assert size == (800, 480)
    assert note is not None and "1920x1080" in note and "800x480" in note and "\n" not in note
    assert d.window_size((800, 480), (700, 1000))[0] == (700, 480)


@pytest.mark.parametrize(
    "window", [(800, 480), (1024, 600), (1920, 1080), (480, 800), (1000, 1000), (1280, 720)]
)
@pytest.mark.parametrize("turn", d.ROTATIONS)
def test_the_picture_is_letterboxed_whole_and_centred(window: tuple[int, int], turn: int) -> None:
    rect = d.picture_rect(window, turn)
    assert pygame.Rect(0, 0, *window).contains(rect)
    assert rect.w == window[0] or rect.h == window[1]
    assert abs(rect.x - (window[0] - rect.right)) <= 1 and abs(rect.y - (window[1] - rect.bottom)) <= 1


@pytest.mark.parametrize("window", [(800, 480), (480, 800), (1920, 1080), (1000, 1000)])
@pytest.mark.parametrize("turn", d.ROTATIONS)
def test_a_touch_maps_back_through_letterbox_and_turn(window: tuple[int, int], turn: int) -> None:
    for point in [(0, 0), (W - 1, 0), (0, H - 1), (W - 1, H - 1), (640, 360), (100, 600), (1200, 50)]:
        shown = d.to_window((point[0] + 0.5, point[1] + 0.5), window, turn)
        back = d.to_logical(shown, window, turn)
        scale = d.picture_rect(window, turn).w / d.turned_size(turn)[0]
        slack = 1 + 1 / scale  # one window pixel covers 1/scale logical pixels
        assert abs(back[0] - point[0]) <= slack and abs(back[1] - point[1]) <= slack, (point, shown, back)
        assert 0 <= back[0] < W and 0 <= back[1] < H


def test_the_turn_is_clockwise_and_the_corners_go_where_they_should() -> None:
    # 480x800 portrait screen, picture turned 90 degrees clockwise: its top-left corner is at the
    # screen's top-right, its top-right at the screen's bottom-right.
    rect = d.picture_rect((480, 800), 90)
    assert rect.size == (450, 800)
    assert d.to_logical((rect.right - 1, 0), (480, 800), 90) == (0, 0)
    assert d.to_logical((rect.right - 1, 799), (480, 800), 90) == (W - 1, 0)
    assert d.to_logical((rect.x, 0), (480, 800), 90) == (0, H - 1)
    assert d.to_logical((rect.right - 1, 0), (480, 800), 270) == (W - 1, H - 1)
    assert d.to_logical((0, 0), (1280, 720), 180) == (W - 1, H - 1)


def test_a_touch_on_a_black_bar_lands_outside_the_picture() -> None:
    x, y = d.to_logical((400, 5), (800, 480), 0)  # the 15-pixel bar above the 800x450 picture
    assert y < 0 and 0 <= x < W


@pytest.fixture()
def window(ui_reset: None) -> Iterator[d.Display]:
    pygame.display.init()
    display = d.Display(size=(800, 480), rotate=90)
    display.open()
    yield display


def test_map_event_rewrites_pointer_positions_only(window: d.Display) -> None:
    # The dummy window is 800x480; the turned picture is 270x480 in its middle.
    rect = d.picture_rect((800, 480), 90)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(rect.right - 1, 0), button=1, touch=False)
    mapped = window.map_event(down)
    assert mapped.pos[0] <= 2 and mapped.pos[1] <= 2  # one window pixel covers 2.7 logical ones
    assert mapped.button == 1
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert window.map_event(key) is key
    window.half_turn = True  # the cocktail table's far player: 90 + 180
    assert window.turn == 270
    x, y = window.map_event(down).pos
    assert x >= W - 3 and y >= H - 3


def test_present_draws_the_turned_picture_into_the_window(window: d.Display) -> None:
    window.surface.fill((10, 20, 30))
    window.surface.fill((250, 0, 0), pygame.Rect(0, 0, 200, 200))  # the picture's top-left corner
    window.present()
    shown = pygame.display.get_surface()
    rect = d.picture_rect((800, 480), 90)
    assert shown.get_at((5, 240))[:3] == (0, 0, 0)  # bar
    red = shown.get_at((rect.right - 3, 3))  # turned clockwise: the picture's top-left is top-right
    assert red.r > 240 and red.g < 8 and red.b < 8
    other = shown.get_at((rect.x + 3, 3))
    assert all(abs(a - b) <= 3 for a, b in zip(other[:3], (10, 20, 30), strict=True))


def test_a_touch_event_hides_the_pointer(window: d.Display) -> None:
    assert not window.pointer_hidden
    window.map_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 240), button=1, touch=True))
    assert window.pointer_hidden


def test_no_screen_exits_2_with_the_cause_and_the_fix_and_frames_still_run(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    done = subprocess.run(
        [sys.executable, "main.py", "--data-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    message = [line for line in done.stderr.splitlines() if line.startswith("backgammon:")]
    assert len(message) == 1
    for words in ("DISPLAY", "WAYLAND_DISPLAY", "video and render groups", "--frames"):
        assert words in message[0]
    shot = tmp_path / "frame.png"
    done = subprocess.run(
        [sys.executable, "main.py", "--frames", "3", "--screenshot", str(shot), "--data-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(shot)).get_size() == (W, H)


def test_the_rotation_setting_takes_the_four_turns_only() -> None:
    assert st.ROTATIONS == d.ROTATIONS
    assert st.from_dict({"rotation": 270}).rotation == 270
    assert st.from_dict({"rotation": 45}).rotation == 0  # a bad value falls back, the rest is kept
    assert st.from_dict({"rotation": "90", "level": "expert"}) == st.Settings(level="expert")
    with pytest.raises(ValueError):
        d.Display(rotate=45)


def test_a_new_turn_applies_to_drawing_and_input_at_once(window: d.Display) -> None:
    window.set_rotation(0)
    assert window.turn == 0
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(0, 15), button=1, touch=False)
    assert window.map_event(down).pos == (0, 0)  # 800x480: the picture is 800x450 from y=15
    window.set_rotation(180)
    assert window.map_event(down).pos == (W - 1, H - 1)
