"""Real windows under Xvfb with no window manager (the usual ``xinit`` cabinet).

Each test starts an X server of a cabinet's screen size, starts ``main.py`` on it, captures the
X screen (``import -window root``) and compares it with the game's own headless frame
(``main.py --frames N --screenshot``) scaled into the window the way the display should: the whole
picture, letterboxed, nothing cut, nothing off the screen. The turned screen also gets a tap
(``xdotool``) that must land on the button drawn under it.

They need Xvfb, xdotool and ImageMagick (``apt-get install xvfb xdotool imagemagick``; ``.ci/run``
installs them) and skip with that reason when one is missing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from functools import cache
from pathlib import Path

import pygame
import pytest

from game.ui import display as d
from game.ui.layout import H, W
from tests.helpers.paths import ROOT
from tests.helpers.waiting import HANG_LIMIT
from tests.helpers.xwindow import MISSING, game, game_env, window_geometry, xvfb

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        bool(MISSING),
        reason=f"needs {', '.join(MISSING)} (apt-get install xvfb xdotool imagemagick)",
    ),
]

ANSWER_LIMIT = 120.0
"""Seconds a capture waits for the screen to settle or to answer an input. The game draws an answer
in a frame; this only keeps a tap that landed nowhere from blocking the suite, so it is generous for a
loaded machine."""

MEAN_LIMIT = 4.0
"""Mean absolute difference per channel (0..255) allowed between the capture and the expected
screen, over the window and over each edge strip of the picture. Measured: under 1 where it is
right; a picture cut or zoomed by even 2% of its size gives over 10 on the edges."""


def capture(display: str, path: Path, changed_from: pygame.Surface | None = None) -> pygame.Surface:
    """The X screen once two captures in a row agree (the game has drawn and gone idle); with
    ``changed_from``, only once it differs from that earlier capture (an input has been answered)."""
    env = {**os.environ, "DISPLAY": display}
    last: pygame.Surface | None = None
    deadline = time.monotonic() + ANSWER_LIMIT
    while time.monotonic() < deadline:
        subprocess.run(["import", "-window", "root", str(path)], env=env, check=True, capture_output=True)
        shot = pygame.image.load(str(path))
        if changed_from is not None and _mean_diff(shot, changed_from, shot.get_rect()) == 0.0:
            time.sleep(0.3)
            continue
        if last is not None and _mean_diff(shot, last, shot.get_rect()) == 0.0 and _mean(shot) > 1:
            return shot
        last = shot
        time.sleep(0.3)
    raise AssertionError("the screen never settled" + (" after the input" if changed_from else ""))


@pytest.fixture(params=d.PRESENT_PATHS)
def present(request: pytest.FixtureRequest) -> str:
    """Each real-window test runs on both paths to the screen: the GPU's and the CPU's."""
    path: str = request.param
    return path


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


_FRAMES: dict[tuple[str, ...], pygame.Surface] = {}


def headless_frame(*args: str) -> pygame.Surface:
    """The game's own logical frame: the same start, drawn headless with an empty data folder.

    Drawn once a test process for each ``args`` and kept: every test compares its window with the same
    few frames (the English title, the Finnish one), and each drawing is a start of the game."""
    if args not in _FRAMES:
        with tempfile.TemporaryDirectory(prefix="headless-frame-") as tmp:
            data, path = Path(tmp) / "data", Path(tmp) / "frame.png"
            data.mkdir()
            done = subprocess.run(
                [
                    sys.executable,
                    "main.py",
                    "--seed",
                    "7",
                    "--frames",
                    "30",
                    "--screenshot",
                    str(path),
                    *args,
                ],
                cwd=ROOT,
                env=game_env(None, data),
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert done.returncode == 0, done.stderr
            _FRAMES[args] = pygame.image.load(str(path))
    frame = _FRAMES[args].copy()
    assert frame.get_size() == (W, H)
    return frame


def expected_screen(
    frame: pygame.Surface, screen: tuple[int, int], window: pygame.Rect, turn: int
) -> pygame.Surface:
    """The frame scaled, letterboxed and turned into ``window`` on a black screen."""
    out = pygame.Surface(screen)
    out.fill((0, 0, 0))
    rect = d.picture_rect(window.size, turn).move(window.topleft)
    angle = {0: 0, 90: -90, 180: 180, 270: 90}[turn]
    turned = pygame.transform.rotate(frame, angle) if angle else frame
    out.blit(pygame.transform.smoothscale(turned.convert(24), rect.size), rect)
    return out


def _mean(surface: pygame.Surface) -> float:
    return float(sum(pygame.transform.average_color(surface)[:3]) / 3)


def _mean_diff(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> float:
    """Mean absolute difference per channel of ``a`` and ``b`` over ``rect``."""
    a24 = a.subsurface(rect).convert(24)
    b24 = b.subsurface(rect).convert(24)
    up = a24.copy()
    up.blit(b24, (0, 0), special_flags=pygame.BLEND_SUB)
    down = b24.copy()
    down.blit(a24, (0, 0), special_flags=pygame.BLEND_SUB)
    up.blit(down, (0, 0), special_flags=pygame.BLEND_ADD)
    return _mean(up)


def check_whole_picture(
    shot: pygame.Surface, expected: pygame.Surface, window: pygame.Rect, turn: int
) -> None:
    screen = shot.get_rect()
    assert screen.contains(window), f"window {window} runs off the {screen.size} screen"
    assert _mean_diff(shot, expected, window) < MEAN_LIMIT
    picture = d.picture_rect(window.size, turn).move(window.topleft)
    edge_w, edge_h = max(4, picture.w // 12), max(4, picture.h // 12)
    edges = {
        "left": pygame.Rect(picture.x, picture.y, edge_w, picture.h),
        "right": pygame.Rect(picture.right - edge_w, picture.y, edge_w, picture.h),
        "top": pygame.Rect(picture.x, picture.y, picture.w, edge_h),
        "bottom": pygame.Rect(picture.x, picture.bottom - edge_h, picture.w, edge_h),
    }
    for name, strip in edges.items():
        assert _mean_diff(shot, expected, strip) < MEAN_LIMIT, f"the picture's {name} edge differs"
    for bar in (
        pygame.Rect(window.x, window.y, window.w, picture.y - window.y),
        pygame.Rect(window.x, picture.bottom, window.w, window.bottom - picture.bottom),
        pygame.Rect(window.x, window.y, picture.x - window.x, window.h),
        pygame.Rect(picture.right, window.y, window.right - picture.right, window.h),
    ):
        if bar.w > 0 and bar.h > 0:
            assert _mean(shot.subsurface(bar)) < 1, "the letterbox bars are not black"


SCREENS = [(800, 480), (1024, 600), (1920, 1080)]


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("mode", ["window", "fullscreen"])
def test_the_whole_picture_is_on_the_screen(
    screen: tuple[int, int], mode: str, data: Path, tmp_path: Path, present: str
) -> None:
    frame = headless_frame()
    args = ("--fullscreen",) if mode == "fullscreen" else ()
    with xvfb(screen) as display, game(display, data, present, *args) as proc:
        window = window_geometry(display, proc)
        shot = capture(display, tmp_path / f"{mode}.png")
    if mode == "fullscreen":
        assert window == pygame.Rect(0, 0, *screen)
    else:
        assert window.size == d.window_size(screen, None)[0]
    check_whole_picture(shot, expected_screen(frame, screen, window, 0), window, 0)


def test_a_size_larger_than_the_screen_is_clamped_with_a_note(
    data: Path, tmp_path: Path, present: str
) -> None:
    log: list[str] = []
    with xvfb((800, 480)) as display, game(display, data, present, "--size", "1920x1080", log=log) as proc:
        window = window_geometry(display, proc)
        shot = capture(display, tmp_path / "size.png")
    err = log[0]
    assert window == pygame.Rect(0, 0, 800, 480)
    assert "--size 1920x1080 is larger than the 800x480 screen" in err
    frame = headless_frame()
    check_whole_picture(shot, expected_screen(frame, (800, 480), window, 0), window, 0)


@pytest.mark.parametrize("mode", ["window", "fullscreen", "setting"])
def test_a_turned_screen_shows_the_whole_picture_and_a_tap_lands_where_it_is_drawn(
    mode: str, data: Path, tmp_path: Path, present: str
) -> None:
    screen = (480, 800)
    frame = headless_frame()
    finnish = headless_frame("--lang", "fi")
    target = _button_centre("FI")
    if mode == "setting":  # the saved setting turns the picture when no --rotate is given
        (data / "settings.json").write_text(json.dumps({"version": 1, "settings": {"rotation": 90}}))
        args: tuple[str, ...] = ()
    else:
        args = ("--rotate", "90", *(("--fullscreen",) if mode == "fullscreen" else ()))
    with xvfb(screen) as display, game(display, data, present, *args) as proc:
        window = window_geometry(display, proc)
        shot = capture(display, tmp_path / "turned.png")
        check_whole_picture(shot, expected_screen(frame, screen, window, 90), window, 90)
        x, y = d.to_window((target[0] + 0.5, target[1] + 0.5), window.size, 90)
        env = {**os.environ, "DISPLAY": display}
        subprocess.run(
            ["xdotool", "mousemove", str(window.x + x), str(window.y + y), "click", "1"], env=env, check=True
        )
        tapped = capture(display, tmp_path / "tapped.png", changed_from=shot)
    # The tap chose Finnish: the screen now shows the headless Finnish title.
    check_whole_picture(tapped, expected_screen(finnish, screen, window, 90), window, 90)


@cache
def _button_centre(label: str) -> tuple[int, int]:
    """Where the title screen draws the button ``label``, in logical coordinates (from a headless
    title built in a child process, so this test process never opens pygame's display; once a test
    process for each label)."""
    code = (
        "import os, sys\n"
        "os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
        "from game.ui.cli import build\n"
        "app = build(['--seed', '7'], threaded_ai=False)\n"
        "scene = app.initial_scene()\n"
        "for b in scene.buttons.buttons:\n"
        f"    if b.label == {label!r}:\n"
        "        print(b.rect.centerx, b.rect.centery)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    x, y = done.stdout.split()
    return (int(x), int(y))


def test_a_resized_window_keeps_the_letterbox_and_the_taps_right(
    data: Path, tmp_path: Path, present: str
) -> None:
    screen = (1024, 600)
    frame = headless_frame()
    finnish = headless_frame("--lang", "fi")
    target = _button_centre("FI")
    with xvfb(screen) as display, game(display, data, present) as proc:
        window = window_geometry(display, proc)
        env = {**os.environ, "DISPLAY": display}
        wid = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--class", "main.py"],
            env=env,
            capture_output=True,
            text=True,
        ).stdout.split()[0]
        subprocess.run(
            ["xdotool", "windowsize", "--sync", wid, "500", "500"], env=env, check=True, timeout=30
        )
        window = window_geometry(display, proc)
        assert window.size == (500, 500)
        shot = capture(display, tmp_path / "resized.png")
        check_whole_picture(shot, expected_screen(frame, screen, window, 0), window, 0)
        x, y = d.to_window((target[0] + 0.5, target[1] + 0.5), window.size, 0)
        subprocess.run(
            ["xdotool", "mousemove", str(window.x + x), str(window.y + y), "click", "1"], env=env, check=True
        )
        tapped = capture(display, tmp_path / "tapped.png", changed_from=shot)
    check_whole_picture(tapped, expected_screen(finnish, screen, window, 0), window, 0)


TURNED_SCREENS = [((800, 480), 0), ((800, 480), 180), ((480, 800), 90), ((480, 800), 270)]
TURNED_SCREENS += [((1920, 1080), 0), ((1920, 1080), 180), ((1080, 1920), 90), ((1080, 1920), 270)]


@pytest.mark.parametrize(("screen", "turn"), TURNED_SCREENS, ids=lambda v: str(v))
def test_the_gpu_shows_the_picture_the_cpu_path_shows(
    screen: tuple[int, int], turn: int, data: Path, tmp_path: Path
) -> None:
    """The two paths' full screens, captured, differ by under 4/255 per channel on average (measured,
    ``average_color`` rounding down: 0 where the picture is shrunk, which both paths smoothscale on
    the CPU; 0 enlarged unturned; 3.3 and 1.3 enlarged a quarter turn onto 1080x1920, where the CPU
    turns before it scales: 2.7 before the title showed its focus ring from the start, issue 36)."""
    shots = []
    for path in d.PRESENT_PATHS:
        args = ("--fullscreen", "--rotate", str(turn))
        with xvfb(screen) as display, game(display, data, path, *args) as proc:
            window_geometry(display, proc)
            shots.append(capture(display, tmp_path / f"{path}.png"))
    gpu, cpu = shots
    assert _mean_diff(gpu, cpu, gpu.get_rect()) < 4.0


_AREAS_CHECK = """
import random, sys
import pygame
from game.ui.geometry import texture_quad
from game.ui.gpu import GpuScreen
from game.ui.layout import H, W

pygame.display.init()
pygame.display.set_mode((1920, 1080), pygame.OPENGL)
gpu = GpuScreen.open()
assert isinstance(gpu, GpuScreen), gpu
rng = random.Random(5)
picture = pygame.Surface((W, H)).convert()
for _ in range(400):
    picture.fill([rng.randrange(256) for _ in range(3)], (rng.randrange(W), rng.randrange(H), 90, 60))
gpu.upload(picture, None)

def screen():
    renderer = gpu.renderer
    renderer.draw_color = (0, 0, 0, 255)
    renderer.clear()
    c, uv = texture_quad((1920, 1080), 0)
    gpu._texture.draw_quad(c[0], c[1], c[2], c[3], uv[0], uv[1], uv[2], uv[3])
    return pygame.image.tobytes(renderer.to_surface(), "RGB")

boxes = [(100, 600, 70, 70), (1200, 10, 80, 40), (640, 300, 1, 1)]
for box in boxes:
    picture.fill((rng.randrange(256), 255, rng.randrange(256)), box)
rows = sorted((y, y + h) for _, y, _, h in boxes)
gpu.upload(picture, rows, [box for box in boxes])
by_areas = screen()
gpu._texture = None
gpu.upload(picture, None)  # the whole picture anew
print("same" if screen() == by_areas else "different")
"""


def test_uploading_only_the_changed_places_shows_what_a_whole_upload_shows(data: Path) -> None:
    """The GPU path uploads a flying checker's box, not its rows (``GpuScreen.upload``'s areas):
    the renderer's picture after such uploads is the one a whole upload gives, to the byte."""
    with xvfb((1920, 1080)) as display:
        env = game_env(display, data)
        env["PYTHONPATH"] = str(ROOT)
        done = subprocess.run(
            [sys.executable, "-c", _AREAS_CHECK], env=env, capture_output=True, text=True, timeout=HANG_LIMIT
        )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "same", done.stdout
