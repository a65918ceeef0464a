"""A turn being played move by move: what the user interface asks the rules.

The screen lets a player move one checker at a time, so it needs to know, for
each single step, whether that step starts some legal whole play, and if not,
why. :class:`Turn` answers that without duplicating any rule: a step is
accepted when it is a legal single move and the dice left after it can still be
played as fully as the whole-turn rule demands (the most dice the roll allows,
and the higher die when only one of two can be played).

Resolving a drag from one point to another that needs several dice (see
:meth:`Turn.move_to`) follows one documented rule: the fewest dice; among
those, the fewest pips (so a bear-off uses the exact die, or the smallest die
that is enough); among those, the higher die first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations

from .errors import IllegalAction
from .moves import (
    BAR_POINT,
    OFF,
    Move,
    apply_move,
    check_dice,
    dice_to_play,
    max_dice_playable,
    single_moves,
)
from .position import Position


def _remove(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    n = dice.index(die)
    return dice[:n] + dice[n + 1 :]


def _sequences(remaining: tuple[int, ...], origin: int, dst: int) -> list[tuple[int, ...]]:
    """Orders of the remaining dice that carry a checker from ``origin`` exactly to ``dst``, or off.

    Sorted as the drag rule resolves: fewest dice, fewest pips, higher die first.
    """
    found: set[tuple[int, ...]] = set()
    for n in range(1, len(remaining) + 1):
        for sequence in permutations(remaining, n):
            total = sum(sequence)
            if dst == OFF:
                if total >= origin > total - sequence[-1]:
                    found.add(sequence)
            elif total == origin - dst:
                found.add(sequence)
    return sorted(found, key=lambda seq: (len(seq), sum(seq), [-d for d in seq]))


@dataclass(frozen=True, slots=True)
class Turn:
    """The moves made so far in one turn; immutable, so undo is just the previous value."""

    start: Position
    dice: tuple[int, int]
    moves: tuple[Move, ...] = ()
    position: Position = field(init=False, compare=False)
    remaining: tuple[int, ...] = field(init=False, compare=False)
    most: int = field(default=-1, compare=False)
    """The number of dice the whole play must use (computed when left at -1)."""

    def __post_init__(self) -> None:
        check_dice(self.dice)
        pos = self.start
        remaining = dice_to_play(self.dice)
        for move in self.moves:
            pos = apply_move(pos, move)
            remaining = _remove(remaining, move.die)
        object.__setattr__(self, "position", pos)
        object.__setattr__(self, "remaining", remaining)
        if self.most < 0:
            object.__setattr__(self, "most", max_dice_playable(self.start, dice_to_play(self.dice)))

    @property
    def is_complete(self) -> bool:
        """True when the play uses as many dice as the roll allows: the turn may end."""
        return len(self.moves) >= self.most

    @property
    def used_dice(self) -> tuple[int, ...]:
        """The dice already played this turn, in order."""
        return tuple(m.die for m in self.moves)

    def legal_moves(self) -> list[Move]:
        """Every single move that starts a legal continuation of this turn."""
        out: list[Move] = []
        for die in sorted(set(self.remaining), reverse=True):
            for move in single_moves(self.position, die):
                if self._whole_turn_refusal(move) is None:
                    out.append(move)
        return out

    def movable_points(self) -> set[int]:
        """Source points (25 = bar) that have at least one legal move now."""
        return {m.src for m in self.legal_moves()}

    def explain(self, src: int, die: int) -> str | None:
        """Why moving a checker from ``src`` by ``die`` is refused, or None when it is fine."""
        refusal = self.refusal(src, die)
        return None if refusal is None else str(refusal)

    def refusal(self, src: int, die: int) -> IllegalAction | None:
        """:meth:`explain` as the error to raise or to show (its code and params say it in any language)."""
        if self.is_complete:
            return IllegalAction("Your move is complete: press Done", code="move_complete")
        if die not in self.remaining:
            left = tuple(sorted(set(self.remaining), reverse=True))
            return IllegalAction(
                f"You have no {die} to play (left: {' and '.join(map(str, left))})",
                code="no_die",
                params={"die": die, "left": left},
            )
        pos = self.position
        if pos.me[24] and src != BAR_POINT:
            return IllegalAction("Enter your checker from the bar first", code="enter_first")
        index = 24 if src == BAR_POINT else src - 1
        if not 0 <= index <= 24 or pos.me[index] == 0:
            if src == BAR_POINT:
                return IllegalAction("You have no checker on the bar", code="no_checker_bar")
            return IllegalAction(
                f"You have no checker on point {src}", code="no_checker_point", params={"point": src}
            )
        target = (25 if src == BAR_POINT else src) - die
        if target >= 1:
            if pos.opponent_on(target) >= 2:
                return IllegalAction(
                    f"Point {target} is held by your opponent", code="point_held", params={"point": target}
                )
        else:
            if sum(pos.me[6:25]) > 0:
                return IllegalAction("All your checkers must be home before bearing off", code="not_all_home")
            if target < 0 and any(pos.me[index + 1 : 24]):
                return IllegalAction("Bear off from your highest point first", code="bear_off_highest")
        move = next(m for m in single_moves(pos, die) if m.src == src)
        return self._whole_turn_refusal(move)

    def _whole_turn_refusal(self, move: Move) -> IllegalAction | None:
        """The whole-turn rule for a move the board allows: can the rest still be played?"""
        rest = _remove(self.remaining, move.die)
        needed = self.most - len(self.moves) - 1
        a, b = self.dice
        higher_playable = bool(single_moves(self.position, max(a, b)))
        if self.most == 1 and a != b and move.die != max(a, b) and higher_playable:
            return IllegalAction("You must play the higher die", code="higher_die")
        if max_dice_playable(apply_move(self.position, move), rest) < needed:
            if a != b:
                return IllegalAction(
                    f"That would leave your {rest[0]} unplayable: you must use both dice",
                    code="leaves_die",
                    params={"die": rest[0]},
                )
            return IllegalAction(
                f"That would leave a {a} unplayable: you must play as many dice as you can",
                code="leaves_double",
                params={"die": a},
            )
        return None

    def step(self, src: int, die: int) -> Turn:
        """Move a checker from ``src`` by ``die``; raise :class:`IllegalAction` with the reason if refused."""
        refusal = self.refusal(src, die)
        if refusal is not None:
            raise refusal
        move = next(m for m in single_moves(self.position, die) if m.src == src)
        return Turn(self.start, self.dice, self.moves + (move,), self.most)

    def paths(self, src: int) -> dict[int, tuple[Move, ...]]:
        """Each point one checker from ``src`` can reach now, with the steps chosen to get there.

        The steps follow the module's rule: fewest dice, then fewest pips, then the
        higher die first. ``OFF`` (0) is a key when the checker can be borne off.
        """
        best: dict[int, tuple[int, int, tuple[Move, ...]]] = {}
        frontier: list[tuple[Turn, int, tuple[Move, ...]]] = [(self, src, ())]
        while frontier:
            nxt: list[tuple[Turn, int, tuple[Move, ...]]] = []
            for turn, point, path in frontier:
                for die in sorted(set(turn.remaining), reverse=True):
                    if turn.refusal(point, die) is not None:
                        continue
                    move = next(m for m in single_moves(turn.position, die) if m.src == point)
                    steps = path + (move,)
                    rank = (len(steps), sum(m.die for m in steps))
                    old = best.get(move.dst)
                    if old is None or rank < old[:2]:
                        best[move.dst] = (rank[0], rank[1], steps)
                    if move.dst != OFF:
                        nxt.append(
                            (Turn(turn.start, turn.dice, turn.moves + (move,), turn.most), move.dst, steps)
                        )
            frontier = nxt
        return {dst: steps for dst, (_, _, steps) in best.items()}

    def targets(self, src: int) -> set[int]:
        """Points a checker on ``src`` may be dropped on now (0 = borne off)."""
        return set(self.paths(src))

    def bear_off_refusal(self) -> IllegalAction | None:
        """Why no checker may come off now, or None when one may (by one die or several).

        Why: a tap on the tray is a question ("can I take one off?") whose answer is a rule; the
        screen asks it here rather than judging who is home itself."""
        if any(OFF in self.targets(src) for src in self.movable_points()):
            return None
        if self.is_complete:
            return IllegalAction("Your move is complete: press Done", code="move_complete")
        if sum(self.position.me[6:25]) > 0:
            return IllegalAction("All your checkers must be home before bearing off", code="not_all_home")
        return IllegalAction("No checker can come off with this roll", code="no_bear_off")

    def move_to(self, src: int, dst: int) -> Turn:
        """Move one checker from ``src`` to ``dst`` (0 = off), by one die or several.

        Raises :class:`IllegalAction` with a reason a player understands when no
        legal way exists.
        """
        steps = self.paths(src).get(dst)
        if steps is not None:
            return Turn(self.start, self.dice, self.moves + steps, self.most)
        raise self._drag_refusal(src, dst)

    def _drag_refusal(self, src: int, dst: int) -> IllegalAction:
        """Why no legal way leads from ``src`` to ``dst``, judged on the dice that could cover the distance.

        A reason about some die that could not reach ``dst`` anyway would mislead
        ("point 12 is held" for a drag 13 to 6 with 2-1), so only the die sequences
        that add up to the distance (for ``OFF``: that carry the checker off) are
        tried, in the drag rule's order; when none exists the distance is the reason.
        """
        if self.is_complete:
            return IllegalAction("Your move is complete: press Done", code="move_complete")
        origin = 25 if src == BAR_POINT else src
        if dst != OFF and dst >= origin:
            return IllegalAction(
                "Checkers move toward your home board (lower point numbers)", code="direction"
            )
        if self.position.me[24] and src != BAR_POINT:
            return IllegalAction("Enter your checker from the bar first", code="enter_first")
        for sequence in _sequences(self.remaining, origin, dst):
            turn: Turn = self
            point = src
            for die in sequence:
                refusal = turn.refusal(point, die)
                if refusal is not None:
                    return refusal
                turn = turn.step(point, die)
                point = turn.moves[-1].dst
        if src == BAR_POINT:
            if dst == OFF:
                return IllegalAction(
                    "No combination of your dice moves a checker from the bar to off", code="no_path.bar_off"
                )
            return IllegalAction(
                f"No combination of your dice moves a checker from the bar to point {dst}",
                code="no_path.bar_point",
                params={"dst": dst},
            )
        if dst == OFF:
            return IllegalAction(
                f"No combination of your dice moves a checker from point {src} to off",
                code="no_path.point_off",
                params={"src": src},
            )
        return IllegalAction(
            f"No combination of your dice moves a checker from point {src} to point {dst}",
            code="no_path.point_point",
            params={"src": src, "dst": dst},
        )

    def undo(self) -> Turn:
        """The turn without its last move (the same turn if nothing was moved yet)."""
        if not self.moves:
            return self
        return Turn(self.start, self.dice, self.moves[:-1], self.most)
