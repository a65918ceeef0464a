"""The review screen: each player's error rate, rating word and luck, and the costliest mistakes
on small boards (the play made and the better play as arrows, the equity of each).

The review runs in a worker thread (:class:`~game.session.review_job.ReviewJob`); until it is
done the screen shows its progress and keeps drawing, and Back cancels it. A mistake's
board opens the replay at that move. In kiosk mode, a visitor's game against the computer
then asks for initials for today's leaderboard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine.cube import Cube
from game.engine.position import Position
from game.record import MatchRecord, PlyKind

if TYPE_CHECKING:  # the review and the computer player under it load when a review is opened
    from game.review import MatchReview, Mistake, PlayerReview

from game.i18n import tr
from game.session.kiosk import Mode
from game.session.review_job import Reviewer, ReviewJob
from game.ui import layout as L
from game.ui.board import still as still_board
from game.ui.board.view import BG, GOLD, BoardView
from game.ui.input import Intent
from game.ui.scenes.base import DIM, INK, ButtonScene, Host, button
from game.ui.scenes.replay import ReplayScene, Step, dice_text, mistake_step, shown_cube, states_of
from game.ui.text import CACHE, MIN_SIZE, draw_text, first_fitting

CARD_W, CARD_Y, CARD_GAP = 392, 290, 12
CARD_H = 358
"""A mistake's card: its small board and four lines under it (all of it opens the replay)."""
BOARD_W = 352
"""The small board's width (242 high): narrower than its card, so that four lines at the floor size
fit under it above the buttons."""
BOX_Y, BOX_H = 56, 200
LINE = 27
"""The pitch of the lines at the floor size (:data:`~game.ui.text.MIN_SIZE`)."""
RED = (255, 120, 110)


def signed(value: float) -> str:
    return f"{value:+.3f}".replace("-", "−")


def describe(m: Mistake, which: str) -> str:
    """The play made or the better one in words (cube actions translated)."""
    text = m.made if which == "made" else m.better
    if m.kind == "move":
        return text if text != "no move" else tr("review.no_move")
    return tr(f"review.action.{text.replace(' ', '_')}")


RATING_COLOURS = {
    "flawless": (160, 255, 160),
    "masterly": (160, 255, 160),
    "expert": (190, 245, 150),
    "strong": (215, 235, 140),
    "solid": (240, 225, 130),
    "casual": (250, 200, 120),
    "learner": (255, 170, 110),
    "wild": (255, 140, 120),
}
"""The rating word's colour: green at the top of the scale, warming to red at the bottom (a play test
saw "Wild" in the same green as "Flawless")."""


def rating_colour(key: str) -> tuple[int, int, int]:
    return RATING_COLOURS.get(key, (160, 255, 160))


class ReviewScene(ButtonScene):
    """Progress while the worker reviews; then the figures, the mistakes and the way to the replay."""

    def __init__(
        self,
        app: Host,
        record: MatchRecord,
        names: tuple[str, str],
        title: str,
        *,
        seat: int | None = None,
        on_review: Callable[[MatchReview], None] | None = None,
        match: MatchRecord | None = None,
        reviewer: Reviewer | None = None,
    ) -> None:
        super().__init__(app)
        self.record = record
        self.names = names
        self.title = title
        self.selected = 0 if seat is None else seat
        self.on_review = on_review
        """Called once with the finished review (the kiosk's leaderboard entry)."""
        self.match = match
        """The whole finished match, offered for a review of its own ("Whole match")."""
        self.reviewer = reviewer
        self.job = ReviewJob(record, reviewer)
        self.review: MatchReview | None = None
        self.view = BoardView(app.sprites)
        self.cards: dict[tuple[int, int], pygame.Surface] = {}
        self._build()

    # -- buttons and input -----------------------------------------------------------------

    def _build(self) -> None:
        b = self.buttons
        b.clear()
        y = L.H - 66
        b.add(button((40, y, 300, 60), tr("button.back"), self.back, "grey", 28))
        if self.review is not None:
            b.add(button((L.W // 2 - 150, y, 300, 60), tr("review.replay"), self.replay, "blue", 28))
        if self.match is not None:
            b.add(button((L.W - 340, y, 300, 60), tr("review.whole_match"), self.whole_match, "blue", 28))

    def whole_match(self) -> None:
        """Replace this review by one of every game of the match."""
        if self.match is None:
            return
        self.job.cancel()
        title = tr("review.title_match")
        scene = ReviewScene(
            self.app, self.match, self.names, title, seat=self.selected, reviewer=self.reviewer
        )
        self.app.scenes.replace(scene)

    def back(self) -> None:
        self.job.cancel()
        self.close()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            self.back()
            return
        if self.buttons.handle(intent):
            return
        if intent.kind != "click" or self.review is None:
            return
        for p in (0, 1):
            if self._box(p).collidepoint(intent.pos):
                self.selected = p
                return
        for i, _ in enumerate(self.review.players[self.selected].worst):
            if self._card(i).collidepoint(intent.pos):
                self.open_mistake(i)
                return

    def replay(self) -> None:
        self.open_replay((0, 0))

    def open_replay(self, start: tuple[int, int]) -> None:
        self.app.scenes.push(ReplayScene(self.app, self.record, self.names, self.review, start))

    def open_mistake(self, index: int) -> None:
        """The replay at the ``index``-th costliest mistake of the selected player."""
        assert self.review is not None
        mistake = self.review.players[self.selected].worst[index]
        self.open_replay(mistake_step(self.record, mistake))

    # -- the worker --------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.review is None and self.job.done and self.job.result is not None:
            self.review = self.job.result
            self._build()
            if self.on_review is not None:
                self.on_review(self.review)
        self.app.needs_draw = self.app.needs_draw or not self.job.done
        kiosk = self.app.kiosk
        if kiosk is not None and kiosk.mode is Mode.ACTIVE and not self.job.done:
            # A visitor watching the progress is still there: the idle return to the demo waits
            # (a review takes a minute or two on a Raspberry Pi, more than the idle time).
            kiosk.activity()

    def busy(self) -> bool:
        return not self.job.done or (self.review is None and self.job.result is not None)

    def exit(self) -> None:
        if self not in self.app.scenes.scenes:
            self.job.cancel()  # popped (not covered by the replay): stop the worker

    # -- drawing -----------------------------------------------------------------------------

    def _box(self, player: int) -> pygame.Rect:
        return pygame.Rect(40 + player * 620, BOX_Y, 580, BOX_H)

    def _card(self, index: int) -> pygame.Rect:
        return pygame.Rect(40 + index * (CARD_W + CARD_GAP), CARD_Y, CARD_W, CARD_H)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, self.title, 36, (L.W // 2, 28), GOLD, width=L.W - 80)
        if self.review is None:
            self._draw_progress(surface)
        else:
            for p, player in enumerate(self.review.players):
                self._draw_player(surface, player, self._box(p))
            self._draw_mistakes(surface, self.review.players[self.selected])
        self.buttons.draw(surface, self.app.sprites)

    def _draw_progress(self, surface: pygame.Surface) -> None:
        job = self.job
        if job.error is not None:
            text = tr("review.failed", reason=job.error)
            draw_text(surface, text, 28, (L.W // 2, L.H // 2), RED, width=L.W - 120)
            return
        bar = pygame.Rect(L.W // 2 - 400, L.H // 2 - 20, 800, 40)
        pygame.draw.rect(surface, (40, 46, 60), bar, border_radius=12)
        fill = bar.copy()
        fill.width = max(24, round(bar.width * job.fraction))
        pygame.draw.rect(surface, GOLD, fill, border_radius=12)
        text = tr("review.working", done=job.done_steps, total=job.total)
        draw_text(surface, text, 30, (L.W // 2, bar.y - 50), INK, width=L.W - 120)
        draw_text(
            surface, tr("review.cancel_hint"), MIN_SIZE, (L.W // 2, bar.bottom + 40), DIM, width=L.W - 120
        )

    def _draw_player(self, surface: pygame.Surface, p: PlayerReview, box: pygame.Rect) -> None:
        chosen = p.player == self.selected
        pygame.draw.rect(surface, (30, 36, 50), box, border_radius=14)
        pygame.draw.rect(
            surface, GOLD if chosen else (70, 80, 100), box, 4 if chosen else 2, border_radius=14
        )
        cx, w = box.centerx, box.w - 24
        draw_text(surface, self.names[p.player], 28, (cx, box.y + 24), GOLD if chosen else INK, width=w)
        key = p.rating[0]
        word = tr(f"review.rating.{key}")
        draw_text(surface, word, 40, (cx, box.y + 66), rating_colour(key), width=w)
        rate = tr("review.error_rate", rate=f"{p.error_rate:.1f}")
        draw_text(surface, rate, 28, (cx, box.y + 104), INK, width=w)
        draw_text(surface, tr("review.error_unit"), MIN_SIZE, (cx, box.y + 131), DIM, width=w)
        parts = tr(
            "review.split",
            move=f"{p.error_per_move:.1f}",
            moves=p.unforced,
            cube=f"{p.error_per_cube_decision:.1f}",
            cubes=len(p.cube),
        )
        draw_text(surface, parts, MIN_SIZE, (cx, box.y + 156), DIM, width=w)
        draw_text(surface, tr("review.luck", luck=signed(p.luck)), MIN_SIZE, (cx, box.y + 183), DIM, width=w)

    def _draw_mistakes(self, surface: pygame.Surface, p: PlayerReview) -> None:
        if not p.worst:
            draw_text(surface, tr("review.no_mistakes"), 28, (L.W // 2, CARD_Y + 120), INK, width=L.W - 120)
            return
        head = tr("review.mistakes_of", name=self.names[p.player])
        legend_x, y = L.W - 40, CARD_Y - 18
        r = draw_text(surface, tr("review.legend_better"), MIN_SIZE, (legend_x, y), still_board.BETTER,
                      anchor="midright")  # fmt: skip
        r = draw_text(surface, tr("review.legend_made"), MIN_SIZE, (r.x - 24, y), still_board.MADE,
                      anchor="midright")  # fmt: skip
        draw_text(surface, head, MIN_SIZE, (40, y), INK, anchor="midleft", width=r.x - 40 - 32)
        for i, m in enumerate(p.worst):
            self._draw_card(surface, p.player, i, m)

    def _draw_card(self, surface: pygame.Surface, player: int, i: int, m: Mistake) -> None:
        rect = self._card(i)
        image = self.cards.get((player, i))
        if image is None:
            made = m.made_moves if m.kind == "move" else ()
            better = m.better_moves if m.kind == "move" else ()
            position, side, cube, offered = _board_at(self.record, m)
            full = still_board.render(
                self.view, position, side, cube=cube, offered=offered, dice=m.dice, made=made, better=better
            )
            image = still_board.small(full, BOARD_W)
            self.cards[(player, i)] = image
        board = image.get_rect(midtop=rect.midtop)
        surface.blit(image, board)
        pygame.draw.rect(surface, (70, 80, 100), board, 2)
        y = board.bottom + 16
        w = rect.w
        lines = [
            (self.where(m, w), INK),
            (self.what(m), DIM),
            (self.play(m, "made", w), still_board.MADE),
            (self.play(m, "better", w), still_board.BETTER),
        ]
        for k, (text, colour) in enumerate(lines):
            draw_text(surface, text, MIN_SIZE, (rect.x, y + k * LINE), colour, anchor="midleft", width=w)

    def where(self, m: Mistake, width: int = L.W) -> str:
        """The mistake's game, move and player, numbered as the replay numbers it (the match sheet's
        move lines: a play test was told "move 9" here and "step 16 of 50" in the replay). Without the
        player where that is too wide for ``width`` (the cards are that player's: the line above says so)
        on any of that player's cards: all the cards say it the same way (a play test saw "Game 1, move
        9 (Computer)" on the first card and "Game 1, move 25" beside it, as if the others were nobody's)."""
        cards = self.review.players[m.player].worst if self.review is not None else ()
        named = [
            tr("review.move_at", game=c.game, move=c.line, name=self.names[c.player]) for c in (m, *cards)
        ]
        if all(CACHE.font(MIN_SIZE).size(text)[0] <= width for text in named):
            return named[0]
        return tr("review.move_in", game=m.game, move=m.line)

    @staticmethod
    def what(m: Mistake) -> str:
        """The roll (or "Cube decision") and what the mistake cost."""
        what = tr("review.roll", dice=dice_text(m.dice)) if m.dice is not None else tr("review.cube_decision")
        return what + " · " + tr("review.cost", cost=f"{m.error:.3f}")

    @staticmethod
    def play(m: Mistake, which: str, width: int) -> str:
        """The play made or the better one, with its equity where that fits ``width`` at the floor size
        (four moves and a hit do not, in Finnish or Hungarian: the cost above is their difference)."""
        key = "review.played" if which == "made" else "review.better"
        equity = signed(m.equity_made if which == "made" else m.equity_better)
        play = describe(m, which)
        return first_fitting(
            [tr(key, play=play, equity=equity), tr(key + "_short", play=play)], MIN_SIZE, width
        )


def _board_at(record: MatchRecord, m: Mistake) -> tuple[Position, int, Cube, bool]:
    """The board at the mistake as the replay shows its step (the card opens the replay there): the
    position, the side it is seen from, the cube and whether it stands offered. A take or a pass is
    shown as the replay shows it, from the doubler's side (the state the double was offered in) with
    the cube taken or refused: the mistake's own position is the doubler's view too, and drawn from the
    taker's side it put each player's checkers in the other's colour (seen in a real window: the cards
    of a pass showed the centred 64 and the board the other way round)."""
    gi, k = mistake_step(record, m)
    states = states_of(record, gi)
    state = states[min(k, len(states) - 1)]
    plies = record.games[gi].plies
    ply = plies[k] if k < len(plies) else None
    if ply is not None and ply.kind in (PlyKind.TAKE, PlyKind.PASS):
        cube, offered = shown_cube(Step(gi, state, ply, 0))
        return state.position, state.turn, cube, offered
    return m.position, m.player, state.cube, False


__all__ = ["ReviewScene", "describe", "signed"]
