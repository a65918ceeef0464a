"""The GPU path's shrinking redoes only the changed rows and gives the same bytes as one whole smoothscale."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui.shrink import Shrinker


def _scribble(surface: pygame.Surface, rng: random.Random, top: int, bottom: int) -> None:
    for y in range(top, bottom, 5):
        colour = [rng.randrange(256) for _ in range(3)]
        surface.fill(colour, (rng.randrange(1280), y, rng.randrange(1, 400), 1))


@pytest.mark.parametrize("size", [(800, 450), (500, 281), (360, 640), (1279, 719)])
def test_shrinking_the_changed_rows_equals_shrinking_the_whole(size: tuple[int, int]) -> None:
    pygame.display.init()
    rng = random.Random(size[0])
    src = pygame.Surface((1280, 720))
    _scribble(src, rng, 0, 720)
    shrinker = Shrinker()
    small, changed = shrinker.shrink(src, size, None)
    assert changed is None
    before = pygame.image.tobytes(small, "RGBX")
    pitch = size[0] * 4
    for _ in range(12):
        top = rng.randrange(720)
        bottom = min(720, top + rng.randrange(1, 150))
        _scribble(src, rng, top, bottom)
        small, changed = shrinker.shrink(src, size, [(top, bottom)])
        got = pygame.image.tobytes(small, "RGBX")
        assert got == pygame.image.tobytes(pygame.transform.smoothscale(src, size), "RGBX")
        assert changed is not None and changed
        for row in range(size[1]):  # a row said unchanged is byte for byte the one uploaded before
            if not any(a <= row < b for a, b in changed):
                assert got[row * pitch : (row + 1) * pitch] == before[row * pitch : (row + 1) * pitch]
        before = got


def test_no_changed_rows_leave_the_small_picture_alone_and_a_new_size_starts_whole() -> None:
    pygame.display.init()
    src = pygame.Surface((1280, 720))
    src.fill((10, 120, 30))
    shrinker = Shrinker()
    first = pygame.image.tobytes(shrinker.shrink(src, (800, 450), None)[0], "RGBX")
    src.fill((200, 0, 0), (0, 0, 1280, 50))  # changed, but the caller says nothing changed
    again, changed = shrinker.shrink(src, (800, 450), [])
    assert changed == [] and pygame.image.tobytes(again, "RGBX") == first
    other, changed = shrinker.shrink(src, (640, 360), [(0, 50)])
    assert changed is None and other.get_size() == (640, 360)
    assert pygame.image.tobytes(other, "RGBX") == pygame.image.tobytes(
        pygame.transform.smoothscale(src, (640, 360)), "RGBX"
    )
