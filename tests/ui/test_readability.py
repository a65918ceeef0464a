"""At 800x480 every line of text is at least 4.5:1 against what lies under it (WCAG AA), on every screen,
in English, Finnish and Hungarian and in every board set; and at least 16 window pixels high (issue 36).

Why: the cabinets are 7-inch 800x480 panels read at arm's length. A play test found the review's cards
and grey lines about 13 pixels high there, and the white labels of the green and gold buttons (Roll,
Done, Hint, "Show me the better move") read at 2.1-3.1:1. The screens are built headless the way the
screenshot tools build them; every line the game puts on a surface is seen with the pixels under it
(``tests/helpers/readability.py``), so a colour changed anywhere (a panel, a button face, a board set's
frame) is measured as drawn. A button that cannot be pressed (grey on grey) is left out of the contrast
rule, as WCAG leaves out inactive controls.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from game.engine.flow import Phase
from game.i18n import LANGUAGES, tr
from game.ui import layout as L
from game.ui.app import App
from game.ui.board.looks import LOOK_NAMES
from game.ui.play import dialogs
from game.ui.scenes.game import GameScene
from game.ui.scenes.learn import LearnScene
from game.ui.tools import coach_screenshots as coach_shots
from game.ui.tools import screenshots as shots
from game.ui.widgets import DISABLED_INK
from tests.helpers import kept_answers
from tests.helpers.readability import LEAST_CONTRAST, LEAST_WINDOW_PX, TextAudit, report
from tests.helpers.screens import DESKS, OTHER_SCREENS, OVERLAYS, SCREENS, new_app, stop_desk

pytestmark = pytest.mark.usefixtures("ui_reset")


def learn(app: App) -> None:
    """Learn to play's first step, its card over the board."""
    app.scenes.reset(LearnScene(app))
    for _ in range(5):
        app.step()


def learn_take(app: App) -> None:
    """Learn to play's take step: the double offered, Take and Pass with their lines on the card."""
    from game.session.lessons import load_lessons

    take = next(i for i, step in enumerate(load_lessons()) if step.kind == "answer")
    app.scenes.reset(LearnScene(app, start=take))
    for _ in range(120):
        app.step()


ALL: dict[str, Callable[[App], None]] = {
    **SCREENS,
    "learn": learn,
    "learn_take": learn_take,
    **{f"coach_{name}": coach_shots.SHOTS[name] for name in ("play", "shown", "take", "double", "rolled")},
}
"""Every screen of the text floor's test, Learn to play, and the coach's cards (a play, a take, a double, a
missed double at Roll)."""
BOARD_SCREENS = ("opening", "drag", "cube", "hint", "gameover", "attract", "keyboard_cursor", "coach_shown")
"""The screens with a board on them: the ones a board set changes (its frame carries the point numbers,
its checkers the stack counts, its arrows the hint's numbers)."""
SLOW = {"review": shots.review, "replay": shots.replay}
OTHER_SETS = tuple(name for name in LOOK_NAMES if name != "classic")

CASES = [(screen, lang, "classic") for screen in sorted(ALL) for lang in LANGUAGES] + [
    (screen, lang, board_set) for screen in BOARD_SCREENS for lang in LANGUAGES for board_set in OTHER_SETS
]


def audit(
    monkeypatch: pytest.MonkeyPatch,
    data: Path,
    setup: Callable[[App], None],
    name: str,
    lang: str,
    board_set: str,
    kiosk: bool = True,
    keep: Callable[[App, TextAudit], None] | None = None,
) -> TextAudit:
    """Every line put on a surface while ``setup`` builds its screen and the app draws it."""
    app = new_app(lang, data, kiosk, board_set=board_set)
    seen = TextAudit(monkeypatch)
    seen.install()
    seen.screen = f"{name} {lang} {board_set}"
    try:
        setup(app)
        app.draw(0.0)
    finally:
        L.LAYOUT.set_home("right")
    assert seen.lines, "nothing was drawn: the spy saw no text"
    if keep is not None:
        keep(app, seen)
    return seen


def check(seen: TextAudit) -> None:
    faint = [line for line in seen.too_faint() if line.colour != DISABLED_INK]
    assert not faint, f"under {LEAST_CONTRAST}:1:\n{report(faint)}"
    unknown = [line for line in seen.lines if line.ground is None]
    assert not unknown, f"drawn where the ground cannot be read:\n{report(unknown)}"


@pytest.mark.parametrize(("screen", "lang", "board_set"), CASES)
def test_every_line_is_large_and_clear_enough(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, screen: str, lang: str, board_set: str
) -> None:
    """No line under 4.5:1 against its ground."""
    check(audit(monkeypatch, tmp_path, ALL[screen], screen, lang, board_set))


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", sorted(SLOW))
def test_the_review_is_large_and_clear_enough(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, screen: str, lang: str
) -> None:
    """The same for the review of a played game and the replay of its costliest mistake."""
    kept_answers.install(monkeypatch)  # the game and its review thought out once a process
    check(audit(monkeypatch, tmp_path, SLOW[screen], screen, lang, "classic", kiosk=False))


FLOOR_16 = ("opening", "gameover", "kiosk_gameover", "leaderboard", "initials")
"""The screens held to 16 window pixels (issue 36): the one during play, the game-over card (a kiosk
visitor's too), and the kiosk's initials and today's board; the review and the replay below (slow)."""


FLOOR_16_PLAY = (
    "drag",
    "cube",
    "hint",
    "hint_home_left",
    "cube_hint",
    "cube_answer_hint",
    "keyboard_cursor",
    "learn",
    "learn_take",
    "coach_play",
    "coach_shown",
    "coach_take",
    "coach_double",
    "coach_rolled",
)
"""The screen during play held to 16 window pixels as a whole (board, side panel and card): the side
panel in every state the screenshot tools build (a move dragged, the double offered, the hint's play
and the cube advice, the expert's take or pass on the offer card, keyboard play), Learn to play's card
(its first step and its take step) and the coach's cards."""


def kiosk_gameover(app: App) -> None:
    """A kiosk visitor's game against the computer at its end: the card that stays until they choose."""
    from game.ui.tools.review_screenshots import play_one_game

    play_one_game(app, 5)


def small_lines(seen: TextAudit) -> str:
    small = seen.too_small()
    return "" if not small else f"under {LEAST_WINDOW_PX} px at 800x480:\n{report(small)}"


def own_lines(app: App, seen: TextAudit, *, screen: str) -> None:
    """Keep the lines of the screen itself: the game-over card's (the side panel beside it is the game
    screen's), the initials keypad's (the screen under it is shaded)."""
    top = app.scenes.top
    assert top is not None
    if screen == "initials":
        seen.lines.clear()
        top.draw(app.screen, 0.0)
    elif screen in ("gameover", "kiosk_gameover"):
        assert isinstance(top, GameScene) and top.state.phase is Phase.GAME_OVER
        seen.lines.clear()
        dialogs.draw_game_over(top, app.screen)
    assert seen.lines, screen


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", FLOOR_16)
def test_no_line_is_under_16_window_pixels(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, screen: str, lang: str
) -> None:
    """Issue 36: no text under 16 pixels of an 800x480 window (a size of 25.6 in the game's picture) on
    the screen during play (``READ_SIZE``: the point numbers, the pips, the turn's mark, Menu), on the
    game-over card and on the kiosk's initials and leaderboard."""
    setup = kiosk_gameover if screen == "kiosk_gameover" else ALL[screen]
    if screen == "kiosk_gameover":
        kept_answers.install(monkeypatch)  # the game thought out once a process
    seen = audit(
        monkeypatch, tmp_path, setup, screen, lang, "classic", keep=partial(own_lines, screen=screen)
    )
    assert not small_lines(seen), small_lines(seen)
    check(seen)


FLOOR_16_OTHER = (
    "title",
    "title_continue",
    "keyboard_title",
    "settings",
    "access",
    "menu",
    "keypad",
    "operator",
    "keymap",
    "dice_stats",
    "howto",
    "still_playing",
    "attract",
    *OTHER_SCREENS,
)
"""The screens other than play's held to 16 window pixels (issue 36): the title, the menu, the settings,
the keypads and keyboards, the cabinet's and the tournament's screens (``OTHER_SCREENS``)."""


def overlay_lines(app: App, seen: TextAudit) -> None:
    """Keep the lines of the card on top (the screen under it is another's, shaded)."""
    top = app.scenes.top
    assert top is not None
    seen.lines.clear()
    top.draw(app.screen, 0.0)
    assert seen.lines


def attract_call(app: App, seen: TextAudit) -> None:
    """Keep the demo's own call ("Touch to play" and the line under it): the board and the side panel
    under it are the screen during play's."""
    own = {tr("kiosk.touch_to_play"), tr("kiosk.demo_label")}
    seen.lines[:] = [line for line in seen.lines if line.text in own]
    assert len(seen.lines) == 2


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", FLOOR_16_OTHER)
def test_no_line_of_the_other_screens_is_under_16_window_pixels(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, screen: str, lang: str
) -> None:
    """Issue 36 on every screen but play's: no text under 16 window pixels at 800x480, every line still
    clear (each screen built once, in a cabinet as the operator sees it)."""
    setup = OTHER_SCREENS.get(screen) or ALL[screen]
    keep = overlay_lines if screen in OVERLAYS else attract_call if screen == "attract" else None
    try:
        seen = audit(monkeypatch, tmp_path, setup, screen, lang, "classic", keep=keep)
    finally:
        if screen in DESKS:
            stop_desk()
    assert not small_lines(seen), small_lines(seen)
    check(seen)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", FLOOR_16_PLAY)
def test_no_line_during_play_is_under_16_window_pixels(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, screen: str, lang: str
) -> None:
    """Issue 36 on the screen during play, the whole frame: the side panel's rows (the match, the level,
    the last play, the expert's play), the cube advice, the offer card and its answers, Learn to play's
    card, the coach's card."""
    seen = audit(monkeypatch, tmp_path, ALL[screen], screen, lang, "classic")
    assert not small_lines(seen), small_lines(seen)
    check(seen)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", sorted(SLOW))
def test_no_line_of_the_review_is_under_16_window_pixels(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, screen: str, lang: str
) -> None:
    """The same for the review of a played game and the replay of its costliest mistake (its board, its
    panel, the arrows' legend)."""
    kept_answers.install(monkeypatch)
    seen = audit(monkeypatch, tmp_path, SLOW[screen], screen, lang, "classic", kiosk=False)
    assert not small_lines(seen), small_lines(seen)


def test_the_spy_sees_a_pale_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The measure itself: a grey line on the title's ground is found too faint, a small one too small."""
    from game.ui.text import draw_text

    app = new_app("en", tmp_path, kiosk=False)
    seen = TextAudit(monkeypatch)
    seen.install()
    app.draw(0.0)
    seen.lines.clear()
    grey = (60, 64, 72)
    draw_text(app.screen, "pale words", 30, (640, 700), grey)
    draw_text(app.screen, "tiny words", 20, (640, 650), (255, 255, 255))
    draw_text(app.screen, "good words", 30, (640, 600), (255, 255, 255))
    assert [line.text for line in seen.lines] == ["pale words", "tiny words", "good words"]
    assert [line.text for line in seen.too_faint()] == ["pale words"]
    assert [line.text for line in seen.too_small()] == ["tiny words"]
