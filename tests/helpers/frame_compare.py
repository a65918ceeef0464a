"""Frames kept and compared by their colours, without converting them to RGB bytes.

Why: the picture checks (``tests/ui/test_picture.py``, ``tests/ui/test_partial.py``) compare thousands
of whole 1280x720 frames, and ``pygame.image.tobytes(surface, "RGB")`` converts every pixel of each
(and the partial painting's check copied and blacked out two more frames a pass): most of those tests'
CPU went there, not into the game. Here a frame is kept as its pixels' 32-bit words with every bit
that is not red, green or blue cleared (the fourth byte of a 32-bit surface without alpha holds no
colour), so two kept frames are equal exactly when their RGB bytes are. Only 32-bit surfaces: the
game's screen is one, and anything else is refused rather than compared wrongly.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt
import pygame

Colours = npt.NDArray[np.uint32]
"""A kept frame: one word a pixel, rows of the surface's height, only the colour bits set."""


def snapshot(surface: pygame.Surface) -> Colours:
    """``surface``'s colours now (a copy)."""
    if surface.get_bytesize() != 4:
        raise ValueError(f"a {surface.get_bitsize()}-bit surface: only 32-bit ones are compared here")
    red, green, blue, _ = surface.get_masks()
    columns = pygame.surfarray.pixels2d(surface)  # a view, x first; the surface is locked while it lives
    colours: Colours = np.bitwise_and(columns.T, np.uint32(red | green | blue), order="C")
    del columns
    return colours


def same_colours(surface: pygame.Surface, kept: Colours) -> bool:
    """``surface`` shows the colours ``kept`` holds: the answer of comparing both frames as
    ``pygame.image.tobytes(..., "RGB")``."""
    return bool(np.array_equal(snapshot(surface), kept))


def changed_outside(was: Colours, now: Colours, places: Iterable[pygame.Rect]) -> bool:
    """Some pixel outside ``places`` has another colour in ``now`` than in ``was``: the answer of
    filling ``places`` black on both frames (``Surface.fill`` clips each to the surface) and comparing
    them as RGB bytes."""
    differs = was != now
    height, width = differs.shape
    bounds = pygame.Rect(0, 0, width, height)
    for place in places:
        inside = pygame.Rect(place).clip(bounds)
        differs[inside.top : inside.bottom, inside.left : inside.right] = False
    return bool(differs.any())


def digest(kept: Colours) -> str:
    """A digest of a kept frame: equal for two frames of the same colours, different (but for a SHA-1
    collision) for any other two."""
    made = hashlib.sha1(kept.data)
    made.update(repr(kept.shape).encode())
    return made.hexdigest()


class Deltas:
    """A run of frames digested by what changed from one to the next: the rows that differ from the
    frame before (every row of the first) and a digest of their colours.

    Two runs give the same list exactly when their frames are the same one by one (but for a SHA-1
    collision): the first frames are digested whole, and a frame whose changed rows and their
    colours equal the other run's, after equal frames before it, is equal itself; the first entry
    that differs is the first frame that does. Cheaper than :func:`digest` of every frame when
    frames change in a few rows.
    """

    def __init__(self) -> None:
        self.entries: list[str] = []
        self._last: Colours | None = None

    def add(self, kept: Colours) -> None:
        last = self._last
        if last is None or last.shape != kept.shape:
            rows = np.arange(kept.shape[0])
        else:
            rows = np.flatnonzero((last != kept).any(axis=1))
        made = hashlib.sha1(repr(kept.shape).encode())
        made.update(rows.astype(np.int64).data)
        made.update(np.ascontiguousarray(kept[rows]).data)
        self.entries.append(made.hexdigest())
        self._last = kept
