"""A frame where only dice or checkers move is painted again only where they were and are (issue 26):
the pictures must be the very ones a whole repaint gives, and the rows it says it changed must hold
every change the display's comparer would find.

Each check plays the same seeded stretch twice through :func:`game.ui.loop.frame`, once as the game
does and once with every frame painted whole, and compares every drawn frame's pixels.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.engine.flow import GameState, Phase, Rules
from game.engine.position import Position
from game.session.controller import GameSetup
from game.ui import loop
from game.ui.app import App
from game.ui.board.view import LayerKey
from game.ui.geometry import FrameChanges, changed_rows
from game.ui.kiosk.attract import AttractScene
from game.ui.play import board_paint
from game.ui.play.board_paint import Frame
from game.ui.scenes.game import GameScene
from tests.helpers import frame_compare
from tests.helpers.players import random_player
from tests.helpers.ui_driver import close_screen, make_app, start_game


@pytest.fixture(autouse=True)
def _pygame() -> object:
    yield
    close_screen()


Setup = Callable[[App], Callable[[int], None] | None]


def demo(app: App) -> None:
    start_game(app, mode="demo", seed=4)


def against_computer(app: App) -> Callable[[int], None]:
    # Seed 11: with the keys that follow the board (issue 36: arrows stop at its edge, Enter on an
    # empty point says why), seed 7's random player was refused for all 1,800 steps and the computer
    # never moved, so no checker flew; this game has both sides' flights.
    scene = start_game(app, mode="computer", seed=11)
    return random_player(app, scene, 11)


def _side(points: dict[int, int]) -> tuple[int, ...]:
    out = [0] * 25
    for point, n in points.items():
        out[point - 1] = n
    return tuple(out)


def _demo_from(app: App, me: dict[int, int], opp: dict[int, int]) -> None:
    scene = start_game(app, mode="demo", seed=5)
    scene.resume(
        GameState(phase=Phase.ROLL, position=Position(_side(me), _side(opp)), turn=0, rules=Rules(0))
    )


def hits(app: App) -> None:
    """Blots within reach: checkers are hit, wait on the bar and come in."""
    _demo_from(app, {6: 5, 8: 5, 13: 5}, {6: 4, 5: 4, 4: 3, 3: 2, 22: 1, 20: 1})


def bear_off(app: App) -> None:
    """Both sides home: checkers go into the trays."""
    _demo_from(app, {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2})


def attract(app: App) -> None:
    app.scenes.reset(AttractScene(app, GameSetup(mode="demo", match_length=0, seed=4)))


def pictures(setup: Callable[[App], Callable[[int], None] | None], passes: int) -> tuple[list[str], int]:
    """Every drawn frame (digested by what changed from the frame before), and how many frames were
    painted in part. Each frame's changed rows are also checked against a whole comparison, and its
    changed pixels against the places it says it painted (the GPU path uploads only those)."""
    app = make_app(speed="normal")
    act = setup(app)
    hinted = FrameChanges()
    drawn = frame_compare.Deltas()  # each drawn frame, by what changed from the one before
    partial = 0
    acc = 0.0
    before: frame_compare.Colours | None = None
    for i in range(passes):
        if act is not None:
            act(i)
        acc, drew = loop.frame(app, [], 1 / 60, acc)
        if not drew:
            continue
        places = app.scenes.dirty
        partial += places is not None
        hinted.areas(app.screen, places)
        # looking only where it was told, the comparer still saw every change: its copy of the last
        # frame (what the screen shows) is the frame itself
        assert hinted._last == app.screen.get_buffer().raw, f"pass {i}: a change outside {places}"
        now = frame_compare.snapshot(app.screen)
        if places is not None and before is not None:  # where it did not paint: the frame before
            assert not frame_compare.changed_outside(before, now, places), f"pass {i}"
        before = now
        drawn.add(now)
    close_screen()
    return drawn.entries, partial


@pytest.mark.slow  # 1,800 passes drawn twice and compared pixel by pixel
@pytest.mark.parametrize("setup", [demo, against_computer, attract, hits, bear_off])
def test_painting_only_what_moved_gives_the_whole_frames_pictures(
    setup: Setup, monkeypatch: pytest.MonkeyPatch
) -> None:
    counted = board_paint.counts_changed
    layers: list[int] = []  # places repainted, per layer painted in part

    def counting(old: LayerKey, new: LayerKey) -> list[pygame.Rect]:
        places = counted(old, new)
        layers.append(len(places))
        return places

    monkeypatch.setattr(board_paint, "counts_changed", counting)
    fast, partial = pictures(setup, 1800)
    if setup is not attract:
        assert partial > len(fast) / 4, (partial, len(fast))  # checkers flew and dice rolled
    else:
        assert partial == 0  # the call is painted over the board: every frame whole
    # checkers took off and landed: layers painted in part (against the computer, the player's marks
    # change with most landings: fewer)
    assert sum(1 for n in layers if n > 0) >= (1 if setup is against_computer else 10), layers
    draw = Frame.draw

    def whole(self: Frame, t: GameScene, surface: pygame.Surface, alpha: float, kept: bool = False) -> object:
        self.key = None  # the layer painted anew every frame: a fact missing from its key shows here too
        return draw(self, t, surface, alpha, False)

    monkeypatch.setattr(Frame, "draw", whole)
    monkeypatch.setattr(Frame, "partial_layers", False)
    slow, none = pictures(setup, 1800)
    assert none == 0
    assert len(fast) == len(slow)
    different = [i for i, (a, b) in enumerate(zip(fast, slow, strict=True)) if a != b]
    assert different == [], (
        f"{len(different)} frames' changes differ, the first at the {different[0]}th drawn"
    )


def test_changed_rows_merge_and_clip() -> None:
    rects = [pygame.Rect(0, 700, 10, 40), pygame.Rect(5, 10, 10, 10), pygame.Rect(0, 15, 3, 10)]
    assert changed_rows(rects) == [(10, 25), (700, 720)]
    assert changed_rows([pygame.Rect(0, -5, 4, 0)]) == []


def test_the_comparer_looks_only_where_the_hint_says() -> None:
    width, height = 64, 64
    surface = pygame.Surface((width, height))
    changes = FrameChanges(band=16)
    assert changes.areas(surface) is None
    surface.fill((255, 0, 0), pygame.Rect(0, 40, 4, 2))
    assert changes.areas(surface, hint=[pygame.Rect(0, 0, 64, 8)]) == []  # told to look elsewhere: not seen
    assert changes.areas(surface, hint=[pygame.Rect(0, 39, 8, 2)]) == [(0, 40, 8, 1)]
    assert changes.areas(surface, hint=[pygame.Rect(0, 39, 8, 2)]) == []  # copied: the same now
    assert changes.areas(surface) == [(0, 32, 64, 16)]  # the row the hint left out
