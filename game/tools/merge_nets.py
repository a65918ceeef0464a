"""Merge weights files into one network that averages their output logits (an ensemble).

Why: networks trained apart make partly independent mistakes, so the mean of their
judgements is better than either. Two sigmoid networks with the same inputs merge
exactly into one wider network: the hidden units side by side, each output's weights
scaled by 1/k, the output biases averaged. Each output is then
``sigmoid(mean of the k networks' output logits)``, and the game's evaluator
(``game/ai/net.py``) reads the file like any other, with no code of its own. The
cost is the sum of the hidden sizes per evaluation.

Pure Python (no numpy), so the merge can be checked anywhere the game runs.

Usage: ``python -m game.tools.merge_nets A.json B.json [...] --out merged.json``
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
from array import array
from pathlib import Path
from typing import Any

from game.ai.net import N_OUT


def _floats(text: str) -> array[float]:
    data = array("f")
    data.frombytes(base64.b64decode(text))
    if sys.byteorder == "big":
        data.byteswap()
    return data


def _b64(values: list[float]) -> str:
    data = array("f", values)
    if sys.byteorder == "big":
        data.byteswap()
    return base64.b64encode(data.tobytes()).decode("ascii")


def merge(docs: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """The merged weights document of ``docs`` (td-net-v1, same inputs and outputs)."""
    if len(docs) < 2:
        raise ValueError("need at least two networks to merge")
    n_in = docs[0].get("inputs")
    for doc, name in zip(docs, names, strict=True):
        if doc.get("format") != "td-net-v1" or doc.get("outputs") != N_OUT or doc.get("inputs") != n_in:
            raise ValueError(f"{name}: not a td-net-v1 network with {n_in} inputs and {N_OUT} outputs")
    k = len(docs)
    assert isinstance(n_in, int)
    hidden = [int(doc["hidden"]) for doc in docs]
    total = sum(hidden)
    w1 = [_floats(doc["w1"]) for doc in docs]  # inputs x hidden, row-major
    rows: list[float] = []
    for i in range(n_in):
        for w, h in zip(w1, hidden, strict=True):
            rows.extend(w[i * h : (i + 1) * h])
    b1: list[float] = []
    for doc in docs:
        b1.extend(_floats(doc["b1"]))
    w2 = [_floats(doc["w2"]) for doc in docs]  # outputs x hidden, row-major
    out_rows: list[float] = []
    for o in range(N_OUT):
        for w, h in zip(w2, hidden, strict=True):
            out_rows.extend(v / k for v in w[o * h : (o + 1) * h])
    b2s = [_floats(doc["b2"]) for doc in docs]
    b2 = [sum(b[o] for b in b2s) / k for o in range(N_OUT)]
    return {
        "format": "td-net-v1",
        "inputs": n_in,
        "hidden": total,
        "outputs": N_OUT,
        "w1": _b64(rows),
        "b1": _b64(b1),
        "w2": _b64(out_rows),
        "b2": _b64(b2),
        "meta": {
            "ensemble": [
                {"file": name, "hidden": h, "meta": doc.get("meta", {})}
                for name, h, doc in zip(names, hidden, docs, strict=True)
            ],
            "how": "output logits averaged: hidden units side by side, output weights and biases / k",
        },
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("weights", nargs="+", type=Path, help="two or more td-net-v1 weights files")
    ap.add_argument("--out", type=Path, required=True, help="the merged weights file to write")
    args = ap.parse_args(argv)
    if len(args.weights) < 2:
        ap.error("give at least two weights files")
    try:
        docs = [json.loads(p.read_text(encoding="utf-8")) for p in args.weights]
        merged = merge(docs, [p.name for p in args.weights])
    except (OSError, json.JSONDecodeError, KeyError, ValueError) as exc:
        print(f"merge_nets: {exc}", file=sys.stderr)
        return 2
    args.out.write_text(json.dumps(merged))
    print(f"{args.out}: {merged['hidden']} hidden units from {len(docs)} networks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
