"""kill -9 through a whole tournament on one cabinet (issue 35): the proof that one cabinet loses nothing.

:func:`run_event` plays the eight-player event of :mod:`tests.helpers.tourney_kill_child` in a data folder,
killing the cabinet's process with SIGKILL at moments of every phase (the child stops at each and
waits for a word) and at random moments in between (a timer, wherever the process happens to be:
in a save, between two files), and starting it again each time, until the event is over. The final
standings and every match (its players, winner, score and .mat record) must equal those of a run
never killed (``kills=0``), the same dice.

Run it with more kills: ``python -m tests.helpers.tourney_kill --kills 100 --seed 7`` (prints the kills per
phase and the time taken; exit status 1 when anything differs).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.helpers.paths import ROOT

PHASES = ("opening", "mid-turn", "cube", "between", "result", "draw")
CHANCE = {"opening": 0.3, "mid-turn": 0.04, "cube": 0.35, "between": 0.5, "result": 0.6, "draw": 0.6}
"""How likely a kill is at each announcement of a phase (mid-turn comes at nearly every turn)."""
RANDOM = "random"
RANDOM_CHANCE = 0.02
"""How likely a random-moment kill is scheduled at an announcement (then it lands 0-0.4 s later)."""
LIMIT = 1800.0
"""Seconds one run of the event may take before the harness gives up (the machine may be busy)."""


@dataclass
class Outcome:
    summary: dict[str, Any]
    kills: Counter[str] = field(default_factory=Counter)
    unsaid: list[str] = field(default_factory=list)
    """Match ends whose screen did not say the result went into the tournament."""
    starts: int = 0
    seconds: float = 0.0


def _child(folder: Path, seed: int) -> subprocess.Popen[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "tests.helpers.tourney_kill_child", str(folder), str(seed)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )


def run_event(folder: Path, seed: int, kills: int, rng: random.Random) -> Outcome:
    """Play the event in ``folder`` with ``kills`` SIGKILLs or more (when the event is long enough),
    spread over the phases: each phase has its quota, random moments the rest, and while the total is
    short any phase may be killed at again (a rare phase, such as between games, may not come often)."""
    folder.mkdir(parents=True, exist_ok=True)
    quota = Counter({p: kills // (len(PHASES) + 1) for p in PHASES})
    quota[RANDOM] = kills - sum(quota.values())
    outcome = Outcome({})
    start = time.monotonic()
    while True:
        if time.monotonic() - start > LIMIT:
            raise AssertionError(f"the event took over {LIMIT:.0f} s ({outcome.kills} kills)")
        child = _child(folder, seed)
        outcome.starts += 1
        assert child.stdin is not None and child.stdout is not None
        timer: threading.Timer | None = None
        killed = ""
        while True:
            line = child.stdout.readline()
            if not line:
                break  # killed (by a timer), or died: which one is checked below
            word = line.split()
            if word == ["done"]:
                outcome.summary = json.loads(child.stdout.readline())
                if timer is not None:
                    timer.cancel()
                child.stdin.write("stop\n")
                child.stdin.flush()
                child.wait(timeout=60)
                outcome.seconds = time.monotonic() - start
                return outcome
            if word and word[0] == "unsaid":
                outcome.unsaid.append(line.strip())
            if len(word) != 2 or word[0] != "at":
                continue
            phase = word[1]
            short = sum(outcome.kills.values()) < kills  # a phase that came too rarely: others make up
            chance = CHANCE[phase] if quota[phase] > 0 else CHANCE[phase] / 4 if short else 0.0
            if rng.random() < chance:
                child.send_signal(signal.SIGKILL)  # stopped at the phase: no save half done here
                killed = phase
                break
            try:
                child.stdin.write("go\n")
                child.stdin.flush()
            except BrokenPipeError:
                break  # the random moment came
            random_left = quota[RANDOM] > 0 or sum(outcome.kills.values()) < kills
            if timer is None and random_left and rng.random() < RANDOM_CHANCE:
                timer = threading.Timer(rng.uniform(0.0, 0.4), child.send_signal, (signal.SIGKILL,))
                timer.start()
                killed = RANDOM
        child.wait(timeout=60)
        if timer is not None:
            timer.cancel()
        if child.returncode != -signal.SIGKILL:
            err = child.stderr.read() if child.stderr is not None else ""
            raise AssertionError(f"the cabinet stopped by itself ({child.returncode}):\n{err[-4000:]}")
        for pipe in (child.stdin, child.stdout, child.stderr):
            if pipe is not None:
                # A "go" the child was killed before reading stays buffered (its flush failed above),
                # and closing tries to send it again: the pipe closes all the same.
                with contextlib.suppress(BrokenPipeError):
                    pipe.close()
        outcome.kills[killed] += 1
        quota[killed] -= 1


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """What differs between two events' outcomes (empty: the same standings and matches)."""
    found: list[str] = []
    if a["standings"] != b["standings"]:
        found.append(f"standings: {a['standings']} != {b['standings']}")
    for mid in sorted(set(a["matches"]) | set(b["matches"])):
        x, y = a["matches"].get(mid), b["matches"].get(mid)
        if x != y:
            if x is not None and y is not None and x[:4] == y[:4]:
                found.append(f"{mid}: the same result, another record")
            else:
                found.append(f"{mid}: {x and x[:4]} != {y and y[:4]}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="kill -9 through a whole tournament on one cabinet")
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--seed", type=int, default=5, help="the dice (and the kills' moments)")
    parser.add_argument("--keep", type=Path, help="keep the two data folders here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        base = args.keep or Path(tmp)
        calm, killed = base / "calm", base / "killed"
        calm.mkdir(parents=True, exist_ok=True)
        killed.mkdir(parents=True, exist_ok=True)
        reference = run_event(calm, args.seed, 0, random.Random(args.seed))
        print(f"undisturbed: {reference.seconds:.0f} s")
        hurt = run_event(killed, args.seed, args.kills, random.Random(args.seed))
        print(
            f"killed {sum(hurt.kills.values())} times ({dict(hurt.kills)}), {hurt.starts} starts, "
            f"{hurt.seconds:.0f} s"
        )
        found = differences(reference.summary, hurt.summary) + hurt.unsaid + reference.unsaid
        for line in found:
            print(line)
        records = sum(1 for m in hurt.summary["matches"].values() if m[4])
        print(
            f"{len(hurt.summary['matches'])} matches, {records} with their .mat: "
            + ("all equal" if not found else f"{len(found)} differ")
        )
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
