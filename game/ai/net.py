"""The trained evaluator, in pure Python: a TD-Gammon style two-layer network.

Why pure Python: the game must run on a Raspberry Pi with nothing but
pygame-ce, so no numpy at run time. Speed comes from two things:

* Sparse inputs. Each point's four input units depend only on its checker
  count, so the weight rows of a point are folded at load time into one
  hidden-size vector per (side, point, count). A position's hidden
  pre-activation is then the bias plus one vector per occupied point.
* Incremental candidates. Every legal play of a roll starts from the same
  position and changes only a few points, so the pre-activation of the start
  (seen by the opponent, who is on roll after the play) is computed once and
  each candidate adds the difference of the points it changed.

Inputs (the same as ``game/tools/train_td.py`` and ``game/tools/train_teacher.py``; tests check
they agree), for the side on roll ("me") then the opponent, each in its own direction:
per point i in 0..23 four units [n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 2]
(me: 0..95, opponent: 96..191); bar / 2 (192, 193); borne off / 15 (194, 195);
pips / 150 (196, 197); 1 if there is still contact (198); then the six
hand-made inputs of :mod:`game.ai.features` (199..204: shots at each side's
blots, each side's longest prime, each side's escapes) and, in a 209-input
file, four more (205..208: pip loss to hits of each side's blots, containment
of each side's back checkers) and, in a 219-input file, ten more (209..218: for the side on
roll then the opponent, the five of :func:`game.ai.features.structure`: entering, anchor, back
game, contact to break, mobility). Those are not incremental: each candidate adds them to its
folded sum. Files with the first 199, 205 or 209 inputs still load.

The shipped network has 209 inputs and 128 hidden units, trained on the probabilities of a
stronger teacher (``game/tools/train_teacher.py``; how, and its figures against the TD-trained
199-96 network it replaced, in ``assets/weights/README.md``).

Outputs, for the side on roll before its roll: P(win), P(win a gammon or
more), P(win a backgammon), P(lose a gammon or more), P(lose a backgammon).
"""

from __future__ import annotations

import base64
import json
import sys
from array import array
from collections.abc import Sequence
from functools import cache
from math import exp
from operator import add, mul, sub
from pathlib import Path
from typing import TypeAlias

from game.assets import asset
from game.engine import Play, Position
from game.engine.position import is_race, pip_count

from .features import (
    BREAK_SCALE,
    MOBILITY_SCALE,
    N_EXTRA,
    N_FEATURES,
    N_MORE,
    PIP_LOSS_SCALE,
    extra_features,
    features,
    more_features,
    side_inputs,
    structure,
)

WEIGHTS_PATH = asset("weights", "td_net.json")
N_BASE = 199
N_IN = N_BASE + N_FEATURES
N_IN_X = N_IN + N_EXTRA
"""With the four further inputs of :func:`game.ai.features.extra_features` (pip loss, containment)."""
N_IN_X2 = N_IN_X + N_MORE
"""With the ten inputs of :func:`game.ai.features.more_features` (entering, anchors, back game,
contact to break, mobility of each side)."""
INPUT_SIZES = (N_BASE, N_IN, N_IN_X, N_IN_X2)
N_OUT = 5

Outputs = tuple[float, float, float, float, float]
Vector = list[float]
Row: TypeAlias = "array[float]"
"""A folded table row: a C array of doubles, a quarter of a list's memory and as fast to add."""


def units(n: int) -> tuple[float, float, float, float]:
    """The four input units of a point holding ``n`` checkers."""
    return (float(n >= 1), float(n >= 2), float(n >= 3), max(n - 3, 0) / 2.0)


def encode(pos: Position, n_in: int = N_IN) -> list[float]:
    """The dense input vector of ``pos`` (used by tests and tools; play uses the folded tables).

    ``n_in``: N_IN (the six hand-made inputs; drop the tail for N_BASE), N_IN_X (and the four more)
    or N_IN_X2 (and the ten after those).
    """
    x: list[float] = []
    for side in (pos.me, pos.opp):
        for i in range(24):
            x.extend(units(side[i]))
    x.append(pos.me[24] / 2.0)
    x.append(pos.opp[24] / 2.0)
    x.append(pos.my_off / 15.0)
    x.append(pos.opp_off / 15.0)
    x.append(pip_count(pos.me) / 150.0)
    x.append(pip_count(pos.opp) / 150.0)
    x.append(0.0 if pos.is_race() else 1.0)
    x.extend(features(pos.me, pos.opp))
    if n_in >= N_IN_X:
        x.extend(extra_features(pos.me, pos.opp))
    if n_in == N_IN_X2:
        x.extend(more_features(pos.me, pos.opp))
    return x


def equity(out: Sequence[float]) -> float:
    """Cubeless money equity, in points, for the side the outputs belong to."""
    return 2.0 * out[0] - 1.0 + out[1] - out[3] + out[2] - out[4]


def swap(out: Outputs) -> Outputs:
    """The same outputs seen from the other player."""
    return (1.0 - out[0], out[3], out[4], out[1], out[2])


def final_outputs(after: Position) -> Outputs:
    """Exact outputs for the mover once its last checker is off (``after`` not flipped)."""
    gammon = after.opp_off == 0
    # Backgammon: the loser still has a checker on the bar or in the winner's home board
    # (the winner's points 1-6 are the loser's indices 18..23; 24 is the bar).
    bg = gammon and sum(after.opp[18:25]) > 0
    return (1.0, float(gammon), float(bg), 0.0, 0.0)


def _sigmoid(z: float) -> float:
    if z < -40.0:
        return 4.248354255291589e-18
    return 1.0 / (1.0 + exp(-z))


def _floats(text: str, count: int, name: str) -> array[float]:
    data = array("f")
    data.frombytes(base64.b64decode(text))
    if sys.byteorder == "big":
        data.byteswap()
    if len(data) != count:
        raise ValueError(f"weights file: {name} has {len(data)} values, expected {count}")
    return data


class Network:
    """A loaded network with its folded tables; immutable after construction."""

    def __init__(self, doc: dict[str, object]) -> None:
        n_in = doc.get("inputs")
        if doc.get("format") != "td-net-v1" or n_in not in INPUT_SIZES or doc.get("outputs") != N_OUT:
            raise ValueError(
                f"weights file: not a td-net-v1 net with {N_BASE}, {N_IN}, {N_IN_X} or {N_IN_X2} inputs,"
                " 5 outputs"
            )
        assert isinstance(n_in, int)
        hidden = doc.get("hidden")
        if not isinstance(hidden, int) or hidden <= 0:
            raise ValueError("weights file: bad hidden size")
        self.hidden = hidden
        meta = doc.get("meta")
        self.meta: dict[str, object] = meta if isinstance(meta, dict) else {}
        w1 = _floats(str(doc["w1"]), n_in * hidden, "w1")
        rows = [list(w1[k * hidden : (k + 1) * hidden]) for k in range(n_in)]
        self.b1: Vector = list(_floats(str(doc["b1"]), hidden, "b1"))
        w2 = _floats(str(doc["w2"]), N_OUT * hidden, "w2")
        self.w2: list[Vector] = [list(w2[k * hidden : (k + 1) * hidden]) for k in range(N_OUT)]
        self.b2: Vector = list(_floats(str(doc["b2"]), N_OUT, "b2"))
        zero = array("d", [0.0] * hidden)
        # point[s][i][n]: the summed rows of side s, index i (24 = bar) holding n checkers.
        self.point: list[list[list[Row]]] = []
        for s in range(2):
            side: list[list[Row]] = []
            for i in range(24):
                base = s * 96 + i * 4
                per_n: list[Row] = [zero]
                r0, r1, r2, r3 = rows[base : base + 4]
                for n in range(1, 16):
                    u0, u1, u2, u3 = units(n)
                    per_n.append(
                        array(
                            "d",
                            [
                                u0 * a + u1 * b + u2 * c + u3 * d
                                for a, b, c, d in zip(r0, r1, r2, r3, strict=True)
                            ],
                        )
                    )
                side.append(per_n)
            bar_row = rows[192 + s]
            side.append([array("d", [n / 2.0 * w for w in bar_row]) for n in range(16)])
            self.point.append(side)
        self.off: list[list[Row]] = [
            [array("d", [n / 15.0 * w for w in rows[194 + s]]) for n in range(16)] for s in range(2)
        ]
        self.pip_row: list[Vector] = [[w / 150.0 for w in rows[196 + s]] for s in range(2)]
        self.contact_row: Vector = rows[198]
        # The hand-made inputs take few values (0..36 rolls, 0..24 points): each input's row is
        # folded per value, so a candidate adds six looked-up vectors (None: a file without them).
        self.feature_tables: list[list[Row]] | None = None
        self.n_in = n_in
        if n_in >= N_IN:
            scales = (36, 36, 6, 6, 36, 36)
            tops = (36, 36, 24, 24, 36, 36)
            self.feature_tables = [
                [array("d", [v / float(scale) * w for w in rows[N_BASE + f]]) for v in range(top + 1)]
                for f, (scale, top) in enumerate(zip(scales, tops, strict=True))
            ]
        # The further inputs (N_IN_X): containment (0..36 rolls) folded per value like the above; pip
        # loss (0..864) takes too many values for tables, so its row is scaled by the value.
        self.extra: tuple[list[Row], Vector, Vector] | None = None
        if n_in >= N_IN_X:
            tables = [
                [array("d", [v / 36.0 * w for w in rows[N_IN + 2 + f]]) for v in range(37)] for f in range(2)
            ]
            self.extra = (
                tables[0] + tables[1],  # me: 0..36, opp: 37..73
                [w / PIP_LOSS_SCALE for w in rows[N_IN]],
                [w / PIP_LOSS_SCALE for w in rows[N_IN + 1]],
            )
        # The ten after those (N_IN_X2), per side: entering, anchor and back game take 7 x 7 x 2
        # values, folded into one table indexed by closed * 14 + anchor * 2 + back game; mobility
        # (0..90) and the pips to break contact (0..375) have tables of their own.
        self.more: tuple[list[Row], list[Row], list[Row]] | None = None
        if n_in == N_IN_X2:
            shape: list[list[Row]] = []
            mobility: list[list[Row]] = []
            contact: list[list[Row]] = []
            for s in range(2):
                r_closed, r_anchor, r_back, r_break, r_mob = rows[N_IN_X + 5 * s : N_IN_X + 5 * s + 5]
                shape.append(
                    [
                        array(
                            "d",
                            [
                                c * c / 36.0 * wc + a / 6.0 * wa + b * wb
                                for wc, wa, wb in zip(r_closed, r_anchor, r_back, strict=True)
                            ],
                        )
                        for c in range(7)
                        for a in range(7)
                        for b in range(2)
                    ]
                )
                mobility.append([array("d", [m / MOBILITY_SCALE * w for w in r_mob]) for m in range(91)])
                contact.append([array("d", [p / BREAK_SCALE * w for w in r_break]) for p in range(376)])
            self.more = (
                shape[0] + shape[1],  # me: 0..97, opp: 98..195
                mobility[0] + mobility[1],  # me: 0..90, opp: 91..181
                contact[0] + contact[1],  # me: 0..375, opp: 376..751
            )

    def with_features(self, acc: Vector, me: Sequence[int], opp: Sequence[int]) -> Vector:
        """``acc`` plus the hand-made inputs' contribution for the position with ``me`` on roll."""
        tables = self.feature_tables
        if tables is None:
            return acc
        t0, t1, t2, t3, t4, t5 = tables
        s_me, p_me, e_me, l_me, c_me = side_inputs(me, opp)
        s_opp, p_opp, e_opp, l_opp, c_opp = side_inputs(opp, me)
        if self.extra is None:
            return [
                a + b + c + d + e + f + g
                for a, b, c, d, e, f, g in zip(
                    acc, t0[s_me], t1[s_opp], t2[p_me], t3[p_opp], t4[e_me], t5[e_opp], strict=True
                )
            ]
        contain, loss_me, loss_opp = self.extra
        summed = [
            a + b + c + d + e + f + g + h + i + x * l_me + y * l_opp
            for a, b, c, d, e, f, g, h, i, x, y in zip(
                acc,
                t0[s_me],
                t1[s_opp],
                t2[p_me],
                t3[p_opp],
                t4[e_me],
                t5[e_opp],
                contain[c_me],
                contain[37 + c_opp],
                loss_me,
                loss_opp,
                strict=True,
            )
        ]
        if self.more is None:
            return summed
        shape, mob, brk = self.more
        k_me, a_me, g_me, b_me, m_me = structure(me, opp)
        k_opp, a_opp, g_opp, b_opp, m_opp = structure(opp, me)
        return [
            s + j + k + m + n + u + v
            for s, j, k, m, n, u, v in zip(
                summed,
                shape[k_me * 14 + a_me * 2 + g_me],
                shape[98 + k_opp * 14 + a_opp * 2 + g_opp],
                mob[m_me],
                mob[91 + m_opp],
                brk[b_me],
                brk[376 + b_opp],
                strict=True,
            )
        ]

    def preactivation(self, me: Sequence[int], opp: Sequence[int]) -> Vector:
        """Hidden-layer input of the position with ``me`` on roll."""
        return self.with_features(self.base_preactivation(me, opp), me, opp)

    def base_preactivation(self, me: Sequence[int], opp: Sequence[int]) -> Vector:
        """Hidden-layer input from the incremental (per-point) inputs only."""
        acc = self.b1
        for s, side in enumerate((me, opp)):
            table = self.point[s]
            for i in range(25):
                n = side[i]
                if n:
                    acc = list(map(add, acc, table[i][n]))
            off = 15 - sum(side)
            if off:
                acc = list(map(add, acc, self.off[s][off]))
            pips = pip_count(tuple(side))
            acc = [a + pips * w for a, w in zip(acc, self.pip_row[s], strict=True)]
        if not is_race(tuple(me), tuple(opp)):
            acc = list(map(add, acc, self.contact_row))
        return acc

    def outputs(self, acc: Vector) -> Outputs:
        """Sigmoid hidden layer and the five sigmoid outputs."""
        try:
            hid = [1.0 / (1.0 + exp(-a)) for a in acc]
        except OverflowError:
            hid = [_sigmoid(a) for a in acc]
        b2 = self.b2
        w2 = self.w2
        return (
            _sigmoid(b2[0] + sum(map(mul, w2[0], hid))),
            _sigmoid(b2[1] + sum(map(mul, w2[1], hid))),
            _sigmoid(b2[2] + sum(map(mul, w2[2], hid))),
            _sigmoid(b2[3] + sum(map(mul, w2[3], hid))),
            _sigmoid(b2[4] + sum(map(mul, w2[4], hid))),
        )

    def evaluate(self, pos: Position) -> Outputs:
        """Outputs for the player on roll in ``pos``, before the roll."""
        return self.outputs(self.preactivation(pos.me, pos.opp))

    def start_of_plays(self, pos: Position) -> Vector:
        """The incremental part of ``pos`` seen by the opponent: what :meth:`play_outputs` starts from.

        Callers evaluating several rolls from one position compute it once and pass it in.
        """
        return self.base_preactivation(pos.opp, pos.me)

    def play_outputs(
        self, pos: Position, plays: Sequence[Play], start: Vector | None = None
    ) -> list[Outputs]:
        """For each play from ``pos``, the outputs seen by the MOVER after it.

        A play that bears off the last checker gets its exact result. The others
        are evaluated with the opponent on roll, incrementally from ``pos``
        (``start``: :meth:`start_of_plays` of ``pos`` if the caller has it).
        """
        # Seen by the opponent after the play: "me" = the play's opp side, "opp" = its me side.
        base_me = pos.opp
        base_opp = pos.me
        base = self.start_of_plays(pos) if start is None else start
        base_off = 15 - sum(base_opp)
        base_contact = not is_race(base_me, base_opp)
        t_me = self.point[0]
        t_opp = self.point[1]
        off_opp = self.off[1]
        pip0 = self.pip_row[0]
        pip1 = self.pip_row[1]
        out: list[Outputs] = []
        contact_row = self.contact_row
        for play in plays:
            after = play.position
            a_me = after.opp
            a_opp = after.me
            moves = play.moves
            if a_opp[24] == 0 and sum(a_opp) == 0:
                out.append(final_outputs(after))
                continue
            # Only the points the moves touched can differ from the start position.
            mine: set[int] = set()
            theirs: set[int] = set()
            d0 = 0
            d1 = 0
            borne = 0
            for m in moves:
                d1 -= m.src - m.dst
                mine.add(m.src - 1)
                if m.dst:
                    mine.add(m.dst - 1)
                    if m.hit:
                        d0 += m.dst
                        theirs.add(24 - m.dst)
                        theirs.add(24)
                else:
                    borne += 1
            acc = base
            for i in theirs:
                n = a_me[i]
                o = base_me[i]
                if n != o:
                    acc = list(map(sub, map(add, acc, t_me[i][n]), t_me[i][o]))
            for i in mine:
                n = a_opp[i]
                o = base_opp[i]
                if n != o:
                    acc = list(map(sub, map(add, acc, t_opp[i][n]), t_opp[i][o]))
            if borne:
                acc = list(map(sub, map(add, acc, off_opp[base_off + borne]), off_opp[base_off]))
            if d0:
                acc = [a + d0 * p + d1 * q for a, p, q in zip(acc, pip0, pip1, strict=True)]
            elif d1:
                acc = [a + d1 * q for a, q in zip(acc, pip1, strict=True)]
            # Contact can end during a play but never begin.
            if base_contact and not a_me[24] and not a_opp[24] and is_race(a_me, a_opp):
                acc = list(map(sub, acc, contact_row))
            out.append(swap(self.outputs(self.with_features(acc, a_me, a_opp))))
        return out


def load(path: Path | None = None) -> Network:
    """Read a weights file (raises ``ValueError`` with a readable reason if it is unusable)."""
    where = path or WEIGHTS_PATH
    try:
        doc = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"cannot read network weights {where}: {exc}") from exc
    if not isinstance(doc, dict):
        raise ValueError(f"{where}: not a weights object")
    return Network(doc)


@cache
def default_network() -> Network:
    """The shipped network, loaded once on first use."""
    return load()


def use_weights(path: Path) -> Network:
    """Make ``path`` the network every level uses from now on (benchmarks compare weight files)."""
    global WEIGHTS_PATH
    network = load(path)
    WEIGHTS_PATH = path
    default_network.cache_clear()
    return network
