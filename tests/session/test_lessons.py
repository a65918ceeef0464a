"""Learn to play's lessons against the rules: every board real, every right play legal for its dice,
every word in every language; and the loader refuses a broken step with its name and the reason."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game import i18n
from game.ai.question import CubeQuestion
from game.engine.errors import IllegalAction
from game.engine.flow import Double, Pass, Phase, Roll, Take, apply
from game.engine.moves import legal_plays
from game.engine.notation import format_play
from game.session import lessons
from game.session.lessons import LESSONS_FILE, LessonError, Step, load_lessons, parse_lessons

STEPS = load_lessons()
MOVES = [s for s in STEPS if s.kind == "move"]


def raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(LESSONS_FILE.read_text(encoding="utf-8"))
    return data


def test_the_shipped_lessons_load_and_cover_every_kind() -> None:
    assert [s.kind for s in STEPS].count("move") >= 6
    assert {s.kind for s in STEPS} == set(lessons.KINDS)
    assert len({s.id for s in STEPS}) == len(STEPS)


@pytest.mark.parametrize("step", MOVES, ids=[s.id for s in MOVES])
def test_every_right_play_is_legal_for_the_steps_dice(step: Step) -> None:
    """Checked here against the move generator itself, not through the loader's parser."""
    assert step.dice is not None
    legal = {p.position: format_play(p.moves) for p in legal_plays(step.position, step.dice)}
    if not legal:  # nothing can be played: the only right play is none
        assert step.accept == ("",) and step.results == {step.position}
        return
    assert step.results, step.id
    for after in step.results:
        assert after in legal, f"{step.id}: a right play leaves a board no legal play reaches"
    assert step.forced == (set(legal) <= step.results)


@pytest.mark.parametrize("step", MOVES, ids=[s.id for s in MOVES])
def test_the_judge_takes_right_plays_and_only_those(step: Step) -> None:
    assert step.dice is not None
    for play in legal_plays(step.position, step.dice):
        assert step.right_play(play.position) == (play.position in step.results)


def test_each_step_starts_where_the_learner_acts() -> None:
    for step in STEPS:
        state = step.start()
        if step.kind == "move":
            assert state.phase is Phase.MOVING and state.turn == 0 and state.dice == step.dice
            assert state.position == step.position
        elif step.kind == "answer":  # black has doubled; the learner (player 0) answers
            assert state.phase is Phase.CUBE_OFFERED and state.answering == 0
            assert state.board_for(0) == step.position
            for action in (Take(), Pass()):
                apply(state, action)
        else:
            assert state.phase is Phase.ROLL and state.turn == 0 and state.can_double() is None
            apply(apply(state, Double()), Pass())
            apply(state, Roll((3, 1)))


def test_cube_answers_are_judged() -> None:
    take = next(s for s in STEPS if s.id == "take")
    assert take.right_answer("take") and not take.right_answer("pass") and not take.forced
    double = next(s for s in STEPS if s.id == "double")
    assert double.right_answer("double") and not double.right_answer("roll")


def test_the_steps_teach_what_the_brief_asks() -> None:
    """The rules a newcomer meets, each in a step whose board really shows it."""
    by_id = {s.id: s for s in STEPS}
    # Entering: a checker on the bar, and one of the two dice refused by a closed point.
    enter = by_id["enter"]
    assert enter.position.me[24] == 1 and enter.dice is not None
    with pytest.raises(IllegalAction, match="held"):
        from game.engine.turn import Turn

        Turn(enter.position, enter.dice).step(25, max(enter.dice))
    # Doubles play four times; bearing off the last two checkers wins a gammon.
    assert by_id["doubles"].dice == (3, 3)
    bear = by_id["bear_off"]
    assert all(after.my_off == bear.position.my_off + 2 == 15 for after in bear.results)
    assert bear.position.opp_off == 0  # the last two checkers off win a gammon


def test_every_text_is_in_every_language() -> None:
    assert lessons.missing_texts(STEPS) == []


def test_no_learn_text_is_left_unused() -> None:
    """A hint for a step the rules force would never be seen: the catalogues keep only what shows."""
    used = set(lessons.GENERAL_KEYS) | {key for s in STEPS for key in s.text_keys()}
    for lang in i18n.LANGUAGES:
        keys = {k for k in i18n.catalogue(lang) if k.startswith("learn.")}
        assert keys == used, lang


def test_missing_texts_names_language_and_key() -> None:
    step = STEPS[0]
    fake = Step(id="nowhere", kind="move", position=step.position, dice=step.dice, accept=step.accept)
    missing = lessons.missing_texts([fake], ["fi"])
    assert "fi: learn.nowhere.title" in missing and "fi: learn.nowhere.hint" in missing


def broken(change: dict[str, Any], index: int = 0) -> dict[str, Any]:
    data = raw()
    data["steps"][index] = {**data["steps"][index], **change}
    return data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"position": "not-an-id"}, "bad position"),
        ({"accept": ["24/12"]}, "not a legal play"),
        ({"accept": ["13/7"]}, "not a legal play"),
        ({"dice": [6, 7]}, "dice are two numbers"),
        ({"kind": "dance"}, "kind is one of"),
        ({"lit": [26]}, "lit is a list"),
        ({"button": "quit"}, "button is one of"),
        ({"accept": []}, "accept is a list"),
        ({"id": "Move 1"}, "lower-case"),
    ],
)
def test_a_broken_step_is_refused_with_its_reason(change: dict[str, Any], words: str) -> None:
    with pytest.raises(LessonError, match=words):
        parse_lessons(broken(change))


def test_a_broken_cube_step_is_refused() -> None:
    take = next(i for i, s in enumerate(raw()["steps"]) if s["id"] == "take")
    with pytest.raises(LessonError, match="take or pass"):
        parse_lessons(broken({"accept": ["double"]}, take))
    with pytest.raises(LessonError, match="no dice"):
        parse_lessons(broken({"dice": [3, 1]}, take))


def test_duplicate_ids_and_versions_are_refused(tmp_path: Path) -> None:
    data = raw()
    data["steps"][1]["id"] = data["steps"][0]["id"]
    with pytest.raises(LessonError, match="two steps"):
        parse_lessons(data)
    with pytest.raises(LessonError, match="version"):
        parse_lessons({**raw(), "version": 99})
    with pytest.raises(LessonError, match="no steps"):
        parse_lessons({"version": 1, "steps": []})
    bad = tmp_path / "lessons.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(LessonError, match="cannot be read"):
        load_lessons(bad)


def test_learn_is_offered_once_to_a_player_who_has_not_played(tmp_path: Path) -> None:
    assert lessons.offer_due(False, tmp_path, saved_game=False)
    assert not lessons.offer_due(True, tmp_path, saved_game=False)
    assert not lessons.offer_due(False, tmp_path, saved_game=True)
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "20250101-120000-computer.mat").write_text("", encoding="utf-8")
    assert not lessons.offer_due(False, tmp_path, saved_game=False)


def test_the_expert_plays_every_step_as_the_lesson_teaches() -> None:
    """What a lesson calls right is what the strongest level does: its play is among the right ones,
    it takes the double the take step takes and doubles where the double step doubles."""
    from game.ai import api

    for step in STEPS:
        if step.kind == "move":
            assert step.dice is not None
            play = api.choose_play(step.position, step.dice, "expert")
            after = play.position if play is not None else step.position
            assert step.right_play(after), step.id
        elif step.kind == "answer":
            assert api.should_take(CubeQuestion(step.position), "expert") == step.right_answer("take")
        else:
            assert api.should_double(CubeQuestion(step.position), "expert") == (step.right_answer("double"))
