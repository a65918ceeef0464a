"""The tournament as the hub shows it: the draw's pages (rounds' headings and their matches, as many
rounds to a page as fit), the standings' pages, and how each line is drawn."""

from __future__ import annotations

import pygame

from game.i18n import tr, tr_n
from game.tournament import Standing, TMatch, Tournament, call_text
from game.ui.board.view import GOLD
from game.ui.lines import shortened, two_lines
from game.ui.scene import DIM, INK
from game.ui.text import CACHE, READ_SIZE, draw_text

LEFT_X, LEFT_W = 24, 850
ROW_H = 34
LIST_TOP = 196
ROWS = 14
"""Rows on one page under the page's title: the standings' players (below their column heads), the
draw's matches (one more line: the draw's pages hold rounds' headings too)."""
NAME_X, NAME_W = (104, 410), 214
"""Where a match's two names start in its line, and their room."""
SCORE_X = 364
"""The middle of a match's score ("5 – 3"), between the names."""
HOW_W = 196
"""Room for how a match was decided, at the line's right end."""
SELECTED = (44, 56, 82)
STRIPE = (24, 30, 42)
OUT = (140, 140, 150)
"""A withdrawn player's name: greyer than the others, still 4.5:1 on a row's stripe."""
COLUMNS = (
    ("place", 8, 100),
    ("player", 114, 314),
    ("wins", 432, 150),
    ("losses", 584, 124),
    ("buchholz", 712, 134),
)
"""The standings' columns: (key, left, room), each head whole at the floor ("Győzelem", "Buchholz"),
a name with "(visszalépett)" after it too."""
Line = TMatch | str
"""A line of the draw: a match, or a round's heading."""


def row_size() -> int:
    """The lines' size: drawn at the floor (:data:`READ_SIZE`) under larger text too, where rows
    :data:`ROW_H` apart have no room for more (a name too long for its column is shortened, never
    drawn smaller: :func:`~game.ui.lines.shortened`)."""
    return CACHE.floor(READ_SIZE)


def row_rect(k: int) -> pygame.Rect:
    """The ``k``-th line of the list (screen coordinates; also where a tap picks a match)."""
    return pygame.Rect(LEFT_X, LIST_TOP + k * ROW_H, LEFT_W, ROW_H - 2)


def draw_pages(tournament: Tournament) -> list[list[Line]]:
    """The draw's pages: each round of each draw (main, consolation, Swiss) as a heading line and its
    matches, as many rounds to a page as fit (an 8-player draw is one page)."""
    blocks: list[list[Line]] = []
    for stage in ("main", "consolation", "swiss"):
        rounds = sorted({m.round for m in tournament.matches if m.stage == stage})
        for rnd in rounds:
            matches = sorted(
                (m for m in tournament.matches if m.stage == stage and m.round == rnd and m.how != "void"),
                key=lambda m: m.slot,
            )
            if not matches:
                continue
            last = stage != "swiss" and rnd == rounds[-1]
            title = tr("tourney.final") if last else tr("tourney.round", n=rnd)
            points = tr_n("tourney.points", matches[0].length, n=matches[0].length)
            heading = f"{tr(f'tourney.{stage}')} · {title} · {points}"
            for k in range(0, len(matches), ROWS):
                blocks.append([heading, *matches[k : k + ROWS]])
    pages: list[list[Line]] = []
    page: list[Line] = []
    for block in blocks:
        if page and len(page) + len(block) > ROWS + 1:
            pages.append(page)
            page = []
        page += block
    if page:
        pages.append(page)
    return pages


def standing_pages(tournament: Tournament) -> list[list[Standing]]:
    rows = tournament.standings()
    return [rows[k : k + ROWS] for k in range(0, len(rows), ROWS)] or [[]]


def draw_call(surface: pygame.Surface, tournament: Tournament, m: TMatch | None, lang: str) -> None:
    """The line under the title: the match called next, the winner, or waiting for other boards."""
    winner = tournament.winner() if tournament.finished else None
    if m is not None:
        line, colour = tr("tourney.next_call", call=call_text(tournament, m, lang)), GOLD
    elif winner is not None:
        line, colour = tr("tourney.winner", name=tournament.players[winner].name), (160, 255, 160)
        consoled = tournament.winner("consolation") if tournament.format == "elimination" else None
        if consoled is not None:  # the consolation draw's winner is called too, not only the page's
            line += " · " + tr("tourney.winner_consolation", name=tournament.players[consoled].name)
    else:
        line, colour = tr("tourney.waiting"), DIM
    if CACHE.fit_size(line, 30, LEFT_W) >= CACHE.floor(READ_SIZE):  # one line, at 26 or more
        draw_text(surface, line, 30, (LEFT_X, 108), colour, anchor="midleft", width=LEFT_W)
        return
    for i, part in enumerate(two_lines(line, READ_SIZE, LEFT_W)):  # two long names: two lines at the floor
        draw_text(surface, part, READ_SIZE, (LEFT_X, 94 + 28 * i), colour, anchor="midleft", width=LEFT_W)


Notice = tuple[str, tuple[int, int, int]]
"""A sentence for the organiser and its colour ("Result entered: ...", "could not be saved")."""


def page_title(surface: pygame.Surface, text: str, notice: Notice | None = None) -> None:
    """The page's title over the list, or while there is one, a notice in its place: the line between
    the call and the list is the one with room (a play test at 800x480 saw a notice squeezed between
    the tournament's name and the call, touching both)."""
    if notice is not None:
        text, colour = notice
        draw_text(surface, text, 26, (LEFT_X + LEFT_W // 2, 161), colour, width=LEFT_W - 160)
        return
    draw_text(surface, text, 28, (LEFT_X + LEFT_W // 2, 161), INK, width=LEFT_W - 160)


def draw_draw(
    surface: pygame.Surface,
    tournament: Tournament,
    page: int,
    current: TMatch | None,
    notice: Notice | None = None,
) -> None:
    pages = draw_pages(tournament)
    if not pages:
        return
    title = tr("tourney.format_ko" if tournament.format == "elimination" else "tourney.format_swiss")
    if len(pages) > 1:
        title += f" ({page + 1}/{len(pages)})"
    page_title(surface, title, notice)
    size = row_size()
    odd = False
    for k, line in enumerate(pages[page]):
        rect = row_rect(k)
        if isinstance(line, str):
            draw_text(surface, line, size, (rect.x + 8, rect.centery + 2), GOLD, "midleft", rect.w)
            odd = False
            continue
        if current is not None and line.id == current.id:
            pygame.draw.rect(surface, SELECTED, rect, border_radius=6)
            pygame.draw.rect(surface, GOLD, rect, 2, border_radius=6)
        elif odd:
            pygame.draw.rect(surface, STRIPE, rect, border_radius=6)
        odd = not odd
        draw_match(surface, tournament, line, rect)


def draw_match(surface: pygame.Surface, tournament: Tournament, m: TMatch, rect: pygame.Rect) -> None:
    """``R1-2  Anna  5 – 3  Ben  typed in``: the winner in gold, a withdrawn player greyed. The columns
    hold their words at the floor (:data:`READ_SIZE`): "C1-2", two names of about 12 letters, "13 – 11"
    and the longest "how" ("time ran out", "lejárt az idő")."""
    y = rect.centery
    size = row_size()
    draw_text(surface, m.id, size, (rect.x + 8, y), DIM, anchor="midleft")
    for k, p in enumerate(m.players):
        if p is None:
            name, colour = ("—" if m.known[k] else tr("tourney.to_come")), DIM
        else:
            won = m.done and p == m.winner
            name, colour = (
                tournament.players[p].name,
                GOLD if won else (OUT if tournament.players[p].withdrawn else INK),
            )
        x = rect.x + NAME_X[k]
        draw_text(
            surface, shortened(name, size, NAME_W), size, (x, y), colour, anchor="midleft", width=NAME_W
        )
    if m.score is not None:
        draw_text(surface, f"{m.score[0]} – {m.score[1]}", size, (rect.x + SCORE_X, y), INK)
    elif m.ready:
        draw_text(surface, "v", size, (rect.x + SCORE_X, y), DIM)
    if m.how is not None:
        how = tr(f"tourney.how.{m.how}")
        draw_text(surface, how, size, (rect.right - 8, y), DIM, anchor="midright", width=HOW_W)


def draw_standings(
    surface: pygame.Surface, tournament: Tournament, page: int, notice: Notice | None = None
) -> None:
    """Place, player, wins, losses and Buchholz (a tie-break of both formats) under their column heads."""
    pages = len(standing_pages(tournament))
    title = tr("tourney.standings") + (f" ({page + 1}/{pages})" if pages > 1 else "")
    page_title(surface, title, notice)
    header = row_rect(0)
    size = row_size()
    for key, x, w in COLUMNS:
        draw_text(surface, tr(f"tourney.col.{key}"), size, (header.x + x, header.centery), DIM, "midleft", w)
    for k, s in enumerate(standing_pages(tournament)[page]):
        rect = row_rect(k + 1)
        if k % 2:
            pygame.draw.rect(surface, STRIPE, rect, border_radius=6)
        name = s.name + (f" ({tr('tourney.withdrawn')})" if s.withdrawn else "")
        player = shortened(name, size, COLUMNS[1][2])
        cells = {"place": str(s.rank), "player": player, "wins": str(s.wins), "losses": str(s.losses)}
        cells["buchholz"] = str(s.buchholz)
        for key, x, w in COLUMNS:
            colour = OUT if s.withdrawn else INK
            draw_text(surface, cells[key], size, (rect.x + x, rect.centery), colour, "midleft", w)


__all__ = [
    "LEFT_W",
    "LEFT_X",
    "Line",
    "Notice",
    "draw_call",
    "draw_draw",
    "draw_pages",
    "draw_standings",
    "row_rect",
    "standing_pages",
]
