"""The machine interface's ``explain`` op: a round trip through the bot, and its refusals."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from game import bot
from game.coach import explain
from game.engine import Position

START = Position.start().position_id()


def ask(request: object) -> dict[str, Any]:
    return bot.handle_line(json.dumps(request))


def test_explain_round_trip_through_the_bot() -> None:
    out = io.StringIO()
    request = {"op": "explain", "position": START, "dice": [3, 1], "move": "24/23 13/10"}
    bot.serve([json.dumps(request) + "\n"], out)
    answer = json.loads(out.getvalue())
    expected = explain(Position.start(), (3, 1), "24/23 13/10")
    assert answer["played"]["move"] == "24/23 13/10"
    assert answer["played"]["shots"] == expected.played.shots > 0
    assert answer["played"]["blots"] == [24, 23, 10]
    assert answer["best"]["move"] == "8/5 6/5" and answer["best"]["shots"] == 0
    assert answer["best"]["made"] == [5]
    after = Position.from_id(answer["best"]["position"])
    assert after.me[4] == 2  # the 5-point made, the same player still on roll
    assert answer["loss"] == round(expected.loss, 4) > 0.08 and answer["stop"] is True
    assert answer["reason"] == {lang: expected.text(lang) for lang in ("en", "fi", "hu")}
    assert answer["reason"]["en"].startswith("Your play leaves 3 blots")
    assert {"hits", "missed_hit", "given_up", "prime", "back", "pips_before", "race", "wasted", "win"} <= set(
        answer["played"]
    )


def test_the_experts_play_is_the_best_play() -> None:
    answer = ask({"op": "explain", "position": START, "dice": [3, 1], "move": "8/5 6/5"})
    assert answer["loss"] == 0.0 and answer["stop"] is False
    assert answer["played"] == answer["best"]
    assert answer["reason"]["en"] == "Your play is the best play here."


@pytest.mark.parametrize(
    ("request_", "fragment"),
    [
        ({"op": "explain", "position": START, "dice": [3, 1], "move": "24/21 13/12"}, "bad move"),
        ({"op": "explain", "position": START, "dice": [3, 1], "move": "8/5"}, "whole move"),
        ({"op": "explain", "position": START, "dice": [3, 1], "move": "hello"}, "bad move"),
        ({"op": "explain", "position": START, "dice": [3, 1]}, 'missing "move"'),
        ({"op": "explain", "position": START, "dice": [3, 1], "move": 13}, "must be text"),
        ({"op": "explain", "position": START, "dice": [3, 9], "move": "24/21"}, "dice"),
        ({"op": "explain", "dice": [3, 1], "move": "8/5 6/5"}, 'missing "position"'),
        ({"op": "explain", "position": "nonsense", "dice": [3, 1], "move": "8/5 6/5"}, "bad position"),
    ],
)
def test_bad_explain_requests_get_one_clear_error(request_: dict[str, Any], fragment: str) -> None:
    answer = ask(request_)
    assert list(answer) == ["error"] and fragment in answer["error"]


def test_unknown_op_names_explain() -> None:
    assert "explain" in ask({"op": "teach"})["error"]
