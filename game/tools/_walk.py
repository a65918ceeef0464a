"""One self-play game walked ply by ply: where the benchmarks draw their positions from.

Why one walk: the cube and checker-play benchmarks and the race check all sample positions from
games the shipped network plays against itself at 0-ply on seeded dice; their committed position
sets are reproducible only while the walk draws the dice in the same order.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.ai import api
from game.engine import Position


def walk_game(rng: random.Random, max_plies: int = 400) -> Iterator[tuple[int, Position, tuple[int, int]]]:
    """(ply, position of the player on roll, that player's roll), until the game ends.

    The roll is drawn before the position is handed out, then the expert's 0-ply play is made;
    stopping the iteration early ends the game there.
    """
    pos = Position.start()
    for ply in range(max_plies):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        yield ply, pos, dice
        play = api.choose_play(pos, dice, "expert", lookahead=False)
        after = pos if play is None else play.position
        if after.my_off == 15:
            return
        pos = after.flip()
