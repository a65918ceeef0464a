"""Nothing in a newcomer's way: a lost game is never shown as a gain, and one thing has one name."""

from __future__ import annotations

import pytest

from game import i18n
from game.ai.jobs import Where
from game.engine.flow import EndTurn, GameState, MoveTo, Phase, Roll, Rules
from game.engine.match import Match
from game.engine.position import Position
from game.ui.play import dialogs
from game.ui.scenes.game import GameScene
from tests.helpers.ui_driver import close_screen, make_app, run_until, start_game

LAST = (1,) + (0,) * 24
"""One checker left, on the one-point: the next roll wins."""


def _finished(mode: str, winner: int) -> GameScene:
    app = make_app()
    scene = start_game(app, mode=mode, seed=3, match_length=5)
    far = (0,) * 5 + (15,) + (0,) * 19  # the loser has borne off nothing: a gammon, 2 points
    near_end = GameState(Phase.ROLL, Position(LAST, far), turn=winner, rules=Rules(5))
    scene.game.opponent.where = Where.HERE
    scene.resume(near_end, Match(Rules(5)))
    if scene.game.is_human(winner):
        scene.game.do(Roll((6, 5)))
        scene.game.do(MoveTo(1, 0))
        scene.game.do(EndTurn())
    run_until(app, lambda: scene.state.phase is Phase.GAME_OVER and bool(scene.modal.buttons))
    assert scene.state.result is not None and scene.state.result.winner == winner
    return scene


@pytest.fixture(autouse=True)
def _quit() -> object:
    yield
    close_screen()


def test_the_human_who_lost_to_the_computer_reads_a_loss_in_red() -> None:
    """A play test saw "+2 pts" in green under "Computer wins": the winner's points, read by the loser."""
    scene = _finished("computer", winner=1)
    text, colour = dialogs.points_line(scene)
    points = scene.state.result.points  # type: ignore[union-attr]
    assert text == i18n.tr_n("gameover.lost", points, points=points) and text.startswith("−")
    assert colour == dialogs.LOSS and colour[0] > colour[1]


def test_a_win_is_a_gain_in_green_and_between_two_players_the_winners() -> None:
    for mode, winner in (("computer", 0), ("two", 1)):
        scene = _finished(mode, winner)
        text, colour = dialogs.points_line(scene)
        assert text.startswith("+") and colour == (160, 255, 160)


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_unlimited_games_have_one_name(lang: str) -> None:
    """The title said "Unlimited session" and the game "Money session" (in Finnish and Hungarian two
    different words as well): one name everywhere now."""
    cat = i18n.catalogue(lang)
    names = {cat["ui.session"], cat["ui.session_score"], cat["match.session"], cat["board.session"]}
    assert len(names) == 1, names
