"""The Hint button's half of the game: ask the expert for the human's roll, show its play as arrows.

The expert is asked from the turn's start position in the computer's worker thread;
the answer stays on screen (arrows on the board, the play in the panel) until the
player moves or undoes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.flow import Phase
from game.engine.moves import Move
from game.engine.notation import format_play
from game.session.controller import GameController
from game.ui.play.motion import Arrow, play_arrows
from game.ui.text import tr

if TYPE_CHECKING:  # the advice's type only: the computer player is loaded when a hint is asked for
    from game.ai.api import CubeAdvice


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
        self.cube: CubeAdvice | None = None
        """The expert's cube advice (before a roll, or on a double), until the state changes."""
        self.pending = False

    def cube_due(self) -> bool:
        """A human decides about the cube now: may double before rolling, or must take or pass."""
        game = self.game
        s = game.state
        if not game.can_hint:
            return False
        if s.phase is Phase.ROLL:
            return game.is_human(s.turn) and s.can_double() is None
        return s.phase is Phase.CUBE_OFFERED and game.is_human(1 - s.turn)

    def ask_cube(self) -> None:
        """Ask the expert what to do with the cube now (in the worker thread, like a play hint)."""
        if self.pending or self.cube is not None or not self.cube_due():
            return
        self.pending = True
        self.game.opponent.request_cube_hint(self.game.state)
        self.poll()
        self.changed()

    def ask(self) -> None:
        """Ask the expert for the human's roll, from the turn's start position (in a worker thread)."""
        game = self.game
        s = game.state
        if s.phase is not Phase.MOVING or not game.is_human(s.turn) or not game.can_hint:
            return
        if self.pending or self.moves is not None or s.moves:
            return  # a hint is for the turn's start: after a move the Hint button is not offered
        turn = s.turn_state()
        self.pending = True
        game.opponent.request_hint(turn.start, turn.dice)
        self.poll()
        self.changed()

    def poll(self) -> None:
        ready, answer = self.game.opponent.poll_hint()
        if not ready:
            return
        self.pending = False
        self.game.opponent.cancel_hint()
        if isinstance(answer, tuple) and answer:
            self.moves = answer
        elif answer is not None and hasattr(answer, "action"):
            self.cube = answer
        else:
            self.flash(tr("no_hint"))
        self.changed()

    def clear(self) -> None:
        self.moves = None
        self.cube = None
        self.pending = False
        self.game.opponent.cancel_hint()

    def cube_lines(self) -> list[str]:
        """The cube advice in words and numbers: what to do, the chances, the equities behind it."""
        a = self.cube
        if a is None:
            return []
        answering = a.action in ("take", "pass")
        pct = "{:.0%}".format
        match = a.units != "points per cube"

        def eq(value: float, sign: int = 1) -> str:
            return pct(value) if match else f"{sign * value:+.2f}"

        chances = tr("cube_hint_chances", win=pct(a.win), gammon=pct(a.win_gammon))
        if answering:  # the doubler's equities, seen from the taker (money: the sign turns round)
            take, drop = (1 - a.double_take, 1 - a.double_pass) if match else (-a.double_take, -a.double_pass)
            numbers = tr("cube_hint_answer", take=eq(take), drop=eq(drop))
        else:
            numbers = tr("cube_hint_equities", nd=eq(a.no_double), dt=eq(a.double_take), dp=eq(a.double_pass))
        key = {
            "double": "double",
            "no double": "no_double",
            "too good": "too_good",
            "take": "take",
            "pass": "pass",
        }
        action = tr("cube_hint_" + key.get(a.action, "no_double"))
        if a.played_out:  # the expert's rollout decided: say so, as a player would want to know
            action = tr("cube_hint_trials", action=action, n=a.played_out)
        return [action, chances, numbers]

    def arrows(self) -> list[Arrow]:
        """Screen arrows for the hint, each from a checker's place to where it lands, in play order."""
        moves = self.moves
        s = self.game.state
        if not moves or s.phase is not Phase.MOVING:
            return []
        return play_arrows(s.turn_state().start, s.turn, moves)

    def text(self) -> str:
        if not self.moves:
            return ""
        return tr("hint_play", play=format_play(self.moves))


__all__ = ["Arrow", "Hints"]
