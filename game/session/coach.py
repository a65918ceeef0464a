"""The coach during play: whether a player's decision is stopped before it counts, and why.

Why a study while the player moves and not a judgement at Done: the card must come up the instant
the player presses Done, or the coach holds the game up. So when the dice land for a coached player
the study of the roll starts (:class:`RollWork`): the expert's play and the value of every legal
play one roll ahead (the values :func:`game.coach.explain` and the review use), a
:class:`~game.ai.jobs.Job` answered in a worker process like the computer's own thinking, never
in the game's process (the opening 2-2's 75 plays: about 360 ms of CPU here, some two seconds on
a Raspberry Pi core). At Done, whether the play is stopped is a look-up; if the study is not back
yet, the play made alone is judged by a second, small job, and the first answer wins. The reason
is worked out for the one play the player made, as soon as the study says it is stopped
(:func:`explain_play`): explaining in advance every play the coach would stop cost twice the
worst hitch while the player moved (measured with ``bench_coach``) and mostly for plays nobody
made. Nothing is shared with the jobs: each answers with a message (:class:`RollValues`) that
the screen merges into its :class:`RollStudy`. A cube action is judged from the expert's cube
advice (the Hint's own question, with the game's time budget), asked when a double is offered.

What is stopped (:class:`Coach`): a decision losing at least the coach's threshold against the
expert's own choice, on the project's one scale (:mod:`game.coach.scale`: blunders, or mistakes
too). The expert's own choice loses nothing, so it is never stopped. A double, a take and a pass
are stopped as a play is; so is a missed double, when the player rolls where doubling was better
(the roll is the moment the player chose not to double: the card asks before the dice fall). The
coach never nags: it asks once per decision, and after the player keeps a stopped decision it lets
the next small ones pass.

Whether a game is coached at all is ONE rule, :func:`coach_level`: tournament rules without aids
turn it off; an explicit setting (off, blunders, mistakes) is the player's word and wins; ``auto``
follows the game: on for blunders when the game asks for the coach (``GameSetup.coach``, the first
game after Learn to play), against the beginner and intermediate levels, and for kiosk visitors.

Pure: the standard library, the engine, the computer player and the coach's explanations; no
pygame (the card that shows a verdict is ``game.ui.play.coach_card``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from game.ai import api, effort, met
from game.ai.api import CubeAdvice
from game.ai.jobs import Job, Where, start
from game.ai.question import CubeAction, Decision
from game.ai.requests import AdviceRequest, CubeQuestion
from game.coach import Explanation, Phrase, explain
from game.coach.scale import BLUNDER, MISTAKE
from game.coach.verdict import value_of
from game.engine.flow import GameState, Phase
from game.engine.moves import Move, Play, legal_plays
from game.engine.position import Position
from game.session.modes import GameMode
from game.session.settings import COACH_MODES

MODES: tuple[str, ...] = COACH_MODES
"""The coach setting: ``auto`` (see :func:`coach_level`), ``off``, ``blunders``, ``mistakes``."""
EASY_LEVELS = ("beginner", "intermediate")
THRESHOLDS: dict[str, float] = {"blunders": BLUNDER, "mistakes": MISTAKE}
"""The least loss (cubeless points; cube actions in points per cube) that brings the card up: the
grades of the one scale, never a number of the coach's own."""
QUIET_DECISIONS = 3
"""After the player keeps a stopped decision, this many of the player's next decisions are stopped
only for a loss of :data:`QUIET_FLOOR` or more: a player who has said "I know" is not asked again
about the next small thing."""
QUIET_FLOOR = 2 * BLUNDER


def coach_level(
    setting: str, *, mode: str, level: str, kiosk: bool, asked: bool = False, aids: bool = True
) -> str:
    """What the coach does in a game: "off", "blunders" or "mistakes". The one rule:

    1. no aids (a tournament's rules) or nobody to coach (the demo, a lesson): off;
    2. an explicit setting ("off", "blunders", "mistakes") is the player's word: it applies to every
       game with a human, two-player games included;
    3. ``auto`` (the default): blunders when the game asks for the coach (``asked``: the first game
       after Learn to play), against the easy levels, and for kiosk visitors; else off (two players
       and the strong levels).

    ``mode`` is the game's kind, ``level`` the computer's level.
    """
    mode = GameMode(mode)
    if not aids or mode not in (GameMode.COMPUTER, GameMode.TWO):
        return "off"
    if setting in THRESHOLDS or setting == "off":
        return setting
    if asked or (mode == GameMode.COMPUTER and (kiosk or level in EASY_LEVELS)):
        return "blunders"
    return "off"


@dataclass(frozen=True, slots=True)
class Verdict:
    """A decision the coach stops: what it was, what it gives up and why, and the better choice."""

    kind: Decision
    """A checker play (``MOVE``), a double (``DOUBLE``), or an answer to a double (``TAKE``: a take
    or a pass, see ``action``)."""
    loss: float
    """Equity given up against the expert's choice (cubeless points; cube: points per cube)."""
    reason: Phrase
    """One sentence, as a catalogue key (see :func:`game.coach.render`)."""
    better_moves: tuple[Move, ...] = ()
    """The expert's play from the turn's start (a checker play)."""
    action: CubeAction | None = None
    """The cube action stopped (double, take or pass); None for a checker play."""
    better_action: CubeAction | None = None
    """The expert's cube action (no double, too good, take, pass); None for a checker play."""
    advice: CubeAdvice | None = None
    """The expert's cube advice behind a cube verdict (the Hint's numbers)."""


class Coach:
    """The coach's judgement and memory for one game: what it stops, and when it keeps quiet."""

    def __init__(self, level: str) -> None:
        if level not in ("off", *THRESHOLDS):
            raise ValueError(f"the coach is off, blunders or mistakes, not {level!r}")
        self.level = level
        self.quiet = 0
        """The player's decisions left during which only a loss of :data:`QUIET_FLOOR` stops."""

    @property
    def on(self) -> bool:
        return self.level != "off"

    @property
    def threshold(self) -> float:
        """The least loss stopped now (inf when off)."""
        if not self.on:
            return float("inf")
        base = THRESHOLDS[self.level]
        return max(base, QUIET_FLOOR) if self.quiet > 0 else base

    def stops(self, loss: float) -> bool:
        """Whether a decision losing ``loss`` is stopped now."""
        return loss >= self.threshold

    def decided(self) -> None:
        """A decision of the player counted (stopped or not): the quiet spell runs down."""
        self.quiet = max(0, self.quiet - 1)

    def kept(self) -> None:
        """The player kept a stopped decision: the next small ones pass. Called after
        :meth:`decided` for that decision, so the spell covers the decisions that follow it."""
        self.quiet = QUIET_DECISIONS


# ---------------------------------------------------------------------------------------------
# Checker plays: what the coach knows about a roll before the player is done with it


@dataclass(frozen=True, slots=True)
class RollValues:
    """A study's answer about one roll, a message from where it ran (a worker process): the
    expert's play and value, plays' values by the position after them, explanations of plays."""

    best: Play | None
    """The expert's play (None when nothing could move)."""
    value_best: float
    values: dict[Position, float]
    """Plays' values one roll ahead (as :func:`game.coach.explain` values them), by the position after."""
    complete: bool = False
    """Every legal play is in ``values``."""
    explained: dict[Position, Explanation] = field(default_factory=dict)
    """Explanations of plays, by the position after them."""


def value_roll(start_pos: Position, dice: tuple[int, int]) -> RollValues:
    """The study of a roll: the expert's play and the value of every legal play one roll ahead,
    valued as :func:`game.coach.explain` values them (so the coach and the explanation never disagree
    about a loss). A withdrawn job stops between two plays (:func:`game.ai.effort.check`)."""
    plays = legal_plays(start_pos, dice)
    best = api.hint(start_pos, dice) if plays else None
    values: dict[Position, float] = {}
    value_best = 0.0
    if best is not None:
        value_best = values[best.position] = value_of(start_pos, best)
    for play in plays:
        if play.position not in values:
            effort.check()
            values[play.position] = value_of(start_pos, play)
    return RollValues(best, value_best, values, complete=True)


def explain_play(
    start_pos: Position, dice: tuple[int, int], after: Position, moves: tuple[Move, ...]
) -> RollValues:
    """The play ``moves`` (reaching ``after``) alone: the expert's play, both plays' values and the
    explanation (:func:`game.coach.explain`, whose values are the study's), so that Done never waits
    for the study of every play."""
    why = explain(start_pos, dice, moves)
    best_after = Position.from_id(why.best.position)  # the expert's play, as explain chose it
    best = next((p for p in legal_plays(start_pos, dice) if p.position == best_after), None)
    values = {} if best is None else {best.position: why.equity_best, after: why.equity_played}
    return RollValues(best, why.equity_best, values, explained={after: why})


@dataclass
class RollStudy:
    """The coach's knowledge of one roll, as the screen holds it: the answers of its studies
    (:class:`RollValues`) merged in by :meth:`learn`, in the screen's thread only."""

    start: Position
    dice: tuple[int, int]
    best: Play | None = None
    value_best: float = 0.0
    values: dict[Position, float] = field(default_factory=dict)
    """Each valued play's value one roll ahead, by the position after it."""
    explained: dict[Position, Explanation] = field(default_factory=dict)
    """Explanations of plays the coach judged (the play made, or one it will stop)."""
    best_known: bool = False
    """``best`` is the expert's play (None when nothing could move) and ``value_best`` its value."""
    valued: bool = False
    """Every legal play is valued."""

    def learn(self, found: RollValues) -> RollStudy:
        """Take in a study's answer; returns this study."""
        if not self.best_known:
            self.best, self.value_best, self.best_known = found.best, found.value_best, True
        self.values.update(found.values)
        self.explained.update(found.explained)
        self.valued = self.valued or found.complete
        return self

    def loss(self, after: Position) -> float | None:
        """The loss of the play that leads to ``after`` (None: not valued)."""
        if self.best is not None and after == self.best.position:
            return 0.0
        value = self.values.get(after)
        return None if value is None or not self.best_known else max(0.0, self.value_best - value)


def study_roll(start_pos: Position, dice: tuple[int, int]) -> RollStudy:
    """The study of ``dice`` from ``start_pos`` (:func:`value_roll`), at once (tests, tools)."""
    return RollStudy(start_pos, dice).learn(value_roll(start_pos, dice))


def start_roll_study(start_pos: Position, dice: tuple[int, int], where: Where) -> Job[RollValues]:
    """Start :func:`value_roll` ``where`` told: a worker process on a cabinet, at once for ``Where.HERE``."""
    return start(functools.partial(value_roll, start_pos, dice), where, what="coach study")


def start_explain(
    start_pos: Position, dice: tuple[int, int], after: Position, moves: tuple[Move, ...], where: Where
) -> Job[RollValues]:
    """Start :func:`explain_play` ``where`` told: the play made, once it is complete (or at Done)."""
    question = functools.partial(explain_play, start_pos, dice, after, moves)
    return start(question, where, what="coach explanation")


def known_verdict(study: RollStudy, after: Position, coach: Coach) -> Verdict | None:
    """The verdict on the play reaching ``after`` from what ``study`` knows (None: it counts, or its
    loss or the reason of a stopped play is not known: :func:`play_verdict` works that out)."""
    loss = study.loss(after)
    why = study.explained.get(after)
    if study.best is None or loss is None or not coach.stops(loss) or why is None:
        return None
    if not coach.stops(why.loss):  # the same values; kept for safety against a stale study
        return None
    return Verdict(Decision.MOVE, why.loss, why.reason[0], better_moves=study.best.moves)


def play_verdict(study: RollStudy, after: Position, moves: tuple[Move, ...], coach: Coach) -> Verdict | None:
    """The coach's answer to the play ``moves`` (reaching ``after``) at Done: None lets it count.

    A look-up once the study has valued the play (and explained it, when it is stopped); what is
    missing is worked out here, at once (:class:`RollWork` asks a worker instead).
    """
    loss = study.loss(after)
    if loss is None or (coach.stops(loss) and after not in study.explained):
        study.learn(explain_play(study.start, study.dice, after, moves))
    return known_verdict(study, after, coach)


class RollWork:
    """The coach's work on one roll of a coached player, asked of the worker processes as messages.

    When the dice land (unless ``where`` is ``Where.HERE``) the study of every play starts
    (:func:`value_roll`). A complete play the study says is stopped is explained at once
    (:meth:`explain_early`), while the player reaches for Done. At Done (:meth:`answer`) the verdict
    is a look-up when the study is back; if it is not, a second, small job judges the play made
    alone (:func:`explain_play`): the first answer that knows the play's loss wins and the other
    is withdrawn. Nothing is shared with the jobs: each answer is merged into :attr:`study` here.
    """

    def __init__(self, start_pos: Position, dice: tuple[int, int], where: Where) -> None:
        self.study = RollStudy(start_pos, dice)
        self.where = where
        self.study_job: Job[RollValues] | None = None
        """The study of every play, until its answer is merged."""
        if where is not Where.HERE:
            self.study_job = start_roll_study(start_pos, dice, where)
        self.explaining: tuple[Position, Job[RollValues]] | None = None
        """The play being judged and explained (the position after it), and its job."""

    def collect(self) -> None:
        """Merge the answers that are in (never waits)."""
        job = self.study_job
        if job is not None and job.done:
            self.study_job = None
            if job.result is not None:
                self.study.learn(job.result)
        if self.explaining is not None:
            after, job = self.explaining
            if job.done and job.result is not None and after not in self.study.explained:
                self.study.learn(job.result)

    def explain(self, after: Position, moves: tuple[Move, ...]) -> Job[RollValues]:
        """The job judging the play reaching ``after`` (started if need be; another play's withdrawn)."""
        if self.explaining is None or self.explaining[0] != after:
            if self.explaining is not None:
                self.explaining[1].cancel()
            study = self.study
            self.explaining = (after, start_explain(study.start, study.dice, after, moves, self.where))
        return self.explaining[1]

    def explain_early(self, after: Position, moves: tuple[Move, ...], coach: Coach) -> None:
        """The play on the board, if the study says ``coach`` stops it, is explained now (only the
        position after a whole legal play has a value, so a known loss means the play is complete)."""
        self.collect()
        loss = self.study.loss(after)
        if loss is not None and coach.stops(loss) and after not in self.study.explained:
            self.explain(after, moves)

    def answer(self, after: Position, moves: tuple[Move, ...], coach: Coach) -> Verdict | bool | None:
        """The coach's answer to the play at Done: False while it is not known, else the verdict
        (None: the play counts; also when the judgement failed, which the log says)."""
        self.collect()
        study = self.study
        loss = study.loss(after)
        if loss is None or (coach.stops(loss) and after not in study.explained):
            job = self.explain(after, moves)
            if not job.done:
                return False
            self.collect()
        self.cancel()  # the first answer that knows the loss won: nothing else is needed
        return known_verdict(study, after, coach)

    def cancel(self) -> None:
        """Withdraw the jobs still running (their workers stop at their next step)."""
        for job in (self.study_job, self.explaining[1] if self.explaining is not None else None):
            if job is not None:
                job.cancel()
        self.study_job = None


# ---------------------------------------------------------------------------------------------
# Cube actions: judged from the expert's cube advice (the Hint's question)


@dataclass(frozen=True, slots=True)
class CubeStudy:
    """The expert's view of a cube decision and what each action gives up against it."""

    answering: bool
    advice: CubeAdvice
    losses: dict[CubeAction, float]
    """Loss of each action the player may take (double, no double; or take, pass), in points per cube."""


def points_scale(state: GameState, decider: int) -> float:
    """Match winning chance that one cube's worth of points is worth to ``decider`` (half the
    swing between winning and losing the current cube); 1.0 in a money game (no conversion)."""
    length = state.rules.match_length
    if not length:
        return 1.0
    cube = state.cube.value
    away_me = length - state.score[decider]
    away_opp = length - state.score[1 - decider]
    win = met.match_equity(away_me - cube, away_opp)
    lose = met.match_equity(away_me, away_opp - cube)
    return max(1e-6, (win - lose) / 2.0)


def cube_study(state: GameState, advice: CubeAdvice) -> CubeStudy:
    """What each cube action in ``state`` gives up against ``advice`` (the expert's, for the player on
    roll before a roll, or for the player answering a double). Losses are in points per cube (a
    match's winning chances turned into points with :func:`points_scale`), so one threshold serves
    both."""
    answering = state.phase is Phase.CUBE_OFFERED
    decider = 1 - state.turn if answering else state.turn
    scale = points_scale(state, decider)
    nd, dt, dp = advice.no_double, advice.double_take, advice.double_pass
    if answering:  # the doubler's equities: the taker wants them low
        losses = {CubeAction.TAKE: max(0.0, dt - dp) / scale, CubeAction.PASS: max(0.0, dp - dt) / scale}
    else:
        doubled = min(dt, dp)
        # Where the rules or a dead cube forbid the double, rolling on is no choice and loses nothing.
        missed = 0.0 if advice.action == CubeAction.NOT_ALLOWED else max(0.0, doubled - nd) / scale
        losses = {CubeAction.DOUBLE: max(0.0, nd - doubled) / scale, CubeAction.NO_DOUBLE: missed}
    return CubeStudy(answering, advice, losses)


def study_cube(state: GameState, budget: float | None = api.CUBE_BUDGET) -> CubeStudy:
    """:func:`cube_study` with the expert's advice asked here, at once, within the game's cube
    ``budget`` (tests and tools; the screen asks through the game's opponent, as the Hint does)."""
    answering = state.phase is Phase.CUBE_OFFERED
    advice = AdviceRequest(CubeQuestion.from_state(state, answering), answering, budget)()
    return cube_study(state, advice)


def _percent(x: float) -> int:
    return round(100.0 * x)


def cube_reason(action: CubeAction, advice: CubeAdvice) -> Phrase:
    """Why the expert would not take ``action``, in one sentence of facts a player can weigh:
    the chances from the player's side (the doubler's before a double, the taker's on a take)."""
    win, gammon, lose_gammon = _percent(advice.win), _percent(advice.win_gammon), _percent(advice.lose_gammon)
    if action == CubeAction.TAKE and lose_gammon > 0:
        return Phrase("coach.cube.take", {"win": win, "gammon": lose_gammon})
    if action == CubeAction.TAKE:
        return Phrase("coach.cube.take_plain", {"win": win})
    if action == CubeAction.PASS:
        return Phrase("coach.cube.pass", {"win": win})
    if action == CubeAction.NO_DOUBLE:  # rolled where the expert doubles: what the opponent should answer
        key = "coach.cube.missed_pass" if advice.response == CubeAction.PASS else "coach.cube.missed_take"
        return Phrase(key, {"win": win})
    if advice.proper == CubeAction.TOO_GOOD:
        return Phrase("coach.cube.too_good", {"gammon": gammon})
    return Phrase("coach.cube.early", {"win": win})


def cube_verdict(study: CubeStudy, action: CubeAction, coach: Coach) -> Verdict | None:
    """The coach's answer to the cube ``action`` (double, no double: a roll, take, pass): None lets
    it count."""
    loss = study.losses.get(action)
    if loss is None or not coach.stops(loss):
        return None
    advice = study.advice
    better = advice.response if study.answering else advice.proper
    reason = cube_reason(action, advice)
    return Verdict(action.decision, loss, reason, action=action, better_action=better, advice=advice)


__all__ = [
    "EASY_LEVELS",
    "MODES",
    "QUIET_DECISIONS",
    "QUIET_FLOOR",
    "THRESHOLDS",
    "Coach",
    "CubeStudy",
    "RollStudy",
    "RollValues",
    "RollWork",
    "Verdict",
    "coach_level",
    "cube_reason",
    "cube_study",
    "cube_verdict",
    "explain_play",
    "known_verdict",
    "play_verdict",
    "points_scale",
    "start_explain",
    "start_roll_study",
    "study_cube",
    "study_roll",
    "value_roll",
]
