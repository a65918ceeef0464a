"""Today's top ten: a scene after a visitor's initials, and the same list over the attract demo."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # the review loads when one is opened, not at start-up
    from game.review import PlayerReview

from game.i18n import tr, tr_level
from game.session.leaderboard import Entry
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.entry.initials import InitialsScene
from game.ui.scene import DIM, INK, ButtonScene, Host, button
from game.ui.text import READ_SIZE, draw_text

NEW = (120, 255, 150)


def draw_top_ten(
    surface: pygame.Surface, box: pygame.Rect, entries: list[Entry], highlight: Entry | None = None
) -> None:
    """Rank, initials, error rate, rating word and level of today's best, in ``box``."""
    from game.review import rating

    draw_text(surface, tr("board.title"), 46, (box.centerx, box.y + 36), GOLD, shadow=True, width=box.w - 20)
    draw_text(surface, tr("board.subtitle"), READ_SIZE, (box.centerx, box.y + 80), DIM, width=box.w - 40)
    if not entries:
        draw_text(surface, tr("board.empty"), 30, (box.centerx, box.centery), INK, width=box.w - 60)
        return
    rank_x, initials_x, rate_x, word_x, level_x = top_ten_columns(box)
    # Column heads over the figure and the level: without them a visitor read the computer's level
    # ("Beginner") beside the rating word ("Novice") as a second verdict on their own play.
    heads_y = box.y + 116
    draw_text(surface, tr("board.head_rate"), READ_SIZE, (rate_x, heads_y), DIM, anchor="midright")
    draw_text(surface, tr("board.head_level"), READ_SIZE, (level_x, heads_y), DIM, anchor="midright")
    row_h = min(46, (box.h - 164) // max(len(entries), 1))
    for i, e in enumerate(entries):
        y = box.y + 156 + i * row_h
        colour = NEW if e == highlight else (GOLD if i == 0 else INK)
        size = 34 if i < 3 else 30
        draw_text(surface, f"{i + 1}.", size, (rank_x, y), colour, anchor="midright")
        draw_text(surface, e.initials, size, (initials_x, y), colour, anchor="midleft")
        draw_text(surface, f"{e.error_rate:.1f}", size, (rate_x, y), colour, anchor="midright")
        word = tr(f"review.rating.{rating(e.error_rate)[0]}")
        draw_text(surface, word, READ_SIZE, (word_x, y), colour, anchor="midleft")
        draw_text(surface, tr_level(e.level), READ_SIZE, (level_x, y), DIM, anchor="midright")


def top_ten_columns(box: pygame.Rect) -> tuple[int, int, int, int, int]:
    """Where a row's parts stand in ``box``: the rank's right edge, the initials' left, the error
    rate's right, the rating word's left and the level's right edge. The word starts close after the
    rate: a long word beside a long level ("Alkalmi játékos", "Középhaladó") ran into it when the
    word stood further right."""
    return (
        box.x + round(0.08 * box.w),
        box.x + round(0.22 * box.w),
        box.x + round(0.44 * box.w),
        box.x + round(0.48 * box.w),
        box.x + round(0.97 * box.w),
    )


def rate_words(rate: float) -> str:
    """What an error rate means, in words before the figure (issue 36: "Error rate 15.1!" told a
    visitor nothing): the rating's word, how it compares with a beginner, then the number and that
    lower is better. A beginner is the rating scale's own band for one (``learner``, 26 to 35). Past
    it lies where most first games land (the beginner level's own choices rated 50 in a walk-through):
    a visitor in their first game is told that is usual, not that they did worse than a beginner."""
    from game.review import rating
    from game.review.judge import RATINGS

    key = rating(rate)[0]
    bands = [k for _, k, _ in RATINGS]
    beginner = bands.index("learner")
    here = bands.index(key)
    compared = "better" if here < beginner else ("typical" if here == beginner else "first")
    return tr(
        "board.rate_words",
        word=tr(f"review.rating.{key}"),
        compared=tr(f"board.compared.{compared}"),
        rate=f"{rate:.1f}",
    )


def offer_entry(
    app: Host, player: PlayerReview, level: str, won: bool, then: Callable[[], None] | None = None
) -> bool:
    """After a kiosk game: ask for initials when the visitor's game earns a place today; ``then``
    follows today's board, or the initials skipped (the visitor's choice on the game-over card).

    True when the keypad was opened. A game with too few decisions, or a rate outside the
    top ten, is not asked for (nothing is said then: the visitor plays on; ``then`` is the caller's).
    """
    decisions = player.unforced + len(player.cube)
    rate = player.error_rate
    board = app.leaderboard
    if not board.qualifies(rate, decisions):
        return False
    headline = rate_words(rate)

    def enter(initials: str) -> None:
        entry = board.add(initials, rate, decisions, level, won)
        app.scenes.push(LeaderboardScene(app, entry, then))

    app.scenes.push(InitialsScene(app, headline, enter, then))
    return True


class LeaderboardScene(ButtonScene):
    """Today's top ten, the visitor's new entry lit; Back returns to what was below."""

    def __init__(
        self, app: Host, highlight: Entry | None = None, then: Callable[[], None] | None = None
    ) -> None:
        super().__init__(app)
        self.highlight = highlight
        self.then = then
        """What the visitor chose before the board (Next game, Leave), carried out when it closes."""
        label = tr("board.continue") if then is not None else tr("button.back")
        self.buttons.add(button((L.W // 2 - 200, L.H - 86, 400, 70), label, self.close, "green"))

    def close(self) -> None:
        super().close()
        if self.then is not None:
            then, self.then = self.then, None
            then()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        box = pygame.Rect(L.W // 2 - 460, 16, 920, L.H - 116)
        draw_top_ten(surface, box, self.app.leaderboard.today(), self.highlight)
        if self.highlight is not None:
            place = self.app.leaderboard.rank(self.highlight)
            if place is None:
                text = tr("board.not_placed", rate=f"{self.highlight.error_rate:.1f}")
                draw_text(surface, text, READ_SIZE, (L.W // 2, L.H - 110), NEW, width=L.W - 80)
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["LeaderboardScene", "draw_top_ten", "offer_entry", "rate_words", "top_ten_columns"]
