"""A desk and eight boards as separate processes on loopback run an eight-player knock-out (with its
consolation draw) to its winner, the computer playing every game; meanwhile the desk is killed with
SIGKILL mid-round and restarted, a board is cut off the network for a while and plays on, and a board
is killed outright and its match moved to another board, which resumes it from the last report. The
final standings, every result and every match's .mat record must equal an undisturbed run's.
"""

from __future__ import annotations

import contextlib
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.desk.desk import DB_FILE
from game.desk.harness import BoardProcess, DeskProcess, Link, Outcome, free_port, outcome, python, wait_for

pytestmark = pytest.mark.slow

NAMES = ["Anna", "Ben", "Cecil", "Dora", "Eve", "Fay", "Gus", "Hal"]
CREATE = ["--create", *NAMES, "--length", "3", "--date", "2026.12.07", "--dice-seed", "proof-1"]
CODE = "TEST2345"
PACE = 0.4


class Event:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.desk = DeskProcess(root / "desk", free_port(), [*CREATE, "--code", CODE])
        self.links: dict[str, Link] = {}
        self.boards: dict[str, BoardProcess] = {}

    def start(self) -> None:
        self.desk.start(first=True)
        for k in range(1, 9):
            board = f"b{k}"
            link = Link(self.desk.port)
            self.links[board] = link
            self.boards[board] = BoardProcess(self.root / board, link.url, CODE, board, PACE)

    def finished(self, timeout: float) -> Outcome:
        state = wait_for(lambda: (s := self.desk.state())["tournament"]["finished"] and s, timeout)
        return outcome(self.desk.folder, state)

    def close(self) -> None:
        for b in self.boards.values():
            b.stop()
        self.desk.stop()
        for link in self.links.values():
            link.cut()


@contextlib.contextmanager
def event(root: Path) -> Iterator[Event]:
    e = Event(root)
    try:
        e.start()
        yield e
    finally:
        e.close()


def _playing(state: dict[str, Any], games: int = 1) -> list[dict[str, Any]]:
    """Matches on a board, not over, with at least ``games`` games reported."""
    return [m for m in state["matches"] if m["board"] and m["how"] is None and m["games"] >= games]


def test_eight_boards_survive_a_killed_desk_a_cut_board_and_a_dead_board(tmp_path: Path) -> None:
    with event(tmp_path / "calm") as calm:
        undisturbed = calm.finished(240)
    assert undisturbed.winner is not None
    assert len(undisturbed.records) == 10  # 7 main-draw and 3 consolation matches, all recorded

    with event(tmp_path / "storm") as storm:
        desk = storm.desk
        # 1. the desk dies by SIGKILL in the middle of the first round, and comes back
        wait_for(lambda: _playing(desk.state()), 60, 0.05)
        desk.kill()
        time.sleep(1.5)
        desk.start(first=False)
        log = storm.root / "desk.log"
        # the desk answers once its server thread runs; its address line follows from the main thread
        wait_for(lambda: log.read_text(encoding="utf-8").count("desk http://") == 2, 30, 0.05)

        # 2. a board with a match in hand loses the network for a while and plays on
        cut = wait_for(lambda: _playing(desk.state(), 0), 60, 0.05)[0]
        board_id = f"b{cut['board']}"
        storm.links[board_id].cut()
        outbox = storm.root / board_id / "outbox"
        wait_for(lambda: any(outbox.glob("*.json")), 120, 0.05)  # it kept a report it could not send
        time.sleep(3)
        storm.links[board_id].restore()

        # 3. a board dies with a match half played; the director moves the match to an idle board
        killed: set[str] = set()

        def victim() -> dict[str, Any] | None:
            found = [
                m
                for m in _playing(desk.state())
                if f"b{m['board']}" != board_id and f"b{m['board']}" not in killed
            ]
            return found[0] if found else None

        for _ in range(4):
            dead = wait_for(victim, 90, 0.05)
            dead_id = f"b{dead['board']}"
            storm.boards[dead_id].kill()
            killed.add(dead_id)
            time.sleep(0.5)  # a report on its way when the board died lands (or not) meanwhile
            now = next(m for m in desk.state()["matches"] if m["id"] == dead["id"])
            if now["how"] is None:
                break  # its match is left half played: the director moves it
            # the board sent its match's result just before it died: another board dies instead
        else:
            raise AssertionError("no board died with its match half played")

        def move() -> bool:
            state = desk.state()
            match = next(m for m in state["matches"] if m["id"] == dead["id"])
            if match["how"] is not None:
                return True  # already decided (cannot be: its board is dead)
            busy = {m["board"] for m in state["matches"] if m["board"]}
            idle = [b["id"] for b in state["boards"] if b["name"] not in busy and b["id"] not in killed]
            for board in idle:
                done = subprocess.run(
                    [*_director(desk), "move", dead["id"], board], capture_output=True, text=True, check=False
                )
                if done.returncode == 0:
                    return True
            return False

        wait_for(move, 60, 0.3)
        disturbed = storm.finished(300)
        # nothing any board sent was refused: the moved match was taken up after its last report, the
        # reports kept through the desk's death and the cut were each counted once
        refused = sorted(p.name for p in storm.root.glob("b*/refused/*.json"))
        assert refused == []
        with contextlib.closing(sqlite3.connect(desk.folder / DB_FILE)) as db:
            audit = [(str(w), str(x)) for w, x in db.execute("SELECT who, what FROM audit ORDER BY id")]

    # the match was moved, and its new board took it up after the dead board's last reported game
    moved = [x for w, x in audit if x.startswith(f"match {dead['id']} moved from board {dead_id} to board ")]
    assert len(moved) == 1
    new_id = moved[0].rsplit(" ", 1)[1]
    game_of = f"match {dead['id']} game "
    before = [int(x.split()[3][:-1]) for w, x in audit if w == dead_id and x.startswith(game_of)]
    after = [x for w, x in audit if w == new_id and x.startswith(f"match {dead['id']} ")]
    assert before and after and after[-1].startswith(f"match {dead['id']} won by")
    assert all(int(x.split()[3][:-1]) > max(before) for x in after if " game " in x), (before, after)
    assert disturbed.standings == undisturbed.standings
    assert disturbed.results == undisturbed.results
    assert disturbed.records == undisturbed.records
    assert disturbed.winner == undisturbed.winner


def _director(desk: DeskProcess) -> list[str]:
    return [*python(), "director", "--folder", str(desk.folder), "--desk", desk.url]
