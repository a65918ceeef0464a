"""The side panel names the computer's level in the player's language (the settings screen's words)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pygame
import pytest

from game import i18n
from game.ai.jobs import Where
from game.i18n import tr, tr_level, tr_message
from game.ui import layout as L
from game.ui.app import apply_language
from game.ui.play import panel
from game.ui.text import READ_SIZE
from tests.helpers.screen_probe import ScreenReader, panel_middle
from tests.helpers.ui_driver import close_screen, make_app, start_game


def _at(scene, label: str) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    for b in scene.buttons.buttons:
        if b.label == label and b.visible:
            return b.rect.center  # type: ignore[no-any-return]
    raise AssertionError(f"no button {label!r}")


@pytest.fixture()
def restore_language() -> Iterator[None]:
    yield
    apply_language("en")
    close_screen()


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
@pytest.mark.parametrize("level", ["beginner", "intermediate", "advanced", "expert"])
def test_panel_level_is_translated(restore_language: None, lang: str, level: str) -> None:
    apply_language(lang)
    app = make_app()
    scene = start_game(app, mode="computer", seed=2)
    scene.game.opponent.level = level
    name = i18n.translate(lang, f"level.{level}")
    assert i18n.has_key(lang, f"level.{level}")
    text = panel.level_text(scene)
    assert name in text
    if lang != "en":
        assert level not in text.lower()  # not the raw machine name
    app.draw(0.0)
    screen = ScreenReader(app.screen, app.sprites)  # and the panel shows it
    assert screen.find_text(text, READ_SIZE, (170, 170, 190), panel_middle(), L.PANEL_W - 12)
    other = next(x for x in ("beginner", "expert") if x != level)
    assert not screen.find_text(
        tr("ui.computer_level", level=tr_level(other)),
        READ_SIZE,
        (170, 170, 190),
        panel_middle(),
        L.PANEL_W - 12,
    )


def test_unknown_level_is_shown_as_it_is(restore_language: None) -> None:
    assert tr_level("grandmaster") == "grandmaster"
    assert tr_level("expert") == "Expert"


def test_level_chosen_on_the_title_is_the_computers_level(restore_language: None) -> None:
    from game.i18n import tr
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.title import TitleScene
    from tests.helpers.ui_driver import click

    app = make_app()
    title = TitleScene(app)
    app.scenes.reset(title)
    click(app, _at(title, tr_level("expert")))
    assert title.level == "expert"
    click(app, _at(title, tr("ui.vs_computer")))
    scene = app.scenes.top
    assert isinstance(scene, GameScene) and scene.game.opponent.level == "expert"
    assert "Expert" in panel.level_text(scene)


def test_arcade_title_level_is_saved_as_the_setting(restore_language: None, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.session import settings as st
    from game.ui.app import App
    from game.ui.scenes.title import TitleScene
    from tests.helpers.ui_driver import click

    app = App(st.Settings(), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    click(app, _at(title, tr_level("beginner")))
    assert app.settings.level == "beginner" and st.load_settings(tmp_path).level == "beginner"


def _panel_texts(app, scene, monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """Every text the side panel paints for the scene's current state."""
    painted: list[str] = []
    real = panel.draw_text

    def spy(surface, text, *a, **k):  # type: ignore[no-untyped-def]
        painted.append(text)
        return real(surface, text, *a, **k)

    monkeypatch.setattr(panel, "draw_text", spy)
    scene.frame.panel.key = None
    app.draw(0.0)
    return painted


def test_a_one_point_match_says_no_doubling_not_crawford(restore_language: None, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game.i18n import tr

    app = make_app()
    one = start_game(app, mode="two", seed=2, match_length=1)
    assert one.state.crawford  # the engine's flag: the cube is dead from the first game
    texts = _panel_texts(app, one, monkeypatch)
    assert tr("ui.no_cube") in texts and tr("ui.crawford") not in texts
    three = start_game(app, mode="two", seed=2, match_length=3)
    from game.engine.flow import Rules
    from game.engine.match import Match

    match = Match(Rules(match_length=3), score=(2, 0), games=2)
    three.resume(match.new_game(), match)
    assert three.state.crawford
    texts = _panel_texts(app, three, monkeypatch)
    assert tr("ui.crawford") in texts and tr("ui.no_cube") not in texts


def test_touching_the_demo_says_how_to_play(restore_language: None) -> None:
    from game.i18n import tr
    from tests.helpers.ui_driver import click, point_xy

    app = make_app()
    scene = start_game(app, mode="demo", seed=2)
    click(app, point_xy(0, 13))
    assert scene.flash_text == tr("ui.demo_touch") and "Menu" in scene.flash_text


# -- the players' boxes: a name and a score of any length never meet ------------------------------------


def _ink(surface: pygame.Surface, colour: tuple[int, int, int]) -> pygame.Rect | None:
    """The bounds of the pixels drawn in exactly ``colour`` (text's solid glyph pixels), a pixel wider
    each way for the antialiased edge; None if there are none."""
    import numpy as np

    grid = pygame.surfarray.array3d(surface)
    ys, xs = np.nonzero(np.all(grid == np.array(colour), axis=2).T)
    if len(xs) == 0:
        return None
    return pygame.Rect(
        int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)
    ).inflate(4, 4)


NAME_KEYS = ("ui.player_you", "ui.player_computer", "ui.player_white", "ui.player_black")


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
@pytest.mark.parametrize("score", [0, 16, 999, 12345])
def test_a_name_and_a_score_never_overlap(restore_language: None, lang: str, score: int) -> None:
    """Found in a play test: with two digits "Computer" touched the score, with three it would run into
    it. Every player name of every language, with scores up to five digits: the name, the pips and the
    score each stay inside the box, and no two of them meet."""
    from game.ui.board.view import GOLD
    from game.ui.text import CACHE

    apply_language(lang)
    pygame.init()
    box = panel.player_box(0)
    white, grey = (255, 255, 255), (190, 200, 220)
    for key in NAME_KEYS:
        name = tr(key)
        pips = tr("ui.pips", pips=167)
        surface = pygame.Surface((L.W, L.H))
        drawn = panel.paint_player(surface, box, name, pips, score, on=True)
        for what in ("name", "pips", "score", "turn"):
            assert box.contains(drawn[what]), (key, what, drawn[what], box)
        assert not drawn["name"].colliderect(drawn["score"]), (key, drawn)
        assert not drawn["turn"].colliderect(drawn["score"]), (key, drawn)
        surface.fill((0, 0, 80))  # a colour no text has
        panel.paint_player(surface, box, name, pips, score, on=False)  # the score alone in gold
        inks = {
            what: _ink(surface, colour) for what, colour in (("name", white), ("pips", grey), ("score", GOLD))
        }
        name_ink, pips_ink, score_ink = inks["name"], inks["pips"], inks["score"]
        assert name_ink and pips_ink and score_ink
        assert not name_ink.colliderect(score_ink) and not pips_ink.colliderect(score_ink), (key, inks)
        assert not name_ink.colliderect(pips_ink), (key, inks)
        # The score and the name keep their sizes.
        assert drawn["score"].height == CACHE.font(panel.SCORE_SIZE).get_height()
        assert drawn["name"].height == CACHE.font(panel.NAME_SIZE).get_height(), (key, name)


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_a_three_digit_money_score_reads_beside_the_whole_name(restore_language: None, lang: str) -> None:
    """On the screen: money play at 188 : 999 against the computer, each box shows its player's
    name at full size and the pips under it, and the computer's box the three digits clear of both
    (the human's box, the one on turn, has its gold frame round the score's cell, where the reader's
    glyph test cannot tell the score from the frame: its geometry is the test above)."""
    from game.engine.flow import GameState, Phase, Rules
    from game.engine.match import Match
    from game.engine.position import Position
    from game.ui.board.view import GOLD
    from tests.helpers.screen_probe import panel_box

    apply_language(lang)
    app = make_app()
    scene = start_game(app, mode="computer", seed=2, match_length=0)
    score = (188, 999)
    state = GameState(phase=Phase.ROLL, position=Position.start(), turn=0, rules=Rules(0), score=score)
    scene.resume(state, Match(Rules(0), score=score, games=40))
    app.draw(0.0)
    screen = ScreenReader(app.screen, app.sprites)
    pips = state.board_for(0).pips()
    for player in (0, 1):
        box = panel_box(player)
        name = screen.find_text(tr_message(scene.game.name(player)), panel.NAME_SIZE, (255, 255, 255), box)
        count = screen.find_text(tr("ui.pips", pips=pips[player]), panel.PIPS_SIZE, (190, 200, 220), box)
        assert name and count, (player, name, count)
        assert name.right <= box.right and count.right <= box.right
        if player == 1:
            points = screen.find_text(str(score[player]), panel.SCORE_SIZE, GOLD, box)
            assert points is not None and not points.colliderect(name), (name, points)


def test_the_status_line_shows_the_roll_higher_die_first() -> None:
    """A play test read "Your move: 1-6"; players say (and the review writes) 6-1."""
    from game.engine.flow import GameState, Phase, Roll, Rules, apply, new_game
    from tests.helpers.ui_driver import make_app, start_game

    app = make_app()
    scene = start_game(app, mode="two", seed=5)
    before = GameState(phase=Phase.ROLL, position=new_game().position, turn=0, rules=Rules(0))
    scene.resume(apply(before, Roll((1, 6))))
    text, _ = panel.status(scene)
    assert "6-1" in text and "1-6" not in text
    assert text == tr_message(scene.game.say("ui.to_move", 0, dice="6-1"))


def test_the_status_line_says_the_checker_on_the_bar_comes_in_first() -> None:
    """The newcomer walk-through: with a checker on the bar the line said only "Your move: 5-1", and
    the rule came as a refusal after a wrong tap. Once the checker is in, the line is plain again."""
    from game.engine.flow import GameState, Phase, Roll, Rules, Step, apply, new_game
    from game.engine.position import BAR, Position
    from tests.helpers.ui_driver import make_app, start_game

    app = make_app()
    scene = start_game(app, mode="two", seed=5)
    start = new_game().position
    me = list(start.me)
    me[5] -= 1  # a checker of the six-point hit and on the bar
    me[BAR] += 1
    before = GameState(phase=Phase.ROLL, position=Position(tuple(me), start.opp), turn=0, rules=Rules(0))
    rolled = apply(before, Roll((5, 1)))
    scene.resume(rolled)
    text, _ = panel.status(scene)
    plain = tr_message(scene.game.say("ui.to_move", 0, dice="5-1"))
    assert text == tr("ui.then", first=plain, then=tr("engine.enter_first"))
    scene.resume(apply(rolled, Step(25, 5)))  # in from the bar with the 5
    assert panel.status(scene)[0] == plain
    close_screen()


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
@pytest.mark.parametrize("mode", ["two", "computer", "demo"])
@pytest.mark.parametrize("length", [1, 5])
def test_the_game_over_buttons_show_their_labels_at_one_size(
    restore_language: None, lang: str, mode: str, length: int
) -> None:
    """A play test saw "Leave to title" shrunk to fit its button beside its neighbours' larger labels:
    every label of the game-over dialog is drawn whole at one size, the buttons in a row inside it."""
    from game.engine.flow import EndTurn, GameState, MoveTo, Phase, Roll, Rules
    from game.engine.match import Match
    from game.engine.position import Position
    from game.ui.layout import LAYOUT
    from game.ui.play import dialogs
    from game.ui.text import CACHE
    from tests.helpers.ui_driver import run_until

    apply_language(lang)
    app = make_app()
    scene = start_game(app, mode=mode, seed=3, match_length=length)
    last = (1,) + (0,) * 24  # one checker left, on the one-point
    near_end = GameState(Phase.ROLL, Position(last, (0,) * 5 + (15,) + (0,) * 19), rules=Rules(length))
    scene.game.opponent.where = Where.HERE
    scene.resume(near_end, Match(Rules(length)))
    if mode != "demo":
        scene.game.do(Roll((6, 5)))
        scene.game.do(MoveTo(1, 0))
        scene.game.do(EndTurn())
    run_until(app, lambda: scene.state.phase is Phase.GAME_OVER and bool(scene.modal.buttons))
    buttons = scene.modal.buttons
    assert len(buttons) == (2 if mode == "demo" else 3)
    assert buttons[-1].label == tr("ui.to_title") and (length == 5 or buttons[0].label == tr("ui.new_match"))
    assert len({b.size for b in buttons}) == 1  # one size for every label
    assert buttons[0].size >= 26  # and not a small one
    for b in buttons:
        assert CACHE.font(b.size).size(b.label)[0] <= b.rect.width - 24, b.label  # whole, not shrunk
    for left, right in itertools.pairwise(buttons):
        assert left.rect.right < right.rect.left  # a row, apart
    box = dialogs.game_over_box(scene)
    assert LAYOUT.board_rect().contains(box) and all(box.contains(b.rect) for b in buttons)
    app.draw(0.0)


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_four_game_over_buttons_with_check_the_dice_stay_on_the_board(
    restore_language: None, lang: str
) -> None:
    """A match over with dice anyone can check (issue 37) has four buttons (New match, Check the dice,
    Review, Leave to title): at 800x480 in Hungarian the row ran off the screen's left edge."""
    from game.engine.flow import EndTurn, GameState, MoveTo, Phase, Roll, Rules
    from game.engine.match import Match
    from game.engine.position import Position
    from game.session.controller import GameSetup
    from game.ui.layout import LAYOUT
    from game.ui.play import dialogs
    from game.ui.scenes.game import GameScene
    from game.ui.text import CACHE
    from tests.helpers.ui_driver import run_until

    apply_language(lang)
    app = make_app()
    scene = GameScene(app, GameSetup(mode="two", match_length=1))  # no seed: a secret to reveal
    app.scenes.reset(scene)
    last = (1,) + (0,) * 24
    near_end = GameState(Phase.ROLL, Position(last, (0,) * 5 + (15,) + (0,) * 19), rules=Rules(1))
    scene.resume(near_end, Match(Rules(1)))
    scene.game.do(Roll((6, 5)))
    scene.game.do(MoveTo(1, 0))
    scene.game.do(EndTurn())
    run_until(app, lambda: scene.state.phase is Phase.GAME_OVER and bool(scene.modal.buttons))
    buttons = scene.modal.buttons
    assert [b.label for b in buttons][1] == tr("dice.check") and len(buttons) == 4
    for b in buttons:
        assert CACHE.font(b.size).size(b.label)[0] <= b.rect.width - 24, b.label  # whole, not shrunk
    box = dialogs.game_over_box(scene)
    assert LAYOUT.board_rect().contains(box) and all(box.contains(b.rect) for b in buttons), (box, lang)
    app.draw(0.0)


def test_the_sessions_words_are_said_in_the_language_of_the_moment(restore_language: None) -> None:
    """The controller hands the screen messages, not text: a note made in English reads in Finnish
    once the language changes, and a refusal is said in the language it is shown in."""
    from game.engine.flow import EndTurn, OpeningRoll

    app = make_app()
    scene = start_game(app, mode="two", seed=5)
    assert scene.do(OpeningRoll(6, 1)) is None
    note = scene.game.note
    assert note is not None and note.key == "ui.opening_won"
    assert panel.status(scene)[0] == i18n.translate("en", "ui.opening_won", name="White", a=6, b=1)
    apply_language("fi")
    white = i18n.translate("fi", "ui.player_white")
    assert panel.status(scene)[0] == i18n.translate("fi", "ui.opening_won", name=white, a=6, b=1)
    refused = scene.do(EndTurn())
    assert refused is not None and refused.key == "engine.finish_move"
    scene.flash(refused)
    assert scene.flash_text == i18n.translate("fi", "engine.finish_move", left="6 ja 1")
    assert panel.status(scene)[0] == scene.flash_text
