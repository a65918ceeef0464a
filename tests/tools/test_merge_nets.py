"""Merging networks: the merged file evaluates each output as the sigmoid of the mean of the
networks' output logits, on real positions, through the game's own evaluator."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from game.ai import net
from game.engine import Position, legal_plays
from game.tools import merge_nets


def _doc(hidden: int, seed: int, inputs: int = net.N_BASE) -> dict[str, object]:
    rng = random.Random(seed)

    def vec(n: int, scale: float) -> str:
        return merge_nets._b64([rng.gauss(0.0, scale) for _ in range(n)])

    return {
        "format": "td-net-v1",
        "inputs": inputs,
        "hidden": hidden,
        "outputs": net.N_OUT,
        "w1": vec(inputs * hidden, 0.3),
        "b1": vec(hidden, 0.3),
        "w2": vec(net.N_OUT * hidden, 1.0),
        "b2": vec(net.N_OUT, 0.5),
        "meta": {"seed": seed},
    }


def _logit(p: float) -> float:
    return math.log(p / (1.0 - p))


def _positions() -> list[Position]:
    rng = random.Random(5)
    pos = Position.start()
    seen = [pos]
    for _ in range(30):
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        if plays:
            pos = rng.choice(plays).position
        pos = pos.flip()
        seen.append(pos)
    return seen


def test_the_merged_network_averages_the_output_logits() -> None:
    docs = [_doc(3, 1), _doc(5, 2), _doc(4, 3)]
    merged = net.Network(merge_nets.merge(docs, ["a", "b", "c"]))
    parts = [net.Network(d) for d in docs]
    assert merged.hidden == 12
    for pos in _positions():
        got = merged.evaluate(pos)
        for o in range(net.N_OUT):
            want = sum(_logit(p.evaluate(pos)[o]) for p in parts) / len(parts)
            assert _logit(got[o]) == pytest.approx(want, abs=1e-4)
    # the incremental path the players use agrees with the whole evaluation
    pos = _positions()[7]
    plays = legal_plays(pos, (3, 1))
    for play, out in zip(plays, merged.play_outputs(pos, plays), strict=True):
        assert out == pytest.approx(net.swap(merged.evaluate(play.position.flip())), abs=1e-9)


def test_networks_with_different_inputs_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="inputs"):
        merge_nets.merge([_doc(3, 1), _doc(3, 2, inputs=net.N_IN)], ["a", "b"])
    with pytest.raises(ValueError, match="two"):
        merge_nets.merge([_doc(3, 1)], ["a"])
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(_doc(3, 1)))
    b.write_text("{not json")
    assert merge_nets.main([str(a), str(b), "--out", str(tmp_path / "m.json")]) == 2
    assert not (tmp_path / "m.json").exists()
    b.write_text(json.dumps(_doc(2, 9)))
    assert merge_nets.main([str(a), str(b), "--out", str(tmp_path / "m.json")]) == 0
    assert net.load(tmp_path / "m.json").hidden == 5
