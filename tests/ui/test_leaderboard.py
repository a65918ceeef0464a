"""Today's leaderboard: ranking, storage with the autosave's care, initials, attract loop, operator."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.flow import GameState, Phase, Rules
from game.engine.match import Match
from game.engine.position import Position
from game.session import leaderboard as lb
from game.session import settings as st
from game.session.kiosk import Mode
from game.ui.app import App, Launch
from game.ui.entry.initials import InitialsScene
from game.ui.kiosk.attract import BOARD_SECONDS, AttractScene
from game.ui.kiosk.leaderboard import LeaderboardScene, offer_entry
from game.ui.kiosk.operator import OperatorScene
from tests.helpers.reviews import player_review

NOON = 1.8e9  # a fixed wall clock: every entry of a test is on the same day


@pytest.fixture(autouse=True)
def _reset(ui_reset: None) -> Iterator[None]:
    yield


class Clock:
    def __init__(self, now: float = NOON) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _board(tmp_path: Path, clock: Clock | None = None) -> lb.Leaderboard:
    return lb.Leaderboard(lambda: tmp_path, clock or Clock())


def test_today_is_ranked_by_error_rate_and_kept_to_ten(tmp_path: Path) -> None:
    clock = Clock()
    board = _board(tmp_path, clock)
    for i, rate in enumerate([9.0, 3.5, 12.25, 3.5, 20.0, 1.0, 7.0, 8.0, 30.0, 15.0, 40.0, 2.0]):
        clock.now = NOON + i
        board.add("ABCDEFGHIJKL"[i], rate, 20, "expert", won=i % 2 == 0)
    top = board.today()
    assert len(top) == lb.TOP
    assert [e.initials for e in top[:4]] == ["F", "L", "B", "D"]  # a tie: the earlier entry first
    assert top[-1].error_rate == 20.0 and "K" not in [e.initials for e in top]
    assert board.rank(top[2]) == 3


def test_yesterday_is_kept_but_not_shown(tmp_path: Path) -> None:
    clock = Clock(NOON - 86400)
    board = _board(tmp_path, clock)
    board.add("OLD", 1.0, 20, "expert", True)
    clock.now = NOON
    board.add("NEW", 5.0, 20, "expert", True)
    assert [e.initials for e in board.today()] == ["NEW"]
    assert [e.initials for e in _board(tmp_path, clock).entries] == ["OLD", "NEW"]


def test_a_place_needs_enough_decisions_and_a_rate_inside_the_top_ten(tmp_path: Path) -> None:
    board = _board(tmp_path)
    assert not board.qualifies(0.0, lb.MIN_DECISIONS - 1)
    assert board.qualifies(99.0, lb.MIN_DECISIONS)
    for i in range(lb.TOP):
        board.add("AAA", float(i), 20, "expert", True)
    assert board.qualifies(8.5, 20) and not board.qualifies(9.0, 20) and not board.qualifies(50.0, 20)


def test_stored_atomically_and_read_back(tmp_path: Path) -> None:
    board = _board(tmp_path)
    entry = board.add("XYZ", 6.25, 31, "advanced", False)
    assert sorted(p.name for p in tmp_path.iterdir()) == [lb.FILE]  # no temporary file left over
    data = json.loads((tmp_path / lb.FILE).read_text(encoding="utf-8"))
    assert data["version"] == 1 and data["kind"] == "backgammon-leaderboard"
    assert _board(tmp_path).entries == [entry]


@pytest.mark.parametrize(
    "content",
    [
        '{"version": 1, "kind": "backgammon-leaderboard", "entries": [',  # truncated
        '{"version": 2, "kind": "backgammon-leaderboard", "entries": []}',  # another version
        '{"version": 1, "kind": "backgammon-autosave", "entries": []}',  # not a leaderboard
        '{"version": 1, "kind": "backgammon-leaderboard", "entries": [{"initials": "toolong"}]}',
        '{"version": 1, "kind": "backgammon-leaderboard", "entries": [{"initials": "AB", "error_rate": -1,'
        ' "decisions": 3, "day": "2027-01-15", "at": 1, "level": "expert", "won": true}]}',
        "",
    ],
)
def test_a_broken_file_is_moved_aside_and_the_board_starts_empty(tmp_path: Path, content: str) -> None:
    (tmp_path / lb.FILE).write_text(content, encoding="utf-8")
    board = _board(tmp_path)
    assert board.entries == []
    moved = [p for p in tmp_path.iterdir() if p.name.startswith(lb.FILE + ".broken-")]
    assert len(moved) == 1 and moved[0].read_text(encoding="utf-8") == content
    board.add("ABC", 3.0, 10, "expert", True)
    assert _board(tmp_path).entries[0].initials == "ABC"


def test_initials_are_letters_only() -> None:
    assert lb.valid_initials("A") and lb.valid_initials("ZQX")
    assert not lb.valid_initials("") and not lb.valid_initials("ABCD") and not lb.valid_initials("a1")
    with pytest.raises(ValueError):
        lb.Leaderboard(lambda: Path("/nonexistent-never-written"), Clock()).add("ab", 1.0, 9, "x", True)


# -- on screen ---------------------------------------------------------------------------------


def _kiosk_app(tmp_path: Path) -> App:
    return App(
        st.Settings(animation="fast", operator_code="2468"),
        Launch(kiosk=True),
        data_dir=tmp_path,
        threaded_ai=False,
        clock=Clock(),
    )


def _click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=1, touch=False))


def _key(app: App, key: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _label(scene: InitialsScene, label: str) -> tuple[int, int]:
    button = next(b for b in scene.buttons.buttons if b.label == label)
    return button.rect.center


def test_initials_by_touch_and_by_keyboard_reach_todays_board(tmp_path: Path) -> None:
    app = _kiosk_app(tmp_path)
    assert app.kiosk is not None
    app.kiosk.mode = Mode.ACTIVE  # a visitor is playing
    player = player_review(12, 0.0042)
    assert offer_entry(app, player, "expert", won=True)
    scene = app.scenes.top
    assert isinstance(scene, InitialsScene)
    _click(app, _label(scene, "Q"))
    _key(app, pygame.K_z)  # a keyboard plugged into the cabinet is read here (and only here)
    _click(app, _label(scene, "⌫"))
    for key in (pygame.K_a, pygame.K_b, pygame.K_c):  # the third letter is the last
        _key(app, key)
    assert scene.text == "QAB"
    _key(app, pygame.K_RETURN)
    shown = app.scenes.top
    assert isinstance(shown, LeaderboardScene) and shown.highlight is not None
    (entry,) = app.leaderboard.today()
    assert (entry.initials, entry.error_rate, entry.decisions, entry.won) == ("QAB", 4.2, 12, True)
    app.draw()


def test_a_short_game_is_not_offered_a_place(tmp_path: Path) -> None:
    app = _kiosk_app(tmp_path)
    assert not offer_entry(app, player_review(lb.MIN_DECISIONS - 1, 0.0), "expert", won=True)
    assert not isinstance(app.scenes.top, InitialsScene)


def test_letters_that_are_game_commands_and_a_controller_also_spell_initials(tmp_path: Path) -> None:
    app = _kiosk_app(tmp_path)
    assert app.kiosk is not None
    app.kiosk.mode = Mode.ACTIVE
    done: list[str] = []
    scene = InitialsScene(app, "Error rate 5.0!", done.append)
    app.scenes.push(scene)
    _key(app, pygame.K_r)  # "done" in the game's key map: here the letter R
    assert scene.text == "R"
    pad = [pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_A]
    for button in pad:  # the first press shows the focus (on A), the A button selects it
        app.handle_event(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0))
    assert scene.text == "RA"
    _key(app, pygame.K_RETURN)
    assert done == [scene.text] and app.scenes.top is not scene


def test_the_operator_clears_the_board(tmp_path: Path) -> None:
    app = _kiosk_app(tmp_path)
    app.leaderboard.add("ABC", 3.0, 10, "expert", True)
    operator = OperatorScene(app)
    app.scenes.push(operator)
    clear = next(b for b in operator.buttons.buttons if b.label == "Clear leaderboard")
    clear.action()
    assert app.leaderboard.today()  # it asks first (tests/ui/kiosk/test_traps.py)
    yes = next(b for b in app.scenes.top.buttons.buttons if b.label == "Clear")  # type: ignore[union-attr]
    yes.action()
    assert app.leaderboard.today() == [] and _board(tmp_path).entries == []
    app.draw()


def test_the_attract_loop_shows_the_top_ten_after_every_other_demo_game(tmp_path: Path) -> None:
    app = _kiosk_app(tmp_path)
    app.leaderboard.add("ACE", 2.5, 30, "expert", True)
    scene = app.initial_scene()
    assert isinstance(scene, AttractScene)
    app.scenes.reset(scene)
    shown: list[int] = []
    last = (1,) + (0,) * 24
    near_end = GameState(
        Phase.ROLL, Position(last, (0,) * 5 + (15,) + (0,) * 19), rules=Rules(match_length=0)
    )
    for _ in range(20000):
        if scene.state.phase is Phase.OPENING:  # each demo game starts one roll from its end
            scene.resume(near_end, Match(Rules(match_length=0)))
        app.step()
        if scene.showing_board and (not shown or shown[-1] != scene.game.games):
            shown.append(scene.game.games)
            assert scene.game.wait > BOARD_SECONDS - 1
            app.draw()
        if scene.game.games >= 3 and scene.state.phase is not Phase.GAME_OVER:
            break
    assert shown == [1, 3]


def test_the_demos_game_over_dialog_does_not_peek_out_around_the_top_ten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A play test at 800x480 saw the dimmed demo's game-over dialog (its frame and the tops of its
    buttons) around the leaderboard's card: while the top ten stands over the board the dialog is
    not painted; after the demo games without the board it still is."""
    from game.ui.play import dialogs

    painted: list[bool] = []
    draw_game_over = dialogs.draw_game_over

    def spy(t: object, surface: pygame.Surface) -> None:
        assert isinstance(t, AttractScene)
        painted.append(t.showing_board)
        draw_game_over(t, surface)

    monkeypatch.setattr(dialogs, "draw_game_over", spy)
    app = _kiosk_app(tmp_path)
    app.leaderboard.add("ACE", 2.5, 30, "expert", True)
    scene = app.initial_scene()
    assert isinstance(scene, AttractScene)
    app.scenes.reset(scene)
    last = (1,) + (0,) * 24
    near_end = GameState(
        Phase.ROLL, Position(last, (0,) * 5 + (15,) + (0,) * 19), rules=Rules(match_length=0)
    )
    boards = 0
    for _ in range(20000):
        if scene.state.phase is Phase.OPENING:
            scene.resume(near_end, Match(Rules(match_length=0)))
        app.step()
        if scene.state.phase is Phase.GAME_OVER:
            app.draw()
            boards += scene.showing_board
        if scene.game.games >= 2 and scene.state.phase is not Phase.GAME_OVER:
            break
    assert boards > 0 and painted, "the top ten and the dialog of the second demo game were both drawn"
    assert True not in painted


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_a_rating_word_never_runs_into_the_level_beside_it(lang: str) -> None:
    """Any rating word can stand beside any level on a row of today's board (the board's own box and
    the attract loop's are as wide): the widest of each, a gap between them (a walk-through at
    800x480 saw Hungarian "Alkalmi játékos" run into "Középhaladó")."""
    from game.ai.levels import LEVELS
    from game.i18n import translate
    from game.review.judge import RATINGS
    from game.ui import layout as L
    from game.ui.kiosk.leaderboard import top_ten_columns
    from game.ui.text import CACHE, MIN_SIZE

    pygame.font.init()
    font = CACHE.font(MIN_SIZE)
    words = [translate(lang, f"review.rating.{key}") for _, key, _ in RATINGS]
    levels = [translate(lang, f"level.{level}") for level in LEVELS]
    _rank, _initials, _rate, word_x, level_x = top_ten_columns(pygame.Rect(L.W // 2 - 460, 16, 920, 600))
    widest_word = max(font.size(word)[0] for word in words)
    widest_level = max(font.size(level)[0] for level in levels)
    assert word_x + widest_word + 16 <= level_x - widest_level, (lang, widest_word, widest_level)


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
@pytest.mark.parametrize("box_h", [604, 524])  # today's board on its own, and over the attract demo
def test_the_figure_and_the_level_have_heads_above_them(
    lang: str, box_h: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A walk-through at 800x480: "ANA 50.3 Novice ... Beginner" left a visitor to read the computer's
    level as a second word on their play. The figure and the level stand under their heads ("Error
    rate", "Computer"), right-aligned with them, between the subtitle and the first row, and ten rows
    still end inside the box with their letters apart."""
    from game.i18n import tr
    from game.session.leaderboard import Entry
    from game.ui.app import apply_language
    from game.ui.kiosk import leaderboard as board_module
    from game.ui.kiosk.leaderboard import draw_top_ten, top_ten_columns
    from tests.helpers.text_spy import spy_on_text

    pygame.font.init()
    apply_language(lang)
    box = pygame.Rect(1280 // 2 - 460, 16, 920, box_h)
    entries = [
        Entry(f"{chr(65 + i)}{chr(66 + i)}", 3.0 + 8 * i, 20, "2027-01-15", NOON, "intermediate", True)
        for i in range(10)
    ]
    drawn = spy_on_text(monkeypatch, board_module)
    draw_top_ten(pygame.Surface((1280, 720)), box, entries)
    rects = {text: rect for text, rect in reversed(drawn)}  # a text drawn twice: its first place
    _rank, _initials, rate_x, _word, level_x = top_ten_columns(box)
    head_rate, head_level = rects[tr("board.head_rate")], rects[tr("board.head_level")]
    first_rate, first_level = rects[f"{entries[0].error_rate:.1f}"], rects[tr("level.intermediate")]
    assert head_rate.right == rate_x == first_rate.right and head_level.right == level_x == first_level.right
    assert rects[tr("board.subtitle")].bottom <= head_rate.top and head_rate.bottom <= first_rate.top
    last = rects[f"{entries[-1].error_rate:.1f}"]
    assert last.bottom <= box.bottom, (last, box)
