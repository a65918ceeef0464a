"""A newcomer's first visit to a cabinet, in a REAL window: the first touch, Learn to play, a whole
first game against the computer, the initials and today's board (issue 36's walk-through).

Usage: ``.venv/bin/python -m game.ui.tools.newcomer_walk OUTDIR [--lang en|fi|hu] [--size 800x480]
[--seed 7] [--display :48]``

An X server with no window manager (Xvfb), ``main.py --kiosk --fullscreen`` on it from a fresh data
folder with an operator code set (as the tour's ``kiosk`` walk does), and every tap a person's tap on
a touchscreen, through the X server (``xdotool``, through the game's letterbox). Each tap waits until
the X screen shows what the game's headless twin draws (``import -window root``), as a person waits
for the screen to settle. The parts:

- start: the attract demo, the visitor's first touch, the title's "New to backgammon?" offer;
- learn: every step of Learn to play, its right play made by taps (a checker, then its target: the
  lessons' own ``accept``), Take or Double tapped, Next; then "Play your first game";
- game: the whole game against the beginner (coach on), the visitor's plays the beginner level's own
  choice (``choose_play(..., "beginner")``), doubles taken or passed as the beginner would, by taps;
  the coach's card, when it comes, kept ("Keep my move");
- end: the game-over card left untouched until the game offers the visitor's place (see
  :meth:`NewcomerWalk.end`), three initials, OK, today's board, Back to the card, Next game.

Why the game is followed by its autosave: the computer's and the coach's cube decisions are rolled
out within a budget of CPU seconds (``game.ai.api.CUBE_BUDGET``), so a twin thinking at once in this
process need not decide what the real game decides, and from there the two boards part. At each of
the visitor's decisions (the game saves after every roll, play and cube action) the twin is made again
from a copy of the real game's data folder: the kiosk resumes that save, so the twin shows the same
position and dice and says where each checker and button is; the walk waits until the X screen shows
that twin's frame, then taps. Between decisions the computer's turns are the real game's own. (With
``--seed`` the dice are the seed's: a seeded game awaits no touch for its part of the dice.)

Measures, per part: the taps, the wall time, the time spent waiting for the screen (the screen's
own time: the checkers flying, the computer thinking, the wait for the offer of a place; an upper
bound, as each wait ends with one capture of up to about half a second) and the words drawn (each
distinct text once). The
first-timer's estimate is ``learn_screenshots --time``'s formula: the screen's own time, plus reading
the words at :data:`~game.ui.tools.learn_screenshots.READ_CPM`, plus
:data:`~game.ui.tools.learn_screenshots.GESTURE_SECONDS` a tap. Prints a table and writes
``OUTDIR/walk_LANG_WxH.json``; the captures are ``OUTDIR/walk_LANG_WxH_NAME.png``.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from game import i18n
from game.ai.api import choose_play, should_take
from game.ai.question import CubeQuestion
from game.engine.flow import GameState, Phase
from game.engine.moves import Move
from game.session import operator_lock, persist
from game.ui.app import App
from game.ui.entry.initials import InitialsScene
from game.ui.kiosk.leaderboard import LeaderboardScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.learn import LearnScene
from game.ui.text import CACHE
from game.ui.tools._realwindow import (
    MATCH,
    WAIT,
    RealGame,
    Walk,
    fresh_data,
    missing_tools,
    screen_size,
    twin_of,
    xserver,
)
from game.ui.tools._xwin import mean_diff
from game.ui.tools.learn_screenshots import GESTURE_SECONDS, READ_CPM, point_xy
from game.ui.tools.realwindow_tour import CODE

if TYPE_CHECKING:  # pygame loads after _realwindow has set its drivers
    import pygame

LEVEL = "beginner"
"""The visitor's rule: the beginner level's choice of play and of answer to a double."""
INITIALS = "ANA"
TURN_SHOTS = 3
"""A capture every this many of the visitor's turns (besides each new kind of moment)."""
LINGER, LINGER_SECONDS = 6, 50.0
"""The walk waits on the game-over card this many times this long for the game's offer of a place,
touching the screen between (the kiosk's idle warning comes after 90 s untouched by default)."""
EMPTY = (400, 28)
"""A spot of the game screen with nothing on it (the status line): a touch there says someone is
there, nothing more."""
GAME_SETTLE = 8.0
"""Seconds a wait in the game may take before the tap is made anyway (a screen that never stands
still: a pulsing button); the capture is kept and its difference said."""


class Part(Enum):
    START = "kiosk start"
    LEARN = "Learn to play"
    GAME = "the game"
    END = "the end"


@dataclass
class Tally:
    """One part's measures."""

    taps: int = 0
    wall: float = 0.0
    waited: float = 0.0
    words: set[str] = field(default_factory=set)

    @property
    def reading(self) -> float:
        return len(" ".join(sorted(self.words))) / READ_CPM * 60

    @property
    def first_timer(self) -> float:
        """``learn_screenshots --time``'s estimate: the screen's own time, reading, the hands."""
        return self.waited + self.reading + self.taps * GESTURE_SECONDS


class Reader:
    """Every text the twin draws while a part is on, kept by part: the words a visitor is shown."""

    def __init__(self, tallies: dict[Part, Tally]) -> None:
        self.tallies = tallies
        self.part: Part | None = None
        self.render = CACHE.render

    @contextmanager
    def on(self) -> Iterator[None]:
        original = self.render

        def render(
            text: str, size: int, colour: tuple[int, int, int] = (255, 255, 255), bold: bool = True
        ) -> pygame.Surface:
            if self.part is not None and text.strip() and colour != (0, 0, 0):  # a shadow is no new word
                self.tallies[self.part].words.add(text.strip())
            return original(text, size, colour, bold)

        setattr(CACHE, "render", render)  # noqa: B010 - the cache is shared; its method is wrapped here only
        try:
            yield
        finally:
            setattr(CACHE, "render", original)  # noqa: B010


def _human_acts(state: GameState, human: int) -> bool:
    """The visitor must do something: roll, move a fresh roll, answer a double; or the game is over."""
    if state.phase is Phase.GAME_OVER:
        return True
    if state.phase is Phase.CUBE_OFFERED:
        return state.turn != human
    if state.phase is Phase.ROLL:
        return state.turn == human
    return state.phase is Phase.MOVING and state.turn == human and not state.moves


class NewcomerWalk:
    """The real game and its twin, tapped through a newcomer's first visit; the measures by part."""

    def __init__(
        self, out: Path, display: str, screen: tuple[int, int], lang: str, scratch: Path, seed: int
    ) -> None:
        self.scratch, self.lang, self.screen = scratch, lang, screen
        self.data = fresh_data(scratch, {})
        operator_lock.write_code(self.data, CODE)  # the cabinet's operator code, as the organiser sets it
        self.argv = [
            "--fullscreen",
            "--kiosk",
            "--seed",
            str(seed),
            "--lang",
            lang,
            "--data-dir",
            str(self.data),
        ]
        self.name = f"walk_{lang}_{screen[0]}x{screen[1]}"
        twin = twin_of(scratch, self.data, self.argv)
        game = RealGame(display, screen, self.data, self.argv)
        self.w = Walk(game, twin, out, self.name)
        self.out = out
        self.tallies = {part: Tally() for part in Part}
        self.reader = Reader(self.tallies)
        self.part = Part.START
        self.began = time.monotonic()
        self.turns = 0
        self.moments: list[str] = []
        """The kinds of moment the game came to, in order (each captured the first time)."""
        self.winner = ""
        self.points = 0
        self.answers: list[str] = []
        """The visitor's answers to the computer's doubles (take, pass)."""
        self.coach_cards = 0
        self.reached_board = False
        self.offered = False
        """The game offered the visitor's place (the initials) on the game-over card."""
        self.offered_after = 0.0
        """Seconds from the settled game-over card to the game's own offer of the initials."""
        self.log = ""
        """The real game's log (stderr), its last lines."""

    # -- hands, eyes, clocks ---------------------------------------------------------------------

    @property
    def app(self) -> App:
        return self.w.twin.app

    def enter(self, part: Part) -> None:
        now = time.monotonic()
        self.tallies[self.part].wall += now - self.began
        self.part, self.began, self.reader.part = part, now, part

    def wait(self, settle: float = 15.0) -> None:
        start = time.monotonic()
        self.w.wait(settle)
        self.tallies[self.part].waited += time.monotonic() - start

    def shot(self, name: str, settle: float = 15.0) -> None:
        start = time.monotonic()
        self.w.shot(name, settle)
        self.tallies[self.part].waited += time.monotonic() - start

    def tap(self, pos: tuple[int, int], settle: float = 15.0) -> None:
        """Wait for the screen to show the twin's frame, then tap there (both)."""
        self.wait(settle)
        self.w.tap(pos)
        self.tallies[self.part].taps += 1

    def click(self, label: str, settle: float = 15.0) -> None:
        self.tap(self.w.twin.find(label).rect.center, settle)

    def until(self, done: Callable[[App], bool], limit: int = 6000) -> None:
        self.w.twin.until(done, limit)
        if not done(self.app):
            raise SystemExit(f"the twin never got there on {type(self.app.scenes.top).__name__}")

    # -- the parts -------------------------------------------------------------------------------

    def run(self) -> dict[str, object]:
        with self.reader.on():
            self.reader.part = Part.START
            try:
                self.start()
                self.learn()
                self.game()
                self.end()
            finally:
                self.enter(self.part)  # the last part's wall time
                self.log = self.w.game.stop()[-3000:]
        return self.report()

    def start(self) -> None:
        self.shot("01_attract", settle=2.0)  # the demo never stands still
        self.w.tap((640, 360))  # the first touch only wakes (the demo moves: no match to wait for)
        self.tallies[self.part].taps += 1
        self.shot("02_title")
        self.click(i18n.tr("learn.offer.yes"))
        self.enter(Part.LEARN)

    def learn(self) -> None:
        scene = self.app.scenes.top
        if not isinstance(scene, LearnScene):
            raise SystemExit(f"the offer opened {type(scene).__name__}, not Learn to play")

        def still(app: App) -> bool:
            return not scene.anim.busy and not scene.dice.tumbling

        for i, step in enumerate(scene.steps):
            self.until(still)
            self.shot(f"10_learn_{i + 1}_{step.id}")
            for pos in self._right_taps(scene):
                self.until(still)
                self.tap(pos)
            self.until(lambda app: scene.outcome == "right")
            self.until(still)
            self.shot(f"10_learn_{i + 1}_{step.id}_right")
            self.tap(scene.lesson_buttons.buttons[1].rect.center)  # Next (Finish on the last)
        self.until(lambda app: scene.finished)
        self.shot("19_learn_finish")
        self.tap(scene.finish_buttons.buttons[0].rect.center)  # Play your first game
        self.enter(Part.GAME)

    def _right_taps(self, scene: LearnScene) -> Iterator[tuple[int, int]]:
        """The step's right play as a person taps it: a checker, then its target (a checker's whole
        journey in one tap); Done where nothing can move; Take or Double."""
        from game.engine.notation import move_chains, parse_play

        step = scene.step
        if step.kind == "move":
            assert step.dice is not None
            moves = parse_play(step.accept[0], step.position, step.dice)
            if not moves:
                button = scene.lit_button()
                assert button is not None
                yield button.rect.center
            for chain in move_chains(moves):
                yield point_xy(chain[0].src)
                yield point_xy(chain[-1].dst)
        elif step.kind == "answer":
            self.until(lambda app: scene.modal_ready)
            yield scene.modal.buttons[("take", "pass").index(step.accept[0])].rect.center
        else:
            yield next(b for b in scene.buttons.buttons if b.action == scene.offer_double).rect.center

    # -- the game --------------------------------------------------------------------------------

    def scene(self) -> GameScene:
        top = self.app.scenes.top
        if not isinstance(top, GameScene):
            raise SystemExit(f"expected the game, the twin shows {type(top).__name__}")
        return top

    def settled(self, app: App) -> bool:
        top = app.scenes.top
        if not isinstance(top, GameScene):
            return True
        moving = top.anim.busy or top.dice.tumbling or top.answer_window.open
        held = (
            top.coach.busy or top.game.pending is not None or bool(top.modal.buttons and not top.modal_ready)
        )
        return not (moving or held)

    def game(self) -> None:
        scene = self.scene()
        self.until(self.settled)
        self.shot("20_game_opening")
        self.moments.append("opening")
        seat = scene.game.human
        assert seat is not None
        self.human = seat
        if scene.game.awaited() is not None:  # the visitor's touch is their part of the dice (unseeded)
            self.tap((500, 360))
        last = ""
        while True:
            text, state = self.next_decision(last)
            last = text
            self.resync()
            scene = self.scene()
            state = scene.state
            if not _human_acts(state, seat):  # the twin played a forced roll by itself: so did the game
                continue
            if state.phase is Phase.GAME_OVER:
                self.moment("game_over", settle=GAME_SETTLE)
                self.winner = "visitor" if state.turn == seat else "computer"
                self.points = state.result.points if state.result is not None else 0
                return
            if state.phase is Phase.CUBE_OFFERED:
                self.answer(scene, state)
            elif state.phase is Phase.ROLL:
                self.roll(scene)
            else:
                self.move(scene, state)

    def next_decision(self, last: str) -> tuple[str, GameState]:
        """The real game's autosave once it has changed from ``last`` and the visitor must act."""
        start = time.monotonic()
        path = self.data / "autosave.json"
        while time.monotonic() - start < WAIT:
            if self.w.game.proc.poll() is not None:
                raise SystemExit("the game ended:\n" + self.w.game.stop()[-3000:])
            try:
                text = path.read_text(encoding="utf-8")
            except FileNotFoundError:
                text = ""
            if text and text != last:
                saved = persist.load_game_checked(self.data).game
                if saved is not None and _human_acts(saved.state, self.human):
                    self.tallies[self.part].waited += time.monotonic() - start
                    return text, saved.state
            time.sleep(0.1)
        raise SystemExit("the game never came back to the visitor (autosave unchanged)")

    def resync(self) -> None:
        """The twin made again from the real game's folder: it resumes the real game's save."""
        old = self.w.twin.app
        self.w.twin = twin_of(self.scratch, self.data, self.argv)
        old.quit()
        self.until(self.settled)

    def moment(self, kind: str, settle: float = GAME_SETTLE) -> None:
        """Capture a new kind of moment the first time it comes."""
        if kind not in self.moments:
            self.moments.append(kind)
            self.shot(f"3{len(self.moments):02d}_{kind}", settle)

    def check_coach(self) -> None:
        """The coach's card, if the visitor's last decision brought it: looked at, and kept."""
        scene = self.scene()
        self.until(lambda app: not scene.coach.busy)
        if scene.coach.verdict is None:
            return
        self.coach_cards += 1
        self.moment("coach_card")
        keep = next(b for b in scene.modal.buttons if b.action == scene.coach.keep)
        self.tap(keep.rect.center, GAME_SETTLE)

    def roll(self, scene: GameScene) -> None:
        self.turns += 1
        if self.turns % TURN_SHOTS == 1:
            self.shot(f"2{self.turns:02d}_turn_{self.turns}", GAME_SETTLE)
        self.click(i18n.tr("ui.roll"), GAME_SETTLE)
        self.check_coach()

    def answer(self, scene: GameScene, state: GameState) -> None:
        self.until(lambda app: scene.modal_ready)
        self.moment("cube_offer")
        take = should_take(CubeQuestion.from_state(state, answering=True), LEVEL)
        self.answers.append("take" if take else "pass")
        self.click(i18n.tr("ui.take") if take else i18n.tr("ui.pass"), GAME_SETTLE)
        self.check_coach()

    def move(self, scene: GameScene, state: GameState) -> None:
        assert state.dice is not None
        if state.position.me[24]:
            self.moment("on_the_bar")
        play = choose_play(state.position, state.dice, LEVEL)
        moves: tuple[Move, ...] = () if play is None else play.moves
        if not moves:
            self.moment("no_move")
        for move in moves:
            before = len(scene.state.moves)
            self.until(self.settled)
            self.tap(point_xy(move.src), GAME_SETTLE)
            self.tap(point_xy(move.dst), GAME_SETTLE)
            self.until(self.settled)
            if scene.state.phase is Phase.MOVING and len(scene.state.moves) != before + 1:
                raise SystemExit(f"the tap {move.src}/{move.dst} was not taken: {scene.flash_text!r}")
            if move.hit:
                self.moment("hit")
            if move.dst == 0:
                self.moment("bearing_off")
        if scene.state.phase is Phase.MOVING and scene.state.turn == self.human:
            self.click(i18n.tr("ui.done"), GAME_SETTLE)
        self.check_coach()

    # -- the end ---------------------------------------------------------------------------------

    def end(self) -> None:
        """The game-over card is left untouched until the game offers the visitor's place itself.

        Why not Next game at once: the place is offered once the game's review is in, which nothing
        on the card shows; Next game before that starts the next game with no place offered. The
        walk cannot see the review either, so it waits for the game's own offer (30 s after the last
        touch, ``END_IDLE_SECONDS``, once the review is in), touching an empty spot of the screen
        now and then as a lingering visitor does, before the kiosk's idle warning. Then the initials,
        today's board, Back to the card, and the visitor's choice there: Next game. The twin does not
        draw these screens (its game, resumed at the end, has no review of its own): the taps go
        where the screens put their keys (fixed places), each once the X screen has settled."""
        self.enter(Part.END)
        game = self.w.game
        card = game.still(self.out / f".{self.name}_card.png")
        start = time.monotonic()
        offer = self.path("40_initials")
        for _ in range(LINGER):
            begun = time.monotonic()
            shown = game.still(offer, LINGER_SECONDS, unlike=card)
            self.tallies[self.part].waited += time.monotonic() - begun
            if mean_diff(shown, card) >= MATCH:
                break
            self.tap_still(EMPTY)
        else:
            self.offered_after = time.monotonic() - start
            return  # never offered: the report says so (``leaderboard`` false)
        self.offered = True
        self.offered_after = time.monotonic() - start
        keypad = InitialsScene(self.app, "", lambda initials: None)
        keypad.draw(self.app.screen, 0.0)  # its words are read
        keys = {b.label: b.rect.center for b in keypad.buttons.buttons}
        for letter in INITIALS:
            self.tap_still(keys[letter])
        typed = self.still_shot("41_initials_typed")
        self.tap_still(keys["OK"])
        board = self.still_shot("42_leaderboard", unlike=typed)
        self.reached_board = mean_diff(board, typed) >= MATCH and mean_diff(board, card) >= MATCH
        today = LeaderboardScene(self.app)
        today.draw(self.app.screen, 0.0)
        self.tap_still(today.buttons.buttons[0].rect.center)  # Back: the card again
        again = self.still_shot("43_card_again", unlike=board)
        self.tap_still(self.w.twin.find(i18n.tr("ui.next_game")).rect.center)
        self.still_shot("44_next_game", unlike=again, settle=GAME_SETTLE)

    def path(self, name: str) -> Path:
        path = self.out / f"{self.name}_{name}.png"
        self.w.shots.append(path)
        print(path, flush=True)
        return path

    def still_shot(
        self, name: str, unlike: pygame.Surface | None = None, settle: float = 15.0
    ) -> pygame.Surface:
        start = time.monotonic()
        shot = self.w.game.still(self.path(name), settle, unlike)
        self.tallies[self.part].waited += time.monotonic() - start
        return shot

    def tap_still(self, pos: tuple[int, int]) -> None:
        """A tap on a screen the twin does not draw, once the X screen stands still."""
        start = time.monotonic()
        self.w.game.still(self.out / f".{self.name}_waiting.png")
        self.tallies[self.part].waited += time.monotonic() - start
        self.w.game.click(pos)
        self.tallies[self.part].taps += 1

    # -- the report ------------------------------------------------------------------------------

    def report(self) -> dict[str, object]:
        parts = {
            part.name.lower(): {
                "taps": t.taps,
                "wall_s": round(t.wall, 1),
                "screen_s": round(t.waited, 1),
                "words_chars": len(" ".join(sorted(t.words))),
                "reading_s": round(t.reading, 1),
                "first_timer_s": round(t.first_timer, 1),
            }
            for part, t in self.tallies.items()
        }
        return {
            "lang": self.lang,
            "size": f"{self.screen[0]}x{self.screen[1]}",
            "parts": parts,
            "turns": self.turns,
            "moments": self.moments,
            "shots": [p.name for p in self.w.shots],
            "off": {name: round(off, 2) for name, off in self.w.off.items()},
            "winner": self.winner,
            "points": self.points,
            "answers": self.answers,
            "coach_cards": self.coach_cards,
            "leaderboard": self.reached_board,
            "offered": self.offered,
            "offered_after_s": round(self.offered_after, 1),
            "game_log": self.log.splitlines()[-12:],
        }


def table(report: dict[str, object]) -> str:
    """The measures as a table a person reads."""
    parts = report["parts"]
    assert isinstance(parts, dict)
    rows = [f"{'part':14} {'taps':>5} {'wall s':>7} {'screen s':>9} {'reading s':>10} {'first-timer s':>14}"]
    total = {"taps": 0, "wall_s": 0.0, "screen_s": 0.0, "reading_s": 0.0, "first_timer_s": 0.0}
    for part in Part:
        p = parts[part.name.lower()]
        rows.append(
            f"{part.value:14} {p['taps']:5d} {p['wall_s']:7.1f} {p['screen_s']:9.1f} {p['reading_s']:10.1f}"
            f" {p['first_timer_s']:14.1f}"
        )
        for key in total:
            total[key] += p[key]
    rows.append(
        f"{'all':14} {int(total['taps']):5d} {total['wall_s']:7.1f} {total['screen_s']:9.1f}"
        f" {total['reading_s']:10.1f} {total['first_timer_s']:14.1f}"
    )
    return "\n".join(rows)


def walk(out: Path, lang: str, size: tuple[int, int], seed: int, display: str) -> dict[str, object]:
    """The whole walk in ``lang`` on an X screen of ``size``; its report (also written as JSON)."""
    out.mkdir(parents=True, exist_ok=True)
    i18n.set_language(lang)
    with tempfile.TemporaryDirectory(prefix="bg-walk-") as scratch, xserver(display, size) as shown:
        report = NewcomerWalk(out, shown, size, lang, Path(scratch), seed).run()
    (out / f"walk_{lang}_{size[0]}x{size[1]}.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    return report


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(f"stopped by signal {signum}")  # the game's and the X server's cleanup run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.ui.tools.newcomer_walk",
        description="A newcomer's first visit to a cabinet in a real window under Xvfb: captures and times.",
    )
    parser.add_argument("outdir", type=Path, help="folder for the PNGs and the JSON")
    parser.add_argument("--lang", default="en", choices=i18n.LANGUAGES)
    parser.add_argument("--size", default="800x480", help="the screen, WxH")
    parser.add_argument("--seed", type=int, default=7, help="the game's --seed")
    parser.add_argument("--display", default=":48", help="the X display to start Xvfb on (free)")
    args = parser.parse_args(argv)
    missing = missing_tools()
    if missing:
        print(f"needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)")
        return 2
    signal.signal(signal.SIGTERM, _stop)
    report = walk(args.outdir, args.lang, screen_size(args.size), args.seed, args.display)
    print(table(report))
    moments = report["moments"]
    assert isinstance(moments, list)
    print(f"{report['turns']} turns of the visitor's; moments: {', '.join(moments)}")
    return 0


__all__ = ["NewcomerWalk", "Part", "Tally", "main", "table", "walk"]

if __name__ == "__main__":
    sys.exit(main())
