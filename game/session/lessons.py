"""Learn to play: the lessons as data, read and checked against the rules.

Why data and not code: a lesson is a real board (a GNU Backgammon Position ID), fixed dice, the
plays that count as right and the catalogue keys of its words. Kept in
``assets/lessons/lessons.json``, a teacher can change a board or add a step without touching
the screen, and the loader below refuses a step the rules do not allow (a position that cannot
occur, a play that is not legal with its dice) with the step and the reason, before anyone sees
it. The screen (``game.ui.scenes.learn``) only shows a step's start and asks :meth:`Step.right`.

Every step is seen from the learner: white, player 0, the player on roll in a ``move`` step
(and an ``offer`` step, where the learner may double before rolling) and the player who answers
in an ``answer`` step (black has just doubled). Plays are written in the learner's own point
numbers, as the engine writes them for the player on roll.

No pygame here: the loader, the judge and the check of the texts run in tests and tools alike.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import i18n
from game.assets import asset
from game.engine.errors import RulesError
from game.engine.flow import GameState, Phase, Rules
from game.engine.moves import Move, apply_move, legal_plays
from game.engine.notation import move_chains, parse_play
from game.engine.position import Position
from game.engine.scoring import WinKind
from game.engine.turn import Turn

LESSONS_FILE = asset("lessons", "lessons.json")
VERSION = 1

KINDS: tuple[str, ...] = ("move", "answer", "offer")
"""A step asks for a play (``move``), an answer to black's double (``answer``: take or pass), or the
decision before a roll (``offer``: double or roll)."""
ANSWERS: Mapping[str, tuple[str, ...]] = {"answer": ("take", "pass"), "offer": ("double", "roll")}
"""What the learner can do in a cube step; the step accepts some of these."""
BUTTONS: tuple[str, ...] = ("done", "double", "roll", "take", "pass")
"""The game buttons a step may light instead of points (its ``button``)."""
OFF, BAR = 0, 25
"""Lit places that are not points: the learner's tray (borne off) and the bar."""

GENERAL_KEYS: tuple[str, ...] = (
    "learn.button",
    "learn.title",
    "learn.again",
    "learn.next",
    "learn.finish.title",
    "learn.finish.body",
    "learn.play_first",
    "learn.offer.title",
    "learn.offer.yes",
    "learn.how",
    "learn.how_keys",
)
"""The catalogue keys of Learn to play that belong to no step (buttons, the last card, the offer)."""

_ID = re.compile(r"[a-z][a-z_]*\Z")


class LessonError(ValueError):
    """A lesson file or step the game cannot use; the message names the step and the reason."""


@dataclass(frozen=True)
class Step:
    """One step of Learn to play: a board, what the learner is asked to do, and what counts as right."""

    id: str
    kind: str
    position: Position
    """Seen from the learner (see the module docstring)."""
    dice: tuple[int, int] | None
    """The roll to play (``move`` steps only)."""
    accept: tuple[str, ...]
    """The right plays as written in the file (``move``), or the right answers (cube steps)."""
    lit: tuple[int, ...] = ()
    """The learner's points the screen lights as targets (0 = the tray, 25 = the bar)."""
    button: str | None = None
    """A game button the screen lights instead (or as well): one of :data:`BUTTONS`."""
    results: frozenset[Position] = frozenset()
    """The boards after each right play (``move``): a play is judged by where it leaves the checkers,
    so 6/4* 8/4 and 8/4* 6/4, one result written two ways, are the same play."""
    forced: bool = False
    """Every legal play (or answer) is right: the step has no hint, the rules leave one way."""
    says: tuple[str, ...] = ()
    """What the step's confirmation states, as facts of :data:`FACTS` (``name`` or ``name:argument``):
    each is checked against every right play in every order a learner can make it
    (tests/test_learn_truth.py), so the words stay true for the play actually made."""

    def key(self, part: str) -> str:
        """The catalogue key of one of this step's texts: ``title``, ``do``, ``right`` or ``hint``."""
        return f"learn.{self.id}.{part}"

    def text_keys(self) -> tuple[str, ...]:
        """Every catalogue key this step shows (a forced step never shows a hint)."""
        parts = ("title", "do", "right") if self.forced else ("title", "do", "right", "hint")
        return tuple(self.key(part) for part in parts)

    def start(self) -> GameState:
        """The game as the step begins: the learner is player 0 of a money game with a centred cube."""
        if self.kind == "move":
            return GameState(
                phase=Phase.MOVING, position=self.position, turn=0, dice=self.dice, rules=Rules()
            )
        if self.kind == "answer":  # black (player 1) has doubled: the position is seen from black
            return GameState(phase=Phase.CUBE_OFFERED, position=self.position.flip(), turn=1, rules=Rules())
        return GameState(phase=Phase.ROLL, position=self.position, turn=0, rules=Rules())

    def right_play(self, after: Position) -> bool:
        """Whether a whole play that left the learner's checkers at ``after`` is one of the right ones."""
        return after in self.results

    def right_answer(self, answer: str) -> bool:
        """Whether ``answer`` ("take", "pass", "double" or "roll") is right in this cube step."""
        return answer in self.accept


Fact = Callable[[Step, tuple[Move, ...], GameState, int], bool]
"""A fact of a confirmation: the step, the learner's moves in the order made, the game after, the
fact's number argument (0 where it has none)."""


def _learner(state: GameState) -> Position:
    return state.board_for(0)


def _won(state: GameState, kind: WinKind | None, passed: bool) -> bool:
    r = state.result
    return r is not None and r.winner == 0 and r.passed == passed and (kind is None or r.kind is kind)


FACTS: Mapping[str, Fact] = {
    "one_checker": lambda _s, moves, _g, _n: len(moves) > 1 and len(move_chains(moves)) == 1,
    "point": lambda _s, _m, g, n: _learner(g).me[n - 1] >= 2,
    "hit": lambda s, _m, g, _n: _learner(g).opp[24] > s.position.opp[24],
    "entered": lambda s, _m, g, _n: s.position.me[24] > 0 and _learner(g).me[24] == 0,
    "closed": lambda s, _m, _g, n: s.position.opp[24 - n] >= 2,
    "no_move": lambda _s, moves, _g, _n: not moves,
    "moves": lambda _s, moves, _g, n: len(moves) == n,
    "every_die": lambda _s, moves, _g, n: bool(moves) and all(m.die == n for m in moves),
    "both_dice": lambda s, moves, _g, _n: sorted(m.die for m in moves) == sorted(s.dice or ()),
    "higher_first": lambda s, moves, _g, _n: bool(moves) and moves[0].die == max(s.dice or (0,)),
    "refused_first": lambda s, _m, _g, n: (
        s.dice is not None and Turn(s.position, s.dice).refusal(n // 10, n % 10) is not None
    ),
    "off": lambda s, _m, g, n: _learner(g).my_off - s.position.my_off == n,
    "higher_die_off": lambda _s, moves, _g, _n: any(m.dst == OFF and m.die > m.src for m in moves),
    "gammon": lambda _s, _m, g, _n: _won(g, WinKind.GAMMON, False),
    "cube_mine": lambda _s, _m, g, n: g.cube.value == n and g.cube.owner == 0,
    "won_pass": lambda _s, _m, g, n: _won(g, None, True) and g.result is not None and g.result.points == n,
}
"""Every fact a confirmation may state (a lesson's ``says``). ``refused_first:135`` reads: moving
from 13 by 5 first is refused (the number is the point, then the die). ``higher_first`` is here for a
text that would say the higher die went first: true only where every right order plays it first."""


def _fact(text: str) -> tuple[str, int]:
    name, _, arg = text.partition(":")
    return name, int(arg) if arg.isdigit() else 0


def false_facts(step: Step, moves: Sequence[Move], state: GameState) -> list[str]:
    """The facts of ``step.says`` that are not true of the play made (``moves``, in order) and the game
    after it (``state``); empty: the confirmation is true."""
    out: list[str] = []
    for text in step.says:
        name, arg = _fact(text)
        if not FACTS[name](step, tuple(moves), state, arg):
            out.append(text)
    return out


def right_orders(step: Step) -> list[tuple[Move, ...]]:
    """Every way a learner can make one of a ``move`` step's right plays, one die at a time, in every
    order the rules allow (8/5 6/5 and 6/5 8/5 are two); a step where nothing can move has one: ()."""
    if step.kind != "move" or step.dice is None:
        return []
    found: list[tuple[Move, ...]] = []

    def walk(turn: Turn) -> None:
        if turn.is_complete:
            if turn.position in step.results:
                found.append(turn.moves)
            return
        for move in turn.legal_moves():
            walk(turn.step(move.src, move.die))

    walk(Turn(step.position, step.dice))
    return found


def _fail(step: str, reason: str) -> LessonError:
    return LessonError(f"lesson step {step!r}: {reason}")


def _dice(raw: object, name: str) -> tuple[int, int]:
    if (
        not isinstance(raw, list)
        or len(raw) != 2
        or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in raw)
    ):
        raise _fail(name, f"dice are two numbers 1 to 6, not {raw!r}")
    return raw[0], raw[1]


def _strings(raw: object, name: str, what: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not raw or not all(isinstance(x, str) for x in raw):
        raise _fail(name, f"{what} is a list of one or more texts, not {raw!r}")
    return tuple(raw)


def _moves_step(name: str, position: Position, raw: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a ``move`` step: its dice, its right plays checked and turned into results."""
    dice = _dice(raw.get("dice"), name)
    accept = _strings(raw.get("accept"), name, "accept")
    results: set[Position] = set()
    for text in accept:
        try:
            moves = parse_play(text, position, dice)
        except RulesError as exc:
            raise _fail(name, f"{text!r} is not a legal play with {dice[0]}-{dice[1]}: {exc}") from exc
        after = position
        for move in moves:
            after = apply_move(after, move)
        results.add(after)
    legal = {play.position for play in legal_plays(position, dice)} or {position}
    return {"dice": dice, "accept": accept, "results": frozenset(results), "forced": legal <= results}


def _cube_step(name: str, kind: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    accept = _strings(raw.get("accept"), name, "accept")
    allowed = ANSWERS[kind]
    wrong = [a for a in accept if a not in allowed]
    if wrong:
        raise _fail(name, f"an {kind} step accepts {' or '.join(allowed)}, not {', '.join(wrong)}")
    if "dice" in raw:
        raise _fail(name, f"an {kind} step is decided before the roll: it has no dice")
    return {"dice": None, "accept": accept, "forced": set(allowed) <= set(accept)}


def parse_step(raw: object, index: int) -> Step:
    """One step from its JSON object; :class:`LessonError` says what is wrong with it."""
    if not isinstance(raw, dict):
        raise LessonError(f"lesson step {index + 1} is not a JSON object")
    name = raw.get("id")
    if not isinstance(name, str) or not _ID.match(name):
        raise LessonError(f"lesson step {index + 1}: its id is lower-case letters and _, not {name!r}")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise _fail(name, f"its kind is one of {', '.join(KINDS)}, not {kind!r}")
    try:
        position = Position.from_id(str(raw.get("position")))
    except RulesError as exc:
        raise _fail(name, f"bad position: {exc}") from exc
    fields = _moves_step(name, position, raw) if kind == "move" else _cube_step(name, kind, raw)
    lit = raw.get("lit", [])
    if not isinstance(lit, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) and OFF <= p <= BAR for p in lit
    ):
        raise _fail(name, f"lit is a list of the learner's points 0 (off) to 25 (bar), not {lit!r}")
    button = raw.get("button")
    if button is not None and button not in BUTTONS:
        raise _fail(name, f"its button is one of {', '.join(BUTTONS)}, not {button!r}")
    says = _strings(raw.get("says"), name, "says")
    unknown = [text for text in says if _fact(text)[0] not in FACTS]
    if unknown:
        raise _fail(name, f"its confirmation says facts the game cannot check: {', '.join(unknown)}")
    step = Step(id=name, kind=kind, position=position, lit=tuple(lit), button=button, says=says, **fields)
    state = step.start()
    if kind == "offer" and state.can_double() is not None:
        raise _fail(name, "the learner must be allowed to double")
    return step


def parse_lessons(data: object) -> tuple[Step, ...]:
    """Every step of a lessons document (the parsed JSON), in order, each checked against the rules."""
    if not isinstance(data, dict):
        raise LessonError("the lessons file is not a JSON object")
    if data.get("version") != VERSION:
        raise LessonError(f"the lessons file is version {data.get('version')!r}; this game reads {VERSION}")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError("the lessons file has no steps")
    steps = tuple(parse_step(raw, i) for i, raw in enumerate(raw_steps))
    seen: set[str] = set()
    for step in steps:
        if step.id in seen:
            raise _fail(step.id, "two steps have this id")
        seen.add(step.id)
    return steps


def load_lessons(path: Path | None = None) -> tuple[Step, ...]:
    """The steps of Learn to play from ``path`` (the shipped file by default).

    Raises :class:`LessonError` when the file cannot be read or a step is wrong: the caller decides
    what the player sees (the title keeps its button out rather than open a broken lesson).
    """
    file = path or LESSONS_FILE
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise LessonError(f"the lessons file {file} cannot be read: {exc}") from exc
    return parse_lessons(data)


def missing_texts(steps: Sequence[Step], languages: Iterable[str] = i18n.LANGUAGES) -> list[str]:
    """Every "language: key" a step or Learn to play itself needs and a catalogue lacks (none: all there)."""
    keys = [*GENERAL_KEYS, *(key for step in steps for key in step.text_keys())]
    return [f"{lang}: {key}" for lang in languages for key in keys if not i18n.has_key(lang, key)]


def offer_due(offered: bool, data_dir: Path, saved_game: bool) -> bool:
    """Whether to offer Learn to play on the title: once, to a player who has not played here yet.

    Not played: no saved game to continue and no match record in the data folder (every game
    against the computer or between two players leaves one, see ``game.session.recording``).
    ``offered`` is the settings' flag that it was offered before, whatever the answer was.
    """
    if offered or saved_game:
        return False
    from game.session.recording import FOLDER  # the record keeper's folder: one name for it

    try:
        return not any((data_dir / FOLDER).glob("*.mat"))
    except OSError:
        return False


__all__ = [
    "ANSWERS",
    "BUTTONS",
    "FACTS",
    "GENERAL_KEYS",
    "KINDS",
    "LESSONS_FILE",
    "LessonError",
    "Step",
    "false_facts",
    "load_lessons",
    "missing_texts",
    "offer_due",
    "parse_lessons",
    "parse_step",
    "right_orders",
]
