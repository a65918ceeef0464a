"""The pure geometry between the logical 1280x720 picture and a window, and the frame comparer.

Why a module of its own: these are plain functions of sizes and turns (and one byte comparer), which
the tests check without a window; :mod:`game.ui.display` owns the window and uses them to place,
turn and present the picture and to map touches back.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, cast

import pygame

from game.ui.layout import H, W

ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
"""Clockwise turns of the whole picture, in degrees (90: the picture's top is at the screen's right)."""

PANEL_ROOM = 0.08
"""Share of the desktop's height (and half that of its width) left free around the default window
for panels, docks and the title bar: SDL does not tell pygame the desktop's usable area."""
MIN_PANEL_ROOM = 48
"""Pixels of height kept free at least (one desktop panel and a title bar)."""

BAND = 16
"""Rows of the picture compared (and uploaded) as one piece: 45 bands for 720 rows."""

WINDOW_EVENTS = frozenset(
    {
        pygame.WINDOWEXPOSED,
        pygame.WINDOWRESIZED,
        pygame.WINDOWSIZECHANGED,
        pygame.WINDOWSHOWN,
        pygame.WINDOWRESTORED,
        pygame.WINDOWMAXIMIZED,
        pygame.VIDEOEXPOSE,
        pygame.VIDEORESIZE,
    }
)
"""Events after which the window's content may be lost or laid out anew: the next frame is presented
even when the picture has not changed."""


# ---------------------------------------------------------------------------------------------
# Geometry (pure functions: the tests check them without a window)


def turned_size(turn: int) -> tuple[int, int]:
    """The logical picture's size once turned: W x H, or H x W for a quarter turn."""
    return (W, H) if turn % 180 == 0 else (H, W)


def fit(box: tuple[int, int], aspect: tuple[int, int]) -> tuple[int, int]:
    """The largest size of ``aspect``'s shape inside ``box`` (at least 1x1)."""
    bw, bh = box
    aw, ah = aspect
    scale = min(bw / aw, bh / ah)
    return (max(1, min(bw, round(aw * scale))), max(1, min(bh, round(ah * scale))))


def usable_desktop(desktop: tuple[int, int]) -> tuple[int, int]:
    """The part of the desktop a default window may take: room kept for panels and a title bar."""
    dw, dh = desktop
    room_h = max(MIN_PANEL_ROOM, round(dh * PANEL_ROOM))
    room_w = round(dw * PANEL_ROOM / 2)
    return (max(1, dw - room_w), max(1, dh - room_h))


def window_size(
    desktop: tuple[int, int], requested: tuple[int, int] | None, turn: int = 0
) -> tuple[tuple[int, int], str | None]:
    """The window's size, and a one-line note when ``requested`` had to be clamped to the screen.

    With no request: the largest size of the (turned) picture's shape that fits the usable desktop.
    A request is honoured as asked (the picture is letterboxed into it) unless it is larger than the
    screen, where a window could not be seen whole.
    """
    if requested is None:
        return fit(usable_desktop(desktop), turned_size(turn)), None
    w, h = requested
    dw, dh = desktop
    if w <= dw and h <= dh:
        return (w, h), None
    clamped = (min(w, dw), min(h, dh))
    return clamped, (
        f"note: --size {w}x{h} is larger than the {dw}x{dh} screen; using {clamped[0]}x{clamped[1]}"
    )


def picture_rect(window: tuple[int, int], turn: int) -> pygame.Rect:
    """Where the turned picture goes in a window of this size: as large as fits, centred."""
    size = fit(window, turned_size(turn))
    return pygame.Rect((window[0] - size[0]) // 2, (window[1] - size[1]) // 2, *size)


def to_logical(pos: tuple[float, float], window: tuple[int, int], turn: int) -> tuple[int, int]:
    """A window position (pointer, touch) in logical coordinates, back through letterbox and turn.

    A position on the picture lands inside ``0 <= x < W, 0 <= y < H``; one on a black bar lands
    outside, where the input layer ignores presses and clamps drags.
    """
    rect = picture_rect(window, turn)
    pw, ph = turned_size(turn)
    # In the turned picture's own logical units, from the middle of the window pixel.
    tx = (pos[0] + 0.5 - rect.x) * pw / rect.w
    ty = (pos[1] + 0.5 - rect.y) * ph / rect.h
    if turn == 90:
        x, y = ty, H - tx
    elif turn == 180:
        x, y = W - tx, H - ty
    elif turn == 270:
        x, y = W - ty, tx
    else:
        x, y = tx, ty
    lx, ly = math.floor(x), math.floor(y)
    if rect.collidepoint(int(pos[0]), int(pos[1])):
        # Inside the picture: rounding at the far edges must not push a touch off it.
        lx, ly = min(max(lx, 0), W - 1), min(max(ly, 0), H - 1)
    return (lx, ly)


def to_window(pos: tuple[float, float], window: tuple[int, int], turn: int) -> tuple[int, int]:
    """The inverse of :func:`to_logical`: where a logical point is drawn in the window."""
    x, y = pos
    if turn == 90:
        tx, ty = H - y, x
    elif turn == 180:
        tx, ty = W - x, H - y
    elif turn == 270:
        tx, ty = y, W - x
    else:
        tx, ty = x, y
    rect = picture_rect(window, turn)
    pw, ph = turned_size(turn)
    return (math.floor(rect.x + tx * rect.w / pw), math.floor(rect.y + ty * rect.h / ph))


def prescaled_size(window: tuple[int, int], turn: int) -> tuple[int, int] | None:
    """The size, not yet turned, to which the GPU path smoothscales the picture on the CPU before
    uploading it; ``None`` when the GPU should scale the logical picture itself.

    Why: shrinking by much (a 500x500 window shows the picture at 500x281, a 0.39 scale), GL's
    bilinear filter reads only the four texels nearest each pixel's centre and skips the rest, so
    thin strokes such as text flicker in and out (aliasing); ``smoothscale`` averages every texel
    under a pixel (a box filter). Its output is small, so the CPU pays little, and the renderer then
    only places and turns a texture drawn 1:1. Enlarging, bilinear filtering is what smoothscale
    does too, and there the GPU saves the most work: the logical picture is uploaded as it is.
    """
    rect = picture_rect(window, turn)
    across, down = (rect.w, rect.h) if turn % 180 == 0 else (rect.h, rect.w)
    if across < W or down < H:
        return (across, down)
    return None


UV_CORNERS: tuple[tuple[int, int], ...] = ((0, 0), (1, 0), (1, 1), (0, 1))
"""The picture's corners (texture coordinates) clockwise from its top left."""


def _insets(texels: int, pixels: int) -> tuple[float, float]:
    """Texels to leave out at the start and the end of a texture axis drawn over ``pixels`` window
    pixels, so that GL's bilinear filter samples where the CPU path's ``smoothscale`` does.

    Enlarging, smoothscale takes window pixel ``x`` from texel ``x * (texels - 1) / pixels``; GL takes
    it from where the texture coordinate is at the pixel's centre, so the coordinates at the edges are
    set to give the same line. Shrinking, both average from edge to edge: nothing is left out. (A
    quarter turn enlarged turns before it scales on the CPU, where the two insets trade ends: a third
    of a texel off, seen only on a portrait screen larger than 720x1280.)
    """
    if pixels <= texels:
        return 0.0, 0.0
    slope = (texels - 1) / pixels
    return 0.5 - 0.5 * slope, 0.5 + 0.5 * slope


def texture_quad(
    window: tuple[int, int], turn: int
) -> tuple[tuple[tuple[float, float], ...], tuple[tuple[float, float], ...]]:
    """Where the renderer draws the picture: the four corners of :func:`picture_rect` in the window,
    clockwise from the top left, and the picture's texture coordinates at each.

    The turn is which picture corner lands on the window's top left: for a clockwise quarter turn the
    picture's bottom-left corner does, its top-left goes to the window's top right. The texture
    coordinates stop a little inside the picture's edges when it is enlarged (:func:`_insets`), so
    that the GPU's picture matches the CPU path's pixel for pixel as nearly as bilinear filtering can.
    """
    rect = picture_rect(window, turn)
    corners = (
        (float(rect.left), float(rect.top)),
        (float(rect.right), float(rect.top)),
        (float(rect.right), float(rect.bottom)),
        (float(rect.left), float(rect.bottom)),
    )
    quarter = turn // 90
    across, down = (rect.w, rect.h) if turn % 180 == 0 else (rect.h, rect.w)
    (u0, u1), (v0, v1) = _insets(W, across), _insets(H, down)
    us, vs = (u0 / W, 1 - u1 / W), (v0 / H, 1 - v1 / H)
    uvs = tuple((us[u], vs[v]) for u, v in (UV_CORNERS[(i - quarter) % 4] for i in range(4)))
    return corners, uvs


Area = tuple[int, int, int, int]
"""A part of the picture as ``(x, y, w, h)``: what changed, what to upload."""


def changed_rows(rects: Iterable[pygame.Rect | Area], height: int = H) -> list[tuple[int, int]]:
    """The picture's row ranges ``(top, bottom)`` that ``rects`` (or areas ``(x, y, w, h)``) cover,
    merged, top to bottom."""
    spans = sorted((max(0, y), min(height, y + h)) for _, y, w, h in rects if h > 0 and w > 0)
    out: list[tuple[int, int]] = []
    for top, bottom in spans:
        if bottom <= top:
            continue
        if out and top <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], bottom))
        else:
            out.append((top, bottom))
    return out


def joined_boxes(rects: Iterable[pygame.Rect], size: tuple[int, int] = (W, H)) -> list[pygame.Rect]:
    """``rects`` clipped to the picture of ``size``, overlapping ones joined into their union (a
    checker's place before and after a step), so that no pixel is compared or uploaded twice."""
    bounds = pygame.Rect((0, 0), size)
    joined: list[pygame.Rect] = []
    for rect in rects:
        box = rect.clip(bounds)
        if box.w <= 0 or box.h <= 0:
            continue
        i = 0
        while i < len(joined):
            if joined[i].colliderect(box):
                box = box.union(joined.pop(i))
                i = 0
            else:
                i += 1
        joined.append(box)
    return sorted(joined, key=lambda r: (r.y, r.x))


class FrameChanges:
    """What changed in the picture since the frame last compared: the areas to show; none: nothing to
    present.

    The picture is compared with a copy of the last one, and only what changed is copied into it.
    Comparing the pixels themselves, not a flag set by the scenes, can never leave a stale picture on
    screen: whatever drew, the screen gets what is in the buffer.

    Told where the drawing painted (a flying checker's box, a die), only those boxes are compared, row
    by row within their columns (:meth:`compare`). Why not whole rows there: measured in the 4K demo
    under Xvfb, comparing and copying the whole 1280-pixel rows of a frame's boxes cost the loop 0.23 ms
    a frame (the caches are cold after llvmpipe's present), where a checker's box is some 90 pixels
    wide. The whole picture, or a box wider than half of it, is compared in bands of whole rows
    (``bytearray.startswith`` is a ``memcmp`` that copies nothing).
    """

    def __init__(self, band: int = BAND) -> None:
        self.band = band
        self._last: bytearray | None = None
        self._pitch = 0

    def reset(self) -> None:
        """Forget the last frame: the next one counts as wholly changed (a new window, a new surface)."""
        self._last = None

    def compare(
        self,
        pixels: memoryview,
        pitch: int,
        size: tuple[int, int],
        hint: Sequence[pygame.Rect] | None = None,
        depth: int = 4,
    ) -> list[Area] | None:
        """The changed areas ``(x, y, w, h)``, top to bottom; ``[]`` when the picture is the same;
        ``None`` when there is no earlier frame to compare with (all of it is new).

        ``pixels`` holds ``size`` pixels of ``depth`` bytes, rows ``pitch`` bytes apart. ``hint``: the
        boxes the drawing says are the only places that may differ from the frame compared last (a
        frame where only a checker moved); only they are compared, and an area lies within one.
        """
        width, height = size
        total = pitch * height
        last = self._last
        if last is None or len(last) != total or pitch != self._pitch:
            self._last = bytearray(pixels[:total])
            self._pitch = pitch
            return None
        if hint is None:
            return self._bands(pixels, last, pitch, width, 0, height)
        out: list[Area] = []
        for box in joined_boxes(hint, size):
            if 2 * box.w * depth >= pitch:
                out.extend(self._bands(pixels, last, pitch, width, box.top, box.bottom))
                continue
            area = self._box(pixels, last, pitch, box, depth)
            if area is not None:
                out.append(area)
        out.sort(key=lambda a: (a[1], a[0]))
        return out

    @staticmethod
    def _box(pixels: memoryview, last: bytearray, pitch: int, box: pygame.Rect, depth: int) -> Area | None:
        """The rows of ``box`` that changed, from the first to the last, copied into ``last``; None: none.

        Looked for from the top down to the first changed row, then from the bottom up to the last:
        the rows between are copied without being compared (a flying checker or a tumbling die
        changes most of its box's rows)."""
        span = box.w * depth
        same = last.startswith
        first, top = box.top, box.top * pitch + box.x * depth
        while first < box.bottom and same(pixels[top : top + span], top):
            first, top = first + 1, top + pitch
        if first == box.bottom:
            return None
        end, bottom = box.bottom, (box.bottom - 1) * pitch + box.x * depth
        while end - 1 > first and same(pixels[bottom : bottom + span], bottom):
            end, bottom = end - 1, bottom - pitch
        for at in range(top, bottom + 1, pitch):
            last[at : at + span] = pixels[at : at + span]
        return (box.x, first, box.w, end - first)

    def _bands(
        self, pixels: memoryview, last: bytearray, pitch: int, width: int, top: int, bottom: int
    ) -> list[Area]:
        """Whole rows from ``top`` to ``bottom`` compared band by band: the changed ones as areas the
        picture's ``width`` wide, neighbours merged."""
        runs: list[Area] = []
        step = pitch * self.band
        for start in range(top * pitch, bottom * pitch, step):
            end = min(bottom * pitch, start + step)
            piece = pixels[start:end]
            if last.startswith(piece, start):
                continue
            last[start:end] = piece
            y0, y1 = start // pitch, end // pitch
            if runs and runs[-1][1] + runs[-1][3] == y0:
                runs[-1] = (0, runs[-1][1], width, y1 - runs[-1][1])
            else:
                runs.append((0, y0, width, y1 - y0))
        return runs

    def areas(self, surface: pygame.Surface, hint: Sequence[pygame.Rect] | None = None) -> list[Area] | None:
        """:meth:`compare` on a surface's pixels (the surface is locked only while they are read)."""
        proxy = surface.get_buffer()
        view = memoryview(cast(Any, proxy)).cast("B")  # a buffer, though its stub does not say so
        try:
            return self.compare(view, surface.get_pitch(), surface.get_size(), hint, surface.get_bytesize())
        finally:
            view.release()
            del proxy
