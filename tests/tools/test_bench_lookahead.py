"""The diagnostic's lookahead is the game's own: with our network on both sides it gives the same value."""

from __future__ import annotations

import random

import pytest

from game.ai import search
from game.ai.net import default_network
from game.engine import legal_plays
from game.testing.sample import random_position
from game.tools.bench_lookahead import net_pick, net_stuck, net_value, one_roll


@pytest.mark.parametrize("seed", range(4))
def test_one_roll_with_our_network_is_the_games_full_lookahead(seed: int) -> None:
    rng = random.Random(seed)
    net = default_network()
    pos = random_position(rng)
    plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
    while not plays:
        pos = random_position(rng)
        plays = legal_plays(pos, (3, 1))
    play = plays[0]

    got = one_roll(play, net_pick(net), net_value(net), net_stuck(net))
    assert got == pytest.approx(search.lookahead(net, play, None).equity, abs=1e-9)
