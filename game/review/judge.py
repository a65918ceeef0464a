"""Review of a recorded match: how much each decision lost, by the expert's own judgement, and dice luck.

Why these measures (the usual ones of backgammon programs, computed our way):

* **Checker plays** are judged as the expert level chooses them: every legal play
  is scored by the network (0-ply), the closest ``search.CANDIDATES`` plays within
  ``search.MARGIN`` of the best, and the play made, are then valued by the expert's
  one-roll lookahead (each of the opponent's 21 rolls, his best reply, the network).
  The error of a play is the best value minus the value of the play made, in
  cubeless points (per unit cube). A forced play (one legal play, or none) is no
  decision and is not counted.
* **Cube decisions** are judged by the cube model the computer doubles and takes
  with (:mod:`game.ai.cubeful`: one roll ahead, Janowski at the leaves, match equity at a match
  score), in units of the cube in play (money: equity per cube; match:
  match-winning chances scaled so that losing or winning the current cube spans
  -1..+1). A doubler's decision counts when he doubled or when doubling was close
  (within ``CLOSE`` of playing on, or right); every take or drop counts.
* **Luck** of a roll is the value of the best play after that roll minus the average
  of the same over all 36 rolls (the opening roll: over the 30 that are not
  doubles), both seen by the player who rolled, valued the way the lookahead values
  a reply. Its expectation is zero by construction, so a player's luck summed over
  many games is near zero.
* The **error rate** is the total error (checker and cube) per counted decision in
  thousandths of a point, and the rating word follows the usual scale of error
  rates (the thresholds of GNU Backgammon's scale; the words are ours).
* Each decision gets a **grade** on the project's one scale (:mod:`game.coach.scale`: good,
  inaccurate, mistake, blunder; the coach stops plays by the same numbers), and every one worse
  than good a **reason** in words: for a checker play the coach's comparison of the facts of the
  play made with those of the better play (:func:`game.coach.choose_reason`), for a cube decision
  which action was better and what that means. Reasons are message keys with their parameters,
  rendered in the reader's language on screen.

Everything is deterministic: the same file gives the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import assert_never

from game.ai import bearoff, effort, pubeval, search
from game.ai import cube as cubemod
from game.ai.api import cube_equities, may_double, play_equities
from game.ai.cubeful import CubeInfo, CubeOwner
from game.ai.met import match_equity
from game.ai.net import Network, default_network, equity
from game.ai.question import CubeAction, CubeQuestion, Decision
from game.coach import Phrase, choose_reason, play_facts, render_all
from game.coach.facts import play_chances
from game.coach.scale import BLUNDER, EQUAL, GRADES, INACCURATE, MISTAKE, Grade, grade
from game.engine import GameState, Move, Phase, Play, Position, format_play, legal_plays, new_game
from game.engine.matchid import match_id
from game.engine.moves import apply_move
from game.record import MatchRecord, PlyKind, RecordError, ply_lines
from game.record.model import apply_ply

CLOSE = 0.1
"""A no-double counts as a cube decision when doubling would have lost less than this (per cube)."""

RATINGS: tuple[tuple[float, str, str], ...] = (
    (2.0, "flawless", "Flawless"),
    (5.0, "masterly", "Masterly"),
    (8.0, "expert", "Expert"),
    (12.0, "strong", "Strong"),
    (18.0, "solid", "Solid"),
    (26.0, "casual", "Casual"),
    (35.0, "learner", "Learner"),
    (float("inf"), "wild", "Wild"),
)
"""(error rate below, key, English word): the usual scale's thresholds in thousandths per decision."""


def rating(error_rate: float) -> tuple[str, str]:
    """(key for translations, English word) of an error rate in thousandths of a point per decision."""
    for limit, key, word in RATINGS:
        if error_rate < limit:
            return key, word
    return RATINGS[-1][1], RATINGS[-1][2]


Progress = Callable[[int, int], None]
"""``progress(done, total)``: called after each reviewed turn (total = turns and cube actions)."""


class Cancelled(effort.Cancelled):
    """The caller's ``cancel()`` returned True: the review stopped early (a withdrawn question, as
    :mod:`game.ai.jobs` knows it)."""


# ---------------------------------------------------------------------------------------------
# Result types


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One roll and the play made. Equities are cubeless points for the mover; ``error`` >= 0."""

    game: int
    line: int
    """1-based number of the move line in the game's sheet (what a .mat numbers)."""
    ply: int
    """0-based index in the game's plies (for the replay's "jump to")."""
    player: int
    dice: tuple[int, int]
    state: GameState
    """The game when the play was made: dice rolled, nothing moved (``state.position`` seen by the mover)."""
    played: tuple[Move, ...]
    best: tuple[Move, ...]
    equity_played: float
    equity_best: float
    forced: bool
    luck: float
    reason: tuple[Phrase, ...] = ()
    """Why the better play is better, in words (for a play worse than good; empty otherwise)."""

    @property
    def error(self) -> float:
        return max(0.0, self.equity_best - self.equity_played)

    @property
    def grade(self) -> Grade:
        """The grade on the one scale (a forced play is always good)."""
        return Grade.GOOD if self.forced else grade(self.error)


@dataclass(frozen=True, slots=True)
class CubeReview:
    """A cube decision: ``kind`` DOUBLE (the roller: ``action`` double / no double) or TAKE (the
    player doubled: take / pass). Equities are the doubler's, per cube in play."""

    game: int
    line: int
    ply: int
    player: int
    kind: Decision
    action: CubeAction
    best_action: CubeAction
    state: GameState
    """Before the decision: phase ROLL (kind DOUBLE) or CUBE_OFFERED (TAKE); ``state.turn`` doubles."""
    no_double: float
    double_take: float
    double_pass: float
    error: float
    reason: tuple[Phrase, ...] = ()
    """Which action was better and what that means, in words (worse than good only)."""

    @property
    def grade(self) -> Grade:
        return grade(self.error)


@dataclass(frozen=True, slots=True)
class Mistake:
    """One of a player's costliest decisions, ready for a board with arrows or a paste into gnubg."""

    game: int
    line: int
    ply: int
    player: int
    kind: Decision
    position_id: str
    match_id: str
    dice: tuple[int, int] | None
    made: str
    """The play made in notation ("no move" for none), or the cube action (a :class:`CubeAction`)."""
    better: str
    """The expert's play in notation, or its cube action."""
    equity_made: float
    equity_better: float
    error: float
    position: Position
    """The board seen by the player who decided (for a take: the doubler's view, as in gnubg)."""
    made_moves: tuple[Move, ...] = ()
    better_moves: tuple[Move, ...] = ()
    reason: tuple[Phrase, ...] = ()
    """Why the better choice is better, in words (empty for a decision graded good)."""

    @property
    def grade(self) -> Grade:
        return grade(self.error)


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """Everything about one player's decisions and dice."""

    player: int
    name: str
    moves: tuple[MoveReview, ...]
    cube: tuple[CubeReview, ...]
    worst: tuple[Mistake, ...]

    @property
    def unforced(self) -> int:
        return sum(1 for m in self.moves if not m.forced)

    @property
    def checker_error(self) -> float:
        """Total points lost in checker play."""
        return sum(m.error for m in self.moves)

    @property
    def error_per_move(self) -> float:
        """Thousandths of a point lost per unforced move."""
        return 1000.0 * self.checker_error / self.unforced if self.unforced else 0.0

    @property
    def cube_error(self) -> float:
        return sum(c.error for c in self.cube)

    @property
    def error_per_cube_decision(self) -> float:
        return 1000.0 * self.cube_error / len(self.cube) if self.cube else 0.0

    @property
    def error_rate(self) -> float:
        """Thousandths of a point per decision, checker and cube together (what the rating uses)."""
        decisions = self.unforced + len(self.cube)
        return 1000.0 * (self.checker_error + self.cube_error) / decisions if decisions else 0.0

    @property
    def rating(self) -> tuple[str, str]:
        return rating(self.error_rate)

    @property
    def luck(self) -> float:
        """Points of luck summed over this player's rolls (positive: lucky)."""
        return sum(m.luck for m in self.moves)

    @property
    def decisions(self) -> int:
        """The decisions the grades count: unforced checker plays and cube decisions (a forced play
        is no choice, so it is neither praised nor blamed)."""
        return self.unforced + len(self.cube)

    def grade_counts(self) -> dict[Grade, int]:
        """How many of :attr:`decisions` had each grade."""
        counts = dict.fromkeys(GRADES, 0)
        for m in self.moves:
            if not m.forced:
                counts[m.grade] += 1
        for c in self.cube:
            counts[c.grade] += 1
        return counts

    def lessons(self, count: int = 3) -> tuple[Mistake, ...]:
        """The ``count`` decisions a newcomer's review shows: the costliest checker plays first (what
        Learn to play and the coach teach first), then the costliest cube decisions. A cube decision
        is here only where the player met the cube, as everywhere in the review: a double, an answer,
        or a roll where the player could double and doubling was close."""
        return _worst(list(self.moves), list(self.cube), count, checker_first=True)

    @property
    def biggest(self) -> Mistake | None:
        """The costliest decision worse than good, if any (the first of :attr:`worst`)."""
        return self.worst[0] if self.worst and self.worst[0].grade != Grade.GOOD else None


@dataclass(frozen=True, slots=True)
class MatchReview:
    """The review of a whole record: one :class:`PlayerReview` per player."""

    record: MatchRecord
    players: tuple[PlayerReview, PlayerReview]
    complete: bool = field(default=True)

    def to_json(self, brief: bool = False) -> dict[str, object]:
        """Plain data for ``python -m game.review`` (equities in points, errors in thousandths)."""
        return review_json(self, brief)


# ---------------------------------------------------------------------------------------------
# The expert's lookahead, roll by roll

_OPENING_WEIGHTS = tuple(0 if a == b else w for a, b, w in search.ROLLS)


def roll_values(net: Network, pos: Position) -> tuple[float, ...]:
    """For each of the 21 rolls (``search.ROLLS``), the equity of the player on roll in ``pos`` after
    his best play, valued as the expert's lookahead values a reply (pubeval keeps the best
    ``search.REPLIES`` plays, the network picks among them; a win counts exactly; in a bear-off
    the exact table judges every play).

    ``search.lookahead(net, play).equity`` is minus the weighted mean of this list for the
    position after ``play`` seen by the opponent; a test keeps the two in step.
    """
    race = pos.is_race()
    table = bearoff.is_bearoff(pos)
    start = net.start_of_plays(pos)
    stuck: float | None = None
    values: list[float] = []
    for a, b, _ in search.ROLLS:
        plays = legal_plays(pos, (a, b))
        if not plays:
            if stuck is None:  # no play: the opponent rolls next from the same board
                stuck = -equity(net.evaluate(pos.flip()))
            values.append(stuck)
            continue
        if table:  # exact: every play judged by the bear-off table, as the lookahead judges replies there
            values.append(max(equity(o) for o in bearoff.play_outputs(plays)))
            continue
        if len(plays) > search.REPLIES:
            wins = [p for p in plays if p.position.my_off == 15]
            if wins:
                plays = wins
            else:
                ranked = sorted(plays, key=lambda p: pubeval.fast_score(p.position, race), reverse=True)
                plays = ranked[: search.REPLIES]
        values.append(max(equity(o) for o in net.play_outputs(pos, plays, start)))
    return tuple(values)


def _mean(values: tuple[float, ...], weights: tuple[int, ...]) -> float:
    return sum(v * w for v, w in zip(values, weights, strict=True)) / sum(weights)


def _roll_index(dice: tuple[int, int]) -> int:
    a, b = min(dice), max(dice)
    return next(k for k, (x, y, _) in enumerate(search.ROLLS) if (x, y) == (a, b))


class _Analyser:
    def __init__(self) -> None:
        self.net = default_network()
        self.values: dict[Position, tuple[float, ...]] = {}

    def rolls(self, pos: Position) -> tuple[float, ...]:
        cached = self.values.get(pos)
        if cached is None:
            cached = roll_values(self.net, pos)
            self.values[pos] = cached
        return cached

    def after(self, play: Play, zero_ply: float) -> float:
        """The lookahead value of ``play`` for the mover (a win: its exact value)."""
        if play.position.my_off == 15:
            return zero_ply
        weights = tuple(w for _, _, w in search.ROLLS)
        return -_mean(self.rolls(play.position.flip()), weights)

    def stay(self, pos: Position) -> float:
        """The value, for the player on roll in ``pos``, of a roll he cannot play (the opponent rolls)."""
        weights = tuple(w for _, _, w in search.ROLLS)
        return -_mean(self.rolls(pos.flip()), weights)

    def luck(self, state: GameState, opening: bool) -> float:
        assert state.dice is not None
        values = self.rolls(state.position)
        weights = _OPENING_WEIGHTS if opening else tuple(w for _, _, w in search.ROLLS)
        return values[_roll_index(state.dice)] - _mean(values, weights)

    def checker(
        self, state: GameState, played: tuple[Move, ...]
    ) -> tuple[tuple[Move, ...], float, float, bool]:
        """(best play's moves, value of the play made, value of the best, forced)."""
        assert state.dice is not None
        pos = state.position
        plays = legal_plays(pos, state.dice)
        if len(plays) <= 1:  # forced: no decision, but its value is shown (and is the next roll's luck)
            value = self.after(plays[0], play_equities(pos, plays)[0]) if plays else self.stay(pos)
            return played, value, value, True
        after = _after(pos, played)
        index = next((k for k, p in enumerate(plays) if p.position == after), None)
        if index is None:
            raise RecordError("a play in the record is not legal here")
        scores = play_equities(pos, plays)
        order = sorted(range(len(plays)), key=scores.__getitem__, reverse=True)
        top = scores[order[0]]
        chosen = [k for k in order[: search.CANDIDATES] if scores[k] >= top - search.MARGIN]
        if index not in chosen:
            chosen.append(index)
        if len(chosen) == 1:
            value = self.after(plays[index], scores[index])
            return plays[index].moves, value, value, False
        values = {k: self.after(plays[k], scores[k]) for k in chosen}
        best = max(chosen, key=lambda k: (values[k], k == index))
        return plays[best].moves, values[index], values[best], False


def _after(pos: Position, moves: tuple[Move, ...]) -> Position:
    for move in moves:
        pos = apply_move(pos, move)
    return pos


def cube_view(state: GameState) -> cubemod.CubeView:
    """The doubler's (``state.turn``'s) equities of no double / double-take / double-pass, per cube.

    The expert level's own estimate (:func:`game.ai.api.cube_equities`: one roll ahead, cubeful,
    and rolled out where the expert would roll out, for a take always; a test checks the decisions
    agree); match equities are rescaled to the cube in play.
    """
    pos = state.position
    me = state.turn
    owner = CubeOwner.of(state.cube.owner, me)
    length = state.rules.match_length
    score = (state.score[me], state.score[1 - me]) if length else (0, 0)
    info = CubeInfo(state.cube.value, owner, length, score, state.crawford)
    eq = cube_equities(pos, info, "expert", answering=state.phase is Phase.CUBE_OFFERED)
    if not length:
        return cubemod.CubeView(eq.no_double, eq.double_take, eq.double_pass)
    away = (length - score[0], length - score[1])
    post = min(away) == 1
    value = state.cube.value
    lo = match_equity(away[0], away[1] - value, post_crawford=post)
    hi = match_equity(away[0] - value, away[1], post_crawford=post)
    half = (hi - lo) / 2.0 if hi > lo else 1.0
    mid = (hi + lo) / 2.0
    return cubemod.CubeView(
        (eq.no_double - mid) / half, (eq.double_take - mid) / half, (eq.double_pass - mid) / half
    )


def _doubling_matters(state: GameState) -> bool:
    if state.phase is not Phase.ROLL or state.can_double() is not None:
        return False
    return may_double(CubeQuestion.from_state(state, answering=False))


# ---------------------------------------------------------------------------------------------
# The review


def count_steps(record: MatchRecord, games: Collection[int] | None = None) -> int:
    """How many progress steps :func:`review_match` reports (one per ply of the games reviewed)."""
    return sum(len(game.plies) for game in record.games if games is None or game.number in games)


def review_match(
    record: MatchRecord,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
    games: Collection[int] | None = None,
) -> MatchReview:
    """Review every game of ``record`` (see the module docstring for the measures).

    ``progress(done, total)`` is called after every ply; ``cancel()`` (if given) is asked
    as often and stops the review with :class:`Cancelled`. Raises :class:`RecordError`
    if the record does not replay (a record read by :func:`game.record.read_mat` always does).
    ``games`` limits the review to those game numbers (the game just finished, say).
    Safe to run beside the screen (a worker process, or a thread): it reads the network and touches
    nothing else.
    """
    analyser = _Analyser()
    total = count_steps(record, games)
    done = 0
    moves: tuple[list[MoveReview], list[MoveReview]] = ([], [])
    cubes: tuple[list[CubeReview], list[CubeReview]] = ([], [])
    for game in record.games:
        if games is not None and game.number not in games:
            continue
        state = new_game(record.rules, game.score, game.crawford)
        for index, (ply, line) in enumerate(zip(game.plies, ply_lines(game.plies), strict=True)):
            before = state
            made_in, state = apply_ply(state, ply)
            if ply.kind is PlyKind.ROLL:
                if _doubling_matters(before):
                    _no_double(cubes[ply.player], game.number, line, index, before)
                assert made_in.dice is not None
                best, value_played, value_best, forced = analyser.checker(made_in, ply.moves)
                loss = value_best - value_played
                reason = () if forced or loss < INACCURATE else move_reason(made_in, ply.moves, best, loss)
                moves[ply.player].append(
                    MoveReview(
                        game=game.number,
                        line=line,
                        ply=index,
                        player=ply.player,
                        dice=made_in.dice,
                        state=made_in,
                        played=ply.moves,
                        best=best,
                        equity_played=value_played,
                        equity_best=value_best,
                        forced=forced,
                        luck=analyser.luck(made_in, before.phase is Phase.OPENING),
                        reason=reason,
                    )
                )
            elif ply.kind is PlyKind.DOUBLE:
                where = (game.number, line, index)
                cubes[ply.player].append(_cube(where, ply.player, Decision.DOUBLE, CubeAction.DOUBLE, before))
            else:
                action = CubeAction.TAKE if ply.kind is PlyKind.TAKE else CubeAction.PASS
                where = (game.number, line, index)
                cubes[ply.player].append(_cube(where, ply.player, Decision.TAKE, action, before))
            done += 1
            if progress is not None:
                progress(done, total)
            if cancel is not None and cancel():
                raise Cancelled
    players = tuple(
        PlayerReview(p, record.names[p], tuple(moves[p]), tuple(cubes[p]), _worst(moves[p], cubes[p]))
        for p in (0, 1)
    )
    return MatchReview(record, (players[0], players[1]))


def move_reason(
    state: GameState, played: tuple[Move, ...], best: tuple[Move, ...], loss: float
) -> tuple[Phrase, ...]:
    """Why ``best`` is better than ``played`` (which lost ``loss``) in ``state``, in the coach's words.

    The coach's own comparison of the two plays' facts (:func:`game.coach.choose_reason`) with the
    review's better play and loss, so the reason explains the numbers shown beside it. Points in the
    sentences are the mover's own (he is the one the reason speaks to).
    """
    assert state.dice is not None
    pos = state.position
    plays = legal_plays(pos, state.dice)
    by_position = {p.position: p for p in plays}
    made = by_position.get(_after(pos, played))
    better = by_position.get(_after(pos, best))
    if made is None or better is None:  # a forced or empty roll: nothing to compare
        return ()
    chances = play_chances(pos, [made, better])
    facts_made = play_facts(pos, state.dice, made, plays=plays, chances=chances[0])
    facts_better = play_facts(pos, state.dice, better, plays=plays, chances=chances[1])
    return choose_reason(facts_made, facts_better, loss)


def cube_reason(
    kind: Decision, action: CubeAction, best: CubeAction, view: cubemod.CubeView
) -> tuple[Phrase, ...]:
    """Why ``best`` was the better cube action than ``action``, in plain words, from the doubler's
    equities ``view`` (no double, double-take, double-pass per cube). Spoken to the one who decided:
    the doubler for a double or no double, the taker for a take or a pass.

    Each sentence says what the numbers say: a missed double names how the opponent should have
    answered; a needless double tells "too strong" (the opponent would pass, and playing on is worth
    more than his pass) from "too early" (he would take); a wrong take or pass says which loses less.
    """
    if action == best:
        return ()
    dt, dp = view.double_take, view.double_pass
    match kind:
        case Decision.DOUBLE:
            if best == CubeAction.DOUBLE:
                key = "review.why.missed_double_take" if dt <= dp else "review.why.missed_double_pass"
            else:
                # Not doubling was right: too strong when the opponent would pass (and playing on is
                # worth more than his pass), too early when he would take
                key = "review.why.too_good" if dp <= dt else "review.why.too_early"
        case Decision.TAKE:
            key = "review.why.should_pass" if best == CubeAction.PASS else "review.why.should_take"
        case Decision.MOVE:
            raise ValueError("a checker play has no cube reason")
        case _:
            assert_never(kind)
    return (Phrase(key),)


def _no_double(into: list[CubeReview], game: int, line: int, index: int, state: GameState) -> None:
    view = cube_view(state)
    double = min(view.double_take, view.double_pass)
    if double < view.no_double - CLOSE:
        return  # not close: no decision to speak of
    into.append(_cube((game, line, index), state.turn, Decision.DOUBLE, CubeAction.NO_DOUBLE, state))


def _cube(
    where: tuple[int, int, int], player: int, kind: Decision, action: CubeAction, state: GameState
) -> CubeReview:
    """The review of a cube action at (game, line, ply); the error is what it cost the decider, per cube."""
    view = cube_view(state)
    game, line, index = where
    nd, dt, dp = view.no_double, view.double_take, view.double_pass
    doubled = min(dt, dp)
    match kind:
        case Decision.DOUBLE:
            best = CubeAction.DOUBLE if doubled > nd else CubeAction.NO_DOUBLE
            error = max(0.0, (nd - doubled) if action == CubeAction.DOUBLE else (doubled - nd))
        case Decision.TAKE:
            best = CubeAction.TAKE if dt <= dp else CubeAction.PASS
            error = max(0.0, (dt if action == CubeAction.TAKE else dp) - doubled)
        case Decision.MOVE:
            raise ValueError("a checker play is no cube decision")
        case _:
            assert_never(kind)
    reason = cube_reason(kind, action, best, view) if error >= INACCURATE else ()
    return CubeReview(
        game=game,
        line=line,
        ply=index,
        player=player,
        kind=kind,
        action=action,
        best_action=best,
        state=state,
        no_double=nd,
        double_take=dt,
        double_pass=dp,
        error=error,
        reason=reason,
    )


def _worst(
    moves: list[MoveReview], cubes: list[CubeReview], count: int = 3, checker_first: bool = False
) -> tuple[Mistake, ...]:
    """The ``count`` costliest decisions (``checker_first``: the checker plays before the cube
    decisions). One that cost less than :data:`~game.coach.scale.EQUAL` is never listed: it shows as
    0.000, and a player told "Flawless" should not be shown a mistake that costs nothing (the error
    rates still count every bit)."""
    found: list[Mistake] = []
    for m in moves:
        if m.error >= EQUAL:
            found.append(
                Mistake(
                    game=m.game,
                    line=m.line,
                    ply=m.ply,
                    player=m.player,
                    kind=Decision.MOVE,
                    position_id=m.state.position.position_id(),
                    match_id=match_id(m.state),
                    dice=m.dice,
                    made=format_play(m.played) or "no move",
                    better=format_play(m.best),
                    equity_made=m.equity_played,
                    equity_better=m.equity_best,
                    error=m.error,
                    position=m.state.position,
                    made_moves=m.played,
                    better_moves=m.best,
                    reason=m.reason,
                )
            )
    for c in cubes:
        if c.error >= EQUAL:
            doubled = min(c.double_take, c.double_pass)
            if c.kind == Decision.DOUBLE:
                made, better = (
                    (doubled, c.no_double) if c.action == CubeAction.DOUBLE else (c.no_double, doubled)
                )
            else:  # the taker's equities are the doubler's, negated
                made = -(c.double_take if c.action == CubeAction.TAKE else c.double_pass)
                better = -doubled
            found.append(
                Mistake(
                    game=c.game,
                    line=c.line,
                    ply=c.ply,
                    player=c.player,
                    kind=c.kind,
                    position_id=c.state.position.position_id(),
                    match_id=match_id(c.state),
                    dice=None,
                    made=c.action,
                    better=c.best_action,
                    equity_made=made,
                    equity_better=better,
                    error=c.error,
                    position=c.state.position,
                    reason=c.reason,
                )
            )
    found.sort(key=lambda k: (checker_first and k.kind != Decision.MOVE, -k.error, k.game, k.ply))
    return tuple(found[:count])


# ---------------------------------------------------------------------------------------------
# JSON


def _milli(value: float) -> float:
    return round(1000.0 * value, 1)


def _eq(value: float) -> float:
    return round(value, 4)


def review_json(review: MatchReview, brief: bool = False) -> dict[str, object]:
    """The review as plain data; ``brief`` leaves out the per-move and per-cube lists."""
    record = review.record
    players: list[dict[str, object]] = []
    for p in review.players:
        key, word = p.rating
        entry: dict[str, object] = {
            "name": p.name,
            "moves": len(p.moves),
            "unforced_moves": p.unforced,
            "cube_decisions": len(p.cube),
            "error_per_move": round(p.error_per_move, 1),
            "error_per_cube_decision": round(p.error_per_cube_decision, 1),
            "error_rate": round(p.error_rate, 1),
            "checker_error_points": _eq(p.checker_error),
            "cube_error_points": _eq(p.cube_error),
            "rating": key,
            "rating_word": word,
            "luck_points": _eq(p.luck),
            "luck_per_roll": round(1000.0 * p.luck / len(p.moves), 1) if p.moves else 0.0,
            "decisions": p.decisions,
            "grades": p.grade_counts(),
            "worst": [
                {
                    "game": w.game,
                    "move": w.line,
                    "kind": w.kind,
                    "position_id": w.position_id,
                    "match_id": w.match_id,
                    "dice": list(w.dice) if w.dice else None,
                    "played": w.made,
                    "better": w.better,
                    "equity_played": _eq(w.equity_made),
                    "equity_better": _eq(w.equity_better),
                    "error": _milli(w.error),
                    "grade": w.grade,
                    "reason": render_all(w.reason) if w.reason else None,
                }
                for w in p.worst
            ],
        }
        if not brief:
            entry["move_list"] = [
                {
                    "game": m.game,
                    "move": m.line,
                    "dice": list(m.dice),
                    "played": format_play(m.played),
                    "forced": m.forced,
                    "error": _milli(m.error),
                    "grade": m.grade,
                    "luck": _milli(m.luck),
                }
                for m in p.moves
            ]
            entry["cube_list"] = [
                {
                    "game": c.game,
                    "move": c.line,
                    "decision": c.kind,
                    "action": c.action,
                    "best": c.best_action,
                    "error": _milli(c.error),
                    "grade": c.grade,
                }
                for c in p.cube
            ]
        players.append(entry)
    return {
        "match_length": record.rules.match_length,
        "games": len(record.games),
        "score": list(record.score),
        "units": "error and luck in thousandths of a point; equities in points per unit cube",
        "scale": {"inaccurate": INACCURATE, "mistake": MISTAKE, "blunder": BLUNDER},
        "players": players,
    }
