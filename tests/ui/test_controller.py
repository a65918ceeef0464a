"""The screen's turn controller on its own (no window): who is human, the waits before each automatic
step, the computer's answers, the events published for each action, resuming and the next game.

A scripted opponent stands in for the computer so each decision (double, take, play) is chosen by
the test, and answers can be held back to show the controller waits for them.
"""

from __future__ import annotations

import logging
import random
from concurrent.futures import Future
from typing import Any

import pytest

from game.ai.jobs import Job, Where
from game.engine.cube import Cube
from game.engine.flow import (
    Double,
    EndTurn,
    GameState,
    MoveTo,
    OpeningRoll,
    Pass,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    Step,
    Take,
    Undo,
    apply,
    new_game,
)
from game.engine.match import Match
from game.engine.moves import Move, legal_plays
from game.engine.position import Position
from game.i18n import Message
from game.session import events as ev
from game.session.controller import GameController, GameSetup, ScreenHooks


class Scripted:
    """An opponent whose answers the test sets; with ``hold`` the answers stay back (still thinking)
    until :meth:`release`. An answer that is an exception is the thinking failing."""

    def __init__(self) -> None:
        self.answers: dict[str, list[Any]] = {"double": [], "take": [], "play": []}
        self.requests: list[tuple[str, GameState]] = []
        self.hold = False
        self.jobs: list[Job[Any]] = []
        self.held: list[tuple[Future[Any], Any]] = []
        self.closed = False
        self.level = "expert"

    def _ask(self, kind: str, state: GameState) -> Job[Any]:
        self.requests.append((kind, state))
        future: Future[Any] = Future()
        self.held.append((future, self.answers[kind].pop(0)))
        if not self.hold:
            self.release()
        job: Job[Any] = Job(future, kind)
        self.jobs.append(job)
        return job

    def release(self) -> None:
        for future, answer in self.held:
            if isinstance(answer, Exception):
                future.set_exception(answer)
            else:
                future.set_result(answer)
        self.held = []

    def play(self, state: GameState) -> Job[Any]:
        return self._ask("play", state)

    def double(self, state: GameState) -> Job[Any]:
        return self._ask("double", state)

    def take(self, state: GameState) -> Job[Any]:
        return self._ask("take", state)

    @property
    def cancels(self) -> int:
        return sum(job.cancelled for job in self.jobs)

    def close(self) -> None:
        self.closed = True


Heard = list[ev.GameEvent]


def control(
    mode: str = "two",
    match_length: int = 5,
    seed: int = 1,
    factor: float = 1.0,
    hooks: ScreenHooks | None = None,
) -> tuple[GameController, Scripted, Heard]:
    heard: Heard = []
    c = GameController(
        GameSetup(mode=mode, match_length=match_length, seed=seed),
        thinking=Where.HERE,
        publish=heard.append,
        speed_factor=lambda: factor,
        hooks=hooks,
    )
    bot = Scripted()
    c.opponent = bot  # type: ignore[assignment]
    return c, bot, heard


def kinds(heard: Heard) -> list[str]:
    return [type(e).__name__ for e in heard]


def at(phase: Phase, turn: int = 0, **kw: Any) -> GameState:
    """A game state in ``phase`` from the opening position (MOVING needs ``dice``)."""
    return GameState(phase=phase, position=Position.start(), turn=turn, rules=Rules(5), **kw)


def race(turn: int = 0, dice: tuple[int, int] | None = None) -> GameState:
    """One checker each left, on the 1-point: whoever rolls bears off and wins a single game."""
    me = (1,) + (0,) * 24
    state = GameState(phase=Phase.ROLL, position=Position(me, me), turn=turn, rules=Rules(5))
    return apply(state, Roll(dice)) if dice else state


# -- who plays, names, perspective -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "humans", "human"),
    [("computer", {0}, 0), ("two", {0, 1}, None), ("demo", set(), None), ("learn", {0}, None)],
)
def test_the_mode_says_who_is_human(mode: str, humans: set[int], human: int | None) -> None:
    c, _, _ = control(mode)
    assert c.humans == humans and c.human == human and c.mode == mode
    assert [c.is_human(p) for p in (0, 1)] == [p in humans for p in (0, 1)]


def test_an_unknown_mode_is_an_error_not_a_game_against_the_computer() -> None:
    with pytest.raises(ValueError, match="'other' is not a valid GameMode"):
        control("other")


def test_a_new_controller_waits_for_the_opening_roll() -> None:
    c, bot, heard = control(match_length=3)
    assert c.state.phase is Phase.OPENING and c.match == Match(Rules(3))
    assert c.note == Message.of("ui.opening_roll") and c.wait == pytest.approx(0.6)
    assert c.pending is None and not c.recorded and c.games == 0
    assert heard == []  # nothing announced before the screen exists
    c.start()
    assert heard == [ev.GameStarted(c, first=True)]
    assert c.level == "expert"
    c.close()
    assert bot.closed


def test_the_same_seed_rolls_the_same_dice() -> None:
    a, _, _ = control(seed=42)
    b, _, _ = control(seed=42)
    assert a.seed == b.seed == 42
    assert [a.rng.random() for _ in range(3)] == [b.rng.random() for _ in range(3)]
    fresh = GameController(GameSetup(mode="two", seed=None), thinking=Where.HERE)
    assert 0 <= fresh.seed < 2**31


def test_the_controller_rolls_with_its_seeded_generator() -> None:
    c, _, _ = control(seed=9)
    c.state = at(Phase.ROLL)
    expected = random.Random(9)
    c.roll()
    assert c.state.dice == (expected.randint(1, 6), expected.randint(1, 6))


def test_names_and_sentences_by_mode() -> None:
    c, _, _ = control("computer")
    assert [c.name(0), c.name(1)] == [Message.of("ui.player_you"), Message.of("ui.player_computer")]
    assert c.say("ui.wins", 0) == Message.of("ui.wins_you") and c.say("ui.wins", 1) == Message.of(
        "ui.wins", name=c.name(1)
    )
    two, _, _ = control("two")
    assert [two.name(0), two.name(1)] == [Message.of("ui.player_white"), Message.of("ui.player_black")]
    assert two.say("ui.wins", 0) == Message.of("ui.wins", name=Message.of("ui.player_white"))


def test_two_players_read_one_sides_numbers_the_whole_game() -> None:
    """Side by side, White's numbers (the side at the bottom) on every turn and every offer (issue 36:
    they turned every turn); face to face the picture turns to whoever acts, and the numbers with it."""
    c, _, _ = control("two")
    for state in (at(Phase.ROLL, turn=1), at(Phase.CUBE_OFFERED, turn=0), at(Phase.ROLL, turn=0)):
        c.state = state
        assert c.perspective == 0
    c.face_to_face = lambda: True
    c.state = at(Phase.ROLL, turn=1)
    assert c.perspective == 1
    c.state = at(Phase.CUBE_OFFERED, turn=1)
    assert c.perspective == 0  # the player who must answer reads the board
    c.state = at(Phase.CUBE_OFFERED, turn=0)
    assert c.perspective == 1
    computer, _, _ = control("computer")
    computer.state = at(Phase.ROLL, turn=1)
    assert computer.perspective == 0


def test_waiting_for_human_phase_by_phase() -> None:
    c, _, _ = control("computer")
    c.state = at(Phase.ROLL, turn=0)
    assert c.waiting_for_human()
    c.state = at(Phase.ROLL, turn=0, cube=Cube(2, 1))  # may not double: the game rolls
    assert not c.waiting_for_human()
    c.state = at(Phase.ROLL, turn=1)
    assert not c.waiting_for_human()
    c.state = at(Phase.CUBE_OFFERED, turn=1)
    assert c.waiting_for_human()
    c.state = at(Phase.CUBE_OFFERED, turn=0)
    assert not c.waiting_for_human()
    c.state = apply(at(Phase.ROLL, turn=0), Roll((6, 5)))
    assert c.waiting_for_human()
    c.state = apply(at(Phase.ROLL, turn=1), Roll((6, 5)))
    assert not c.waiting_for_human()
    blocked = closed_out()
    c.state = apply(GameState(phase=Phase.ROLL, position=blocked, turn=0, rules=Rules(5)), Roll((6, 6)))
    assert c.state.turn_state().most == 0 and not c.waiting_for_human()
    c.state = at(Phase.OPENING)
    assert not c.waiting_for_human()


def closed_out() -> Position:
    """Player on roll: one checker on the bar against a closed board."""
    me = [0] * 25
    me[24], me[5] = 1, 14
    opp = [2, 2, 2, 2, 2, 2, 3] + [0] * 18
    return Position(tuple(me), tuple(opp))


# -- do: the one way the state changes ----------------------------------------------------------------


def test_a_refused_action_changes_nothing_and_says_why() -> None:
    changes: list[object] = []
    c, _, heard = control(hooks=ScreenHooks(on_change=lambda *a: changes.append(a)))
    before = c.state
    reason = c.do(Roll((3, 1)))
    assert reason == Message("engine.opening_first")
    assert c.state is before and changes == [] and heard == []


def test_an_accepted_action_is_shown_then_announced() -> None:
    changes: list[tuple[object, ...]] = []
    states: list[GameState] = []
    hooks = ScreenHooks(on_change=lambda *a: changes.append(a), on_state=lambda: states.append(c.state))
    c, _, heard = control(hooks=hooks)
    assert changes == [] and states == []  # a new controller tells the screen nothing
    old = c.state
    assert c.do(OpeningRoll(5, 2), drop=(3, 4)) is None
    assert changes == [(old, c.state, OpeningRoll(5, 2), (3, 4))]
    assert states == [c.state]
    assert heard == [ev.DiceRolled(c, (5, 2), None)]


def test_each_action_publishes_its_event() -> None:
    c, _, heard = control()
    c.state = at(Phase.ROLL, turn=1)
    c.do(Double())
    assert heard[-1] == ev.CubeOffered(c, 1, Cube())
    c.do(Take())
    assert heard[-1] == ev.CubeTaken(c, 0)
    c.do(Roll((6, 5)))
    assert heard[-1] == ev.DiceRolled(c, (6, 5), 1)
    c.do(Step(24, 6))
    assert kinds(heard) == ["CubeOffered", "CubeTaken", "DiceRolled"]  # a single step: nothing yet
    c.do(Undo())
    c.do(Step(24, 6))
    c.do(Step(18, 5))
    c.do(EndTurn())
    play = (Move(24, 18, 6), Move(18, 13, 5))
    assert heard[-1] == ev.PlayMade(c, 1, c.state.last_play) and c.state.last_play == play
    assert len(heard) == 4


def test_a_pass_ends_the_game_and_the_match_is_recorded_once() -> None:
    c, _, heard = control(match_length=1)
    c.state = GameState(phase=Phase.CUBE_OFFERED, position=Position.start(), turn=0, rules=Rules(1))
    c.do(Pass())
    assert kinds(heard) == ["CubePassed", "GameOver", "MatchOver"]
    assert heard[0] == ev.CubePassed(c, 1) and heard[2] == ev.MatchOver(c, 0)
    assert c.match.score == (1, 0) and c.match.games == 1 and c.games == 1 and c.recorded
    assert c.wait == pytest.approx(5.0)
    c._settle()  # any later bookkeeping must not count the game twice
    assert c.match.score == (1, 0) and c.games == 1


def test_bearing_off_the_last_checker_is_a_play_and_a_game_over() -> None:
    c, _, heard = control(match_length=5)
    c.state = race(turn=0, dice=(6, 1))
    c.do(MoveTo(1, 0))
    assert kinds(heard) == ["PlayMade", "GameOver"]
    assert heard[0] == ev.PlayMade(c, 0, c.state.last_play)
    assert [(m.src, m.dst) for m in c.state.last_play] == [(1, 0)]
    assert c.match.score == (1, 0) and c.state.result is not None and c.state.result.winner == 0


# -- the waits before the automatic steps --------------------------------------------------------------


def test_the_opening_tie_is_shown_longer() -> None:
    c, _, _ = control()
    c.do(OpeningRoll(3, 3))
    assert c.note == Message.of("ui.opening_tie", die=3) and c.wait == pytest.approx(1.3)


@pytest.mark.parametrize("factor", [1.0, 0.5])
def test_waits_scale_with_the_animation_speed(factor: float) -> None:
    c, _, _ = control("computer", factor=factor)
    c.do(OpeningRoll(2, 5))  # the computer (player 1) starts
    assert c.state.turn == 1 and c.state.dice is not None and sorted(c.state.dice) == [2, 5]
    assert c.note == Message.of("ui.opening_won", name=c.name(1), a=c.state.dice[0], b=c.state.dice[1])
    assert c.wait == pytest.approx(0.5 * factor)
    c.state = at(Phase.ROLL, turn=0)
    c._settle()
    assert c.wait == pytest.approx(0.25 * factor) and c.note is None
    c.state = at(Phase.ROLL, turn=1)
    c._settle()
    assert c.wait == pytest.approx(0.45 * factor)
    c.state = at(Phase.ROLL, turn=1)
    c.do(Roll((6, 5)))
    assert c.wait == pytest.approx(0.35 * factor) and c.note is None
    c.state = at(Phase.ROLL, turn=0)
    c.do(Roll((6, 5)))
    assert c.wait == 0.0
    c.state = at(Phase.ROLL, turn=0)
    c.do(Double())
    assert c.note == Message.of("ui.offers_double_you", value=2) and c.wait == pytest.approx(0.6 * factor)


def test_a_blocked_roll_is_shown_before_the_turn_passes() -> None:
    c, _, _ = control("two", factor=0.5)
    c.state = GameState(phase=Phase.ROLL, position=closed_out(), turn=0, rules=Rules(5))
    c.do(Roll((6, 6)))
    assert c.wait == pytest.approx(2.2 * 0.5 + 0.6)


def test_a_step_counts_the_wait_down_then_acts() -> None:
    c, _, _ = control()
    c.wait = 0.5
    c.step(0.25)
    assert c.state.phase is Phase.OPENING and c.wait == 0.25
    c.step(0.25)  # exactly used up: now it acts
    assert c.state.phase is not Phase.OPENING or c.state.opening is not None


def test_a_step_with_no_wait_left_acts_at_once() -> None:
    c, _, _ = control()
    c.wait = 0.0
    c.step(0.01)
    assert c.state.phase is not Phase.OPENING or c.state.opening is not None


def test_waiting_for_a_human_does_not_run_the_wait_below_zero() -> None:
    c, _, _ = control("two")
    c.state = at(Phase.ROLL, turn=0)
    c.wait = 0.0
    settle(c, 3)
    assert c.wait == 0.0 and c.state.phase is Phase.ROLL


# -- the automatic steps ------------------------------------------------------------------------------


def settle(c: GameController, steps: int = 400) -> None:
    for _ in range(steps):
        c.step(0.05)


def test_the_opening_is_rolled_until_somebody_starts() -> None:
    c, _, heard = control()
    for _ in range(400):
        if c.state.phase is not Phase.OPENING:
            break
        c.step(0.05)
    assert c.state.phase is Phase.MOVING
    rolls = [e for e in heard if isinstance(e, ev.DiceRolled)]
    assert rolls and all(e.player is None for e in rolls)
    *ties, last = rolls
    assert all(e.dice[0] == e.dice[1] for e in ties) and last.dice[0] != last.dice[1]


def test_a_human_who_may_double_rolls_alone_and_one_who_may_not_is_rolled_for() -> None:
    c, _, _ = control("two")
    c.state = at(Phase.ROLL, turn=0)
    c.wait = 0.0
    settle(c, 5)
    assert c.state.phase is Phase.ROLL  # waits for Roll or Double
    c.state = at(Phase.ROLL, turn=0, cube=Cube(2, 1))
    c.step(0.05)
    assert c.state.phase is Phase.MOVING and c.state.turn == 0


def test_the_computer_doubles_or_rolls_as_it_decides() -> None:
    c, bot, heard = control("computer")
    c.state = at(Phase.ROLL, turn=1)
    c.wait = 0.0
    bot.answers["double"] = [True]
    c.step(0.05)
    assert c.state.phase is Phase.CUBE_OFFERED and bot.requests[0] == ("double", at(Phase.ROLL, turn=1))
    c.state = at(Phase.ROLL, turn=1)
    c.wait = 0.0
    bot.answers["double"] = [False]
    c.step(0.05)
    assert c.state.phase is Phase.MOVING and c.state.turn == 1
    assert kinds(heard) == ["CubeOffered", "DiceRolled"]


def test_the_computer_is_not_asked_to_double_when_it_may_not() -> None:
    c, bot, _ = control("computer")
    c.state = at(Phase.ROLL, turn=1, cube=Cube(2, 0))
    c.wait = 0.0
    c.step(0.05)
    assert bot.requests == [] and c.state.phase is Phase.MOVING


def test_the_controller_waits_for_a_computer_still_thinking() -> None:
    c, bot, _ = control("computer")
    c.state = at(Phase.ROLL, turn=1)
    c.wait = 0.0
    bot.answers["double"] = [True]
    bot.hold = True
    for _ in range(5):
        c.step(0.05)
    assert c.state.phase is Phase.ROLL and c.pending == "double"
    assert len(bot.requests) == 1  # asked once, then read
    bot.release()
    c.step(0.05)
    assert c.state.phase is Phase.CUBE_OFFERED and c.pending is None


@pytest.mark.parametrize("take", [True, False])
def test_the_computer_answers_a_double_and_says_so(take: bool) -> None:
    flashes: list[Message] = []
    c, bot, _ = control("computer", hooks=ScreenHooks(on_flash=flashes.append))
    c.state = at(Phase.CUBE_OFFERED, turn=0)
    c.wait = 0.0
    bot.answers["take"] = [take]
    c.step(0.05)
    assert bot.requests[0][0] == "take"
    key = "ui.computer_takes" if take else "ui.computer_passes"
    assert flashes == [Message.of(key, name=Message.of("ui.player_computer"))]
    assert c.state.phase is (Phase.ROLL if take else Phase.GAME_OVER)


def test_a_human_answers_a_double_alone() -> None:
    c, bot, _ = control("computer")
    c.state = at(Phase.CUBE_OFFERED, turn=1)
    c.wait = 0.0
    settle(c, 5)
    assert c.state.phase is Phase.CUBE_OFFERED and bot.requests == []
    assert c.answer(True) is None and c.state.cube == Cube(2, 0)


def test_the_computer_plays_then_ends_its_turn() -> None:
    c, bot, heard = control("computer", factor=0.5)
    c.state = apply(at(Phase.ROLL, turn=1), Roll((6, 5)))
    c.wait = 0.0
    bot.answers["play"] = [(Move(24, 18, 6), Move(18, 13, 5))]
    c.step(0.05)
    assert c.state.moves == (Move(24, 18, 6), Move(18, 13, 5)) and c.wait == pytest.approx(0.45 * 0.5)
    assert kinds(heard) == []  # moved, not yet ended
    c.wait = 0.0
    c.step(0.05)
    assert c.state.phase is Phase.ROLL and c.state.turn == 0
    assert heard == [ev.PlayMade(c, 1, (Move(24, 18, 6), Move(18, 13, 5)))]


@pytest.mark.parametrize("answer", [(Move(13, 2, 11),), RuntimeError("a bug in the AI")])
def test_a_bad_or_failed_computer_play_is_logged_and_the_game_goes_on(
    answer: object, caplog: pytest.LogCaptureFixture
) -> None:
    """An illegal play, or thinking that raised: the log says so loudly and the engine's first legal
    play keeps the game going (it must never stall)."""
    c, bot, _ = control("computer")
    c.state = apply(at(Phase.ROLL, turn=1), Roll((6, 5)))
    c.wait = 0.0
    bot.answers["play"] = [answer]
    with caplog.at_level(logging.ERROR):
        c.step(0.05)
    first = legal_plays(c.state.position, (6, 5))[0].moves
    assert c.state.moves == first and c.pending is None
    assert c.wait == pytest.approx(0.45)
    assert any("first legal play" in r.getMessage() for r in caplog.records)
    if isinstance(answer, Exception):  # the failure itself, with its traceback
        failed = [r for r in caplog.records if r.name == "game.ai.jobs"]
        assert failed and failed[0].exc_info is not None and failed[0].exc_info[1] is answer


@pytest.mark.parametrize(
    ("kind", "phase", "after"),
    [("double", Phase.ROLL, Phase.MOVING), ("take", Phase.CUBE_OFFERED, Phase.ROLL)],
)
def test_a_failed_cube_decision_is_logged_and_the_game_goes_on(
    kind: str, phase: Phase, after: Phase, caplog: pytest.LogCaptureFixture
) -> None:
    """A double that failed is no double (the computer rolls); a take that failed is a take."""
    c, bot, _ = control("computer")
    c.state = at(phase, turn=1 if kind == "double" else 0)
    c.wait = 0.0
    bot.answers[kind] = [RuntimeError("a bug in the AI")]
    with caplog.at_level(logging.ERROR):
        c.step(0.05)
    assert c.state.phase is after and c.pending is None
    assert any(r.name == "game.ai.jobs" and r.exc_info for r in caplog.records)


def test_a_change_of_state_withdraws_the_question_in_flight() -> None:
    c, bot, _ = control("computer")
    c.state = at(Phase.ROLL, turn=1)
    c.wait = 0.0
    bot.answers["double"] = [True]
    bot.hold = True
    c.step(0.05)
    assert c.pending == "double" and bot.cancels == 0
    c.resume(at(Phase.ROLL, turn=0))
    assert bot.cancels == 1 and bot.jobs[0].cancelled and c.pending is None
    bot.release()  # the answer that comes after all is dropped
    c.step(0.05)
    assert c.state.phase is Phase.ROLL and c.state.turn == 0


def test_nobody_waits_on_a_blocked_turn() -> None:
    c, bot, _ = control("two")
    c.state = apply(GameState(phase=Phase.ROLL, position=closed_out(), turn=0, rules=Rules(5)), Roll((6, 6)))
    c.wait = 0.0
    c.step(0.05)
    assert c.state.phase is Phase.ROLL and c.state.turn == 1 and bot.requests == []


def test_a_human_move_is_never_made_for_them() -> None:
    c, bot, _ = control("computer")
    c.state = apply(at(Phase.ROLL, turn=0), Roll((6, 5)))
    settle(c, 5)
    assert c.state.moves == () and c.state.phase is Phase.MOVING and bot.requests == []
    c.do(PlayMoves((Move(24, 18, 6), Move(18, 13, 5))))
    settle(c, 5)
    assert c.state.phase is Phase.MOVING  # complete, but Done is the human's


def test_a_demo_starts_the_next_game_by_itself_and_a_match_does_not() -> None:
    demo, _, heard = control("demo", match_length=0)
    demo.state = race(turn=0, dice=(6, 1))
    demo.do(MoveTo(1, 0))
    demo.wait = 0.0
    demo.step(0.05)
    assert demo.state.phase is Phase.OPENING and demo.match.games == 1
    assert heard[-1] == ev.GameStarted(demo, first=False)
    two, _, _ = control("two")
    two.state = race(turn=0, dice=(6, 1))
    two.do(MoveTo(1, 0))
    two.wait = 0.0
    settle(two, 5)
    assert two.state.phase is Phase.GAME_OVER


# -- whole games: resume and next ----------------------------------------------------------------------


def test_resume_shows_the_state_and_announces_it() -> None:
    resets: list[bool] = []
    c, _, heard = control(hooks=ScreenHooks(on_reset=resets.append))
    state = apply(at(Phase.ROLL, turn=1), Roll((4, 2)))
    match = Match(Rules(5), score=(1, 2), games=2)
    c.resume(state, match, ((4, 2),))
    assert c.state is state and c.match is match and resets == [True]
    assert heard == [ev.GameResumed(c, ((4, 2),))] and not c.recorded
    assert c.note is None and c.pending is None
    c.resume(state)
    assert c.match is match  # no match given: the same one


def test_resuming_a_finished_game_does_not_count_it_again() -> None:
    c, _, _ = control()
    over = apply(at(Phase.CUBE_OFFERED, turn=0), Pass())
    match = Match(Rules(5), score=(1, 0), games=1)
    c.resume(over, match)
    assert c.recorded and c.match == match and c.games == 0


def test_the_next_game_keeps_the_match_and_a_new_match_starts_after_the_last() -> None:
    resets: list[bool] = []
    c, _, heard = control(match_length=3, hooks=ScreenHooks(on_reset=resets.append))
    c.resume(at(Phase.ROLL), Match(Rules(3), score=(1, 0), games=1))
    c.next_game()
    assert c.state.phase is Phase.OPENING and c.match.score == (1, 0) and not c.recorded
    assert resets == [True, False] and heard[-1] == ev.GameStarted(c, first=False)
    assert c.note == Message.of("ui.opening_roll")
    c.resume(apply(at(Phase.CUBE_OFFERED, turn=0), Pass()), Match(Rules(3), score=(3, 0), games=3))
    c.next_game()
    assert c.match == Match(Rules(3)) and c.state == new_game(Rules(3))


# -- details the mutation run asked about ----------------------------------------------------------------


def test_a_seedless_controller_draws_its_seed_from_the_whole_range() -> None:
    seeds = [GameController(GameSetup(mode="two"), thinking=Where.HERE).seed for _ in range(20)]
    assert all(0 <= seed < 2**31 for seed in seeds)
    assert max(seeds) >= 2**16 and len(set(seeds)) > 1


def test_the_opponent_gets_the_level_where_it_thinks_and_the_seed() -> None:
    c = GameController(GameSetup(mode="computer", level="beginner", seed=77), thinking=Where.THREAD)
    try:
        assert c.opponent.level == "beginner" and c.opponent.where is Where.THREAD and c.opponent.seed == 77
    finally:
        c.close()
    plain = GameController(GameSetup(mode="computer", seed=5), thinking=Where.HERE)
    assert plain.opponent.where is Where.HERE and plain.level == "intermediate"


def test_a_computers_answer_without_a_screen_to_flash_on_is_fine() -> None:
    c, bot, _ = control("demo")
    c.state = at(Phase.CUBE_OFFERED, turn=1)
    c.wait = 0.0
    bot.answers["take"] = [True]
    c.step(0.05)
    assert c.state.phase is Phase.ROLL


def test_the_demo_says_which_colour_takes() -> None:
    flashes: list[Message] = []
    c, bot, _ = control("demo", hooks=ScreenHooks(on_flash=flashes.append))
    c.state = at(Phase.CUBE_OFFERED, turn=1)
    c.wait = 0.0
    bot.answers["take"] = [False]
    c.step(0.05)
    assert flashes == [Message.of("ui.computer_passes", name=Message.of("ui.player_white"))]


def test_one_playable_die_still_waits_for_the_human() -> None:
    c, _, _ = control("two")
    c.state = race(turn=0, dice=(6, 5))  # one checker left: one die bears it off, nothing else
    assert c.state.turn_state().most == 1 and c.waiting_for_human()


def test_a_pass_by_white_to_a_black_double() -> None:
    c, _, heard = control(match_length=5)
    c.state = at(Phase.CUBE_OFFERED, turn=1)
    c.do(Pass())
    assert heard[0] == ev.CubePassed(c, 0)
    assert heard[1] == ev.GameOver(c, c.state.result) and c.state.result is not None
    assert c.state.result.winner == 1


def test_white_winning_the_opening_is_named() -> None:
    c, _, _ = control("two")
    c.do(OpeningRoll(5, 2))
    assert c.note == Message.of("ui.opening_won", name=Message.of("ui.player_white"), a=5, b=2)
    you, _, _ = control("computer")
    you.do(OpeningRoll(5, 2))
    assert you.note == Message.of("ui.opening_won_you", a=5, b=2)


def test_the_games_are_counted() -> None:
    c, _, _ = control("demo", match_length=0)
    for played in (1, 2):
        c.state = race(turn=0, dice=(6, 1))
        c.recorded = False
        c.do(MoveTo(1, 0))
        assert c.games == played and c.match.games == played
