"""Laying words out in lines: one line or two, wrapped paragraphs, the fullest wording that fits.

Why apart from :mod:`game.ui.text`: that module renders and caches; this one decides which words go
on which line, measuring them with the same cache (so under larger text a layout falls back to the
normal size's lines and wordings before it rewords or cuts a line: see :func:`normal_size`).
"""

from __future__ import annotations

import pygame

from game.ui.text import CACHE, MIN_SIZE


def normal_size(size: int) -> int:
    """The size to ask for that draws ``size`` pixels, as normal text draws it (never below the floor):
    what a layout that does not fit under larger text falls back to (its lines, its wording), before it
    rewords."""
    return max(CACHE.floor(size), CACHE.floor(MIN_SIZE))


def two_lines(text: str, size: int, width: int) -> list[str]:
    """``text`` as one line if it fits, else two: split before its bracket if it has one. Under
    larger text, a line that fits at the normal size stays one line (it is drawn as large as fits)."""
    if CACHE.font(normal_size(size)).size(text)[0] <= width:
        return [text]
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
    as a play of four moves after a name and a roll. (Under larger text, as many lines as the normal
    size needs: each is drawn as large as its width allows.)"""
    size = normal_size(size)
    lines = two_lines(text, size, width)
    font = CACHE.font(size)
    if all(font.size(line)[0] <= width for line in lines):
        return lines
    return wrap(text, font, width)


def fit_lines(texts: list[str], rows: int, width: int, size: int = MIN_SIZE) -> list[str]:
    """The first of ``texts`` (the fullest wording first) that fits ``rows`` lines (one, or two split
    by :func:`two_lines`) of at most ``width`` pixels at ``size``; if none does, the last one cut at a
    word with "…". How a line keeps its size and its band instead of running into the next one.
    (Under larger text, each wording is tried at the larger size, then at the normal size: a line is
    never reworded or cut where normal text shows it whole; it is drawn as large as its width allows.)"""
    sizes = tuple(dict.fromkeys((size, normal_size(size))))
    fonts = [CACHE.font(s) for s in sizes]

    def fits(lines: list[str], font: pygame.font.Font) -> bool:
        return len(lines) <= rows and all(font.size(line)[0] <= width for line in lines)

    def fitting(text: str) -> list[str] | None:
        for s, font in zip(sizes, fonts, strict=True):
            lines = two_lines(text, s, width) if rows > 1 else [text]
            if fits(lines, font):
                return lines
        return None

    for text in texts:
        found = fitting(text)
        if found is not None:
            return found
    words = texts[-1].split()
    while len(words) > 1:
        words.pop()
        found = fitting(" ".join(words) + " …")
        if found is not None:
            return found
    return ["…"]


def first_fitting(texts: list[str], size: int, width: int) -> str:
    """The first of ``texts`` (the fullest wording first) that is at most ``width`` pixels wide at
    ``size`` (or, under larger text, at the normal size); the last if none is. How a line keeps its
    floor size where its full words do not fit."""
    fonts = [CACHE.font(s) for s in dict.fromkeys((size, normal_size(size)))]
    for text in texts:
        if any(font.size(text)[0] <= width for font in fonts):
            return text
    return texts[-1]


def shortened(text: str, size: int, width: int) -> str:
    """``text``, or as much of it as fits in ``width`` pixels at ``size`` with "…" after it: how a
    name longer than its column keeps the floor size (the whole name stands where there is room,
    as on the standings and the result's buttons)."""
    font = CACHE.font(size)
    if font.size(text)[0] <= width:
        return text
    cut = len(text)
    while cut > 1 and font.size(text[:cut].rstrip() + "…")[0] > width:
        cut -= 1
    return text[:cut].rstrip() + "…"


__all__ = ["first_fitting", "fit_lines", "normal_size", "shortened", "two_lines", "wrap", "wrap_lines"]
