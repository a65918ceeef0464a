"""Mutation testing of the turn controller and the player's hands (``game/session/controller.py``,
``game/ui/play/turn_input.py``).

Why a separate runner: mutmut reads one ``[tool.mutmut]`` table from the ``pyproject.toml`` of the
folder it runs in, and the project's table is the engine's run. This copies the repository's
tracked files into a work folder (default ``.mutmut-ui/``, ignored by git), writes a
``[tool.mutmut]`` table there for these two modules and the screen tests that drive
them, and runs mutmut in that folder, niced, on one core. Not part of CI: it takes long.

    python -m tests.helpers.mutate_ui                      # copy, run every mutant, print killed / total
    python -m tests.helpers.mutate_ui --resume             # keep the work folder, run what is not done yet
    python -m tests.helpers.mutate_ui --resume 'NAME*' ... # (re-)run these mutants, e.g. after adding a test
    python -m tests.helpers.mutate_ui --report             # the figures of the last run

Needs ``mutmut`` (``pip install mutmut`` or the project's mutation extra) in the same environment.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.helpers.paths import ROOT

MUTATE = ["game/session/controller.py", "game/ui/play/turn_input.py"]
TESTS = [
    "tests/ui/test_controller.py",
    "tests/ui/test_input.py",
    "tests/ui/test_turn_input.py",
]
"""The fast tests that drive the controller and the hands directly (each mutant runs those of them
that reach the mutated function). The other screen tests reach the controller too but cost tens of
seconds a mutant on a shared machine; a mutant these miss is checked against them by hand."""
SUBPROCESS_TESTS = [
    "tests/ui/test_phases.py::test_sigterm_exits_cleanly",
    "tests/ui/test_phases.py::test_bad_flags_give_a_message_not_a_crash",
]


def config_table() -> str:
    """The ``[tool.mutmut]`` table for the controller run."""

    def toml_list(items: list[str]) -> str:
        return "[" + ", ".join(f'"{i}"' for i in items) + "]"

    args = ["-p", "no:randomly", "-p", "no:cacheprovider", "-m", "not slow", "-q"]
    for node in SUBPROCESS_TESTS:  # they start main.py: not the mutated code, and slow
        args += ["--deselect", node]
    return (
        "[tool.mutmut]\n"
        'source_paths = ["game/"]\n'
        f"only_mutate = {toml_list(MUTATE)}\n"
        'also_copy = ["assets/", "main.py"]\n'
        f"pytest_add_cli_args = {toml_list(args)}\n"
        f"pytest_add_cli_args_test_selection = {toml_list([t for t in TESTS if (ROOT / t).exists()])}\n"
    )


def with_config(pyproject: str) -> str:
    """``pyproject`` with its ``[tool.mutmut]`` table (if any) replaced by :func:`config_table`."""
    stripped = re.sub(r"(?ms)^\[tool\.mutmut\]\n.*?(?=^\[|\Z)", "", pyproject)
    return stripped.rstrip() + "\n\n" + config_table()


def prepare(work: Path) -> None:
    """Copy the tracked files (and the uncommitted edits of tracked files) into ``work``."""
    if work.exists():
        shutil.rmtree(work)
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split("\n")
    for name in files:
        src = ROOT / name
        if not name or not src.is_file() or name.startswith(("mutants/", ".mutmut")):
            continue
        dst = work / name
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
    pyproject = work / "pyproject.toml"
    pyproject.write_text(with_config(pyproject.read_text(encoding="utf-8")), encoding="utf-8")


def mutmut(work: Path, *args: str) -> int:
    cmd = ["nice", "-n", "10", sys.executable, "-m", "mutmut", *args]
    return subprocess.call(cmd, cwd=work)


def summary(work: Path) -> tuple[dict[str, int], list[str]]:
    """(mutants by mutmut's status, the names of those not killed) from ``mutmut results --all true``."""
    out = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=work,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    rows = [line.strip().rsplit(": ", 1) for line in out.splitlines() if ": " in line]
    counts: dict[str, int] = {}
    for _, status in rows:
        counts[status] = counts.get(status, 0) + 1
    return counts, [name for name, status in rows if status not in ("killed", "not checked")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.helpers.mutate_ui", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "names", nargs="*", metavar="NAME", help="mutants to run (mutmut names or globs; default all)"
    )
    parser.add_argument(
        "--work", type=Path, default=ROOT / ".mutmut-ui", help="work folder (default .mutmut-ui)"
    )
    parser.add_argument(
        "--resume", action="store_true", help="keep the work folder and its results; copy the tests again"
    )
    parser.add_argument("--report", action="store_true", help="print the last run's figures, run nothing")
    args = parser.parse_args(argv)
    work: Path = args.work
    if not args.report:
        if not args.resume:
            prepare(work)
        else:
            for name in TESTS:  # new or changed tests since the copy
                for dest in (work / name, work / "mutants" / name):
                    if (ROOT / name).exists() and dest.parent.exists():
                        shutil.copy2(ROOT / name, dest)
        mutmut(work, "run", "--max-children", "1", *args.names)
    counts, survivors = summary(work)
    for name in survivors:
        print("not killed:", name)
    print("by status:", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    checked = sum(v for k, v in counts.items() if k != "not checked")
    killed = counts.get("killed", 0)
    share = 100.0 * killed / checked if checked else 0.0
    print(f"killed {killed} / {checked} checked ({share:.1f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
