"""The old TD-trained network, for tests of how the expert's rollout corrects a lookahead.

Why: those tests need positions whose one-roll lookahead is wrong. The shipped, teacher-trained
network gets the classic ones right by itself (a closed board against a trapped checker), the old
network (kept as ``assets/weights/training/td0_338k.json``) does not.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from game.ai.net import WEIGHTS_PATH, use_weights
from tests.helpers.paths import ROOT

OLD_NETWORK = ROOT / "assets" / "weights" / "training" / "td0_338k.json"


@contextmanager
def old_network() -> Iterator[None]:
    """Every level judges with the old network inside, with the shipped one again after."""
    use_weights(OLD_NETWORK)
    try:
        yield
    finally:
        use_weights(WEIGHTS_PATH)
