"""The coach in a real game: which decisions it stopped and why, and the delay it adds at Done.

A scripted player plays whole games against the computer in the game scene (headless), the coach
on for blunders (or mistakes, ``--coach``), everything beside the loop as on a cabinet: the
computer and the coach's study of each roll in the worker processes (an older checkout studies in
a thread of the game's process; this tool runs there too, for a before-and-after). The player's plays
are the beginner level's choices (a newcomer's kind of play, with its blunders); it "thinks"
``--think`` seconds of wall-clock time after the dice land, the frames running meanwhile at the
game's fixed step, makes its play, and presses Done ``--reach`` seconds later (the last checker
lands, the hand goes to Done: the coach explains a play it will stop meanwhile). It takes every
double with the T key the moment the offer stands (a key acts at once, without the offer's guard:
the quickest take there is, so the longest wait for the expert's cube advice). Every card is kept
(Keep my move), so the game goes on and the quiet spell after a kept mistake is exercised too.

Prints each stopped decision (decision number, the play, the expert's play, the loss, the reason),
the delay at Done: the wall-clock time from Done (or Take, or Roll) to the coach's answer (a card,
or the decision counting), median and worst, for plays, for cube answers (a take waits for the
expert's cube advice, within the game's cube budget) and for rolls (the player never doubles: the
advice on the double, asked as the turn starts, says whether the roll is a missed double), the
frames' times while the player thinks and the study runs beside them, and the longest gaps between
two passes of the loop (a step, or a step and a drawing): while the player thinks, and while Done
waits for the coach.
``--think 0`` is the worst case: the play made and Done pressed the moment the dice are rolled
(with ``--reach 0``: at once), long before the study of the roll can have finished.

``--pi`` holds this process (the game's loop) to a Raspberry Pi 4 core's share of this machine and
its worker processes to two such shares, with the cgroup v1 CPU groups of
:class:`game.ui.tools.bench_pi.Groups` (root and ``/sys/fs/cgroup/cpu`` needed; the groups are
removed at the end, also after an error or Ctrl-C).

Usage: ``python -m game.ui.tools.bench_coach --games 2 --think 1.5 --reach 0.5 --seed 4 [--pi]``
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

from game.session.commands import Command
from game.session.modes import GameMode
from game.tools import CHECKOUT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = CHECKOUT

from game.ai import api  # noqa: E402
from game.ai.question import Decision  # noqa: E402
from game.coach import render  # noqa: E402
from game.engine.flow import Phase, PlayMoves  # noqa: E402
from game.engine.notation import format_play  # noqa: E402
from game.session import settings as st  # noqa: E402
from game.session.controller import GameSetup  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.anim import STEP_SECONDS  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tools.bench_pi import GAME_QUOTA_US, PERIOD_US, Groups, throttle_problem  # noqa: E402

FRAMES: list[float] = []
"""Seconds each frame (a fixed step and a drawing) took while the player thought and reached for
Done, the coach's study (and a stopped play's explanation) running beside it."""
GAPS: dict[str, list[float]] = {"think": [], "card": [], "done": []}
"""Seconds between the starts of two passes of the loop in a row: while the player thinks and
reaches for Done (frames run, each sleeping a fixed step after its work), while the coach's card is
up (frames), and while Done waits for the coach's answer (steps run)."""
LONG: list[tuple[float, str]] = []
"""The gaps over 50 ms, with where they were (the kind of pass and the decision)."""


class Passes:
    """The start of each pass of the loop, for the gaps between two in a row of one kind."""

    def __init__(self) -> None:
        self.kind = ""
        self.last = 0.0

    def tick(self, kind: str, decision: int) -> None:
        now = time.perf_counter()
        if kind == self.kind:
            GAPS[kind].append(now - self.last)
            if now - self.last > 0.05:
                LONG.append((now - self.last, f"{kind}, decision {decision}"))
        self.kind, self.last = kind, now

    def pause(self) -> None:
        """The run of passes is broken (the script acts): the next pass starts a new run."""
        self.kind = ""


PASSES = Passes()


def run_for(app: App, seconds: float, kind: str = "think", decision: int = 0) -> None:
    """Run frames (a step and a drawing each) for ``seconds`` of wall-clock time."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        begun = time.perf_counter()
        PASSES.tick(kind, decision)
        app.step()
        app.draw(0.0)
        if kind == "think":
            FRAMES.append(time.perf_counter() - begun)
        time.sleep(STEP_SECONDS)
    PASSES.pause()


def play_game(
    app: App,
    scene: GameScene,
    pace: tuple[float, float],
    seed: int,
    stops: list[str],
    delays: dict[str, list[float]],
) -> int:
    """One game; returns the number of the player's decisions the coach judged."""
    think, reach = pace
    decided = 0
    pending: tuple[str, int] | None = None
    give_up = time.perf_counter() + 1800.0
    while time.perf_counter() < give_up:
        s = scene.state
        coach = scene.coach
        if coach.waiting is not None:  # the coach answers in a moment: the loop runs meanwhile
            PASSES.tick("done", decided)
            app.step()
            time.sleep(0.001)
            continue
        PASSES.pause()
        if pending is not None:  # the decision just judged: file its delay
            kind, before = pending
            delays.setdefault(kind, []).extend(coach.delays[before:])
            pending = None
        if s.phase is Phase.GAME_OVER:
            return decided
        if coach.verdict is not None:  # a card: note it, wait out its guard, keep the decision
            v = coach.verdict
            what = format_play(s.moves) if v.kind == Decision.MOVE else str(v.action)
            better = format_play(v.better_moves) if v.kind == Decision.MOVE else str(v.better_action)
            stops.append(
                f"  decision {decided:>2}: {v.kind:<6} {what:<24} expert {better:<24} "
                f"loss {v.loss:.3f}  {render((v.reason,), 'en')}"
            )
            run_for(app, 0.9, "card", decided)
            coach.keep()
            continue
        landed = think == 0 or not scene.dice.tumbling  # --think 0: before the dice even land
        if s.phase is Phase.MOVING and s.turn == 0 and not s.moves and landed:
            if s.turn_state().most == 0:
                app.step()
                continue
            assert s.dice is not None
            run_for(
                app, think, "think", decided + 1
            )  # the player looks at the board while the coach studies the roll
            play = api.choose_play(s.position, s.dice, "beginner", seed=seed + decided)
            assert play is not None
            scene.do(PlayMoves(play.moves))
            scene.anim.skip()
            run_for(app, reach, "think", decided + 1)
            decided += 1
            pending = ("play", len(coach.delays))
            scene.end_turn()
            continue
        if s.phase is Phase.ROLL and s.turn == 0 and scene.game.waiting_for_human():
            run_for(app, reach, "think", decided)  # the hand goes to Roll: the cube advice runs beside
            pending = ("roll", len(coach.delays))
            scene.roll_dice()  # the player never doubles: the coach may ask about a missed double
            continue
        if s.phase is Phase.CUBE_OFFERED and s.turn == 1 and scene.modal.buttons:
            decided += 1
            pending = ("cube", len(coach.delays))
            scene.command(Command.TAKE)  # a newcomer takes with the T key, the moment the offer stands
            continue
        app.step()
        time.sleep(STEP_SECONDS)  # the game's own pace: its waits are counted in fixed steps
    raise RuntimeError("the game did not end")


def report(kind: str, found: list[float]) -> None:
    ms = sorted(1000.0 * d for d in found)
    if not ms:
        return
    print(f"delays at Done, {kind} (ms, in order):", " ".join(f"{1000.0 * d:.0f}" for d in found))
    p90 = f"90th percentile {ms[int(0.9 * (len(ms) - 1))]:.1f} ms, " if len(ms) >= 10 else ""
    print(
        f"delay at Done, {kind}: {len(ms)} decisions, median {statistics.median(ms):.1f} ms, "
        f"{p90}worst {ms[-1]:.1f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.tools.bench_coach", description=__doc__)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--think", type=float, default=1.5, help="seconds the player looks before playing")
    parser.add_argument("--reach", type=float, default=0.5, help="seconds from the play made to Done")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument(
        "--coach",
        choices=("blunders", "mistakes", "off"),
        default="blunders",
        help="off: no study beside the loop (the frames' times without it, for comparison)",
    )
    parser.add_argument("--level", default="intermediate", help="the computer's level")
    parser.add_argument("--pi", action="store_true", help="held to a Raspberry Pi's share (cgroup v1, root)")
    args = parser.parse_args(argv)
    if args.pi and (problem := throttle_problem()) is not None:
        print(f"cannot hold the game to a Pi's share: {problem}")
        return 2
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    data = tempfile.mkdtemp(prefix="backgammon-bench-coach-")
    settings = st.Settings(animation="fast", coach=args.coach, level=args.level, sound=False)
    app = App(settings, data_dir=data, threaded_ai=True)
    stops: list[str] = []
    delays: dict[str, list[float]] = {}
    decided = 0
    groups = Groups(os.getpid()) if args.pi else None
    try:
        if groups is not None:
            groups.start()  # this process now, its workers as they start (a watcher moves them)
        for game in range(args.games):
            seed = args.seed * 1000 + game
            scene = GameScene(
                app, GameSetup(mode=GameMode.COMPUTER, match_length=0, seed=seed, level=args.level)
            )
            app.scenes.reset(scene)
            stops.append(f"game {game + 1} (seed {seed}):")
            decided += play_game(app, scene, (args.think, args.reach), seed, stops, delays)
            scene.coach.cancel()
            scene.game.close()
        cpu = time.process_time()
        if groups is not None:  # how often the game's group was held back, and its workers
            stat = dict(line.split() for line in (groups.root / "game" / "cpu.stat").read_text().splitlines())
            print(
                f"throttled: {stat.get('nr_throttled')} of {stat.get('nr_periods')} periods, "
                f"{int(stat.get('throttled_time', '0')) / 1e9:.1f} s; "
                f"{len(groups.moved_workers)} worker processes"
            )
        print(f"this process's CPU (the loop, and any thread of it): {cpu:.1f} s")
    finally:
        if groups is not None:
            groups.remove()
        shutil.rmtree(data, ignore_errors=True)
    held = f"held to a Pi's share ({GAME_QUOTA_US}/{PERIOD_US} us)" if args.pi else "unthrottled"
    print(f"load average after: {os.getloadavg()[0]:.2f}; {held}")
    print(
        f"coach: {args.coach}; the player thinks {args.think:g} s, reaches Done in {args.reach:g} s; "
        f"{args.games} games, {decided} decisions"
    )
    print("\n".join(stops))
    for kind, found in sorted(delays.items()):
        report(kind, found)
    if FRAMES:
        frames = sorted(1000.0 * f for f in FRAMES)
        print(
            f"frames while the player thought (a step and a drawing, the study beside them): {len(frames)}, "
            f"median {statistics.median(frames):.1f} ms, worst {frames[-1]:.1f} ms, "
            f"over 1/60 s: {sum(1 for f in frames if f > 1000.0 / 60.0)}"
        )
    for kind, what in (
        ("think", "while the player thought and reached for Done (the study running)"),
        ("card", "while the coach's card was up"),
        ("done", "while Done waited for the coach"),
    ):
        gaps = sorted(1000.0 * g for g in GAPS[kind])
        if gaps:
            print(
                f"gaps between loop passes {what}: {len(gaps)}, median {statistics.median(gaps):.1f} ms, "
                f"worst {gaps[-1]:.1f} ms, over 100 ms: {sum(1 for g in gaps if g > 100.0)}"
            )
    if LONG:
        print("gaps over 50 ms:", ", ".join(f"{1000.0 * g:.0f} ms ({where})" for g, where in LONG))
    return 0


if __name__ == "__main__":
    sys.exit(main())
