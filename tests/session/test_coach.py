"""The coach's decisions during play (game.session.coach), on hand-built positions: pure, no screen."""

from __future__ import annotations

import argparse
import pickle
import threading
from collections.abc import Callable

import pytest

from game.ai import api
from game.ai.jobs import Where
from game.ai.question import CubeAction, Decision
from game.coach import explain
from game.coach import verdict as verdict_module
from game.coach.examples import A_LITTLE_AHEAD, BEHIND, FAR_AHEAD, TOO_GOOD
from game.coach.scale import BLUNDER, MISTAKE
from game.engine.cube import Cube
from game.engine.flow import Double, GameState, Phase, Rules, apply
from game.engine.moves import Play, legal_plays
from game.engine.position import Position
from game.session import coach as sc
from game.session import settings as st
from game.tools.bench_explain import contact_cases

# -- when the coach is on: the one rule ---------------------------------------------------------


@pytest.mark.parametrize(
    ("setting", "mode", "level", "kiosk", "asked", "aids", "expected"),
    [
        ("auto", "computer", "beginner", False, False, True, "blunders"),
        ("auto", "computer", "intermediate", False, False, True, "blunders"),
        ("auto", "computer", "advanced", False, False, True, "off"),
        ("auto", "computer", "expert", False, False, True, "off"),
        ("auto", "computer", "expert", True, False, True, "blunders"),  # a kiosk visitor
        ("auto", "computer", "expert", False, True, True, "blunders"),  # the game asked (Learn to play)
        ("auto", "two", "beginner", False, False, True, "off"),  # two players: off unless switched on
        ("auto", "two", "beginner", True, False, True, "off"),
        ("blunders", "two", "expert", False, False, True, "blunders"),
        ("mistakes", "computer", "expert", False, False, True, "mistakes"),
        ("off", "computer", "beginner", True, False, True, "off"),
        ("off", "computer", "beginner", False, True, True, "off"),  # the player's "off" wins
        ("mistakes", "demo", "beginner", False, False, True, "off"),  # nobody to coach in the demo
        ("mistakes", "learn", "beginner", False, True, True, "off"),  # the lesson judges by itself
        ("mistakes", "two", "beginner", False, False, False, "off"),  # tournament rules: no aids
        ("auto", "computer", "beginner", True, True, False, "off"),
    ],
)
def test_one_rule_says_whether_a_game_is_coached(
    setting: str, mode: str, level: str, kiosk: bool, asked: bool, aids: bool, expected: str
) -> None:
    got = sc.coach_level(setting, mode=mode, level=level, kiosk=kiosk, asked=asked, aids=aids)
    assert got == expected


def test_the_settings_offer_the_coachs_modes_and_default_to_auto() -> None:
    assert st.COACH_MODES == sc.MODES == ("auto", "off", "blunders", "mistakes")
    assert st.Settings().coach == "auto"
    assert st.from_dict({"coach": "mistakes"}).coach == "mistakes"
    assert st.from_dict({"coach": "always"}).coach == "auto"  # a bad value falls back, logged
    assert st.next_option(st.Settings(), "coach").coach == "off"


def test_the_coach_flag_overrides_the_saved_setting() -> None:
    parser = argparse.ArgumentParser()
    st.add_arguments(parser)
    args = parser.parse_args(["--coach", "mistakes"])
    assert st.apply_arguments(st.Settings(coach="off"), args).coach == "mistakes"
    assert st.apply_arguments(st.Settings(coach="off"), parser.parse_args([])).coach == "off"
    with pytest.raises(SystemExit):
        parser.parse_args(["--coach", "always"])


def test_the_thresholds_are_the_scales_blunder_and_mistake() -> None:
    blunders, mistakes, off = sc.Coach("blunders"), sc.Coach("mistakes"), sc.Coach("off")
    assert blunders.stops(BLUNDER) and not blunders.stops(BLUNDER - 0.001)
    assert mistakes.stops(MISTAKE) and not mistakes.stops(MISTAKE - 0.001)
    assert not off.stops(3.0)
    with pytest.raises(ValueError, match="not 'auto'"):
        sc.Coach("auto")


def test_after_a_kept_mistake_the_next_small_ones_pass() -> None:
    coach = sc.Coach("blunders")
    coach.decided()
    coach.kept()
    for _ in range(sc.QUIET_DECISIONS):
        assert not coach.stops(BLUNDER + 0.01)  # a small one passes
        assert coach.stops(sc.QUIET_FLOOR)  # a huge one is still stopped
        coach.decided()
    assert coach.stops(BLUNDER + 0.01)  # the quiet spell is over


# -- checker plays ------------------------------------------------------------------------------


def test_a_blunder_is_stopped_with_its_reason_and_the_experts_play() -> None:
    start, dice = Position.start(), (6, 4)
    study = sc.study_roll(start, dice)
    best = api.hint(start, dice)
    assert study.valued and study.best is not None and best is not None
    assert study.best.moves == best.moves
    worst = max(legal_plays(start, dice), key=lambda p: study.loss(p.position) or 0.0)
    loss = study.loss(worst.position)
    assert loss is not None and loss >= BLUNDER
    assert not study.explained  # only the play made is explained, when it is judged
    verdict = sc.play_verdict(study, worst.position, worst.moves, sc.Coach("blunders"))
    assert verdict is not None and verdict.kind == Decision.MOVE
    why = explain(start, dice, worst.moves)
    assert verdict.loss == pytest.approx(why.loss) == pytest.approx(loss)  # the same judgement
    assert verdict.reason == why.reason[0]  # the reason's first sentence
    assert verdict.better_moves == study.best.moves


def test_a_play_below_the_threshold_counts() -> None:
    start, dice = Position.start(), (6, 4)
    study = sc.study_roll(start, dice)
    small = [p for p in legal_plays(start, dice) if 0.0 < (study.loss(p.position) or 0.0) < BLUNDER]
    assert small, "the opening 6-4 has plays that lose a little"
    for play in small:
        assert sc.play_verdict(study, play.position, play.moves, sc.Coach("blunders")) is None


def test_the_coach_never_stops_a_play_the_expert_itself_would_make() -> None:
    coach = sc.Coach("mistakes")  # the most demanding setting
    for pos, dice in contact_cases(12, 7):
        study = sc.study_roll(pos, dice)
        best = api.hint(pos, dice)
        assert best is not None
        assert study.loss(best.position) == 0.0
        assert sc.play_verdict(study, best.position, best.moves, coach) is None


def test_a_play_judged_alone_is_judged_as_the_whole_study_judges_it() -> None:
    """Done before the study is back: the play made is judged alone (the expert's play and this one),
    the same verdict, loss and reason as from the study of every play."""
    start, dice = Position.start(), (5, 2)
    ahead = sc.study_roll(start, dice)
    assert ahead.valued and ahead.best is not None
    for play in legal_plays(start, dice):
        late = sc.RollStudy(start, dice)
        b = sc.play_verdict(late, play.position, play.moves, sc.Coach("mistakes"))
        a = sc.play_verdict(ahead, play.position, play.moves, sc.Coach("mistakes"))
        assert a == b
        assert late.best == ahead.best and not late.valued
        assert set(late.values) == {ahead.best.position, play.position}
        assert late.loss(play.position) == ahead.loss(play.position)


def test_the_judgement_at_done_values_only_the_play_made_and_the_experts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The small job at Done does not wait for every play: it values two."""
    start, dice = Position.start(), (6, 4)
    best = api.hint(start, dice)
    assert best is not None
    made = [p for p in legal_plays(start, dice) if p.position != best.position][-1]
    valued: list[Position] = []
    real = verdict_module.value_of

    def spy(pos: Position, play: Play) -> float:
        valued.append(play.position)
        return real(pos, play)

    monkeypatch.setattr(verdict_module, "value_of", spy)
    found = sc.explain_play(start, dice, made.position, made.moves)
    assert sorted(valued, key=str) == sorted([made.position, best.position], key=str)
    assert found.best == best and not found.complete and set(found.explained) == {made.position}
    assert found.values[made.position] == found.explained[made.position].equity_played


# -- the study as a job beside the loop: in a worker process --------------------------------------


def worst_of(study: sc.RollStudy) -> Play:
    return max(legal_plays(study.start, study.dice), key=lambda p: study.loss(p.position) or 0.0)


def _round_trip(message: object) -> object:
    """What a worker receives or sends: pickled and unpickled (nothing is shared with the screen)."""
    return pickle.loads(pickle.dumps(message))


def test_the_coachs_work_is_asked_of_the_worker_never_a_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a cabinet the study, the early explanation and the judgement at Done are worker jobs
    (picklable questions), answered as at once; no thread of this process studies."""
    asked: list[tuple[str, Where]] = []
    real_start = sc.start

    def spy(question: Callable[[], object], where: Where, *, what: str) -> object:
        asked.append((what, where))
        assert callable(_round_trip(question))  # it can travel to a worker
        return real_start(question, where, what=what)

    monkeypatch.setattr(sc, "start", spy)
    start, dice = Position.start(), (6, 4)
    here = sc.study_roll(start, dice)
    worst = worst_of(here)
    coach = sc.Coach("blunders")
    work = sc.RollWork(start, dice, Where.WORKER)
    assert work.study_job is not None
    assert not [t.name for t in threading.enumerate() if t.name.startswith("ai-coach")]  # no thread of ours
    assert work.study_job.wait(60)
    work.explain_early(worst.position, worst.moves, coach)
    assert work.explaining is not None and work.explaining[1].wait(60)
    work.collect()
    assert work.study.valued and work.study.values == here.values and work.study.best == here.best
    verdict = work.answer(worst.position, worst.moves, coach)
    assert isinstance(verdict, sc.Verdict)
    assert verdict == sc.play_verdict(here, worst.position, worst.moves, coach)
    late = sc.RollWork(start, dice, Where.WORKER)  # Done before the study is back: the small job
    assert late.answer(worst.position, worst.moves, coach) is False and late.explaining is not None
    assert late.explaining[1].wait(60)
    assert late.answer(worst.position, worst.moves, coach) == verdict
    assert asked == [("coach study", Where.WORKER), ("coach explanation", Where.WORKER)] * 2


@pytest.mark.parametrize("case", range(3))
def test_worker_and_here_answer_the_same_to_the_last_bit(case: int) -> None:
    """The messages pickle (positions, moves, explanations) and say exactly what the question
    answered at once says: the same values, the same reasons (the opening 2-2's 75 plays, and two
    contact positions)."""
    pos, dice = [(Position.start(), (2, 2)), *contact_cases(2, 11)][case]
    found = sc.value_roll(pos, dice)
    assert _round_trip(found) == found and found.complete and found.best is not None
    worst = max(legal_plays(pos, dice), key=lambda p: found.value_best - found.values[p.position])
    here = sc.explain_play(pos, dice, worst.position, worst.moves)
    assert _round_trip(here) == here
    study = sc.start_roll_study(pos, dice, Where.WORKER)
    job = sc.start_explain(pos, dice, worst.position, worst.moves, Where.WORKER)
    assert study.wait(60) and study.result == found
    assert job.wait(60) and job.result == here
    assert here.values[worst.position] == found.values[worst.position]


def test_a_withdrawn_study_stops_between_two_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    started, release = threading.Event(), threading.Event()
    real = sc.value_of
    valued: list[Position] = []

    def slow(pos: Position, play: Play) -> float:
        started.set()
        release.wait(30)
        valued.append(play.position)
        return real(pos, play)

    monkeypatch.setattr(sc, "value_of", slow)
    study = sc.RollStudy(Position.start(), (6, 4))
    job = sc.start_roll_study(study.start, study.dice, Where.THREAD)
    assert started.wait(30)
    job.cancel()
    release.set()
    assert job.wait(30) and job.cancelled and job.result is None
    assert len(valued) < len(legal_plays(Position.start(), (6, 4)))


def test_a_failed_study_has_no_answer_and_says_why_in_the_log(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(pos: Position, play: Play) -> float:
        raise RuntimeError("the evaluator is gone")

    monkeypatch.setattr(sc, "value_of", broken)
    job = sc.start_roll_study(Position.start(), (6, 4), Where.HERE)
    assert job.done and job.result is None and job.error is not None and "evaluator" in job.error


# -- cube actions -------------------------------------------------------------------------------


def roll_state(pos: Position, match_length: int = 0, cube: Cube | None = None) -> GameState:
    return GameState(Phase.ROLL, pos, turn=0, cube=cube or Cube(), rules=Rules(match_length=match_length))


def test_a_take_that_should_be_a_pass_is_stopped() -> None:
    offered = apply(roll_state(FAR_AHEAD), Double())
    study = sc.study_cube(offered)
    assert study.answering and study.advice.response == "pass"
    verdict = sc.cube_verdict(study, CubeAction.TAKE, sc.Coach("blunders"))
    assert verdict is not None and verdict.kind == Decision.TAKE and verdict.action == CubeAction.TAKE
    assert verdict.better_action == CubeAction.PASS
    assert verdict.loss >= BLUNDER
    assert verdict.reason.key in ("coach.cube.take", "coach.cube.take_plain")
    assert verdict.reason.params["win"] == round(100 * study.advice.win)
    assert sc.cube_verdict(study, CubeAction.PASS, sc.Coach("mistakes")) is None  # the expert's own answer


def test_a_pass_that_should_be_a_take_is_stopped() -> None:
    offered = apply(roll_state(A_LITTLE_AHEAD), Double())
    study = sc.study_cube(offered)
    assert study.advice.response == "take"
    verdict = sc.cube_verdict(study, CubeAction.PASS, sc.Coach("blunders"))
    assert verdict is not None and verdict.reason.key == "coach.cube.pass" and verdict.better_action == "take"
    assert sc.cube_verdict(study, CubeAction.TAKE, sc.Coach("mistakes")) is None


def test_a_double_too_early_is_stopped_and_a_right_one_is_not() -> None:
    early = sc.study_cube(roll_state(BEHIND))
    verdict = sc.cube_verdict(early, CubeAction.DOUBLE, sc.Coach("blunders"))
    assert verdict is not None and verdict.reason.key == "coach.cube.early"
    assert verdict.better_action == "no double"
    right = sc.study_cube(roll_state(FAR_AHEAD))
    assert right.advice.proper == "double"
    assert sc.cube_verdict(right, CubeAction.DOUBLE, sc.Coach("mistakes")) is None


def test_a_double_too_good_is_stopped_with_the_gammon_chance() -> None:
    study = sc.study_cube(roll_state(TOO_GOOD))
    assert study.advice.proper == "too good"
    verdict = sc.cube_verdict(study, CubeAction.DOUBLE, sc.Coach("blunders"))
    assert verdict is not None and verdict.reason.key == "coach.cube.too_good"
    assert verdict.reason.params["gammon"] == round(100 * study.advice.win_gammon)
    assert verdict.better_action == "too good"


def test_a_match_turns_winning_chances_into_points_before_the_threshold() -> None:
    offered = apply(roll_state(FAR_AHEAD, match_length=7), Double())
    study = sc.study_cube(offered)
    assert study.advice.units == "match winning chance"
    scale = sc.points_scale(offered, 1)
    assert 0.0 < scale < 0.5
    raw = study.advice.double_take - study.advice.double_pass
    assert study.losses["take"] == pytest.approx(max(0.0, raw) / scale)
    assert sc.cube_verdict(study, CubeAction.TAKE, sc.Coach("blunders")) is not None
