"""What can be kept of a damaged tournament file: one bad field costs that field, not the event.

Why: the file is rewritten atomically after every change, so a damaged one comes from a disk fault or
a hand edit, and usually a single value is wrong. Throwing the whole event away for it (every result
of the night) is the worst answer. :func:`salvage` reads every field on its own: a bad name becomes
"Player N", a bad result leaves that match to be played again, a bad record drops that record, a bad
log line drops that line. Each loss is listed (:class:`Lost`) so the screen can say what was kept.

A knock-out draw is rebuilt from the players in their saved order (the draw is a pure function of
the entry order and the lengths, see :mod:`game.tournament.pairing`) and the saved results are put
back in it round by round, each checked against the players the rebuilt draw has there. A Swiss keeps
its saved pairings match by match (later rounds depend on the results and withdrawals of their time).
What cannot be rebuilt at all (no readable players, an unknown format) raises ``ValueError``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from .model import (
    FORMAT_VERSION,
    HOWS,
    MAX_LENGTH,
    MAX_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Change,
    Format,
    Player,
    TMatch,
    Tournament,
)


class LostKind(Enum):
    """What of a damaged file was lost; the value is how the log says it (``what`` filled in), the
    screens say it from the catalogue (``tourney.lost.<name>``)."""

    PLAYER_NAME = "player {what} name"
    PLAYER_WITHDRAWN = "player {what} withdrawn"
    FORMAT = "format"
    RESULT = "{what} result"
    SCORE = "{what} score"
    RECORD = "{what} record"
    MATCH = "match {what}"
    PAIRINGS = "pairings"
    VERSION = "version"
    NAME = "name"
    LENGTHS = "lengths"
    CONSOLATION = "consolation"
    CONSOLATION_LENGTHS = "consolation lengths"
    ROUNDS = "rounds"
    LANGUAGE = "language"
    HOUSE = "house rules"
    MATCHES = "matches"
    LOG_LINE = "log line {what}"
    LOG = "log"


@dataclass(frozen=True, slots=True)
class Lost:
    """One thing of a damaged file that could not be kept: its ``kind`` and which one (``what``: a
    match id, a player's or a log line's number); ``why`` says what was wrong, for the log."""

    kind: LostKind
    why: str
    what: str = ""

    @property
    def field(self) -> str:
        """In the log's words: "R2-1 result", "player 3 name"."""
        return self.kind.value.format(what=self.what)

    def __str__(self) -> str:
        return self.field


def _length(value: Any) -> int | None:
    return (
        value if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_LENGTH else None
    )


def _lengths(value: Any) -> list[int] | None:
    if not isinstance(value, list) or not value:
        return None
    checked = [_length(v) for v in value]
    return None if None in checked else [v for v in checked if v is not None]


def _players(data: dict[str, Any], lost: list[Lost]) -> list[Player]:
    raw = data.get("players")
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise ValueError("the players cannot be read")
    players: list[Player] = []
    seen: set[str] = set()
    for k, entry in enumerate(raw):
        entry = entry if isinstance(entry, dict) else {}
        name = entry.get("name")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME or name.casefold() in seen:
            lost.append(Lost(LostKind.PLAYER_NAME, what=str(k + 1), why=f"{name!r} is not a name"))
            name = f"Player {k + 1}"
        seen.add(name.casefold())
        withdrawn = entry.get("withdrawn", False)
        if not isinstance(withdrawn, bool):
            lost.append(
                Lost(LostKind.PLAYER_WITHDRAWN, what=str(k + 1), why=f"{withdrawn!r} is not yes or no")
            )
            withdrawn = False
        players.append(Player(name, withdrawn))
    return players


def _format(data: dict[str, Any], lost: list[Lost]) -> Format:
    fmt = data.get("format")
    if fmt in ("elimination", "swiss"):
        return "swiss" if fmt == "swiss" else "elimination"
    matches = data.get("matches")
    ids = [m.get("id") for m in matches if isinstance(m, dict)] if isinstance(matches, list) else []
    if any(isinstance(i, str) and i.startswith("S") for i in ids):
        lost.append(Lost(LostKind.FORMAT, why=f"{fmt!r} is not a format; Swiss by its matches"))
        return "swiss"
    if any(isinstance(i, str) and i.startswith("R") for i in ids):
        lost.append(Lost(LostKind.FORMAT, why=f"{fmt!r} is not a format; knock-out by its matches"))
        return "elimination"
    raise ValueError(f"unknown format {fmt!r}")


def _result(tournament: Tournament, m: TMatch, saved: dict[str, Any], lost: list[Lost]) -> None:
    """Put ``saved``'s result on ``m`` (its players already known) if it holds, else list it lost."""
    how = saved.get("how")
    if how is None or how in ("bye", "void", "withdrawal"):
        return  # no result, or one the draw decides by itself again
    winner, score = saved.get("winner"), saved.get("score")
    if how not in HOWS or not isinstance(winner, int) or winner not in m.players or not m.ready:
        lost.append(Lost(LostKind.RESULT, what=m.id, why=f"{how!r} won by {winner!r} does not fit the draw"))
        return
    checked: tuple[int, int] | None = None
    if (
        isinstance(score, list)
        and len(score) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in score)
    ):
        try:
            checked = tournament._check_score(m, winner, (score[0], score[1]), how)
        except ValueError:
            checked = None
    if checked is None:  # the winner stands (the draw goes on from it), the score is lost
        lost.append(Lost(LostKind.SCORE, what=m.id, why=f"{score!r} is not a score of this match"))
    m.winner, m.score, m.how = winner, checked, how
    mat = saved.get("mat")
    if isinstance(mat, str) or mat is None:
        m.mat = mat
    else:
        lost.append(Lost(LostKind.RECORD, what=m.id, why="the record is not text"))


def _put_back(
    tournament: Tournament, saved: dict[str, dict[str, Any]], done: set[str], lost: list[Lost]
) -> None:
    while True:
        todo = [m for m in tournament.matches if m.ready and m.id in saved and m.id not in done]
        if not todo:
            return
        for m in todo:
            done.add(m.id)
            _result(tournament, m, saved[m.id], lost)
        tournament._settle()


def _rebuilt_draw(
    tournament: Tournament, saved: dict[str, dict[str, Any]], withdrawn: list[bool], lost: list[Lost]
) -> None:
    """The draw again, the results put back before the withdrawals (a player may have won matches
    before leaving), then the withdrawals' walkovers, then the results after them."""
    tournament._draw_elimination()
    tournament._settle()
    done: set[str] = set()
    _put_back(tournament, saved, done, lost)
    for player, out in zip(tournament.players, withdrawn, strict=True):
        player.withdrawn = out
    tournament._settle()
    _put_back(tournament, saved, done, lost)
    for mid, entry in saved.items():
        if mid not in done and entry.get("how") in ("played", "typed", "time"):
            lost.append(Lost(LostKind.RESULT, what=mid, why="its players are not known in the rebuilt draw"))


def _swiss(tournament: Tournament, raw: list[Any], lost: list[Lost]) -> None:
    n = len(tournament.players)
    for k, entry in enumerate(raw):
        try:
            mid, rnd, slot = str(entry["id"]), int(entry["round"]), int(entry["slot"])
            feeds = entry["feeds"]
            if len(feeds) != 2 or feeds[0] is None:
                raise ValueError("not two places")
            places = [None if f is None else int(f[1]) for f in feeds]
            if any(f is not None and (f[0] != "player") for f in feeds) or any(
                p is not None and not 0 <= p < n for p in places
            ):
                raise ValueError("a place names nobody entered")
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            lost.append(Lost(LostKind.MATCH, what=str(k + 1), why=f"cannot be read: {exc!r}"))
            continue
        if any(m.id == mid for m in tournament.matches):
            lost.append(Lost(LostKind.MATCH, what=mid, why="listed twice"))
            continue
        m = TMatch(
            mid,
            "swiss",
            rnd,
            slot,
            tournament.length_of("swiss", rnd),
            [None if p is None else ["player", p] for p in places],
        )
        m.players = list(places)
        m.known = [True, True]
        tournament.matches.append(m)
        if None in places:
            tournament._auto_result(m)
        else:
            _result(tournament, m, entry if isinstance(entry, dict) else {}, lost)
    if not tournament.matches:
        tournament._pair_swiss_round(1)
        lost.append(Lost(LostKind.PAIRINGS, why="no match could be read; round 1 paired again"))
    tournament.rounds = max(tournament.rounds, max(m.round for m in tournament.matches))


def salvage(data: Any) -> tuple[Tournament, list[Lost]]:
    """The tournament ``data`` held, as much of it as can be read, and what was lost (see the module).
    ``ValueError`` when nothing worth keeping is there."""
    if not isinstance(data, dict):
        raise ValueError("the file does not hold a tournament")
    lost: list[Lost] = []
    if data.get("version") != FORMAT_VERSION:
        lost.append(Lost(LostKind.VERSION, why=f"{data.get('version')!r}, read as {FORMAT_VERSION}"))
    players = _players(data, lost)
    fmt = _format(data, lost)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        lost.append(Lost(LostKind.NAME, why=f"{name!r} is not a name"))
        name = "Tournament"
    lengths = _lengths(data.get("lengths"))
    if lengths is None:
        lost.append(Lost(LostKind.LENGTHS, why=f"{data.get('lengths')!r} are not match lengths"))
        lengths = [5]
    consolation = data.get("consolation", False)
    if not isinstance(consolation, bool):
        lost.append(Lost(LostKind.CONSOLATION, why=f"{consolation!r} is not yes or no"))
        consolation = any(
            isinstance(m, dict) and m.get("stage") == "consolation" for m in data.get("matches") or []
        )
    c_lengths = _lengths(data.get("consolation_lengths"))
    if c_lengths is None:
        lost.append(Lost(LostKind.CONSOLATION_LENGTHS, why=f"{data.get('consolation_lengths')!r}"))
        c_lengths = lengths[:1]
    rounds = data.get("rounds")
    if not isinstance(rounds, int) or not 1 <= rounds < len(players):
        lost.append(Lost(LostKind.ROUNDS, why=f"{rounds!r} is not a number of rounds"))
        rounds = max(1, (len(players) - 1).bit_length())
    lang = data.get("lang")
    if not isinstance(lang, str):
        lost.append(Lost(LostKind.LANGUAGE, why=f"{lang!r}"))
        lang = "en"
    t = Tournament(
        name,
        fmt,
        players,
        lengths,
        consolation=consolation and fmt == "elimination",
        consolation_lengths=c_lengths,
        rounds=rounds,
        lang=lang,
    )
    house = data.get("house", {})
    if isinstance(house, dict):
        t.house = dict(house)
    else:
        lost.append(Lost(LostKind.HOUSE, why=f"{house!r} is not a set of rules"))
    raw = data.get("matches")
    if not isinstance(raw, list):
        lost.append(Lost(LostKind.MATCHES, why="the draw cannot be read; every result is lost"))
        raw = []
    withdrawn = [p.withdrawn for p in players]
    for p in players:
        p.withdrawn = False  # for now: results from before a withdrawal are put back first
    if fmt == "elimination":
        saved = {str(m["id"]): m for m in raw if isinstance(m, dict) and isinstance(m.get("id"), str)}
        _rebuilt_draw(t, saved, withdrawn, lost)
    else:
        _swiss(t, raw, lost)
        for player, out in zip(players, withdrawn, strict=True):
            player.withdrawn = out
        t._settle()
    log = data.get("log", [])
    for k, line in enumerate(log if isinstance(log, list) else []):
        try:
            t.log.append(Change.from_dict(line))
        except (ValueError, TypeError, AttributeError) as exc:
            lost.append(Lost(LostKind.LOG_LINE, what=str(k + 1), why=str(exc)))
    if not isinstance(log, list):
        lost.append(Lost(LostKind.LOG, why="the log cannot be read"))
    revision = data.get("revision", 0)
    t.revision = revision if isinstance(revision, int) else len(t.log)
    t._validate()
    return t, lost


__all__ = ["Lost", "LostKind", "salvage"]
