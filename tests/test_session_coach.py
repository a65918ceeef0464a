"""The coach's decisions during play (game.session.coach), on hand-built positions: pure, no screen."""

from __future__ import annotations

import argparse
import threading

import pytest

from game.ai import api
from game.ai.jobs import Where
from game.coach import explain
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
    assert verdict is not None and verdict.kind == "play"
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


def test_a_play_judged_from_a_study_cut_short_is_judged_the_same() -> None:
    start, dice = Position.start(), (5, 2)
    ahead = sc.study_roll(start, dice)
    late = sc.RollStudy(start, dice)
    late.stop = True  # Done came before any play but the expert's was valued
    sc.run_roll_study(late)
    assert late.best is not None and not late.explained and not late.valued
    assert set(late.values) == {late.best.position}
    for play in legal_plays(start, dice):
        a = sc.play_verdict(ahead, play.position, play.moves, sc.Coach("mistakes"))
        b = sc.play_verdict(late, play.position, play.moves, sc.Coach("mistakes"))
        assert a == b


def test_the_play_made_is_valued_first_when_done_comes_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """Done before the study has valued every play: the screen sets ``wanted`` and the study values
    that play next, so the answer does not wait for all the others; with ``stop`` it values that
    play alone (what the screen asks when it studies at once)."""
    start, dice = Position.start(), (6, 4)
    best = api.hint(start, dice)
    assert best is not None
    made = [p for p in legal_plays(start, dice) if p.position != best.position][-1]
    order: list[Position] = []
    real = sc.value_of

    def spy(pos: Position, play: Play) -> float:
        order.append(play.position)
        return real(pos, play)

    monkeypatch.setattr(sc, "value_of", spy)
    study = sc.RollStudy(start, dice, wanted=made.position)
    sc.run_roll_study(study)
    assert order[:2] == [best.position, made.position] and study.valued
    order.clear()
    alone = sc.RollStudy(start, dice, wanted=made.position, stop=True)
    sc.run_roll_study(alone)
    assert order == [best.position, made.position] and not alone.valued
    assert alone.loss(made.position) == pytest.approx(study.loss(made.position) or 0.0)


# -- the study as a job beside the loop ---------------------------------------------------------


def worst_of(study: sc.RollStudy) -> Play:
    return max(legal_plays(study.start, study.dice), key=lambda p: study.loss(p.position) or 0.0)


def test_the_study_runs_as_a_job_at_once_or_in_a_thread() -> None:
    here = sc.start_roll_study(sc.RollStudy(Position.start(), (3, 1)), Where.HERE)
    assert here.done and here.result is not None and here.result.valued
    study = sc.RollStudy(Position.start(), (6, 4))
    job = sc.start_roll_study(study, Where.WORKER)  # shared with the screen: a thread
    assert job.wait(timeout=120) and job.result is study
    assert study.best is not None and study.loss(study.best.position) == 0.0
    assert study.valued and not study.explained
    explained = sc.start_explain(study, worst_of(study).position, worst_of(study).moves, Where.WORKER)
    assert explained.wait(timeout=120) and explained.result is study
    assert worst_of(study).position in study.explained  # the reason, worked out beside the caller


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
    job = sc.start_roll_study(study, Where.THREAD)
    assert started.wait(30)
    job.cancel()
    release.set()
    assert job.wait(30) and job.cancelled and job.result is None
    assert len(valued) < len(legal_plays(Position.start(), (6, 4)))


def test_a_failed_study_has_no_answer_and_says_why_in_the_log(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(pos: Position, play: Play) -> float:
        raise RuntimeError("the evaluator is gone")

    monkeypatch.setattr(sc, "value_of", broken)
    job = sc.start_roll_study(sc.RollStudy(Position.start(), (6, 4)), Where.HERE)
    assert job.done and job.result is None and job.error is not None and "evaluator" in job.error


# -- cube actions -------------------------------------------------------------------------------


def roll_state(pos: Position, match_length: int = 0, cube: Cube | None = None) -> GameState:
    return GameState(Phase.ROLL, pos, turn=0, cube=cube or Cube(), rules=Rules(match_length=match_length))


def test_a_take_that_should_be_a_pass_is_stopped() -> None:
    offered = apply(roll_state(FAR_AHEAD), Double())
    study = sc.study_cube(offered)
    assert study.answering and study.advice.response == "pass"
    verdict = sc.cube_verdict(study, "take", sc.Coach("blunders"))
    assert verdict is not None and verdict.kind == "take" and verdict.better_action == "pass"
    assert verdict.loss >= BLUNDER
    assert verdict.reason.key in ("coach.cube.take", "coach.cube.take_plain")
    assert verdict.reason.params["win"] == round(100 * study.advice.win)
    assert sc.cube_verdict(study, "pass", sc.Coach("mistakes")) is None  # the expert's own answer


def test_a_pass_that_should_be_a_take_is_stopped() -> None:
    offered = apply(roll_state(A_LITTLE_AHEAD), Double())
    study = sc.study_cube(offered)
    assert study.advice.response == "take"
    verdict = sc.cube_verdict(study, "pass", sc.Coach("blunders"))
    assert verdict is not None and verdict.reason.key == "coach.cube.pass" and verdict.better_action == "take"
    assert sc.cube_verdict(study, "take", sc.Coach("mistakes")) is None


def test_a_double_too_early_is_stopped_and_a_right_one_is_not() -> None:
    early = sc.study_cube(roll_state(BEHIND))
    verdict = sc.cube_verdict(early, "double", sc.Coach("blunders"))
    assert verdict is not None and verdict.reason.key == "coach.cube.early"
    assert verdict.better_action == "no double"
    right = sc.study_cube(roll_state(FAR_AHEAD))
    assert right.advice.proper == "double"
    assert sc.cube_verdict(right, "double", sc.Coach("mistakes")) is None


def test_a_double_too_good_is_stopped_with_the_gammon_chance() -> None:
    study = sc.study_cube(roll_state(TOO_GOOD))
    assert study.advice.proper == "too good"
    verdict = sc.cube_verdict(study, "double", sc.Coach("blunders"))
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
    assert sc.cube_verdict(study, "take", sc.Coach("blunders")) is not None
