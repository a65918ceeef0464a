"""Truncated cubeful rollouts: the expert's second opinion on a cube decision.

Why: the one-roll lookahead (:mod:`game.ai.cubeful`) cannot see what happens
several rolls later, and some positions are misjudged by the network in a way
only play reveals. The classic case: a closed board with the opponent on the bar
against a checker trapped behind the opponent's full prime. The network sees the
closed board and a big favourite; in play, the side on the bar never has to
move, its prime never breaks, and the closed board crumbles first. A few rolls
of play settle such positions, so the expert plays them out: each trial plays
``plies`` plies with the cube lookahead's cheap cubeless play (pubeval's best
few plays judged by the network), every player doubling, taking and passing
by Janowski's formulas (0-ply) at every ply, and values the position where it
stops by the same formula. The two cube states of the decision, no double and
double/take, follow the same games (the same dice), so their difference has
much less noise than either. The first rolls are stratified (trial ``t``
starts with roll ``t mod 36``), the later ones come from the trial's own
generator, seeded by the question and the trial's number: the same question
always gets the same answer, however many processes play the trials
(:mod:`game.ai.parallel`).

Money equities are in units of the current cube; match equities are match
winning chances, as in :mod:`game.ai.cubeful`.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from math import sqrt

from game.engine import Position, legal_plays

from .cubeful import CubeEquities, CubeInfo, LeafEvaluator, PlayEvaluator, leaf_value, view
from .duel import game_points
from .effort import check
from .net import Outputs, swap

FIRST_ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


@dataclass(frozen=True, slots=True)
class RolloutEquities(CubeEquities):
    """Rolled-out cube equities and their standard errors (same units).

    ``se_no_double`` and ``se_double_take`` are each mean's; ``se_difference`` is that of
    double/take minus no double, smaller than either because both follow the same games.
    """

    trials: int
    se_no_double: float
    se_double_take: float
    se_difference: float


@dataclass(slots=True)
class _State:
    """One cube state along a trial: its cube seen by the root's player, and its result once settled."""

    info: CubeInfo
    result: float | None = None


def _seed(pos: Position, info: CubeInfo, trials: int, plies: int, dice_set: int = 0) -> int:
    # The question as CubeInfo's repr wrote it when the owner was a bare word (the same dice as ever):
    question = (
        f"CubeInfo(value={info.value!r}, owner={str(info.owner)!r}, match_length={info.match_length!r}, "
        f"score={info.score!r}, crawford={info.crawford!r})"
    )
    key = (
        f"{question}|{trials}|{plies}|{f'{dice_set}|' if dice_set else ''}".encode()
        + bytes(pos.me)
        + bytes(pos.opp)
    )
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "little")


def _for_root(value: float, mine: bool, money: bool) -> float:
    """A value of the side on roll (points or match-winning chance) seen by the root's player."""
    if mine:
        return value
    return -value if money else 1.0 - value


TrialResult = tuple[float, float, Outputs]
"""One trial: the no-double and the double/take results, and the cubeless outputs where it stopped,
all seen by the root's player."""


@dataclass(frozen=True, slots=True)
class RolloutJob:
    """What every trial of one rollout shares (sent as it is to a worker process, see
    :mod:`game.ai.parallel`): the root and its cube, the play and leaf evaluators, the root's
    outputs, the plies of a trial and the seed of the trials' dice."""

    root: Position
    info: CubeInfo
    best_play: PlayEvaluator
    leaf_eval: LeafEvaluator
    root_out: Outputs
    plies: int
    seed: int


TrialRunner = Callable[[RolloutJob, range], "list[TrialResult] | None"]
"""Runs a block of trials elsewhere (see :mod:`game.ai.parallel`); None when it cannot, and the
block is then played here."""


def evaluate(
    root: Position,
    info: CubeInfo,
    best_play: PlayEvaluator,
    leaf_eval: LeafEvaluator,
    *,
    trials: int = 36,
    plies: int = 6,
    settled: Callable[[RolloutEquities], bool] | None = None,
    seed: int | None = None,
    dice_set: int = 0,
    runner: TrialRunner | None = None,
) -> RolloutEquities:
    """The no-double and double/take equities of the player on roll in ``root``, rolled out.

    ``best_play`` picks each roll's cubeless play and gives the mover's outputs after it;
    ``leaf_eval`` gives the outputs of the side on roll where no play was made (the root,
    a roll that cannot be played) or when contact is over (the race model).
    ``outputs`` of the result are the cubeless chances where the trials stopped, averaged.
    ``settled`` (if given) is asked after every 36 trials (each first roll once) short of
    ``trials``; when it says the result so far is clear enough, the rollout stops there.
    ``seed`` picks the dice after the first roll (default: seeded by the question and by
    ``dice_set``, which picks another set of dice for the same question). Each trial rolls its
    own stream drawn from it, so a trial's result does not depend on the trials before it:
    ``runner`` may play the blocks of 36 trials in other processes (:mod:`game.ai.parallel`)
    and the answer is the same to the last bit, because the results are summed here in trial
    order. A withdrawn question (:func:`game.ai.effort.check`) stops it between two trials.
    """
    result = evaluate_within(
        root,
        info,
        best_play,
        leaf_eval,
        trials=trials,
        plies=plies,
        settled=settled,
        seed=seed,
        dice_set=dice_set,
        runner=runner,
    )
    assert result is not None  # with no budget every block is played
    return result


def evaluate_within(
    root: Position,
    info: CubeInfo,
    best_play: PlayEvaluator,
    leaf_eval: LeafEvaluator,
    *,
    trials: int = 36,
    plies: int = 6,
    settled: Callable[[RolloutEquities], bool] | None = None,
    seed: int | None = None,
    dice_set: int = 0,
    runner: TrialRunner | None = None,
    out_of_time: Callable[[], bool] | None = None,
) -> RolloutEquities | None:
    """:func:`evaluate` on a time budget: ``out_of_time()`` is asked before every trial played here
    (after every block a ``runner`` played); once it is true, the rollout ends with the blocks of 36
    trials completed so far, or None when not even the first was (the caller then has no second
    opinion). Why whole blocks only: each block starts every trial from a different first roll (all
    36 once), so a block cut short would lean towards the first rolls it happened to reach.
    While the budget is not used up the answer is :func:`evaluate`'s, to the last bit.
    """
    if seed is None:
        seed = _seed(root, info, trials, plies, dice_set)
    job = RolloutJob(root, info, best_play, leaf_eval, leaf_eval(root), plies, seed)
    # Sums of the no-double result, the double/take result, their squares and the squared difference.
    totals = [0.0, 0.0, 0.0, 0.0, 0.0]
    sums = [0.0] * 5
    done = 0
    for first in range(0, trials, 36):
        block = range(first, min(first + 36, trials))
        results = runner(job, block) if runner is not None else None
        if results is None:
            results = []
            for t in block:
                check()
                if out_of_time is not None and out_of_time():
                    return _result(info, totals, sums, done) if done else None
                results.append(_trial(job, t))
        else:
            check()
        for a, b, out in results:
            totals[0] += a
            totals[1] += b
            totals[2] += a * a
            totals[3] += b * b
            totals[4] += (b - a) * (b - a)
            for i in range(5):
                sums[i] += out[i]
        done = block.stop
        if done < trials and out_of_time is not None and out_of_time():
            return _result(info, totals, sums, done)
        if settled is not None and done % 36 == 0 and done < trials:
            so_far = _result(info, totals, sums, done)
            if settled(so_far):
                return so_far
    return _result(info, totals, sums, trials)


def play_trials(job: RolloutJob, block: range) -> list[TrialResult]:
    """The trials numbered ``block`` of the rollout ``job`` (see :func:`evaluate`), in order."""
    return [_trial(job, t) for t in block]


def _trial(job: RolloutJob, t: int) -> TrialResult:
    """Trial ``t``: its first roll is the ``t mod 36``-th, the rest come from its own stream."""
    root, info, best_play, leaf_eval, plies = job.root, job.info, job.best_play, job.leaf_eval, job.plies
    money = not info.match_length
    rng = random.Random((job.seed << 32) + t)
    states = [_State(info), _State(info.doubled_and_taken())]
    pos = root
    out: Outputs = job.root_out
    stopped: Outputs  # set on each way out of the loop below (the last ply always leaves it)
    mine = True
    dice = FIRST_ROLLS[t % 36]
    for ply in range(plies + 1):
        live = [s for s in states if s.result is None]
        for st in live:
            seen = st.info if mine else st.info.flipped()
            if ply == plies:
                st.result = _for_root(leaf_value(out, pos, seen), mine, money)
            elif ply > 0 and seen.may_double():
                v = view(out, pos, seen)
                if v.should_double:
                    if not v.should_take:
                        cash = float(seen.value) if money else seen.mwc(seen.value)
                        st.result = _for_root(cash, mine, money)
                    else:
                        taken = seen.doubled_and_taken()
                        st.info = taken if mine else taken.flipped()
        if ply == plies or all(s.result is not None for s in states):
            stopped = _seen(out, mine)
            break
        plays = legal_plays(pos, dice)
        if not plays:
            pos = pos.flip()
            out = leaf_eval(pos)
        else:
            best, mover = best_play(pos, plays)
            after = best.position
            if after.my_off == 15:
                points = game_points(after)
                for st in states:
                    if st.result is None:
                        seen = st.info if mine else st.info.flipped()
                        won = points * seen.value
                        st.result = _for_root(float(won) if money else seen.mwc(won), mine, money)
                stopped = _seen((1.0, float(points >= 2), float(points >= 3), 0.0, 0.0), mine)
                break
            pos = after.flip()
            out = leaf_eval(pos) if pos.is_race() else swap(mover)
        mine = not mine
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    a, b = states[0].result, states[1].result
    assert a is not None and b is not None
    return a, b, stopped


def _result(info: CubeInfo, totals: list[float], sums: list[float], n: int) -> RolloutEquities:
    """The equities after ``n`` trials, from the running sums (see :func:`evaluate`)."""
    money = not info.match_length
    avg = tuple(s / n for s in sums)
    outputs: Outputs = (avg[0], avg[1], avg[2], avg[3], avg[4])
    se = (
        _standard_error(totals[0], totals[2], n),
        _standard_error(totals[1], totals[3], n),
        _standard_error(totals[1] - totals[0], totals[4], n),
    )
    unit = float(info.value) if money else 1.0
    dp = 1.0 if money else info.mwc(info.value)
    return RolloutEquities(
        totals[0] / n / unit,
        totals[1] / n / unit,
        dp,
        outputs,
        money,
        n,
        se[0] / unit,
        se[1] / unit,
        se[2] / unit,
    )


def _standard_error(total: float, squares: float, n: int) -> float:
    """The standard error of a mean from the sum and the sum of squares of ``n`` samples."""
    if n < 2:
        return float("inf")
    mean = total / n
    var = max(squares / n - mean * mean, 0.0) * n / (n - 1)
    return sqrt(var / n)


def _seen(out: Outputs, mine: bool) -> Outputs:
    """The cubeless outputs of the side on roll, seen by the root's player."""
    return out if mine else swap(out)
