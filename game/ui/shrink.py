"""The GPU path's shrinking on the CPU (small screens), redoing only the rows that changed.

Why: on a screen smaller than the logical picture (800x480) the GPU path smoothscales the picture on
the CPU before uploading it (:func:`game.ui.geometry.prescaled_size` says why), and did so whole for
every presented frame, although most frames change a few rows (a die, a flying checker): about
1.5 ms of the loop's CPU a frame at 800x480 on the build machine, most of it in scaling across.

How, without changing a pixel: ``pygame.transform.smoothscale`` scales across first, row by row,
into a buffer, then down. Scaling across is row-local, so :class:`Shrinker` keeps that buffer and
redoes only the changed rows' part of it; scaling down (about a fifth of the work) still runs over
the whole buffer, since its running weights start at the top. The result is the same bytes as one
``smoothscale`` of the whole picture (tests/ui/test_shrink.py checks it), and only the small rows that
the changed rows reach are uploaded.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

Rows = list[tuple[int, int]]


class Shrinker:
    """The picture scaled across (kept between frames) and down to the size shown."""

    def __init__(self) -> None:
        self._across: pygame.Surface | None = None
        self._small: pygame.Surface | None = None

    def reset(self) -> None:
        """Forget the kept buffers: the next frame is scaled whole."""
        self._across = self._small = None

    def shrink(
        self, src: pygame.Surface, size: tuple[int, int], rows: Sequence[tuple[int, int]] | None
    ) -> tuple[pygame.Surface, Rows | None]:
        """``src`` smoothscaled to ``size``, and the small picture's rows that may differ from the last
        one returned (``None``: all). ``rows``: the rows of ``src`` changed since the last call
        (``None``: any; ``[]``: none)."""
        sw, sh = src.get_size()
        dw, dh = size
        if dh >= sh:  # not shrinking down: no buffer across to keep (never asked for by the display)
            self.reset()
            return pygame.transform.smoothscale(src, size), None
        across, small = self._across, self._small
        if across is None or small is None or (across.get_height(), small.get_size()) != (sh, size):
            rows = None  # the first frame, or a new size
            across = self._across = pygame.Surface((dw, sh), 0, src)
            small = self._small = pygame.Surface(size, 0, src)
        if rows is None:
            rows = [(0, sh)]
            changed: Rows | None = None
        else:
            changed = _rows_down(rows, sh, dh)
        for top, bottom in rows:
            if bottom > top:
                height = bottom - top
                band = src.subsurface((0, top, sw, height))
                pygame.transform.smoothscale(band, (dw, height), across.subsurface((0, top, dw, height)))
        if rows:
            pygame.transform.smoothscale(across, size, small)
        return small, changed


def _rows_down(rows: Sequence[tuple[int, int]], src_height: int, dst_height: int) -> Rows:
    """The small picture's rows that source rows ``rows`` reach when scaled down (a box filter: small
    row ``j`` averages source rows ``j * sh / dh`` to ``(j + 1) * sh / dh``), one row to spare at each
    end for the filter's rounding; merged, top to bottom."""
    out: Rows = []
    for top, bottom in sorted(rows):
        if bottom <= top:
            continue
        first = max(0, top * dst_height // src_height - 1)
        last = min(dst_height, -(-bottom * dst_height // src_height) + 1)
        if out and out[-1][1] >= first:
            out[-1] = (out[-1][0], max(out[-1][1], last))
        else:
            out.append((first, last))
    return out


__all__ = ["Shrinker"]
