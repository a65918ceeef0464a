"""The side panel's rows, the demo's status line and the hint's numbers never run into each other.

Found in a real-window play test after the text floor (no text below :data:`text.MIN_SIZE`): the last
play ("Edellinen: Tietokone ...") wrapped to two lines over the computer's level, hid behind Roll and
Done at 800x480; the demo's flash ran into its banner; a hint of 6/5(2) drew its "4" over its "3".
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pygame
import pytest

from game.ai.jobs import Where
from game.engine.flow import GameState, MoveTo, Phase, Rules
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.position import Position
from game.engine.scoring import GameResult, WinKind
from game.i18n import tr
from game.ui import layout as L
from game.ui.app import apply_language
from game.ui.play import panel
from game.ui.scenes.game import GameScene
from game.ui.text import CACHE, READ_SIZE
from tests.helpers.screen_probe import ScreenReader
from tests.helpers.ui_driver import close_screen, make_app, start_game

LAST_COLOUR = (90, 200, 255)

LONG_PLAYS: dict[str, tuple[Move, ...]] = {
    # "bar/22* 13/11(2) 6/1*": four moves, hits, a repeat
    "repeats": (Move(25, 22, 3, True), Move(13, 11, 2), Move(13, 11, 2), Move(6, 1, 5, True)),
    # "bar/22* 24/21* 13/10* 6/3*": four moves, each a hit: wider than the panel without any word
    "hits": (Move(25, 22, 3, True), Move(24, 21, 3, True), Move(13, 10, 3, True), Move(6, 3, 3, True)),
}


@pytest.fixture()
def english_after() -> Iterator[None]:
    yield
    apply_language("en")
    close_screen()


def _state(phase: str, play: tuple[Move, ...], crawford: bool, length: int) -> GameState:
    """A state of ``phase`` whose previous turn was ``play`` by player 1 (the computer, or Black)."""
    start = Position.start()
    common: dict[str, object] = {
        "rules": Rules(length),
        "crawford": crawford,
        "last_play": play,
        "last_player": 1,
        "score": (length - 1, 0) if crawford else (0, 0),
    }
    if phase == "human_roll":
        return GameState(Phase.ROLL, start, turn=0, **common)  # type: ignore[arg-type]
    if phase == "human_move":
        return GameState(Phase.MOVING, start, turn=0, dice=(6, 5), **common)  # type: ignore[arg-type]
    if phase == "computer_move":
        return GameState(Phase.MOVING, start, turn=1, dice=(6, 5), **common)  # type: ignore[arg-type]
    assert phase == "game_over"
    result = GameResult(1, WinKind.SINGLE, 1, 1)
    return GameState(Phase.GAME_OVER, start, turn=1, result=result, **common)  # type: ignore[arg-type]


def _painted(scene: GameScene, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, pygame.Rect, object]]:
    """Every text the panel paints for the scene's state: (text, screen rect, colour)."""
    return [(text, rect, colour) for text, rect, _, colour in _painted_inks(scene, monkeypatch)]


def _painted_inks(
    scene: GameScene, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, pygame.Rect, pygame.Rect, object]]:
    """Every text the panel paints for the scene's state: (text, screen rect, the rect of its letters,
    colour). Rows of the floor size stand 28 apart, closer than a line's own box (31 at 26): their
    letters, not their boxes, are what must not meet."""
    out: list[tuple[str, pygame.Rect, pygame.Rect, object]] = []
    real = panel.draw_text
    ox, oy = L.PANEL_X - 4, L.BOARD_Y

    def spy(surface, text, size, pos, colour=(255, 255, 255), *a, **k):  # type: ignore[no-untyped-def]
        rect = real(surface, text, size, pos, colour, *a, **k)
        width = k.get("width", a[1] if len(a) > 1 else None)
        surf = CACHE.fit(text, size, width, colour) if width else CACHE.render(text, size, colour)
        ink = surf.get_bounding_rect().move(rect.topleft)
        out.append((text, rect.move(ox, oy), ink.move(ox, oy), colour))
        return rect

    monkeypatch.setattr(panel, "draw_text", spy)
    surface = pygame.Surface((L.W - ox, L.BOARD_H))
    panel.paint(scene, surface, ox, oy)
    monkeypatch.setattr(panel, "draw_text", real)
    return out


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
@pytest.mark.parametrize("mode", ["computer", "two", "demo"])
def test_the_panel_rows_never_meet_each_other_or_the_buttons(
    english_after: None, monkeypatch: pytest.MonkeyPatch, lang: str, mode: str
) -> None:
    """In every phase (the player's Roll, Done with and without Undo, the computer's turn, the game's
    end), a Crawford game and a 1-point match, with the longest plays: every line of the panel between
    the players' boxes stays in the panel, meets no other line and no button, is drawn at the floor
    size or larger, and the last play is shown (shortened if need be, never hidden)."""
    apply_language(lang)
    app = make_app()
    scene = start_game(app, mode=mode, seed=2)
    scene.game.opponent.where = Where.HERE
    phases = ["computer_move", "game_over"]
    if mode != "demo":
        phases += ["human_roll", "human_move", "human_moved"]
    boxes = [panel.player_box(0), panel.player_box(1)]
    for phase, play, (crawford, length) in itertools.product(
        phases, LONG_PLAYS.values(), [(True, 5), (False, 5), (True, 1)]
    ):
        state = _state("human_move" if phase == "human_moved" else phase, play, crawford, length)
        scene.resume(state, Match(Rules(length), score=state.score, games=sum(state.score)))
        if phase == "human_moved":  # Undo under Done
            scene.game.do(MoveTo(24, 18))
            assert any(b.label == tr("ui.undo") for b in scene.buttons.buttons)
        if phase == "human_move":
            scene.hints.moves = (Move(13, 7, 6), Move(13, 8, 5))
        where = (phase, crawford, length)
        drawn = [
            (text, rect, ink, c)
            for text, rect, ink, c in _painted_inks(scene, monkeypatch)
            if not any(map(rect.colliderect, boxes))
        ]
        assert any(c == LAST_COLOUR for _, _, _, c in drawn), where  # the last play is there
        buttons = [b.rect for b in scene.buttons.buttons if b.visible]
        for text, rect, _, _ in drawn:
            assert rect.left >= L.PANEL_X and rect.right <= L.W, (where, text, rect)
            assert rect.height >= CACHE.font(READ_SIZE).get_height(), (where, text)
            hit = [b for b in buttons if b.colliderect(rect)]
            assert not hit, (where, text, rect, hit)
        for (a, _, ia, _), (b, _, ib, _) in itertools.combinations(drawn, 2):
            assert not ia.inflate(0, 2).colliderect(ib), (where, a, ia, b, ib)


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_the_last_play_keeps_to_its_band(english_after: None, lang: str) -> None:
    """Two rows whatever stands under it: in a game without a badge the level moves up into the
    badge's row; in a Crawford game, while Done stands under the rows, the level gives way. The longest
    play is shortened to them (the "Last:" word goes first), never cut below the floor size, and says
    who moved and at least a move."""
    apply_language(lang)
    app = make_app()
    scene = start_game(app, mode="computer", seed=2)
    phases = ("human_roll", "human_move", "computer_move", "game_over")
    for play, crawford, phase in itertools.product(LONG_PLAYS.values(), (False, True), phases):
        rows = 2
        scene.resume(_state(phase, play, crawford, 5))
        band = panel.last_band(scene)
        assert band.height // panel.ROW_H == rows, (phase, crawford)
        level = panel.level_row(scene)
        assert band.top > (panel.BADGE_ROW if level is None else level).bottom
        assert level is not None or (crawford and phase == "human_move"), (phase, crawford)
        lines = panel.last_lines(scene, rows)
        assert 1 <= len(lines) <= rows
        for line in lines:
            assert CACHE.font(READ_SIZE).size(line)[0] <= band.width, (phase, line)
        assert any("/" in line for line in lines), (phase, crawford, lines)


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_the_demo_flash_and_the_banner_never_touch(
    english_after: None, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """At 800x480 the flash "This is a demo. To play: Menu, then Leave to title" ran into the banner
    "DEMO: computer against computer". Every line of the status row stays clear of the others and of
    the Menu button, whether the flash shows or not."""
    apply_language(lang)
    app = make_app()
    scene = start_game(app, mode="demo", seed=2)
    menu = next(b.rect for b in scene.buttons.buttons if b.label == tr("ui.menu"))
    for flash in ("", tr("ui.demo_touch"), tr("ui.not_your_turn")):
        scene.flash_text, scene.flash_time = flash, 2.0 if flash else 0.0
        rects = _status_rects(scene, monkeypatch)
        for rect in rects:
            assert rect.left >= 0 and rect.right < menu.left, (flash, rect)
        for a, b in itertools.combinations(rects, 2):
            assert not a.inflate(20, 0).colliderect(b), (flash, a, b)
        text, _ = panel.status(scene)
        assert rects[-1].width == CACHE.fit(text, 28, rects[-1].width + 1).get_width()  # drawn whole
    scene.flash_text, scene.flash_time = "", 0.0
    assert len(_status_rects(scene, monkeypatch)) == 2  # the banner is back when the flash is gone


def _status_rects(scene: GameScene, monkeypatch: pytest.MonkeyPatch) -> list[pygame.Rect]:
    """The rects of the texts the status line draws, in order."""
    out: list[pygame.Rect] = []
    real = panel.draw_text

    def spy(*a, **k):  # type: ignore[no-untyped-def]
        rect = real(*a, **k)
        out.append(rect)
        return rect

    monkeypatch.setattr(panel, "draw_text", spy)
    panel.draw_status(scene, pygame.Surface((L.W, L.H)))
    monkeypatch.setattr(panel, "draw_text", real)
    return out


LABEL_RADIUS = 18
"""A hint arrow's number is a disc this big."""


def test_a_doubles_hint_shows_every_number(english_after: None) -> None:
    """A hint of 6/5(2) 8/7(2) on 1-1 (two arrows along each path): the numbers 1 to 4 are each found on
    the screen, none hidden under another."""
    app = make_app()
    scene = start_game(app, mode="computer", seed=2)
    state = GameState(Phase.MOVING, Position.start(), turn=0, dice=(1, 1), rules=Rules(5))
    scene.resume(state)
    scene.hints.moves = (Move(6, 5, 1), Move(6, 5, 1), Move(8, 7, 1), Move(8, 7, 1))
    app.draw(0.0)
    screen = ScreenReader(app.screen, app.sprites)
    board = pygame.Rect(L.BOARD_X, L.BOARD_Y, L.BOARD_W, L.BOARD_H)
    found = []
    for n in "1234":
        rect = screen.find_text(n, READ_SIZE, (30, 0, 20), board)
        assert rect is not None, n
        found.append(rect)
    for a, b in itertools.combinations(found, 2):
        assert not a.inflate(2 * LABEL_RADIUS - a.w, 2 * LABEL_RADIUS - a.h).colliderect(
            b.inflate(2 * LABEL_RADIUS - b.w, 2 * LABEL_RADIUS - b.h)
        ), (a, b)
