"""Jellyfish ``.mat`` text: the match sheet GNU Backgammon, eXtreme Gammon, BGBlitz and others import.

The format is not formally specified; this follows what GNU Backgammon writes and
reads (learnt from its manual and from published match files, no code copied)::

    ; [Player 1 "Anna"]                    optional header lines
     7 point match                        (0 point match: money play)

     Game 1
     Anna : 0                            Computer : 0
      1)                             31: 8/5 6/5
      2) 52: 13/8 13/11              64: 24/18 13/9
      3)  Doubles => 2                Takes
      4) 66:                          ...             a dice with no move: no legal play
          Wins 2 points                               (" and the match" after the last game)

Each numbered line holds up to two entries, the first player's on the left, the
second's on the right; an entry is a roll ``52:`` and its moves (each checker hop
``from/to`` in the mover's point numbers, 25 the bar, 0 off, ``*`` a hit), or
``Doubles => N``, ``Takes`` or ``Drops``. The Crawford game is not marked: the
reader works it out from the score, as GNU Backgammon does.

The writer writes every hop separately (``24/18 18/13``, never ``24/13`` or
``8/4(2)``), which every reader accepts; the reader also takes the shorthands
other programs write (``bar/20``, ``6/off``, ``24/13``, ``8/4(2)``, tabs, any
column widths) and replays every entry through the rules, so a file that cannot
be a real match is refused with the number of the line where it goes wrong.
"""

from __future__ import annotations

import re
from dataclasses import replace

from game.engine import (
    BAR_POINT,
    OFF,
    GameResult,
    GameState,
    Match,
    Move,
    NotationError,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    RulesError,
    WinKind,
    apply,
    parse_play,
)
from game.engine.flow import board_move
from game.engine.moves import apply_move, dice_to_play
from game.engine.notation import parse_journeys

from .model import (
    GameRecord,
    MatchRecord,
    Ply,
    PlyKind,
    RecordError,
    apply_ply,
    expected_player,
    opening_action,
)

LEFT_WIDTH = 28
"""Characters of the left column of a move line (after ``NNN) ``), as GNU Backgammon lays it out."""

# ---------------------------------------------------------------------------------------------
# Writing


def _point(p: int) -> str:
    return "25" if p == BAR_POINT else "0" if p == OFF else str(p)


def moves_text(moves: tuple[Move, ...]) -> str:
    """A play as a .mat writes it: each hop on its own, ``25`` for the bar, ``0`` for off."""
    return " ".join(f"{_point(m.src)}/{_point(m.dst)}{'*' if m.hit else ''}" for m in moves)


def _entry(ply: Ply) -> str:
    if ply.kind is PlyKind.ROLL:
        assert ply.dice is not None
        text = f"{ply.dice[0]}{ply.dice[1]}:"
        return f"{text} {moves_text(ply.moves)}" if ply.moves else text
    if ply.kind is PlyKind.DOUBLE:
        return f" Doubles => {ply.cube}"
    return " Takes" if ply.kind is PlyKind.TAKE else " Drops"


def ply_lines(plies: tuple[Ply, ...]) -> list[int]:
    """The number of the move line (1, 2, ...) each ply is written on: the first player's entries
    go on the left, the second's on the right, and the right-hand entry closes its line."""
    numbers: list[int] = []
    line = 1
    empty = True
    for ply in plies:
        if ply.player == 0 and not empty:
            line += 1
        numbers.append(line)
        if ply.player == 0:
            empty = False
        else:
            line += 1
            empty = True
    return numbers


def _move_lines(plies: tuple[Ply, ...]) -> list[str]:
    rows: dict[int, list[str | None]] = {}
    for ply, number in zip(plies, ply_lines(plies), strict=True):
        rows.setdefault(number, [None, None])[ply.player] = _entry(ply)
    lines = []
    for number, (left, right) in sorted(rows.items()):
        # The left column is always padded to its width: GNU Backgammon's reader takes the
        # right column from a fixed place and misreads a shorter line (a drop there became a
        # beaver in a test import); it pads its own lines the same way.
        left_text = (left or "").ljust(max(LEFT_WIDTH, len(left or "") + 1))
        lines.append(f"{number:3d}) {left_text}{right or ''}")
    return lines


def written_points(result: GameResult, is_match: bool) -> int:
    """The points a ``Wins`` line states: in a match, the cube times the kind of win, not capped at
    what the winner needed (GNU Backgammon writes and reads them so); money play's points as scored."""
    if not is_match:
        return result.points
    return result.cube * (1 if result.passed else result.kind.value)


def _wins_line(game: GameRecord, last_of_match: bool, is_match: bool) -> str:
    assert game.result is not None
    points = written_points(game.result, is_match)
    text = f"Wins {points} point{'s' if points != 1 else ''}"
    if last_of_match:
        text += " and the match"
    indent = 6 if game.result.winner == 0 else 6 + LEFT_WIDTH
    return " " * indent + text


def write_mat(record: MatchRecord) -> str:
    """The record as Jellyfish .mat text (the last game may be unfinished: no ``Wins`` line then)."""
    out: list[str] = []
    metadata = list(record.metadata)
    if record.rules.jacoby and not any(key.lower() == "jacoby" for key, _ in metadata):
        metadata.append(("Jacoby", "On"))  # the reader needs it to score gammons on a centred cube
    for key, value in metadata:
        out.append(f'; [{_clean(key)} "{_clean(value).replace(chr(34), chr(39))}"]')
    if metadata:
        out.append("")
    out.append(f" {record.rules.match_length} point match")
    out.append("")
    length = record.rules.match_length
    score = [0, 0]
    # A colon would end a name early in the score line; a line break would end the line.
    names = [_clean(n.replace(":", " ")) or f"Player {k + 1}" for k, n in enumerate(record.names)]
    for game in record.games:
        out.append(f" Game {game.number}")
        left = f" {names[0]} : {game.score[0]}"
        out.append(left.ljust(max(LEFT_WIDTH + 5, len(left) + 1)) + f"{names[1]} : {game.score[1]}")
        out.extend(_move_lines(game.plies))
        if game.result is not None:
            score[game.result.winner] += game.result.points
            out.append(_wins_line(game, bool(length) and max(score) >= length, bool(length)))
        out.append("")
    return "\n".join(out) + "\n"


def _clean(text: str) -> str:
    return " ".join(text.split())


def default_metadata(
    names: tuple[str, str], rules: Rules, date: str | None = None, time: str | None = None
) -> tuple[tuple[str, str], ...]:
    """The header lines GNU Backgammon and eXtreme Gammon read (date ``yyyy.mm.dd``, time ``HH.MM``)."""
    meta: list[tuple[str, str]] = [
        ("Site", "Backgammon arcade"),
        ("Player 1", names[0]),
        ("Player 2", names[1]),
    ]
    if date:
        meta.append(("EventDate", date))
    if time:
        meta.append(("EventTime", time))
    meta.append(("Variation", "Backgammon"))
    if rules.is_match:
        meta.append(("Crawford", "On"))
    else:
        meta.append(("Jacoby", "On" if rules.jacoby else "Off"))
    meta.append(("CubeLimit", "64"))
    return tuple(meta)


# ---------------------------------------------------------------------------------------------
# Reading

_META = re.compile(r'^;\s*\[\s*(?P<key>[^"\]]+?)\s*"(?P<value>[^"]*)"\s*\]\s*$')
_HEADER = re.compile(r"^\s*(?P<length>\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(?P<number>\d+)\s*$", re.IGNORECASE)
_SCORE = re.compile(r"^\s*(?P<n0>\S.*?)\s*:\s*(?P<s0>\d+)\s+(?P<n1>\S.*?)\s*:\s*(?P<s1>\d+)\s*$")
_HALF_SCORE = re.compile(r"^\s*(?P<name>\S.*?)\s*:\s*(?P<score>\d+)\s*$")
_NUMBERED = re.compile(r"^\s*(?P<number>\d+)\)(?P<rest>.*)$")
_WINS = re.compile(
    r"^(?P<indent>\s*)Wins\s+(?P<points>\d+)\s+points?(?P<match>\s+and\s+the\s+match)?\s*$", re.I
)
_ENTRY = re.compile(
    r"(?P<dice>\b[1-6][1-6]:)|(?P<double>\bDoubles\s*=>\s*(?P<cube>\d+))|(?P<take>\b(?:Takes|Accepts)\b)"
    r"|(?P<drop>\b(?:Drops|Passes|Rejects|Refuses)\b)|(?P<other>\b(?:Beavers|Raccoons|Resigns)\b)",
    re.IGNORECASE,
)
_INLINE_WINS = re.compile(r"\bWins\s+\d+\s+points?(?:\s+and\s+the\s+match)?\s*$", re.IGNORECASE)
RIGHT_OFFSET = 10
"""A lone entry starting this many characters or more after ``N)`` is in the right-hand column."""
RIGHT_INDENT = 20
"""A ``Wins`` line indented this much or more belongs to the right-hand player."""


def _entries(rest: str, line_no: int) -> list[tuple[int, int, str]]:
    """(offset in the line's rest, column, text) of each entry of a numbered line."""
    found = list(_ENTRY.finditer(rest))
    if not found:
        if rest.strip():
            raise RecordError(
                f"cannot read {rest.strip()!r}: expected a roll like 52: or a cube action", line_no
            )
        return []
    if rest[: found[0].start()].strip():
        raise RecordError(f"cannot read {rest[: found[0].start()].strip()!r} before the first entry", line_no)
    if len(found) > 2:
        raise RecordError("a move line holds at most two entries, one for each player", line_no)
    spans = []
    for k, m in enumerate(found):
        end = found[k + 1].start() if k + 1 < len(found) else len(rest)
        spans.append((m.start(), rest[m.start() : end].strip()))
    if len(spans) == 2:
        return [(spans[0][0], 0, spans[0][1]), (spans[1][0], 1, spans[1][1])]
    offset, text = spans[0]
    return [(offset, 1 if offset >= RIGHT_OFFSET else 0, text)]


class _Reader:
    def __init__(self, text: str, jacoby_untold: bool = False) -> None:
        self.jacoby_untold = jacoby_untold
        """The Jacoby rule of money play whose file does not say."""
        self.jacoby_told = False
        self.lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        self.metadata: list[tuple[str, str]] = []
        self.rules: Rules | None = None
        self.names: tuple[str, str] = ("Player 1", "Player 2")
        self.games: list[GameRecord] = []
        self.match: Match | None = None
        # the game being read
        self.number = 0
        self.game_line = 0
        self.state: GameState | None = None
        self.start: GameState | None = None
        self.plies: list[Ply] = []
        self.have_score = False
        self.half_score: tuple[str, int] | None = None
        self.result: GameResult | None = None
        self.resigned = False

    def read(self) -> MatchRecord:
        for k, raw in enumerate(self.lines, start=1):
            line = raw.expandtabs(8)
            if not line.strip():
                continue
            if line.lstrip().startswith(";"):
                self._meta(line.strip(), k)
                continue
            if self.rules is None:
                self._header(line, k)
                continue
            game = _GAME.match(line)
            if game:
                self._new_game(int(game["number"]), k)
                continue
            if self.state is None:
                raise RecordError(f"expected 'Game 1' here, not {line.strip()!r}", k)
            if not self.have_score:
                self._score(line, k)
                continue
            wins = _WINS.match(line)
            if wins:
                self._wins(wins, k)
                continue
            numbered = _NUMBERED.match(line)
            if numbered:
                self._numbered(numbered["rest"], k)
                continue
            raise RecordError(f"cannot read {line.strip()!r}", k)
        if self.rules is None:
            raise RecordError("no ' N point match' line: this is not a .mat match file", len(self.lines))
        self._close_game(len(self.lines), last=True)
        return MatchRecord(self.rules, self.names, tuple(self.games), tuple(self.metadata))

    def _meta(self, line: str, k: int) -> None:
        m = _META.match(line)
        if not m:
            return  # other comments are allowed and ignored
        key, value = m["key"], m["value"]
        self.metadata.append((key, value))
        if key.lower() == "variation" and value.lower() != "backgammon":
            raise RecordError(f"this game plays standard backgammon, not {value}", k)

    def _header(self, line: str, k: int) -> None:
        m = _HEADER.match(line)
        if not m:
            raise RecordError(f"expected ' N point match' (N = 0 for money play), not {line.strip()!r}", k)
        length = int(m["length"])
        meta = {key.lower(): value.lower() for key, value in self.metadata}
        if length > 0 and meta.get("crawford", "on") == "off":
            raise RecordError("matches without the Crawford rule are not supported", k)
        jacoby = meta.get("jacoby", "on" if self.jacoby_untold else "off") == "on"
        self.jacoby_told = "jacoby" in meta
        self.rules = Rules(match_length=length, jacoby=length == 0 and jacoby)
        self.match = Match(self.rules)

    def _new_game(self, number: int, k: int) -> None:
        self._close_game(k, last=False)
        assert self.match is not None
        if self.match.is_over:
            raise RecordError(f"game {number} comes after the match was over", k)
        expected = len(self.games) + 1
        if number != expected:
            raise RecordError(f"expected game {expected} here, not game {number}", k)
        self.number = number
        self.game_line = k
        self.start = self.match.new_game()
        self.state = self.start
        self.plies = []
        self.have_score = False
        self.half_score = None
        self.result = None
        self.resigned = False

    def _score(self, line: str, k: int) -> None:
        """The score line; some programs write each player's name and score on a line of its own."""
        m = _SCORE.match(line)
        half = _HALF_SCORE.match(line)
        if m:
            names, said = (m["n0"].strip(), m["n1"].strip()), (int(m["s0"]), int(m["s1"]))
        elif half and self.half_score is None:
            self.half_score = (half["name"].strip(), int(half["score"]))
            return
        elif half and self.half_score is not None:
            names = (self.half_score[0], half["name"].strip())
            said = (self.half_score[1], int(half["score"]))
        else:
            raise RecordError(f"expected the score line 'Name : 0   Name : 0', not {line.strip()!r}", k)
        assert self.match is not None
        if said != self.match.score and not self.games and not self.match.rules.match_length:
            # An unlimited session recorded a game a file (this game's own records since issue 37,
            # each game with a dice secret of its own): the first game starts at the session's
            # score, which in a session changes nothing of the rules (and games went before it).
            self.match = replace(self.match, score=said, games=1)
            self.start = self.state = self.match.new_game()
        if said != self.match.score:
            s = self.match.score
            raise RecordError(
                f"the score line says {said[0]}-{said[1]}, but the games before reach {s[0]}-{s[1]}", k
            )
        if not self.games:
            self.names = names
        self.have_score = True

    def _numbered(self, rest: str, k: int) -> None:
        assert self.state is not None
        wins = _INLINE_WINS.search(rest)
        if wins:  # GNU Backgammon puts a right-hand win on the line of a left-hand drop
            rest = rest[: wins.start()]
        for _, column, text in _entries(rest, k):
            self._entry(column, text, k)
        if wins:
            indent = " " * (RIGHT_INDENT if wins.start() >= RIGHT_OFFSET else 0)
            whole = _WINS.match(indent + wins.group(0).strip())
            assert whole is not None
            self._wins(whole, k)

    def _entry(self, column: int, text: str, k: int) -> None:
        assert self.state is not None
        state = self.state
        name = self.names[column]
        if state.phase is Phase.GAME_OVER or self.result is not None:
            raise RecordError(f"{name}: the game is already over", k)
        who = expected_player(state)
        if who is not None and who != column:
            raise RecordError(f"it is {self.names[who]}'s turn, but this entry is in {name}'s column", k)
        lowered = text.lower()
        if lowered.startswith(("beavers", "raccoons", "resigns")):
            raise RecordError(f"{text.split()[0]!r} is not supported by this game's rules", k)
        if lowered.startswith("doubles"):
            cube_text = text.split("=>", 1)[1].strip()
            if not cube_text.isdigit():  # "Doubles => 2  Ta" (a cut-off line) once crashed the reader
                raise RecordError(f"cannot read {text!r}: expected 'Doubles => N'", k)
            ply = Ply(column, PlyKind.DOUBLE, cube=int(cube_text), line=k)
        elif lowered.startswith(("takes", "accepts")):
            ply = Ply(column, PlyKind.TAKE, line=k)
        elif lowered.startswith(("drops", "passes", "rejects", "refuses")):
            ply = Ply(column, PlyKind.PASS, line=k)
        else:
            ply = self._roll(column, text, k)
        _, self.state = apply_ply(state, ply)
        self.plies.append(ply)

    def _roll(self, column: int, text: str, k: int) -> Ply:
        assert self.state is not None
        dice = (int(text[0]), int(text[1]))
        written = text[3:].strip()
        probe = Ply(column, PlyKind.ROLL, dice=dice, line=k)
        state = self.state
        try:
            if state.phase is Phase.OPENING:
                rolled = apply(state, opening_action(probe))
            else:
                rolled = apply(state, Roll(dice))
            moves = _as_written(written, rolled) or parse_play(written, rolled.position, dice)
        except NotationError as exc:
            raise RecordError(f"{self.names[column]}'s {dice[0]}{dice[1]}: {written!r}: {exc}", k) from exc
        except RulesError as exc:
            raise RecordError(f"{self.names[column]}'s {dice[0]}{dice[1]}: {exc}", k) from exc
        return replace(probe, moves=moves)

    def _wins(self, m: re.Match[str], k: int) -> None:
        assert self.state is not None and self.match is not None
        if self.result is not None:
            raise RecordError("this game already has its result", k)
        points = int(m["points"])
        state = self.state
        if state.phase is Phase.GAME_OVER:
            assert state.result is not None
            if points not in (state.result.points, written_points(state.result, self.match.is_match)):
                raise RecordError(
                    f"the game ends with {state.result.points} point(s) by the rules, not {points}", k
                )
            self.result = state.result
            return
        # Not played out: another program's resignation, from the winner's column.
        winner = 1 if len(m["indent"]) >= RIGHT_INDENT else 0
        cube = state.cube.value
        capped = self.match.is_match  # a match caps a win at what the winner needs
        kinds = [w for w in WinKind if (points <= cube * w.value if capped else points == cube * w.value)]
        if not kinds:
            raise RecordError(f"{points} points cannot be won on a cube of {cube}", k)
        kind = kinds[0]
        if capped:  # the file may state the points before the cap (GNU Backgammon does)
            points = min(points, self.match.away(winner))
        try:
            self.result = GameResult(winner, kind, cube, points)
        except RulesError as exc:
            raise RecordError(str(exc), k) from exc
        self.resigned = True

    def _close_game(self, k: int, last: bool) -> None:
        if self.state is None or self.start is None:
            return
        assert self.match is not None
        if not self.have_score:
            raise RecordError(f"game {self.number} has no score line", k)
        result = self.result
        if result is None and self.state.phase is Phase.GAME_OVER:
            result = self.state.result  # played out without a 'Wins' line: the rules know the result
        if result is None and not last:
            raise RecordError(f"game {self.number} (line {self.game_line}) ends without a result", k)
        if result is None and not self.plies:
            self.state = None
            return  # an empty game heading at the end: nothing to keep
        self.games.append(
            GameRecord(
                number=self.number,
                score=self.start.score,
                crawford=self.start.crawford,
                plies=tuple(self.plies),
                result=result,
                resigned=self.resigned,
            )
        )
        if result is not None:
            try:
                self.match = self.match.record(result)
            except RulesError as exc:
                raise RecordError(str(exc), k) from exc
        self.state = None


def _as_written(text: str, rolled: GameState) -> tuple[Move, ...] | None:
    """The play exactly in the order written when every hop is one die (as our writer writes), else None.

    Why: :func:`~game.engine.notation.parse_play` may list the moves of a play in
    another order; keeping the written order makes a round trip exact and a replay
    move the checkers in the order the player did.
    """
    assert rolled.dice is not None
    try:
        hops = parse_journeys(text)
    except NotationError:
        return None
    remaining = list(dice_to_play(rolled.dice))
    position = rolled.position
    moves: list[Move] = []
    for src, dst, _ in hops:
        if dst != OFF:
            die = src - dst if src != BAR_POINT else 25 - dst
        else:
            bigger = sorted(d for d in remaining if d >= src)
            die = src if src in remaining else bigger[0] if bigger else 0
        if die not in remaining:
            return None
        move = board_move(position, src, dst, die)
        if move is None:
            return None
        remaining.remove(die)
        moves.append(move)
        position = apply_move(position, move)
    try:
        apply(rolled, PlayMoves(tuple(moves)))
    except RulesError:
        return None
    return tuple(moves)


def read_mat(text: str) -> MatchRecord:
    """Parse .mat text and replay it through the rules; :class:`RecordError` names the bad line.

    Money play whose file does not state the Jacoby rule (GNU Backgammon's export
    leaves it out) is read without it, and if its results only fit with it, with it.
    """
    reader = _Reader(text)
    try:
        return reader.read()
    except RecordError:
        if reader.rules is None or reader.rules.is_match or reader.jacoby_told:
            raise
        try:
            return _Reader(text, jacoby_untold=True).read()
        except RecordError:
            pass
        raise


__all__ = ["default_metadata", "moves_text", "ply_lines", "read_mat", "write_mat"]
