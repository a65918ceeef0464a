"""Moves written the way players write them: ``24/18 13/11``, ``bar/22*``, ``6/off``, ``8/4(2)``.

Formatting follows GNU Backgammon's habits: the moves of one checker are joined
into one journey (``24/13``), an intermediate point is written only where the
checker hit (``24/18*/13``), the same journey made by several checkers is written
once with a count (``8/4(2)``), and journeys are listed from the highest starting
point down (the bar first).

Parsing accepts what players type: ``/`` or ``-`` between points, ``bar``/``b``/``25``
for the bar, ``off``/``o``/``0`` for off, optional ``*`` for hits, ``(n)`` or a
repeated journey for several checkers, commas or spaces between journeys, any
case. A journey that needs several dice is split into single moves by searching
the board (one die at a time, each landing must be open); the result must be a
whole legal play for the roll, or :class:`NotationError` says what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from .errors import NotationError
from .moves import BAR_POINT, OFF, Move, apply_move, dice_to_play, legal_plays, single_moves
from .position import Position


def _point_text(point: int) -> str:
    if point == BAR_POINT:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


def move_chains(moves: Sequence[Move]) -> list[list[Move]]:
    """The play's moves grouped by checker journey: a move that starts where an earlier one ended
    continues that journey (13/8 8/6 is one checker from 13 to 6, passing 8)."""
    chains: list[list[Move]] = []
    for move in moves:
        for chain in chains:
            # Continue a journey that ended where this move starts (and not already borne off).
            if chain[-1].dst == move.src and move.src != OFF:
                chain.append(move)
                break
        else:
            chains.append([move])
    return chains


def format_play(moves: tuple[Move, ...] | list[Move]) -> str:
    """Write a play in standard notation; an empty play is the empty string."""
    texts: list[tuple[int, int, str]] = []
    for chain in move_chains(moves):
        parts = [_point_text(chain[0].src)]
        for move in chain[:-1]:
            if move.hit:
                parts.append(f"{_point_text(move.dst)}*")
        last = chain[-1]
        parts.append(_point_text(last.dst) + ("*" if last.hit else ""))
        texts.append((chain[0].src, last.dst, "/".join(parts)))
    texts.sort(key=lambda t: (-t[0], -t[1]))
    out: list[str] = []
    i = 0
    while i < len(texts):
        text = texts[i][2]
        n = 1
        while i + n < len(texts) and texts[i + n][2] == text:
            n += 1
        out.append(text if n == 1 else f"{text}({n})")
        i += n
    return " ".join(out)


_TOKEN = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<count>\d+)\))?$")


def _parse_point(word: str, token: str) -> tuple[int, bool]:
    hit = word.endswith("*")
    word = word.rstrip("*").strip()
    if word in ("bar", "b", "25"):
        return BAR_POINT, hit
    if word in ("off", "o", "0"):
        return OFF, hit
    if word.isdigit() and 1 <= int(word) <= 24:
        return int(word), hit
    raise NotationError(
        f"not a point: {word!r} in {token!r} (use 1 to 24, bar or off)", code="notation.not_a_point"
    )


def parse_journeys(text: str) -> list[tuple[int, int, bool]]:
    """The text as single hops ``(from, to, hit)``: ``24/18*/13`` is two hops, ``8/4(2)`` twice one.

    Only the shape is checked here (points, direction); the board is checked by :func:`parse_play`.
    """
    if not isinstance(text, str):
        raise NotationError("a move is written as text, like 24/18 13/11", code="notation.not_text")
    cleaned = text.strip().lower().replace(",", " ")
    hops: list[tuple[int, int, bool]] = []
    for token in cleaned.split():
        match = _TOKEN.match(token)
        if match is None:
            raise NotationError(
                f"cannot read {token!r}: write moves like 24/18 or 8/4(2)", code="notation.unreadable"
            )
        words = re.split(r"[/-]", match.group("path"))
        if len(words) < 2 or any(not w for w in words):
            raise NotationError(
                f"cannot read {token!r}: a move goes from a point to a point, like 24/18",
                code="notation.unreadable",
            )
        count = int(match.group("count") or 1)
        if not 1 <= count <= 4:
            raise NotationError(
                f"{token!r}: a move can be repeated 1 to 4 times, not {count}", code="notation.repeat"
            )
        points = [_parse_point(w, token) for w in words]
        if points[0][1]:
            raise NotationError(
                f"{token!r}: a * marks a hit where a checker lands, not where it starts",
                code="notation.hit_at_start",
            )
        for (a, _), (b, _) in pairwise(points):
            if a == OFF:
                raise NotationError(
                    f"{token!r}: a checker borne off cannot move again", code="notation.moves_after_off"
                )
            if b == BAR_POINT:
                raise NotationError(f"{token!r}: a checker cannot move to the bar", code="notation.to_bar")
            if b >= a:
                raise NotationError(
                    f"{token!r}: checkers move from higher to lower points", code="notation.backwards"
                )
        for _ in range(count):
            for (a, _), (b, hit) in pairwise(points):
                hops.append((a, b, hit))
    return hops


def parse_play(text: str, pos: Position, dice: tuple[int, int]) -> tuple[Move, ...]:
    """Read a play for ``pos`` (the mover's side) and ``dice``; returns its single moves in order.

    Raises :class:`NotationError` when the text cannot be read or is not a whole legal play.
    """
    hops = parse_journeys(text)
    plays = legal_plays(pos, dice)
    if not hops:
        if not plays:
            return ()
        raise NotationError("write your move, like 24/18 13/11", code="notation.empty")
    if not plays:
        raise NotationError("no move is possible with this roll: the turn passes", code="notation.no_move")
    legal = {p.position for p in plays}
    most = len(plays[0].moves)
    endpoints = {b for _, b, _ in hops}
    candidates = _decompositions(pos, dice_to_play(dice), hops)
    best: tuple[int, tuple[Move, ...]] | None = None
    for moves in candidates:
        after = pos
        for move in moves:
            after = apply_move(after, move)
        if after not in legal:
            continue
        # Prefer the split that hits only where the text says (a missing * is forgiven; an
        # unwritten hit on a point passed over is not what the player meant if another way exists).
        hidden_hits = sum(1 for m in moves if m.hit and m.dst not in endpoints)
        if best is None or hidden_hits < best[0]:
            best = (hidden_hits, moves)
    if best is not None:
        return best[1]
    a, b = dice
    if candidates and all(len(m) < most for m in candidates):
        raise NotationError(
            f"that is not the whole move: you must play {most} dice", code="notation.incomplete"
        )
    raise NotationError(f"{text.strip()!r} is not a legal move with {a}-{b}", code="notation.illegal")


def _decompositions(
    pos: Position, remaining: tuple[int, ...], hops: list[tuple[int, int, bool]]
) -> list[tuple[Move, ...]]:
    """Every way (up to a cap) to play all ``hops`` with the dice, one die per single move.

    The hops are independent journeys that may be interleaved: two checkers on the
    bar must both enter before either moves on (``bar/13(2)`` with 6-6), and the
    order a player typed the journeys in does not matter. Checkers of one side are
    interchangeable, so splitting ``24/18/13`` into two journeys changes nothing.
    """
    out: list[tuple[Move, ...]] = []
    seen: set[tuple[Position, tuple[int, ...], tuple[tuple[int, int], ...]]] = set()

    def search(
        p: Position, dice_left: tuple[int, ...], pending: tuple[tuple[int, int], ...], done: tuple[Move, ...]
    ) -> None:
        if len(out) >= 64:
            return
        if not pending:
            out.append(done)
            return
        key = (p, dice_left, pending)
        if key in seen:
            return
        seen.add(key)
        for n, (here, target) in enumerate(pending):
            if pending.index((here, target)) != n:
                continue  # the same journey twice: try it once
            for die in sorted(set(dice_left), reverse=True):
                move = next((m for m in single_moves(p, die) if m.src == here), None)
                if move is None:
                    continue
                rest = list(dice_left)
                rest.remove(die)
                others = pending[:n] + pending[n + 1 :]
                if move.dst == target:
                    nxt = others
                elif move.dst != OFF and target < move.dst:
                    nxt = tuple(sorted((*others, (move.dst, target)), reverse=True))
                else:
                    continue
                search(apply_move(p, move), tuple(rest), nxt, (*done, move))

    search(pos, remaining, tuple(sorted(((a, b) for a, b, _ in hops), reverse=True)), ())
    return out
