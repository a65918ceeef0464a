"""The game screen's picture key: a cheap value that stays equal while the screen would paint the same.

Why: the loop keeps stepping while the computer thinks or waits between its moves (60 steps a second),
and drew a whole frame after every step although the picture had not changed; presenting was already
skipped after comparing the pixels, but drawing and comparing a 1280x720 frame cost about 1.3 ms of the
loop's CPU a time (0.87 ms drawing, 0.42 ms comparing: measured in the demo under Xvfb at 1080p). The
loop now draws only when this key changes (see :func:`game.ui.loop.picture_key`).

What it holds: the *inputs* of everything :class:`~game.ui.play.board_paint.Frame`, the cursor and the
moving layer paint (tumbling dice included), not the painted facts themselves (computing those, such as
the panel's pip counts and notation, costs about 0.13 ms; reading these attributes, about 0.04 ms).
Anything that glides (a checker's flight, a dragged checker) gives ``None``: such a frame is always
drawn. When the game screen paints something new, its input must be added here; tests/ui/test_picture.py
plays whole games and checks that every frame left undrawn would have been the same picture.
"""

from __future__ import annotations

from typing import Protocol

from game.ui.layout import LAYOUT
from game.ui.play.answer_window import AnswerWindow
from game.ui.play.coach_card import CoachCard
from game.ui.play.cursor import BoardCursor
from game.ui.play.host import GameHost
from game.ui.widgets import ButtonGroup


class Pictured(GameHost, Protocol):
    """The game screen with what it paints over the board: the keyboard cursor, an answer's Undo
    window, the coach's card."""

    cursor: BoardCursor
    answer_window: AnswerWindow
    coach: CoachCard


def buttons_key(group: ButtonGroup) -> tuple[object, ...]:
    """What a group of buttons paints: each button's words, colour, place and state, and the focus."""
    return (
        group.focus,
        tuple(
            (b.label, b.sub, b.colour, b.pressed, b.enabled, b.visible, b.focused, tuple(b.rect))
            for b in group.buttons
        ),
    )


def still_key(table: Pictured) -> object | None:
    """The game screen's picture key (see the module docstring); ``None`` while anything moves."""
    cursor = table.cursor
    if table.anim.busy or table.hands.drag is not None:
        return None
    game = table.game
    timer = game.timer
    hints = table.hints
    return (
        game.state,  # a new (frozen) object for every change: board, dice, phase, cube, moves, last play
        game.match.score,
        game.games,
        game.perspective,
        tuple(sorted(game.humans)),
        game.pending,  # the computer is thinking (and about what)
        game.note,
        game.timed_out,
        None if timer is None else (timer.shown(0), timer.shown(1), timer.running, timer.lost_on_time),
        game.match_dice.fingerprint,
        game.match_dice.typed,
        table.flash_time > 0,
        table.flash_text,
        buttons_key(table.buttons),
        buttons_key(table.modal),
        (hints.moves, hints.cube, hints.why, hints.pending),
        (table.hands.selected, tuple(sorted(table.hands.movable))),
        (table.dice.values, table.dice.owner, table.dice.tumbling),
        # Tumbling dice change face, turn and place only every 70 ms (DiceRoll._shuffle): 3 steps in 4
        # paint what the one before did.
        (tuple(table.dice.faces), tuple(table.dice.angles), tuple(table.dice.offsets))
        if table.dice.tumbling
        else None,
        (cursor.engaged, cursor.point),
        table.dialog_hidden,
        table.status_note,
        (table.answer_window.take, table.answer_window.bar_width() if table.answer_window.open else 0),
        (table.coach.verdict, table.coach.waiting is not None),
        table.terms.save_failing,
        table.view.style(),
        LAYOUT.mirrored,
    )


__all__ = ["Pictured", "buttons_key", "still_key"]
