"""Why the expert's play is better, in words: the facts of two plays compared.

How a reason is chosen: the facts of the play made and of the expert's play for the same roll
(:mod:`game.coach.facts`) are compared point by point: shots, hits, points made and given up,
primes, escapes, checkers borne off, pips wasted, chances. Every difference in the expert's
favour becomes a candidate sentence with a rough size in equity (see ``_SIZES``; it only ranks
the candidates, it is never shown). The largest one is the reason; the next one is added when
it is about something else and at least half as large. So a player reads the one or two things
that most plausibly cost the equity, each a fact he can check on the board. A fact of the board
(blots and shots, hits, points, escapes, the race, checkers off) always leads: the chances of a
gammon are the evaluator's figures, which a newcomer cannot see, so where they weigh more they
follow as the second sentence instead of opening the reason.

The loss itself is the expert's own judgement, the one the review uses: each play valued by the
expert's one-roll lookahead (:func:`game.ai.search.lookahead`), the difference in cubeless points.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.ai import api, search
from game.ai.net import default_network, equity
from game.engine import Move, Play, Position, legal_plays, parse_play
from game.engine.errors import NotationError
from game.engine.moves import apply_move, check_dice

from .facts import PlayFacts, play_chances, play_facts, point_kind, stay_chances
from .scale import BLUNDER, EQUAL, INACCURATE, Grade, grade
from .words import Phrase, render, render_all


@dataclass(frozen=True, slots=True)
class Explanation:
    """The coach's verdict on one play: the facts of both plays, the loss, and why."""

    played: PlayFacts
    best: PlayFacts
    equity_played: float
    """The expert's value of the play made (cubeless points for the mover, one roll ahead)."""
    equity_best: float
    """The expert's value of its own play."""
    reason: tuple[Phrase, ...]

    @property
    def loss(self) -> float:
        """Equity the play made gives up against the expert's play (never negative)."""
        return max(0.0, self.equity_best - self.equity_played)

    @property
    def stop(self) -> bool:
        """Whether the coach set to stop blunders stops this play."""
        return self.loss >= BLUNDER

    @property
    def grade(self) -> Grade:
        """The grade on the project's one scale (:mod:`.scale`)."""
        return grade(self.loss)

    def text(self, lang: str) -> str:
        """The reason in ``lang``."""
        return render(self.reason, lang)

    def to_json(self) -> dict[str, object]:
        """Plain data for the machine interface."""
        return {
            "played": self.played.to_json(),
            "best": self.best.to_json(),
            "loss": round(self.loss, 4),
            "stop": self.stop,
            "grade": self.grade,
            "equity_played": round(self.equity_played, 4),
            "equity_best": round(self.equity_best, 4),
            "reason": render_all(self.reason),
            "reason_keys": [p.to_json() for p in self.reason],
        }


def find_play(
    pos: Position, dice: tuple[int, int], move: str | Sequence[Move], plays: list[Play]
) -> Play | None:
    """The legal play ``move`` names (None: nothing could be played and nothing was).

    Raises :class:`NotationError` (a ``ValueError``) with a reason a player can read when the move
    cannot be read or is not a whole legal play for the roll.
    """
    moves = parse_play(move, pos, dice) if isinstance(move, str) else tuple(move)
    after = pos
    for m in moves:
        after = apply_move(after, m)
    if not moves:
        if plays:
            raise NotationError("write your move, like 24/18 13/11", code="notation.empty")
        return None
    found = next((p for p in plays if p.position == after), None)
    if found is None:
        raise NotationError("that is not a legal play for this roll", code="notation.not_legal")
    return found


def value_of(pos: Position, play: Play) -> float:
    """The expert's value of ``play`` for the mover: one roll ahead, as the review values plays;
    a play that wins the game is worth exactly what it wins."""
    if play.position.my_off == 15:
        return equity(api.play_outputs(pos, [play])[0])
    return search.lookahead(default_network(), play).equity


def explain(position: Position, dice: tuple[int, int], move: str | Sequence[Move]) -> Explanation:
    """Explain the play ``move`` (notation or the engine's moves) for ``dice`` in ``position``.

    The expert's play is :func:`game.ai.api.hint`'s (the expert level's choice, the one the Hint
    button shows). Raises a ``ValueError`` (the engine's ``RulesError``) with a readable reason
    for bad dice or an illegal or unreadable move.
    """
    dice = check_dice(dice)
    plays = legal_plays(position, dice)
    played = find_play(position, dice, move, plays)
    if played is None:  # the roll could not be played: nothing to compare
        facts = play_facts(position, dice, None, plays=plays, chances=stay_chances(position))
        return Explanation(facts, facts, 0.0, 0.0, (Phrase("coach.no_move"),))
    best = api.hint(position, dice)
    assert best is not None  # a legal play exists, so the expert has one
    same = best.position == played.position
    pair = [played] if same else [played, best]
    chances = play_chances(position, pair)
    facts_played = play_facts(position, dice, played, plays=plays, chances=chances[0])
    value_played = value_of(position, played)
    if same:
        key = "coach.forced" if len(plays) == 1 else "coach.best"
        return Explanation(facts_played, facts_played, value_played, value_played, (Phrase(key),))
    facts_best = play_facts(position, dice, best, plays=plays, chances=chances[1])
    value_best = value_of(position, best)
    loss = value_best - value_played
    if loss < EQUAL:
        reason: tuple[Phrase, ...] = (Phrase("coach.equal", {"best": facts_best.move}),)
    else:
        reason = choose_reason(facts_played, facts_best, loss)
    return Explanation(facts_played, facts_best, value_played, value_best, reason)


# ---------------------------------------------------------------------------------------------
# Choosing the reason

_POINT_SIZE = {"golden": 0.15, "bar": 0.10, "home": 0.09, "anchor": 0.10, "outfield": 0.04}
"""Rough worth of making a point, by its name (ranking only)."""

_SIZES = {
    "shot": 0.5,  # per share of the 36 rolls: being hit costs about half a point in a typical contact game
    "hit": 0.15,  # per checker sent back
    "give_up": 0.8,  # a point given up, against the same point made
    "prime": 0.03,  # per extra point of wall, times how long the wall is past two
    "escape": 0.06,  # per back checker brought out
    "off": 0.08,  # per extra checker borne off
    "waste": 0.01,  # per pip of the roll wasted in a race
    "closed": 0.08,  # per extra home point held, per opposing checker on the bar (two at most)
    "race": 0.08,  # breaking contact while ahead
    "gammon": 0.5,  # per share of games: a gammon is one extra point, but the board facts come first
}
"""Rough sizes of each kind of difference in points of equity. They only rank the candidate
sentences against each other, so their scale matters, not their precision."""


@dataclass(frozen=True, slots=True)
class _Candidate:
    family: str
    size: float
    phrase: Phrase


def _shots(p: PlayFacts, b: PlayFacts) -> list[_Candidate]:
    if p.shots <= b.shots:
        return []
    size = _SIZES["shot"] * (p.shots - b.shots) / 36.0
    params: dict[str, int | str] = {"blots": len(p.blots), "shots": p.shots, "best": b.move}
    if b.shots == 0:
        phrase = Phrase("coach.shots.safe", params, count=len(p.blots))
    else:
        phrase = Phrase("coach.shots.fewer", {**params, "best_shots": b.shots}, count=len(p.blots))
    return [_Candidate("shots", size, phrase)]


def _hits(p: PlayFacts, b: PlayFacts) -> list[_Candidate]:
    if b.hits <= p.hits:
        return []
    size = _SIZES["hit"] * (b.hits - p.hits)
    if p.hits == 0:
        phrase = Phrase("coach.hit.missed", {"best": b.move, "hits": b.hits}, count=b.hits)
    else:
        phrase = Phrase("coach.hit.more", {"best": b.move, "hits": b.hits, "played_hits": p.hits})
    return [_Candidate("hits", size, phrase)]


def _points(p: PlayFacts, b: PlayFacts) -> list[_Candidate]:
    out: list[_Candidate] = []
    for point in b.made:
        if point not in p.made:
            kind = point_kind(point)
            phrase = Phrase(f"coach.make.{kind}", {"best": b.move, "point": point})
            out.append(_Candidate("points", _POINT_SIZE[kind], phrase))
    for point in p.given_up:
        if point not in b.given_up:
            kind = point_kind(point)
            phrase = Phrase(f"coach.give.{kind}", {"best": b.move, "point": point})
            out.append(_Candidate("points", _SIZES["give_up"] * _POINT_SIZE[kind], phrase))
    if b.prime > p.prime and b.prime >= 3:
        size = _SIZES["prime"] * (b.prime - p.prime) * (b.prime - 2)
        phrase = Phrase("coach.prime", {"best": b.move, "length": b.prime, "played_length": p.prime})
        out.append(_Candidate("points", size, phrase))
    if b.opponent_on_bar and b.home_points > p.home_points:
        size = _SIZES["closed"] * (b.home_points - p.home_points) * min(b.opponent_on_bar, 2)
        params: dict[str, int | str] = {"best": b.move, "home": b.home_points, "played_home": p.home_points}
        out.append(_Candidate("points", size, Phrase("coach.closed", params)))
    return out


def _escapes(p: PlayFacts, b: PlayFacts) -> list[_Candidate]:
    if b.escaped <= p.escaped or b.race:
        return []
    size = _SIZES["escape"] * (b.escaped - p.escaped)
    if p.escaped == 0:
        phrase = Phrase("coach.escape", {"best": b.move, "n": b.escaped}, count=b.escaped)
    else:
        phrase = Phrase("coach.escape_more", {"best": b.move, "n": b.escaped, "played_n": p.escaped})
    return [_Candidate("escape", size, phrase)]


def _bear_off(p: PlayFacts, b: PlayFacts) -> list[_Candidate]:
    if b.borne_off > p.borne_off:
        size = _SIZES["off"] * (b.borne_off - p.borne_off)
        params: dict[str, int | str] = {"best": b.move, "n": b.borne_off, "played_n": p.borne_off}
        return [_Candidate("off", size, Phrase("coach.off", params, count=b.borne_off))]
    if b.borne_off == p.borne_off and p.race and p.wasted > b.wasted:
        size = _SIZES["waste"] * (p.wasted - b.wasted)
        params = {"best": b.move, "wasted": p.wasted, "best_wasted": b.wasted}
        key = "coach.waste.none" if b.wasted == 0 else "coach.waste"
        return [_Candidate("off", size, Phrase(key, params))]
    return []


def _race(p: PlayFacts, b: PlayFacts) -> list[_Candidate]:
    if b.race and not p.race and b.pips_after[0] < b.pips_after[1]:
        return [_Candidate("race", _SIZES["race"], Phrase("coach.race", {"best": b.move}))]
    return []


def _percent(x: float) -> int:
    return round(100.0 * x)


def _chances(p: PlayFacts, b: PlayFacts) -> list[_Candidate]:
    out: list[_Candidate] = []
    if b.win_gammon - p.win_gammon >= 0.03:
        params: dict[str, int | str] = {
            "best": b.move,
            "best_pct": _percent(b.win_gammon),
            "played_pct": _percent(p.win_gammon),
        }
        size = _SIZES["gammon"] * (b.win_gammon - p.win_gammon)
        out.append(_Candidate("chances", size, Phrase("coach.gammon_win", params)))
    if p.lose_gammon - b.lose_gammon >= 0.03:
        params = {"best": b.move, "best_pct": _percent(b.lose_gammon), "played_pct": _percent(p.lose_gammon)}
        size = _SIZES["gammon"] * (p.lose_gammon - b.lose_gammon)
        out.append(_Candidate("chances", size, Phrase("coach.gammon_lose", params)))
    return out


def _win(p: PlayFacts, b: PlayFacts) -> Phrase | None:
    """The last resort before the generic sentence: the evaluator's winning chances, when they
    differ visibly. It is true but says nothing a player can see on the board, so it is said
    only when no board fact is found."""
    if b.win - p.win >= 0.02:
        return Phrase(
            "coach.win", {"best": b.move, "best_pct": _percent(b.win), "played_pct": _percent(p.win)}
        )
    return None


_FIGURES = frozenset({"chances"})
"""The families of candidates that are the evaluator's figures, not facts a player sees on the board."""

_RULES: tuple[Callable[[PlayFacts, PlayFacts], list[_Candidate]], ...] = (
    _shots,
    _hits,
    _points,
    _escapes,
    _bear_off,
    _race,
    _chances,
)


def candidates(played: PlayFacts, best: PlayFacts) -> list[tuple[str, float, Phrase]]:
    """Every difference in the expert's favour as (family, rough size, sentence), largest first."""
    found = [c for rule in _RULES for c in rule(played, best)]
    found.sort(key=lambda c: -c.size)
    return [(c.family, c.size, c.phrase) for c in found]


def choose_reason(played: PlayFacts, best: PlayFacts, loss: float) -> tuple[Phrase, ...]:
    """One or two sentences saying why ``best`` is better than ``played`` (which lost ``loss``)."""
    found = candidates(played, best)
    seen = next((c for c in found if c[0] not in _FIGURES), None)  # the largest fact of the board
    if not found:
        top: tuple[Phrase, ...] = (_win(played, best) or Phrase("coach.generic", {"best": best.move}),)
    elif seen is not None and seen is not found[0]:  # the figures weigh more: they follow the board
        top = (seen[2], found[0][2])
    else:
        family, size, phrase = found[0]
        second = next((c for c in found[1:] if c[0] != family and c[1] >= 0.5 * size), None)
        top = (phrase,) if second is None else (phrase, second[2])
    if loss < INACCURATE:  # a good play: say so first, then the main difference if there is a real one
        close = Phrase("coach.close", {"best": best.move})
        return (close,) if top[0].key == "coach.generic" else (close, top[0])
    return top
