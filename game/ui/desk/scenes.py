"""The operator's "Tournament desk on the network": be the desk, or join a desk as a board.

* :class:`NetworkScene`: the choice (from the operator menu).
* :class:`DeskScene`: this machine is the desk of the cabinet's tournament. It shows the address and a
  QR code of the phone page, the join code in big letters for the boards, each board with its match,
  live score, match clocks and how long it has played (a board silent too long in red, a match
  taking long in amber), how many matches wait for a board, the standings, and buttons for the
  director's word (correct a result, withdraw or bring back a player: the tournament's own screens,
  ``game.ui.tournament``, given the desk's :class:`~game.desk.director.DeskDirector`; move a match;
  remove a board), a new join code and to stop the desk.
* :class:`BoardScene`: this machine joins a desk: the desks found on the network by themselves
  (mDNS, ``game.desk.discovery``) as buttons, or the address typed, and the join code typed on the
  on-screen keyboard; then the match the desk gives this board ("Anna v Ben, 5 points") and the
  reports still waiting to be sent. Without multicast (or the ``zeroconf`` package) the screen says
  "no desk found: type its address" and typing works as before.

Every network call runs in a thread (``game.desk.service``); the screens only read what it found.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import weakref
from collections.abc import Callable
from typing import Any

import pygame

from game.desk import protocol as pr
from game.desk import service
from game.desk.director import DeskDirector
from game.desk.discovery import Finder, FoundDesk, network
from game.desk.reporter import BoardReporter
from game.i18n import tr, tr_n
from game.record import MatchRecord, RecordError, read_mat
from game.record.dicecheck import contributions_of
from game.session.controller import GameSetup
from game.session.match_timer import PRESET_NAMES, clock_text
from game.session.modes import GameMode
from game.session.resume import carry_on
from game.ui import layout as L
from game.ui.board.view import BG, GOLD
from game.ui.entry.keyboard import KeyboardScene
from game.ui.input import Intent, IntentKind
from game.ui.lines import shortened, wrap_lines
from game.ui.scene import DIM, INK, ButtonScene, Host, button
from game.ui.scenes.confirm import ConfirmScene
from game.ui.text import CACHE, READ_SIZE, draw_text
from game.ui.tournament.correct import CorrectScene
from game.ui.tournament.flow import drop_games
from game.ui.tournament.withdraw import WithdrawScene

log = logging.getLogger(__name__)

LATE = (255, 130, 120)
SLOW = (240, 190, 90)
REFRESH = 2.0
"""Seconds between the screens' looks at the desk's state (a board: between its calls to the desk)."""
FIND_WAIT = 6.0
"""Seconds a board's join screen looks for desks before it says none was found (it goes on looking)."""


_reporters: weakref.WeakKeyDictionary[Host, BoardReporter] = weakref.WeakKeyDictionary()
"""Each App's reporter, gone with its App (keyed by the App itself: an ``id`` is reused by the next
App made in the same process, which then got the old App's reporter and its record)."""


def reporter(app: Host) -> BoardReporter:
    """The App's board reporter, listening to its games from the first desk match played here on."""
    found = _reporters.get(app)
    if found is None:
        found = BoardReporter(lambda: app.records.match_record())
        found.confirm = lambda: _ask_loser(app)
        app.events.subscribe(found)
        _reporters[app] = found
    return found


def _ask_loser(app: Host) -> None:
    """The result on the board's screen for the loser to confirm; cancelled, it waits on the board's
    screen ("Confirm: ...") and nothing is sent."""
    waiting = reporter(app).pending
    if waiting is None:
        return
    question = tr("desk.board.confirm_ask", name=waiting[0], score=waiting[1])
    detail = tr("desk.board.confirm_detail")

    def confirmed() -> None:
        """Sent: the board's screen again, for the next players the desk calls here (no operator code:
        the board's screens are the players'; only changing the event needs the code)."""
        reporter(app).confirmed()
        from game.ui.scenes.title import TitleScene

        drop_games(app)
        app.scenes.reset(TitleScene(app))
        app.scenes.push(BoardScene(app))

    app.scenes.push(ConfirmScene(app, question, tr("desk.board.confirm_yes"), confirmed, detail))


def desk_setup(terms: dict[str, Any], secret: str, shared: bool = True) -> GameSetup:
    """A two-player match with the desk's terms: the players' names, the length, the desk's dice
    ``secret`` (opened from the terms by the board's link), the house's clock and aids. ``shared``:
    the players type digits of their own for the dice before the first roll (rule v2 of
    ``docs/dice.md``); off for a match taken up from a record of a board that rolled by the secret
    alone (a computer's board), which goes on with the same dice."""
    house = terms.get("house") or {}
    clock = house.get("clock")
    return GameSetup(
        mode=GameMode.TWO,
        match_length=int(terms["length"]),
        secret=secret,
        clock=clock if clock in PRESET_NAMES else None,
        names=(str(terms["names"][0]), str(terms["names"][1])),
        aids=bool(house.get("aids", False)),
        shared_dice=shared,
    )


def _cannot_resume(exc: RecordError) -> str:
    """The board's words for a moved match whose record does not fit (the reason, in the record's own
    technical words, goes to the log for the director)."""
    log.warning("board: the desk's record of the moved match cannot be taken up: %s", exc)
    return tr("desk.board.cannot_resume")


def desk_banks(terms: dict[str, Any]) -> tuple[int, int] | None:
    """The match clock's banks (seconds) when the desk's last report of the match was sent, if the
    board that sent it ran a clock (a match moved here goes on with them)."""
    banks = terms.get("banks")
    if isinstance(banks, list) and len(banks) == 2 and all(isinstance(b, int) and b >= 0 for b in banks):
        return banks[0], banks[1]
    return None


def qr_matrix(text: str) -> list[list[bool]] | None:
    """The QR code of ``text`` as rows of dark (True) modules, or None without ``segno`` installed."""
    try:  # a dependency of the game (pure Python); the address alone if it is missing
        segno = importlib.import_module("segno")
    except ImportError:
        return None
    code = segno.make(text, error="m", micro=False)
    return [[bool(v) for v in row] for row in code.matrix]


def draw_qr(surface: pygame.Surface, matrix: list[list[bool]], rect: pygame.Rect) -> None:
    """``matrix`` in ``rect`` on white with its quiet zone (four modules), the largest whole module size."""
    size = len(matrix) + 8
    module = max(1, min(rect.w, rect.h) // size)
    side = module * size
    box = pygame.Rect(rect.x, rect.y, side, side)
    pygame.draw.rect(surface, (255, 255, 255), box)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), (box.x + (x + 4) * module, box.y + (y + 4) * module, module, module))


class NetworkScene(ButtonScene):
    """Be the desk, or join a desk (see the module docstring)."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self._build()

    def _build(self) -> None:
        self.buttons.clear()
        x, w = L.W // 2 - 320, 640
        items: list[tuple[str, Callable[[], None], str]] = [
            ("desk.be_desk", self.be_desk, "gold"),
            ("desk.join", self.join, "blue"),
            ("button.back", self.close, "red"),
        ]
        for i, (key, action, colour) in enumerate(items):  # under the three lines of explanation
            self.buttons.add(button((x, 250 + i * 100, w, 80), tr(key), action, colour, size=30))

    def enter(self) -> None:
        super().enter()
        self._build()

    def close(self) -> None:
        """Back: to the operator menu, or to the title when the game started here (``--start desk``)."""
        if len(self.app.scenes.scenes) > 1:
            super().close()
        else:
            self.app.to_title()

    def be_desk(self) -> None:
        self.app.scenes.push(DeskScene(self.app))

    def join(self) -> None:
        self.app.scenes.push(BoardScene(self.app))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, tr("desk.title"), 44, (L.W // 2, 70), GOLD)
        for i, line in enumerate(wrap_lines(tr("desk.explain"), 26, 900)):
            draw_text(surface, line, 26, (L.W // 2, 130 + 34 * i), DIM)
        self.buttons.draw(surface, self.app.sprites)


RIGHT_X, RIGHT_W = 884, 376
"""The desk's right column: its join code, the phones' page (its QR code) and its buttons, each label
whole at the floor ("Eredmények, játékosok")."""


class DeskScene(ButtonScene):
    """This machine is the desk (see the module docstring)."""

    def __init__(self, app: Host, host: str | None = None, port: int = service.PORT) -> None:
        """``host``: the address the desk serves (None: ``BACKGAMMON_DESK_NETWORK``, or every network)."""
        super().__init__(app)
        host = host or network() or "0.0.0.0"
        self.problem = ""
        self.said = ""
        """What the director's last change did, in a sentence (the tournament's screens say it)."""
        self.state: dict[str, Any] = {}
        self.clock = 0.0
        self.qr: list[list[bool]] | None = None
        try:
            desk = service.start(app.data_dir / "desk", host, port)
        except OSError as exc:
            log.error("desk: could not listen: %s", exc)
            self.problem = tr("desk.port_taken", port=port)
            self.service: service.DeskService | None = None
        else:
            self.service = desk
            self._adopt()
            if not self.problem:
                desk.announce()  # boards find the desk by themselves (in the background)
            self.qr = qr_matrix(desk.url)
        self._look()
        self._build()

    def _adopt(self) -> None:
        """The cabinet's tournament goes to the desk when the desk has none running."""
        assert self.service is not None
        desk = self.service.desk
        t = self.app.desk.load()
        running = desk.tournament is not None and not desk.tournament.finished
        if running:
            return
        if t is None or t.finished:
            self.problem = tr("desk.need_tournament")
            return
        self.service.adopt(t)

    def _build(self) -> None:
        self.buttons.clear()
        x, w = RIGHT_X, RIGHT_W
        items: list[tuple[str, Callable[[], None], str]] = []
        if self.service is not None:
            items.append((tr("desk.director"), self.director, "gold"))
            items.append((tr("desk.new_code"), self.new_code, "blue"))
            items.append((tr("desk.stop"), self.stop, "grey"))
        items.append((tr("button.back"), self.close, "red"))
        for i, (label, action, colour) in enumerate(items):
            self.buttons.add(
                button((x, L.H - 78 - (len(items) - 1 - i) * 56, w, 50), label, action, colour, READ_SIZE)
            )

    def _look(self) -> None:
        if self.service is not None:
            self.state = self.service.desk.state(floor=True)

    def director(self) -> None:
        """The director's word: what can be changed, one button each."""
        if self.service is None:
            return
        choices = [
            (tr("desk.correct"), self.correct),
            (tr("desk.withdraw"), self.withdraw),
            (tr("desk.move"), self.move),
            (tr("desk.remove"), self.remove),
        ]
        self.app.scenes.push(ChoiceScene(self.app, tr("desk.director_title"), choices))

    def _done(self, text: str) -> None:
        self.said = text
        self._look()

    def correct(self) -> None:
        """A result put right or taken back, on the tournament's own screens, through the desk."""
        if self.service is not None:
            self.app.scenes.push(CorrectScene(self.app, self._done, DeskDirector(self.service.desk)))

    def withdraw(self) -> None:
        """A player withdrawn or brought back, on the tournament's own screen, through the desk."""
        if self.service is not None:
            self.app.scenes.push(WithdrawScene(self.app, self._done, DeskDirector(self.service.desk)))

    def move(self) -> None:
        """The director moves a match being played (a board that died, a table needed) to a free board."""
        if self.service is not None:
            self.app.scenes.push(MoveScene(self.app, self.service))

    def remove(self) -> None:
        """A board the director does not know (or that must stop reporting) is removed, after asking."""
        if self.service is None:
            return
        desk = self.service.desk
        boards = [b for b in desk.state().get("boards", []) if not b["removed"]]
        choices = [
            (tr("desk.board_short", board=b["name"]), self._ask_remove(b["id"], b["name"])) for b in boards
        ]
        self.app.scenes.push(ChoiceScene(self.app, tr("desk.remove_which"), choices))

    def _ask_remove(self, board: str, name: str) -> Callable[[], None]:
        def ask() -> None:
            def gone() -> None:
                if self.service is not None:
                    self.service.desk.remove_board(board)
                    self._look()

            question = tr("desk.remove_ask", board=name)
            self.app.scenes.push(
                ConfirmScene(self.app, question, tr("desk.remove_yes"), gone, tr("desk.remove_detail"))
            )

        return ask

    def new_code(self) -> None:
        if self.service is not None:
            self.service.desk.change_code(pr.new_join_code())
            self._look()

    def stop(self) -> None:
        service.stop()
        self.service = None
        self.close()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.clock >= REFRESH:
            self.clock = 0.0
            self._look()

    def busy(self) -> bool:
        return self.service is not None  # it looks at the desk's state every few seconds

    def draw_key(self) -> object | None:
        code = self.service.desk.join_code if self.service is not None else ""
        boards = [
            (b.get("clock"), b.get("late"), b.get("playing", 0) // 60) for b in self.state.get("boards", [])
        ]
        top = self.app.scenes.top is self
        announcer = self.service.announcer if self.service is not None else None
        unannounced = announcer is not None and bool(announcer.problem)
        return (self.state.get("version"), code, self.problem, self.said, str(boards), unannounced, top)

    def handle(self, intent: Intent) -> None:
        if intent.kind == IntentKind.BACK:
            self.close()
            return
        self.buttons.handle(intent)

    @staticmethod
    def _board_row(surface: pygame.Surface, b: dict[str, Any], m: dict[str, Any] | None, y: int) -> None:
        """One board: its match and live score, then its clocks (the running one marked), how long it
        has played, and what is late (silent: red; taking long: amber)."""
        late = b.get("late")
        size = CACHE.row_size(READ_SIZE, 34)  # the rows are 34 apart: larger text grows no further
        colour = LATE if late == "silent" else SLOW if late == "slow" else INK
        if m is None:
            line = tr("desk.board_free", board=b["name"])
            draw_text(surface, line, size, (40, y), colour, anchor="midleft", width=820)
            return
        parts = []
        clock = b.get("clock")
        if clock is not None:
            left, right = clock_text(clock[0]), clock_text(clock[1])
            running = b.get("running")
            parts.append(f"{'▶' if running == 0 else ''}{left}  {right}{'◀' if running == 1 else ''}")
        parts.append(tr("desk.playing_for", n=b.get("playing", 0) // 60))
        if late == "silent":
            parts.append(tr("desk.late_silent", n=b.get("silent", 0) // 60))
        elif late == "slow":
            parts.append(tr("desk.late_slow"))
        said = " · ".join(parts)
        said_w = min(370, CACHE.font(size).size(said)[0])
        draw_text(surface, said, size, (860, y), colour, anchor="midright", width=370)
        # The match takes the rest of the row: two long names are cut ("Annamari K…"), never shrunk.
        width = 820 - said_w - 24
        a, c = m["players"]
        score = {"board": b["name"], "sa": m["score"][0], "sb": m["score"][1]}
        room = (width - CACHE.font(size).size(tr("desk.board_line", a="", b="", **score))[0]) // 2
        a, c = shortened(str(a), size, room), shortened(str(c), size, room)
        line = tr("desk.board_line", a=a, b=c, **score)
        draw_text(surface, line, size, (40, y), colour, anchor="midleft", width=width)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, tr("desk.desk_title"), 40, (40, 44), GOLD, anchor="midleft", width=820)
        if self.service is None or self.problem:
            for i, line in enumerate(wrap_lines(self.problem, 28, 800)):
                draw_text(surface, line, 28, (40, 110 + 40 * i), LATE, anchor="midleft")
        if self.service is not None:
            code = self.service.desk.join_code
            draw_text(
                surface, tr("desk.code"), READ_SIZE, (RIGHT_X, 44), DIM, anchor="midleft", width=RIGHT_W
            )
            draw_text(
                surface, f"{code[:4]} {code[4:]}", 52, (RIGHT_X, 96), INK, anchor="midleft", width=RIGHT_W
            )
            for i, line in enumerate(wrap_lines(tr("desk.phones"), READ_SIZE, RIGHT_W)[:2]):
                draw_text(
                    surface, line, READ_SIZE, (RIGHT_X, 146 + 30 * i), DIM, anchor="midleft", width=RIGHT_W
                )
            url = self.service.url
            if self.qr is not None:
                draw_qr(surface, self.qr, pygame.Rect(RIGHT_X, 198, 170, 170))  # under two lines of words
                draw_text(surface, url, READ_SIZE, (RIGHT_X, 384), INK, anchor="midleft", width=RIGHT_W)
            else:
                draw_text(surface, url, 26, (RIGHT_X, 200), INK, anchor="midleft", width=RIGHT_W)
            announcer = self.service.announcer
            if announcer is not None and announcer.problem:
                for i, line in enumerate(wrap_lines(tr("desk.not_announced"), READ_SIZE, RIGHT_W)[:2]):
                    draw_text(
                        surface,
                        line,
                        READ_SIZE,
                        (RIGHT_X, 414 + 28 * i),
                        DIM,
                        anchor="midleft",
                        width=RIGHT_W,
                    )
        y = 110 if not self.problem else 200
        if self.said:
            draw_text(surface, self.said, READ_SIZE, (40, 84), GOLD, anchor="midleft", width=820)
            y += 16
        draw_text(surface, tr("desk.boards"), 28, (40, y), GOLD, anchor="midleft")
        boards = [b for b in self.state.get("boards", []) if not b["removed"]]
        below = y + 40 + 34 * len(boards[:12]) + 2  # where the notes start, apart from the last row
        if not boards:  # how to join, in as many lines as it takes (a long line went under the QR code)
            said = wrap_lines(tr("desk.no_boards"), READ_SIZE, 820)[:3]
            for k, line in enumerate(said):
                draw_text(surface, line, READ_SIZE, (40, y + 40 + 30 * k), DIM, anchor="midleft", width=820)
            below = y + 40 + 30 * len(said) + 2
        matches = {m["id"]: m for m in self.state.get("matches", [])}
        clocks = False
        for i, b in enumerate(boards[:12]):
            self._board_row(surface, b, matches.get(b["match"] or ""), y + 40 + 34 * i)
            clocks = clocks or b.get("clock") is not None
        notes = []
        waiting = sum(
            1 for m in matches.values() if m["ready"] and not m["board"] and None not in m["players"]
        )
        if waiting:
            notes.append(tr_n("desk.waiting", waiting, n=waiting))
        if clocks:
            notes.append(tr("desk.clocks_note"))
        note_lines = [line for note in notes for line in wrap_lines(note, READ_SIZE, 820)]
        for k, line in enumerate(note_lines):
            draw_text(surface, line, READ_SIZE, (40, below + 30 * k), DIM, anchor="midleft", width=820)
        standings = self.state.get("standings", [])
        top = below + 30 * len(note_lines) + 26
        if standings:
            draw_text(surface, tr("desk.page.standings"), 28, (40, top), GOLD, anchor="midleft")
            rows = max(1, (L.H - 80 - top) // 30)
            for i, s in enumerate(standings[: 2 * rows]):  # two columns when one is not enough
                line = f"{s['rank']}. {s['name']}  {s['wins']}-{s['losses']}"
                colour = DIM if s["withdrawn"] else INK
                at = (40 + 420 * (i // rows), top + 40 + 30 * (i % rows))
                draw_text(surface, line, READ_SIZE, at, colour, anchor="midleft", width=400)
        t = self.state.get("tournament")
        if t is not None and t["finished"] and t["winner"]:
            draw_text(
                surface, tr("desk.winner", name=t["winner"]), 28, (40, L.H - 50), GOLD, anchor="midleft"
            )
        self.buttons.draw(surface, self.app.sprites)


class ChoiceScene(ButtonScene):
    """A title and one button per choice (a choice closes this screen, then acts), and Back."""

    def __init__(self, app: Host, title: str, choices: list[tuple[str, Callable[[], None]]]) -> None:
        super().__init__(app)
        self.title = title
        x, w = L.W // 2 - 380, 760  # a match and two names at the floor
        for i, (label, action) in enumerate([*choices[:8], (tr("button.back"), lambda: None)]):
            colour = "red" if i == min(len(choices), 8) else "blue"
            self.buttons.add(button((x, 130 + i * 64, w, 56), label, self._then(action), colour, READ_SIZE))

    def _then(self, action: Callable[[], None]) -> Callable[[], None]:
        def go() -> None:
            self.close()
            action()

        return go

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, self.title, 36, (L.W // 2, 60), GOLD, width=L.W - 80)
        self.buttons.draw(surface, self.app.sprites)


class MoveScene(ButtonScene):
    """Move a match to another board: first the match (those on a board, and those waiting for one),
    then a free board. The match goes on from its last reported game (the board's screen says so)."""

    def __init__(self, app: Host, desk_service: service.DeskService) -> None:
        super().__init__(app)
        self.service = desk_service
        self.match: str | None = None
        self.message = ""
        self._build()

    def _build(self) -> None:
        self.buttons.clear()
        state = self.service.desk.state()
        items: list[tuple[str, Callable[[], None], str]] = []
        if self.match is None:
            for m in state.get("matches", []):
                if m["ready"]:
                    a, b = m["players"]
                    where = tr("desk.board_short", board=m["board"]) if m["board"] else tr("desk.no_board")
                    items.append((f"{m['id']}: {a} - {b} ({where})", self._pick_match(m["id"]), "blue"))
        else:
            busy = {m["board"] for m in state.get("matches", []) if m["board"] and m["id"] != self.match}
            for b in state.get("boards", []):
                if not b["removed"] and b["name"] not in busy:
                    colour = "grey" if b["late"] else "green"
                    items.append((tr("desk.board_short", board=b["name"]), self._pick_board(b["id"]), colour))
        items = items[:8]
        items.append((tr("button.back"), self.back, "red"))
        x, w = L.W // 2 - 380, 760  # a match and two names at the floor
        for i, (label, action, colour) in enumerate(items):
            self.buttons.add(button((x, 130 + i * 64, w, 56), label, action, colour, size=READ_SIZE))

    def _pick_match(self, match_id: str) -> Callable[[], None]:
        def pick() -> None:
            self.match = match_id
            self._build()

        return pick

    def _pick_board(self, board: str) -> Callable[[], None]:
        def pick() -> None:
            assert self.match is not None
            try:
                self.service.desk.move(self.match, board)
            except pr.ProtocolError as exc:
                log.warning("desk: the move was refused: %s", exc)
                self.message = tr("desk.move_refused")
                self.match = None
                self._build()
                return
            self.close()

        return pick

    def back(self) -> None:
        if self.match is not None:
            self.match = None
            self._build()
        else:
            self.close()

    def handle(self, intent: Intent) -> None:
        if intent.kind == IntentKind.BACK:
            self.back()
            return
        self.buttons.handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        title = tr("desk.move_which") if self.match is None else tr("desk.move_where", id=self.match)
        draw_text(surface, title, 36, (L.W // 2, 60), GOLD, width=L.W - 80)
        if self.message:
            draw_text(surface, self.message, READ_SIZE, (L.W // 2, 100), LATE, width=L.W - 80)
        self.buttons.draw(surface, self.app.sprites)


class BoardScene(ButtonScene):
    """This machine joins a desk (see the module docstring)."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.address = ""
        self.code = ""
        self.number = ""
        self.note = ""
        self._built: object | None = None
        self.link: service.BoardLink | None = service.board_link()
        self.clock = 0.0
        self.looked = 0.0
        """Seconds this screen has looked for desks on the network."""
        self.finder: Finder | None = None
        if self.link is None or not self.link.status.joined:
            self.finder = service.find_desks()
        self._build()

    def found(self) -> list[FoundDesk]:
        return self.finder.found()[:2] if self.finder is not None else []

    def search_words(self) -> str:
        """What the search for desks has come to: looking, found (tap one), or none: type the address."""
        if self.finder is None:
            return ""
        if self.found():
            return tr("desk.board.found")
        if self.finder.problem or self.looked >= FIND_WAIT:
            return tr("desk.board.none_found")
        return tr("desk.board.looking")

    def _pick_desk(self, desk: FoundDesk) -> Callable[[], None]:
        def pick() -> None:
            self.address = desk.address
            self._build()

        return pick

    def close(self) -> None:
        service.stop_finding()
        self.finder = None
        super().close()

    def _build(self) -> None:
        self.buttons.clear()
        x, w = L.W // 2 - 360, 720  # a typed address after its label, at 28
        items: list[tuple[str, Callable[[], None], str]] = []
        link = self.link
        joining = link is None or not link.status.joined
        if joining:
            for k, desk in enumerate(self.found()):
                label = tr("desk.board.found_desk", event=desk.event, address=desk.address)
                colour = "gold" if desk.address == self.address else "green"
                self.buttons.add(
                    button((x, 200 + k * 62, w, 54), label, self._pick_desk(desk), colour, READ_SIZE)
                )
            items = [
                (tr("desk.board.address", address=self.address or "-"), self.type_address, "blue"),
                (tr("desk.board.code", code=self.code or "-"), self.type_code, "blue"),
                (tr("desk.board.number", number=self.number or "-"), self.type_number, "blue"),
                (tr("desk.board.join"), self.join, "green"),
            ]
        else:
            waiting = reporter(self.app).pending
            if waiting is not None:
                items.append(
                    (tr("desk.board.confirm", name=waiting[0], score=waiting[1]), self.ask_confirm, "gold")
                )
            elif link is not None and link.status.match is not None:
                items.append((tr("desk.board.play"), self.play, "green"))
        items.append((tr("button.back"), self.close, "red"))
        top, step, high = (336, 74, 62) if joining else (330, 84, 70)
        for i, (label, action, colour) in enumerate(items):
            self.buttons.add(button((x, top + i * step, w, high), label, action, colour, size=28))

    def type_address(self) -> None:
        def done(text: str) -> str | None:
            self.address = text
            self._build()
            return None

        self.app.scenes.push(
            KeyboardScene(
                self.app, tr("desk.board.address_title"), done, text=self.address, limit=40, path=True
            )
        )

    def type_code(self) -> None:
        def done(text: str) -> str | None:
            code = pr.normal_code(text)
            if len(code) != 8 or any(c not in pr.CODE_ALPHABET for c in code):
                return tr("desk.board.bad_code")
            self.code = code
            self._build()
            return None

        self.app.scenes.push(
            KeyboardScene(self.app, tr("desk.board.code_title"), done, text=self.code, path=True)
        )

    def type_number(self) -> None:
        def done(text: str) -> str | None:
            if not text.isdigit() or len(text) > 3:
                return tr("desk.board.bad_number")
            self.number = text
            self._build()
            return None

        self.app.scenes.push(
            KeyboardScene(self.app, tr("desk.board.number_title"), done, text=self.number, path=True)
        )

    def join(self) -> None:
        if not self.address or not self.code or not self.number:
            return
        folder = self.app.data_dir / "board"
        self.link = service.new_board_link(
            folder, service.desk_url(self.address), f"b{self.number}", self.number
        )
        self.link.join(self.code)

    def play(self) -> None:
        """The desk's match on this screen, played by the people at the board."""
        link = self.link
        terms = link.status.match if link is not None else None
        if link is None or terms is None:
            return
        from game.ui.scenes.game import GameScene

        so_far: MatchRecord | None = None
        if terms.get("so_far"):  # moved here after some of its games: it goes on from the desk's record
            try:
                so_far = read_mat(str(terms["so_far"]))
            except RecordError as exc:
                self.note = _cannot_resume(exc)
                return
        try:
            secret = link.client.secret(terms)
        except pr.SealError as exc:
            log.warning("board: the desk's match %s cannot be played here: %s", terms.get("match"), exc)
            self.note = tr("desk.board.cannot_open")
            return
        parts = None
        with contextlib.suppress(ValueError):  # a bad line: carry_on below says why
            parts = None if so_far is None else contributions_of(so_far.metadata)
        scene = GameScene(self.app, desk_setup(terms, secret, shared=so_far is None or parts is not None))
        if so_far is not None:
            try:
                carry_on(scene.game, self.app.records, so_far, desk_banks(terms))
            except RecordError as exc:
                scene.game.close()
                self.note = _cannot_resume(exc)
                return
        reporter(self.app).play(link, terms)
        drop_games(self.app)
        self.app.scenes.push(scene)

    def ask_confirm(self) -> None:
        _ask_loser(self.app)

    def update(self, dt: float) -> None:
        link = self.link
        self.looked += dt
        if link is not None:
            self.clock += dt
            if self.clock >= REFRESH and not link.status.busy:
                self.clock = 0.0
                if link.status.joined:
                    link.refresh()
            if link.status.joined and self.finder is not None:  # found and joined: the search ends
                service.stop_finding()
                self.finder = None
        shown = self.draw_key()
        if shown != self._built:  # what the desk said changed the buttons (joined, a match, a result)
            self._built = shown
            self._build()

    def busy(self) -> bool:
        return self.link is not None or self.finder is not None

    def draw_key(self) -> object | None:
        search = (self.search_words(), tuple(self.found()))
        s = self.link.status if self.link is not None else None
        shown = None if s is None else (s.joined, s.busy, s.error, str(s.match), s.waiting, s.finished)
        waiting = reporter(self.app).pending
        top = self.app.scenes.top is self
        return (shown, search, self.address, self.code, self.note, waiting is None, top)

    def handle(self, intent: Intent) -> None:
        if intent.kind == IntentKind.BACK:
            self.close()
            return
        self.buttons.handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_text(surface, tr("desk.board.title"), 44, (L.W // 2, 60), GOLD)
        s = self.link.status if self.link is not None else None
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if s is None:
            lines.append((tr("desk.board.explain"), DIM))
        elif s.busy and not s.joined:
            lines.append((tr("desk.board.joining"), DIM))
        elif s.joined:
            lines.append((tr("desk.board.joined", address=self.address), INK))
            if s.match is not None:
                a, b = s.match["names"]
                points = int(s.match["length"])
                lines.append((tr_n("desk.board.next", points, a=a, b=b, points=points), GOLD))
            elif s.finished:
                lines.append((tr("desk.board.finished"), INK))
            else:
                lines.append((tr("desk.board.wait"), DIM))
            if s.waiting:
                lines.append((tr_n("desk.board.outbox", s.waiting, n=s.waiting), DIM))
        if s is not None and s.error:
            lines.append((tr("desk.board.offline", why=s.error[:80]), LATE))
        joining = s is None or not s.joined
        if joining and not self.found():
            for k, line in enumerate(wrap_lines(self.search_words(), READ_SIZE, 1160)[:2]):
                draw_text(surface, line, READ_SIZE, (L.W // 2, 240 + 30 * k), DIM, width=1160)
        if self.note:
            lines.append((self.note, LATE))
        y = 120
        size, step, width = (READ_SIZE, 32, 1160) if joining else (28, 40, 1000)  # the search and form below
        for text, colour in lines:
            for line in wrap_lines(text, size, width):
                draw_text(surface, line, size, (L.W // 2, y), colour, width=width)
                y += step
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["BoardScene", "ChoiceScene", "DeskScene", "MoveScene", "NetworkScene", "draw_qr", "qr_matrix"]
