"""Supervised training of the evaluator on the teacher's probabilities (numpy; training only).

Why: see ``game/tools/teacher_data.py``. Each row is a position after a play, with the side now
on roll; its target is the teacher's five probabilities for that side. The network is trained on
the cross-entropy of its five sigmoid outputs against those probabilities (each output a separate
probability), with Adam on minibatches, starting from the shipped network where the shapes allow:
its input rows and hidden units are copied, new inputs start at zero weight and new hidden units
at small random input weights and zero output weights, so training starts from what the shipped
network computes.

Held out: every row whose board before the play is one of the reference set's decisions
(``game/tools/bench_teacher.py``) is dropped, and a fixed twentieth of the decisions (by a hash of
the board before the play) is kept aside for the validation loss printed each epoch.

Resumable: the checkpoint (``--checkpoint``: weights, Adam's moments, the epoch, the random state)
is written after every epoch; the same command continues from it. ``--export`` writes the
``td-net-v1`` file the game reads.

Usage: ``python -m game.tools.train_teacher --hidden 128 --inputs 205 --epochs 20``
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

from game.ai.features import extra_features, more_features  # noqa: E402
from game.ai.net import N_BASE, N_IN, N_IN_X, N_IN_X2  # noqa: E402
from game.tools import teacher_data  # noqa: E402
from game.tools import train_td as td  # noqa: E402
from game.tools.train_distill import net_from_json  # noqa: E402

ROOT = td.ROOT
TRAINING = ROOT / "assets" / "weights" / "training"


def chunk_files(folders: list[Path], patterns: list[str]) -> list[Path]:
    """The chunks matching any of ``patterns`` in the folders, each once, in name order per folder."""
    out: list[Path] = []
    for folder in folders:
        out += sorted({p for pattern in patterns for p in folder.glob(pattern)})
    return out


def load_data(folders: list[Path], patterns: str | list[str]) -> dict[str, np.ndarray]:
    """Every chunk matching ``patterns`` in the folders, concatenated (groups made unique)."""
    parts: dict[str, list[np.ndarray]] = {"pre": [], "post": [], "probs": [], "group": [], "played": []}
    offset = 0
    for path in chunk_files(folders, [patterns] if isinstance(patterns, str) else patterns):
        with np.load(path, allow_pickle=False) as z:
            for key in parts:
                a = z[key]
                if key == "group":
                    a = a.astype(np.int64) + offset
                parts[key].append(a)
            if len(z["group"]):
                offset = int(parts["group"][-1].max()) + 1
    return {k: np.concatenate(v) if v else np.zeros((0,)) for k, v in parts.items()}


def with_deeper(
    data: dict[str, np.ndarray], deep: dict[str, np.ndarray], repeat: int
) -> dict[str, np.ndarray]:
    """``data`` with ``deep``'s labels in place of its own: the rows of every board before a play
    that ``deep`` labelled again (deeper) dropped, and ``deep``'s rows added ``repeat`` times (each
    copy its own decisions), so that the deeper judgement weighs more than its share of rows."""
    pre = np.ascontiguousarray(data["pre"])
    deep_pre = np.ascontiguousarray(deep["pre"])
    relabelled = {deep_pre[i].tobytes() for i in range(len(deep_pre))}
    keep = np.array([pre[i].tobytes() not in relabelled for i in range(len(pre))], dtype=bool)
    parts = {k: [v[keep]] for k, v in data.items()}
    offset = int(data["group"].max()) + 1 if len(data["group"]) else 0
    for _ in range(repeat):
        for k, v in deep.items():
            parts[k].append(v.astype(np.int64) + offset if k == "group" else v)
        offset += int(deep["group"].max()) + 1 if len(deep["group"]) else 0
    return {k: np.concatenate(v) for k, v in parts.items()}


def split(data: dict[str, np.ndarray], held: set[bytes]) -> tuple[np.ndarray, np.ndarray]:
    """Indices of training and validation rows (reference decisions dropped)."""
    pre = np.ascontiguousarray(data["pre"])
    keys = [pre[i].tobytes() for i in range(len(pre))]
    drop = np.array([k in held for k in keys], dtype=bool)
    val = np.array([hashlib.blake2b(k, digest_size=2).digest()[0] < 13 for k in keys], dtype=bool)
    idx = np.arange(len(pre))
    return idx[~drop & ~val], idx[~drop & val]


def encode(post: np.ndarray, n_in: int) -> np.ndarray:
    """Network inputs (float32) of the side on roll after each play."""
    rows = teacher_data.rows_of_post(post)
    out = np.empty((len(rows), n_in), dtype=np.float32)
    step = 65536
    base = min(n_in, N_IN)
    for s in range(0, len(rows), step):
        out[s : s + step, :base] = td.encode_rows(rows[s : s + step], base)
    if n_in >= N_IN_X:  # the further inputs in the game's own pure Python (so they mean the same)
        more = n_in == N_IN_X2
        for i, r in enumerate(rows.tolist()):
            me, opp = r[:25], r[25:]
            out[i, N_IN:N_IN_X] = extra_features(me, opp)
            if more:
                out[i, N_IN_X:] = more_features(me, opp)
    return out


class Model:
    """Weights (float64) and Adam's state."""

    def __init__(self, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray) -> None:
        self.p = {"w1": w1, "b1": b1, "w2": w2, "b2": b2}
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0
        self.w1_lr: np.ndarray | None = None
        """Per input row, a factor on the step of ``w1`` (None: 1 for all)."""

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = td.sigmoid(x @ self.p["w1"] + self.p["b1"])
        return h, td.sigmoid(h @ self.p["w2"] + self.p["b2"])

    def step(
        self,
        x: np.ndarray,
        y: np.ndarray,
        lr: float,
        weights: np.ndarray,
        groups: np.ndarray | None = None,
        rank: float = 0.0,
    ) -> None:
        """One Adam step on the cross-entropy of the outputs (weighted per output), plus ``rank``
        times the squared error of each play's equity relative to the other plays of its decision
        (``groups``: the decision of each row)."""
        h, out = self.forward(x)
        d_out = (out - y) * weights / len(x)  # d(cross-entropy)/d(logit)
        if rank and groups is not None:
            d_out += rank_gradient(out, y, groups, rank)
        d_h = (d_out @ self.p["w2"].T) * h * (1.0 - h)
        grads = {"w2": h.T @ d_out, "b2": d_out.sum(axis=0), "w1": x.T @ d_h, "b1": d_h.sum(axis=0)}
        self.t += 1
        b1c = 1.0 - 0.9**self.t
        b2c = 1.0 - 0.999**self.t
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            step = lr * (self.m[k] / b1c) / (np.sqrt(self.v[k] / b2c) + 1e-8)
            if k == "w1" and self.w1_lr is not None:
                step *= self.w1_lr[:, None]
            self.p[k] -= step


EQUITY = np.array([2.0, 1.0, 1.0, -1.0, -1.0])
"""d(cubeless equity)/d(each output)."""


def centred(values: np.ndarray, groups: np.ndarray) -> np.ndarray:
    """Each value minus the mean of its group's values (``groups``: small non-negative ints)."""
    _, inverse, counts = np.unique(groups, return_inverse=True, return_counts=True)
    sums = np.bincount(inverse, weights=values)
    return values - (sums / counts)[inverse]


def rank_gradient(out: np.ndarray, y: np.ndarray, groups: np.ndarray, rank: float) -> np.ndarray:
    """d/d(logits) of ``rank`` x the mean squared error of the plays' equities relative to their
    decision's other plays: what choosing a play depends on, which the absolute error only bounds.

    Why: a decision is right when the plays are ranked right; an error shared by every play of a
    roll (most of the absolute error) changes no choice. A decision with one row adds nothing.
    """
    student = out @ EQUITY
    teacher = y @ EQUITY
    r = centred(student - teacher, groups)  # the mean of r over a group is 0, so this is its gradient
    d_eq = 2.0 * rank * r / len(out)
    grad: np.ndarray = d_eq[:, None] * EQUITY[None, :] * out * (1.0 - out)
    return grad


def rank_error(out: np.ndarray, y: np.ndarray, groups: np.ndarray) -> float:
    """Mean absolute error of the plays' equities relative to their decision's other plays."""
    return float(np.abs(centred((out - y) @ EQUITY, groups)).mean())


def start_model(start: Path, n_in: int, hidden: int, rng: np.random.Generator) -> Model:
    """The shipped network grown to ``n_in`` inputs and ``hidden`` units (it computes the same)."""
    net = net_from_json(start)
    w1 = np.zeros((n_in, hidden))
    k_in = min(n_in, net.n_in)
    k_h = min(hidden, net.hidden)
    w1[:k_in, :k_h] = net.w1[:k_in, :k_h]
    if hidden > net.hidden:
        w1[:, net.hidden :] = rng.normal(0.0, 0.05, (n_in, hidden - net.hidden))
    b1 = np.zeros(hidden)
    b1[:k_h] = net.b1[:k_h]
    w2 = np.zeros((hidden, td.N_OUT))
    w2[:k_h] = net.w2[:k_h]
    return Model(w1, b1, w2, net.b2.copy())


def metrics(model: Model, x: np.ndarray, y: np.ndarray, groups: np.ndarray) -> dict[str, float]:
    out = np.concatenate([model.forward(x[s : s + 65536])[1] for s in range(0, len(x), 65536)])
    eps = 1e-7
    o = np.clip(out, eps, 1 - eps)
    ce = -(y * np.log(o) + (1 - y) * np.log(1 - o)).sum(axis=1).mean()
    eq_err = np.abs(td.equity(out) - td.equity(y)).mean()
    return {
        "ce": float(ce),
        "equity_mae": float(eq_err),
        "rank_mae": rank_error(out, y, groups),
        "mse": float(((out - y) ** 2).mean()),
    }


def decision_order(rows: np.ndarray, groups: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``rows`` shuffled by decision, each decision's rows together (so a minibatch holds whole
    decisions for the ranking term; a decision cut by a batch's edge loses only its pairs across)."""
    key = rng.random(int(groups.max()) + 1)[groups[rows]]
    return rows[np.lexsort((rows, key))]


def save(model: Model, stem: Path, state: dict[str, Any]) -> None:
    stem.parent.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, Any] = {f"p_{k}": v for k, v in model.p.items()}
    arrays.update({f"m_{k}": v for k, v in model.m.items()})
    arrays.update({f"v_{k}": v for k, v in model.v.items()})
    tmp = stem.with_name(stem.name + ".tmp.npz")
    np.savez(tmp, **arrays)
    os.replace(tmp, stem.with_suffix(".npz"))
    state = dict(state, adam_t=model.t)
    stem.with_suffix(".json").write_text(json.dumps(state, indent=1))


def restore(stem: Path) -> tuple[Model, dict[str, Any]] | None:
    if not stem.with_suffix(".npz").exists() or not stem.with_suffix(".json").exists():
        return None
    z = np.load(stem.with_suffix(".npz"))
    model = Model(z["p_w1"].copy(), z["p_b1"].copy(), z["p_w2"].copy(), z["p_b2"].copy())
    for k in model.p:
        model.m[k] = z[f"m_{k}"].copy()
        model.v[k] = z[f"v_{k}"].copy()
    state: dict[str, Any] = json.loads(stem.with_suffix(".json").read_text())
    model.t = int(state["adam_t"])
    return model, state


def export(model: Model, path: Path, meta: dict[str, Any]) -> None:
    net = td.Net(1, np.random.default_rng(0), model.p["w1"].shape[0])
    net.hidden = int(model.p["w1"].shape[1])
    net.w1, net.b1, net.w2, net.b2 = (model.p[k] for k in ("w1", "b1", "w2", "b2"))
    td.export(net, path, meta)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, nargs="+", default=[teacher_data.DATA])
    ap.add_argument(
        "--pattern", nargs="+", default=["*.npz"], help="chunk files to read in each --data folder"
    )
    ap.add_argument("--start", type=Path, default=ROOT / "assets" / "weights" / "td_net.json")
    ap.add_argument("--inputs", type=int, choices=(N_BASE, N_IN, N_IN_X, N_IN_X2), default=N_IN)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--epochs", type=int, default=20, help="total epochs (a resumed run counts its own)")
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3, help="Adam's step; it falls linearly to lr/20")
    ap.add_argument("--gammon-weight", type=float, default=1.0, help="loss weight of the four gammon outputs")
    ap.add_argument(
        "--rank",
        type=float,
        default=0.0,
        help="weight of the error of each play's equity relative to its decision's other plays",
    )
    ap.add_argument(
        "--deep",
        nargs="+",
        default=[],
        help="chunks labelled deeper (teacher_data --source deep): their labels replace the others'",
    )
    ap.add_argument("--deep-repeat", type=int, default=1, help="how many times the deep rows are read")
    ap.add_argument(
        "--new-input-lr",
        type=float,
        default=1.0,
        help="factor on the step of the input rows the --start network lacks (they start at zero)",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--checkpoint", type=Path, default=TRAINING / "teacher_net")
    ap.add_argument("--export", type=Path, default=TRAINING / "teacher_net.json")
    ap.add_argument("--log", type=Path, default=None, help="jsonl log (default: checkpoint + _log.jsonl)")
    args = ap.parse_args(argv)
    log = args.log or args.checkpoint.with_name(args.checkpoint.name + "_log.jsonl")
    t0 = time.time()
    data = load_data(args.data, args.pattern)
    if args.deep:
        data = with_deeper(data, load_data(args.data, args.deep), args.deep_repeat)
    held = teacher_data.reference_pre_boards()
    tr, va = split(data, held)
    print(f"rows: {len(data['post'])}, training {len(tr)}, validation {len(va)}, {time.time() - t0:.0f} s")
    x_all = encode(data["post"], args.inputs)
    y_all = teacher_data.invert(data["probs"].astype(np.float64)).astype(np.float32)
    print(f"encoded in {time.time() - t0:.0f} s", flush=True)
    rng = np.random.default_rng(args.seed)
    restored = restore(args.checkpoint)
    if restored is None:
        model = start_model(args.start, args.inputs, args.hidden, rng)
        files = [p.name for p in chunk_files(args.data, args.pattern + args.deep)]
        state: dict[str, Any] = {"epoch": 0, "start": str(args.start.name), "files": files}
        if args.deep:
            state["deep_repeat"] = args.deep_repeat
    else:
        model, state = restored
        rng = np.random.default_rng(args.seed + int(state["epoch"]))
        print(f"resumed after epoch {state['epoch']}")
    if args.new_input_lr != 1.0:
        model.w1_lr = np.ones(args.inputs)
        model.w1_lr[int(json.loads(args.start.read_text())["inputs"]) :] = args.new_input_lr
        state["new_input_lr"] = args.new_input_lr
    group = data["group"].astype(np.int64)
    xv, yv, gv = x_all[va], y_all[va], group[va]
    if state["epoch"] == 0:
        print(f"start: validation {metrics(model, xv, yv, gv)}", flush=True)
    weights = np.array([1.0] + [args.gammon_weight] * 4)
    while state["epoch"] < args.epochs:
        e = int(state["epoch"])
        lr = args.lr * (1.0 - 0.95 * e / max(args.epochs - 1, 1))
        order = decision_order(tr, group, rng) if args.rank else rng.permutation(tr)
        te = time.time()
        for s in range(0, len(order), args.batch):
            b = order[s : s + args.batch]
            x, y = x_all[b].astype(np.float64), y_all[b].astype(np.float64)
            model.step(x, y, lr, weights, group[b], args.rank)
        state["epoch"] = e + 1
        m = metrics(model, xv, yv, gv)
        entry = {"epoch": e + 1, "lr": lr, "rows": len(tr), "seconds": round(time.time() - te), **m}
        print(json.dumps(entry), flush=True)
        with log.open("a") as fh:
            fh.write(json.dumps(entry) + "\n")
        state.update(entry)
        save(model, args.checkpoint, state)
        export(
            model,
            args.export,
            {
                "trainer": "train_teacher",
                "teacher": "Open Sage (bgsage, MPL-2.0) plain network with the pre-move board"
                + (", and its 2ply where --deep chunks relabelled" if args.deep else ""),
                **state,
            },
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
