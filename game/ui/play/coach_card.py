"""The coach's card during play: "Are you sure?" before a costly decision counts.

When a coached player presses Done (or doubles, rolls without doubling, takes or passes) and the
decision loses at least
the coach's threshold against the expert's own choice (:mod:`game.session.coach` decides, from a
study started when the decision came up), the decision does not count yet: a card stands over the
side panel, the board in full view, with the reason in one sentence and three buttons: Take it
back, Show me the better move (the expert's play as the Hint's arrows, or its cube advice) and Keep
my move. Everything else of the scene waits behind the card (its buttons are the scene's modal ones).

Where the work runs: where the computer thinks (a worker process on a cabinet, at once in the
tests and ``--frames``), never in a thread of the game's process: the study of a roll and the
reason of a stopped play are :class:`~game.session.coach.RollWork`'s jobs, whose answers are
merged here each step; a cube decision is the expert's cube advice, asked as the Hint asks it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, assert_never

import pygame

from game.ai import api
from game.ai.api import CubeAdvice
from game.ai.jobs import Job, Where
from game.ai.question import CubeAction, CubeQuestion, Decision
from game.coach.words import render_phrase
from game.engine.flow import GameState, Phase, Undo
from game.i18n import get_language, tr
from game.session import coach as sc
from game.session.controller import GameController
from game.ui.play.coach_layout import card_buttons, draw_card
from game.ui.play.hints import Hints
from game.ui.reading import reader_phrases
from game.ui.widgets import ButtonGroup

if TYPE_CHECKING:
    from game.ui.board.sprites import Sprites

Answer = sc.Verdict | bool | None
"""A held decision's poll: False while the coach is not ready, else its verdict (None: it counts)."""


class CoachTable(Protocol):
    """What the card needs of the game scene."""

    game: GameController
    hints: Hints
    modal: ButtonGroup
    modal_age: float
    status_note: str
    """The status line while the card holds the game (empty: none)."""

    @property
    def sprites(self) -> Sprites: ...

    def flash(self, text: str, seconds: float = ..., keep: bool = ...) -> None: ...
    def rebuild_buttons(self) -> None: ...


def decision_key(s: GameState) -> tuple[object, ...]:
    """What one decision is: a roll's play (its start and dice, whatever the moves so far), or a
    cube decision in one position. The coach asks once per decision."""
    if s.phase is Phase.MOVING:
        turn = s.turn_state()
        return (s.phase, s.turn, turn.start, turn.dice)
    return (s.phase, s.turn, s.position, s.cube)


class CoachCard:
    """The coach in one game: studies the coached player's decisions and holds a costly one back.

    Beside the loop (a cabinet: worker processes), a roll's study starts when the dice land and Done
    reads it; a double's advice is asked when it is offered. At once (tests, ``--frames``), the play
    made is judged when Done (or the answer) asks: a scripted game that never presses Done pays
    nothing for the coach.
    """

    def __init__(self, table: CoachTable, setting: str, kiosk: bool, where: Where) -> None:
        self.t = table
        game = table.game
        setup = game.setup
        level = sc.coach_level(
            setting, mode=game.mode, level=game.level, kiosk=kiosk, asked=setup.coach, aids=setup.aids
        )
        self.coach = sc.Coach(level)
        self.where = where
        """Where the coach's questions are answered: a worker process, or at once (``Where.HERE``)."""
        self.key: tuple[object, ...] | None = None
        """The decision the studies are about (:func:`decision_key`)."""
        self.roll: sc.RollWork | None = None
        """The coach's work on the coached player's roll (its study and explanations)."""
        self.cube_job: Job[CubeAdvice] | None = None
        self.asked = False
        """The card came up for this decision already: asked once per decision."""
        self.waiting: Callable[[], Answer] | None = None
        """While the player's decision waits for the coach's answer: its poll."""
        self.proceed: Callable[[], None] | None = None
        """The decision held back, to run if the player keeps it (or the coach lets it pass)."""
        self.verdict: sc.Verdict | None = None
        """The card on screen (None: no card)."""
        self.pressed_at = 0.0
        self.delays: list[float] = []
        """Seconds from each coached decision to the coach's answer (bench_coach reads them)."""

    # -- the state of the game -----------------------------------------------------------------

    @property
    def on(self) -> bool:
        return self.coach.on

    @property
    def threaded(self) -> bool:
        return self.where is not Where.HERE

    @property
    def busy(self) -> bool:
        """The game waits for the coach's answer: the loop keeps stepping."""
        return self.waiting is not None

    @property
    def holding(self) -> bool:
        """A decision waits for the coach, or the card is up."""
        return self.waiting is not None or self.verdict is not None

    def step(self) -> None:
        """One fixed step: collect the coach's answer for a held decision; explain a complete play
        the coach will stop while the player reaches for Done (the study's answers are merged)."""
        self.update()
        if self.roll is not None:
            self.roll.collect()
        self._explain_early()

    def on_state(self) -> None:
        """After every change of state: a coached player's new decision gets its study (beside the
        loop), the studies of a decision that is over are withdrawn."""
        if not self.on:
            return
        game = self.t.game
        s = game.state
        if game.timed_out:
            self.cancel()
            return
        key = decision_key(s)
        if key == self.key:
            return
        self._forget()
        self.key = key
        if not self.threaded:
            return  # studied when Done or the answer asks, at once
        if s.phase is Phase.MOVING and game.is_human(s.turn):
            turn = s.turn_state()
            self.roll = sc.RollWork(turn.start, turn.dice, self.where)
        elif s.phase is Phase.CUBE_OFFERED and game.is_human(1 - s.turn):
            self.cube_job = game.opponent.advice(s)
        elif may_double(game):
            # The roll is a cube decision too (not doubling): asked now, the answer is in by the time
            # the player reaches for the dice (the Hint's question; mostly one roll ahead, cheap).
            self.cube_job = game.opponent.advice(s)

    def _forget(self) -> None:
        if self.roll is not None:
            self.roll.cancel()
        if self.cube_job is not None:
            self.cube_job.cancel()
        self.roll = None
        self.cube_job = None
        self.key = None
        self.asked = False

    # -- decisions held back ---------------------------------------------------------------------

    def check_play(self, proceed: Callable[[], None]) -> bool:
        """Done was pressed: True when the coach holds the play back (``proceed`` ends the turn
        later, if the player keeps it or the coach lets it pass), False to end the turn now."""
        game = self.t.game
        s = game.state
        if self.holding:
            return True  # a second Done while the coach answers the first: nothing more to do
        if not self.on or self.asked or s.phase is not Phase.MOVING:
            return False
        if not game.is_human(s.turn) or not s.turn_state().is_complete or not s.moves:
            return False
        self.on_state()
        if self.roll is None:  # at once (tests, --frames): the play made is judged when Done asks
            turn = s.turn_state()
            self.roll = sc.RollWork(turn.start, turn.dice, self.where)
        roll, after, moves, coach = self.roll, s.position, s.moves, self.coach
        self.pressed_at = time.perf_counter()
        return self._hold(lambda: roll.answer(after, moves, coach), proceed)

    def _explain_early(self) -> None:
        """A complete play the study says the coach stops: its reason is worked out now, beside the
        loop, while the player reaches for Done."""
        roll, s = self.roll, self.t.game.state
        if roll is None or not self.threaded or self.asked or self.holding or not s.moves:
            return
        roll.explain_early(s.position, s.moves, self.coach)

    def check_cube(self, action: CubeAction, proceed: Callable[[], None]) -> bool:
        """A double, a roll without doubling (``NO_DOUBLE``), a take or a pass: True when the coach
        holds it back (as :meth:`check_play`)."""
        game = self.t.game
        s = game.state
        if self.holding:
            return True
        if not self.on or self.asked:
            return False
        if action == CubeAction.NO_DOUBLE:
            if not may_double(game):
                return False  # no cube decision: the roll is the only thing to do
        elif action == CubeAction.DOUBLE:
            if s.phase is not Phase.ROLL or not game.is_human(s.turn) or s.can_double() is not None:
                return False  # the engine refuses this double and says why
        elif s.phase is not Phase.CUBE_OFFERED or not game.is_human(1 - s.turn):
            return False
        self.on_state()
        self.pressed_at = time.perf_counter()
        known = self.t.hints.cube  # the Hint asked the same question already
        if self.cube_job is None and known is None:
            self.cube_job = game.opponent.advice(s)
        job = self.cube_job

        def poll() -> Answer:
            advice = known
            if advice is None and job is not None:
                if not job.done:
                    return False
                advice = job.result
            if advice is None:
                return None  # the thinking failed (logged): the decision counts
            return sc.cube_verdict(sc.cube_study(s, advice), action, self.coach)

        return self._hold(poll, proceed)

    def _hold(self, poll: Callable[[], Answer], proceed: Callable[[], None]) -> bool:
        self.waiting = poll
        self.proceed = proceed
        if not self.update():
            self.t.status_note = tr("coach.card.wait")
        return True

    def update(self) -> bool:
        """Collect the coach's answer for a held decision; True once there is none waiting."""
        poll = self.waiting
        if poll is None:
            return True
        answer = poll()
        if answer is False:
            return False
        self.waiting = None
        self.delays.append(time.perf_counter() - self.pressed_at)
        self.coach.decided()
        self.t.status_note = ""
        if isinstance(answer, sc.Verdict):
            self.asked = True
            self.verdict = answer
            self.t.modal_age = 0.0
            self.t.modal.focus = None
            key = "coach.card.status" if answer.kind == Decision.MOVE else "coach.card.status_cube"
            self.t.status_note = tr(key)
            self.t.rebuild_buttons()
        else:
            self._go()
        return True

    def _go(self) -> None:
        proceed, self.proceed = self.proceed, None
        if proceed is not None:
            proceed()

    # -- the card's buttons ------------------------------------------------------------------

    def keep(self) -> None:
        """Keep my move: the decision counts, and the next small mistakes pass."""
        self.verdict = None
        self.t.status_note = ""
        self.coach.kept()
        self._go()
        self.t.rebuild_buttons()

    def back(self) -> None:
        """Take it back: the play's moves are undone (a cube choice simply not made)."""
        verdict = self.verdict
        self.verdict = None
        self.proceed = None
        self.t.status_note = ""
        if verdict is not None and verdict.kind == Decision.MOVE:
            game = self.t.game
            while game.state.phase is Phase.MOVING and game.state.moves:
                if game.do(Undo()) is not None:
                    break
        self.t.rebuild_buttons()

    def show(self) -> None:
        """Show me the better move: taken back, and the expert's play drawn as the Hint's arrows
        (a cube choice: the expert's advice where the Hint shows it)."""
        verdict = self.verdict
        self.back()
        if verdict is None:
            return
        if verdict.kind == Decision.MOVE:
            self.t.hints.moves = verdict.better_moves
            self.t.flash(tr("coach.card.shown"), 6.0)
        else:
            self.t.hints.cube = verdict.advice
            self.t.flash(tr("coach.card.shown_cube"), 6.0)
        self.t.rebuild_buttons()

    def build(self) -> None:
        """The card's buttons in the scene's modal group (after the dialogs have built theirs)."""
        if self.verdict is not None:
            actions = (self.back, self.show, self.keep)
            self.t.modal.buttons = card_buttons(self.verdict.kind == Decision.MOVE, actions)

    def reason_text(self) -> str:
        return "" if self.verdict is None else reason_words(self.verdict, self.t.game)

    def draw(self, surface: pygame.Surface) -> bool:
        """The card over the side panel; True when it painted."""
        if self.verdict is None:
            return False
        draw_card(surface, self.reason_text())
        self.t.modal.draw(surface, self.t.sprites)
        return True

    def cancel(self) -> None:
        """A new or resumed game replaces the board: nothing held back, no card."""
        self.waiting = None
        self.proceed = None
        self.verdict = None
        self.t.status_note = ""
        self._forget()


def may_double(game: GameController) -> bool:
    """A human on roll who may double and whose double can change something: the roll is a cube
    decision (not doubling) the coach can judge."""
    s = game.state
    if s.phase is not Phase.ROLL or not game.is_human(s.turn) or s.can_double() is not None:
        return False
    return api.may_double(CubeQuestion.from_state(s, answering=False))


def reason_words(verdict: sc.Verdict, game: GameController) -> str:
    """The reason in the current language, its points in the numbers of the board's labels as the
    player reads them, and no play in notation: no arrows stand beside the card (Show me draws them)."""
    s = game.state
    match verdict.kind:
        case Decision.MOVE | Decision.DOUBLE:
            mover = s.turn
        case Decision.TAKE:
            mover = 1 - s.turn
        case _:
            assert_never(verdict.kind)
    (phrase,) = reader_phrases((verdict.reason,), mover, game.perspective)
    return render_phrase(phrase, get_language(), notation=False)


__all__ = ["Answer", "CoachCard", "CoachTable", "decision_key", "may_double", "reason_words"]
