"""One-sided bear-off database: exact roll-count distributions for home-board positions.

Why: in a bear-off without contact each side's race is independent of the
other's, so one table of "how many rolls does this side need" answers every
bear-off exactly (cubeless): with ``A[n]`` the chance the side on roll needs
exactly ``n`` rolls and ``B[n]`` the opponent's, the side on roll wins with
``sum_n A[n] * P(B >= n)`` (it rolls first, so a tie in rolls is its win).

The table covers every way to place up to 15 checkers on the six home points
(54,264 positions, ``C(21, 6)``). Each entry is the full distribution of the
number of rolls to bear off when every roll is played to minimise the
expected number of rolls (the usual one-sided rule; it is not always the play
that maximises the win chance against a given opponent, a small known error
of one-sided tables). For the 15,504 positions with no checker off it also
holds the distribution of the number of rolls to bear off the FIRST checker,
played to minimise that: the gammon chances come from pairing one side's
finishing distribution with the other's first-off distribution as if the two
were independent (the side saving the gammon in truth plays for it only when
it matters, so this slightly overstates its gammon losses in positions where
both aims differ; such positions are rare because the first checker comes off
within two rolls from almost every home position).

The table is built by ``python -m game.tools.make_bearoff`` (pure Python,
about a minute) into ``assets/bearoff/onesided.bin.xz`` and loaded lazily on
the first bear-off, entries decoded on demand.
"""

from __future__ import annotations

import lzma
import struct
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import accumulate, combinations
from pathlib import Path

from game.assets import asset
from game.engine import Play, Position

DB_PATH = asset("bearoff", "onesided.bin.xz")
MAGIC = b"BGBO1\n"
POINTS = 6
CHECKERS = 15
MAX_ROLLS = 32
"""Distributions are kept up to this many rolls (the last entry holds the rest, in practice 0)."""
SCALE = 65535

Side = tuple[int, ...]
"""Checkers on the home points 1..6 (index 0 = the 1-point)."""
Dist = tuple[float, ...]

ROLLS: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)


@cache
def all_sides() -> list[Side]:
    """Every home-board side with up to 15 checkers, in the database's order (by total, then tuple).

    Each total's sides are its compositions into six parts (stars and bars: the places of the five
    bars among ``total + 5`` slots).
    """
    out: list[Side] = []
    for total in range(CHECKERS + 1):
        group: list[Side] = []
        for bars in combinations(range(total + POINTS - 1), POINTS - 1):
            prev = -1
            parts: list[int] = []
            for bar in bars:
                parts.append(bar - prev - 1)
                prev = bar
            parts.append(total + POINTS - 2 - prev)
            group.append(tuple(parts))
        group.sort()
        out.extend(group)
    return out


@cache
def index_of() -> dict[Side, int]:
    """Side -> its row in the database."""
    sides = all_sides()
    return dict(zip(sides, range(len(sides)), strict=True))


def die_moves(side: Side, d: int) -> list[Side]:
    """Every side reachable by playing one die ``d`` (bear-off rules; an empty side stays empty).

    With at least one checker home, every die can be played: a checker on a point
    above ``d`` moves down, one on the ``d``-point bears off, and when nothing stands
    above the highest checker it bears off with a larger die.
    """
    if not any(side):
        return [side]
    out: list[Side] = []
    top = max(i for i in range(POINTS) if side[i])
    for i in range(POINTS):
        if not side[i]:
            continue
        p = i + 1
        if p > d:
            s = list(side)
            s[i] -= 1
            s[i - d] += 1
            out.append(tuple(s))
        elif p == d or i == top:
            s = list(side)
            s[i] -= 1
            out.append(tuple(s))
    return out


def roll_results(
    side: Side, a: int, b: int, step: Callable[[Side, int], list[Side]] = die_moves
) -> set[Side]:
    """Every side reachable by playing the roll ``(a, b)`` in full."""
    if a == b:
        cur = {side}
        for _ in range(4):
            cur = {r for s in cur for r in step(s, a)}
        return cur
    out: set[Side] = set()
    for first, second in ((a, b), (b, a)):
        for s in step(side, first):
            out.update(step(s, second))
    return out


def _trim(dist: list[float]) -> list[float]:
    """Fold the tail past ``MAX_ROLLS - 1`` into the last entry."""
    if len(dist) > MAX_ROLLS:
        dist = dist[: MAX_ROLLS - 1] + [sum(dist[MAX_ROLLS - 1 :])]
    return dist


def _add_one_roll_later(acc: list[float], sub: Sequence[float], weight: float) -> None:
    """Add ``weight`` times the distribution ``sub`` shifted by one roll (the roll just made) into ``acc``."""
    if len(acc) < len(sub) + 1:
        acc.extend([0.0] * (len(sub) + 1 - len(acc)))
    for r, p in enumerate(sub):
        acc[r + 1] += weight * p


def build(progress: Callable[[int, int], None] | None = None) -> tuple[list[Dist], dict[Side, Dist]]:
    """Compute the table: (finishing distribution per side, first-off distribution per 15-checker side)."""
    sides = all_sides()
    index = index_of()
    n = len(sides)
    mean = [0.0] * n
    dist: list[list[float]] = [[] for _ in range(n)]
    moves_cache: dict[tuple[int, int], list[Side]] = {}

    def step(s: Side, d: int) -> list[Side]:
        key = (index[s], d)
        got = moves_cache.get(key)
        if got is None:
            got = die_moves(s, d)
            moves_cache[key] = got
        return got

    order = sorted(range(n), key=lambda k: (sum((i + 1) * c for i, c in enumerate(sides[k])), k))
    for done, k in enumerate(order):
        side = sides[k]
        if not any(side):
            dist[k] = [1.0]
            continue
        acc: list[float] = [0.0]
        m = 1.0
        for a, b, w in ROLLS:
            best = min(roll_results(side, a, b, step), key=lambda s: (mean[index[s]], index[s]))
            j = index[best]
            m += w / 36.0 * mean[j]
            _add_one_roll_later(acc, dist[j], w / 36.0)
        mean[k] = m
        dist[k] = _trim(acc)
        if progress and done % 5000 == 0:
            progress(done, n)
    first = _build_first_off(sides)
    return [tuple(d) for d in dist], first


def _build_first_off(sides: Sequence[Side]) -> dict[Side, Dist]:
    """Rolls to bear off the first checker, for each side with all 15 checkers home."""
    full = [s for s in sides if sum(s) == CHECKERS]
    full.sort(key=lambda s: (sum((i + 1) * c for i, c in enumerate(s)), s))
    mean: dict[Side, float] = {}
    dist: dict[Side, list[float]] = {}
    for side in full:
        acc: list[float] = [0.0, 0.0]
        m = 1.0
        for a, b, w in ROLLS:
            results = roll_results(side, a, b)
            if any(sum(r) < CHECKERS for r in results):
                acc[1] += w / 36.0
                continue
            best = min(results, key=lambda s: (mean[s], s))
            m += w / 36.0 * mean[best]
            _add_one_roll_later(acc, dist[best], w / 36.0)
        mean[side] = m
        dist[side] = _trim(acc)
    return {s: tuple(d) for s, d in dist.items()}


def _pack_dist(d: Dist) -> bytes:
    """One distribution: first roll count, entry count, then each chance as a 16-bit fraction."""
    q = [round(p * SCALE) for p in d]
    lo = 0
    while lo < len(q) - 1 and q[lo] == 0:
        lo += 1
    hi = len(q)
    while hi > lo + 1 and q[hi - 1] == 0:
        hi -= 1
    body = q[lo:hi]
    return struct.pack(f"<BB{len(body)}H", lo, len(body), *body)


def encode(dists: Sequence[Dist], first: dict[Side, Dist]) -> bytes:
    """The database file's bytes (uncompressed): header, finishing rows, first-off rows."""
    index = index_of()
    parts = [MAGIC, struct.pack("<II", len(dists), len(first))]
    parts.extend(_pack_dist(d) for d in dists)
    for side in sorted(first, key=index.__getitem__):
        parts.append(_pack_dist(first[side]))
    return b"".join(parts)


def write(path: Path, dists: Sequence[Dist], first: dict[Side, Dist]) -> int:
    """Compress and write the database; returns its size in bytes."""
    data = lzma.compress(encode(dists, first), preset=9 | lzma.PRESET_EXTREME)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return len(data)


class Database:
    """The loaded table; rows are decoded on demand from the decompressed bytes."""

    def __init__(self, raw: bytes) -> None:
        if not raw.startswith(MAGIC):
            raise ValueError("bear-off database: not a BGBO1 file")
        n, n_first = struct.unpack_from("<II", raw, len(MAGIC))
        sides = all_sides()
        if n != len(sides):
            raise ValueError(f"bear-off database: {n} rows, expected {len(sides)}")
        self._raw = raw
        offsets: list[int] = []
        at = len(MAGIC) + 8
        for _ in range(n + n_first):
            offsets.append(at)
            at += 2 + 2 * raw[at + 1]
        if at != len(raw):
            raise ValueError("bear-off database: truncated or padded")
        self._offsets = offsets[:n]
        # The sides with all 15 checkers come last in the order: the first-off rows follow them.
        self._first_base = n - n_first
        if n_first != sum(1 for s in sides[self._first_base :] if sum(s) == CHECKERS) or (
            n_first and sum(sides[self._first_base]) != CHECKERS
        ):
            raise ValueError(f"bear-off database: {n_first} first-off rows do not match the 15-checker sides")
        self._first_offsets = offsets[n:]
        self.finish = lru_cache(maxsize=65536)(self._finish)
        self.first_off = lru_cache(maxsize=16384)(self._first_off)

    def _decode(self, at: int) -> Dist:
        lo, count = self._raw[at], self._raw[at + 1]
        body = struct.unpack_from(f"<{count}H", self._raw, at + 2)
        total = float(sum(body))
        return (0.0,) * lo + tuple(v / total for v in body)

    def _finish(self, side: Side) -> Dist:
        """P(exactly n rolls to bear off every checker of ``side``), n = 0, 1, ..."""
        return self._decode(self._offsets[index_of()[side]])

    def _first_off(self, side: Side) -> Dist:
        """P(the first checker comes off on roll n); a side with a checker off already: certain at 0."""
        if sum(side) < CHECKERS:
            return (1.0,)
        return self._decode(self._first_offsets[index_of()[side] - self._first_base])

    def mean(self, side: Side) -> float:
        """Expected rolls to bear off ``side``."""
        return sum(n * p for n, p in enumerate(self.finish(side)))


def load(path: Path | None = None) -> Database:
    """Read and decompress the database (``ValueError`` with the reason if it is unusable)."""
    where = path or DB_PATH
    try:
        raw = lzma.decompress(where.read_bytes())
    except (OSError, lzma.LZMAError) as exc:
        raise ValueError(
            f"cannot read the bear-off database {where}: {exc} (build it: python -m game.tools.make_bearoff)"
        ) from exc
    return Database(raw)


@cache
def default_db() -> Database:
    """The shipped database, loaded on first use."""
    return load()


def home_side(side: Sequence[int]) -> Side | None:
    """The six home-point counts of a full 25-count side, or None when a checker is outside or on the bar."""
    if any(side[6:25]):
        return None
    return tuple(side[:6])


def is_bearoff(pos: Position) -> bool:
    """Both sides have every checker left in their home boards (so no contact and the table applies)."""
    return home_side(pos.me) is not None and home_side(pos.opp) is not None


def _survival(d: Dist) -> list[float]:
    """s[n] = P(rolls >= n)."""
    tail = list(accumulate(reversed(d)))[::-1]
    return tail + [0.0]


def win_chance(mine: Dist, theirs: Dist) -> float:
    """P(the side on roll, needing ``mine`` rolls, finishes no later than the other side's roll count)."""
    s = _survival(theirs)
    return sum(p * (s[n] if n < len(s) else 0.0) for n, p in enumerate(mine))


def outputs(pos: Position, db: Database | None = None) -> tuple[float, float, float, float, float]:
    """Cubeless (win, win gammon, win backgammon, lose gammon, lose backgammon) of a bear-off position.

    The side on roll wins a gammon when it finishes no later than the opponent's first
    checker comes off (on its roll with the same number); it loses one when the
    opponent finishes strictly before its own first checker comes off. No backgammon
    is possible: nobody has a checker in the other's home board.
    """
    me = home_side(pos.me)
    opp = home_side(pos.opp)
    if me is None or opp is None:
        raise ValueError("not a bear-off position: a checker is outside a home board")
    table = db or default_db()
    a = table.finish(me)
    b = table.finish(opp)
    p = 1.0 if not any(me) else win_chance(a, b)
    win_g = 0.0
    if pos.opp_off == 0:
        win_g = win_chance(a, table.first_off(opp))
    lose_g = 0.0
    if pos.my_off == 0:
        # Opponent's finishing roll n happens before my roll n + 1: it gammons me when n < my first-off roll.
        lose_g = 1.0 - win_chance(table.first_off(me), b)
    return (p, min(win_g, p), 0.0, min(lose_g, 1.0 - p), 0.0)


def play_outputs(plays: Sequence[Play]) -> list[tuple[float, float, float, float, float]]:
    """For each play of a bear-off position, the mover's outputs after it (the opponent on roll next)."""
    out: list[tuple[float, float, float, float, float]] = []
    for play in plays:
        after = play.position
        if after.my_off == CHECKERS:
            out.append((1.0, float(after.opp_off == 0), 0.0, 0.0, 0.0))
        else:
            w, wg, wbg, lg, lbg = outputs(after.flip())
            out.append((1.0 - w, lg, lbg, wg, wbg))
    return out
