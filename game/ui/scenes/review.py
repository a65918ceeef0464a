"""The review screen: for each player, how the game went in words ("31 decisions: 24 good, ...")
above the figures (error rate, rating word, luck); then the player's costliest mistakes, a row each:
where and the roll, the grade and cost, both plays, and the reason in words. A tap on a row opens the
replay at that decision: its board, the whole board (issue 36), with both plays as arrows told apart
by colour, by a solid or dashed line and by a legend, and a way to show one play at a time.

Why rows and no small boards: a reason is a sentence, five or six lines in a third of the screen's
width, one or two across it. The rows had a small board each (about 100x68 pixels of an 800x480
window): its checkers and point numbers could not be read there, and a board large enough to read
leaves no room for the words beside it. So the words stay here and the board is the replay's.
All the words are at least :data:`~game.ui.text.READ_SIZE` (16 pixels of an 800x480 window).

Everything is written for one reader (:mod:`game.ui.reading`): against the computer the human,
between two players the one whose mistakes are shown. The cards' boards carry his labels (a take
or a pass too, drawn on the doubler's position), the plays are in his numbers, the other player's
reasons carry that player's name, and the replay a card opens keeps his labels at every step. The
words themselves are :mod:`game.ui.scenes.review_words`'.

The review is a job in a worker process (:mod:`game.session.review_job`): meanwhile the screen
shows its progress and keeps drawing, and Back cancels it. In kiosk mode, a visitor's game against
the computer then asks for initials for today's leaderboard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.record import MatchRecord
from game.ui.input import IntentKind

if TYPE_CHECKING:  # the review and the computer player under it load when a review is opened
    from game.review import MatchReview, Mistake, PlayerReview

from game.ai.jobs import Where
from game.i18n import tr
from game.session.kiosk import Mode
from game.session.review_job import Reviewer, start_review
from game.ui import layout as L
from game.ui.board import still as still_board
from game.ui.board.view import BG, GOLD
from game.ui.input import Intent
from game.ui.lines import first_fitting
from game.ui.scene import DIM, INK, ButtonScene, Host, button
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.replay_steps import dice_text, mistake_step
from game.ui.scenes.review_words import (
    biggest_text,
    box_layout,
    box_rows,
    card_layout,
    describe,
    graded,
    grades_text,
    per_decision,
    prose_lines,
    rating_colour,
    reason_text,
    signed,
    summary,
)
from game.ui.text import CACHE, READ_SIZE, draw_text

BOX_Y, BOX_H = 50, 204
"""The players' boxes: name and rating word, then words and figures (``review_words.box_rows``)."""
CARD_X, CARD_Y, CARD_GAP = 40, 288, 2
CARD_W, CARD_H = L.W - 80, 120
"""A mistake's card: one row across the screen, four lines (all of it opens the replay). Three rows end
above the buttons."""
TEXT_X = 16
"""A card's lines start this far inside it, and end as far from its right edge."""
TEXT_W = CARD_W - 2 * TEXT_X
"""The width of a card's lines."""
HEAD_Y = CARD_Y - 20
"""The line over the cards: whose mistakes they are."""
RED = (255, 120, 110)


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
        newcomer: bool = False,
    ) -> None:
        super().__init__(app)
        self.record = record
        self.names = names
        self.title = title
        self.seat = seat
        """The human's seat in a game against the computer (None: two players)."""
        self.selected = 0 if seat is None else seat
        self.on_review = on_review
        """Called once with the finished review (the kiosk's leaderboard entry)."""
        self.match = match
        """The whole finished match, offered for a review of its own ("Whole match")."""
        self.reviewer = reviewer
        self.newcomer = newcomer
        """A coached game (a newcomer's): the cards show the checker plays first (:meth:`cards_of`)."""
        # In a worker process beside the loop; a test's App (its computer thinking at once) still
        # reviews beside the loop, in a thread, so that the progress screen is shown as in the game.
        self.job = start_review(record, reviewer, where=Where.WORKER if app.threaded_ai else Where.THREAD)
        self.review: MatchReview | None = None
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
            self.app,
            self.match,
            self.names,
            title,
            seat=self.seat,
            reviewer=self.reviewer,
            newcomer=self.newcomer,
        )
        scene.selected = self.selected
        self.app.scenes.replace(scene)

    def back(self) -> None:
        self.job.cancel()
        self.close()

    def handle(self, intent: Intent) -> None:
        if intent.kind == IntentKind.BACK:
            self.back()
            return
        if self.buttons.handle(intent):
            return
        if intent.kind != IntentKind.CLICK or self.review is None:
            return
        for p in (0, 1):
            if self._box(p).collidepoint(intent.pos):
                self.selected = p
                return
        for i, _ in enumerate(self.cards_of(self.review.players[self.selected])):
            if self._card(i).collidepoint(intent.pos):
                self.open_mistake(i)
                return

    def cards_of(self, p: PlayerReview) -> tuple[Mistake, ...]:
        """The mistakes ``p``'s cards show: the costliest; in a newcomer's review the checker plays
        first, what Learn to play and the coach taught (:meth:`PlayerReview.lessons`)."""
        return p.lessons() if self.newcomer else p.worst

    @property
    def reader(self) -> int:
        """Whose numbers the screen is written in (:mod:`game.ui.reading`): against the computer the
        human's, whichever player's mistakes are shown; of two players, the one whose mistakes are."""
        return self.selected if self.seat is None else self.seat

    def replay(self) -> None:
        self.open_replay((0, 0))

    def open_replay(self, start: tuple[int, int]) -> None:
        """The replay from ``start``, read by the selected player (his labels, his numbers)."""
        replay = ReplayScene(self.app, self.record, self.names, self.review, start, reader=self.reader)
        self.app.scenes.push(replay)

    def open_mistake(self, index: int) -> None:
        """The replay at the ``index``-th costliest mistake of the selected player."""
        assert self.review is not None
        mistake = self.cards_of(self.review.players[self.selected])[index]
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
        return pygame.Rect(CARD_X, CARD_Y + index * (CARD_H + CARD_GAP), CARD_W, CARD_H)

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
        done, total = job.steps
        text = tr("review.working", done=done, total=total)
        draw_text(surface, text, 30, (L.W // 2, bar.y - 50), INK, width=L.W - 120)
        draw_text(
            surface, tr("review.cancel_hint"), READ_SIZE, (L.W // 2, bar.bottom + 40), DIM, width=L.W - 120
        )

    def _draw_player(self, surface: pygame.Surface, p: PlayerReview, box: pygame.Rect) -> None:
        chosen = p.player == self.selected
        pygame.draw.rect(surface, (30, 36, 50), box, border_radius=14)
        pygame.draw.rect(
            surface, GOLD if chosen else (70, 80, 100), box, 4 if chosen else 2, border_radius=14
        )
        cx, w = box.centerx, box.w - 24
        key = p.rating[0]
        word = tr(f"review.rating.{key}")
        at = (box.right - 16, box.y + 24)
        shown = draw_text(surface, word, 36, at, rating_colour(key), "midright", w // 2)
        name, colour = self.names[p.player], GOLD if chosen else INK
        draw_text(surface, name, 28, (box.x + 16, box.y + 24), colour, "midleft", shown.x - box.x - 32)
        # How the game went, in words, above the figures: as many lines as the text size leaves room for.
        first, pitch, room = box_layout(box.h)
        for i, (line, dim) in enumerate(box_rows(p, self.games(p), w, room)):
            draw_text(surface, line, READ_SIZE, (cx, box.y + first + i * pitch), DIM if dim else INK, width=w)

    @staticmethod
    def games(p: PlayerReview) -> int:
        return len({m.game for m in p.moves} | {c.game for c in p.cube})

    def words(self, p: PlayerReview, width: int) -> list[str]:
        """How the game went for ``p`` as its box shows it (the lines above the error rate): the grades,
        then the biggest mistake where there is room (the first card below is that mistake)."""
        rate = tr("review.error_rate", rate=per_decision(p.error_rate))
        lines = [line for line, _ in box_rows(p, self.games(p), width, box_layout(BOX_H)[2])]
        return lines[: lines.index(rate)]

    def _draw_mistakes(self, surface: pygame.Surface, p: PlayerReview) -> None:
        cards = self.cards_of(p)
        if not cards:
            draw_text(surface, tr("review.no_mistakes"), 28, (L.W // 2, CARD_Y + 120), INK, width=L.W - 120)
            return
        name = self.names[p.player]
        room = L.W - 80
        heads = [tr("review.mistakes_of", name=name), tr("review.mistakes_of_short", name=name)]
        draw_text(
            surface, first_fitting(heads, READ_SIZE, room), READ_SIZE, (40, HEAD_Y), INK, "midleft", room
        )
        for i, m in enumerate(cards):
            self._draw_card(surface, i, m)

    def _draw_card(self, surface: pygame.Surface, i: int, m: Mistake) -> None:
        rect = self._card(i)
        pygame.draw.rect(surface, (30, 36, 50), rect, border_radius=10)
        x, w = rect.x + TEXT_X, TEXT_W
        top, pitch, rows = card_layout()  # four lines; three under larger text
        y = rect.y + top
        # Line 1: where and the roll at the left, the grade and the cost at the right.
        grade_text = graded(m.error)
        left_w = rect.right - TEXT_X - CACHE.font(READ_SIZE).size(grade_text)[0] - 24 - x
        what = " · " + self.what(m)
        where = self.where(m, left_w - CACHE.font(READ_SIZE).size(what)[0]) + what
        draw_text(surface, where, READ_SIZE, (x, y), INK, "midleft", left_w)
        draw_text(surface, grade_text, READ_SIZE, (rect.right - TEXT_X, y), RED, anchor="midright")
        # Line 2: the play made and the better one, each in half the width.
        half = (w - 24) // 2
        played, instead = self.play(m, "made", half), self.play(m, "better", half)
        draw_text(surface, played, READ_SIZE, (x, y + pitch), still_board.MADE, "midleft", half)
        draw_text(
            surface, instead, READ_SIZE, (x + half + 24, y + pitch), still_board.BETTER, "midleft", half
        )
        # Lines 3 and 4: why, in words (the main sentence alone where both do not fit).
        for k, line in enumerate(self.reason_lines(m, w, rows)):
            draw_text(surface, line, READ_SIZE, (x, y + (2 + k) * pitch), INK, "midleft", w)

    def reason_lines(self, m: Mistake, width: int, rows: int = 2) -> list[str]:
        """The mistake's reason in at most ``rows`` lines of ``width``: whole, else its main sentence."""
        if not m.reason:
            return []
        texts = [reason_text(p, m.player, self.reader, self.names) for p in (m.reason, m.reason[:1])]
        return prose_lines(texts, rows, width)

    def where(self, m: Mistake, width: int = L.W) -> str:
        """The mistake's game, move and player, numbered as the replay numbers it (the match sheet's
        move lines: a play test was told "move 9" here and "step 16 of 50" in the replay). Without the
        player where that is too wide for ``width`` (the cards are that player's: the line above says so)
        on any of that player's cards: all the cards say it the same way (a play test saw "Game 1, move
        9 (Computer)" on the first card and "Game 1, move 25" beside it, as if the others were nobody's)."""
        cards = self.cards_of(self.review.players[m.player]) if self.review is not None else ()
        named = [
            tr("review.move_at", game=c.game, move=c.line, name=self.names[c.player]) for c in (m, *cards)
        ]
        if all(CACHE.font(READ_SIZE).size(text)[0] <= width for text in named):
            return named[0]
        return tr("review.move_in", game=m.game, move=m.line)

    @staticmethod
    def what(m: Mistake) -> str:
        """The roll, or "Cube decision" (the grade and the cost stand at the right of the card)."""
        return tr("review.roll", dice=dice_text(m.dice)) if m.dice is not None else tr("review.cube_decision")

    def play(self, m: Mistake, which: str, width: int) -> str:
        """The play made or the better one (a cube action by name), in the reader's numbers, with its
        equity where that fits ``width`` at the floor size (four moves and a hit do not, in Finnish or
        Hungarian: the cost is their difference). Never in a newcomer's review: equities are figures
        nobody taught him, and the grade and the reason say it in words."""
        key = "review.played" if which == "made" else "review.better"
        equity = signed(m.equity_made if which == "made" else m.equity_better)
        play = describe(m, which, self.reader)
        short = tr(key + "_short", play=play)
        return (
            short
            if self.newcomer
            else first_fitting([tr(key, play=play, equity=equity), short], READ_SIZE, width)
        )


__all__ = ["ReviewScene", "biggest_text", "describe", "grades_text", "rating_colour", "signed", "summary"]
