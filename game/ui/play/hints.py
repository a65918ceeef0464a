"""The Hint button's half of the game: ask the expert for the human's roll, show its play as arrows
and say why it is good.

The expert is asked from the turn's start position in the computer's worker thread;
the answer stays on screen (arrows on the board, the play in the panel) until the
player moves or undoes. Once the play is known, one short reason in words
(:func:`game.coach.hint_reason`: a fact of the expert's play, such as the point it makes or
the shots it leaves) is worked out in a thread of its own and shown in the status line: it
takes a few milliseconds, some tens for the slowest positions, never on the drawing thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.coach.words import Phrase, render
from game.engine.flow import Phase
from game.engine.moves import Move
from game.engine.position import Position
from game.i18n import get_language, tr
from game.session.controller import GameController
from game.ui.play.motion import Arrow, play_arrows
from game.ui.reading import play_text

if TYPE_CHECKING:  # the advice's type only: the computer player is loaded when a hint is asked for
    from game.ai.api import CubeAdvice

log = logging.getLogger(__name__)


def safe_reason(start: Position, dice: tuple[int, int], moves: tuple[Move, ...]) -> tuple[Phrase, ...]:
    """The coach's reason for the hint's play; nothing if it cannot be worked out (a hint never
    breaks the game: the play and its arrows stand without the sentence)."""
    try:
        from game.coach import hint_reason  # loads with the computer player, already loaded for the hint

        return hint_reason(start, dice, moves)
    except Exception:
        log.exception("no reason for the hint")
        return ()


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
        self.why: tuple[Phrase, ...] = ()
        """Why the hint's play is good (the coach's sentence), once worked out."""
        self._why_job: tuple[threading.Thread, list[tuple[Phrase, ...]]] | None = None

    @property
    def busy(self) -> bool:
        """Something is being worked out beside the loop (the hint, or its reason): poll me."""
        return self.pending or self._why_job is not None

    def cube_due(self) -> bool:
        """A human decides about the cube now: may double before rolling, or must take or pass."""
        game = self.game
        s = game.state
        if not game.opponent.can_hint:
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
        self._poll_why()
        if not self.pending:
            return
        ready, answer = self.game.opponent.poll_hint()
        if not ready:
            return
        self.pending = False
        self.game.opponent.cancel_hint()
        if isinstance(answer, tuple) and answer:
            self.moves = answer
            self._ask_why(answer)
        elif answer is not None and hasattr(answer, "action"):
            self.cube = answer
        else:
            self.flash(tr("ui.no_hint"))
        self.changed()

    def _ask_why(self, moves: tuple[Move, ...]) -> None:
        """Work out why ``moves`` is good: at once when the computer is not threaded (tests, screenshots),
        else in a thread of its own, collected by :meth:`poll`."""
        s = self.game.state
        if s.phase is not Phase.MOVING or s.dice is None:
            return
        start, dice = s.turn_state().start, s.dice
        if not self.game.opponent.threaded:
            self.why = safe_reason(start, dice, moves)
            return
        box: list[tuple[Phrase, ...]] = []
        thread = threading.Thread(
            target=lambda: box.append(safe_reason(start, dice, moves)), name="hint-reason", daemon=True
        )
        self._why_job = (thread, box)
        thread.start()

    def _poll_why(self) -> None:
        job = self._why_job
        if job is None or job[0].is_alive():
            return
        self._why_job = None
        if job[1] and self.moves is not None:
            self.why = job[1][0]
            self.changed()

    def clear(self) -> None:
        self.moves = None
        self.cube = None
        self.pending = False
        self.why = ()
        self._why_job = None  # a reason still being worked out is for a hint no longer shown
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

        chances = tr("ui.cube_hint_chances", win=pct(a.win), gammon=pct(a.win_gammon))
        if answering:  # the doubler's equities, seen from the taker (money: the sign turns round)
            take, drop = (1 - a.double_take, 1 - a.double_pass) if match else (-a.double_take, -a.double_pass)
            numbers = tr("ui.cube_hint_answer", take=eq(take), drop=eq(drop))
        else:
            numbers = tr(
                "ui.cube_hint_equities", nd=eq(a.no_double), dt=eq(a.double_take), dp=eq(a.double_pass)
            )
        key = {
            "double": "double",
            "no double": "no_double",
            "too good": "too_good",
            "take": "take",
            "pass": "pass",
        }
        action = tr("ui.cube_hint_" + key.get(a.action, "no_double"))
        if a.played_out:  # the expert's rollout decided: say so, as a player would want to know
            action = tr("ui.cube_hint_trials", action=action, n=a.played_out)
        return [action, chances, numbers]

    def arrows(self) -> list[Arrow]:
        """Screen arrows for the hint, each from a checker's place to where it lands, in play order."""
        moves = self.moves
        s = self.game.state
        if not moves or s.phase is not Phase.MOVING:
            return []
        return play_arrows(s.turn_state().start, s.turn, moves)

    def play(self) -> str:
        """The hint's play in standard notation, in the numbers of the board's labels."""
        if not self.moves:
            return ""
        return play_text(self.moves, self.game.state.turn, self.game.perspective)

    def text(self) -> str:
        """ "Expert: 13/8 6/5" (the panel's line)."""
        if not self.moves:
            return ""
        return tr("ui.hint_play", play=self.play())

    def why_text(self) -> str:
        """Why the hint's play is good, in the current language ("" until worked out)."""
        return render(self.why, get_language()) if self.moves and self.why else ""


__all__ = ["Arrow", "Hints"]
