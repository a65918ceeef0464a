"""The layer rules (the README's Development section), checked on the code itself.

- ``game.engine`` and ``game.ai`` must import without pygame (the machine interface,
  tests and training run headless, and the rules must not depend on a screen);
- ``game.session`` (the game as a session: turn control, saving, records, statistics, the
  kiosk's rules, settings) imports neither pygame nor ``game.ui``, so it can be tested and
  reused without a screen;
- the engine reads no clock and no global random state, so every game can be
  replayed from its seed;
- the engine imports only the standard library; the AI only the standard
  library and the engine (numpy belongs to training scripts).

The import test runs in a fresh interpreter: this test process may already
have pygame loaded by other tests.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.paths import ROOT
from tests.helpers.source import imported_modules, imports_in, sources

ENGINE = ROOT / "game" / "engine"
AI = ROOT / "game" / "ai"
SESSION = ROOT / "game" / "session"

# The functions of the module-level random generator (random.Random is the allowed way).
GLOBAL_RANDOM = {
    "betavariate", "binomialvariate", "choice", "choices", "expovariate", "gammavariate", "gauss",
    "getrandbits", "getstate", "lognormvariate", "normalvariate", "paretovariate", "randbytes",
    "randint", "random", "randrange", "sample", "seed", "setstate", "shuffle", "triangular",
    "uniform", "vonmisesvariate", "weibullvariate",
}  # fmt: skip


def global_random_uses(source: str) -> list[str]:
    """Uses of the module-level random generator: ``random.randint(...)``, ``from random import choice``."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            found.extend(
                f"{node.lineno}: from random import {a.name}" for a in node.names if a.name != "Random"
            )
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
            and node.attr in GLOBAL_RANDOM
        ):
            found.append(f"{node.lineno}: random.{node.attr}")
    return found


def test_engine_and_ai_import_without_pygame_in_a_fresh_interpreter() -> None:
    script = (
        "import importlib, json, pkgutil, sys\n"
        "import game.engine, game.ai\n"
        "loaded = []\n"
        "for pkg in (game.engine, game.ai):\n"
        "    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        if info.name.endswith('__main__'):\n"
        "            continue\n"
        "        importlib.import_module(info.name)\n"
        "        loaded.append(info.name)\n"
        "print(json.dumps({'loaded': loaded,\n"
        "                  'pygame': sorted(m for m in sys.modules if m.split('.')[0] == 'pygame')}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert "game.engine.moves" in report["loaded"]
    assert report["pygame"] == [], f"pygame was imported: {report['pygame']}"


@pytest.mark.parametrize("folder", [ENGINE, AI], ids=["engine", "ai"])
def test_no_pygame_import_in_engine_or_ai_sources(folder: Path) -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sources(folder)
        for line, name in imported_modules(path)
        if name.split(".")[0] == "pygame"
    ]
    assert offenders == []


def test_engine_imports_only_the_standard_library_and_itself() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sources(ENGINE)
        for line, name in imported_modules(path)
        if name.split(".")[0] not in sys.stdlib_module_names and not name.startswith("game.engine")
    ]
    assert offenders == []


def test_ai_imports_only_the_standard_library_and_the_engine() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sources(AI)
        for line, name in imported_modules(path)
        if name.split(".")[0] not in sys.stdlib_module_names
        and not name.startswith(("game.engine", "game.ai", "game.assets"))
    ]
    assert offenders == []


def test_the_asset_resolver_imports_only_the_standard_library() -> None:
    """The AI may ask ``game.assets`` where its weights are, because that module is plain standard library."""
    path = ROOT / "game" / "assets.py"
    offenders = [
        name for _, name in imported_modules(path) if name.split(".")[0] not in sys.stdlib_module_names
    ]
    assert offenders == []


def test_engine_reads_no_clock() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sources(ENGINE)
        for line, name in imported_modules(path)
        if name.split(".")[0] in {"time", "datetime"}
    ]
    assert offenders == []


def test_engine_uses_no_global_random_state() -> None:
    """``random.Random(seed)`` objects are passed in; ``random.randint(...)`` and friends are not used."""
    offenders = [
        f"{path.relative_to(ROOT)}:{use}"
        for path in sources(ENGINE)
        for use in global_random_uses(path.read_text())
    ]
    assert offenders == []


def test_the_static_checks_catch_violations() -> None:
    """The helpers flag what they look for, so the passes above mean something."""
    probe = (
        "import pygame.display\nfrom time import monotonic\nfrom . import moves\nfrom ..ai import net\n"
        "import random\nrandom.randint(1, 6)\nfrom random import Random, shuffle\nrng = random.Random(4)\n"
    )
    names = [name for _, name in imports_in(probe, "game.engine")]
    assert names == [
        "pygame.display",
        "time.monotonic",
        "game.engine.moves",
        "game.ai.net",
        "random",
        "random.Random",
        "random.shuffle",
    ]
    assert sorted(global_random_uses(probe)) == ["6: random.randint", "7: from random import shuffle"]


def test_only_game_ui_imports_pygame() -> None:
    """Anywhere in ``game/`` outside ``game/ui`` (engine, ai, tools, the bot) pygame is off limits."""
    ui = ROOT / "game" / "ui"
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sorted((ROOT / "game").rglob("*.py"))
        if ui not in path.parents
        for line, name in imported_modules(path)
        if name.split(".")[0] == "pygame"
    ]
    assert offenders == []


# Match records and the review sit beside the bot: they use the rules and the computer player,
# never the screen (the screen uses them).
RECORDS = [ROOT / "game" / "record", ROOT / "game" / "review", ROOT / "game" / "tools" / "selfplay.py"]


def _record_sources() -> list[Path]:
    return [p for folder in RECORDS for p in ([folder] if folder.is_file() else sources(folder))]


def test_records_and_review_import_only_the_standard_library_the_engine_and_the_ai() -> None:
    """The review may use the coach too: its scale of grades and its reasons in words (the coach is
    itself pure, and never imports the review: see below)."""
    allowed = ("game.engine", "game.ai", "game.record", "game.review", "game.coach")
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in _record_sources()
        for line, name in imported_modules(path)
        if name.split(".")[0] not in sys.stdlib_module_names and not name.startswith(allowed)
    ]
    assert offenders == []
    assert len(_record_sources()) >= 8


def test_records_and_review_import_without_pygame_in_a_fresh_interpreter() -> None:
    script = (
        "import json, sys\n"
        "import game.record, game.record.__main__, game.review, game.review.__main__, game.tools.selfplay\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []


# The coach explains plays from the rules and the computer player's judgement, in the catalogue's
# words: no screen (the coach card on screen calls it, as does the bot's explain op).
COACH = ROOT / "game" / "coach"
CATALOGUE = ("game.i18n",)
"""The message catalogue module (pure standard library)."""


def test_coach_imports_only_the_standard_library_the_engine_the_ai_and_the_catalogue() -> None:
    allowed = ("game.engine", "game.ai", "game.coach", *CATALOGUE)
    found = [(path, line, name) for path in sources(COACH) for line, name in imported_modules(path)]
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path, line, name in found
        if name.split(".")[0] not in sys.stdlib_module_names and not name.startswith(allowed)
    ]
    assert offenders == []
    assert len(sources(COACH)) >= 4
    assert any(name.startswith(CATALOGUE) for _, _, name in found)  # the words do come from the catalogue


def test_the_coachs_scale_and_words_load_without_the_computer_player() -> None:
    """The coach's scale and words (what screens need to grade and to word reasons) load without the
    computer player: a tool or a screen that only grades need not pay for the evaluator."""
    script = (
        "import json, sys\n"
        "import game.coach, game.coach.scale, game.coach.words\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('game.ai'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []


def test_coach_imports_without_pygame_in_a_fresh_interpreter() -> None:
    script = (
        "import json, sys\n"
        "import game.coach, game.coach.facts, game.coach.verdict, game.coach.words\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []


def test_session_imports_neither_pygame_nor_the_screen() -> None:
    """The session speaks to the screen only through what the screen hands it (hooks, protocols)."""
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sources(SESSION)
        for line, name in imported_modules(path)
        if name.split(".")[0] == "pygame" or name == "game.ui" or name.startswith("game.ui.")
    ]
    assert offenders == []
    assert len(sources(SESSION)) >= 10


def test_session_imports_without_pygame_in_a_fresh_interpreter() -> None:
    """Every module of ``game.session`` imported in a fresh interpreter: no path pulls pygame (or the
    screen's package, which imports it) in."""
    script = (
        "import importlib, json, pkgutil, sys\n"
        "import game.session\n"
        "loaded = []\n"
        "for info in pkgutil.walk_packages(game.session.__path__, 'game.session.'):\n"
        "    importlib.import_module(info.name)\n"
        "    loaded.append(info.name)\n"
        "print(json.dumps({'loaded': loaded,\n"
        "                  'screen': sorted(m for m in sys.modules\n"
        "                                   if m.split('.')[0] == 'pygame' or m.startswith('game.ui'))}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert {"game.session.controller", "game.session.settings", "game.session.kiosk"} <= set(report["loaded"])
    assert report["screen"] == [], f"the session loaded the screen: {report['screen']}"
