"""The review screen (a worker thread, progress, Back cancels), its mistakes, and the replay."""

from __future__ import annotations

import itertools
import random
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.ai.jobs import Where
from game.coach.scale import is_error
from game.engine.flow import Phase
from game.engine.matchid import match_id
from game.i18n import tr
from game.record import MatchRecord, PlyKind, read_mat, replay_game
from game.review import Cancelled, MatchReview, MoveReview, PlayerReview, Progress
from game.session import review_job
from game.session import settings as st
from game.session.controller import GameSetup
from game.session.kiosk import Mode
from game.session.review_job import start_review
from game.ui.app import STEP, App, Launch
from game.ui.entry.initials import InitialsScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.replay import ReplayScene, build_steps, mistake_step
from game.ui.scenes.review import ReviewScene
from tests.helpers.matches import HAND_MATCH, mat
from tests.helpers.records_play import play_human_against_computer
from tests.helpers.reviews import NAMES
from tests.helpers.text_spy import spy_on_text
from tests.helpers.ui_driver import let_dialog_show
from tests.helpers.waiting import HANG_LIMIT


@pytest.fixture(autouse=True)
def _reset(ui_reset: None) -> Iterator[None]:
    yield


def panel_lines(
    app: App, replay: ReplayScene, index: int, drawn: list[tuple[str, pygame.Rect]]
) -> list[tuple[str, pygame.Rect]]:
    """The replay's side panel at step ``index``: its lines (from ``drawn``, a :func:`spy_on_text`
    list), each checked to stand inside the panel and clear of the buttons."""
    from game.ui import layout as L

    replay.go(index)
    drawn.clear()
    replay.draw(app.screen, 0.0)
    panel = pygame.Rect(L.PANEL_X - 4, L.BOARD_Y, L.PANEL_W + 8, L.BOARD_H)
    buttons = [b.rect for b in replay.buttons.buttons]
    lines = [(text, rect) for text, rect in drawn if rect.top >= L.BOARD_Y]  # not the screen's title
    for text, rect in lines:
        assert panel.contains(rect), (index, text, rect, panel)
        assert not any(rect.colliderect(b) for b in buttons), (index, text, rect)
    return lines


def record_app(tmp_path: Path, kiosk: bool = False) -> App:
    # The coach off: its card would hold the random plays these review tests make.
    settings = st.Settings(animation="fast", coach="off")
    return App(settings, Launch(kiosk=kiosk), data_dir=tmp_path, threaded_ai=False)


def quick_review(record: MatchRecord, progress: Progress, cancel: Callable[[], bool]) -> MatchReview:
    """A stand-in for the expert's review: every unforced move of player 0 lost 0.004, of player 1 0.03."""
    moves: tuple[list[MoveReview], list[MoveReview]] = ([], [])
    for game in record.games:
        for k, r in enumerate(replay_game(record.rules, game), start=1):
            if r.ply.kind is PlyKind.ROLL and r.state.dice is not None:
                lost = 0.004 if r.ply.player == 0 else 0.03
                moves[r.ply.player].append(
                    MoveReview(game.number, k, k - 1, r.ply.player, r.state.dice, r.state, r.ply.moves,
                               r.ply.moves, -lost, 0.0, False, 0.0)
                )  # fmt: skip
            progress(k, len(game.plies))
            if cancel():
                raise Cancelled
    players = tuple(PlayerReview(p, record.names[p], tuple(moves[p]), (), ()) for p in (0, 1))
    return MatchReview(record, (players[0], players[1]))


def _click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=1, touch=False))


def _button(scene: ReviewScene | ReplayScene, label: str) -> tuple[int, int]:
    return next(b for b in scene.buttons.buttons if b.label == label).rect.center


def test_the_screen_draws_and_answers_while_the_review_works_and_back_cancels_it(tmp_path: Path) -> None:
    gate = threading.Event()
    stopped = threading.Event()

    def slow(record: MatchRecord, progress: Progress, cancel: Callable[[], bool]) -> MatchReview:
        progress(1, 4)
        while not cancel():  # a review that would run until told to stop
            gate.wait(0.005)
        stopped.set()
        raise Cancelled

    app = record_app(tmp_path)
    below = GameScene(app, GameSetup(mode="two", match_length=3, seed=1))
    app.scenes.reset(below)
    scene = ReviewScene(app, read_mat(HAND_MATCH), NAMES, "Review", reviewer=slow)
    app.scenes.push(scene)
    for _ in range(30):  # the loop keeps stepping and drawing: nothing waits for the worker
        app.step()
        app.draw()
    assert scene.busy() and scene.review is None and scene.job.fraction == 0.25
    _click(app, _button(scene, "Back"))
    assert app.scenes.top is below and scene.job.cancelled
    assert stopped.wait(HANG_LIMIT) and scene.job.wait(HANG_LIMIT) and scene.job.result is None


def test_a_failing_review_is_said_on_screen_not_raised(tmp_path: Path) -> None:
    def broken(record: MatchRecord, progress: Progress, cancel: Callable[[], bool]) -> MatchReview:
        raise RuntimeError("no network")

    job = start_review(read_mat(HAND_MATCH), broken, where=Where.HERE)
    assert job.done and job.result is None and job.error is not None and "no network" in job.error


def _reviewed(tmp_path: Path, record: MatchRecord, review: MatchReview) -> tuple[App, ReviewScene]:
    """The review of ``record`` over a two-player game, its (hand-made) review finished and shown once."""
    app = record_app(tmp_path)
    app.scenes.reset(GameScene(app, GameSetup(mode="two", match_length=3, seed=1)))
    scene = ReviewScene(app, record, NAMES, "Review", reviewer=lambda r, p, c: review)
    app.scenes.push(scene)
    assert scene.job.wait(HANG_LIMIT)
    app.step()
    return app, scene


def test_a_newcomers_review_shows_the_checker_plays_first_and_opens_them(
    tmp_path: Path, hand: tuple[MatchRecord, MatchReview]
) -> None:
    """Issue 36: a coached player's review (a newcomer's) leads with the checker plays; its first
    card opens the replay at that play."""
    record, review = hand
    app = record_app(tmp_path)
    app.scenes.reset(GameScene(app, GameSetup(mode="two", match_length=3, seed=1)))
    scene = ReviewScene(app, record, NAMES, "Review", reviewer=lambda r, p, c: review, newcomer=True)
    app.scenes.push(scene)
    assert scene.job.wait(HANG_LIMIT)
    app.step()
    app.draw(0.0)
    alice = review.players[0]
    assert alice.worst[0].kind != "move"  # her costliest decision is a double
    first = scene.cards_of(alice)[0]
    assert first.kind == "move"
    for m in scene.cards_of(alice):  # the plays in words, without the equities nobody taught
        for which in ("made", "better"):
            assert not re.search(r"\([+−]\d", scene.play(m, which, 2000)), scene.play(m, which, 2000)
    _click(app, scene._card(0).center)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene)
    step = replay.steps[replay.index]
    assert step.ply is not None and step.ply.kind is PlyKind.ROLL and step.ply.moves == first.made_moves


def test_the_review_shows_both_players_and_a_mistake_opens_the_replay_there(
    tmp_path: Path, hand: tuple[MatchRecord, MatchReview]
) -> None:
    record, review = hand
    app, scene = _reviewed(tmp_path, record, review)
    app.draw()
    assert scene.review is review and not scene.busy()
    _click(app, scene._box(1).center)
    assert scene.selected == 1
    bob = review.players[1]
    assert bob.worst  # Bob's drops are mistakes (see tests/review/test_review.py)
    _click(app, scene._card(0).center)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene)
    game_index, ply_index = mistake_step(record, bob.worst[0])
    step = replay.steps[replay.index]
    assert step.ply == record.games[game_index].plies[ply_index] and step.ply.player == 1
    assert is_error(step.cost)
    app.draw()


def test_replay_steps_forward_and_back_and_shows_the_ids(
    hand: tuple[MatchRecord, MatchReview], tmp_path: Path
) -> None:
    record, review = hand
    app = record_app(tmp_path)
    replay = ReplayScene(app, record, NAMES, review)
    app.scenes.reset(replay)
    steps = build_steps(record, None)
    assert len(steps) == sum(len(g.plies) + 1 for g in record.games)
    assert replay.index == 0
    _click(app, _button(replay, "‹"))
    assert replay.index == 0  # nothing before the first step
    _click(app, _button(replay, "›"))
    assert replay.index == 1
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT):  # the arrow keys step too
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    assert replay.index == 2
    forward = _button(replay, "›")
    _click(app, forward)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=forward, button=1, clicks=2, touch=False))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=forward, button=1, touch=False))
    assert replay.index == 4  # two quick taps: two steps
    _click(app, _button(replay, "»"))
    assert replay.steps[replay.index].ply is None and replay.steps[replay.index].game == 0
    end = replay.steps[replay.index].state
    assert end.phase is Phase.GAME_OVER and end.result == record.games[0].result
    _click(app, _button(replay, "›"))
    assert replay.steps[replay.index].game == 1  # on into the next game
    _click(app, _button(replay, "«"))
    assert replay.steps[replay.index].game == 1 and replay.steps[replay.index - 1].ply is None
    marks = replay.mistakes(replay.reader)  # Next mistake follows the reader's own decisions
    assert marks
    replay.go(0)
    _click(app, _button(replay, "Next mistake"))
    assert replay.index == marks[0]
    _click(app, _button(replay, "IDs"))  # the IDs are behind their button
    assert replay.show_ids
    app.draw()
    shown = replay.steps[replay.index].state
    assert match_id(shown) and shown.position.position_id()
    assert replay.describe(replay.steps[replay.index])


def test_the_game_over_dialog_opens_the_review_of_that_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(review_job, "run_review", quick_review)
    app = record_app(tmp_path)
    scene = GameScene(app, GameSetup(mode="computer", match_length=5, seed=11))
    app.scenes.reset(scene)
    play_human_against_computer(app, scene, random.Random(3))
    let_dialog_show(app, scene)
    review = next(b for b in scene.modal.buttons if b.label == "Review")
    _click(app, review.rect.center)
    top = app.scenes.top
    assert isinstance(top, ReviewScene) and top.record.games[0].result == scene.state.result
    assert top.job.wait(HANG_LIMIT)
    app.step()
    assert top.review is not None and top.review.players[0].error_rate == pytest.approx(4.0)


def test_in_kiosk_mode_the_review_the_visitor_chose_asks_for_initials(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(review_job, "run_review", quick_review)
    app = record_app(tmp_path, kiosk=True)
    assert app.kiosk is not None
    app.kiosk.mode = Mode.ACTIVE
    scene = GameScene(app, GameSetup(mode="computer", match_length=5, seed=11))
    app.scenes.reset(scene)
    play_human_against_computer(app, scene, random.Random(3))
    for _ in range(400):
        app.step()
    assert app.scenes.top is scene  # the game-over card stays: the review is the visitor's choice
    scene.open_review()
    top = app.scenes.top
    assert isinstance(top, ReviewScene)
    assert top.job.wait(HANG_LIMIT)
    app.step()
    keypad = app.scenes.top
    assert isinstance(keypad, InitialsScene)
    keypad.text = "JOE"
    keypad.submit()
    (entry,) = app.leaderboard.today()
    assert entry.initials == "JOE" and entry.error_rate == 4.0
    assert entry.won == (scene.state.result is not None and scene.state.result.winner == 0)


def test_review_of_a_game_that_was_not_recorded_says_so(tmp_path: Path) -> None:
    from tests.helpers.records_play import play_out

    app = record_app(tmp_path)
    scene = GameScene(app, GameSetup(mode="two", match_length=3, seed=2))
    app.scenes.reset(scene)
    play_out(app, scene, random.Random(6))
    assert scene.finished_record() is not None
    app.records.recorder = None  # as after a resumed game whose record file was lost
    scene.open_review()
    assert (
        app.scenes.top is scene
        and scene.flash_text == "This game was not recorded, so there is nothing to review"
    )


def test_a_kiosk_does_not_return_to_the_demo_while_a_review_works(tmp_path: Path) -> None:
    gate = threading.Event()

    def slow(record: MatchRecord, progress: Progress, cancel: Callable[[], bool]) -> MatchReview:
        gate.wait(HANG_LIMIT)  # until the test is done with the idle time, however slow its steps are
        raise Cancelled

    app = record_app(tmp_path, kiosk=True)
    assert app.kiosk is not None
    app.kiosk.mode = Mode.ACTIVE
    app.scenes.reset(GameScene(app, GameSetup(mode="computer", match_length=3, seed=1)))
    scene = ReviewScene(app, read_mat(HAND_MATCH), NAMES, "Review", reviewer=slow)
    app.scenes.push(scene)
    idle = app.kiosk.config.idle_seconds
    for _ in range(round((idle + 15) / STEP)):
        app.step()
    assert app.scenes.top is scene and app.kiosk.mode is Mode.ACTIVE
    gate.set()
    assert scene.job.wait(HANG_LIMIT)


def test_every_rating_has_its_own_colour_warming_from_green_to_red() -> None:
    from game.review.judge import RATINGS
    from game.ui.scenes.review import rating_colour

    colours = [rating_colour(key) for _, key, _ in RATINGS]
    assert len(set(colours[1:])) == len(colours) - 1  # flawless and masterly share the top green only
    reds = [c[0] - c[1] for c in colours]
    assert reds == sorted(reds) and reds[0] < 0 < reds[-1]  # greener at the top, redder at the bottom


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_the_review_and_the_replay_number_a_mistake_the_same_way(
    lang: str, tmp_path: Path, hand: tuple[MatchRecord, MatchReview]
) -> None:
    """A play test read "move 9" on the review and "step 16 of 50" in the replay of the same position:
    both now give the game and the match sheet's move number, and say whose move it was."""
    record, review = hand
    i18n.set_language(lang)
    app, scene = _reviewed(tmp_path, record, review)
    checked = 0
    for player in (0, 1):
        scene.selected = player
        app.draw()
        for i, m in enumerate(review.players[player].worst):
            card = scene.where(m)
            assert re.findall(r"\d+", card)[:2] == [str(m.game), str(m.line)] and NAMES[m.player] in card
            scene.open_mistake(i)
            replay = app.scenes.top
            assert isinstance(replay, ReplayScene)
            step = replay.steps[replay.index]
            header = replay.where(step)
            assert re.findall(r"\d+", header)[:2] == [str(m.game), str(m.line)], (card, header)
            assert replay.describe(step).startswith(NAMES[m.player])  # the line under it: whose move
            app.draw()
            replay.close()
            assert app.scenes.top is scene
            checked += 1
    assert checked >= 2


def test_the_replay_shows_the_cube_as_it_was_at_a_take_and_a_pass(
    hand: tuple[MatchRecord, MatchReview], tmp_path: Path
) -> None:
    """A play test saw a centred cube (its face 64) at the steps where a double was taken or passed: the
    replay drew the cube of the state the double was offered in. Read off the screen now: the take's
    step shows the cube the taker owns, a pass's the value offered, in the middle; the double's own
    step still shows the cube it was made with."""
    from tests.helpers.screen_probe import ScreenReader

    record, _ = hand
    app = record_app(tmp_path)
    replay = ReplayScene(app, record, NAMES)
    app.scenes.reset(replay)

    def cube_at(kind: PlyKind, game: int, nth: int = 0) -> tuple[int, int | None] | None:
        steps = enumerate(replay.steps)
        index = [i for i, s in steps if s.game == game and s.ply and s.ply.kind is kind][nth]
        _click(app, _button(replay, "«"))  # stepping there by the buttons, as a player would
        while replay.steps[replay.index].game < game:
            _click(app, _button(replay, "»"))
            _click(app, _button(replay, "›"))
        while replay.index < index:
            _click(app, _button(replay, "›"))
        assert replay.index == index
        app.draw(0.0)
        return ScreenReader(app.screen, app.sprites).cube()

    # Game 1: Alice (player 0) doubles to 2 from the centre, Bob passes.
    assert cube_at(PlyKind.DOUBLE, 0) == (1, None)  # the double is made with the centred cube
    assert cube_at(PlyKind.PASS, 0) == (2, None)  # the 2 offered and refused, not the centred 64
    # Game 2: Bob doubles to 2, Alice takes; Alice redoubles to 4, Bob passes.
    assert cube_at(PlyKind.TAKE, 1) == (2, 0)  # Alice owns the 2 she took
    assert cube_at(PlyKind.DOUBLE, 1, 1) == (2, 0)  # her redouble is made with it
    assert cube_at(PlyKind.PASS, 1) == (4, None)


def test_a_take_or_pass_card_opens_the_replay_at_its_step(
    tmp_path: Path, hand: tuple[MatchRecord, MatchReview]
) -> None:
    """Each of Bob's take-or-pass cards (his passes, see tests/review/test_review.py) opens the replay at
    that pass, whose board is the one the card stands for (the cards have no small boards of their own
    since issue 36: they could not be read at 800x480)."""
    record, review = hand
    app, scene = _reviewed(tmp_path, record, review)
    _click(app, scene._box(1).center)
    app.draw(0.0)
    bob = review.players[1]
    cards = [i for i, m in enumerate(bob.worst) if m.kind == "take"]
    assert len(cards) >= 2
    for i in cards:
        _click(app, scene._card(i).center)
        replay = app.scenes.top
        assert isinstance(replay, ReplayScene)
        step = replay.steps[replay.index]
        assert step.ply is not None and step.ply.kind is PlyKind.PASS
        _click(app, _button(replay, "Back"))
        assert app.scenes.top is scene


# The start of a real game against the expert, as the game wrote it: the computer enters two
# checkers and hits with 5-5 at move 9 (a play of four moves after a name and a roll).
_HEADER = """
    ; [Player 1 "Player"]
    ; [Player 2 "Computer-expert"]

     3 point match
"""
_SEVEN_MOVES = """
      1) 32: 24/21 6/4               46: 24/18 8/4*
      2) 11: 25/24 8/7* 6/5 5/4      51: 25/20 4/3
      3) 35: 13/8 8/5*               15: 25/20* 24/23
      4) 21: 25/23 23/22*            14: 25/24 24/20
      5) 41: 24/20 7/6               21: 6/5* 5/3*
      6) 54: 25/20 25/21             15: 8/3 6/5*
      7) 12: 25/23 21/20*            66:
"""
_FIVE_FIVE = "23/18 18/17*            55: 25/20 25/20 13/8* 13/8"
LONG_PLAYS = mat(
    _HEADER
    + """
     Game 1
     Player : 0                      Computer-expert : 0"""
    + _SEVEN_MOVES
    + f"""      8)  Doubles => 2                Takes
      9) 51: {_FIVE_FIVE}
"""
)


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_a_long_play_in_the_replay_stays_inside_the_panel(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen in a real window at 800x480: "Computer: rolled 5-5, played bar/20(2) 13/8* 13/8" was split in
    two lines whose second one was still wider than the replay's panel; it ran over the board on the
    left and off the screen on the right. Every line of the panel is now inside it and above its
    buttons, at every step, in every language, also where a long better play is shown under a mistake."""
    import dataclasses

    from game.ui.app import apply_language
    from game.ui.scenes import replay as replay_module

    apply_language(lang)
    record = read_mat(LONG_PLAYS)
    app = record_app(tmp_path)
    replay = ReplayScene(app, record, (tr("ui.player_you"), tr("ui.player_computer")))
    app.scenes.reset(replay)
    long_play = next(s.ply.moves for s in replay.steps if s.ply is not None and len(s.ply.moves) == 4)
    drawn = spy_on_text(monkeypatch, replay_module)
    for mistake in (False, True):
        if mistake:
            replay.steps = [dataclasses.replace(s, better=long_play, error=0.5) for s in replay.steps]
        for index in range(len(replay.steps)):
            panel_lines(app, replay, index, drawn)


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_the_cards_of_the_costliest_mistakes_all_name_the_player_or_none_does(
    lang: str, tmp_path: Path, hand: tuple[MatchRecord, MatchReview], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A play test saw "Game 1, move 9 (Computer)" on the first card and "Game 1, move 25" on the next two:
    the name fitted the card's width only beside a one-digit move, and the cards without it looked as if
    they were nobody's. The cards of one player now all say it the same way."""
    import dataclasses

    from game.ui.app import apply_language
    from game.ui.scenes import review as review_module

    apply_language(lang)
    record, review = hand
    names = (tr("player.you"), tr("player.computer"))
    drawn = spy_on_text(monkeypatch, review_module)
    for lines in ((9, 25, 26), (9, 10, 125), (1, 2, 3)):
        worst = tuple(
            dataclasses.replace(m, game=1, line=n)
            for m, n in zip(review.players[1].worst, lines, strict=True)
        )
        players = (review.players[0], dataclasses.replace(review.players[1], worst=worst))
        shown = dataclasses.replace(review, players=players)
        app = record_app(tmp_path)
        app.scenes.reset(GameScene(app, GameSetup(mode="computer", match_length=3, seed=1)))
        scene = ReviewScene(app, record, names, "Review", seat=1, reviewer=lambda r, p, c, s=shown: s)
        app.scenes.push(scene)
        assert scene.job.wait(HANG_LIMIT)
        app.step()
        drawn.clear()
        scene.draw(app.screen, 0.0)
        firsts = [
            next(text for text, rect in drawn if scene._card(i).contains(rect)) for i in range(len(worst))
        ]
        for text, n in zip(firsts, lines, strict=True):
            assert re.findall(r"\d+", text)[:2] == ["1", str(n)], firsts
        named = [names[1] in text for text in firsts]
        assert all(named) or not any(named), (lines, firsts)
        if lines == (1, 2, 3) and lang != "hu":  # short enough for the name everywhere but "Számítógép"
            assert all(named), firsts


# A 3-point match whose second game is the Crawford game (the player leads 2-0): its plays are those of
# LONG_PLAYS without the double, which the Crawford game does not allow.
CRAWFORD_MATCH = mat(
    _HEADER
    + """
     Game 1
     Player : 0                      Computer-expert : 0
      1) 62: 24/18 13/11             61: 13/7* 8/7
      2) 55: bar/20 20/15 13/8(2)    Doubles => 2
      3)  Takes                      43: 24/20 24/21
      4)  Doubles => 4                Drops
          Wins 2 points

     Game 2
     Player : 2                      Computer-expert : 0"""
    + _SEVEN_MOVES
    + f"""      8) 51: {_FIVE_FIVE}
"""
)


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_the_replay_says_which_game_is_the_crawford_game(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A play tester stepping through a match could not tell that a game was the Crawford game (in which
    nobody may double): the replay showed the score and nothing else of the match. It now says "Crawford
    game" under the score of that game, and only of that game, and the panel's lines stay inside it and
    clear of its buttons at every step, also with long plays and a long better play."""
    import dataclasses

    from game.engine.notation import format_play
    from game.ui import layout as L
    from game.ui.app import apply_language
    from game.ui.scene import DIM
    from game.ui.scenes import replay as replay_module
    from game.ui.text import READ_SIZE
    from tests.helpers.screen_probe import find_text, grab

    apply_language(lang)
    record = read_mat(CRAWFORD_MATCH)
    assert [g.crawford for g in record.games] == [False, True]
    app = record_app(tmp_path)
    replay = ReplayScene(app, record, (tr("player.you"), tr("player.computer")))
    app.scenes.reset(replay)
    panel = pygame.Rect(L.PANEL_X - 4, L.BOARD_Y, L.PANEL_W + 8, L.BOARD_H)
    said = tr("replay.crawford")
    for index, step in enumerate(replay.steps):
        replay.go(index)
        app.draw()
        shown = find_text(grab(app.screen), said, READ_SIZE, DIM, panel) is not None
        assert shown == record.games[step.game].crawford, (index, step.game)

    drawn = spy_on_text(monkeypatch, replay_module)
    for names in ((tr("player.you"), tr("player.computer")), record.names):
        replay = ReplayScene(app, record, names)
        app.scenes.reset(replay)
        plays = [s.ply.moves for s in replay.steps if s.ply is not None]
        long_play = max(plays, key=lambda moves: len(format_play(moves)))  # "bar/20(2) 13/8* 13/8"
        replay.steps = [dataclasses.replace(s, better=long_play, error=0.5) for s in replay.steps]
        for index in range(len(replay.steps)):
            rows = sorted((rect.centery, text) for text, rect in panel_lines(app, replay, index, drawn))
            for (a, _), (b, text) in itertools.pairwise(rows):  # no line runs into the next (type 26)
                assert b - a >= 28, (names, index, text, rows)  # the panel's line pitch at the least


def test_the_replay_tells_the_two_plays_apart_and_shows_one_alone(
    tmp_path: Path, hand: tuple[MatchRecord, MatchReview]
) -> None:
    """Issue 36: the review's small boards were unreadable at 800x480; a card now opens the replay's
    whole board, where the play made (solid, orange) and the better play (dashed, green) cross. A legend
    names each beside its arrow, and a tap on one shows that play's arrows alone (A goes round)."""
    from game.ui.board import still as still_board
    from game.ui.layout import LAYOUT
    from game.ui.scenes.replay import Arrows

    record, review = hand
    app = record_app(tmp_path)
    replay = ReplayScene(app, record, NAMES, review)
    app.scenes.reset(replay)
    replay.go(next(i for i, step in enumerate(replay.steps) if replay.two_plays(step)))

    def ink(colour: tuple[int, int, int]) -> int:
        app.draw(0.0)
        board = pygame.surfarray.pixels3d(app.screen.subsurface(LAYOUT.board_rect()))
        return int((abs(board.astype(int) - colour).max(axis=2) <= 12).sum())

    def arrows() -> Arrows:
        return replay.arrows

    both = (ink(still_board.MADE), ink(still_board.BETTER))
    assert replay.legend_drawn and min(both) > 300, both
    _click(app, replay.legend_rect(Arrows.BETTER).center)
    assert arrows() is Arrows.BETTER
    assert ink(still_board.MADE) < 20 < both[1] <= ink(still_board.BETTER)
    _click(app, replay.legend_rect(Arrows.MADE).center)
    assert arrows() is Arrows.MADE and ink(still_board.BETTER) < 20
    _click(app, replay.legend_rect(Arrows.MADE).center)
    assert arrows() is Arrows.BOTH
    for shown in (Arrows.MADE, Arrows.BETTER, Arrows.BOTH):
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
        app.step()
        assert arrows() is shown
    replay.toggle_ids()  # the IDs take the legend's room; the A key still switches
    app.draw(0.0)
    assert not replay.legend_drawn
