"""The fast generator against the slow, obviously correct one, on thousands of random positions.

``reference.reference_plays`` writes each rule plainly, tries every order and
sequence, and filters afterwards; ``moves.legal_plays`` prunes and shortcuts
for speed. They must give exactly the same set of resulting positions, and the
fast one must list each result once. 3,000 seeded positions and rolls (natural
dice, so about one in six is a double) keep this under a minute; a failure
prints the Position ID and dice to replay.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import game.testing.reference as reference
from game.engine.moves import legal_plays
from game.engine.position import Position
from game.testing.reference import reference_plays
from game.testing.sample import random_position

CHUNKS = 6
PER_CHUNK = 500  # 3,000 in all


def _cases(chunk: int) -> list[tuple[Position, tuple[int, int]]]:
    rng = random.Random(7919 * (chunk + 1))
    return [(random_position(rng), (rng.randint(1, 6), rng.randint(1, 6))) for _ in range(PER_CHUNK)]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fast_generator_equals_reference(chunk: int) -> None:
    for pos, dice in _cases(chunk):
        plays = legal_plays(pos, dice)
        fast = {p.position for p in plays}
        assert len(fast) == len(plays), f"duplicate results at {pos.position_id()} dice {dice}"
        expected = reference_plays(pos, dice)
        assert fast == expected, (
            f"{pos.position_id()} dice {dice}: {len(fast - expected)} extra, {len(expected - fast)} missing"
        )


def test_doubles_heavy_sample_equals_reference() -> None:
    """Doubles are where generators explode or prune wrongly: 60 more, all doubles (the slow side is slow)."""
    rng = random.Random(4242)
    for _ in range(60):
        pos = random_position(rng)
        d = rng.randint(1, 6)
        assert {p.position for p in legal_plays(pos, (d, d))} == reference_plays(pos, (d, d)), (
            f"{pos.position_id()} dice {d}-{d}"
        )


def test_reference_shares_no_code_with_the_fast_generator() -> None:
    """An independent check only counts if the reference does not call the code it checks."""
    tree = ast.parse(Path(reference.__file__).read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    assert "moves" not in imported and "game.engine.moves" not in imported
    assert "turn" not in imported and "game.engine.turn" not in imported
