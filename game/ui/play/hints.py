"""The Hint button's half of the game: ask the expert for the human's roll, show its play as arrows.

The expert is asked from the turn's start position; the question is a job answered in the
computer's worker process (:mod:`game.ai.jobs`), read each step. The answer stays on screen
(arrows on the board, the play in the panel) until the player moves or undoes. Once the play is
known, one short reason in words (:func:`game.coach.hint_reason`: a fact of the expert's play, such
as the point it makes or the shots it leaves) is worked out in the worker process too and shown in
the status line: a few milliseconds here, some tens for the slowest positions, and six times that
on a Raspberry Pi's core, which the game's own process must keep for its frames.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from game.ai.api import CubeAdvice
from game.ai.jobs import Job, start
from game.ai.question import CubeAction, Decision
from game.coach.words import Phrase, render
from game.engine.flow import Phase
from game.engine.moves import Move
from game.i18n import get_language, tr
from game.session.controller import GameController
from game.ui.board.anim import play_arrows
from game.ui.board.marks import Arrow
from game.ui.reading import play_text


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
        self._play: Job[tuple[Move, ...]] | None = None
        self._advice: Job[CubeAdvice] | None = None
        """The question being answered (at most one of the two)."""
        self.why: tuple[Phrase, ...] = ()
        """Why the hint's play is good (the coach's sentence), once worked out."""
        self._why: Job[tuple[Phrase, ...]] | None = None

    @property
    def pending(self) -> bool:
        """A hint is being thought out."""
        return self._play is not None or self._advice is not None

    @property
    def busy(self) -> bool:
        """Something is being worked out beside the loop (the hint, or its reason): poll me."""
        return self.pending or self._why is not None

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
        """Ask the expert what to do with the cube now (in the worker, like a play hint)."""
        if self.pending or self.cube is not None or not self.cube_due():
            return
        self._advice = self.game.opponent.advice(self.game.state)
        self.poll()
        self.changed()

    def ask(self) -> None:
        """Ask the expert for the human's roll, from the turn's start position (in the worker)."""
        game = self.game
        s = game.state
        if s.phase is not Phase.MOVING or not game.is_human(s.turn) or not game.can_hint:
            return
        if s.moves and self.moves is None and not self.pending:  # H after a move: say why nothing comes
            self.flash(tr("ui.hint_after_move"))
            return
        if self.pending or self.moves is not None or s.moves:
            return  # a hint is for the turn's start: after a move the Hint button is not offered
        turn = s.turn_state()
        self._play = game.opponent.hint(turn.start, turn.dice)
        self.poll()
        self.changed()

    def poll(self) -> None:
        """Take the answer once it is in: the play's arrows, the cube advice, or "no hint" (nothing
        to suggest, or the thinking failed: the log says why)."""
        self._poll_why()
        play, advice = self._play, self._advice
        if play is not None and play.done:
            self._play = None
            if play.result:
                self.moves = play.result
                self._ask_why(play.result)
            else:
                self.flash(tr("ui.no_hint"))
            self.changed()
        elif advice is not None and advice.done:
            self._advice = None
            if advice.result is not None:
                self.cube = advice.result
            else:
                self.flash(tr("ui.no_hint"))
            self.changed()

    def _ask_why(self, moves: tuple[Move, ...]) -> None:
        """Work out why ``moves`` is good where the computer thinks (its worker process on a cabinet,
        at once in the tests and screenshots), collected by :meth:`poll`: never in the game's own
        process, which a Raspberry Pi's core shares with the frames. A question of the coach's own
        module, so a worker never loads the screen's code; a failure leaves the hint without its
        sentence (the log says why)."""
        s = self.game.state
        if s.phase is not Phase.MOVING or s.dice is None:
            return
        from game.coach import hint_reason  # loads with the computer player, already loaded for the hint

        question = functools.partial(hint_reason, s.turn_state().start, s.dice, moves)
        self._why = start(question, self.game.opponent.where, what="hint reason")
        self._poll_why()

    def _poll_why(self) -> None:
        job = self._why
        if job is None or not job.done:
            return
        self._why = None
        if job.result and self.moves is not None:
            self.why = job.result
            self.changed()

    def clear(self) -> None:
        """The state changed: the hint shown and the one being thought out no longer apply."""
        self.moves = None
        self.cube = None
        self.why = ()
        for job in (self._play, self._advice, self._why):
            if job is not None:
                job.cancel()
        self._play = None
        self._advice = None
        self._why = None  # a reason still being worked out is for a hint no longer shown

    def cube_lines(self) -> list[str]:
        """The cube advice in words and numbers: what to do, the chances, the equities behind it."""
        a = self.cube
        if a is None:
            return []
        answering = a.action.decision == Decision.TAKE
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
        action = advice_word(a.action)
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


def advice_word(action: CubeAction) -> str:
    """The expert's cube action as the Hint says it ("Expert: double")."""
    match action:
        case CubeAction.DOUBLE:
            return tr("ui.cube_hint_double")
        case CubeAction.NO_DOUBLE | CubeAction.NOT_ALLOWED:
            return tr("ui.cube_hint_no_double")
        case CubeAction.TOO_GOOD:
            return tr("ui.cube_hint_too_good")
        case CubeAction.TAKE:
            return tr("ui.cube_hint_take")
        case CubeAction.PASS:
            return tr("ui.cube_hint_pass")


__all__ = ["Arrow", "Hints", "advice_word"]
