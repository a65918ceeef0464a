"""Presenting: the GPU path's geometry, frames skipped when the picture is unchanged, the frame log.

The GPU path itself needs a real window (``tests/realwindow/test_real_window.py`` runs every real-window
test on both paths under Xvfb); these run headless.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pygame
import pytest

from game.ui import display as d
from game.ui import geometry, loop
from game.ui.gpu import GpuScreen
from game.ui.layout import H, W
from tests.helpers.paths import ROOT
from tests.helpers.ui_driver import make_app, start_game

WINDOWS = [(800, 480), (1920, 1080), (3840, 2160), (480, 800), (1080, 1920), (1000, 1000), (1280, 720)]

# Which window corner (clockwise from the top left) shows the picture's top-left corner, per turn.
TOP_LEFT_AT = {0: 0, 90: 1, 180: 2, 270: 3}


def _uv_near(uv: tuple[float, float], corner: tuple[int, int]) -> bool:
    return abs(uv[0] - corner[0]) < 1.0 / W and abs(uv[1] - corner[1]) < 1.0 / H


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("turn", d.ROTATIONS)
def test_the_quad_covers_the_letterboxed_picture_turned_clockwise(window: tuple[int, int], turn: int) -> None:
    corners, uvs = d.texture_quad(window, turn)
    rect = d.picture_rect(window, turn)
    assert corners == (
        (rect.left, rect.top),
        (rect.right, rect.top),
        (rect.right, rect.bottom),
        (rect.left, rect.bottom),
    )
    # Going clockwise round the window, the picture's corners come clockwise too, starting from the
    # one the turn puts at the top left.
    start = TOP_LEFT_AT[turn]
    for i, corner in enumerate(geometry.UV_CORNERS):
        assert _uv_near(uvs[(start + i) % 4], corner), (turn, i, uvs)


@pytest.mark.parametrize(("window", "turn"), [((800, 480), 0), ((480, 800), 90), ((1000, 1000), 180)])
def test_a_shrunk_picture_uses_the_whole_texture(window: tuple[int, int], turn: int) -> None:
    """Shrinking, GL and smoothscale both filter from edge to edge: no inset."""
    _, uvs = d.texture_quad(window, turn)
    assert {round(c, 12) for uv in uvs for c in uv} == {0.0, 1.0}


@pytest.mark.parametrize("window", [(1920, 1080), (3840, 2160), (1767, 994)])
def test_an_enlarged_picture_is_sampled_where_smoothscale_samples(window: tuple[int, int]) -> None:
    """GL samples texel ``u * W - 0.5`` at a pixel centre; smoothscale takes window pixel ``x`` from
    texel ``x * (W - 1) / width``. The texture coordinates make the two the same line."""
    corners, uvs = d.texture_quad(window, 0)
    left, right = corners[0][0], corners[1][0]
    width = right - left
    u0, u1 = uvs[0][0], uvs[1][0]
    for x in (0, 1, width // 2, width - 1):
        u = u0 + (u1 - u0) * (x + 0.5) / width
        assert u * W - 0.5 == pytest.approx(x * (W - 1) / width, abs=1e-6)


# -- shrinking on the CPU, enlarging on the GPU ---------------------------------------------------


@pytest.mark.parametrize("turn", d.ROTATIONS)
@pytest.mark.parametrize(
    ("window", "shown"),
    [((500, 500), (500, 281)), ((800, 480), (800, 450)), ((1279, 720), (1279, 719))],
)
def test_a_shrunk_picture_is_prescaled_to_the_size_shown(
    window: tuple[int, int], shown: tuple[int, int], turn: int
) -> None:
    """Shrinking, the CPU smoothscales to the size shown (before the turn): the GPU draws it 1:1."""
    turned = window if turn % 180 == 0 else (window[1], window[0])
    assert geometry.prescaled_size(turned, turn) == shown
    rect = d.picture_rect(turned, turn)
    assert (rect.w, rect.h) == (shown if turn % 180 == 0 else (shown[1], shown[0]))


@pytest.mark.parametrize("turn", d.ROTATIONS)
@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080), (3840, 2160), (2000, 2000)])
def test_an_enlarged_or_same_size_picture_is_scaled_by_the_gpu(window: tuple[int, int], turn: int) -> None:
    turned = window if turn % 180 == 0 else (window[1], window[0])
    assert geometry.prescaled_size(turned, turn) is None


class FakeGpu:
    """Stands for :class:`game.ui.gpu.GpuScreen` (which needs a real window): records what is uploaded."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.window = size
        self.uploads: list[tuple[tuple[int, int], list[tuple[int, int]] | None]] = []
        self.areas: list[list[tuple[int, int, int, int]] | None] = []
        self.shown = 0
        self.last = pygame.Surface((1, 1))

    def size(self) -> tuple[int, int]:
        return self.window

    def upload(
        self,
        picture: pygame.Surface,
        rows: list[tuple[int, int]] | None,
        areas: list[tuple[int, int, int, int]] | None = None,
    ) -> None:
        self.uploads.append((picture.get_size(), None if rows is None else list(rows)))
        self.areas.append(None if areas is None else list(areas))
        self.last = picture.copy()

    def show(self, corners: object, uvs: object) -> None:
        self.shown += 1

    def close(self) -> None:
        pass


def test_the_gpu_path_prescales_when_shrinking_and_uploads_rows_when_enlarging(screen: d.Display) -> None:
    fake = FakeGpu((500, 500))
    screen._gpu = cast(GpuScreen, fake)
    screen.surface.fill((0, 0, 0))
    screen.surface.fill((255, 255, 255), pygame.Rect(0, 0, W, H // 2))
    assert screen.present()
    assert fake.uploads[-1] == ((500, 281), None)  # shrunk on the CPU, the whole small picture
    expected = pygame.transform.smoothscale(screen.surface, (500, 281))
    for at in ((250, 70), (250, 210), (0, 140), (499, 280)):
        assert fake.last.get_at(at) == expected.get_at(at)  # smoothscale's box filter, pixel for pixel
    assert fake.last.get_at((250, 70)).r > 240 and fake.last.get_at((250, 210)).r == 0
    assert not screen.present()  # unchanged: nothing uploaded, nothing shown
    assert (len(fake.uploads), fake.shown) == (1, 1)
    screen.surface.fill((9, 9, 9), pygame.Rect(0, H - 1, 1, 1))
    assert screen.present()
    assert fake.uploads[-1] == ((500, 281), [(273, 281)])  # only the small rows the changed band reaches
    expected = pygame.transform.smoothscale(screen.surface, (500, 281))
    assert pygame.image.tobytes(fake.last, "RGBX") == pygame.image.tobytes(expected, "RGBX")
    screen.half_turn = True  # turned: the same small picture, drawn the other way round
    assert screen.present()
    assert fake.uploads[-1] == ((500, 281), [])

    fake.window = (1920, 1080)  # enlarged: the logical picture, the GPU scales it
    screen.half_turn = False
    screen.map_event(pygame.event.Event(pygame.WINDOWRESIZED, {}))
    assert screen.present()
    # Forced by the resize, nothing changed: GpuScreen makes the texture anew at a new size.
    assert fake.uploads[-1] == ((W, H), [])
    assert not screen.present()
    screen.surface.fill((200, 0, 0), pygame.Rect(0, H - 1, 1, 1))
    assert screen.present()
    assert fake.uploads[-1] == ((W, H), [(H - d.BAND, H)])  # only the changed band
    assert (len(fake.uploads), fake.shown) == (5, 5)
    # Told where it painted (a checker's box): that box, within the changed band, and nothing more.
    screen.surface.fill((0, 200, 0), pygame.Rect(100, H - 3, 2, 2))
    assert screen.present(hint=[pygame.Rect(90, H - 40, 60, 40), pygame.Rect(600, 0, 10, 10)])
    assert fake.areas[-1] == [(90, H - 3, 60, 2)]  # the box's columns, its rows that changed


def test_told_where_it_painted_the_comparer_looks_in_those_boxes_only_and_joins_overlaps() -> None:
    width, height = 200, 100
    pitch = width * 4
    frame = bytearray(pitch * height)
    changes = d.FrameChanges(band=16)

    def compare(hint: list[pygame.Rect] | None) -> list[tuple[int, int, int, int]] | None:
        return changes.compare(memoryview(bytes(frame)), pitch, (width, height), hint)

    def paint(x: int, y: int) -> None:
        frame[y * pitch + x * 4] = 255

    assert compare(None) is None
    step_before, step_after = pygame.Rect(10, 10, 30, 30), pygame.Rect(20, 5, 30, 30)
    die = pygame.Rect(120, 50, 20, 20)
    off = pygame.Rect(190, 90, 50, 50)  # partly outside the picture
    paint(25, 12)
    paint(45, 30)
    paint(130, 69)
    paint(195, 95)
    paint(100, 95)  # outside every box: told to look elsewhere, so not seen
    assert compare([step_before, die, step_after, off]) == [
        (10, 12, 40, 19),  # the two boxes as one, its rows that changed: no pixel goes up twice
        (120, 69, 20, 1),
        (190, 95, 10, 1),
    ]
    assert compare([step_before, die, step_after, off]) == []  # copied: the same now
    assert compare(None) == [(0, 80, width, 16)]  # the pixel left out, found by a whole comparison
    paint(5, 40)
    paint(180, 44)
    assert compare([pygame.Rect(0, 38, 150, 10)]) == [(0, 38, width, 10)]  # a wide box: its whole rows
    assert compare(None) == []  # and the pixel outside the wide box's columns was copied with them


def test_frame_changes_finds_the_changed_bands_and_merges_neighbours() -> None:
    pitch, height = 40, 64
    size = (pitch // 4, height)
    changes = d.FrameChanges(band=16)
    frame = bytearray(pitch * height)

    def compare() -> list[tuple[int, int, int, int]] | None:
        return changes.compare(memoryview(bytes(frame)), pitch, size)

    assert compare() is None  # nothing to compare with
    assert compare() == []
    frame[pitch * 20 + 3] = 7  # row 20: band 16..32
    assert compare() == [(0, 16, 10, 16)]
    assert compare() == []  # it became the last one
    frame[pitch * 40] = 1  # rows 40 and 63: bands 32..48 and 48..64, one run
    frame[pitch * 64 - 1] = 1
    assert compare() == [(0, 32, 10, 32)]
    frame[0] = 9  # a change back in the first band only
    frame[pitch * 40] = 0  # and one in the third: two runs
    assert compare() == [(0, 0, 10, 16), (0, 32, 10, 16)]
    changes.reset()
    assert compare() is None


@pytest.fixture()
def screen(ui_reset: None) -> Iterator[d.Display]:
    pygame.display.init()
    display = d.Display(size=(800, 480))
    display.open()
    yield display


def test_an_unchanged_frame_is_not_presented_and_a_changed_one_is(screen: d.Display) -> None:
    flips: list[int] = []
    real_flip = pygame.display.flip

    def counting_flip() -> None:
        flips.append(1)
        real_flip()

    pygame.display.flip = counting_flip
    try:
        assert screen.present()  # a new window: shown
        assert not screen.present()  # the same picture again: nothing to do
        assert len(flips) == 1
        screen.surface.fill((200, 10, 10), pygame.Rect(W - 1, H - 1, 1, 1))  # one pixel, far corner
        assert screen.present()
        assert len(flips) == 2
        shown = pygame.display.get_surface()
        assert shown is not None and shown.get_at((799, 464))[:3] != (0, 0, 0)  # it reached the window
        assert not screen.present()
        assert screen.present(force=True)
    finally:
        pygame.display.flip = real_flip


@pytest.mark.parametrize("kind", sorted(d.WINDOW_EVENTS))
def test_a_window_event_forces_the_next_frame(screen: d.Display, kind: int) -> None:
    screen.present()
    assert not screen.present()
    screen.map_event(pygame.event.Event(kind, {}))
    assert screen.present()
    assert not screen.present()


def test_a_new_turn_is_presented_though_the_picture_is_the_same(screen: d.Display) -> None:
    screen.present()
    screen.half_turn = True  # the cocktail table's far player: the same picture, turned
    assert screen.present()
    assert not screen.present()


def test_the_loop_draws_but_does_not_present_a_standing_picture() -> None:
    """A busy scene whose picture stops changing (a message standing, the computer thinking) still
    steps and draws every frame, but presents nothing; an animation presents every frame."""
    app = make_app()
    start_game(app, mode="two", seed=3)
    out = io.StringIO()
    log = loop.FrameLog(out)
    acc = 0.0
    for _ in range(600):  # ten seconds: the opening roll tumbles, then the board waits
        acc, drew = loop.frame(app, [], 1 / 60, acc)
        if drew:
            loop.present(app, log)
    assert log.presented >= 10  # the dice tumbled: a frame each
    before, unchanged = log.presented, log.unchanged
    for _ in range(30):  # a frame drawn again and again with nothing changed: none presented
        app.needs_draw = True
        acc, drew = loop.frame(app, [], 1 / 60, acc)
        assert drew
        loop.present(app, log)
    assert log.presented == before
    assert log.unchanged == unchanged + 30


# -- the frame log ------------------------------------------------------------------------------


def _check_line(line: str) -> dict[str, object]:
    entry = json.loads(line)
    assert set(entry) == {"t", "cpu", "present_ms", "thinking", "moving"}
    assert isinstance(entry["t"], float) and isinstance(entry["cpu"], float)
    assert isinstance(entry["present_ms"], float) and entry["present_ms"] >= 0
    assert isinstance(entry["thinking"], bool) and isinstance(entry["moving"], bool)
    return dict(entry)


def test_the_frame_log_writes_one_json_line_per_presented_frame() -> None:
    app = make_app()
    start_game(app, mode="two", seed=3)
    out = io.StringIO()
    log = loop.FrameLog(out)
    acc = 0.0
    for _ in range(120):
        acc, drew = loop.frame(app, [], 1 / 60, acc)
        if drew:
            loop.present(app, log)
    lines = out.getvalue().splitlines()
    assert len(lines) == log.presented > 0 and out.getvalue().endswith("\n")
    entries = [_check_line(text) for text in lines]
    times = [float(str(e["t"])) for e in entries]
    cpus = [float(str(e["cpu"])) for e in entries]
    assert times == sorted(times) and cpus == sorted(cpus)
    assert any(e["moving"] for e in entries)  # the opening roll's dice tumble


def test_the_frame_log_flag_writes_the_log_headless(tmp_path: Path) -> None:
    path = tmp_path / "frames.jsonl"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "main.py", "--frames", "5", "--frame-log", str(path), "--data-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = path.read_text().splitlines()
    assert len(lines) == 1
    _check_line(lines[0])
