"""Why the Hint's play is good, in one short sentence: a fact of the expert's play a player can check.

How: the hint's play is compared with the play the evaluator ranks next (the closest other choice);
the difference that best explains the gap (the coach's own ranking, :func:`.verdict.candidates`)
is said as a fact of the hint's play alone ("The expert's play makes your 5-point", "After the
expert's play only 4 of 36 rolls hit one of your checkers"). Every sentence states something the
board shows or the evaluator's chances, never a comparison the player cannot see.

Cost: the facts of two plays (the opponent's 36 rolls against each), about 5 ms for a typical
position and some tens of ms for the slowest on a desktop (``python -m game.tools.bench_reasons``):
the game screen runs it beside the loop, as it asks for the hint itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai import api
from game.engine import Move, Position, legal_plays
from game.engine.moves import apply_move

from .facts import PlayFacts, play_chances, play_facts
from .verdict import candidates
from .words import Phrase

_MADE = {"golden", "bar", "home", "anchor", "outfield"}


def _percent(x: float) -> int:
    return round(100.0 * x)


def _said_of_best(phrase: Phrase, best: PlayFacts) -> Phrase | None:
    """The coach's comparison sentence ``phrase`` as a fact of the best play alone (None: no such)."""
    key = phrase.key
    if key == "coach.shots.safe":
        return Phrase("coach.hint.safe")
    if key == "coach.shots.fewer":
        return Phrase("coach.hint.shots", {"shots": best.shots})
    if key.startswith("coach.hit."):
        return Phrase("coach.hint.hit", {"n": best.hits}, count=best.hits)
    if key.startswith("coach.make."):
        kind = key.rsplit(".", 1)[1]
        return Phrase(f"coach.hint.make.{kind}", {"point": phrase.params["point"]}) if kind in _MADE else None
    if key.startswith("coach.give."):
        return Phrase("coach.hint.keep", {"point": phrase.params["point"]})
    if key == "coach.prime":
        return Phrase("coach.hint.prime", {"length": best.prime})
    if key == "coach.closed":
        return Phrase("coach.hint.closed", {"home": best.home_points})
    if key.startswith("coach.escape"):
        return Phrase("coach.hint.escape", {"n": best.escaped}, count=best.escaped)
    if key.startswith("coach.off"):
        return Phrase("coach.hint.off", {"n": best.borne_off}, count=best.borne_off)
    if key.startswith("coach.waste"):
        if best.wasted == 0:
            return Phrase("coach.hint.waste_none")
        return Phrase("coach.hint.waste", {"wasted": best.wasted}, count=best.wasted)
    if key == "coach.race":
        return Phrase("coach.hint.race")
    if key == "coach.gammon_win":
        return Phrase("coach.hint.gammon_win", {"pct": _percent(best.win_gammon)})
    if key == "coach.gammon_lose":
        return Phrase("coach.hint.gammon_safe", {"pct": _percent(best.lose_gammon)})
    return None


def hint_reason(position: Position, dice: tuple[int, int], best: Sequence[Move]) -> tuple[Phrase, ...]:
    """One short sentence on why ``best`` (the expert's play for ``dice`` in ``position``, the mover
    on roll) is a good play. Raises ``ValueError`` when ``best`` is not a legal play for the roll."""
    plays = legal_plays(position, dice)
    after = position
    for move in best:
        after = apply_move(after, move)
    chosen = next((p for p in plays if p.position == after), None)
    if chosen is None:
        raise ValueError("the hint is not a legal play for this roll")
    others = [p for p in plays if p.position != after]
    if not others:
        return (Phrase("coach.hint.forced"),)
    scores = api.play_equities(position, others)
    runner_up = others[max(range(len(others)), key=scores.__getitem__)]
    chances = play_chances(position, [chosen, runner_up])
    facts_best = play_facts(position, dice, chosen, plays=plays, chances=chances[0])
    facts_other = play_facts(position, dice, runner_up, plays=plays, chances=chances[1])
    for _, _, phrase in candidates(facts_other, facts_best):
        said = _said_of_best(phrase, facts_best)
        if said is not None:
            return (said,)
    if facts_best.win - facts_other.win >= 0.02:
        return (Phrase("coach.hint.win", {"pct": _percent(facts_best.win)}),)
    return (Phrase("coach.hint.generic"),)


__all__ = ["hint_reason"]
