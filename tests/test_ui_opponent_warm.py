"""The screen's computer player gets the AI ready beside the loop (``Opponent`` and ``api.warm_up``).

Why: the expert's first cube rollout would otherwise wait for its worker processes to start and
load the network (a second or more on a Raspberry Pi) while the player watches.
"""

from __future__ import annotations

import threading
import time
import types

import pytest

from game.engine.flow import OpeningRoll, apply, new_game
from game.session import opponent as opponent_module
from game.session.opponent import Opponent
from tests.waiting import HANG_LIMIT


def _fake_ai(warm: object) -> types.ModuleType:
    ai = types.ModuleType("fake_ai")
    ai.LEVELS = ("expert",)  # type: ignore[attr-defined]
    ai.choose_play = lambda pos, dice, level, seed=0: None  # type: ignore[attr-defined]
    ai.should_double = lambda *a: False  # type: ignore[attr-defined]
    ai.should_take = lambda *a: True  # type: ignore[attr-defined]
    ai.warm_up = warm  # type: ignore[attr-defined]
    return ai


def _wait(flag: threading.Event) -> bool:
    return flag.wait(timeout=HANG_LIMIT)


def test_a_threaded_opponent_warms_the_ai_in_its_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    done = threading.Event()
    where: list[str] = []

    def warm() -> None:
        where.append(threading.current_thread().name)
        done.set()

    monkeypatch.setattr(opponent_module, "_load_ai", lambda: _fake_ai(warm))
    opponent = Opponent("expert", threaded=True)
    assert _wait(done)
    assert where and where[0].startswith("ai") and where[0] != threading.main_thread().name
    opponent.close()


def test_an_unthreaded_opponent_does_not_warm(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(opponent_module, "_load_ai", lambda: _fake_ai(lambda: calls.append(1)))
    Opponent("expert", threaded=False).close()
    assert calls == []  # tests and --frames answer at once and start nothing beside the loop


def test_a_failing_warm_up_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    failed = threading.Event()

    def warm() -> None:
        failed.set()
        raise OSError("no processes here")

    monkeypatch.setattr(opponent_module, "_load_ai", lambda: _fake_ai(warm))
    opponent = Opponent("expert", threaded=True)
    assert _wait(failed)
    opponent.request("take", apply(new_game(), OpeningRoll(3, 1)))
    deadline = time.monotonic() + HANG_LIMIT
    while time.monotonic() < deadline:
        ready, answer = opponent.poll()
        if ready:
            break
        time.sleep(0.001)
    assert ready and answer is True
    opponent.close()
