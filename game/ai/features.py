"""Hand-made inputs for the evaluator: shots at blots, primes and escapes.

Why: a network fed only checker counts per point plateaued in self-play around
+0.39 points a game against pubeval. The concepts a player uses to judge a
contact position -- "how many rolls hit me", "how long is my prime", "how many
rolls get my last checker out" -- are non-linear in the counts and hard for 96
hidden units to discover; given as inputs they are one weight away.

Everything here is pure Python and deterministic; ``game/tools/train_td.py``
computes the same numbers with numpy (a test checks they agree), so the
trained weights mean the same thing at run time.

Status (measured, see ``assets/weights/README.md``): in TD self-play, grafted
onto the trained 199-input network, the six inputs gained nothing measurable;
trained from scratch they paid at 0-ply. In supervised training on a stronger
teacher's probabilities (``game/tools/train_teacher.py``) they and the four
further inputs below (pip loss, containment) had the lower validation error
in a first, short comparison (not a controlled one, see the README); the
teacher-trained network the game ships reads all ten.

Coordinates: ``own`` and ``other`` are 25-tuples in each side's own direction
(index i = that side's point i + 1, index 24 = its bar), as in
:class:`game.engine.Position`. Own index k holds other's index 23 - k.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

N_FEATURES = 6
"""shots at the roller's blots, at the other side's blots; prime of each; escape of each."""

ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


def _reach(a: int, b: int) -> tuple[int, ...]:
    """Distances one checker can cover with the roll, each partial step counted (blocks ignored)."""
    if a == b:
        return (a, 2 * a, 3 * a, 4 * a)
    return (a, b, a + b)


@cache
def hit_masks() -> tuple[int, ...]:
    """For distance d (index d, 1..24), the set of the 36 rolls that can travel d, as a bit mask."""
    masks = [0] * 25
    for r, (a, b) in enumerate(ROLLS):
        for d in _reach(a, b):
            if d <= 24:
                masks[d] |= 1 << r
    return tuple(masks)


@cache
def escape_table() -> tuple[int, ...]:
    """Rolls (of 36) that carry a checker past every blocked point of a 12-point window.

    Index: a 12-bit mask, bit k set when the point k + 1 pips ahead is blocked.
    A roll escapes when some legal path of the checker (each landing point open)
    ends beyond the farthest blocked point.
    """
    table = []
    for mask in range(1 << 12):
        if not mask:
            table.append(36)
            continue
        last = mask.bit_length()  # the farthest blocked distance

        def open_at(d: int, mask: int = mask) -> bool:
            return d > 12 or not (mask >> (d - 1)) & 1

        count = 0
        for a, b in ROLLS:
            if a == b:
                steps = [a * k for k in range(1, 5)]
                far = 0
                for s in steps:
                    if not open_at(s):
                        break
                    far = s
                ok = far > last
            else:
                ok = (open_at(a) and a > last) or (open_at(b) and b > last)
                ok = ok or (a + b > last and open_at(a + b) and (open_at(a) or open_at(b)))
            count += ok
        table.append(count)
    return tuple(table)


def shots(own: Sequence[int], other: Sequence[int]) -> int:
    """How many of the 36 rolls let ``other`` reach at least one blot of ``own`` (blocks ignored)."""
    blots = [i for i in range(24) if own[i] == 1]
    if not blots:
        return 0
    # Shooter positions in own coordinates: other's index j is own index 23 - j; the bar is -1.
    shooters = [23 - j for j in range(24) if other[j]]
    if other[24]:
        shooters.append(-1)
    masks = hit_masks()
    hit = 0
    for i in blots:
        for k in shooters:
            if k < i:
                hit |= masks[i - k]
    return hit.bit_count()


def prime(own: Sequence[int]) -> int:
    """The longest run of consecutive points holding two or more of ``own``'s checkers."""
    best = run = 0
    for i in range(24):
        if own[i] >= 2:
            run += 1
            if run > best:
                best = run
        else:
            run = 0
    return best


def escapes(own: Sequence[int], other: Sequence[int]) -> int:
    """Rolls (of 36) with which ``own``'s rearmost checker gets past ``other``'s points ahead of it."""
    if own[24]:
        back = 24
    else:
        back = -1
        for i in range(23, -1, -1):
            if own[i]:
                back = i
                break
        if back < 0:
            return 36
    mask = 0
    for k in range(12):
        idx = back - 1 - k  # own index k + 1 pips ahead
        if idx < 0:
            break
        if other[23 - idx] >= 2:
            mask |= 1 << k
    return escape_table()[mask]


def features(me: Sequence[int], opp: Sequence[int]) -> tuple[float, float, float, float, float, float]:
    """The six extra inputs of the position with ``me`` on roll, each scaled to about 0..1."""
    return (
        shots(me, opp) / 36.0,
        shots(opp, me) / 36.0,
        prime(me) / 6.0,
        prime(opp) / 6.0,
        escapes(me, opp) / 36.0,
        escapes(opp, me) / 36.0,
    )


N_EXTRA = 4
"""pip loss to hits of each side's blots, containment of each side's back checkers (the 209-input net)."""

PIP_LOSS_SCALE = 36.0 * 12.0
"""The sum over the 36 rolls of pips lost, divided by this, is the pip-loss input (about 0..1)."""


def pip_loss(own: Sequence[int], other: Sequence[int]) -> int:
    """Pips ``own`` loses to ``other``'s hits, summed over the 36 rolls (blocks ignored, as in :func:`shots`).

    For each roll, the blot hit that costs most: a blot on ``own`` index i sent to the bar has to
    come round again, a loss of 24 - i pips. The sum over the rolls is 36 times the expected loss.
    """
    blots = [i for i in range(24) if own[i] == 1]
    if not blots:
        return 0
    shooters = [23 - j for j in range(24) if other[j]]
    if other[24]:
        shooters.append(-1)
    masks = hit_masks()
    # The most costly blot first (the one nearest home): once a roll hits it, the others do not
    # count for that roll.
    total = 0
    taken = 0
    for i in blots:
        hit = 0
        for k in shooters:
            if k < i:
                hit |= masks[i - k]
        new = hit & ~taken
        if new:
            total += (24 - i) * new.bit_count()
            taken |= new
    return total


def containment(own: Sequence[int], other: Sequence[int]) -> int:
    """The fewest rolls (of 36) that free a checker of ``own`` standing on any of its points 13 to 24.

    How well ``other``'s points contain checkers in ``own``'s back half, wherever they stand: a
    prime anywhere in front of them scores low; an open board 36.
    """
    blocked = 0  # bit 23 - j: own index j is blocked by two or more of other's checkers
    for j in range(24):
        if other[23 - j] >= 2:
            blocked |= 1 << (23 - j)
    table = escape_table()
    # For a checker on own index i, bit k of the window is own index i - 1 - k (k + 1 pips ahead).
    return min(table[(blocked >> (24 - i)) & 0xFFF] for i in range(12, 24))


def extra_features(me: Sequence[int], opp: Sequence[int]) -> tuple[float, float, float, float]:
    """The four further inputs of the 209-input network, scaled to about 0..1."""
    return (
        pip_loss(me, opp) / PIP_LOSS_SCALE,
        pip_loss(opp, me) / PIP_LOSS_SCALE,
        containment(me, opp) / 36.0,
        containment(opp, me) / 36.0,
    )


def side_inputs(own: Sequence[int], other: Sequence[int]) -> tuple[int, int, int, int, int]:
    """:func:`shots`, :func:`prime`, :func:`escapes`, :func:`pip_loss` and :func:`containment` of
    ``own`` against ``other`` in one pass over the board (what play uses; a test checks they agree).
    """
    masks = hit_masks()
    blots: list[int] = []
    shooters: list[int] = []
    best = run = 0
    blocked = 0
    back = 24 if own[24] else -1
    for j in range(24):
        n = own[j]
        if n >= 2:
            run += 1
            if run > best:
                best = run
        else:
            run = 0
            if n == 1:
                blots.append(j)
        if n and back < 24:
            back = j
        if other[23 - j] >= 2:
            blocked |= 1 << (23 - j)
        if other[j]:
            shooters.append(23 - j)
    if other[24]:
        shooters.append(-1)
    table = escape_table()
    esc = 36 if back < 0 else table[(blocked >> (24 - back)) & 0xFFF]
    contain = min(table[(blocked >> (24 - i)) & 0xFFF] for i in range(12, 24))
    taken = 0
    loss = 0
    for i in blots:
        hit = 0
        for k in shooters:
            if k < i:
                hit |= masks[i - k]
        new = hit & ~taken
        if new:
            loss += (24 - i) * new.bit_count()
            taken |= new
    return taken.bit_count(), best, esc, loss, contain


N_MORE = 10
"""Per side: entering, anchor, back game, contact to break, mobility (the 219-input network)."""

BREAK_SCALE = 180.0
"""Pips to break contact divided by this is that input (about 0..1: 15 checkers a dozen pips back)."""

MOBILITY_SCALE = 90.0
"""Checker moves open to a side (15 checkers times the six die numbers at most) divided by this."""


def structure(own: Sequence[int], other: Sequence[int]) -> tuple[int, int, int, int, int]:
    """What the raw board hides about ``own``'s game against ``other``, as small integers.

    Why each (the concepts published evaluators such as GNU Backgammon's contact network give their
    net; the definitions here are this project's own, simplified):

    * ``closed``: points ``other`` holds in its home board (0..6). A checker of ``own`` sent to the
      bar fails to enter with closed squared of the 36 rolls -- the risk of a hit grows with the
      square, which the per-point inputs give only as a sum.
    * ``anchor``: ``other``'s point number (1..6) of the most advanced point ``own`` holds in
      ``other``'s home board, 0 for none: an anchor on the 4 or 5 point is a safe landing spot and a
      base for shots; one on the 1 or 2 point mostly waits.
    * ``back_game``: 1 if ``own`` holds two or more points in ``other``'s home board -- a back game
      or a holding game, where timing and shots decide, not the race.
    * ``break_pips``: pips ``own``'s checkers must travel until every one of them is past
      ``other``'s rearmost checker (0 once contact is broken for ``own``): how long ``own`` stays
      exposed to blocks and hits; the race's pip count says nothing of it.
    * ``mobility``: checker moves open to ``own`` for a single die, counted over the six die
      numbers and every checker (a move onto a point ``other`` holds does not count; bearing off is
      left out): low when ``own`` is primed or has to break its board.
    """
    # Bit t of ``blocked``: own index t is a point ``other`` holds (other's index 23 - t).
    blocked = 0
    rear_j = -1  # other's rearmost checker on the board, in other's indices
    for j in range(24):
        n = other[j]
        if n:
            rear_j = j
            if n >= 2:
                blocked |= 1 << (23 - j)
    closed = (blocked >> 18).bit_count()  # own indices 18..23: other's home board
    # Other's rearmost checker in own's indices: -1 when it is on the bar (it enters in own's home
    # board), 25 when other has none left on the board (nothing to pass).
    rear = -1 if other[24] else (23 - rear_j if rear_j >= 0 else 25)
    past = rear if rear > 0 else 0
    open_mask = ~blocked
    anchor = anchors = break_pips = mobility = 0
    for i in range(25):
        n = own[i]
        if not n:
            continue
        if i > rear:
            break_pips += n * (i - past + 1)
        # A single die d moves the checker to own index i - d (d = 1..6, the board only).
        low = i - 6 if i > 6 else 0
        mobility += n * (open_mask & ((1 << i) - (1 << low))).bit_count()
        if 18 <= i < 24 and n >= 2:
            anchors += 1
            if not anchor:
                anchor = 24 - i  # the first met is the most advanced: other's point number
    return closed, anchor, int(anchors >= 2), break_pips, mobility


def structure_inputs(
    closed: int, anchor: int, back_game: int, break_pips: int, mobility: int
) -> tuple[float, float, float, float, float]:
    """The five numbers of :func:`structure` scaled to about 0..1 (``closed`` as the failing rolls)."""
    return (
        closed * closed / 36.0,
        anchor / 6.0,
        float(back_game),
        break_pips / BREAK_SCALE,
        mobility / MOBILITY_SCALE,
    )


def more_features(me: Sequence[int], opp: Sequence[int]) -> tuple[float, ...]:
    """The ten inputs of the 219-input network after :func:`extra_features`: the five of
    :func:`structure` for ``me`` (on roll), then the five for ``opp``."""
    return structure_inputs(*structure(me, opp)) + structure_inputs(*structure(opp, me))
