"""The picture checks' frame comparisons (:mod:`tests.helpers.frame_compare`) answer as comparing the
frames' RGB bytes does, the way those checks compared them before."""

from __future__ import annotations

import random

import pygame
import pytest

from tests.helpers import frame_compare


def _rgb(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _frame(rng: random.Random) -> pygame.Surface:
    surface = pygame.Surface((64, 40), depth=32)
    surface.fill((20, 90, 40))
    for _ in range(6):
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        surface.fill(colour, pygame.Rect(rng.randrange(64), rng.randrange(40), rng.randrange(1, 20), 6))
    return surface


def test_a_frame_is_the_same_exactly_when_its_rgb_bytes_are() -> None:
    rng = random.Random(3)
    frame = _frame(rng)
    kept = frame_compare.snapshot(frame)
    assert frame_compare.same_colours(frame, kept)
    other = frame.copy()
    other.set_at((63, 39), (0, 0, 0))
    assert _rgb(other) != _rgb(frame) and not frame_compare.same_colours(other, kept)
    # the fourth byte of a surface without alpha is no colour: set, the frame is the same
    words = pygame.surfarray.pixels2d(other)
    words[:] = pygame.surfarray.pixels2d(frame) | 0xFF000000
    del words
    assert _rgb(other) == _rgb(frame) and frame_compare.same_colours(other, kept)
    assert frame_compare.digest(frame_compare.snapshot(other)) == frame_compare.digest(kept)
    other.set_at((0, 0), (1, 2, 3))
    assert frame_compare.digest(frame_compare.snapshot(other)) != frame_compare.digest(kept)
    with pytest.raises(ValueError, match="32-bit"):
        frame_compare.snapshot(pygame.Surface((4, 4), depth=24))


def test_a_change_outside_the_places_is_found_as_blacking_them_out_finds_it() -> None:
    """Against the check it replaced: both frames copied, the places filled black, the RGB bytes
    compared; places partly or wholly off the frame included."""
    rng = random.Random(11)
    agreed = {True: 0, False: 0}
    for _ in range(300):
        was = _frame(rng)
        now = was.copy()
        for _ in range(rng.randrange(3)):
            now.set_at((rng.randrange(64), rng.randrange(40)), (rng.randrange(256), 7, 7))
        places = [
            pygame.Rect(
                rng.randrange(-20, 70), rng.randrange(-20, 45), rng.randrange(0, 40), rng.randrange(0, 30)
            )
            for _ in range(rng.randrange(4))
        ]
        a, b = was.copy(), now.copy()
        for rect in places:
            a.fill((0, 0, 0), rect)
            b.fill((0, 0, 0), rect)
        expected = _rgb(a) != _rgb(b)
        got = frame_compare.changed_outside(frame_compare.snapshot(was), frame_compare.snapshot(now), places)
        assert got == expected, (places, expected)
        agreed[expected] += 1
    assert agreed[True] > 30 and agreed[False] > 30, agreed
