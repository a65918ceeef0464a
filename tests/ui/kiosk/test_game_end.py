"""The end of a kiosk visitor's game is the visitor's (issue 36): the game-over card stays until they
choose; the place on today's board comes after Next game or Leave (then the choice is carried out),
from the review's screen after Review, or after the card stood untouched for the idle time; and the
error rate is said in words before the figure."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game import i18n
from game.engine.flow import Phase
from game.record import MatchRecord
from game.review import MatchReview, PlayerReview
from game.session import settings as st
from game.ui.app import App, Launch
from game.ui.board.anim import STEP_SECONDS
from game.ui.entry.initials import InitialsScene
from game.ui.kiosk import checking
from game.ui.kiosk.checking import CheckingScene
from game.ui.kiosk.leaderboard import LeaderboardScene, rate_words
from game.ui.play.game_end import END_IDLE_SECONDS, KioskEnd
from game.ui.scenes.game import GameScene
from game.ui.scenes.review import ReviewScene
from game.ui.tools.review_screenshots import play_one_game
from tests.helpers import kept_answers
from tests.helpers.reviews import player_review
from tests.helpers.ui_driver import close_screen


def fake_review(
    record: MatchRecord, progress: Callable[[int, int], None], cancel: Callable[[], bool]
) -> MatchReview:
    """A good game for both sides: 12 decisions at 4.2 thousandths each, a place on an empty board."""
    good: PlayerReview = player_review(12, 0.0042)
    return MatchReview(record, (good, good))


@pytest.fixture
def kiosk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, GameScene]]:
    monkeypatch.setattr(KioskEnd, "reviewer", staticmethod(fake_review))
    kept_answers.install(monkeypatch)  # the game thought out once a process
    app = App(st.Settings(animation="fast"), Launch(kiosk=True, seed=5), data_dir=tmp_path, threaded_ai=False)
    assert app.kiosk is not None
    app.kiosk.mode = app.kiosk.mode.ACTIVE
    scene = play_one_game(app, 5, settle=0)
    assert scene.state.phase is Phase.GAME_OVER
    yield app, scene
    app.quit()
    close_screen()


def wait(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP_SECONDS)):
        app.step(STEP_SECONDS)


def review_in(app: App, scene: GameScene) -> None:
    app.step(STEP_SECONDS)  # the review starts at the game's end, with nothing on screen
    job = scene.kiosk_end.job
    assert job is not None
    job.wait()
    app.step(STEP_SECONDS)


def test_the_game_over_card_stays_until_the_visitor_chooses(kiosk: tuple[App, GameScene]) -> None:
    app, scene = kiosk
    wait(app, 10.0)  # the review opened by itself after 2 s before
    assert app.scenes.top is scene and scene.modal.buttons  # Next game, Review, Leave
    review_in(app, scene)
    wait(app, END_IDLE_SECONDS - 12.0)
    assert app.scenes.top is scene


def test_next_game_brings_the_place_then_the_next_game(kiosk: tuple[App, GameScene]) -> None:
    app, scene = kiosk
    review_in(app, scene)
    games = scene.game.games
    scene.next_game()
    keypad = app.scenes.top
    assert isinstance(keypad, InitialsScene)
    assert keypad.headline == rate_words(4.2)
    keypad.text = "ABC"
    keypad.submit()
    board = app.scenes.top
    assert isinstance(board, LeaderboardScene) and board.highlight is not None
    assert scene.state.phase is Phase.GAME_OVER  # the next game waits for the board
    board.close()
    assert app.scenes.top is scene and scene.state.phase is not Phase.GAME_OVER
    assert scene.game.games == games
    scene.next_game()  # never asked twice


def test_leave_after_no_thanks(kiosk: tuple[App, GameScene]) -> None:
    app, scene = kiosk
    review_in(app, scene)
    scene.to_title()
    keypad = app.scenes.top
    assert isinstance(keypad, InitialsScene)
    keypad.skip()
    assert not any(isinstance(s, GameScene) for s in app.scenes.scenes)  # left


def test_an_untouched_card_offers_the_place_after_the_idle_time(kiosk: tuple[App, GameScene]) -> None:
    app, scene = kiosk
    review_in(app, scene)
    wait(app, END_IDLE_SECONDS - 2.0)
    assert app.scenes.top is scene
    wait(app, 3.0)
    assert isinstance(app.scenes.top, InitialsScene)


def test_review_is_the_visitors_choice_and_offers_the_place_there(kiosk: tuple[App, GameScene]) -> None:
    app, scene = kiosk
    scene.open_review()
    assert isinstance(app.scenes.top, ReviewScene)  # its screen offers the place once the review is in
    assert scene.coach.on and app.scenes.top.newcomer  # a visitor's review: the checker plays first
    assert scene.kiosk_end.offered == scene.game.games
    app.scenes.pop()
    scene.next_game()  # not asked again: the next game starts
    assert app.scenes.top is scene and scene.state.phase is not Phase.GAME_OVER


@pytest.mark.parametrize(("rate", "compared"), [(15.1, "better"), (30.0, "typical"), (40.0, "first")])
def test_the_rate_is_said_in_words_before_the_figure(rate: float, compared: str) -> None:
    text = rate_words(rate)
    words = i18n.tr(f"board.compared.{compared}")
    assert words in text and text.index(words) < text.index(f"{rate:.1f}")


def slow_review(release: list[bool]) -> Callable[..., MatchReview]:
    """A review that is not in until the test lets it finish (a cabinet's review takes a while)."""

    def review(
        record: MatchRecord, progress: Callable[[int, int], None], cancel: Callable[[], bool]
    ) -> MatchReview:
        while not release and not cancel():
            time.sleep(0.005)
        return fake_review(record, progress, cancel)

    return review


@pytest.fixture
def slow_kiosk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[App, GameScene, list[bool]]]:
    """A kiosk game just over, its review started and held until the test appends to the list."""
    release: list[bool] = []
    monkeypatch.setattr(KioskEnd, "reviewer", staticmethod(slow_review(release)))
    kept_answers.install(monkeypatch)
    app = App(st.Settings(animation="fast"), Launch(kiosk=True, seed=5), data_dir=tmp_path, threaded_ai=False)
    try:
        assert app.kiosk is not None
        app.kiosk.mode = app.kiosk.mode.ACTIVE
        scene = play_one_game(app, 5, settle=0)
        app.step(STEP_SECONDS)  # the review starts at the game's end
        yield app, scene, release
    finally:
        release.append(True)
        app.quit()
        close_screen()


@pytest.mark.parametrize("leave", [False, True])
def test_a_choice_before_the_review_is_in_waits_for_it_and_still_offers_the_place(
    slow_kiosk: tuple[App, GameScene, list[bool]], leave: bool
) -> None:
    """Before, Next game or Leave tapped before the review was in went on at once, and the visitor's
    place on today's board was never offered (the newcomer walk-through's first tap came that early)."""
    app, scene, release = slow_kiosk
    job = scene.kiosk_end.job
    assert job is not None and not job.done
    scene.to_title() if leave else scene.next_game()
    card = app.scenes.top
    assert isinstance(card, CheckingScene)  # not gone on without the place
    assert scene.state.phase is Phase.GAME_OVER
    wait(app, 1.0)
    assert app.scenes.top is card  # still waiting, still showing how far it is
    release.append(True)
    job.wait()
    app.step(STEP_SECONDS)
    keypad = app.scenes.top
    assert isinstance(keypad, InitialsScene) and keypad.headline == rate_words(4.2)
    keypad.skip()
    if leave:
        assert not any(isinstance(s, GameScene) for s in app.scenes.scenes)
    else:
        assert app.scenes.top is scene and scene.state.phase is not Phase.GAME_OVER


def test_the_card_says_how_far_the_check_is_as_a_share(
    slow_kiosk: tuple[App, GameScene, list[bool]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, "Reviewing: 0 of 94 moves" under "looking at each of your moves": the 94 were both
    sides' turns. The card now says how much is done, with a bar."""
    app, scene, _release = slow_kiosk
    job = scene.kiosk_end.job
    assert job is not None
    scene.next_game()
    card = app.scenes.top
    assert isinstance(card, CheckingScene)
    monkeypatch.setattr(type(job), "steps", property(lambda self: (47, 94)))
    seen: list[str] = []
    monkeypatch.setattr(checking, "draw_text", lambda surface, text, *a, **k: seen.append(text))
    card.draw(app.screen, 0.0)
    assert i18n.tr("kiosk.checking_done", percent=50) in seen
    assert not any("94" in line for line in seen)


def test_the_visitor_may_go_on_without_waiting(slow_kiosk: tuple[App, GameScene, list[bool]]) -> None:
    app, scene, release = slow_kiosk
    scene.next_game()
    card = app.scenes.top
    assert isinstance(card, CheckingScene)
    card.go_on()
    assert app.scenes.top is scene and scene.state.phase is not Phase.GAME_OVER
    release.append(True)
    wait(app, 0.5)
    assert app.scenes.top is scene  # the review that came in later offers nothing over the new game
