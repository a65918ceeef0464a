"""The replay follows its reader (issue 36): "Next mistake" stops only on the reader's own decisions,
the other side's mistakes are a choice of their own (a button, N), and the Position and Match IDs stand
behind a button (I) instead of taking a third of the panel."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.matchid import match_id
from game.record import MatchRecord
from game.review import MatchReview
from game.ui.app import App
from game.ui.scenes import replay as replay_module
from game.ui.scenes.replay import ReplayScene
from tests.helpers.records_play import record_app
from tests.helpers.reviews import NAMES
from tests.helpers.text_spy import spy_on_text
from tests.helpers.ui_driver import close_screen


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = record_app(tmp_path)
    yield made
    made.quit()
    close_screen()


def key(app: App, code: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


@pytest.mark.parametrize("reader", [0, 1])
def test_next_mistake_is_the_readers_and_the_other_sides_are_apart(
    app: App, hand: tuple[MatchRecord, MatchReview], reader: int
) -> None:
    record, review = hand  # the expert's review of a hand-made match: both sides err
    replay = ReplayScene(app, record, NAMES, review, reader=reader)
    app.scenes.reset(replay)
    mine, theirs = replay.mistakes(reader), replay.mistakes(1 - reader)
    assert mine and theirs and not set(mine) & set(theirs)
    seen = set()
    for _ in range(len(mine) + 1):
        replay.next_mistake()
        step = replay.steps[replay.index]
        assert step.ply is not None and step.ply.player == reader
        seen.add(replay.index)
    assert seen == set(mine)  # round and round the reader's own
    label = f"{NAMES[1 - reader]}'s mistakes"
    assert any(b.label == label for b in replay.buttons.buttons)
    key(app, pygame.K_n)
    step = replay.steps[replay.index]
    assert step.ply is not None and step.ply.player == 1 - reader


def test_the_ids_are_behind_their_button(
    app: App, hand: tuple[MatchRecord, MatchReview], monkeypatch: pytest.MonkeyPatch
) -> None:
    record, review = hand
    replay = ReplayScene(app, record, NAMES, review)
    app.scenes.reset(replay)
    replay.go(3)
    drawn = spy_on_text(monkeypatch, replay_module)
    state = replay.steps[3].state
    ids = {state.position.position_id(), match_id(state)}
    replay.draw(app.screen, 0.0)
    assert not ids & {text for text, _ in drawn}
    key(app, pygame.K_i)
    drawn.clear()
    replay.draw(app.screen, 0.0)
    assert ids <= {text for text, _ in drawn}
