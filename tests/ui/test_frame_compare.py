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


def test_two_runs_digested_by_their_changes_differ_from_the_first_frame_that_differs() -> None:
    """:class:`frame_compare.Deltas` against the digests of whole frames it replaced: the same lists
    compare equal entry for entry up to the first frame that differs, and differ there."""
    rng = random.Random(5)
    frames = [_frame(rng)]
    for _ in range(40):
        frame = frames[-1].copy()
        for _ in range(rng.randrange(3)):
            frame.fill((rng.randrange(256), 1, 2), pygame.Rect(rng.randrange(64), rng.randrange(40), 5, 3))
        frames.append(frame)
    for trial in range(60):
        other = [frame.copy() for frame in frames]
        if trial % 3:  # one pixel changed in one frame, sometimes undone in a later one
            at = rng.randrange(len(other))
            for frame in other[at : at + rng.randrange(1, 4)]:
                frame.set_at((rng.randrange(64), rng.randrange(40)), (rng.randrange(256), 200, 9))
        one, two = frame_compare.Deltas(), frame_compare.Deltas()
        for a, b in zip(frames, other, strict=True):
            one.add(frame_compare.snapshot(a))
            two.add(frame_compare.snapshot(b))
        whole = [_rgb(a) == _rgb(b) for a, b in zip(frames, other, strict=True)]
        first = whole.index(False) if False in whole else None
        same = [x == y for x, y in zip(one.entries, two.entries, strict=True)]
        assert (False in same) == (first is not None), trial
        if first is not None:
            assert same.index(False) == first, trial
