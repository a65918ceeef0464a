"""Headless settings for every test: no window, no sound device, no writes to the user's real data.

Set before pygame is imported anywhere; child processes started by tests inherit them. They are set,
not defaulted: an empty or desktop ``SDL_VIDEODRIVER`` in the caller's environment (a developer's
shell inside X or Wayland) must not make the suite try to open real windows.

Every test also gets its own data folder and a clean screen layer afterwards (see ``_isolated``), so
the suite passes in any order (``pytest-randomly`` shuffles it) and split across processes
(``pytest-xdist``).
"""

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
# The expert's cube rollouts play in this process: tests that replace a function of the AI must
# be seen by every trial. tests/ai/test_parallel.py starts worker processes itself and checks that
# they give the same answers to the last bit.
os.environ["BACKGAMMON_AI_WORKERS"] = "1"

# Settings and autosaves of the app under test go to a throw-away folder, never to the player's
# ~/.local/share (a test run must not resume or overwrite someone's game). Even a test that
# deliberately unsets BACKGAMMON_DATA_DIR to exercise the platform's per-user folder lands in a
# temporary home: SDL builds that folder from XDG_DATA_HOME (else HOME) on Linux. Hypothesis keeps
# its example database there too instead of a ``.hypothesis`` folder in the working tree. (pytest's
# own ``.pytest_cache``, which ``--lf`` needs, and Python's ``__pycache__`` stay where they are.)
_scratch = Path(tempfile.mkdtemp(prefix="backgammon-tests-"))
os.environ["BACKGAMMON_DATA_DIR"] = str(_scratch / "data")
os.environ["XDG_DATA_HOME"] = str(_scratch / "xdg-data")
os.environ["XDG_CONFIG_HOME"] = str(_scratch / "xdg-config")
os.environ["HOME"] = str(_scratch / "home")
(_scratch / "home").mkdir()
# A desk the tests start announces itself, and a board's join screen looks for desks, by multicast
# DNS (game.desk.discovery): on loopback only, so that nothing a test sends leaves this machine.
os.environ["BACKGAMMON_DESK_NETWORK"] = "127.0.0.1"
# The lint and type tests run ruff and mypy with their caches in the checkout (`.ruff_cache`,
# `.mypy_cache`, both ignored by git), so that a second run checks only what changed: a cold strict
# mypy run costs about a minute of the suite.

import atexit  # noqa: E402

import pytest  # noqa: E402
from hypothesis import settings as hypothesis_settings  # noqa: E402
from hypothesis.database import DirectoryBasedExampleDatabase  # noqa: E402

from tests.helpers import sound_device  # noqa: E402

atexit.register(shutil.rmtree, _scratch, True)
if hypothesis_settings.default.database is not None:  # Hypothesis's own "ci" profile keeps none
    hypothesis_settings.register_profile(
        "isolated",
        parent=hypothesis_settings.default,
        database=DirectoryBasedExampleDatabase(str(_scratch / "hypothesis")),
    )
    hypothesis_settings.load_profile("isolated")


class _HasFileno(Protocol):
    def fileno(self) -> int: ...


def _flushed_nowhere(fd: int | _HasFileno) -> None:
    """``os.fsync`` in the test process: the descriptor checked (a closed or wrong one fails as it
    would), the disk not asked to write its cache out.

    Why: every save of the game (an autosave after each play, the settings, a match's record, a
    tournament's file) is written to a temporary file, fsync'ed, renamed and its folder fsync'ed, so
    that a power cut leaves the old or the new file. A test cannot see that (a power cut is the only
    thing that tells a flushed file from one in the page cache), but it waited for the disk every
    time, and a screen test's game saves dozens of times (docs/benchmarks.md, "The sixth cut").
    Everything else about a save still runs (the temporary file, the rename, the refusals of a
    full or read-only disk). Processes a test starts (the kill -9 tests' games and tournaments, the
    desk) flush as the product does.
    """
    os.fstat(fd if isinstance(fd, int) else fd.fileno())


@pytest.fixture(autouse=True, scope="session")
def _no_disk_flush() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", _flushed_nowhere)
        yield


def _reset_screen_layer() -> None:
    """English again, no cached fonts, the screen closed: only for the parts a test actually loaded.

    pygame itself stays started for the worker's next test (see ``_close_screen``). Looked up in
    ``sys.modules`` so that tests that never touch the screen never import pygame.
    """
    i18n = sys.modules.get("game.i18n")
    if i18n is not None and hasattr(i18n, "set_language"):
        i18n.set_language("en")
    ui_text = sys.modules.get("game.ui.text")
    if ui_text is not None:
        cache = getattr(ui_text, "CACHE", None)
        if cache is not None and hasattr(cache, "reset"):
            cache.reset()
    _close_screen()
    desk = sys.modules.get("game.desk.service")
    if desk is not None:  # a desk or a board link lives for the whole game: not past one test
        desk.stop()
        desk.forget_board_link()
        desk.stop_finding()


def _close_screen() -> None:
    """Close the window a test opened (the next App opens its own, with an empty event queue), silence
    the sound device (left open for the next test when in the game's format, see
    :mod:`tests.helpers.sound_device`), and leave pygame and its fonts started: the same as
    ``tests.helpers.ui_driver.close_screen``.

    Why not ``pygame.quit()`` after every test: a font still alive at the quit never closes its file,
    so the quit needed a garbage collection first, about 30 ms in a worker's heap, after every test
    once any test had imported pygame, plus about 12 ms to start pygame again; over the suite's
    3,300 tests that was minutes of CPU. A test that needs pygame fresh quits it itself
    (``tests.helpers.ui_driver.quit_pygame``)."""
    pygame = sys.modules.get("pygame")
    if pygame is None or not hasattr(pygame, "display"):
        return
    mixer = getattr(pygame, "mixer", None)
    if mixer is not None:
        sound_device.release(mixer)
    if pygame.display.get_init():
        pygame.display.quit()


@pytest.fixture(autouse=True)
def _isolated(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test: a data folder of its own (no save or setting leaks into the next test), and the
    screen layer reset afterwards, so no test depends on what ran before it."""
    monkeypatch.setenv("BACKGAMMON_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    yield
    _reset_screen_layer()


@pytest.fixture()
def ui_reset() -> Iterator[None]:
    """After a test that switched the language or opened pygame: English again, the screen closed.

    Kept for the tests that ask for it by name; every test now gets the same reset from ``_isolated``.
    """
    yield
    _reset_screen_layer()


class WorkerNode(Protocol):
    """What :func:`pytest_configure_node` uses of xdist's ``WorkerController``."""

    workerinput: dict[str, object]
    config: pytest.Config


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: WorkerNode) -> None:
    """Tell each pytest-xdist worker the controller's ``--dist``: a worker's own config always says
    "no" (xdist resets it there), and the order below depends on how the tests are dealt out."""
    node.workerinput["dist"] = node.config.getoption("dist", "load")


def worker_shares(count: int, workers: int, dist: str) -> list[int]:
    """Where each worker's first tests start in the collected order, under xdist's scheduler ``dist``.

    ``load`` (xdist 3.8) first sends each worker a block of consecutive tests, a quarter of its share;
    ``worksteal`` splits the whole collection into one consecutive share a worker (the first gets
    ``count // workers``, each next an even part of the rest) and later moves the back half of the
    longest queue to a worker that ran dry."""
    if dist == "worksteal":
        starts, left = [], count
        for remaining in range(workers, 0, -1):
            starts.append(count - left)
            left -= left // remaining
        return starts
    block = max(count // workers // 4, 2)
    return [block * k for k in range(workers)]


@pytest.hookimpl(trylast=True)  # after -m and -k have deselected: the shares are of what runs
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist: the slow tests first in each worker's first share, dealt in turn.

    Why: in the random order a test of minutes (a tournament killed thirty times, the expert against
    pubeval) could start near the end, and one worker then ran it alone while the other had nothing
    left: up to minutes of a whole run with one core idle. Started first, the long tests run while the many
    short ones are still waiting, and the short ones even out the end. Where each worker's first tests
    are depends on the scheduler (:func:`worker_shares`; the controller's ``--dist`` reaches the worker
    through :func:`pytest_configure_node`): the slow tests are put at the head of each share. Runs after
    pytest-randomly's shuffle (which reorders before every other implementation of this hook), so the
    order is still random within the slow and the other tests and repeats with the same seed; every
    worker computes the same order, as xdist requires. Without xdist (``-n 0``) the order is left
    alone; under the schedulers that keep a file or a group together the slow tests first do no harm.
    """
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None:
        return
    workers = int(workerinput["workercount"])
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if workers < 2 or not slow:
        return
    rest = [item for item in items if item.get_closest_marker("slow") is None]
    starts = worker_shares(len(items), workers, str(workerinput.get("dist", "load")))
    ordered: list[pytest.Item] = []
    for worker, start in enumerate(starts):
        end = starts[worker + 1] if worker + 1 < len(starts) else len(items)
        head = slow[worker::workers]
        fill = max(end - start - len(head), 0)  # up to the next worker's start: its slow tests, then others
        ordered += head + rest[:fill]
        rest = rest[fill:]
    items[:] = ordered + rest


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    """Print the random order's seed at the end too: ``-q`` (the README's command) hides the header
    in which pytest-randomly prints it, and a failure that depends on the order needs it."""
    seed = getattr(config.option, "randomly_seed", None)
    if isinstance(seed, int):
        terminalreporter.write_line(
            f"Tests ran in random order: repeat it with --randomly-seed={seed} (file order: -p no:randomly)"
        )
