"""Every command-line setting reaches the game through every way of starting it.

The screen once had two paths for flags (the game's own options and the saved
settings); ``--start computer --level expert`` then played at intermediate. Here
each setting flag is given on the command line and looked for in the game that
each start path leads to: the title's buttons, ``--start``, ``--demo``, the kiosk
(attract, wake, title) and Continue on a saved game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game import i18n
from game.session import persist
from game.ui.app import App
from game.ui.cli import build
from game.ui.kiosk.attract import AttractScene
from game.ui.layout import LAYOUT
from game.ui.scenes.game import GameScene
from game.ui.scenes.title import TitleScene
from tests.helpers.ui_driver import close_screen

FLAGS = [
    "--level", "expert", "--match", "3", "--speed", "fast", "--lang", "fi", "--home", "left",
    "--no-sound", "--volume", "0.25",
]  # fmt: skip


@pytest.fixture(autouse=True)
def _reset(ui_reset: None) -> Iterator[None]:
    yield
    LAYOUT.set_home("right")


def _title(app: App) -> GameScene:
    top = app.scenes.top
    assert isinstance(top, TitleScene)
    top.start("computer")
    return _game(app)


def _game(app: App) -> GameScene:
    top = app.scenes.top
    assert isinstance(top, GameScene), top
    app.step()
    return top


def _kiosk(app: App) -> GameScene:
    assert isinstance(app.scenes.top, AttractScene)
    attract = _game(app)
    assert attract.game.opponent.level == "expert" and attract.game.setup.mode == "demo"
    app.wake()
    return _title(app)


PATHS: dict[str, tuple[list[str], Callable[[App], GameScene]]] = {
    "title": ([], _title),
    "start": (["--start", "computer"], _game),
    "demo": (["--demo"], _game),
    "kiosk": (["--kiosk", "--operator-code", "2468"], _kiosk),
}


def _check_common(app: App, scene: GameScene) -> None:
    """The settings every path must apply: language, speed, board direction, sound."""
    assert i18n.get_language() == "fi"
    assert i18n.tr("ui.roll") == i18n.translate("fi", "ui.roll") != i18n.translate("en", "ui.roll")
    assert app.speed == "fast" and scene.anim.speed == "fast"
    assert LAYOUT.home == "left"
    assert app.audio.enabled is False and app.audio.volume == 0.25


@pytest.mark.parametrize("path", sorted(PATHS))
def test_every_setting_flag_reaches_the_game(path: str, tmp_path: Path) -> None:
    extra, reach = PATHS[path]
    app = build([*FLAGS, *extra, "--data-dir", str(tmp_path), "--seed", "3"], threaded_ai=False)
    app.scenes.push(app.initial_scene())
    scene = reach(app)
    _check_common(app, scene)
    assert scene.game.opponent.level == "expert"  # the computer plays at the level asked for
    if scene.game.setup.mode == "demo":
        assert scene.game.match.rules.match_length == 0  # the demo is unlimited money play
    else:
        assert scene.game.match.rules.match_length == 3
    assert app.settings.level == "expert" and app.settings.match_length == 3
    app.quit()
    close_screen()


def test_resume_applies_the_flags_but_keeps_the_saved_games_own_level_and_length(tmp_path: Path) -> None:
    """A saved game goes on as it was played (its level, its match); the screen's settings are the run's."""
    first = build(["--data-dir", str(tmp_path), "--start", "computer", "--level", "beginner", "--match", "5"])
    first.threaded_ai = False
    scene = first.initial_scene()
    first.scenes.push(scene)
    assert isinstance(scene, GameScene)
    assert first.autosave.save(scene.game)
    first.quit()
    close_screen()

    app = build([*FLAGS, "--data-dir", str(tmp_path)], threaded_ai=False)
    app.scenes.push(app.initial_scene())
    assert isinstance(app.scenes.top, TitleScene) and app.saved is not None
    app.continue_saved()
    resumed = _game(app)
    _check_common(app, resumed)
    assert resumed.game.opponent.level == "beginner"
    assert resumed.game.match.rules.match_length == 5
    assert persist.load_game(tmp_path) is not None
    app.quit()
    close_screen()


def test_the_cocktail_table_turns_the_picture_to_the_far_player(tmp_path: Path) -> None:
    """Face to face: while Black (across the table) acts, picture and touches turn by 180 degrees."""
    from game.engine.flow import EndTurn, OpeningRoll, PlayMoves
    from game.engine.moves import legal_plays

    app = build(["--table", "--start", "two", "--seed", "2", "--data-dir", str(tmp_path)], threaded_ai=False)
    scene = app.initial_scene()
    assert isinstance(scene, GameScene)
    app.scenes.push(scene)
    app.draw()
    assert app.display.turn == 0  # the opening roll faces the near side
    assert scene.do(OpeningRoll(1, 3)) is None  # Black wins the opening roll: Black moves first
    app.draw()
    assert scene.game.perspective == 1 and app.display.turn == 180
    corner = app.display.to_logical((5.0, 5.0))  # a touch in the window's top left...
    assert corner[0] > 1200 and corner[1] > 680  # ...is the far player's bottom right of the picture
    s = scene.state
    assert s.dice is not None
    assert scene.do(PlayMoves(legal_plays(s.position, s.dice)[0].moves)) is None
    assert scene.do(EndTurn()) is None
    app.draw()
    assert scene.game.perspective == 0 and app.display.turn == 0  # White's turn: back to the near side
    app.quit()
    close_screen()
    plain = build(["--start", "two", "--seed", "2", "--data-dir", str(tmp_path)], threaded_ai=False)
    plain.scenes.push(plain.initial_scene())
    top = plain.scenes.top
    assert isinstance(top, GameScene) and top.do(OpeningRoll(1, 3)) is None
    plain.draw()
    assert plain.display.turn == 0  # an upright screen never turns


def test_the_match_length_chosen_on_the_title_is_the_setting_and_stays_chosen(tmp_path: Path) -> None:
    """Found in a play test: the title's 3 showed "Unlimited session" in Settings, a change there did
    not reach the title, and after a game the title was back to the old length."""
    from game.session import settings as st
    from tests.helpers.ui_driver import click

    app = build(["--data-dir", str(tmp_path), "--speed", "fast"], threaded_ai=False)
    app.scenes.push(app.initial_scene())
    title = app.scenes.top
    assert isinstance(title, TitleScene) and title.match_length == 0
    (three,) = [b for b in title.buttons.buttons if b.label == "3"]
    click(app, three.rect.center)
    assert title.match_length == 3 and app.settings.match_length == 3
    assert st.load_settings(tmp_path).match_length == 3  # saved, as the level is
    # Changed on the settings screen: the title shows it when the player comes back.
    app.apply_settings(st.with_value(app.settings, "match_length", 1), save=True)
    title.enter()
    assert title.match_length == 1
    title.start("two")
    game = _game(app)
    assert game.game.setup.match_length == 1
    app.to_title()
    again = app.scenes.top
    assert isinstance(again, TitleScene) and again.match_length == 1
    app.quit()
    close_screen()


def test_flags_for_this_run_are_not_saved_by_an_unrelated_change(tmp_path: Path) -> None:
    """Found in a real-window play test: one run with ``--rotate 90 --no-sound --lang fi``, a tap on HU on
    the title, and every later run without flags came up sideways and silent. The flags "override the
    saved settings for this run" (``--help``): saving a change keeps the file's own values for them, and
    a flagged setting the player changes is saved as the player chose."""
    from game.session import settings as st

    st.save_settings(st.Settings(level="advanced", volume=0.5), tmp_path)
    argv = ["--data-dir", str(tmp_path), "--rotate", "90", "--no-sound", "--lang", "fi", "--level", "expert"]
    app = build(argv, threaded_ai=False)
    assert app.settings.rotation == 90 and not app.settings.sound and app.settings.level == "expert"
    app.apply_settings(st.with_value(app.settings, "match_length", 3), save=True)
    app.apply_settings(st.with_value(app.settings, "language", "hu"), save=True)
    saved = st.load_settings(tmp_path)
    assert saved.match_length == 3 and saved.language == "hu"  # what the player changed
    assert saved.rotation == 0 and saved.sound and saved.level == "advanced" and saved.volume == 0.5
    assert app.settings.rotation == 90 and not app.settings.sound  # the run keeps its flags
    app.apply_settings(st.with_value(app.settings, "level", "beginner"), save=True)
    app.apply_settings(st.with_value(app.settings, "language", "fi"), save=True)  # back to the flag's value
    saved = st.load_settings(tmp_path)
    assert saved.level == "beginner" and saved.language == "fi"
    app.quit()
