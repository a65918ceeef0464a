"""A child process for the kill -9 test: plays tournaments forever, saving after every change.

Before each save it prints the SHA-256 of the state it is about to write, so the parent,
after killing it at a random moment, can check that the file holds one of those states.
Usage: ``python -m tests.helpers.tourney_child FILE SEED`` from the checkout.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from game.tournament import Tournament, TournamentFile


def digest(t: Tournament) -> str:
    return hashlib.sha256(json.dumps(t.to_dict(), sort_keys=True).encode()).hexdigest()


class AnnouncingFile(TournamentFile):
    def save(self, tournament: Tournament) -> None:
        print(digest(tournament), flush=True)
        super().save(tournament)


def main() -> None:
    path, seed = Path(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    file = AnnouncingFile(path)
    while True:
        n = rng.randrange(4, 33)
        fmt = rng.choice(["elimination", "swiss"])
        t = file.attach(Tournament.create("Kill", [f"P{k}" for k in range(n)], fmt, [3, 5]))  # type: ignore[arg-type]
        while not t.finished:
            m = rng.choice(t.ready_matches())
            winner = m.players[rng.randrange(2)]
            assert winner is not None
            lost = rng.randrange(m.length)
            t.enter_result(m.id, winner, (m.length, lost) if winner == m.players[0] else (lost, m.length))
            if rng.random() < 0.03:
                t.withdraw(rng.randrange(n))


if __name__ == "__main__":
    main()
