"""A whole 8-player knock-out tournament walked through in a real window, as the organiser would: the
names typed on the on-screen keyboard (two by taps, one with the accented letters) and on the keys,
the first round's match lengths set, the draw made, the first match played on the board by taps, the
other results entered by hand to the final and the winner, the standings, and the export. Every screen
is captured (``NN-name.png`` in the output folder) for a person to look at; the export is then checked
(``game.ui.tools.tourney_check``: every .mat read back by the game's reader, its dice checked, the page
shot by a headless browser when one is installed).

Usage: ``.venv/bin/python -m game.ui.tools.tourney_walk [OUT] [--display :N] [--size 800x480]
[--no-board] [--seed 7]`` (default ``OUT``: ``screenshots/tourney_walk``). Needs Xvfb, xdotool and
ImageMagick. The game runs with a data folder inside ``OUT``: no real settings are touched. Without
``--display`` a free display number is picked.

How it knows where to tap: a button is found by the words on it, in a copy of the same screen built
headless in this process (the game's own layout, never a hand-typed pixel); the board's points come
from the board's layout and the game's state from its autosave, read after every step.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"  # this process's own screens are headless copies
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.engine.flow import GameState, Phase
from game.engine.moves import legal_plays
from game.engine.serialize import state_to_dict
from game.i18n import tr
from game.session import persist
from game.session import settings as st
from game.session.local_tournament import EXPORT_FOLDER, FILE
from game.session.match_timer import SAVE_EVERY
from game.tournament import Tournament, TournamentFile
from game.ui import layout as L
from game.ui.app import App, Launch
from game.ui.entry.keyboard import KeyboardScene
from game.ui.play.dialogs import BUTTON_SIZE, button_row
from game.ui.scene import ButtonScene
from game.ui.tools._xwin import ROOT, XGame, missing_tools
from game.ui.tournament.export import ExportScene
from game.ui.tournament.hub import TournamentScene
from game.ui.tournament.result import ResultScene
from game.ui.tournament.setup import SetupScene

TAPPED = ["Anna", "Ödön"]
"""Names typed by taps on the on-screen keyboard (the second on its accented page)."""
KEYED = ["Ben", "Csilla", "Vilho", "Eero", "Fanni", "Zsuzsa"]
"""Names typed on the keyboard (SDL's text input). Plain letters only: ``xdotool type`` sends a letter
the X keymap lacks (ö) by remapping a spare key for a moment, and now and then the game read the key
after it was mapped back, so a typed "Väinö" was saved as "Väin" (xdotool's race, not the game's:
the accented letters are typed by taps on the keyboard's ÄÖ page instead)."""
PLUG_AT = 8
"""The board match's play before which the power is cut (kill -9), after a think of THINK seconds."""
THINK = 24.0
TURN_LIMIT = 400
"""Steps of the board match before the walk gives up (a 1-point game takes about 60)."""


class Walk:
    """The organiser's hands and eyes (``x``) and a headless copy of the game to find buttons in."""

    def __init__(self, x: XGame, data: Path, rng: random.Random, lang: str = "en") -> None:
        self.x = x
        self.data = data
        self.rng = rng
        self.copy = Path(tempfile.mkdtemp(prefix="walk-copy-"))
        settings = st.Settings(sound=False, language=lang)  # the game's language: the same words on buttons
        self.app = App(settings, Launch(seed=None), data_dir=self.copy, threaded_ai=False)
        self.notes: list[str] = []

    # -- finding buttons ---------------------------------------------------------------------------

    def tournament(self) -> Tournament:
        found = TournamentFile(self.data / FILE).load()
        if found.tournament is None:
            raise RuntimeError(f"no tournament saved: {found.reason}")
        return found.tournament

    def hub(self) -> TournamentScene:
        """The draw as the game shows it now (its saved tournament copied into the headless game)."""
        for name in (FILE, persist.SAVE_FILE):  # the save too: a match cut off changes the first button
            (self.copy / name).unlink(missing_ok=True)
            if (self.data / name).exists():
                shutil.copy(self.data / name, self.copy / name)
        self.app.desk.loaded = False
        self.app.desk.tournament = None
        return TournamentScene(self.app)

    def press(self, scene: ButtonScene, label: str, gap: float = 0.6) -> None:
        for b in scene.buttons.buttons:
            if b.label == label:
                self.x.tap(b.rect.center, gap)
                return
        shown = [b.label for b in scene.buttons.buttons]
        raise RuntimeError(f"no button {label!r} on {type(scene).__name__}: {shown}")

    def shot(self, name: str) -> None:
        self.x.settled(name, changed=True)

    # -- setting up ----------------------------------------------------------------------------------

    def set_up(self) -> None:
        self.x.settled("hub-empty")
        self.press(self.hub(), tr("tourney.new"))
        self.shot("setup-empty")
        setup = SetupScene(self.app, lambda: None)
        keys = KeyboardScene(self.app, "", lambda text: None)
        self.press(setup, tr("tourney.add_player"))
        self.shot("keyboard")
        for char in "ANNA":
            self.press(keys, char, gap=0.25)
        self.shot("keyboard-anna")
        self.press(keys, "OK")
        self.press(setup, tr("tourney.add_player"))
        accents = KeyboardScene(self.app, "", lambda text: None)
        accents._toggle()
        self.press(keys, "ÄÖ")
        self.press(accents, "Ö", gap=0.25)
        self.shot("keyboard-accents")
        for page, char in ((accents, "ABC"), (keys, "D"), (keys, "ÄÖ"), (accents, "Ö"), (accents, "ABC")):
            self.press(page, char, gap=0.3)
        self.press(keys, "N")
        self.press(keys, "OK")
        for i, name in enumerate(KEYED):
            self.press(setup, tr("tourney.add_player"))
            self.x.type(name)
            if i == 1:
                self.shot("keyboard-typed")
            self.x.key("Return")
        setup.names = TAPPED + KEYED
        setup._build()
        self.shot("setup-names")
        length_button = str(setup.lengths[0])
        for _ in range(5):  # the first round's matches: 5, 7, 9, 11, 13, 1 point
            self.press(setup, length_button)
            setup._length(0)()
            length_button = str(setup.lengths[0])
        self.shot("setup-ready")
        self.press(setup, tr("tourney.start"))
        self.shot("draw")
        t = self.tournament()
        names = [p.name for p in t.players]
        if names != setup.names:
            raise RuntimeError(f"the names typed are not the names saved: {names}")
        self.notes.append(f"players as saved: {', '.join(names)}")

    # -- a match on the board ------------------------------------------------------------------------

    def saved_state(self) -> tuple[GameState, bool] | None:
        saved = persist.load_game(self.data)
        if saved is None:
            return None
        return saved.state, saved.match.is_over

    def wait_change(self, before: dict[str, object] | None) -> tuple[GameState, bool]:
        deadline = time.monotonic() + 60.0
        while time.monotonic() < deadline:
            self.x.alive()
            now = self.saved_state()
            if now is not None and state_to_dict(now[0]) != before and now[0].phase is not Phase.OPENING:
                return now
            time.sleep(0.2)
        raise RuntimeError("the game did not answer on the board")

    def point(self, player: int, n: int) -> tuple[int, int]:
        """Where to tap player ``player``'s point ``n`` (25: the bar, 0: off)."""
        if n == 25:
            r = L.LAYOUT.bar_rect()
            return (r.centerx, r.y + r.h // 4)
        if n == 0:
            return L.LAYOUT.tray_rect(player).center
        return L.LAYOUT.point_rect(L.to_abs(player, n)).center

    def play_on_board(self) -> None:
        t = self.tournament()
        m = t.next_match()
        assert m is not None
        self.press(self.hub(), tr("tourney.play_here"))
        self.shot("match-start")
        state, over = self.wait_change(None)
        turns = 0
        for _ in range(TURN_LIMIT):
            if over or state.phase is Phase.GAME_OVER:
                break
            before = state_to_dict(state)
            if state.phase is Phase.ROLL:
                self.x.key("r")
            elif state.phase is Phase.MOVING and state.dice is not None and not state.moves:
                plays = legal_plays(state.position, state.dice)
                if plays and plays[0].moves:
                    if turns == PLUG_AT:
                        self.power_cut(state.turn)
                    for move in self.rng.choice(plays).moves:
                        self.x.tap(self.point(state.turn, move.src))
                        self.x.tap(self.point(state.turn, move.dst))
                    turns += 1
                    if turns == 3:
                        self.shot("match-moved")
                    self.x.key("r")
            state, over = self.wait_change(before)
        else:
            raise RuntimeError("the match on the board did not end")
        self.shot("match-over")
        labels = [tr("tourney.back"), tr("review.button")]
        _, rects = button_row(labels, BUTTON_SIZE[len(labels)])
        self.x.tap(rects[0].center)
        self.shot("draw-after-match")
        played = self.tournament().match(m.id)
        if not played.done or played.how != "played" or not played.mat:
            raise RuntimeError(f"the match played here was not scored with its record: {played}")
        self.notes.append(f"{m.id} played on the board in {turns} plays by taps, scored with its .mat")

    def saved_bank(self, player: int) -> float:
        saved = persist.load_game(self.data)
        if saved is None or saved.clock is None:
            raise RuntimeError("the match's clock is not in its save")
        return float(saved.clock["clock"]["banks"][player])

    def power_cut(self, thinker: int) -> None:
        """A long think, then ``kill -9`` and a restart: the draw offers to continue the match, and the
        save had kept the think on the clock (all but the last few seconds)."""
        at_roll = self.saved_bank(thinker)
        time.sleep(THINK)
        on_file = self.saved_bank(thinker)
        self.x.pull_the_plug()
        self.shot("after-power-cut")
        t = self.tournament()
        self.press(self.hub(), tr("tourney.continue_here"))
        self.shot("match-continued")
        charged = at_roll - on_file
        if not THINK - 12.0 - SAVE_EVERY - 1.0 <= charged <= THINK - 12.0 + 1.0:  # the delay is 12 s
            raise RuntimeError(f"a {THINK:.0f} s think cut off charged {charged:.1f} s of bank")
        called = t.next_match()
        self.notes.append(
            f"kill -9 after a {THINK:.0f} s think (12 s of it delay): the save had charged {charged:.1f} s "
            f"of bank; the draw offered to continue {called.id if called else '?'}, and it went on"
        )

    # -- results by hand -----------------------------------------------------------------------------

    def enter_results(self) -> None:
        entered = 0
        while True:
            t = self.tournament()
            m = t.next_match()
            if m is None:
                break
            hub = self.hub()
            self.press(hub, tr("tourney.enter_result"))
            result = ResultScene(self.app, t, m, lambda text: None)
            winner = self.rng.randrange(2)
            self.press(result, result.names()[winner])
            for _ in range(self.rng.randrange(m.length)):
                self.press(result, "+", gap=0.3)
            if entered == 0 or m.id.startswith("F") or t.next_match() is None:
                self.shot(f"result-{m.id}")
            self.press(result, tr("button.ok"))
            self.shot(f"draw-{m.id}")
            entered += 1
        t = self.tournament()
        if not t.finished:
            raise RuntimeError("no match is ready but the tournament is not finished")
        champion = t.winner()
        self.notes.append(f"{entered} results entered by hand; the winner: {t.players[champion or 0].name}")

    def standings_and_export(self) -> Path:
        self.press(self.hub(), tr("tourney.show_standings"))
        self.shot("standings")
        hub = self.hub()
        hub.toggle()
        self.press(hub, tr("tourney.show_draw"))
        self.shot("draw-final")
        self.press(self.hub(), tr("tourney.export"))
        self.shot("export")
        self.press(ExportScene(self.app, lambda text: None), tr("tourney.export_here"))
        self.shot("exported")
        folder = self.data / EXPORT_FOLDER
        if not any(folder.glob("*.html")):
            raise RuntimeError(f"the export wrote no page in {folder}")
        return folder


def walk(
    out: Path, display: str | None, size: tuple[int, int], seed: int, board: bool, lang: str = "en"
) -> tuple[Path, list[str]]:
    """The whole walk; the export folder and what was done, in words. ``display`` None: a free one."""
    data = out / "data"
    if data.exists():
        shutil.rmtree(data)
    data.mkdir(parents=True)
    for old in out.glob("[0-9][0-9]-*.png"):
        old.unlink()
    # No --seed for the game: a seeded match's dice are not from a secret, and the export's dice check
    # is part of the walk. ``seed`` picks the walk's own choices (the plays, the results).
    args = ["--start", "tournament", "--no-sound", "--lang", lang, "--speed", "fast"]
    with XGame(display, size, data, args, out) as x:
        w = Walk(x, data, random.Random(seed), lang)
        steps: list[Callable[[], object]] = [w.set_up]
        if board:
            steps.append(w.play_on_board)
        steps.append(w.enter_results)
        for step in steps:
            step()
        folder = w.standings_and_export()
        w.notes.append(f"{len(x.shots)} screens captured in {out}")
    return folder, w.notes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.tools.tourney_walk", description=__doc__)
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "screenshots" / "tourney_walk")
    parser.add_argument("--display", default=None, help="the X display to start (default: a free one)")
    parser.add_argument("--size", default="800x480")
    parser.add_argument(
        "--seed", type=int, default=7, help="the walk's choices (the game's dice are its own)"
    )
    parser.add_argument("--no-board", action="store_true", help="enter every result by hand")
    parser.add_argument("--lang", default="en", choices=("en", "fi", "hu"))
    args = parser.parse_args(argv)
    lacking = missing_tools()
    if lacking:
        print(f"needs {', '.join(lacking)} (apt-get install xvfb xdotool imagemagick)", file=sys.stderr)
        return 2
    w, h = (int(v) for v in args.size.split("x"))
    start = time.monotonic()
    folder, notes = walk(args.out.resolve(), args.display, (w, h), args.seed, not args.no_board, args.lang)
    from game.ui.tools.tourney_check import check_export

    notes += check_export(folder, args.out.resolve())
    for line in notes:
        print(line)
    print(f"walked in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
