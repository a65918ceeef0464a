"""A cabinet playing a whole eight-player tournament by itself, to be killed (issue 35).

``python -m tests.helpers.tourney_kill_child DIR SEED`` runs the real :class:`game.ui.app.App` headless as a
cabinet (kiosk, operator code, the match clock on by the tournament's house rule) in the data folder
DIR. The first run creates the tournament (eight players, knock-out with consolation, 3 points); every
run then carries on from whatever the folder holds, the way a cabinet does after a power cut: a match
cut off comes back by itself, else the organiser opens the draw from the operator menu and plays the
match called, and after each match the players go back to the draw and play the next.

Both sides are played by the computer (``game.ai.api``: its play and its cube decisions at the
beginner level, deterministic for a position and dice) through the game screen as a player would:
the roll, each checker one step at a time, a double, a take or a pass. A turn of two moves or more
waits after its first checker until the match clock's own save (every few seconds) has kept the move
half played. The dice are the game's own (one secret per match, from the seed): the same seed plays
the same event.

At each moment worth a kill the child prints ``at PHASE`` and waits for a line on stdin: ``go`` goes
on (the parent may still kill it a little later, at a random moment), anything else (or the end of
input) stops. Phases: ``opening`` (a game's start, and just after its opening roll), ``mid-turn``,
``cube`` (a double offered, not answered), ``between`` (a game over, and the next one started),
``result`` (a match over and scored), ``draw`` (the players' draw after a match). At the end it prints
``done`` and the tournament's final standings and matches as one JSON line.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.ai import api
from game.ai.requests import CubeQuestion
from game.engine.flow import Double, EndTurn, Pass, Phase, Step, Take
from game.i18n import tr
from game.session import settings as st
from game.session.local_tournament import FILE, result_words
from game.session.match_timer import SAVE_EVERY
from game.tournament import Tournament, TournamentFile
from game.ui.app import App, Launch
from game.ui.entry.keypad import KeypadScene
from game.ui.kiosk.operator import OperatorScene
from game.ui.scenes.game import GameScene
from game.ui.tournament.hub import TournamentScene
from tests.helpers.event_driver import let_dialog_take_presses, open_operator, steps, type_dice_parts
from tests.helpers.ui_driver import click, press_button

CODE = "2468"
NAMES = ["Anna", "Ben", "Csilla", "Dóra", "Eero", "Fanni", "Gábor", "Helmi"]
LEVEL = "beginner"
LENGTH = 3
CLOCK = 1.8e9
"""The cabinet's clock for file names and the records' dates (the same in every run)."""
STEP = 1.0 / 120.0


def at(phase: str) -> None:
    """A moment worth a kill: said, then the parent's word awaited."""
    print(f"at {phase}", flush=True)
    if sys.stdin.readline().strip() != "go":
        raise SystemExit(0)


def build(data: str, seed: int) -> App:
    settings = st.Settings(animation="fast", sound=False, operator_code=CODE, idle_seconds=600, level=LEVEL)
    app = App(settings, Launch(kiosk=True, seed=seed), data_dir=data, threaded_ai=False, clock=lambda: CLOCK)
    app.scenes.push(app.initial_scene())
    return app


def summary(t: Tournament) -> dict[str, object]:
    """What must come out the same however often the cabinet was killed."""
    return {
        "standings": [[s.rank, s.name, s.wins, s.losses, s.buchholz] for s in t.standings()],
        "matches": {
            m.id: [m.players, m.winner, None if m.score is None else list(m.score), m.how, m.mat]
            for m in t.matches
        },
    }


def to_draw(app: App) -> None:
    """From the attract loop (nothing cut off): the operator opens the tournament."""
    click(app, (640, 360))  # wake the demo
    steps(app, 0.5)
    open_operator(app, CODE)
    if not isinstance(app.scenes.top, OperatorScene):
        raise SystemExit(f"no operator menu: {app.scenes.top!r}")
    press_button(app, tr("operator.tournament"))


def settle(app: App, scene: GameScene) -> None:
    scene.anim.skip()
    app.step(STEP)


def turn(app: App, scene: GameScene) -> None:
    """The rest of the turn being moved: the computer's play, one checker at a time."""
    s = scene.state
    assert s.dice is not None
    start = s.turn_state().start
    play = api.choose_play(start, s.dice, LEVEL)
    moves = play.moves if play is not None else ()
    if tuple(moves[: len(s.moves)]) != tuple(s.moves):
        raise SystemExit(f"the half-played move {s.moves} is not the start of {moves}")
    for k, move in enumerate(moves[len(s.moves) :], start=len(s.moves)):
        scene.do(Step(move.src, move.die))
        settle(app, scene)
        if k == 0 and len(moves) > 1:  # the clock's own save keeps the move half played
            app.idle_tick(SAVE_EVERY + 0.5)
            app.step(STEP)
            at("mid-turn")
    if scene.state.phase is Phase.MOVING:
        scene.do(EndTurn())
    settle(app, scene)


def play(app: App, scene: GameScene) -> None:
    """One step of a tournament match on the screen."""
    game = scene.game
    game.humans = {0, 1}  # both at the screen: the child is their hands
    s = scene.state
    if game.match.is_over or game.timed_out:
        t = app.desk.tournament
        m = t.match(game.setup.tournament or "") if t is not None else None
        said = (
            t is not None and m is not None and scene.flash_text == tr("tourney.scored", **result_words(t, m))
        )
        print("said" if said else f"unsaid {scene.flash_text!r}", flush=True)  # the screen says it was scored
        at("result")
        let_dialog_take_presses(app)
        press_button(app, tr("tourney.back"))
        at("draw")
        return
    if s.phase is Phase.GAME_OVER:
        at("between")
        scene.next_game()
        settle(app, scene)
        at("between")
        return
    if s.phase is Phase.OPENING:
        at("opening")
        game.step(5.0)  # the opening roll comes by itself
        settle(app, scene)
        if scene.state.phase is Phase.MOVING:
            at("opening")
        return
    if s.phase is Phase.ROLL:
        q = CubeQuestion.from_state(s, answering=False)
        if s.can_double() is None and api.should_double(q, LEVEL):
            scene.do(Double())
            settle(app, scene)
            at("cube")
            return
        game.roll()
        settle(app, scene)
        return
    if s.phase is Phase.CUBE_OFFERED:
        q = CubeQuestion.from_state(s, answering=True)
        take = api.should_take(q, LEVEL)
        scene.do(Take() if take else Pass())
        settle(app, scene)
        return
    if s.phase is Phase.MOVING:
        turn(app, scene)
        return
    app.step(STEP)


def main(data: str, seed: int) -> None:
    file = Path(data) / FILE
    if not file.exists():  # the first run: the organiser sets the event up
        build(data, seed).desk.create(
            NAMES, "elimination", [LENGTH], clock="usbgf", aids=False, name="Kill cup"
        )
    app = build(data, seed)  # the cabinet as it starts: no screen has read the tournament yet
    for _ in range(200_000):
        t = app.desk.tournament or TournamentFile(file).load().tournament  # a look, not the desk's
        assert t is not None
        top = app.scenes.top
        if isinstance(top, KeypadScene) and top.title_key == "dice.contribute":
            type_dice_parts(app)  # each player's digits for the match's dice (issue 37), the same every run
        elif isinstance(top, GameScene) and top.game.setup.tournament is not None:
            play(app, top)  # the last match too: its result is a moment to be killed at
        elif t.finished:
            print("done", flush=True)
            print(json.dumps(summary(t), ensure_ascii=False), flush=True)
            return
        elif isinstance(top, TournamentScene):
            label = (
                tr("tourney.continue_here")
                if tr("tourney.continue_here") in labels(top)
                else tr("tourney.play_here")
            )
            press_button(app, label)
        else:
            to_draw(app)
    raise SystemExit("the tournament never ended")


def labels(scene: TournamentScene) -> list[str]:
    return [b.label for b in scene.buttons.buttons]


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
