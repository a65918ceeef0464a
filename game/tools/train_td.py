"""Train the evaluator by TD(0) self-play, TD-Gammon style (numpy; training only).

Why this shape: the game ships a pure-Python evaluator (``game/ai/net.py``) that
reads the weights this script exports. Training needs many games fast, so here
the candidate plays of a ply are encoded and evaluated in one numpy batch, and
the TD update touches only the weight rows of the non-zero inputs (TD(0): no
eligibility traces, so the sparse update is exact and cheap). Move generation is
the project's own engine (``game.engine.legal_plays``), so the network learns
the rules the game enforces.

Every state is "a player on roll, before the roll", seen by that player; the
five sigmoid outputs are P(win), P(win gammon+), P(win backgammon), P(lose
gammon+), P(lose backgammon). A ply's target is the chosen successor's
outputs seen from the other side, or the exact result when the game ends.

Resumable: ``--checkpoint`` (default ``assets/weights/training/td.npz`` + ``.json``, committed) holds the
weights, the game count and the random state; rerunning continues. Weights are
exported to ``assets/weights/training/td_next.json`` (not the shipped file, which is now the
teacher-trained 209-input network) every ``--export-every`` games, and a
duplicate-dice match against pubeval is logged every ``--bench-every`` games.

Usage: ``python -m game.tools.train_td --games 200000 --hidden 80 --seed 1``
"""

from __future__ import annotations

import argparse
import base64
import copy
import json
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

# One BLAS thread: the matrices are tiny and thread hand-offs cost ~10x the work.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

np.seterr(over="ignore")
from game.ai import pubeval  # noqa: E402
from game.ai.features import N_FEATURES, escape_table, hit_masks  # noqa: E402
from game.engine import Position, legal_plays  # noqa: E402
from game.tools import CHECKOUT  # noqa: E402

ROOT = CHECKOUT
N_BASE = 199
N_IN = N_BASE + N_FEATURES
N_OUT = 5

# --- encoding (must match game/ai/net.py exactly; tests/ai/test_net.py checks) ---
_UNITS = np.zeros((16, 4), dtype=np.float64)
for _n in range(16):
    _UNITS[_n] = [_n >= 1, _n >= 2, _n >= 3, max(_n - 3, 0) / 2.0]
_PIP_W = np.arange(1, 26, dtype=np.float64)


# Columns 0..23 and 25..48 of a 50-wide board row are the points of each side.
_POINT_COLS = np.r_[0:24, 25:49]
# Bar, borne-off and pip inputs are affine in the counts: x[192:198] = board @ _AFFINE + _OFFSET.
_AFFINE = np.zeros((50, 6))
_AFFINE[24, 0] = 0.5
_AFFINE[49, 1] = 0.5
_AFFINE[0:25, 2] = -1.0 / 15.0
_AFFINE[25:50, 3] = -1.0 / 15.0
_AFFINE[0:25, 4] = _PIP_W / 150.0
_AFFINE[25:50, 5] = _PIP_W / 150.0
_OFFSET = np.array([0.0, 0.0, 1.0, 1.0, 0.0, 0.0])


# _HIT[d - 1, r]: roll r (of 36) can travel d pips (see game.ai.features.hit_masks).
_HIT = np.array([[(hit_masks()[d] >> r) & 1 for r in range(36)] for d in range(1, 25)], dtype=np.float64)
_ESCAPE = np.array(escape_table(), dtype=np.float64)
_BITS12 = 1 << np.arange(12)
_FEATURE_SCALES = np.array([36.0, 36.0, 6.0, 6.0, 36.0, 36.0])


def _side_features(own: np.ndarray, other: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Shots at ``own``'s blots, ``own``'s longest prime, ``own``'s escapes (as game.ai.features)."""
    n = own.shape[0]
    blot = own[:, :24] == 1
    # ext column c is own index c - 1: column 0 is other's bar, then other's checkers in own coordinates.
    ext = np.concatenate([other[:, 24:25] > 0, other[:, 23::-1] > 0], axis=1)
    exists = np.zeros((n, 24), dtype=np.float64)
    for d in range(1, 25):
        exists[:, d - 1] = (blot[:, d - 1 : 24] & ext[:, 0 : 25 - d]).any(axis=1)
    shots = ((exists @ _HIT) > 0).sum(axis=1).astype(np.float64)
    made = own[:, :24] >= 2
    run = np.zeros(n, dtype=np.int64)
    best = np.zeros(n, dtype=np.int64)
    for i in range(24):
        run = (run + 1) * made[:, i]
        best = np.maximum(best, run)
    occupied = own[:, :24] > 0
    top = np.where(occupied.any(axis=1), 23 - occupied[:, ::-1].argmax(axis=1), -1)
    back = np.where(own[:, 24] > 0, 24, top)
    blocked = np.concatenate([np.zeros((n, 12), dtype=bool), other[:, 23::-1] >= 2], axis=1)
    idx = np.clip(back[:, None] + 11 - np.arange(12)[None, :], 0, 35)
    mask = (blocked[np.arange(n)[:, None], idx] * _BITS12).sum(axis=1)
    esc = np.where(back < 0, 36.0, _ESCAPE[mask])
    return shots, best.astype(np.float64), esc


def encode_rows(board: np.ndarray, n_in: int = N_IN) -> np.ndarray:
    """Encode n boards (int array n x 50: the side on roll's 25 counts, then the opponent's).

    ``n_in`` is N_BASE (no hand-made inputs: they are then not computed at all) or N_IN.
    """
    n = board.shape[0]
    x = np.empty((n, n_in), dtype=np.float64)
    if n_in == N_IN:
        me = board[:, 0:25]
        opp = board[:, 25:50]
        s_me, p_me, e_me = _side_features(me, opp)
        s_opp, p_opp, e_opp = _side_features(opp, me)
        x[:, N_BASE:N_IN] = np.stack([s_me, s_opp, p_me, p_opp, e_me, e_opp], axis=1) / _FEATURE_SCALES
    x[:, 0:192] = _UNITS[board[:, _POINT_COLS]].reshape(n, 192)
    x[:, 192:198] = board @ _AFFINE + _OFFSET
    # Race: nobody on the bar and the rearmost checkers have passed (indices sum below 23).
    occupied_me = board[:, 23::-1] > 0
    occupied_opp = board[:, 48:24:-1] > 0
    my_back = np.where(occupied_me.any(axis=1), 23 - occupied_me.argmax(axis=1), -1)
    opp_back = np.where(occupied_opp.any(axis=1), 23 - occupied_opp.argmax(axis=1), -1)
    race = (
        (board[:, 24] == 0)
        & (board[:, 49] == 0)
        & ((my_back < 0) | (opp_back < 0) | (my_back + opp_back < 23))
    )
    x[:, 198] = ~race
    return x


def encode_batch(me: np.ndarray, opp: np.ndarray, n_in: int = N_IN) -> np.ndarray:
    """Encode n positions (``me``/``opp`` int arrays n x 25, ``me`` on roll) into n x ``n_in`` inputs."""
    return encode_rows(np.concatenate([me, opp], axis=1), n_in)


def sides(positions: list[Position]) -> tuple[np.ndarray, np.ndarray]:
    """Stack positions into (me, opp) int arrays."""
    me = np.array([p.me for p in positions], dtype=np.int64)
    opp = np.array([p.opp for p in positions], dtype=np.int64)
    return me, opp


def sigmoid(z: np.ndarray) -> np.ndarray:
    return np.asarray(1.0 / (1.0 + np.exp(-z)))  # exp overflow gives inf -> 0, which is the right limit


class Net:
    """Two-layer sigmoid network with five outputs."""

    def __init__(self, hidden: int, rng: np.random.Generator, n_in: int = N_IN) -> None:
        self.hidden = hidden
        self.w1 = rng.normal(0.0, 0.1, (n_in, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0.0, 0.1, (hidden, N_OUT))
        self.b2 = np.zeros(N_OUT)

    @property
    def n_in(self) -> int:
        """Inputs: N_BASE, or N_IN with the hand-made ones."""
        return int(self.w1.shape[0])

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = sigmoid(x @ self.w1 + self.b1)
        return h, sigmoid(h @ self.w2 + self.b2)

    def update(self, x: np.ndarray, target: np.ndarray, alpha: float) -> None:
        """One gradient step of 1/2 * |target - out|^2 for a single input vector (sparse rows)."""
        nz = np.flatnonzero(x)
        xs = x[nz]
        h = sigmoid(xs @ self.w1[nz] + self.b1)
        out = sigmoid(h @ self.w2 + self.b2)
        d_out = (target - out) * out * (1.0 - out)
        d_h = (self.w2 @ d_out) * h * (1.0 - h)
        self.w2 += alpha * np.outer(h, d_out)
        self.b2 += alpha * d_out
        self.w1[nz] += alpha * np.outer(xs, d_h)
        self.b1 += alpha * d_h


def batch_update(
    net: Net, x: np.ndarray, target: np.ndarray, alpha: float, feature_scale: float = 1.0
) -> None:
    """TD(0) steps for k independent states at once (k x N_IN inputs, k x 5 targets), summed.

    ``feature_scale`` multiplies the step of the hand-made inputs' rows: added to a trained
    network with zero weights, they would otherwise learn at its late, small learning rate.
    """
    h = sigmoid(x @ net.w1 + net.b1)
    out = sigmoid(h @ net.w2 + net.b2)
    d_out = (target - out) * out * (1.0 - out)
    d_h = (d_out @ net.w2.T) * h * (1.0 - h)
    net.w2 += alpha * (h.T @ d_out)
    net.b2 += alpha * d_out.sum(axis=0)
    step = x.T @ d_h
    if feature_scale != 1.0:
        step[N_BASE:] *= feature_scale
    net.w1 += alpha * step
    net.b1 += alpha * d_h.sum(axis=0)


def equity(out: np.ndarray) -> np.ndarray:
    """Cubeless money equity for the side the outputs belong to (n x 5 -> n)."""
    return np.asarray(2.0 * out[..., 0] - 1.0 + out[..., 1] - out[..., 3] + out[..., 2] - out[..., 4])


def swap(out: np.ndarray) -> np.ndarray:
    """The same outputs seen from the other player."""
    return np.array([1.0 - out[0], out[3], out[4], out[1], out[2]])


def result_of(pos: Position) -> np.ndarray:
    """Outputs of a finished game for the mover who has just borne off the last checker."""
    gammon = pos.opp_off == 0
    # Backgammon: the loser still has a checker on the bar or in the winner's home board
    # (the winner's points 1-6 are the loser's indices 18..23; index 24 is the bar).
    bg = gammon and sum(pos.opp[18:25]) > 0
    return np.array([1.0, float(gammon), float(bg), 0.0, 0.0])


def points_of(pos: Position) -> int:
    r = result_of(pos)
    return 1 + int(r[1]) + int(r[2])


def roll(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def opening(rng: random.Random) -> tuple[int, int]:
    while True:
        a, b = roll(rng)
        if a != b:
            return a, b


def choose_net(
    net: Net, pos: Position, dice: tuple[int, int]
) -> tuple[Position, np.ndarray, np.ndarray, bool]:
    """The net's play: (position after, flipped encoding, target outputs for the mover, game over)."""
    plays = legal_plays(pos, dice)
    if not plays:
        nxt = pos.flip()
        x = encode_batch(*sides([nxt]), net.n_in)
        _, o = net.forward(x)
        return pos, x[0], swap(o[0]), False
    wins = [p for p in plays if p.position.my_off == 15]
    if wins:
        best = max(wins, key=lambda p: points_of(p.position))
        return best.position, np.zeros(net.n_in), result_of(best.position), True
    # Each candidate seen by the opponent, who is on roll after it.
    x = encode_rows(np.array([p.position.opp + p.position.me for p in plays], dtype=np.int64), net.n_in)
    _, o = net.forward(x)
    k = int(np.argmin(equity(o)))
    return plays[k].position, x[k], swap(o[k]), False


# --- pubeval, for benchmarking during training ---
def load_pubeval() -> tuple[np.ndarray, np.ndarray]:
    """The project's shipped pubeval weights (``game.ai.pubeval``), as numpy (contact, race)."""
    contact, race = pubeval.weights()
    return np.array(contact), np.array(race)


def pubeval_scores(me: np.ndarray, opp: np.ndarray, w: np.ndarray) -> np.ndarray:
    n = me.shape[0]
    x = np.zeros((n, 24, 5))
    mine = me[:, 23::-1][:, :24]  # block b: mover index 23 - b
    theirs = opp[:, :24]  # block b: opponent index b (the mover's point 24 - b)
    x[:, :, 0] = theirs == 1
    x[:, :, 1] = mine == 1
    x[:, :, 2] = mine >= 2
    x[:, :, 3] = mine == 3
    x[:, :, 4] = np.where(mine >= 4, (mine - 3) / 2.0, 0.0)
    flat = np.concatenate(
        [x.reshape(n, 120), (opp[:, 24] / 2.0)[:, None], ((15 - me.sum(axis=1)) / 15.0)[:, None]], axis=1
    )
    return np.asarray(flat @ w)


def choose_pubeval(
    weights: tuple[np.ndarray, np.ndarray], pos: Position, dice: tuple[int, int]
) -> Position | None:
    plays = legal_plays(pos, dice)
    if not plays:
        return None
    for p in plays:
        if p.position.my_off == 15:
            return p.position
    w = weights[1] if pos.is_race() else weights[0]
    s = pubeval_scores(*sides([p.position for p in plays]), w)
    return plays[int(np.argmax(s))].position


def bench(net: Net, pub: tuple[np.ndarray, np.ndarray], pairs: int, seed: int) -> tuple[float, float]:
    """Duplicate-dice cubeless games vs pubeval: (mean points per game for the net, 95% half-width)."""
    results: list[float] = []
    for g in range(pairs):
        rolls_rng = random.Random(seed * 1_000_003 + g)
        first = opening(rolls_rng)
        stream = [first] + [roll(rolls_rng) for _ in range(400)]
        pair = 0.0
        for net_first in (True, False):
            pos = Position.start()
            net_turn = net_first
            ply = 0
            while True:
                dice = stream[ply] if ply < len(stream) else roll(rolls_rng)
                ply += 1
                if net_turn:
                    after, _, _, over = choose_net(net, pos, dice)
                else:
                    got = choose_pubeval(pub, pos, dice)
                    after = pos if got is None else got
                    over = after.my_off == 15
                if over:
                    pts = points_of(after)
                    pair += pts if net_turn else -pts
                    break
                pos = after.flip()
                net_turn = not net_turn
        results.append(pair / 2.0)
    mean = float(np.mean(results))
    half = 1.96 * float(np.std(results, ddof=1)) / math.sqrt(len(results))
    return mean, half


# --- persistence ---
def _b64(a: np.ndarray) -> str:
    return base64.b64encode(np.ascontiguousarray(a, dtype="<f4").tobytes()).decode("ascii")


def export(net: Net, path: Path, meta: dict[str, Any]) -> None:
    """Write weights for the pure-Python evaluator: float32 little-endian, base64, row-major."""
    doc = {
        "format": "td-net-v1",
        "inputs": net.n_in,
        "hidden": net.hidden,
        "outputs": N_OUT,
        "w1": _b64(net.w1),  # inputs x hidden
        "b1": _b64(net.b1),
        "w2": _b64(net.w2.T),  # outputs x hidden
        "b2": _b64(net.b2),
        "meta": meta,
    }
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc))
    os.replace(tmp, path)


WEIGHTS = ("w1", "b1", "w2", "b2")
"""A network's arrays, by attribute name (and by name in a checkpoint)."""


class Average:
    """A running mean of the weights along the trajectory (stochastic weight averaging).

    Why: late in TD self-play the weights wander around the fixed point by an amount set by the
    learning rate, and snapshots 150,000 games apart differ by a point of checker-play error. The
    mean of many points along that walk sits nearer its centre than any one of them, without
    lowering the learning rate (which slows learning everywhere else).
    """

    def __init__(self, net: Net) -> None:
        self.count = 0
        self.net = copy.deepcopy(net)

    def copy_from(self, net: Net) -> None:
        for name in WEIGHTS:
            setattr(self.net, name, getattr(net, name).copy())

    def add(self, net: Net) -> None:
        self.count += 1
        if self.count == 1:
            self.copy_from(net)
            return
        rate = 1.0 / self.count
        for name in WEIGHTS:
            mean = getattr(self.net, name)
            mean += (getattr(net, name) - mean) * rate


def save_checkpoint(net: Net, stem: Path, state: dict[str, Any], average: Average | None = None) -> None:
    stem.parent.mkdir(parents=True, exist_ok=True)
    tmp = stem.with_name(stem.name + ".tmp.npz")
    arrays: dict[str, Any] = {k: getattr(net, k) for k in WEIGHTS}
    if average is not None:
        arrays.update({f"avg_{k}": getattr(average.net, k) for k in WEIGHTS})
    np.savez(tmp, **arrays)
    os.replace(tmp, stem.with_suffix(".npz"))
    tmpj = stem.with_name(stem.name + ".tmp.json")
    tmpj.write_text(json.dumps(state))
    os.replace(tmpj, stem.with_suffix(".json"))


def load_checkpoint(
    net: Net, stem: Path, features: bool = False, average: Average | None = None
) -> dict[str, Any] | None:
    """Restore weights and state; the input count is the checkpoint's, or N_IN with ``features``.

    With ``average``, the running mean is restored too when the checkpoint has one (its count is
    in the state's ``average_count``); a checkpoint without one starts the mean afresh.
    """
    if not stem.with_suffix(".npz").exists() or not stem.with_suffix(".json").exists():
        return None
    arrays = np.load(stem.with_suffix(".npz"), allow_pickle=False)
    net.w1, net.b1, net.w2, net.b2 = (arrays[k].copy() for k in WEIGHTS)
    if features and net.n_in < N_IN:
        # A checkpoint from before the hand-made features: their rows start at zero, so the
        # network computes exactly what it did and training grows the new rows from there.
        net.w1 = np.concatenate([net.w1, np.zeros((N_IN - net.w1.shape[0], net.w1.shape[1]))])
    state: dict[str, Any] = json.loads(stem.with_suffix(".json").read_text())
    if average is not None:
        average.count = 0
        average.copy_from(net)
        if "avg_w1" in arrays.files and int(state.get("average_count", 0)) > 0:
            for k in WEIGHTS:
                setattr(average.net, k, arrays[f"avg_{k}"].copy())
            average.count = int(state["average_count"])
    return state


def to_state(rng: random.Random) -> list[Any]:
    v, internal, gauss = rng.getstate()
    return [v, list(internal), gauss]


def from_state(data: list[Any]) -> tuple[Any, ...]:
    return (data[0], tuple(data[1]), data[2])


def alpha_at(games: int, a0: float, a_min: float, half_life: float) -> float:
    return float(max(a_min, a0 * 0.5 ** (games / half_life)))


def lambda_returns(boots: np.ndarray, lam: float) -> np.ndarray:
    """The lambda-returns of one finished game's plies (n x 5, each row seen by that ply's mover).

    ``boots[t]`` is ply t's TD(0) target: the chosen successor's outputs seen by the mover at t,
    and for the last ply the game's result. Then G[T-1] = boots[T-1] and
    G[t] = (1 - lam) * boots[t] + lam * swap(G[t + 1]): the next ply's return belongs to the other
    player, and ``swap`` is affine with weights summing to one, so the mix stays a set of chances.
    """
    g = np.array(boots, dtype=np.float64, copy=True)
    for t in range(len(g) - 2, -1, -1):
        g[t] = (1.0 - lam) * g[t] + lam * swap(g[t + 1])
    return g


class Slot:
    """One self-play game in flight: the position (side on roll first), its encoding, its dice.

    With lambda-returns it also keeps the game so far: each ply's input and TD(0) target.
    """

    def __init__(self, rng: random.Random, n_in: int) -> None:
        self.pos = Position.start()
        self.x = encode_batch(*sides([self.pos]), n_in)[0]
        self.dice = opening(rng)
        self.xs: list[np.ndarray] = []
        self.boots: list[np.ndarray] = []


def parallel_step(
    net: Net,
    slots: list[Slot],
    rng: random.Random,
    alpha: float,
    feature_scale: float = 1.0,
    lam: float = 0.0,
) -> int:
    """Advance every game in ``slots`` by one ply with one batched evaluation and update.

    Why: numpy's per-call overhead dominates small matrices, so k games share one encoding,
    one forward pass and one (summed) TD(0) update. Returns the number of games finished
    (their slots restart with a new game).

    With ``lam`` > 0 nothing is learnt during a game: each ply's input and TD(0) target are
    kept, and when the game ends its plies are trained towards their lambda-returns (the
    offline lambda-return algorithm), in steps of ``len(slots)`` rows so that the step per
    row stays that of TD(0). Why: TD(0)'s target trusts the network one ply ahead; where the
    network is wrong for a long stretch (a prime that holds, a closed board that breaks),
    the outcome reaches those positions only through many such steps.
    """
    rows: list[tuple[int, ...]] = []
    segments: list[tuple[int, int, list[Position]]] = []
    finals: dict[int, np.ndarray] = {}
    for k, slot in enumerate(slots):
        plays = legal_plays(slot.pos, slot.dice)
        start = len(rows)
        if not plays:
            afters = [slot.pos]
        else:
            wins = [p for p in plays if p.position.my_off == 15]
            if wins:
                winner = max(wins, key=lambda p: points_of(p.position))
                finals[k] = result_of(winner.position)
                segments.append((start, start, []))
                continue
            afters = [p.position for p in plays]
        rows.extend(a.opp + a.me for a in afters)
        segments.append((start, len(rows), afters))
    n_in = net.n_in
    x_all = encode_rows(np.array(rows, dtype=np.int64), n_in) if rows else np.zeros((0, n_in))
    _, o_all = net.forward(x_all)
    eq = equity(o_all)
    targets = np.empty((len(slots), N_OUT))
    x_cur = np.stack([slot.x for slot in slots])
    done = 0
    for k, (a, b, afters) in enumerate(segments):
        slot = slots[k]
        if k in finals:
            targets[k] = finals[k]
            continue
        best = a + int(np.argmin(eq[a:b]))
        targets[k] = swap(o_all[best])
        slot.pos = afters[best - a].flip()
        slot.x = x_all[best]
    if lam > 0.0:
        finished_x: list[np.ndarray] = []
        finished_g: list[np.ndarray] = []
        for k, slot in enumerate(slots):
            slot.xs.append(x_cur[k])
            slot.boots.append(targets[k])
            if k in finals:
                finished_x.extend(slot.xs)
                finished_g.extend(lambda_returns(np.stack(slot.boots), lam))
        width = len(slots)
        for i in range(0, len(finished_x), width):
            batch_update(
                net,
                np.stack(finished_x[i : i + width]),
                np.stack(finished_g[i : i + width]),
                alpha,
                feature_scale,
            )
    else:
        batch_update(net, x_cur, targets, alpha, feature_scale)
    for k, slot in enumerate(slots):
        if k in finals:
            slots[k] = Slot(rng, n_in)
            done += 1
        else:
            slot.dice = roll(rng)
    return done


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000, help="total self-play games to reach")
    ap.add_argument("--hidden", type=int, default=80)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--alpha", type=float, default=0.1)
    ap.add_argument("--alpha-min", type=float, default=0.02)
    ap.add_argument("--half-life", type=float, default=60_000.0, help="games for alpha to halve")
    ap.add_argument("--checkpoint", type=Path, default=ROOT / "assets" / "weights" / "training" / "td")
    ap.add_argument("--export", type=Path, default=ROOT / "assets" / "weights" / "training" / "td_next.json")
    ap.add_argument("--checkpoint-every", type=int, default=2000, help="games between checkpoints (0: never)")
    ap.add_argument("--export-every", type=int, default=5000, help="games between exports (0: never)")
    ap.add_argument(
        "--bench-every", type=int, default=10_000, help="games between pubeval benchmarks (0: never)"
    )
    ap.add_argument("--bench-pairs", type=int, default=200)
    ap.add_argument("--log", type=Path, default=ROOT / "assets" / "weights" / "training" / "td_log.jsonl")
    ap.add_argument("--parallel", type=int, default=1, help="games advanced together (batched numpy)")
    ap.add_argument(
        "--features",
        action="store_true",
        help="train with the hand-made inputs (a checkpoint without them gets zero rows for them)",
    )
    ap.add_argument(
        "--feature-scale",
        type=float,
        default=1.0,
        help="learning-rate multiplier of the hand-made inputs' rows",
    )
    ap.add_argument(
        "--swa",
        action="store_true",
        help="keep a running mean of the weights from here on (resumed with the checkpoint); "
        "export and benchmark the mean",
    )
    ap.add_argument("--swa-every", type=int, default=10, help="training steps between samples of the mean")
    ap.add_argument(
        "--lam",
        type=float,
        default=0.0,
        help="lambda of the offline lambda-return targets (0: TD(0)); needs --parallel 2 or more",
    )
    args = ap.parse_args(argv)
    for name in ("checkpoint_every", "export_every", "bench_every"):
        if getattr(args, name) < 0:
            ap.error(f"--{name.replace('_', '-')} is a number of games, 0 for never")
    if args.bench_pairs < 1 or args.parallel < 1 or args.hidden < 1 or args.swa_every < 1:
        ap.error("--bench-pairs, --parallel, --hidden and --swa-every must be at least 1")
    if not 0.0 <= args.lam <= 1.0:
        ap.error("--lam is between 0 and 1")
    if args.lam > 0.0 and args.parallel < 2:
        ap.error("--lam needs --parallel 2 or more (lambda-returns are kept per game slot)")

    net = Net(args.hidden, np.random.default_rng(args.seed), N_IN if args.features else N_BASE)
    rng = random.Random(args.seed)
    average = Average(net) if args.swa else None
    state = load_checkpoint(net, args.checkpoint, args.features, average)
    games = 0
    history: list[dict[str, Any]] = []
    if state is not None:
        games = int(state["games"])
        rng.setstate(from_state(state["rng"]))
        history = list(state.get("history", []))
        print(f"resumed at {games} games", flush=True)
    pub = load_pubeval()
    args.export.parent.mkdir(parents=True, exist_ok=True)
    args.log.parent.mkdir(parents=True, exist_ok=True)

    def log(entry: dict[str, Any]) -> None:
        print(json.dumps(entry), flush=True)
        with args.log.open("a") as fh:
            fh.write(json.dumps(entry) + "\n")

    def snapshot() -> None:
        save_checkpoint(
            net,
            args.checkpoint,
            {
                "games": games,
                "rng": to_state(rng),
                "history": history,
                "hidden": args.hidden,
                "seed": args.seed,
                "average_count": average.count if average is not None else 0,
                "lam": args.lam,
            },
            average,
        )

    def judged() -> Net:
        """The weights that are benchmarked and exported: the running mean once it has samples."""
        return average.net if average is not None and average.count > 0 else net

    def do_export() -> None:
        last = history[-1] if history else None
        meta: dict[str, Any] = {"games": games, "hidden": args.hidden, "seed": args.seed, "last_bench": last}
        if average is not None:
            meta["average_count"] = average.count
        export(judged(), args.export, meta)

    t0 = time.time()
    g0 = games
    bench_total = 0.0
    plies = 0
    steps = 0
    slots = [Slot(rng, net.n_in) for _ in range(args.parallel)] if args.parallel > 1 else []
    marks = {
        "print": 500,
        "checkpoint": args.checkpoint_every,
        "bench": args.bench_every,
        "export": args.export_every,
    }
    # An interval of 0 means never: its mark is never due (the final checkpoint and export still happen).
    due = {name: (games // every + 1) * every if every > 0 else math.inf for name, every in marks.items()}
    while games < args.games:
        alpha = alpha_at(games, args.alpha, args.alpha_min, args.half_life)
        if slots:
            games += parallel_step(net, slots, rng, alpha, args.feature_scale, args.lam)
            plies += len(slots)
        else:
            pos = Position.start()
            x_cur = encode_batch(*sides([pos]), net.n_in)[0]
            dice = opening(rng)
            while True:
                after, x_next, target, over = choose_net(net, pos, dice)
                net.update(x_cur, target, alpha)
                plies += 1
                if over:
                    break
                pos = after.flip()
                x_cur = x_next
                dice = roll(rng)
            games += 1
        steps += 1  # one batched step of all slots, or one whole game without them
        if average is not None and steps % args.swa_every == 0:
            average.add(net)
        if games >= due["print"]:
            due["print"] += marks["print"]
            dt = time.time() - t0
            rate = (games - g0) / (dt - bench_total) * 3600.0
            print(
                f"games {games} alpha {alpha:.4f} {rate:.0f} games/h "
                f"{plies / max(games - g0, 1):.1f} plies/game",
                flush=True,
            )
        if games >= due["checkpoint"]:
            due["checkpoint"] += marks["checkpoint"]
            snapshot()
        if games >= due["bench"]:
            due["bench"] += marks["bench"]
            tb = time.time()
            mean, half = bench(judged(), pub, args.bench_pairs, seed=10_000 + games)
            entry = {
                "games": games,
                "vs_pubeval": round(mean, 4),
                "ci95": round(half, 4),
                "pairs": args.bench_pairs,
                "bench_s": round(time.time() - tb, 1),
                "games_per_hour": round((games - g0) / (tb - t0 - bench_total) * 3600.0),
            }
            bench_total += time.time() - tb
            history.append(entry)
            log(entry)
            snapshot()
        if games >= due["export"]:
            due["export"] += marks["export"]
            do_export()
    snapshot()
    do_export()
    return 0


if __name__ == "__main__":
    sys.exit(main())
