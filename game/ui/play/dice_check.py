"""Check the dice: everything a player needs to check a finished match's (or a game of money play's) rolls
without trusting the cabinet, on one screen and in a QR code (issue 37).

What it shows: the cabinet's whole commitment (SHA-256 of the secret, 64 hex digits; the panel showed
its first ten before the first roll), the secret, both players' parts and the rule's name, and a QR
code of one line holding all of them (``docs/dice.md`` says how a few lines of any language check
it; ``python -m game.record --check-dice FILE.mat`` checks a record). Why a QR code: 64 + 32 hex
digits are too many to copy by hand at a café table; a phone reads them in a second.

The QR code is drawn with segno (pure Python, no native parts: the one run-time dependency beside
pygame-ce); without it the screen shows the same line as text only.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from game.engine.dice import SECRET_DICE_RULE, SHARED_DICE_RULE, full_fingerprint
from game.i18n import tr
from game.session.match_dice import MatchDice
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.lines import wrap_lines
from game.ui.scene import DIM, INK, ButtonScene, Host, button
from game.ui.text import READ_SIZE, draw_text

log = logging.getLogger(__name__)

QR_SIDE = 400
"""The QR code's largest side in logical pixels (about 250 real pixels at 800x480: a phone reads it)."""


def check_line(dice: MatchDice) -> str:
    """The one line the QR code holds: rule, commitment, secret, the players' parts."""
    secret = dice.secret or ""
    parts = dice.contributions
    rule = SECRET_DICE_RULE if parts is None else SHARED_DICE_RULE
    players = "" if parts is None else f" players={parts[0]},{parts[1]}"
    return f"dice {rule} commit={full_fingerprint(secret)} secret={secret}{players}"


def qr_surface(text: str, side: int) -> pygame.Surface | None:
    """``text`` as a QR code about ``side`` pixels wide (black on white, with its quiet border), or
    None when segno is not installed (logged)."""
    try:
        import segno
    except ImportError:
        log.warning("segno is not installed: the dice check shows no QR code")
        return None
    matrix = segno.make(text, error="l", micro=False).matrix
    n = len(matrix) + 8  # four modules of quiet border each side
    scale = max(1, side // n)
    surface = pygame.Surface((n * scale, n * scale))
    surface.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), ((x + 4) * scale, (y + 4) * scale, scale, scale))
    return surface


def grouped(hex_text: str, size: int = 16) -> str:
    return " ".join(hex_text[i : i + size] for i in range(0, len(hex_text), size))


class DiceCheckScene(ButtonScene):
    """The revealed dice of the match (or game of money play) that just ended; "The same dice again" when
    ``same`` is given (a match over, not a tournament's)."""

    opaque = True

    def __init__(
        self, app: Host, dice: MatchDice, names: tuple[str, str], same: Callable[[], None] | None
    ) -> None:
        super().__init__(app)
        self.dice = dice
        self.names = names
        self.line = check_line(dice)
        self.qr = qr_surface(self.line, QR_SIDE)
        y = L.H - 96
        if same is not None:

            def again() -> None:
                self.close()
                same()

            self.buttons.add(
                button((L.W // 2 - 420, y, 400, 72), tr("dice.same_again"), again, "blue", size=28)
            )
            self.buttons.add(
                button((L.W // 2 + 20, y, 400, 72), tr("button.back"), self.close, "green", size=30)
            )
        else:
            self.buttons.add(
                button((L.W // 2 - 200, y, 400, 72), tr("button.back"), self.close, "green", size=30)
            )

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) rows of the text column."""
        dice = self.dice
        secret = dice.secret or ""
        rows = [
            (tr("dice.check_commitment"), grouped(full_fingerprint(secret))),
            (tr("dice.check_secret"), grouped(secret)),
        ]
        parts = dice.contributions
        if parts is not None:
            for name, part in zip(self.names, parts, strict=True):
                rows.append((name, part or tr("dice.check_none")))
        return rows

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, tr("dice.check_title"), 40, (L.W // 2, 48), GOLD, width=L.W - 60)
        left, width = 40, L.W - QR_SIDE - 120
        y = 110
        for label, value in self.rows():
            for line in wrap_lines(label, READ_SIZE, width)[:2]:
                draw_text(surface, line, READ_SIZE, (left, y), DIM, anchor="midleft", width=width)
                y += 30
            for line in wrap_lines(value, 28, width)[:3]:
                draw_text(surface, line, 28, (left, y), INK, anchor="midleft", width=width)
                y += 34
            y += 8
        how = tr("dice.check_how", rule=SHARED_DICE_RULE if self.dice.contributions else SECRET_DICE_RULE)
        for line in wrap_lines(how, READ_SIZE, width)[:6]:  # five in Finnish at the floor
            if y > L.H - 120:
                break
            draw_text(surface, line, READ_SIZE, (left, y), DIM, anchor="midleft", width=width)
            y += 30
        if self.qr is not None:
            rect = self.qr.get_rect(topright=(L.W - 40, 100))
            surface.blit(self.qr, rect)
        self.buttons.draw(surface, self.app.sprites)


def open_dice_check(
    app: Host, dice: MatchDice, names: tuple[str, str], same: Callable[[], None] | None
) -> None:
    app.scenes.push(DiceCheckScene(app, dice, names, same))


__all__ = ["DiceCheckScene", "check_line", "open_dice_check", "qr_surface"]
