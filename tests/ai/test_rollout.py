"""The expert's cube rollouts (``game.ai.rollout``) and where the expert uses them.

The positions named here come from the cube benchmark's committed set. The three "trapped"
ones are the reason the rollouts exist: a closed board with two of the opponent's checkers on
the bar, against one checker trapped behind the opponent's full prime. The TD-trained network
(shipped until the teacher-trained one, kept as ``training/td0_338k.json``) sees the closed board
and gives the roller about 80% and many gammons, so its one-roll lookahead doubles and would
pass; the teacher-trained network already says no double and take at the lookahead. In play the
side on the bar never has to move, its prime never breaks, and the closed board must break first:
GNU Backgammon (used only to measure) calls them no double and a big take (the roller's equity
about -1.1), and the project's own untruncated rollouts agree that the double is a take.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from game.ai import api, cubeful, effort, rollout
from game.ai.cubeful import CubeInfo, CubeOwner
from game.ai.question import CubeQuestion
from game.engine import Position
from tests.helpers.networks import old_network

TRAPPED = ("tm2DAGDbbgcAIA", "tm2DAGDbdiMAIA", "tm2DQEDbtkEEIA")


@pytest.fixture()
def td_network() -> Iterator[None]:
    """The old network (see ``tests.helpers.networks``): these tests need its lookahead's mistakes."""
    with old_network():
        yield


def _roll(pos: Position, info: CubeInfo, trials: int = 36, plies: int = 6) -> cubeful.CubeEquities:
    return rollout.evaluate(pos, info, api._best_play, api.cube_outputs, trials=trials, plies=plies)


def _pos(me: dict[int, int], opp: dict[int, int]) -> Position:
    """A position from {point (1-24, 25 = bar): checkers}; the rest of each side borne off."""
    a = [0] * 25
    b = [0] * 25
    for point, n in me.items():
        a[point - 1] = n
    for point, n in opp.items():
        b[point - 1] = n
    return Position(tuple(a), tuple(b))


def test_the_same_question_gets_the_same_answer() -> None:
    pos = Position.from_id(TRAPPED[0])
    assert _roll(pos, CubeInfo()) == _roll(pos, CubeInfo())


def test_a_game_won_this_roll_is_worth_its_points_in_both_cube_states() -> None:
    # One checker on the ace against fifteen that have not left the roller's home board: any roll
    # bears it off, a backgammon (3 points) no double, 6 doubled and taken.
    pos = _pos({1: 1}, {19: 5, 20: 5, 21: 5})
    eq = _roll(pos, CubeInfo(), trials=36)
    assert (eq.no_double, eq.double_take, eq.double_pass) == (3.0, 6.0, 1.0)
    assert eq.outputs == (1.0, 1.0, 1.0, 0.0, 0.0)
    # The same with the cube at 2, owned by the roller: equities per cube, so unchanged.
    eq2 = _roll(pos, CubeInfo(2, "me"), trials=36)
    assert (eq2.no_double, eq2.double_take) == (3.0, 6.0)


def test_match_units_are_match_winning_chances() -> None:
    pos = Position.from_id(TRAPPED[0])
    info = CubeInfo(1, "centre", 5, (2, 1))
    eq = _roll(pos, info)
    assert 0.0 <= eq.no_double <= 1.0
    assert 0.0 <= eq.double_take <= 1.0
    assert eq.double_pass == info.mwc(1)
    assert not eq.money


def test_the_rollout_agrees_with_the_lookahead_where_the_network_is_sound() -> None:
    """The starting position and a plain race: both estimates close, no sign or side mix-up."""
    for pid in ("4HPwATDgc/ABMA", "7O4pCADs7lkAAA"):
        pos = Position.from_id(pid)
        ahead = api.cube_lookahead(pos, CubeInfo())
        rolled = _roll(pos, CubeInfo(), trials=72)
        assert rolled.no_double == pytest.approx(ahead.no_double, abs=0.15), pid
        assert rolled.double_take == pytest.approx(ahead.double_take, abs=0.3), pid
        assert rolled.outputs[0] == pytest.approx(ahead.outputs[0], abs=0.08), pid


@pytest.mark.parametrize("pid", TRAPPED)
def test_a_closed_board_against_a_trapped_checker_is_no_double_and_a_take(pid: str) -> None:
    pos = Position.from_id(pid)
    assert not api.should_double(CubeQuestion(pos), "expert")
    assert api.should_take(CubeQuestion(pos.flip()), "expert")
    assert api.cube_advice(CubeQuestion(pos.flip()), answering=True).action == "take"


@pytest.mark.usefixtures("td_network")
@pytest.mark.parametrize("pid", TRAPPED)
def test_the_rollout_overrules_a_network_that_overrates_the_closed_board(pid: str) -> None:
    """With the old network, whose lookahead doubles and passes here, the rollout still brings the
    answers to no double and take."""
    pos = Position.from_id(pid)
    ahead = api.cube_lookahead(pos, CubeInfo())
    assert (ahead.should_double or ahead.too_good) and not ahead.should_take
    assert not api.should_double(CubeQuestion(pos), "expert")
    assert api.should_take(CubeQuestion(pos.flip()), "expert")
    advice = api.cube_advice(CubeQuestion(pos.flip()), answering=True)
    assert advice.action == "take"
    # The rollout sees the doubler's trouble: far less than the lookahead's double/take equity.
    assert advice.double_take < min(advice.double_pass, ahead.double_take - 0.5)


def test_races_stay_with_the_lookahead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rollout, "evaluate_within", lambda *a, **k: pytest.fail("rolled out a race"))
    api._expert_cube.cache_clear()
    race = Position.from_id("7O4pCADs7lkAAA")
    assert api.should_take(CubeQuestion(race.flip()), "expert")
    api.cube_advice(CubeQuestion(race.flip()), answering=True)


def test_the_expert_rolls_out_takes_and_its_own_doubles_only(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Position] = []
    real = rollout.evaluate_within

    def counted(pos: Position, *args: object, **kw: int) -> cubeful.CubeEquities | None:
        calls.append(pos)
        return real(pos, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(rollout, "evaluate_within", counted)
    api._expert_cube.cache_clear()  # answers remembered from other tests would hide the calls
    start = Position.start()
    assert not api.should_double(CubeQuestion(start), "expert")
    assert calls == []  # the lookahead says no double: nothing to check
    assert api.should_take(CubeQuestion(start.flip()), "expert")
    assert calls == [start]  # every take in contact is rolled out
    calls.clear()
    # Lower levels never roll out.
    for level in ("beginner", "intermediate", "advanced"):
        api.should_take(CubeQuestion(start.flip()), level)
        api.should_double(CubeQuestion(Position.from_id(TRAPPED[0])), level)
    assert calls == []
    # The cube is the taker's: the lookahead may want to double, but the rules forbid it.
    assert not api.should_double(CubeQuestion(Position.from_id(TRAPPED[0]), 2, CubeOwner.OPPONENT), "expert")
    assert calls == []


TOO_GOOD_BY_THE_NETWORK = "tdslABCfYwAAAA"
"""A blitz the lookahead calls too good to double (its network counts on many gammons); a few rolls of
play find fewer, and the project's own rollouts and GNU Backgammon (used only to measure: no double
+0.78, double/pass +1.0) both say double, and pass."""


@pytest.mark.usefixtures("td_network")
def test_a_position_the_lookahead_calls_too_good_is_rolled_out_and_doubled() -> None:
    pos = Position.from_id(TOO_GOOD_BY_THE_NETWORK)
    ahead = api.cube_lookahead(pos, CubeInfo())
    assert ahead.too_good and not ahead.should_double
    api._expert_cube.cache_clear()
    assert api.should_double(CubeQuestion(pos), "expert")
    advice = api.cube_advice(CubeQuestion(pos))
    assert advice.action == "double" and advice.played_out >= 36
    assert advice.no_double < 1.0 < ahead.no_double
    # Answering the same double, the expert passes.
    assert not api.should_take(CubeQuestion(pos.flip()), "expert")


@pytest.mark.usefixtures("td_network")
def test_a_too_good_position_the_rollout_confirms_stays_too_good(monkeypatch: pytest.MonkeyPatch) -> None:
    """Overruled only when the rollout is clear: a rollout that agrees (or is unsure) keeps the gammon."""
    pos = Position.from_id(TOO_GOOD_BY_THE_NETWORK)
    ahead = api.cube_lookahead(pos, CubeInfo())
    unsure = rollout.RolloutEquities(0.98, 1.6, 1.0, ahead.outputs, True, 72, 0.05, 0.05, 0.05)
    monkeypatch.setattr(rollout, "evaluate_within", lambda *a, **k: unsure)
    api._expert_cube.cache_clear()
    assert not api.should_double(CubeQuestion(pos), "expert")  # 0.4 SE: not clear
    assert api.cube_advice(CubeQuestion(pos)).action == "too good"
    api._expert_cube.cache_clear()


def test_answers_are_remembered_per_network(monkeypatch: pytest.MonkeyPatch) -> None:
    pos = Position.from_id(TRAPPED[1])
    api._expert_cube.cache_clear()
    first = api.cube_equities(pos, CubeInfo(), "expert", answering=True)
    monkeypatch.setattr(rollout, "evaluate_within", lambda *a, **k: pytest.fail("rolled out again"))
    assert api.cube_equities(pos, CubeInfo(), "expert", answering=True) is first


def test_a_clear_answer_stops_the_rollout_after_each_first_roll_once() -> None:
    pos = Position.from_id(TRAPPED[0])
    asked: list[int] = []

    def settled(so_far: rollout.RolloutEquities) -> bool:
        asked.append(so_far.trials)
        return True

    stopped = rollout.evaluate(pos, CubeInfo(), api._best_play, api.cube_outputs, trials=108, settled=settled)
    assert stopped.trials == 36 and asked == [36]
    asked.clear()

    def unsettled(so_far: rollout.RolloutEquities) -> bool:
        asked.append(so_far.trials)
        return False

    full = rollout.evaluate(pos, CubeInfo(), api._best_play, api.cube_outputs, trials=108, settled=unsettled)
    assert full.trials == 108 and asked == [36, 72]  # never asked after the last trial
    assert full.se_double_take < stopped.se_double_take


def test_money_plays_score_does_not_change_the_experts_answer() -> None:
    """In money play the running score means nothing to the cube. It once reached the rollout's
    seed, so the game (which passes the session's score) and the review (which passes none) could
    roll different dice and answer the same double differently."""
    pos = Position.from_id(TRAPPED[1])
    plain = api.cube_equities(pos, CubeInfo(), "expert", answering=True)
    api._expert_cube.cache_clear()
    scored = api.cube_equities(pos, CubeInfo(1, "centre", 0, (4, 0)), "expert", answering=True)
    assert scored == plain
    money = api.should_take(CubeQuestion(pos.flip(), 1, CubeOwner.CENTRE, 0, (0, 4)), "expert")
    assert money == plain.should_take


def test_the_rollout_stops_early_when_it_agrees_with_the_lookahead() -> None:
    """After 36 trials: stop if the answer is clear either way, or if it is the lookahead's own answer
    by one standard error; go on when it is unclear or clearly overrules the lookahead but not by 3."""

    def equities(nd: float, dt: float, se: float) -> rollout.RolloutEquities:
        return rollout.RolloutEquities(nd, dt, 1.0, (0.7, 0.2, 0.0, 0.05, 0.0), True, 36, se, se, se)

    take = cubeful.CubeEquities(0.5, 0.8, 1.0, (0.7, 0.2, 0.0, 0.05, 0.0), True)  # lookahead: take
    assert take.should_take
    assert api._settled(equities(0.5, 0.8, 0.05), take, answering=True)  # 4 SE clear
    assert api._settled(equities(0.5, 0.9, 0.05), take, answering=True)  # agrees by 2 SE
    assert not api._settled(equities(0.5, 0.97, 0.05), take, answering=True)  # agrees by 0.6 SE only
    assert not api._settled(equities(0.5, 1.1, 0.05), take, answering=True)  # overrules by 2 SE: go on
    assert api._settled(equities(0.5, 1.2, 0.05), take, answering=True)  # overrules by 4 SE
    # The double: the lookahead wants it (the rollout is asked only then).
    double = cubeful.CubeEquities(0.5, 0.8, 1.0, (0.7, 0.2, 0.0, 0.05, 0.0), True)
    assert double.should_double
    assert api._settled(equities(0.6, 0.7, 0.05), double, answering=False)  # doubles, 2 SE
    assert not api._settled(equities(0.68, 0.7, 0.05), double, answering=False)  # doubles, 0.4 SE
    assert not api._settled(equities(0.8, 0.7, 0.05), double, answering=False)  # no double by 2 SE: go on


def test_another_set_of_dice_gives_another_draw_and_set_zero_is_the_game_s() -> None:
    """The cube benchmark scores several sets of rollout dice; the game always uses set 0."""
    pos = Position.from_id(TRAPPED[0])

    def roll(dice_set: int) -> rollout.RolloutEquities:
        return rollout.evaluate(
            pos, CubeInfo(), api._best_play, api.cube_outputs, trials=36, plies=6, dice_set=dice_set
        )

    assert roll(0) == _roll(pos, CubeInfo())
    assert roll(1) == roll(1)
    assert roll(1).double_take != roll(0).double_take


@pytest.mark.usefixtures("td_network")
def test_the_expert_s_rollout_dice_can_be_changed_for_the_benchmark_and_back() -> None:
    pos = Position.from_id(TRAPPED[0]).flip()  # the taker's view: the take is always rolled out
    api._expert_cube.cache_clear()
    game_dice = api.cube_equities(pos.flip(), CubeInfo(), answering=True)
    try:
        api.use_rollout_dice(1)
        other = api.cube_equities(pos.flip(), CubeInfo(), answering=True)
        assert other.double_take != game_dice.double_take
    finally:
        api.use_rollout_dice(0)
    # Remembered answers are kept apart by their dice: set 0's answer is the game's again.
    assert api.cube_equities(pos.flip(), CubeInfo(), answering=True) == game_dice


# -- the game's time budget ---------------------------------------------------------------------------


def _out_of_time_after(trials: int) -> Callable[[], bool]:
    """A budget that runs out once ``trials`` trials were played (asked before each one): a clock
    that counts trials, so the test does not depend on the machine's speed."""
    asked = [0]

    def out_of_time() -> bool:
        asked[0] += 1
        return asked[0] > trials

    return out_of_time


def _within(pos: Position, trials: int, **kw: object) -> rollout.RolloutEquities | None:
    return rollout.evaluate_within(
        pos,
        CubeInfo(),
        api._best_play,
        api.cube_outputs,
        trials=trials,
        plies=8,
        **kw,  # type: ignore[arg-type]
    )


def test_a_budget_never_used_up_changes_nothing() -> None:
    pos = Position.from_id(TRAPPED[0])
    full = rollout.evaluate(pos, CubeInfo(), api._best_play, api.cube_outputs, trials=72, plies=8)
    assert _within(pos, 72, out_of_time=lambda: False) == full


def test_a_budget_keeps_the_whole_blocks_played_in_time() -> None:
    """Out of time in the second block: the answer is the first block's, exactly; in the first
    block: no answer at all (a block cut short leans towards the first rolls it reached)."""
    pos = Position.from_id(TRAPPED[0])
    # The same rollout stopped after its first block (the dice depend on the trials asked for).
    first_block = _within(pos, 144, settled=lambda so_far: True)
    cut = _within(pos, 144, out_of_time=_out_of_time_after(50))
    assert cut is not None and cut.trials == 36 and cut == first_block
    assert _within(pos, 144, out_of_time=_out_of_time_after(35)) is None


@pytest.mark.usefixtures("td_network")
def test_without_time_for_a_rollout_the_lookahead_answers() -> None:
    """The trapped checker: the rollout makes the expert take what the lookahead passes. With no time
    at all (a budget of 0 s) the lookahead's pass stands; with time enough, the rollout's take."""
    taker = Position.from_id(TRAPPED[0]).flip()
    api._expert_cube.cache_clear()
    try:
        assert not api.should_take(CubeQuestion(taker), "expert", budget=0.0)
        assert api.should_take(CubeQuestion(taker), "expert", budget=3600.0)
        assert api.should_take(CubeQuestion(taker), "expert")
        assert api.cube_advice(CubeQuestion(taker), answering=True, budget=0.0).played_out == 0
    finally:
        api._expert_cube.cache_clear()


def test_a_withdrawn_question_stops_the_rollout_between_trials() -> None:
    pos = Position.from_id(TRAPPED[0])
    checks = [0]

    def withdrawn_after_ten() -> bool:
        checks[0] += 1
        return checks[0] > 10

    with effort.scope(withdrawn_after_ten), pytest.raises(effort.Cancelled):
        _within(pos, 288)
    assert checks[0] == 11  # asked before each trial: ten played, then it stopped
