"""The words that cross modules are types: strict mypy reports a misspelled mode, intent kind, level,
grade, command, cube owner, decision kind or cube action, a bare word where a type is expected, and a
case forgotten in a match over one of them.

Why: these were bare strings once, and a misspelled mode quietly became a game against the computer.
The check runs mypy on a small program that uses the game's types wrongly, one mistake a line, and
on the same program spelled right (which must be clean, so the test can fail both ways).
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.paths import ROOT

HEADER = """\
from typing import assert_never

from game.ai.cubeful import CubeOwner
from game.ai.question import CubeAction, Decision
from game.ai.levels import Level
from game.coach.scale import Grade
from game.session.commands import Command
from game.session.controller import GameSetup
from game.session.modes import GameMode
from game.ui.input import Intent, IntentKind


def kind_is_a_click(intent: Intent) -> bool:
    return {kind}


GameSetup(mode={mode})
GameSetup(mode={word})
Intent({intent})
Intent(IntentKind.NAV, command={command})
level: Level = {level}
grade: Grade = {grade}
owner: CubeOwner = {owner}
decision: Decision = {decision}
action: CubeAction = {action}


def who_decides(kind: Decision) -> str:
    match kind:
        case Decision.MOVE | Decision.DOUBLE:
            return "the player on roll"
        case {forgotten}:
            return "the taker"
        case _:
            assert_never(kind)  # reports: {{forgotten}}
"""
RIGHT = {
    "kind": "intent.kind == IntentKind.CLICK",
    "mode": "GameMode.COMPUTER",
    "word": "GameMode.TWO",
    "intent": "IntentKind.CLICK",
    "command": "Command.HINT",
    "level": "Level.EXPERT",
    "grade": "Grade.BLUNDER",
    "owner": "CubeOwner.CENTRE",
    "decision": "Decision.MOVE",
    "action": "CubeAction.NO_DOUBLE",
    "forgotten": "Decision.TAKE",
}
WRONG = {
    "kind": 'intent.kind == "click"',  # a bare word compared with a kind
    "mode": "GameMode.COMPTER",
    "word": '"computer"',  # a bare word where the type is expected
    "intent": "IntentKind.CLIK",
    "command": "Command.HNT",
    "level": "Level.EXPRT",
    "grade": "Grade.BLUNDR",
    "owner": '"center"',
    "decision": '"play"',  # the coach's old word for a checker play
    "action": "CubeAction.NO_DOUBEL",
    "forgotten": "Decision.DOUBLE",  # Decision.TAKE forgotten: assert_never's line is reported
}


def mypy_errors(tmp_path: Path, words: dict[str, str]) -> dict[int, str]:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed in this environment")
    program = tmp_path / "uses_the_types.py"
    program.write_text(HEADER.format(**words), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(program)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    found: dict[int, str] = {}
    for line in done.stdout.splitlines():
        m = re.match(rf"{re.escape(str(program))}:(\d+): error: (.*)", line)
        if m:
            found[int(m.group(1))] = m.group(2)
    assert done.returncode == (1 if found else 0), done.stdout + done.stderr
    return found


def test_the_right_words_pass_and_every_wrong_one_is_reported(tmp_path: Path) -> None:
    assert mypy_errors(tmp_path, RIGHT) == {}
    errors = mypy_errors(tmp_path, WRONG)
    lines = HEADER.splitlines()
    for field in WRONG:
        # A forgotten case is reported where it falls through (the line marked "{{field}}"), else
        # the mistake is reported on its own line.
        marked = [n for n, text in enumerate(lines, 1) if "{{" + field + "}}" in text]
        own = [n for n, text in enumerate(lines, 1) if "{" + field + "}" in text]
        line = (marked or own)[0]
        assert line in errors, f"mypy let {WRONG[field]} through on line {line}: {errors}"
    assert len(errors) == len(WRONG)
