"""The tournament desk: one tournament, the boards that joined, their reports, and the director's word.

No HTTP and no pygame here: :mod:`game.desk.server` puts this on the network, the desk's screen
calls it directly. Tournament rules are :mod:`game.tournament`'s (the draws, results, withdrawals);
this module decides only who plays where and keeps everything in the database (:mod:`.store`).

Every change runs in one database transaction with the report id or nonce that asked for it and
an audit line; the answer is given after the commit. If the transaction fails, the tournament in
memory is read back from the database, so memory never holds what the disk refused.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
import logging
import secrets
import sqlite3
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import Match, RulesError
from game.record import MatchRecord, RecordError, read_mat
from game.session.recording import plain_name
from game.tournament import TMatch, Tournament, TournamentError, export_folder
from game.tournament.model import Format, How

from . import protocol as pr
from .store import Store, put

log = logging.getLogger(__name__)

DB_FILE = "desk.sqlite"
LATE_AFTER = 90.0
"""Seconds without a word from a board playing a match before the desk's screen calls it late (a board
where people play sends a sign of life every ``protocol.LIVE_EVERY`` seconds)."""
MINUTES_PER_POINT = 8.0
"""A match playing longer than this many minutes a point of its length is called slow on the desk's
screen (tournament directors plan about 6 to 8 minutes a point)."""
NONCE_MEMORY = 2 * pr.MAX_SKEW


def scored(record: MatchRecord) -> Match:
    """The match at the end of a record :func:`read_mat` returned: its games' results kept by the
    match's score keeping, without replaying their moves again.

    Why not :func:`game.record.check_match`: the reader has already replayed every ply through the
    rules, started each game at the score and Crawford flag the games before it reached and taken
    each played-out result from the rules, so ``check_match`` would only replay it all a second time:
    about a fifth of the desk's CPU for each report (the figures are in ``docs/tournament-desk.md``)."""
    match = Match(record.rules)
    for game in record.games:
        if game.result is None:
            break
        try:
            match = match.record(game.result)
        except RulesError as exc:
            raise RecordError(f"game {game.number}: {exc}") from exc
    return match


@dataclass(frozen=True, slots=True)
class Clocks:
    """A board's match clock as it last said (``/api/live``): each player's bank in seconds, whose
    clock runs (None: neither), and when the desk heard it (its own clock)."""

    banks: tuple[int, int]
    running: int | None
    at: float

    def now(self, when: float) -> tuple[int, int]:
        """The banks at ``when``: the running one counted down since it was heard (a delay before the
        bank runs is left out: the screen may show a few seconds less than the board)."""
        if self.running is None:
            return self.banks
        gone = max(0, int(when - self.at))
        banks = list(self.banks)
        banks[self.running] = max(0, banks[self.running] - gone)
        return banks[0], banks[1]


@dataclass(slots=True)
class Board:
    id: str
    name: str
    key: bytes
    removed: bool
    joined: float
    seen: float = 0.0


class Desk:
    """See the module docstring. ``clock`` is the wall clock (tests pass their own)."""

    def __init__(self, folder: Path, clock: Callable[[], float] = time.time) -> None:
        self.folder = folder
        self.clock = clock
        self.store = Store(folder / DB_FILE)
        self.lock = threading.RLock()
        self.tournament: Tournament | None = None
        self.boards: dict[str, Board] = {}
        self.assigned: dict[str, str] = {}
        """match id -> board id."""
        self.live: dict[str, tuple[int, int, int]] = {}
        """match id -> (games reported, score of its first player, of its second)."""
        self.clocks: dict[str, Clocks] = {}
        """match id -> its clock as its board last said (memory only: a clock is shown, not kept)."""
        self.since: dict[str, float] = {}
        """match id -> when it went to its board (the assignments table's ``since``)."""
        self.nonces: dict[str, int] = {}
        self.version = 0
        self.started = clock()
        """When this desk started: a board is not called silent for the time the desk was down."""
        self._snapshot: tuple[int, bytes] = (0, b"")
        self._shown = b""
        self._load()

    # -- setting up --------------------------------------------------------------------------------

    def _load(self) -> None:
        with self.lock:
            if self.store.get("desk_id") is None:
                with self.store.transaction() as db:
                    put(db, "desk_id", secrets.token_hex(8))
                    put(db, "join_code", pr.new_join_code())
                    put(db, "director_key", secrets.token_hex(32))
            self.desk_id = self.store.get("desk_id") or ""
            self.join_code = self.store.get("join_code") or ""
            self.director_key = bytes.fromhex(self.store.get("director_key") or "")
            self._join_key = pr.join_key(self.join_code, self.desk_id)
            self.tournament = None
            text = self.store.get("tournament")
            if text is not None:
                t = Tournament.from_dict(json.loads(text))
                mats = {str(k): str(v) for k, v in self.store.rows("SELECT match, mat FROM records")}
                for m in t.matches:
                    if m.id in mats:
                        m.mat = mats[m.id]
                self.tournament = t
            self.boards = {
                str(r[0]): Board(str(r[0]), str(r[1]), bytes.fromhex(str(r[2])), bool(r[3]), float(str(r[4])))
                for r in self.store.rows("SELECT id, name, key, removed, joined FROM boards")
            }
            rows = self.store.rows("SELECT match, board, since FROM assignments")
            self.assigned = {str(m): str(b) for m, b, _ in rows}
            self.since = {str(m): float(str(at)) for m, _, at in rows}
            self.live = {
                str(r[0]): (int(str(r[1])), int(str(r[2])), int(str(r[3])))
                for r in self.store.rows("SELECT match, game, score0, score1 FROM games")
            }
            floor = int(self.clock()) - NONCE_MEMORY
            self.nonces = {
                str(n): int(str(s))
                for n, s in self.store.rows("SELECT nonce, stamp FROM nonces")
                if int(str(s)) > floor
            }
            self._refresh()

    def create(
        self,
        names: list[str],
        fmt: Format = "elimination",
        lengths: list[int] | None = None,
        *,
        name: str = "Tournament",
        consolation: bool = True,
        rounds: int | None = None,
        date: str | None = None,
        dice_seed: str | None = None,
        house: dict[str, Any] | None = None,
    ) -> Tournament:
        """A new tournament at this desk (``TournamentError`` for bad input). ``dice_seed`` makes every
        match's dice secret a function of it and the match id (tests and demonstrations; an event
        leaves it out and each match gets a fresh secret)."""
        with self.lock:
            if self.tournament is not None and not self.tournament.finished:
                raise TournamentError("desk.error.running", "this desk already runs a tournament")
            t = Tournament.create(name, names, fmt, lengths, consolation=consolation, rounds=rounds)
            t.house = dict(house or {})
            with self.store.transaction() as db:
                for table in ("assignments", "games", "banks", "records", "secrets", "reports"):
                    db.execute(f"DELETE FROM {table}")
                put(db, "date", date or time.strftime("%Y.%m.%d"))
                put(db, "dice_seed", dice_seed or "")
                self._write(db, t)
                self._audit(db, "director", f"created {t.format} tournament of {len(names)} players")
            self._load()
            assert self.tournament is not None
            return self.tournament

    # -- writing ----------------------------------------------------------------------------------

    def _write(self, db: sqlite3.Connection, tournament: Tournament) -> None:
        data = tournament.to_dict()
        for m in data["matches"]:
            m["mat"] = None  # records live in their own table, written once each
        put(db, "tournament", json.dumps(data, sort_keys=True, separators=(",", ":")))

    def _audit(self, db: sqlite3.Connection, who: str, what: str) -> None:
        db.execute("INSERT INTO audit (at, who, what) VALUES (?, ?, ?)", (self.clock(), who, what))
        log.info("desk: %s: %s", who, what)

    def _change(
        self, who: str, nonce: str | None, work: Callable[[sqlite3.Connection, Tournament | None], str]
    ) -> None:
        """Run ``work`` (which changes memory and writes the database, returning the audit line) in one
        transaction with ``nonce`` kept; on any failure memory is read back from the database."""
        try:
            with self.store.transaction() as db:
                if nonce is not None:
                    db.execute("INSERT INTO nonces (nonce, stamp) VALUES (?, ?)", (nonce, int(self.clock())))
                try:
                    what = work(db, self.tournament)
                except TournamentError as exc:
                    raise pr.ProtocolError(409, "refused", str(exc)) from exc
                if self.tournament is not None:
                    self._write(db, self.tournament)
                self._audit(db, who, what)
        except BaseException:
            self._load()
            raise
        self._refresh()

    # -- boards -----------------------------------------------------------------------------------

    def key_for(self, board: str) -> bytes:
        """The key that signs ``board``'s requests (:class:`ProtocolError` for an unknown or removed one)."""
        if board == pr.DIRECTOR:
            return self.director_key
        with self.lock:
            b = self.boards.get(board)
        if b is None or b.removed:
            raise pr.ProtocolError(
                401, "unknown_board", "this board has not joined the desk (or was removed)"
            )
        return b.key

    def authenticate(self, method: str, path: str, headers: dict[str, str | None], body: bytes) -> pr.Signed:
        """Check a signed request: form, known board, signature, time, nonce not seen."""
        signed = pr.read_signed(headers)
        key = self.key_for(signed.board)
        pr.verify(key, method, path, signed, body, self.clock())
        with self.lock:
            if signed.nonce in self.nonces:
                raise pr.ProtocolError(409, "replayed", "this request was already received (a replay)")
            self.nonces[signed.nonce] = signed.stamp
            if len(self.nonces) > 50_000:
                floor = int(self.clock()) - NONCE_MEMORY
                self.nonces = {n: s for n, s in self.nonces.items() if s > floor}
            b = self.boards.get(signed.board)
            if b is not None:
                b.seen = self.clock()
        return signed

    def join(self, data: dict[str, Any], body: bytes, proof: str) -> dict[str, Any]:
        """A board joins with the code (``data`` checked against the "join" schema, ``proof`` its HMAC)."""
        want = pr.join_proof(self._join_key, body)
        if not hmac.compare_digest(want, proof):
            raise pr.ProtocolError(403, "wrong_code", "the join code is wrong (or was changed at the desk)")
        if abs(self.clock() - data["stamp"]) > pr.MAX_SKEW:
            raise pr.ProtocolError(401, "stale", "the request's time is too far from the desk's clock")
        if data["protocol"] != pr.PROTOCOL:
            raise pr.ProtocolError(400, "protocol", f"this desk speaks protocol {pr.PROTOCOL}")
        board = str(data["board"])
        if board == pr.DIRECTOR:
            raise pr.ProtocolError(400, "bad_board", "that board id is reserved")
        key = pr.board_key(self._join_key, board, str(data["board_nonce"]))
        with self.lock:
            old = self.boards.get(board)
            if old is not None and old.removed:
                raise pr.ProtocolError(403, "removed", "this board was removed at the desk")
            if old is not None and old.key == key:
                return {"ok": True, "board": board, "desk": self.desk_id, "again": True}
            nonce = proof[:32]
            if nonce in self.nonces:
                raise pr.ProtocolError(409, "replayed", "this join was already received (a replay)")

            def work(db: sqlite3.Connection, tournament: Tournament | None) -> str:
                db.execute(
                    "INSERT OR REPLACE INTO boards (id, name, key, removed, joined) VALUES (?, ?, ?, 0, ?)",
                    (board, data["name"], key.hex(), self.clock()),
                )
                self.boards[board] = Board(board, str(data["name"]), key, False, self.clock(), self.clock())
                return f"board {board} ({data['name']}) joined"

            self._change(board, nonce, work)
            self.nonces[nonce] = int(self.clock())
        return {"ok": True, "board": board, "desk": self.desk_id, "again": False}

    # -- matches ----------------------------------------------------------------------------------

    def _secret(self, db: sqlite3.Connection, match: str) -> str:
        row = db.execute("SELECT secret FROM secrets WHERE match = ?", (match,)).fetchone()
        if row is not None:
            return str(row[0])
        seed = self.store.get("dice_seed") or ""
        if seed:
            secret = hmac.new(seed.encode(), f"dice {match}".encode(), hashlib.sha256).hexdigest()[:32]
        else:
            secret = secrets.token_hex(16)
        db.execute("INSERT INTO secrets (match, secret) VALUES (?, ?)", (match, secret))
        return secret

    def _terms(self, m: TMatch, board: str) -> dict[str, Any]:
        """The terms of match ``m`` for ``board``: its dice secret sealed with that board's key (the
        same secret, sealed afresh, when the match moved here from another board)."""
        t = self.tournament
        assert t is not None
        row = self.store.rows("SELECT secret FROM secrets WHERE match = ?", (m.id,))
        if row:
            secret = str(row[0][0])
        else:  # an assignment always has its secret; should one be missing, the match gets one now
            with self.store.transaction() as db:
                secret = self._secret(db, m.id)
        so_far = self.store.rows("SELECT mat FROM games WHERE match = ?", (m.id,))
        banks = self.store.rows("SELECT bank0, bank1 FROM banks WHERE match = ?", (m.id,))
        names = [t.players[p].name if p is not None else "" for p in m.players]
        return {
            "match": m.id,
            "names": names,
            "length": m.length,
            "sealed": pr.seal(self.boards[board].key, board, m.id, secret),
            "date": self.store.get("date") or "",
            "house": dict(t.house),
            "so_far": str(so_far[0][0]) if so_far else "",
            "banks": [int(str(banks[0][0])), int(str(banks[0][1]))] if so_far and banks else None,
            "event": t.name,
        }

    def next_for(self, board: str, nonce: str) -> dict[str, Any]:
        """The match ``board`` plays now: the one it has, or the next ready one nobody has."""
        with self.lock:
            t = self.tournament
            if t is None:
                return {"ok": True, "wait": True, "why": "no tournament yet"}
            mine = [mid for mid, b in self.assigned.items() if b == board]
            if mine:
                return {"ok": True, "assignment": self._terms(t.match(mine[0]), board)}
            free = [m for m in t.ready_matches() if m.id not in self.assigned]
            if not free:
                return {"ok": True, "wait": not t.finished, "finished": t.finished}
            m = free[0]

            def work(db: sqlite3.Connection, _t: Tournament | None) -> str:
                self._secret(db, m.id)
                db.execute(
                    "INSERT INTO assignments (match, board, since) VALUES (?, ?, ?)",
                    (m.id, board, self.clock()),
                )
                self.assigned[m.id] = board
                self.since[m.id] = self.clock()
                return f"match {m.id} to board {board}"

            self._change(board, nonce, work)
            return {"ok": True, "assignment": self._terms(m, board)}

    def report(self, board: str, data: dict[str, Any], nonce: str) -> dict[str, Any]:
        """A board's report (checked against the "report" schema): a game or the result, idempotent."""
        digest = hashlib.sha256(pr.encode(data)).hexdigest()
        report_id = str(data["report_id"])
        match_id = str(data["match"])
        try:  # the costly part (replaying the record) before taking the lock the phones' page needs
            parsed = read_mat(str(data["mat"]))
            played = scored(parsed)
        except RecordError as exc:
            raise pr.ProtocolError(422, "bad_record", f"the record cannot be read: {exc}") from exc
        with self.lock:
            old = self.store.rows(
                "SELECT digest FROM reports WHERE board = ? AND report_id = ?", (board, report_id)
            )
            if old:
                if old[0][0] != digest:
                    raise pr.ProtocolError(
                        409, "report_conflict", "this report id was used for another report"
                    )
                return {"ok": True, "duplicate": True}
            t = self.tournament
            if t is None:
                raise pr.ProtocolError(409, "no_tournament", "the desk has no tournament")
            try:
                m = t.match(match_id)
            except TournamentError as exc:
                raise pr.ProtocolError(404, "no_match", str(exc)) from exc
            if self.assigned.get(match_id) != board:
                raise pr.ProtocolError(
                    409, "not_yours", f"match {match_id} is not played on this board (moved or over)"
                )
            kind = pr.ReportKind(data["kind"])
            record = self._check_record(m, data, kind, parsed, played)
            score = (int(data["score"][0]), int(data["score"][1]))
            game = int(data["game"])
            mat = str(data["mat"])

            def work(db: sqlite3.Connection, tt: Tournament | None) -> str:
                db.execute(
                    "INSERT INTO reports (board, report_id, match, kind, digest, at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (board, report_id, match_id, kind.value, digest, self.clock()),
                )
                db.execute(
                    "INSERT OR REPLACE INTO games (match, game, score0, score1, mat, board, at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (match_id, game, score[0], score[1], mat, board, self.clock()),
                )
                self.live[match_id] = (game, *score)
                if "banks" in data:  # a clocked match: its banks go with the match if it moves
                    db.execute(
                        "INSERT OR REPLACE INTO banks (match, bank0, bank1) VALUES (?, ?, ?)",
                        (match_id, int(data["banks"][0]), int(data["banks"][1])),
                    )
                else:
                    db.execute("DELETE FROM banks WHERE match = ?", (match_id,))
                if kind is pr.ReportKind.GAME:
                    return f"match {match_id} game {game}: {score[0]}-{score[1]}"
                assert tt is not None and record is not None
                winner = m.players[record]
                assert winner is not None
                tt.enter_result(match_id, winner, score, how="played", mat=mat, by=f"board {board}")
                db.execute("INSERT OR REPLACE INTO records (match, mat) VALUES (?, ?)", (match_id, mat))
                db.execute("DELETE FROM assignments WHERE match = ?", (match_id,))
                self.assigned.pop(match_id, None)
                self.clocks.pop(match_id, None)
                return f"match {match_id} won by {tt.players[winner].name} {score[0]}-{score[1]}"

            try:
                self._change(board, nonce, work)
            except TournamentError as exc:
                raise pr.ProtocolError(409, "refused", str(exc)) from exc
            return {"ok": True, "duplicate": False}

    def live_from(self, board: str, data: dict[str, Any]) -> dict[str, Any]:
        """A playing board's sign of life (checked against the "live" schema), with its match clock if
        it runs one: shown on the desk's screen, never kept (nothing in the tournament changes; the
        request's signature and nonce were checked, and :meth:`authenticate` noted the board seen)."""
        match_id = str(data["match"])
        running = data.get("running")
        if running is not None and running not in (0, 1):
            raise pr.ProtocolError(
                400, "bad_value", "the running clock is the first (0) or second (1) player's"
            )
        with self.lock:
            if self.assigned.get(match_id) != board:
                raise pr.ProtocolError(
                    409, "not_yours", f"match {match_id} is not played on this board (moved or over)"
                )
            banks = data.get("banks")
            if banks is None:
                self.clocks.pop(match_id, None)
            else:
                self.clocks[match_id] = Clocks((int(banks[0]), int(banks[1])), running, self.clock())
        return {"ok": True}

    def _check_record(
        self, m: TMatch, data: dict[str, Any], kind: pr.ReportKind, record: MatchRecord, played: Match
    ) -> int | None:
        """The record must be this match's, as far as the report says; the winner's place for a result."""
        t = self.tournament
        assert t is not None
        names = tuple(plain_name(t.players[p].name) if p is not None else "" for p in m.players)
        # a cabinet's record keeps names in plain ASCII (Dóra -> Dora): compared as a record keeps them
        if tuple(map(plain_name, record.names)) != names or record.rules.match_length != m.length:
            raise pr.ProtocolError(422, "wrong_record", "the record is of other players or another length")
        if list(played.score) != list(data["score"]) or played.games != data["game"]:
            raise pr.ProtocolError(422, "wrong_score", "the score or game count does not match the record")
        before = self.live.get(m.id, (0, 0, 0))[0]
        if played.games <= before:
            raise pr.ProtocolError(409, "old_report", f"game {played.games} was already reported")
        if kind is pr.ReportKind.RESULT:
            if not played.is_over or played.winner is None or data.get("winner") != played.winner:
                raise pr.ProtocolError(422, "not_over", "the record does not end the match with that winner")
            return played.winner
        if played.is_over:
            raise pr.ProtocolError(422, "over", "the match is over: report its result")
        return None

    # -- the director -----------------------------------------------------------------------------

    def move(self, match_id: str, board: str, nonce: str | None = None) -> None:
        """Play ``match_id`` on ``board`` from its last report (a dead board replaced, or just moved)."""
        with self.lock:
            t = self._need()
            m = self._match(t, match_id)
            if not m.ready:
                raise pr.ProtocolError(409, "not_ready", f"match {match_id} cannot be played now")
            target = self.boards.get(board)
            if target is None or target.removed:
                raise pr.ProtocolError(404, "unknown_board", f"there is no board {board}")
            if any(b == board and mid != match_id for mid, b in self.assigned.items()):
                raise pr.ProtocolError(409, "busy", f"board {board} is playing another match")

            def work(db: sqlite3.Connection, _t: Tournament | None) -> str:
                self._secret(db, match_id)
                db.execute(
                    "INSERT OR REPLACE INTO assignments (match, board, since) VALUES (?, ?, ?)",
                    (match_id, board, self.clock()),
                )
                old = self.assigned.get(match_id)
                self.assigned[match_id] = board
                self.since[match_id] = self.clock()
                self.clocks.pop(match_id, None)
                return f"match {match_id} moved from board {old} to board {board}"

            self._change(pr.DIRECTOR, nonce, work)

    def _direct(self, nonce: str | None, change: Callable[[sqlite3.Connection, Tournament], str]) -> None:
        """A change of the tournament by the director (``change`` returns the audit line), in one
        transaction, and the boards follow the draw: a match no longer to be played, or now between
        other players (a corrected result upstream), leaves its board; what was played of it is no
        longer the match's (:meth:`_forget_games`). ``ProtocolError`` 409 "refused" (nothing changed)
        when the tournament refuses, with the :class:`TournamentError` as its cause."""
        t = self._need()
        before = {mid: tuple(t.match(mid).players) for mid in self.assigned}

        def work(db: sqlite3.Connection, tt: Tournament | None) -> str:
            assert tt is not None
            what = change(db, tt)
            for mid in list(self.assigned):
                m = tt.match(mid)
                if not m.ready or tuple(m.players) != before.get(mid):
                    db.execute("DELETE FROM assignments WHERE match = ?", (mid,))
                    del self.assigned[mid]
                    self.clocks.pop(mid, None)
                    if m.ready:
                        self._forget_games(db, mid)
            return what

        self._change(pr.DIRECTOR, nonce, work)

    def _forget_games(self, db: sqlite3.Connection, match_id: str) -> None:
        """``match_id`` is to be played from its start (taken back, or between other players): its
        reported games, record, reports and dice secret go (the secret was shown with the games, so a
        replay gets a fresh one; the report ids start again at game 1)."""
        for table in ("games", "banks", "records", "secrets", "reports"):
            db.execute(f"DELETE FROM {table} WHERE match = ?", (match_id,))
        self.live.pop(match_id, None)

    def withdraw(self, player: int, nonce: str | None = None) -> None:
        """``player`` leaves: their matches go to the opponents (a match being played leaves its board)."""
        with self.lock:
            t = self._need()
            if not 0 <= player < len(t.players):
                raise pr.ProtocolError(404, "no_player", f"there is no player {player}")

            def change(_db: sqlite3.Connection, tt: Tournament) -> str:
                tt.withdraw(player, by=pr.DIRECTOR)
                return f"player {tt.players[player].name} withdrawn"

            self._direct(nonce, change)

    def reinstate(self, player: int, nonce: str | None = None) -> list[str]:
        """Undo a withdrawal (the walkovers it gave that nothing is built on are played after all);
        the matches to be played again."""
        with self.lock:
            t = self._need()
            if not 0 <= player < len(t.players):
                raise pr.ProtocolError(404, "no_player", f"there is no player {player}")
            again: list[str] = []

            def change(_db: sqlite3.Connection, tt: Tournament) -> str:
                again.extend(tt.reinstate(player, by=pr.DIRECTOR))
                replay = ", ".join(again) or "none"
                return f"player {tt.players[player].name} back in; to play again: {replay}"

            self._direct(nonce, change)
            return again

    def correct(self, match_id: str, winner: int, score: tuple[int, int], nonce: str | None = None) -> None:
        """The director's result for ``match_id`` (``winner``: 0 or 1, its place in the match): a match
        not finished gets it as typed in; a finished one is corrected (a played match keeps "played"
        and its record when only the score changes)."""
        with self.lock:
            t = self._need()
            m = self._match(t, match_id)
            player = m.players[winner] if winner in (0, 1) else None
            if player is None:
                raise pr.ProtocolError(
                    400, "bad_value", "the winner is the match's first (0) or second (1) player"
                )

            def change(_db: sqlite3.Connection, tt: Tournament) -> str:
                if m.ready:
                    tt.enter_result(match_id, player, score, how="typed", by=pr.DIRECTOR)
                else:
                    how: How = "played" if m.how == "played" and m.winner == player else "typed"
                    tt.correct_result(match_id, player, score, how=how, by=pr.DIRECTOR)
                return f"match {match_id} result set by the director: {score[0]}-{score[1]}"

            self._direct(nonce, change)

    def clear(self, match_id: str, nonce: str | None = None) -> None:
        """The director takes a finished match's result back: it is to be played again, from its start,
        with a fresh dice secret (refused while a later result is built on it)."""
        with self.lock:
            t = self._need()
            self._match(t, match_id)

            def change(db: sqlite3.Connection, tt: Tournament) -> str:
                tt.clear_result(match_id, by=pr.DIRECTOR)
                self._forget_games(db, match_id)
                return f"match {match_id} taken back by the director: to be played again"

            self._direct(nonce, change)

    def remove_board(self, board: str, nonce: str | None = None) -> None:
        """``board`` can no longer report; its match goes to the next free board (from its last report)."""
        with self.lock:
            if board not in self.boards:
                raise pr.ProtocolError(404, "unknown_board", f"there is no board {board}")

            def work(db: sqlite3.Connection, _t: Tournament | None) -> str:
                db.execute("UPDATE boards SET removed = 1 WHERE id = ?", (board,))
                db.execute("DELETE FROM assignments WHERE board = ?", (board,))
                self.boards[board].removed = True
                for mid in [mid for mid, b in self.assigned.items() if b == board]:
                    del self.assigned[mid]
                    self.clocks.pop(mid, None)
                return f"board {board} removed"

            self._change(pr.DIRECTOR, nonce, work)

    def change_code(self, code: str, nonce: str | None = None) -> None:
        """A new join code: joined boards stay, the old code joins nobody any more."""
        code = pr.normal_code(code)
        with self.lock:

            def work(db: sqlite3.Connection, _t: Tournament | None) -> str:
                put(db, "join_code", code)
                return "join code changed"

            self._change(pr.DIRECTOR, nonce, work)
            self.join_code = code
            self._join_key = pr.join_key(code, self.desk_id)

    def _need(self) -> Tournament:
        if self.tournament is None:
            raise pr.ProtocolError(409, "no_tournament", "the desk has no tournament")
        return self.tournament

    @staticmethod
    def _match(tournament: Tournament, match_id: str) -> TMatch:
        try:
            return tournament.match(match_id)
        except TournamentError as exc:
            raise pr.ProtocolError(404, "no_match", str(exc)) from exc

    # -- reading ----------------------------------------------------------------------------------

    def record(self, match_id: str) -> str | None:
        rows = self.store.rows("SELECT mat FROM records WHERE match = ?", (match_id,))
        return str(rows[0][0]) if rows else None

    def export_archive(self, path: Path, lang: str | None = None) -> Path:
        """The whole event in one zip archive for ratings and the club's records: the tournament's page,
        standings, matches and changes (``game.tournament.export_folder``), every match's .mat record,
        and the desk's audit (who changed what, when). ``OSError`` if the disk refuses."""
        t = self._need()
        with self.lock, tempfile.TemporaryDirectory(prefix="desk-export") as tmp:
            folder = Path(tmp) / "event"
            folder.mkdir()
            written = export_folder(t, folder, lang)
            audit = io.StringIO()
            out = csv.writer(audit)
            out.writerow(["at_utc", "who", "what"])
            for at, who, what in self.audit():
                out.writerow([time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at)), who, what])
            (folder / "desk-audit.csv").write_text(audit.getvalue(), encoding="utf-8")
            written.append(folder / "desk-audit.csv")
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_name(path.name + ".part")
            with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
                for file in sorted(written):
                    archive.write(file, file.relative_to(folder).as_posix())
            partial.replace(path)
        return path

    def audit(self) -> list[tuple[float, str, str]]:
        return [
            (float(str(a)), str(w), str(x))
            for a, w, x in self.store.rows("SELECT at, who, what FROM audit ORDER BY id")
        ]

    def _refresh(self) -> None:
        """A new snapshot for the phones, with a new version only if something in it changed (a
        refused change reads memory back from the database: the phones must not fetch it again)."""
        state = self.state()
        state.pop("version")
        body = pr.encode(state)
        if body == self._shown:
            return
        self._shown = body
        self.version += 1
        self._snapshot = (self.version, pr.encode(self.state()))

    def snapshot(self) -> tuple[int, bytes]:
        """The public state as JSON bytes and its version (what the phone page polls); without the lock:
        the pair is replaced whole after each change, so a reader never waits for a transaction."""
        return self._snapshot

    def state(self, floor: bool = False) -> dict[str, Any]:
        """Everything the phone page and the desk's screen show; nothing secret. ``floor``: the desk's
        screen's view of the room as well, at this moment (kept out of the phones' snapshot, which
        changes only with the tournament): each board's match clock, how long its match has been
        played, how long the board has been silent, and what is late (``late``: "silent", "slow" or
        None)."""
        with self.lock:
            t = self.tournament
            now = self.clock()
            boards = []
            for b in sorted(self.boards.values(), key=lambda b: b.id):
                mid = next((mid for mid, bid in self.assigned.items() if bid == b.id), None)
                silent = now - max(b.seen, self.since.get(mid or "", 0.0), self.started)
                entry: dict[str, Any] = {
                    "id": b.id,
                    "name": b.name,
                    "removed": b.removed,
                    "match": mid,
                    "late": mid is not None and silent > LATE_AFTER,
                }
                if floor:
                    playing = now - self.since[mid] if mid in self.since else 0.0
                    length = t.match(mid).length if t is not None and mid is not None else 1
                    clocks = self.clocks.get(mid or "")
                    slow = mid is not None and playing > MINUTES_PER_POINT * 60 * length
                    entry["late"] = "silent" if entry["late"] else "slow" if slow else None
                    entry["silent"] = int(silent)
                    entry["playing"] = int(playing)
                    entry["clock"] = None if clocks is None else list(clocks.now(now))
                    entry["running"] = None if clocks is None else clocks.running
                boards.append(entry)
            if t is None:
                return {"version": self.version, "tournament": None, "boards": boards}
            board_name = {b.id: b.name for b in self.boards.values()}
            matches = []
            for m in t.matches:
                games, s0, s1 = self.live.get(m.id, (0, 0, 0))
                matches.append(
                    {
                        "id": m.id,
                        "stage": m.stage,
                        "round": m.round,
                        "length": m.length,
                        "players": [None if p is None else t.players[p].name for p in m.players],
                        "winner": None if m.winner is None else t.players[m.winner].name,
                        "score": list(m.score) if m.score is not None else [s0, s1],
                        "games": games,
                        "how": m.how,
                        "ready": m.ready,
                        "board": board_name.get(self.assigned.get(m.id, "")),
                    }
                )
            standings = [
                {"rank": s.rank, "name": s.name, "wins": s.wins, "losses": s.losses, "withdrawn": s.withdrawn}
                for s in t.standings()
            ]
            winner = t.winner()
            return {
                "version": self.version,
                "tournament": {
                    "name": t.name,
                    "format": t.format,
                    "finished": t.finished,
                    "winner": None if winner is None else t.players[winner].name,
                },
                "players": [p.name for p in t.players],
                "standings": standings,
                "matches": matches,
                "boards": boards,
            }

    def close(self) -> None:
        self.store.close()


__all__ = ["DB_FILE", "LATE_AFTER", "Board", "Desk"]
