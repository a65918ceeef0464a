"""A tournament: players, the draw or the Swiss rounds, results, and what to play next.

Two formats:

* ``"elimination"``: single elimination. The draw is filled to a power of two with
  byes, placed by the usual seeding (the top seeds get them; two byes never meet).
  Seeds follow the order of entry, or a shuffle when a draw seed is given. With
  ``consolation`` on, the losers of the first round's played matches play their own
  knock-out draw (seeded in the order of the matches they lost, byes to the top).
* ``"swiss"``: a fixed number of rounds (default: enough rounds for one unbeaten
  player, the base-2 log of the count rounded up). Round 1 pairs the entry order's
  neighbours; each later round is paired automatically as soon as the previous one is
  finished (see :func:`game.tournament.pairing.swiss_pairs`). A bye is a win.
  Standings: match wins, then **Buchholz** (the sum of the wins of every opponent met;
  a bye adds nothing), then the order of entry.

Results: :meth:`Tournament.enter_result` takes a match played on this board (with its
.mat text) or one played elsewhere and typed in by the operator (winner and score).
A **withdrawal** gives every unfinished match of the player to the opponent (at once, or
as soon as the opponent is known) and takes the player out of later Swiss rounds.

Every change calls :attr:`Tournament.on_change` (the store saves the whole tournament
there). Mistakes in the operator's input raise :class:`TournamentError`, which carries a
catalogue key for the screen and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import Enum
from typing import Any, Literal

from .pairing import first_round, swiss_pairs

Format = Literal["elimination", "swiss"]
Stage = Literal["main", "consolation", "swiss"]
How = Literal["played", "typed", "bye", "withdrawal", "time", "void"]

MIN_PLAYERS = 4
MAX_PLAYERS = 32
MAX_NAME = 20
MAX_LENGTH = 25
FORMAT_VERSION = 1


class ChangeKind(Enum):
    """What a line of the tournament's log records (:attr:`Tournament.log`)."""

    RESULT = "result"
    """A result entered: played here, typed in, or on time."""
    CORRECTED = "corrected"
    """A result put right: another winner or score."""
    CLEARED = "cleared"
    """A result taken back: the match is to be played again."""
    WITHDRAWN = "withdrawn"
    REINSTATED = "reinstated"
    """A withdrawal undone: the player is back, the walkovers not yet built on are to be played."""


@dataclass(frozen=True, slots=True)
class Result:
    """A match's result as the log keeps it (all None: no result)."""

    winner: int | None = None
    score: tuple[int, int] | None = None
    how: How | None = None

    def to_list(self) -> list[Any]:
        return [self.winner, None if self.score is None else list(self.score), self.how]


@dataclass(frozen=True, slots=True)
class Change:
    """One line of the log: who changed what, when (``at``: UTC, ISO 8601 to the second).

    ``by`` is who did it, in the caller's words ("operator" at the cabinet's screen, "cabinet" for a
    match played there; the networked desk names its boards). ``match`` and ``before``/``after`` for a
    result; ``player`` for a withdrawal or its undoing. ``reopened``: the matches a change put back to
    be played (a corrected winner's next match, a withdrawal's walkovers).
    """

    kind: ChangeKind
    by: str
    at: str
    match: str | None = None
    player: int | None = None
    before: Result | None = None
    after: Result | None = None
    reopened: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "by": self.by,
            "at": self.at,
            "match": self.match,
            "player": self.player,
            "before": None if self.before is None else self.before.to_list(),
            "after": None if self.after is None else self.after.to_list(),
            "reopened": list(self.reopened),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Change:
        """``ValueError`` for anything :meth:`to_dict` did not give."""

        def result(value: Any) -> Result | None:
            if value is None:
                return None
            winner, score, how = value
            if how not in (None, *HOWS):
                raise ValueError(f"unknown result kind {how!r}")
            return Result(
                None if winner is None else int(winner),
                None if score is None else (int(score[0]), int(score[1])),
                how,
            )

        try:
            return cls(
                ChangeKind(data["kind"]),
                str(data["by"]),
                str(data["at"]),
                None if data["match"] is None else str(data["match"]),
                None if data["player"] is None else int(data["player"]),
                result(data["before"]),
                result(data["after"]),
                tuple(str(x) for x in data["reopened"]),
            )
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"not a log line: {exc!r}") from exc


HOWS: tuple[How, ...] = ("played", "typed", "bye", "withdrawal", "time", "void")


def utc_now() -> str:
    """The time a change is logged at (the tournament's default :attr:`Tournament.clock`)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class TournamentError(ValueError):
    """A request the tournament refuses; ``key`` and ``params`` are the catalogue message for the screen."""

    def __init__(self, key: str, message: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(message)


@dataclass(slots=True)
class Player:
    name: str
    withdrawn: bool = False


@dataclass(slots=True)
class TMatch:
    """One match of the tournament.

    ``feeds`` say where each of the two places comes from: ``["player", index]``,
    ``["winner", match_id]``, ``["loser", match_id]``, or None for a place left empty
    (a bye). ``players`` holds the player indices once known (None: empty or not yet
    known, see :attr:`known`). ``score`` is in the order of ``players``.
    """

    id: str
    stage: Stage
    round: int
    slot: int
    length: int
    feeds: list[list[Any] | None]
    players: list[int | None] = field(default_factory=lambda: [None, None])
    known: list[bool] = field(default_factory=lambda: [False, False])
    winner: int | None = None
    score: tuple[int, int] | None = None
    how: How | None = None
    mat: str | None = None
    """The match's Jellyfish .mat text, when it was played and recorded here."""

    @property
    def done(self) -> bool:
        return self.how is not None

    @property
    def ready(self) -> bool:
        """Both players known, neither place empty, no result yet: the match can be called."""
        return not self.done and all(self.known) and None not in self.players

    def opponent(self, player: int) -> int | None:
        a, b = self.players
        return b if a == player else a if b == player else None

    @property
    def loser(self) -> int | None:
        if not self.done or self.winner is None:
            return None
        return self.opponent(self.winner)


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings (Swiss) or of the elimination's finishing order."""

    rank: int
    player: int
    name: str
    wins: int
    losses: int
    buchholz: int
    byes: int
    withdrawn: bool


def _check_names(names: list[str]) -> list[str]:
    cleaned = [" ".join(n.split()) for n in names]
    if not MIN_PLAYERS <= len(cleaned) <= MAX_PLAYERS:
        raise TournamentError(
            "tourney.error.count",
            f"a tournament has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(cleaned)}",
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
            count=len(cleaned),
        )
    seen: set[str] = set()
    for name in cleaned:
        if not name or len(name) > MAX_NAME:
            raise TournamentError(
                "tourney.error.name", f"a name has 1 to {MAX_NAME} characters: {name!r}", high=MAX_NAME
            )
        if name.casefold() in seen:
            raise TournamentError("tourney.error.same_name", f"{name!r} is entered twice", name=name)
        seen.add(name.casefold())
    return cleaned


def _check_lengths(lengths: list[int]) -> list[int]:
    if not lengths or any(not isinstance(n, int) or not 1 <= n <= MAX_LENGTH for n in lengths):
        raise TournamentError(
            "tourney.error.length", f"a match length is 1 to {MAX_LENGTH} points", high=MAX_LENGTH
        )
    return list(lengths)


class Tournament:
    """See the module docstring. Build one with :meth:`create` or :meth:`from_dict`."""

    def __init__(
        self,
        name: str,
        fmt: Format,
        players: list[Player],
        lengths: list[int],
        *,
        consolation: bool = False,
        consolation_lengths: list[int] | None = None,
        rounds: int = 0,
        lang: str = "en",
        matches: list[TMatch] | None = None,
    ) -> None:
        self.name = name
        self.format: Format = fmt
        self.players = players
        self.lengths = lengths
        self.consolation = consolation
        self.consolation_lengths = consolation_lengths or lengths[:1]
        self.rounds = rounds
        """Swiss: the number of rounds; elimination: the number of main rounds."""
        self.lang = lang
        self.matches: list[TMatch] = matches or []
        self.house: dict[str, Any] = {}
        """The organiser's house rules for matches played here (the screens' business: a clock preset,
        whether the hint, coach and pip count are allowed); saved with the tournament, never read here."""
        self.on_change: Callable[[Tournament], None] | None = None
        """Called after every change (the store saves the tournament here)."""
        self.log: list[Change] = []
        """Who changed what, oldest first (saved with the tournament)."""
        self.revision = 0
        """Counts the changes (saved): a screen or the networked desk sees at once that something moved."""
        self.clock: Callable[[], str] = utc_now
        """The time written in the log (a test may fix it)."""

    # -- building --------------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        name: str,
        players: list[str],
        fmt: Format = "elimination",
        lengths: list[int] | None = None,
        *,
        consolation: bool = True,
        consolation_lengths: list[int] | None = None,
        rounds: int | None = None,
        draw_seed: int | None = None,
        lang: str = "en",
    ) -> Tournament:
        """A new tournament with its first round drawn. ``players`` in seeding order (best first)
        unless ``draw_seed`` is given: then they are shuffled with ``random.Random(draw_seed)``."""
        names = _check_names(players)
        if fmt not in ("elimination", "swiss"):
            raise TournamentError("tourney.error.format", f"unknown format {fmt!r}")
        lengths = _check_lengths(lengths or [5])
        if consolation_lengths is not None:
            consolation_lengths = _check_lengths(consolation_lengths)
        if draw_seed is not None:
            random.Random(draw_seed).shuffle(names)
        n = len(names)
        default_rounds = max(1, (n - 1).bit_length())
        if fmt == "swiss":
            count = default_rounds if rounds is None else rounds
            if not 1 <= count <= n - 1:
                raise TournamentError(
                    "tourney.error.rounds", f"a Swiss of {n} players has 1 to {n - 1} rounds", high=n - 1
                )
        else:
            count = default_rounds
        t = cls(
            " ".join(name.split()) or "Tournament",
            fmt,
            [Player(p) for p in names],
            lengths,
            consolation=consolation and fmt == "elimination",
            consolation_lengths=consolation_lengths,
            rounds=count,
            lang=lang,
        )
        if fmt == "elimination":
            t._draw_elimination()
        else:
            t._pair_swiss_round(1)
        t._settle()
        return t

    def length_of(self, stage: Stage, round_number: int) -> int:
        """The match length of a round: the list's entry for it, the last entry for later rounds."""
        lengths = self.consolation_lengths if stage == "consolation" else self.lengths
        return lengths[min(round_number, len(lengths)) - 1]

    def _add(self, stage: Stage, rnd: int, slot: int, feeds: list[list[Any] | None]) -> TMatch:
        prefix = {"main": "R", "consolation": "C", "swiss": "S"}[stage]
        match = TMatch(f"{prefix}{rnd}-{slot}", stage, rnd, slot, self.length_of(stage, rnd), feeds)
        self.matches.append(match)
        return match

    def _knockout(self, stage: Stage, first: list[list[list[Any] | None]]) -> None:
        """A knock-out draw whose first round has the places ``first`` (pairs of feeds)."""
        previous = [self._add(stage, 1, k + 1, pair) for k, pair in enumerate(first)]
        rnd = 1
        while len(previous) > 1:
            rnd += 1
            previous = [
                self._add(
                    stage, rnd, k // 2 + 1, [["winner", previous[k].id], ["winner", previous[k + 1].id]]
                )
                for k in range(0, len(previous), 2)
            ]

    def _draw_elimination(self) -> None:
        pairs = first_round(len(self.players))
        self._knockout(
            "main",
            [[None if s is None else ["player", s - 1] for s in pair] for pair in pairs],
        )
        self.rounds = max(m.round for m in self.matches)
        if not self.consolation:
            return
        played = [m for m in self.matches if m.round == 1 and None not in m.feeds]
        if len(played) < 2:
            return  # one first-round loser (or none) has nobody to play
        pairs = first_round(len(played))
        self._knockout(
            "consolation",
            [[None if s is None else ["loser", played[s - 1].id] for s in pair] for pair in pairs],
        )

    # -- Swiss -----------------------------------------------------------------------------------

    def met(self, a: int, b: int) -> bool:
        return any(m.done and set(m.players) == {a, b} for m in self.matches)

    def _had_bye(self, p: int) -> bool:
        return any(m.how == "bye" and m.winner == p for m in self.matches)

    def _pair_swiss_round(self, rnd: int) -> bool:
        """Pair round ``rnd`` in standing order (round 1: entry order); False when fewer than two
        players are left to pair."""
        active = [s.player for s in self.standings() if not self.players[s.player].withdrawn]
        if len(active) < 2:
            return False
        pairs, bye = swiss_pairs(active, self.met, self._had_bye)
        for slot, (a, b) in enumerate(pairs, start=1):
            self._add("swiss", rnd, slot, [["player", a], ["player", b]])
        if bye is not None:
            self._add("swiss", rnd, len(pairs) + 1, [["player", bye], None])
        return True

    # -- keeping everything up to date -----------------------------------------------------------

    def match(self, match_id: str) -> TMatch:
        for m in self.matches:
            if m.id == match_id:
                return m
        raise TournamentError("tourney.error.no_match", f"there is no match {match_id!r}", id=match_id)

    def _feed(self, feed: list[Any] | None) -> tuple[bool, int | None]:
        """(known yet, the player or None for an empty place)."""
        if feed is None:
            return True, None
        kind, value = feed
        if kind == "player":
            return True, int(value)
        source = self.match(str(value))
        if not source.done:
            return False, None
        return True, source.winner if kind == "winner" else source.loser

    def _settle(self) -> None:
        """Fill in every place that is known, decide byes and withdrawals, pair the next Swiss round."""
        changed = True
        while changed:
            changed = False
            for m in self.matches:
                if m.done:
                    continue
                for k in (0, 1):
                    if not m.known[k]:
                        m.known[k], m.players[k] = self._feed(m.feeds[k])
                        changed |= m.known[k]
                if all(m.known) and self._auto_result(m):
                    changed = True
            if self.format == "swiss":
                current = max(m.round for m in self.matches)
                if current < self.rounds and all(m.done for m in self.matches):
                    if self._pair_swiss_round(current + 1):
                        changed = True
                    else:
                        self.rounds = current  # fewer than two players left: the Swiss ends here

    def _auto_result(self, m: TMatch) -> bool:
        a, b = m.players
        if a is None and b is None:
            m.how = "void"
        elif a is None or b is None:
            m.winner, m.how = (a if b is None else b), "bye"
        elif self.players[a].withdrawn or self.players[b].withdrawn:
            m.winner = b if self.players[a].withdrawn else a
            m.how = "withdrawal"
        else:
            return False
        return True

    def _changed(self, change: Change | None = None) -> None:
        self._settle()
        if change is not None:
            self.log.append(change)
        self.revision += 1
        if self.on_change is not None:
            self.on_change(self)

    def _note(self, kind: ChangeKind, by: str, **what: Any) -> Change:
        return Change(kind, by, self.clock(), **what)

    def dependants(self, match_id: str) -> list[TMatch]:
        """The matches whose places come from ``match_id``'s winner or loser (knock-out draws)."""
        return [
            m
            for m in self.matches
            if any(f is not None and f[0] != "player" and f[1] == match_id for f in m.feeds)
        ]

    def _built_on(self, match_id: str) -> list[str]:
        """The later matches with a real result (played, typed, on time) that took a place from
        ``match_id`` (directly, or through matches decided by themselves: a bye, a walkover): those
        stand in the way of changing who won ``match_id``."""
        found: list[str] = []
        for d in self.dependants(match_id):
            if d.how in ("played", "typed", "time"):
                found.append(d.id)
            elif d.done:
                found += self._built_on(d.id)
        return found

    def _reopen_after(self, match_id: str) -> list[str]:
        """Take back every place filled from ``match_id`` (and the results decided by themselves there,
        a bye or a walkover, further on): :meth:`_settle` fills them again. The caller checked with
        :meth:`_built_on` that no real result is among them. Returns the matches reopened."""
        reopened: list[str] = []
        for d in self.dependants(match_id):
            for k, f in enumerate(d.feeds):
                if f is not None and f[0] != "player" and f[1] == match_id:
                    d.known[k], d.players[k] = False, None
            if d.done:
                reopened += [d.id, *self._reopen_after(d.id)]
                d.winner, d.score, d.how, d.mat = None, None, None, None
        return reopened

    def _refuse_if_built_on(self, m: TMatch) -> None:
        later = self._built_on(m.id)
        if later:
            raise TournamentError(
                "tourney.error.built_on",
                f"match {m.id} cannot change: {', '.join(later)} already played on its result",
                id=m.id,
                later=", ".join(later),
            )

    def _check_score(self, m: TMatch, winner: int, score: tuple[int, int], how: How) -> tuple[int, int]:
        if winner not in m.players or None in m.players:
            raise TournamentError("tourney.error.not_in_match", "the winner must be one of the two players")
        if how not in ("played", "typed", "time"):
            raise TournamentError("tourney.error.how", f"a result is played, typed or time, not {how!r}")
        try:
            a, b = int(score[0]), int(score[1])
        except (TypeError, ValueError, IndexError):
            a, b = -1, -1
        mine, theirs = (a, b) if winner == m.players[0] else (b, a)
        if how == "time":  # the match stopped before anyone reached the length
            ok = 0 <= mine < m.length and 0 <= theirs < m.length
        else:
            ok = 0 <= theirs < m.length <= mine
        if not ok:
            raise TournamentError(
                "tourney.error.score",
                f"in a {m.length} point match the winner reaches {m.length} and the loser stays below",
                length=m.length,
            )
        return a, b

    # -- what the operator does ------------------------------------------------------------------

    def enter_result(
        self,
        match_id: str,
        winner: int,
        score: tuple[int, int],
        *,
        how: How = "typed",
        mat: str | None = None,
        by: str = "operator",
    ) -> TMatch:
        """The result of a ready match: ``winner`` (a player index of the match), ``score`` in the order
        of ``match.players``. ``how``: "played" (here, with its ``mat`` text), "typed" (played
        elsewhere and typed in) or "time" (the loser's clock ran out: any score below the length).
        ``by``: who entered it, for the log. ``TournamentError`` (nothing changed) when refused."""
        m = self.match(match_id)
        if not m.ready:
            raise TournamentError(
                "tourney.error.not_ready", f"match {m.id} cannot take a result now", id=m.id
            )
        checked = self._check_score(m, winner, score, how)
        m.winner, m.score, m.how, m.mat = winner, checked, how, mat
        after = Result(winner, checked, how)
        self._changed(self._note(ChangeKind.RESULT, by, match=m.id, after=after))
        return m

    def correct_result(
        self,
        match_id: str,
        winner: int,
        score: tuple[int, int],
        *,
        how: How = "typed",
        by: str = "operator",
    ) -> TMatch:
        """Put right the result of a finished match (the director's last word).

        Any result between two players can be corrected (played, typed, on time, or a walkover
        given by a withdrawal); a bye or an empty match cannot (there is nobody to have won
        otherwise). The same winner with another score changes only the score. Another winner
        moves into the next match in the loser's place (and the loser into the consolation draw):
        that is refused while a later match already has a result on it (correct or clear that one
        first); a later bye or walkover is decided again. In a Swiss, the rounds already paired
        stand; the standings follow at once. A match played here keeps its record.
        ``TournamentError`` (nothing changed) when refused; the change is logged with ``by``."""
        m = self.match(match_id)
        if not m.done or m.how in ("bye", "void") or None in m.players:
            raise TournamentError("tourney.error.not_done", f"match {m.id} has no result to correct", id=m.id)
        checked = self._check_score(m, winner, score, how)
        before = Result(m.winner, m.score, m.how)
        reopened: list[str] = []
        if winner != m.winner:
            self._refuse_if_built_on(m)
            reopened = self._reopen_after(m.id)
        m.winner, m.score, m.how = winner, checked, how
        after = Result(winner, checked, how)
        note = self._note(
            ChangeKind.CORRECTED, by, match=m.id, before=before, after=after, reopened=tuple(reopened)
        )
        self._changed(note)
        return m

    def clear_result(self, match_id: str, *, by: str = "operator") -> TMatch:
        """Take back a finished match's result: it is to be played again (its record, if any, goes
        with the result). Refused, like :meth:`correct_result`, while a later match has a result on it;
        a walkover of a player still withdrawn is given again at once."""
        m = self.match(match_id)
        if not m.done or m.how in ("bye", "void") or None in m.players:
            raise TournamentError("tourney.error.not_done", f"match {m.id} has no result to correct", id=m.id)
        self._refuse_if_built_on(m)
        before = Result(m.winner, m.score, m.how)
        reopened = self._reopen_after(m.id)
        m.winner, m.score, m.how, m.mat = None, None, None, None
        self._changed(self._note(ChangeKind.CLEARED, by, match=m.id, before=before, reopened=tuple(reopened)))
        return m

    def withdraw(self, player: int, *, by: str = "operator") -> None:
        """``player`` leaves: every unfinished match of theirs goes to the opponent (now or when known)."""
        self._player(player)
        if self.players[player].withdrawn:
            return
        self.players[player].withdrawn = True
        self._changed(self._note(ChangeKind.WITHDRAWN, by, player=player))

    def reinstate(self, player: int, *, by: str = "operator") -> list[str]:
        """Undo ``player``'s withdrawal: they are in again (and paired in later Swiss rounds). Every
        walkover their withdrawal gave that no later result is built on is taken back, to be played;
        the others stand. Returns the ids of the matches to be played again."""
        self._player(player)
        if not self.players[player].withdrawn:
            return []
        self.players[player].withdrawn = False
        reopened: list[str] = []
        current = max(m.round for m in self.matches)
        for m in self.matches:
            if self.format == "swiss" and m.round != current:
                continue  # an earlier Swiss round is over: the pairings on its results stand
            if (
                m.how == "withdrawal"
                and player in m.players
                and m.winner != player
                and not self._built_on(m.id)
            ):
                reopened += [m.id, *self._reopen_after(m.id)]
                m.winner, m.score, m.how = None, None, None
        self._changed(self._note(ChangeKind.REINSTATED, by, player=player, reopened=tuple(reopened)))
        return reopened

    def _player(self, player: int) -> None:
        if not isinstance(player, int) or not 0 <= player < len(self.players):
            raise TournamentError("tourney.error.no_player", f"there is no player {player}")

    def correctable(self) -> list[TMatch]:
        """The matches whose result can be corrected or cleared now, latest round first."""
        order = {"main": 0, "swiss": 0, "consolation": 1}
        done = [m for m in self.matches if m.done and m.how not in ("bye", "void") and None not in m.players]
        return sorted(done, key=lambda m: (-m.round, order[m.stage], m.slot))

    # -- what the screen asks --------------------------------------------------------------------

    def ready_matches(self) -> list[TMatch]:
        """Matches that can be played now, in calling order: earlier rounds first, the main draw
        before the consolation, then by place in the draw."""
        order = {"main": 0, "swiss": 0, "consolation": 1}
        return sorted((m for m in self.matches if m.ready), key=lambda m: (m.round, order[m.stage], m.slot))

    def next_match(self) -> TMatch | None:
        ready = self.ready_matches()
        return ready[0] if ready else None

    @property
    def finished(self) -> bool:
        return all(m.done for m in self.matches) and not self.ready_matches()

    def winner(self, stage: Stage | None = None) -> int | None:
        """The winner of the tournament (or of the consolation draw) once decided."""
        if self.format == "swiss":
            return self.standings()[0].player if self.finished else None
        stage = stage or "main"
        final = [m for m in self.matches if m.stage == stage]
        if not final:
            return None
        last = max(final, key=lambda m: m.round)
        return last.winner if last.done else None

    def standings(self) -> list[Standing]:
        """Every match counts: wins and losses include the consolation draw's, and a bye is a win.

        Swiss: wins, then Buchholz (the sum of the wins of every opponent met), then entry order.
        Elimination: the furthest round of the main draw reached (the winner first), then wins,
        then Buchholz, then entry order. Players equal on all but the entry order share a rank."""
        wins = [0] * len(self.players)
        losses = [0] * len(self.players)
        byes = [0] * len(self.players)
        reached = [0] * len(self.players)
        opponents: list[list[int]] = [[] for _ in self.players]
        for m in self.matches:
            if not m.done or m.winner is None:
                continue
            wins[m.winner] += 1
            main = m.stage == "main"
            if main:
                reached[m.winner] = max(reached[m.winner], m.round + 1)
            if m.how == "bye":
                byes[m.winner] += 1
                continue
            loser = m.loser
            assert loser is not None
            losses[loser] += 1
            if main:
                reached[loser] = max(reached[loser], m.round)
            opponents[m.winner].append(loser)
            opponents[loser].append(m.winner)
        buchholz = [sum(wins[o] for o in opponents[p]) for p in range(len(self.players))]
        key: list[tuple[int, ...]]
        if self.format == "swiss":
            key = [(-wins[p], -buchholz[p], p) for p in range(len(self.players))]
        else:
            key = [(-reached[p], -wins[p], -buchholz[p], p) for p in range(len(self.players))]
        order = sorted(range(len(self.players)), key=lambda p: key[p])
        rows: list[Standing] = []
        for k, p in enumerate(order):
            tied = k > 0 and key[p][:-1] == key[order[k - 1]][:-1]
            rank = rows[-1].rank if tied else k + 1
            rows.append(
                Standing(
                    rank,
                    p,
                    self.players[p].name,
                    wins[p],
                    losses[p],
                    buchholz[p],
                    byes[p],
                    self.players[p].withdrawn,
                )
            )
        return rows

    # -- saving ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": FORMAT_VERSION,
            "name": self.name,
            "format": self.format,
            "lang": self.lang,
            "lengths": self.lengths,
            "consolation": self.consolation,
            "consolation_lengths": self.consolation_lengths,
            "rounds": self.rounds,
            "house": dict(self.house),
            "revision": self.revision,
            "log": [c.to_dict() for c in self.log],
            "players": [{"name": p.name, "withdrawn": p.withdrawn} for p in self.players],
            "matches": [
                {
                    "id": m.id,
                    "stage": m.stage,
                    "round": m.round,
                    "slot": m.slot,
                    "length": m.length,
                    "feeds": [None if f is None else list(f) for f in m.feeds],  # copies: not the live draw
                    "players": list(m.players),
                    "known": list(m.known),
                    "winner": m.winner,
                    "score": None if m.score is None else list(m.score),
                    "how": m.how,
                    "mat": m.mat,
                }
                for m in self.matches
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tournament:
        """The tournament :meth:`to_dict` gave; ``ValueError`` (with what is wrong) for anything else."""
        try:
            if data["version"] != FORMAT_VERSION:
                raise ValueError(f"version {data['version']!r}, this program reads {FORMAT_VERSION}")
            players = [Player(str(p["name"]), bool(p["withdrawn"])) for p in data["players"]]
            matches = [
                TMatch(
                    id=str(m["id"]),
                    stage=m["stage"],
                    round=int(m["round"]),
                    slot=int(m["slot"]),
                    length=int(m["length"]),
                    feeds=[None if f is None else [str(f[0]), f[1]] for f in m["feeds"]],
                    players=[None if p is None else int(p) for p in m["players"]],
                    known=[bool(k) for k in m["known"]],
                    winner=None if m["winner"] is None else int(m["winner"]),
                    score=None if m["score"] is None else (int(m["score"][0]), int(m["score"][1])),
                    how=m["how"],
                    mat=m["mat"],
                )
                for m in data["matches"]
            ]
            t = cls(
                str(data["name"]),
                data["format"],
                players,
                [int(n) for n in data["lengths"]],
                consolation=bool(data["consolation"]),
                consolation_lengths=[int(n) for n in data["consolation_lengths"]],
                rounds=int(data["rounds"]),
                lang=str(data["lang"]),
                matches=matches,
            )
            house = data.get("house", {})  # optional: files from before the screens have none
            if not isinstance(house, dict):
                raise ValueError("the house rules are not a JSON object")
            t.house = dict(house)
            t.revision = int(data.get("revision", 0))  # optional: files from before the log have none
            log = data.get("log", [])
            if not isinstance(log, list):
                raise ValueError("the log is not a list")
            t.log = [Change.from_dict(c) for c in log]
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(f"not a saved tournament: {exc!r}") from exc
        t._validate()
        return t

    def _validate(self) -> None:
        n = len(self.players)
        if self.format not in ("elimination", "swiss") or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError("unknown format or player count out of range")
        ids = {m.id for m in self.matches}
        if len(ids) != len(self.matches) or not self.matches:
            raise ValueError("matches missing or listed twice")
        for m in self.matches:
            if m.stage not in ("main", "consolation", "swiss") or len(m.players) != 2 or len(m.feeds) != 2:
                raise ValueError(f"match {m.id} is malformed")
            if m.how not in (None, "played", "typed", "bye", "withdrawal", "time", "void"):
                raise ValueError(f"match {m.id} has an unknown result kind")
            for p in (*m.players, m.winner):
                if p is not None and not 0 <= p < n:
                    raise ValueError(f"match {m.id} names a player who is not entered")
            for f in m.feeds:
                if f is not None and (
                    f[0] not in ("player", "winner", "loser") or (f[0] != "player" and f[1] not in ids)
                ):
                    raise ValueError(f"match {m.id} is fed from nowhere")


__all__ = [
    "HOWS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Change",
    "ChangeKind",
    "Player",
    "Result",
    "Standing",
    "TMatch",
    "Tournament",
    "TournamentError",
]
