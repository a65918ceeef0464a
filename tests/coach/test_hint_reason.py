"""The Hint says why: one sentence on the expert's play (game/coach/hint.py), true of the board, shown
in the status line while the hint's arrows stand, worked out where the computer thinks (a worker)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable

import pygame
import pytest

from game import i18n
from game.ai import api
from game.ai.jobs import Where
from game.coach import hint_reason
from game.coach.words import Phrase, render
from game.engine import Position, legal_plays
from game.engine.flow import OpeningRoll, Phase, apply, new_game
from game.engine.moves import apply_move
from game.engine.position import BAR
from game.i18n import tr, tr_message
from game.ui.board.view import HINT
from game.ui.play import hints as hints_module
from game.ui.play.panel import STATUS_LEFT, STATUS_RIGHT, status
from game.ui.text import CACHE, MIN_SIZE
from tests.helpers.coach_cases import bench_cases, brute_force_shots
from tests.helpers.paths import ROOT
from tests.helpers.ui_driver import (
    button_xy,
    click,
    close_screen,
    drag,
    make_app,
    point_xy,
    run_until,
    start_game,
)

START = Position.start()
HINT_KEYS = {
    "coach.hint.safe", "coach.hint.shots", "coach.hint.hit.one", "coach.hint.hit.other",
    "coach.hint.make.golden", "coach.hint.make.bar", "coach.hint.make.home", "coach.hint.make.anchor",
    "coach.hint.make.outfield", "coach.hint.keep", "coach.hint.prime", "coach.hint.closed",
    "coach.hint.escape.one", "coach.hint.escape.other", "coach.hint.off.one", "coach.hint.off.other",
    "coach.hint.waste.one", "coach.hint.waste.other", "coach.hint.waste_none", "coach.hint.race",
    "coach.hint.gammon_win", "coach.hint.gammon_safe", "coach.hint.win", "coach.hint.generic",
    "coach.hint.forced",
}  # fmt: skip


def _after(pos: Position, moves: tuple[object, ...]) -> Position:
    for m in moves:
        pos = apply_move(pos, m)  # type: ignore[arg-type]
    return pos


def _held(pos: Position) -> set[int]:
    return {i + 1 for i in range(24) if pos.me[i] >= 2}


def _back(pos: Position) -> int:
    return sum(pos.me[18:24]) + pos.me[BAR]


def _longest_run(held: set[int]) -> int:
    best = run = 0
    for point in range(1, 25):
        run = run + 1 if point in held else 0
        best = max(best, run)
    return best


def check_said(pos: Position, dice: tuple[int, int], moves: tuple[object, ...], phrase: Phrase) -> None:
    """The sentence's fact, counted here from the two boards (shots with the reference generator)."""
    after = _after(pos, moves)
    key, params = phrase.key, phrase.params
    if key == "coach.hint.safe":
        assert brute_force_shots(after) == 0
    elif key == "coach.hint.shots":
        assert brute_force_shots(after) == params["shots"] > 0
    elif key == "coach.hint.hit":
        assert after.opp[BAR] - pos.opp[BAR] == params["n"] >= 1
    elif key.startswith("coach.hint.make."):
        point = int(params["point"])
        assert point in _held(after) and point not in _held(pos)
    elif key == "coach.hint.keep":
        point = int(params["point"])
        assert point in _held(after) and point in _held(pos)
    elif key == "coach.hint.prime":
        assert _longest_run(_held(after)) == params["length"] >= 3
    elif key == "coach.hint.escape":
        assert _back(pos) - _back(after) == params["n"] >= 1
    elif key == "coach.hint.off":
        assert after.my_off - pos.my_off == params["n"] >= 1
    elif key == "coach.hint.forced":
        assert len({p.position for p in legal_plays(pos, dice)}) == 1
    elif key == "coach.hint.race":
        assert after.is_race() and after.pips()[0] < after.pips()[1]


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_every_hint_sentence_is_in_every_catalogue(lang: str) -> None:
    data = json.loads((ROOT / "assets" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    assert {k for k in data if k.startswith("coach.hint.")} == HINT_KEYS


def test_every_hint_sentence_fits_the_status_line_at_the_floor_size() -> None:
    """The longest numbers each sentence can carry, in every language: one line beside the Menu button."""
    pygame.font.init()
    room = STATUS_RIGHT - STATUS_LEFT
    for lang in i18n.LANGUAGES:
        for key in HINT_KEYS:
            text = i18n.translate(lang, key, shots=35, n=4, point=24, length=6, home=6, wasted=12, pct=100)
            assert "{" not in text and CACHE.font(MIN_SIZE).size(text)[0] <= room, (lang, key)


def test_the_opening_three_one_is_said_to_leave_no_shot() -> None:
    """8/5 6/5 against the evaluator's next choice, 24/23 13/10 (three blots that 34 rolls hit): what
    tells them apart most is that the expert's play leaves nothing to hit."""
    best = api.hint(START, (3, 1))
    assert best is not None
    (phrase,) = hint_reason(START, (3, 1), best.moves)
    assert phrase == Phrase("coach.hint.safe")
    check_said(START, (3, 1), best.moves, phrase)
    assert render((phrase,), "en") == "The expert's play leaves no blot your opponent can hit."


def test_a_forced_play_is_said_to_be_the_only_one() -> None:
    race = Position((1,) + (0,) * 24, (0,) * 5 + (15,) + (0,) * 19)
    (play,) = legal_plays(race, (2, 1))
    assert hint_reason(race, (2, 1), play.moves) == (Phrase("coach.hint.forced"),)


def test_a_play_that_is_not_legal_is_refused() -> None:
    with pytest.raises(ValueError, match="not a legal play"):
        hint_reason(START, (3, 1), legal_plays(START, (6, 5))[0].moves)


def test_what_the_hint_says_is_true_of_the_board() -> None:
    """On positions from play: every fact said is recounted from the boards (shots by the reference
    generator over the 36 rolls), and the sentence renders in every language."""
    said: set[str] = set()
    for pos, dice in bench_cases(40, 7):
        best = api.hint(pos, dice)
        assert best is not None
        phrases = hint_reason(pos, dice, best.moves)
        assert len(phrases) == 1
        check_said(pos, dice, best.moves, phrases[0])
        for lang in i18n.LANGUAGES:
            text = render(phrases, lang)
            assert text and "{" not in text and "coach." not in text
        said.add(phrases[0].key)
    assert len(said) >= 5  # not one sentence for everything


# ---------------------------------------------------------------------------------------------
# On screen


@pytest.fixture()
def against_computer():  # type: ignore[no-untyped-def]
    app = make_app(speed="fast")
    scene = start_game(app, mode="computer", seed=5)
    scene.resume(apply(new_game(), OpeningRoll(3, 1)))
    assert scene.state.phase is Phase.MOVING and scene.state.turn == 0
    yield app, scene
    close_screen()


def test_the_status_line_says_why_while_the_hint_stands(against_computer) -> None:  # type: ignore[no-untyped-def]
    app, scene = against_computer
    before = status(scene)[0]
    click(app, button_xy(scene, tr("ui.hint")))
    assert scene.hints.moves and scene.hints.why
    text, colour = status(scene)
    assert text == render(scene.hints.why, i18n.get_language()) and text != before
    assert colour == HINT  # the colour of the hint's arrows and play
    move = scene.hints.moves[0]
    drag(app, point_xy(0, move.src), point_xy(0, move.dst))
    assert scene.state.moves and scene.hints.why == () and status(scene)[0] != text


def test_the_reason_is_worked_out_beside_the_loop(against_computer, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """The reason is asked where the computer thinks (here a thread: a worker cannot be handed this
    test's stand-in): the arrows and the play show at once, the loop keeps running while the sentence
    is worked out, then it shows.

    The waits are bounded generously, as the worker test's below: the hint's play is thought out in a
    thread too, and when this test is the first of its process to ask the computer, that thread first
    loads the network and the bear-off table (about 0.3 s of CPU, longer under load), which 2,000 loop
    steps did not always cover (the order-dependent failure of issue 34: it passed only after another
    test had loaded them)."""
    app, scene = against_computer
    gate = threading.Event()
    real = hint_reason

    def slow(*args: object) -> tuple[Phrase, ...]:
        gate.wait(10.0)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr("game.coach.hint_reason", slow)
    scene.game.opponent.where = Where.THREAD
    click(app, button_xy(scene, tr("ui.hint")))
    run_until(app, lambda: scene.hints.moves is not None, max_steps=200000)
    for _ in range(20):  # the loop steps and draws while the reason is held back
        app.step()
        app.draw(0.0)
    assert scene.hints.why == () and scene.hints.busy and scene.busy()
    assert status(scene)[0] == tr_message(scene.game.say("ui.to_move", 0, dice="3-1"))
    gate.set()
    run_until(app, lambda: bool(scene.hints.why), max_steps=200000)
    assert not scene.hints.busy
    assert status(scene)[0] == render(scene.hints.why, i18n.get_language())


def test_on_a_cabinet_the_reason_is_a_worker_processs_job(
    against_computer, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """Where the computer thinks in its worker process, so does the reason (never a thread of the
    game's process), and it is the sentence worked out at once."""
    app, scene = against_computer
    asked: list[tuple[str, Where]] = []
    real_start = hints_module.start

    def spy(question: Callable[[], object], where: Where, *, what: str) -> object:
        asked.append((what, where))
        return real_start(question, where, what=what)

    monkeypatch.setattr(hints_module, "start", spy)
    scene.game.opponent.where = Where.WORKER
    click(app, button_xy(scene, tr("ui.hint")))
    run_until(app, lambda: scene.hints.moves is not None and not scene.hints.busy, max_steps=200000)
    assert asked == [("hint reason", Where.WORKER)]
    assert not [t.name for t in threading.enumerate() if t.name == "ai-hint reason"]
    moves = scene.hints.moves
    assert moves and scene.hints.why == hint_reason(START, (3, 1), moves)


def test_a_reason_that_arrives_after_the_player_moved_is_dropped(
    against_computer, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    app, scene = against_computer
    gate = threading.Event()

    def late(*args: object) -> tuple[Phrase, ...]:
        gate.wait(10.0)
        return (Phrase("coach.hint.safe"),)

    monkeypatch.setattr("game.coach.hint_reason", late)
    scene.game.opponent.where = Where.THREAD
    click(app, button_xy(scene, tr("ui.hint")))
    run_until(
        app, lambda: scene.hints.moves is not None, max_steps=200000
    )  # a cold first hint loads the network (see above)
    move = scene.hints.moves[0]
    drag(app, point_xy(0, move.src), point_xy(0, move.dst))
    gate.set()
    for _ in range(30):
        app.step()
    assert scene.hints.why == () and tr("coach.hint.safe") != status(scene)[0]


def test_a_failing_reason_leaves_the_hint_without_a_sentence(
    against_computer, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    app, scene = against_computer

    def broken(*args: object) -> object:
        raise RuntimeError("no facts")

    monkeypatch.setattr("game.coach.hint_reason", broken)
    click(app, button_xy(scene, tr("ui.hint")))
    assert scene.hints.moves and scene.hints.why == ()
    assert status(scene)[0] == tr_message(scene.game.say("ui.to_move", 0, dice="3-1"))


def test_the_hints_play_is_in_the_numbers_of_the_board(against_computer) -> None:  # type: ignore[no-untyped-def]
    app, scene = against_computer
    click(app, button_xy(scene, tr("ui.hint")))
    assert scene.hints.play() == "8/5 6/5"  # the human's own numbers: his labels
