"""The cube advice in the side panel and on the offer card: rows fitted to the room they have.

Why its own module: the advice is the expert's verdict, the chances and three numbers, in any of
three languages, in a space a few rows high; fitting it (split the verdict, set the numbers in columns
of names and numbers, shrink the type) is its own job, shared by the panel before the roll and the offer
card.
"""

from __future__ import annotations

import pygame

from game.ui.board.view import HINT
from game.ui.lines import two_lines
from game.ui.text import CACHE, READ_SIZE, draw_text

ADVICE_SIZES = (28, READ_SIZE)
"""The cube advice's type at its largest: its verdict (in one row or two, both at one size), then the
chances and the numbers."""
ADVICE_GAP = 2
"""The least room between the advice's rows (besides the type's own size); 3 more if there is room."""
ADVICE_MIN = READ_SIZE
"""The smallest type the advice is drawn at: the floor of the screen during play (16 window pixels at
800x480). Where the whole advice does not fit at it, the secondary rows are left out (see
:func:`advice_rows`), never drawn smaller. Under larger text the rows may give up their extra size
down to it (:meth:`~game.ui.text.TextCache.floor`)."""
COLUMN_GAP = 14
"""Between a name and its number when the numbers stand in columns."""

Row = tuple[str, int, bool]
"""A row of the cube advice: its text, its type size, whether its name and number stand in columns."""


def _fitted(text: str, size: int, width: int) -> int:
    """The largest size up to ``size`` at which ``text`` is at most ``width`` pixels wide (0: none)."""
    while CACHE.font(size).size(text)[0] > width:
        if size <= CACHE.floor(ADVICE_MIN):
            return 0
        size -= 1
    return size


def _name_and_number(text: str) -> tuple[str, str] | None:
    """ "Double, take -0.39" as ("Double, take", "-0.39"); None if it does not end in a number."""
    name, _, number = text.rpartition(" ")
    if not name or not any(c.isdigit() for c in number):
        return None
    return name[:1].upper() + name[1:], number


def verdict_lines(head: str, size: int, width: int) -> list[str]:
    """The verdict in two lines: before its bracket, or after whose advice it is ("Expert:" over
    "too good, play on"), so that no line breaks the advice itself. The most even split of
    :func:`two_lines` made "Mestari: älä" over "tuplaa, heitä" ("Expert: don't" over "double, roll")
    in a real window; it is the last resort, for a verdict whose advice alone is too wide."""
    who, colon, advice = head.partition(": ")
    if "(" in head or not colon:
        return two_lines(head, size, width)
    lines = [who + ":", advice]
    if all(CACHE.font(size).size(line)[0] <= width for line in lines):
        return lines
    return two_lines(head, size, width)


def _columns(parts: list[str], size: int) -> tuple[int, int]:
    """The widths of the names' column and of the numbers' column of ``parts`` at ``size``."""
    font = CACHE.font(size)
    pairs = [pair for pair in map(_name_and_number, parts) if pair is not None]
    return max(font.size(n)[0] for n, _ in pairs), max(font.size(v)[0] for _, v in pairs)


def _columns_size(parts: list[str], size: int, width: int) -> int:
    """The largest size up to ``size`` at which the columns of ``parts`` fit ``width`` (0: none)."""
    while sum(_columns(parts, size)) + COLUMN_GAP > width:
        if size <= CACHE.floor(ADVICE_MIN):
            return 0
        size -= 1
    return size


def advice_rows(lines: list[str], width: int, height: int) -> list[Row]:
    """The cube advice (``Hints.cube_lines``) as rows that fit ``width`` x ``height``.

    The verdict may say how many trial games decided it; the numbers ("No double -0.03 · Double,
    take -0.39 · Double, pass +1.00") are words a player reads at a glance, not abbreviations, and
    too wide for one row of the panel. Each may stand in one row or be split (the verdict before its
    bracket, the numbers into two columns, a name and its number a row); of the four ways, the one
    whose smallest type is largest when it fits the height wins (then the one of fewer rows), so the
    advice is as big as the space allows in every language.
    """
    if not lines:
        return []
    # What stays when all of it does not fit at the floor: without the numbers, then without the
    # chances, then the verdict alone. The verdict is what the player asked for; the chances of
    # winning and of a gammon are the reason a player can check against the board, so they go last
    # but one; the equities behind the verdict are the first to give way.
    head, middle = lines[0], lines[1:-1]
    last = lines[-1] if len(lines) > 1 else None
    none: list[str] = []
    shorter = [(middle, last), (middle, None), (none, last), (none, None)]
    if not middle:
        shorter = shorter[2:]
    # The verdict's bracket ("(from 288 trial games)") is a row of its own that may be wider than the
    # offer card at the floor size (seen in a real window at 800x480: "Expert: pass (from 288 trial ga"
    # ran off the card and the screen); then the verdict goes without it, the same ways again.
    verdict = head.rpartition(" (")[0] or head
    for shown_head in dict.fromkeys((head, verdict)):
        for shown_middle, shown_last in shorter:
            rows = _rows(shown_head, shown_middle, shown_last, width, height)
            if rows:
                return rows
    least = CACHE.floor(ADVICE_MIN)
    size = _fitted(verdict, least, width) or least
    return [(verdict, size, False)]  # no way fits: the verdict, rather than nothing


def _rows(head: str, middle: list[str], last: str | None, width: int, height: int) -> list[Row]:
    """The best of the four ways of :func:`advice_rows` for the verdict ``head``, the ``middle`` rows
    (the chances) and the ``last`` (the numbers); [] when none fits."""
    parts = last.split(" · ") if last is not None else []
    can_split = len(parts) > 1 and all(_name_and_number(part) for part in parts)
    best: list[Row] = []
    best_key = (0, 0, 0)
    least = CACHE.floor(ADVICE_MIN)
    for split_head in (False, True):
        for split_last in (False, True) if can_split else (False,):
            for shrink in range(ADVICE_SIZES[0] - least + 1):
                big, small = (max(least, size - shrink) for size in ADVICE_SIZES)
                heads = verdict_lines(head, big, width) if split_head else [head]
                # A verdict in two lines is one sentence: both at one size (a play test saw "Expert:" at
                # 26 over "too good, play on" at 24, which read as if it belonged to the chances under it).
                head_size = min(_fitted(text, big, width) for text in heads)
                rows = [(text, head_size, False) for text in heads]
                for text in middle:  # the chances: one row, or two ("Wins 61%," / "gammons 20%")
                    size = _fitted(text, small, width)
                    head_part, comma, rest = text.partition(", ")
                    if size or not comma:
                        rows.append((text, size, False))
                    else:
                        rows += [(head_part + ",", _fitted(head_part + ",", small, width), False)]
                        rows += [(rest, _fitted(rest, small, width), False)]
                if split_last:
                    common = _columns_size(parts, small, width)
                    rows += [(text, common, True) for text in parts]
                elif last is not None:
                    rows.append((last, _fitted(last, small, width), False))
                smallest = min(size for _, size, _ in rows)
                if smallest and rows_height(rows, ADVICE_GAP) <= height:
                    key = (smallest, -len(rows), sum(size for _, size, _ in rows))
                    if key > best_key:
                        best, best_key = rows, key
                    break
    return best


def rows_height(rows: list[Row], gap: int) -> int:
    """The height of ``rows`` drawn ``gap`` apart: each row as high as its type is drawn (larger under
    larger text than the size it is asked at)."""
    return sum(CACHE.px(size) for _, size, _ in rows) + gap * max(0, len(rows) - 1)


def draw_advice(surface: pygame.Surface, lines: list[str], area: pygame.Rect) -> list[pygame.Rect]:
    """The cube advice in rows, centred in ``area``, the numbers in columns of names and numbers
    when they are split; returns each row's rect (a columned row's: its name's and number's union)."""
    width = area.width - 8
    rows = advice_rows(lines, width, area.height)
    if not rows:
        return []
    spare = area.height - rows_height(rows, 0)
    gap = min(ADVICE_GAP + 3, max(ADVICE_GAP, spare // max(1, len(rows) - 1)))
    y = area.centery - rows_height(rows, gap) // 2
    columned = [text for text, _, in_columns in rows if in_columns]
    drawn = []
    for text, size, in_columns in rows:
        centre = (area.centerx, y + CACHE.px(size) // 2)
        pair = _name_and_number(text) if in_columns else None
        if pair is None:
            drawn.append(draw_text(surface, text, size, centre, HINT, width=width))
        else:
            names, numbers = _columns(columned, size)
            left = area.centerx - (names + COLUMN_GAP + numbers) // 2
            name = draw_text(surface, pair[0], size, (left, centre[1]), HINT, anchor="midleft")
            right = left + names + COLUMN_GAP + numbers
            drawn.append(
                name.union(draw_text(surface, pair[1], size, (right, centre[1]), HINT, anchor="midright"))
            )
        y += CACHE.px(size) + gap
    return drawn


__all__ = ["ADVICE_GAP", "ADVICE_MIN", "ADVICE_SIZES", "Row", "advice_rows", "draw_advice", "rows_height"]
