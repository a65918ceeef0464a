"""Text on screen: fonts, the rendered-text cache, and fitting words into the room they have.

The words themselves come from the catalogues (:mod:`game.i18n`, one ``tr`` for every
screen); this module only draws them. Rendering text is slow compared with blitting, so
:class:`TextCache` keeps each (text, size, colour) surface; scenes ask for text every frame
and get the cached one.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from game.assets import asset

FONT_DIR = asset("fonts")
BOLD_FONT = FONT_DIR / "DejaVuSans-Bold.ttf"
REGULAR_FONT = FONT_DIR / "DejaVuSans.ttf"

READ_SIZE = 26
"""The least size that is 16 pixels of an 800x480 window (issue 36): what every screen asks for its
smallest words (the point numbers, the pips, the panel's rows, the cards' grey lines); measured as drawn
by ``tests/ui/test_readability.py``."""

MIN_SIZE = READ_SIZE
"""The least size a fitted line may shrink to, in the game's 1280x720 pixels: the reading size itself
(issue 36; it was 24, 15 window pixels, until every long line was reworded). A line that does not fit
its room at this size is reworded or given more room, never drawn smaller."""

LARGE_SCALE = 1.2
"""Larger text (a setting) draws every size a fifth larger, up to :data:`LARGE_CAP`: the floor of 26
becomes 31, 16 -> 19 window pixels at 800x480."""
LARGE_CAP = 44
"""Larger text leaves sizes from here up alone (the titles are large already) and grows none past it."""


TextKey = tuple[str, int, tuple[int, int, int], bool]
"""A rendered surface's key in :class:`TextCache`: (text, size asked, colour, bold)."""

BYTE_LIMIT = 8 * 1024 * 1024
"""The bytes of text pixels the cache keeps at most (of 2**20 bytes, as the tools print them).

Why this bound: a few of the largest frames' text (the review in Hungarian with larger text is the
most), so no standing screen renders its words again, while a whole game's status lines, seen once,
cannot fill the memory as a bound by count alone let them. The measurements that chose it
(``python -m game.ui.tools.text_bytes``) are in docs/benchmarks.md, "The text cache"."""

COUNT_LIMIT = 600
"""Surfaces kept at most, whatever their bytes: most are short words, so this bounds the bookkeeping
rather than the memory. The fitted sizes and the ink tops (a few numbers each) are forgotten all at
once past as many entries."""


FONT_LIMIT = 32
"""Fonts (a size and a weight each) kept at most, least recently used out: both text sizes' fonts of
every screen, with room to spare, while a size computed from a changing figure cannot open a font
for every value (the counts measured are in docs/benchmarks.md, "The text cache")."""


def surface_bytes(surface: pygame.Surface) -> int:
    """The pixel memory of ``surface``: its rows (``pitch`` bytes each, padding included) times its height."""
    return surface.get_pitch() * surface.get_height()


class TextCache:
    """Fonts by (size, bold) and rendered surfaces by (text, size, colour, bold), each bounded LRU.

    The surfaces are bounded twice, least recently used first out: by count (``limit``) and by the
    bytes of their pixels (``max_bytes``, :data:`BYTE_LIMIT`); the fonts by count (:data:`FONT_LIMIT`).
    The count alone let long lines fill the cache in the attract soak; the bytes bound keeps it to
    what the screens need.

    Sizes are asked in the game's sizes (24 for the floor) and drawn at :meth:`px` of them: the same
    under normal text, a fifth larger under larger text (:meth:`set_scale`). Every screen keeps asking
    for the sizes it always did; fitting a line to its width may shrink it back to the normal floor
    (:meth:`floor`), never below.
    """

    def __init__(self, limit: int = COUNT_LIMIT, max_bytes: int = BYTE_LIMIT) -> None:
        self._fonts: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
        self._surfaces: OrderedDict[TextKey, pygame.Surface] = OrderedDict()
        self.limit = limit
        self.max_bytes = max_bytes
        self.bytes = 0
        """The pixel bytes of the surfaces held now (:func:`surface_bytes`), at most ``max_bytes``."""
        self.hits = 0
        self.misses = 0
        """Renders answered from the cache and renders drawn anew, since the start (the measuring
        tool and the tests read them: a screen standing still must not render again)."""
        self.scale = 1.0
        """Larger text (a setting): see :meth:`set_scale`."""
        self._fitted: dict[tuple[str, int, int, bool], int] = {}
        self._ink_tops: dict[tuple[str, int, bool], int] = {}

    def px(self, size: int) -> int:
        """The pixel size text asked at ``size`` is drawn at (larger under larger text)."""
        if self.scale == 1.0 or size >= LARGE_CAP:
            return size
        return min(LARGE_CAP, round(size * self.scale))

    def floor(self, least: int = MIN_SIZE) -> int:
        """The smallest size to ask for that is still drawn at ``least`` pixels or more: ``least``
        itself under normal text, less under larger text (asked at 20, drawn at 24)."""
        size = least
        while size > 1 and self.px(size - 1) >= least:
            size -= 1
        return size

    def set_scale(self, scale: float) -> bool:
        """Normal (1.0) or larger text (:data:`LARGE_SCALE`); True when it changed. Every cached
        surface and fitted size is forgotten: they were drawn at the other sizes."""
        if scale == self.scale:
            return False
        self.scale = scale
        self.clear()
        self._ink_tops.clear()
        return True

    def font(self, size: int, bold: bool = True) -> pygame.font.Font:
        key = (self.px(size), bold)
        f = self._fonts.get(key)
        if f is not None:
            self._fonts.move_to_end(key)
            return f
        path = BOLD_FONT if bold else REGULAR_FONT
        pixels = key[0]
        f = pygame.font.Font(str(path), pixels) if path.exists() else pygame.font.Font(None, pixels)
        self._fonts[key] = f
        if len(self._fonts) > FONT_LIMIT:
            self._fonts.popitem(last=False)
        return f

    def render(
        self, text: str, size: int, colour: tuple[int, int, int] = (255, 255, 255), bold: bool = True
    ) -> pygame.Surface:
        key = (text, size, colour, bold)
        surf = self._surfaces.get(key)
        if surf is not None:
            self.hits += 1
            self._surfaces.move_to_end(key)
            return surf
        self.misses += 1
        surf = self.font(size, bold).render(text, True, colour)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._keep(key, surf)
        return surf

    def _keep(self, key: TextKey, surf: pygame.Surface) -> None:
        """Hold ``surf``, then drop the least recently used until the count and the bytes are within
        their bounds. A surface larger than the whole byte bound is not kept at all: keeping it would
        throw out everything else and still leave the cache over its bound."""
        size = surface_bytes(surf)
        if size > self.max_bytes:
            return
        self._surfaces[key] = surf
        self.bytes += size
        while len(self._surfaces) > self.limit or self.bytes > self.max_bytes:
            _, old = self._surfaces.popitem(last=False)
            self.bytes -= surface_bytes(old)

    def fit(
        self,
        text: str,
        size: int,
        width: int,
        colour: tuple[int, int, int] = (255, 255, 255),
        bold: bool = True,
        min_size: int = MIN_SIZE,
    ) -> pygame.Surface:
        """Render ``text`` at ``size`` or smaller so it fits in ``width`` pixels."""
        return self.render(text, self.fit_size(text, size, width, bold, min_size), colour, bold)

    def fit_size(self, text: str, size: int, width: int, bold: bool = True, min_size: int = MIN_SIZE) -> int:
        """The size :meth:`fit` draws ``text`` at: ``size``, or smaller until it fits in ``width``, but
        never drawn below ``min_size`` pixels (:data:`MIN_SIZE`: a line that does not fit there needs
        fewer words). Under larger text a line first gives up its extra size, down to the normal
        floor."""
        key = (text, size, width, bold)
        fitted = self._fitted.get(key)
        if fitted is not None:
            return fitted
        start = size
        least = self.floor(min_size)
        while size > least and self.font(size, bold).size(text)[0] > width:
            size = max(least, size - 2)
        if len(self._fitted) > self.limit:
            self._fitted.clear()
        self._fitted[(text, start, width, bold)] = size
        return size

    def ink_top(self, text: str, size: int, bold: bool = True) -> int:
        """The blank rows above the letters of ``text`` rendered at ``size`` (remembered: a button
        placing its label by its letters asks every frame, and finding them scans the pixels)."""
        key = (text, size, bold)
        top = self._ink_tops.get(key)
        if top is None:
            if len(self._ink_tops) > self.limit:
                self._ink_tops.clear()
            ink = self.font(size, bold).render(text, True, (255, 255, 255))
            top = self._ink_tops[key] = ink.get_bounding_rect().top
        return top

    def row_size(self, size: int, pitch: int, bold: bool = True) -> int:
        """The largest size up to ``size`` whose lines, ``pitch`` pixels apart, keep 4 px between one
        line's descenders and the next line's capitals, but never smaller than ``size`` is drawn under
        normal text. So under normal text nothing changes; under larger text a row of words fixed
        between others grows only as far as its pitch allows (26 -> 29 in rows of 31), the rest of the
        text where there is room."""
        least = self.floor(size)
        while size > least and self.ink_height(size, bold) > pitch - 4:
            size -= 1
        return size

    def ink_height(self, size: int, bold: bool = True) -> int:
        """From a capital's top to a descender's bottom, for a line rendered at ``size``."""
        key = ("\0Hg", size, bold)
        height = self._ink_tops.get(key)
        if height is None:
            box = self.font(size, bold).render("Hg", True, (255, 255, 255)).get_bounding_rect()
            height = self._ink_tops[key] = box.height
        return height

    def cap_top(self, size: int, bold: bool = True) -> int:
        """The blank rows above a capital letter in a line rendered at ``size`` (the font's room for
        accents): what to leave out when text is placed by its capitals rather than its line."""
        return self.ink_top("H", size, bold)

    def clear(self) -> None:
        self._surfaces.clear()
        self.bytes = 0
        self._fitted.clear()

    def reset(self) -> None:
        """Forget fonts too, and go back to normal text: needed after ``pygame.quit()`` (tests start
        several apps; each makes its own text size current)."""
        self.scale = 1.0
        self.clear()
        self._fonts.clear()
        self._ink_tops.clear()


CACHE = TextCache()


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    pos: tuple[int, int],
    colour: tuple[int, int, int] = (255, 255, 255),
    anchor: str = "center",
    width: int | None = None,
    shadow: bool = False,
) -> pygame.Rect:
    """Blit cached text anchored at ``pos`` (``anchor`` is a Rect attribute name); returns its rect."""
    surf = CACHE.fit(text, size, width, colour) if width else CACHE.render(text, size, colour)
    rect = surf.get_rect(**{anchor: pos})
    if shadow:
        shade = CACHE.fit(text, size, width, (0, 0, 0)) if width else CACHE.render(text, size, (0, 0, 0))
        surface.blit(shade, rect.move(2, 3))
    return put_text(surface, surf, rect)


def put_text(surface: pygame.Surface, surf: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """Blit a rendered line (from :data:`CACHE`) onto ``surface`` at ``rect``; returns ``rect``.

    Every word reaches a screen through here (:func:`draw_text` and the few painters that place a
    rendered line themselves), so the readability test can see each line with what lies under it:
    its size on the smallest window and its contrast with its background.
    """
    surface.blit(surf, rect)
    return rect


def missing_glyphs(font_path: Path, chars: set[str]) -> set[str]:
    """The characters ``font_path`` has no glyph for.

    ``pygame.font.Font.metrics`` reports the replacement box's size for a
    missing glyph, so it cannot tell; ``pygame.freetype`` answers None.
    """
    import pygame.freetype

    pygame.freetype.init()
    font = pygame.freetype.Font(str(font_path), 16)
    ordered = sorted(chars)
    metrics = font.get_metrics("".join(ordered))
    return {c for c, m in zip(ordered, metrics, strict=True) if m is None}
