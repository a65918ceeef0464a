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

MIN_SIZE = 24
"""The smallest text size on any screen, in the game's 1280x720 pixels. The cabinets show that picture
at 800x480, where this is 15 screen pixels with capitals 11 tall (2 mm on a 7-inch panel: about 16
minutes of arc at the 45 cm a touchscreen is used from, the least ISO 9241-3 asks for). Lines of 20
and 22 were hard to make out in real-window captures at 800x480. A line that does not fit at this
size is reworded, split in two or left shorter; it is never drawn smaller."""


class TextCache:
    """Fonts by (size, bold) and rendered surfaces by (text, size, colour, bold), bounded LRU."""

    def __init__(self, limit: int = 600) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._surfaces: OrderedDict[tuple[str, int, tuple[int, int, int], bool], pygame.Surface] = (
            OrderedDict()
        )
        self.limit = limit
        self._fitted: dict[tuple[str, int, int, bool], int] = {}
        self._ink_tops: dict[tuple[str, int, bool], int] = {}

    def font(self, size: int, bold: bool = True) -> pygame.font.Font:
        key = (size, bold)
        f = self._fonts.get(key)
        if f is None:
            path = BOLD_FONT if bold else REGULAR_FONT
            f = pygame.font.Font(str(path), size) if path.exists() else pygame.font.Font(None, size)
            self._fonts[key] = f
        return f

    def render(
        self, text: str, size: int, colour: tuple[int, int, int] = (255, 255, 255), bold: bool = True
    ) -> pygame.Surface:
        key = (text, size, colour, bold)
        surf = self._surfaces.get(key)
        if surf is not None:
            self._surfaces.move_to_end(key)
            return surf
        surf = self.font(size, bold).render(text, True, colour)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._surfaces[key] = surf
        if len(self._surfaces) > self.limit:
            self._surfaces.popitem(last=False)
        return surf

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
        never below ``min_size`` (:data:`MIN_SIZE`: a line that does not fit there needs fewer words)."""
        key = (text, size, width, bold)
        fitted = self._fitted.get(key)
        if fitted is not None:
            return fitted
        start = size
        while size > min_size and self.font(size, bold).size(text)[0] > width:
            size -= 2
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

    def cap_top(self, size: int, bold: bool = True) -> int:
        """The blank rows above a capital letter in a line rendered at ``size`` (the font's room for
        accents): what to leave out when text is placed by its capitals rather than its line."""
        return self.ink_top("H", size, bold)

    def clear(self) -> None:
        self._surfaces.clear()
        self._fitted.clear()

    def reset(self) -> None:
        """Forget fonts too: needed after ``pygame.quit()`` (tests start several apps)."""
        self._surfaces.clear()
        self._fitted.clear()
        self._fonts.clear()
        self._ink_tops.clear()


CACHE = TextCache()


def two_lines(text: str, size: int, width: int) -> list[str]:
    """``text`` as one line if it fits, else two: split before its bracket if it has one."""
    font = CACHE.font(size)
    if font.size(text)[0] <= width:
        return [text]
    head, bracket, tail = text.rpartition(" (")
    if bracket:
        return [head, "(" + tail]
    words = text.split()
    if len(words) < 2:
        return [text]
    # The most even split: two lines of like length read better than a long line and one word.
    splits: list[tuple[str, str]] = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]

    def widest(pair: tuple[str, str]) -> int:
        return max(font.size(pair[0])[0], font.size(pair[1])[0])

    first, second = min(splits, key=widest)
    return [first, second]


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap to ``width`` pixels (a single too-long word gets a line of its own)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def wrap_lines(text: str, size: int, width: int) -> list[str]:
    """``text`` in as many lines of at most ``width`` pixels at ``size`` as it needs: :func:`two_lines`
    when both of those fit, else :func:`wrap`. For a text that may be long and must be read whole, such
    as a play of four moves after a name and a roll."""
    lines = two_lines(text, size, width)
    font = CACHE.font(size)
    if all(font.size(line)[0] <= width for line in lines):
        return lines
    return wrap(text, font, width)


def fit_lines(texts: list[str], rows: int, width: int, size: int = MIN_SIZE) -> list[str]:
    """The first of ``texts`` (the fullest wording first) that fits ``rows`` lines (one, or two split
    by :func:`two_lines`) of at most ``width`` pixels at ``size``; if none does, the last one cut at a
    word with "…". How a line keeps its size and its band instead of running into the next one."""
    font = CACHE.font(size)

    def fits(lines: list[str]) -> bool:
        return len(lines) <= rows and all(font.size(line)[0] <= width for line in lines)

    for text in texts:
        lines = two_lines(text, size, width) if rows > 1 else [text]
        if fits(lines):
            return lines
    words = texts[-1].split()
    while len(words) > 1:
        words.pop()
        text = " ".join(words) + " …"
        lines = two_lines(text, size, width) if rows > 1 else [text]
        if fits(lines):
            return lines
    return ["…"]


def first_fitting(texts: list[str], size: int, width: int) -> str:
    """The first of ``texts`` (the fullest wording first) that is at most ``width`` pixels wide at
    ``size``; the last if none is. How a line keeps its floor size where its full words do not fit."""
    font = CACHE.font(size)
    for text in texts:
        if font.size(text)[0] <= width:
            return text
    return texts[-1]


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
