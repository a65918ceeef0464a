"""An answer to a double that can still be undone for a moment before it counts (issue 25).

Why: a play test saw a quick tap take a double by accident (TAKE had come up where the player's last
tap landed). Take and Pass now stand below where Done and Roll were (``game.ui.play.dialogs``), and a
tapped answer (or one pressed with Enter or a controller's A) waits :data:`ANSWER_WINDOW` seconds,
counted in the game's fixed steps, with an Undo over the offer card; the players' boxes, scores and
pips, stay in view, and the status line says the answer given. The T and P keys answer at once:
nobody presses them by accident.

The scene's one way in is ``GameScene.answer_double(take)``, which opens this window (the modal
TAKE and PASS call it; whatever asks the player first, such as a coach, calls it once the player has
confirmed). The window knows nothing of who calls it: it counts the answer through the ``answer`` it
was given (``GameScene.answer``, which the T and P keys call at once).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.engine.flow import Phase
from game.i18n import tr, tr_message
from game.session.controller import GameController
from game.session.modes import GameMode
from game.ui.board.sprites import Sprites
from game.ui.board.view import GOLD
from game.ui.lines import two_lines, wrap_lines
from game.ui.play.dialogs import offer_card
from game.ui.text import READ_SIZE, draw_text
from game.ui.widgets import Button, ButtonGroup

ANSWER_WINDOW = 2.0
"""Seconds a tapped answer to a double waits before it counts, with an Undo button: a quick tap that
took (or passed) a double by accident loses nothing."""
TEXT_SIZE = 30
TEXT_TOP, TEXT_PITCH, TEXT_ROWS = 40, 36, 2
"""The answer's words at the card's top (row middles, from the card's top)."""
BAR_Y, BAR_H = 104, 8
UNDO_Y, UNDO_H = 122, 76
"""The time bar, then Undo (from the card's top): both above where TAKE stood, so that a quick
second tap on the answer just given lands on the card, not on Undo."""
NOTE_Y, NOTE_PITCH, NOTE_ROWS = 236, 30, 3
"""What the bar means, at the floor size under Undo (where TAKE stood: no button there)."""


class WindowTable(Protocol):
    """What the window needs of the game scene."""

    game: GameController
    modal: ButtonGroup
    modal_age: float
    status_note: str
    flash_time: float

    @property
    def sprites(self) -> Sprites: ...

    def rebuild_buttons(self) -> None: ...


class AnswerWindow:
    """A take or pass given but not counted yet."""

    def __init__(self, table: WindowTable, answer: Callable[[bool], None]) -> None:
        self.t = table
        self.answer = answer
        """Makes an answer count now (the scene's)."""
        self.take: bool | None = None
        self.left = 0.0

    @property
    def open(self) -> bool:
        return self.take is not None

    def _offered(self) -> bool:
        """The double still waits for its answer (a clock run out or a reset ends the window)."""
        game = self.t.game
        s = game.state
        return s.phase is Phase.CUBE_OFFERED and game.is_human(1 - s.turn) and not game.timed_out

    def start(self, take: bool) -> None:
        """The answer is given: it counts after the window, unless undone. A lesson judges an answer
        before it counts anyway: there it counts at once."""
        if self.t.game.setup.mode == GameMode.LEARN:
            self.answer(take)
            return
        if not self._offered():
            return
        self.take = take
        self.left = ANSWER_WINDOW
        self.t.status_note = self.text()
        self.t.flash_time = 0.0  # a line flashed before ("answer first") must not hide the answer
        self.t.modal.focus = None  # a second Enter shows the focus on Undo, a third presses it
        self.t.rebuild_buttons()

    def cancel(self) -> None:
        """Forget the answer without counting it (the game was reset or left)."""
        if self.take is not None:
            self.take = None
            self.t.status_note = ""

    def undo(self) -> None:
        """The player takes the answer back: the offer again, its buttons guarded again."""
        self.cancel()
        self.t.modal_age = 0.0
        self.t.modal.focus = None
        self.t.rebuild_buttons()

    def step(self, dt: float, moving: bool = False) -> None:
        """One fixed step of the window; it does not run down while checkers move."""
        if self.take is None or moving:
            return
        if not self._offered():
            self.cancel()
            return
        self.left -= dt
        if self.left <= 0:
            take = self.take
            self.cancel()
            self.answer(take)

    def build(self) -> None:
        """While open, Undo stands in for the offer's buttons (after the dialogs have built theirs)."""
        if self.take is None:
            return
        if not self._offered():
            self.cancel()
            return
        self.t.modal.buttons = [Button(undo_rect(), tr("newcomer.undo_answer"), self.undo, "blue", size=32)]

    def text(self) -> str:
        """What the answer does, said to "you" against the computer, else with the answerer's name
        (issue 36: two people sit there, and "You take" said neither)."""
        game = self.t.game
        answerer = 1 - game.state.turn
        value = game.state.cube.value * 2
        if game.setup.mode == "computer" and game.is_human(answerer):
            return tr("newcomer.took", value=value) if self.take else tr("newcomer.passed")
        name = tr_message(game.name(answerer))
        return (
            tr("newcomer.took_by", name=name, value=value)
            if self.take
            else tr("newcomer.passed_by", name=name)
        )

    def bar_width(self) -> int:
        """The time bar's gold part, in picture pixels (what the picture key follows)."""
        share = max(0.0, min(1.0, self.left / ANSWER_WINDOW))
        return round((offer_card().width - 28) * share)

    def draw(self, surface: pygame.Surface) -> bool:
        """Over the offer card (drawn each frame over the cached picture: the bar runs down); True
        when it painted."""
        if self.take is None:
            return False
        box = offer_card()
        pygame.draw.rect(surface, (30, 36, 50), box, border_radius=18)
        pygame.draw.rect(surface, GOLD, box, 4, border_radius=18)
        width = box.width - 28
        lines = two_lines(self.text(), TEXT_SIZE, width)[:TEXT_ROWS]
        for i, line in enumerate(lines):
            at = (box.centerx, box.y + TEXT_TOP + i * TEXT_PITCH)
            draw_text(surface, line, TEXT_SIZE, at, (255, 255, 255), width=width)
        bar = pygame.Rect(box.x + 14, box.y + BAR_Y, width, BAR_H)
        pygame.draw.rect(surface, (70, 78, 96), bar, border_radius=4)
        pygame.draw.rect(surface, GOLD, (bar.x, bar.y, self.bar_width(), bar.h), border_radius=4)
        for i, line in enumerate(wrap_lines(tr("newcomer.counts_soon"), READ_SIZE, width)[:NOTE_ROWS]):
            at = (box.centerx, box.y + NOTE_Y + i * NOTE_PITCH)
            draw_text(surface, line, READ_SIZE, at, (170, 180, 200), width=width)
        self.t.modal.draw(surface, self.t.sprites)
        return True


def undo_rect() -> pygame.Rect:
    """The Undo of an answer: in the offer card, above where TAKE stood."""
    card = offer_card()
    return pygame.Rect(card.x + 10, card.y + UNDO_Y, card.width - 20, UNDO_H)


__all__ = ["ANSWER_WINDOW", "AnswerWindow", "WindowTable", "undo_rect"]
