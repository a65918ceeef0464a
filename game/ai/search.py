"""One-roll lookahead for the top level: the few best plays judged after the opponent's reply.

Why: the network alone (0-ply) misjudges some positions it leads to; looking one
roll further -- each of the opponent's 21 rolls, its best reply, then the
network -- averages much of that error away. Pure Python must stay within the
time goal (30 ms median, 300 ms worst), so the search is cut three ways:

* only plays whose 0-ply equity is within ``MARGIN`` of the best are searched,
  at most ``CANDIDATES`` of them (most rolls have one clear best play);
* the opponent's replies are ranked by pubeval's cheap linear score and only
  the best ``REPLIES`` of them are evaluated by the network (the network
  picks among those);
* a deterministic budget of reply positions (not the clock, so a choice never
  depends on the machine's load) stops the search after the candidate that
  exhausts it; only fully searched candidates are compared.

These settings play better against pubeval than the network alone and than a
narrower search, within the time goal (figures: docs/benchmarks.md, "The
one-roll lookahead", and ``assets/weights/README.md``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Play, legal_plays

from . import bearoff, pubeval
from .net import Network, equity

ROLLS: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)
"""The 21 distinct rolls with their weight out of 36."""

MARGIN = 0.16
"""Plays further than this below the best 0-ply equity are not searched."""
CANDIDATES = 4
REPLIES = 3
BUDGET = 3000
"""Reply positions (all the opponent's legal plays counted) one choice may generate."""


@dataclass(frozen=True, slots=True)
class Searched:
    """A candidate's lookahead value and the work it took."""

    equity: float
    replies: int


def lookahead(net: Network, play: Play, replies_kept: int | None = REPLIES) -> Searched:
    """The mover's cubeless equity after ``play``, averaged over the opponent's rolls and replies.

    ``replies_kept``: how many of the opponent's replies (by pubeval) the network judges per roll;
    None judges every reply (the full one-roll value, what ``game.tools.bench_search`` compares to).
    """
    after = play.position  # seen by the mover; the opponent rolls next
    opp = after.flip()
    race = opp.is_race()
    table = bearoff.is_bearoff(opp)
    start = net.start_of_plays(opp)
    stay: float | None = None
    total = 0.0
    generated = 0
    for a, b, weight in ROLLS:
        replies = legal_plays(opp, (a, b))
        generated += len(replies)
        if not replies:
            if stay is None:  # the opponent is stuck: the mover rolls again from ``after``
                stay = equity(net.evaluate(after))
            total += weight * stay
            continue
        if table:  # exact and cheap: every reply, judged by the bear-off table
            total -= weight * max(equity(o) for o in bearoff.play_outputs(replies))
            continue
        if replies_kept is not None and len(replies) > replies_kept:
            wins = [p for p in replies if p.position.my_off == 15]
            if wins:
                replies = wins
            else:
                ranked = sorted(replies, key=lambda p: pubeval.fast_score(p.position, race), reverse=True)
                replies = ranked[:replies_kept]
        best = max(equity(o) for o in net.play_outputs(opp, replies, start))
        total += weight * -best
    return Searched(total / 36.0, generated)


def refine(
    net: Network,
    plays: list[Play],
    scores: list[float],
    *,
    candidates: int = CANDIDATES,
    margin: float = MARGIN,
    replies_kept: int | None = REPLIES,
) -> int:
    """Index of the play to make: the best after lookahead among the close 0-ply candidates.

    The keywords exist for ``game.tools.bench_search``, which compares other settings; play uses
    the module's constants.
    """
    order = sorted(range(len(plays)), key=scores.__getitem__, reverse=True)
    top = scores[order[0]]
    close = [k for k in order[:candidates] if scores[k] >= top - margin]
    if len(close) < 2:
        return order[0]
    best_k = order[0]
    best_v = -1e9
    spent = 0
    searched = 0
    for k in close:
        if spent >= BUDGET:
            break
        result = lookahead(net, plays[k], replies_kept)
        spent += result.replies
        searched += 1
        if result.equity > best_v:
            best_v = result.equity
            best_k = k
    return best_k if searched >= 2 else order[0]
