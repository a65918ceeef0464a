"""The Hint button's half of the game: ask the expert for the human's roll, show its play as arrows.

The expert is asked from the turn's start position in the computer's worker thread;
the answer stays on screen (arrows on the board, the play in the panel) until the
player moves or undoes.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.flow import Phase
from game.engine.moves import Move, apply_move
from game.engine.notation import format_play

from ..anim import place_of, top_xy
from ..text import tr
from .controller import GameController
from .motion import abs_board

Arrow = tuple[tuple[float, float], tuple[float, float]]


class Hints:
    def __init__(
        self, game: GameController, flash: Callable[[str], None], changed: Callable[[], None]
    ) -> None:
        self.game = game
        self.flash = flash
        self.changed = changed
        """Called when the hint's state changes (the panel's buttons show it)."""
        self.moves: tuple[Move, ...] | None = None
        """The expert's play shown as arrows (from the turn's start), until the player moves or undoes."""
        self.pending = False

    def ask(self) -> None:
        """Ask the expert for the human's roll, from the turn's start position (in a worker thread)."""
        game = self.game
        s = game.state
        if s.phase is not Phase.MOVING or not game.is_human(s.turn) or not game.opponent.can_hint:
            return
        if self.pending or self.moves is not None or s.moves:
            return  # a hint is for the turn's start: after a move the Hint button is not offered
        turn = s.turn_state()
        self.pending = True
        game.opponent.request_hint(turn.start, turn.dice)
        self.poll()
        self.changed()

    def poll(self) -> None:
        ready, moves = self.game.opponent.poll_hint()
        if not ready:
            return
        self.pending = False
        self.game.opponent.cancel_hint()
        if moves:
            self.moves = moves
        else:
            self.flash(tr("no_hint"))
        self.changed()

    def clear(self) -> None:
        self.moves = None
        self.pending = False
        self.game.opponent.cancel_hint()

    def arrows(self) -> list[Arrow]:
        """Screen arrows for the hint, each from a checker's place to where it lands, in play order.

        Computed through the same layout as the checkers (``top_xy``), so a mirrored board
        gets mirrored arrows without any code of its own.
        """
        moves = self.moves
        s = self.game.state
        if not moves or s.phase is not Phase.MOVING:
            return []
        p = s.turn
        pos = s.turn_state().start
        out: list[Arrow] = []
        for move in moves:
            nxt = apply_move(pos, move)
            a = top_xy(abs_board(pos, p), place_of(p, move.src))
            b = top_xy(abs_board(nxt, p), place_of(p, move.dst))
            out.append((a, b))
            pos = nxt
        return out

    def text(self) -> str:
        if not self.moves:
            return ""
        return tr("hint_play", play=format_play(self.moves))


__all__ = ["Arrow", "Hints"]
