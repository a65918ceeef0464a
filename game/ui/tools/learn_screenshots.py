"""Learn to play, looked at and timed: PNGs of every step in every language, and a straight run's time.

Usage: ``.venv/bin/python -m game.ui.tools.learn_screenshots [OUTDIR]`` (default ``screenshots/learn``;
``--help`` lists the options). Runs headless on the real App and drives it with synthetic mouse events
at the fixed step, as the tests do: for each language, the title with its Learn to play button and its
first-run offer, then each step at its start, after a refused move or another legal play where the
step has one, and once done; the closing card; at 800x480 and 1920x1080.

``--time`` plays a straight run through every step instead (the right play with the ordinary
gestures, then Next, at the normal animation speed) and prints each step's time and the total: the
time the screen itself takes (checkers flying, the pause before a step is judged, the cube card's
guard), counted in fixed steps, not the wall clock. Then a first-timer's estimate
(:func:`first_timer_seconds`): that screen time, plus reading every word the run shows at
:data:`READ_CPM`, plus :data:`GESTURE_SECONDS` for each drag or tap. An estimate from those two
figures, not a stopwatch on people: issue 36 asks for at most two minutes.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.tools import CHECKOUT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = CHECKOUT

import pygame  # noqa: E402

from game.engine.moves import legal_plays  # noqa: E402
from game.engine.notation import format_play, move_chains, parse_play  # noqa: E402
from game.i18n import LANGUAGES, translate  # noqa: E402
from game.session import settings as st  # noqa: E402
from game.session.lessons import Step, load_lessons  # noqa: E402
from game.ui import layout as L  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.board.anim import STEP_SECONDS  # noqa: E402
from game.ui.layout import LAYOUT  # noqa: E402
from game.ui.scenes.learn import LearnScene  # noqa: E402
from game.ui.tools._frames import SMALL_AND_LARGE, shoot  # noqa: E402

Point = tuple[int, int]


def point_xy(point: int) -> Point:
    """Where the learner (player 0) touches their own ``point`` (25: the bar, 0: the tray)."""
    if point == 25:
        x, y = LAYOUT.bar_half(0).center
    elif point == 0:
        x, y = LAYOUT.tray_rect(0).center
    else:
        fx, fy = LAYOUT.checker_center(L.to_abs(0, point), 0, 1)
        x, y = round(fx), round(fy)
    return x, y


class Driver:
    """A learner's hands on the App: presses, drags and waits, counted in fixed steps."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.steps = 0

    @property
    def seconds(self) -> float:
        return self.steps * STEP_SECONDS

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(STEP_SECONDS)
            self.steps += 1

    def until(self, done: Callable[[], bool], limit: float = 20.0) -> None:
        for _ in range(round(limit / STEP_SECONDS)):
            if done():
                return
            self.step()
        raise RuntimeError("the screen never got there")

    def event(self, kind: int, pos: Point, **extra: Any) -> None:
        self.app.handle_event(pygame.event.Event(kind, pos=pos, **extra))

    def press(self, pos: Point) -> None:
        """A tap: down, a step, up, a step."""
        self.event(pygame.MOUSEBUTTONDOWN, pos, button=1, clicks=1, touch=False)
        self.step()
        self.event(pygame.MOUSEBUTTONUP, pos, button=1, touch=False)
        self.step()

    def drag(self, start: Point, end: Point, moves: int = 8) -> None:
        self.event(pygame.MOUSEBUTTONDOWN, start, button=1, clicks=1, touch=False)
        self.step()
        for i in range(1, moves + 1):
            t = i / moves
            at = (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
            self.event(pygame.MOUSEMOTION, at, rel=(0, 0), buttons=(1, 0, 0), touch=False)
            self.step()
        self.event(pygame.MOUSEBUTTONUP, end, button=1, touch=False)
        self.step()

    def still(self, scene: LearnScene) -> None:
        """Wait for the board to stop moving, as a player waits for the checkers to land."""
        self.until(lambda: not scene.anim.busy and not scene.dice.tumbling)

    def move(self, scene: LearnScene, src: int, dst: int) -> None:
        self.still(scene)
        self.drag(point_xy(src), point_xy(dst))

    def perform(self, scene: LearnScene, answer: int = 0) -> None:
        """The step's ``answer``-th right play or answer, made with the ordinary controls: a drag per
        checker's journey, a tap on Done, Take or Double."""
        step = scene.step
        accepted = step.accept[answer]
        if step.kind == "move":
            assert step.dice is not None
            moves = parse_play(accepted, step.position, step.dice)
            if not moves:  # nothing can be played: Done
                self.still(scene)
                button = scene.lit_button()
                assert button is not None
                self.press(button.rect.center)
                return
            for chain in move_chains(moves):
                self.move(scene, chain[0].src, chain[-1].dst)
            return
        if step.kind == "answer":
            self.until(lambda: scene.modal_ready)
            index = ("take", "pass").index(accepted)
            self.press(scene.modal.buttons[index].rect.center)
            return
        button = next(b for b in scene.buttons.buttons if b.action == scene.offer_double)
        self.press(button.rect.center)

    def next(self, scene: LearnScene) -> None:
        self.press(scene.lesson_buttons.buttons[1].rect.center)

    def judged(self, scene: LearnScene) -> None:
        self.until(lambda: scene.outcome == "right")


def new_app(lang: str, data: str, speed: str = "normal") -> App:
    return App(st.Settings(language=lang, animation=speed), data_dir=data, threaded_ai=False)


def timed_run(lang: str = "en") -> list[tuple[str, float]]:
    """A straight run through every step: (step, seconds) each, the last entry the closing card's."""
    with tempfile.TemporaryDirectory() as data:
        app = new_app(lang, data)
        scene = LearnScene(app)
        app.scenes.reset(scene)
        hands = Driver(app)
        times: list[tuple[str, float]] = []
        for _ in scene.steps:
            start = hands.seconds
            name = scene.step.id
            hands.perform(scene)
            hands.judged(scene)
            hands.still(scene)
            hands.next(scene)
            times.append((name, hands.seconds - start))
        assert scene.finished
        app.quit()
    pygame.quit()
    return times


READ_CPM = 800
"""Characters a minute a newcomer reads on the card: below the adult mean of about 990 measured over
17 languages (Trauzettel-Klosinski et al., IReST, 2012), for someone reading a new game's words."""
GESTURE_SECONDS = 1.5
"""One drag or tap, finding the checker or button included."""


def gestures(step: Step) -> int:
    """The drags and taps of a straight run through ``step``: one a checker's journey (a tap on Done
    when nothing can move; Take or Double in a cube step), then Next."""
    if step.kind != "move" or step.dice is None:
        return 2
    return max(1, len(move_chains(parse_play(step.accept[0], step.position, step.dice)))) + 1


def words_read(steps: tuple[Step, ...], lang: str) -> str:
    """Every word a straight run shows: each step's title, instruction (the first also says how to
    move) and confirmation, then the closing card."""
    parts = [translate(lang, "learn.how")]
    for step in steps:
        parts += [translate(lang, step.key(part)) for part in ("title", "do", "right")]
    parts += [translate(lang, "learn.finish.title"), translate(lang, "learn.finish.body")]
    return " ".join(parts)


def first_timer_seconds(lang: str = "en") -> tuple[float, dict[str, float]]:
    """A first-timer's time through Learn to play without a mistake, and its parts (see the module
    docstring): the screen's own time, reading, and the hands."""
    steps = load_lessons()
    parts = {
        "screen": sum(seconds for _, seconds in timed_run(lang)),
        "reading": len(words_read(steps, lang)) / READ_CPM * 60,
        "hands": sum(gestures(step) for step in steps) * GESTURE_SECONDS,
    }
    return sum(parts.values()), parts


def wrong_move(scene: LearnScene) -> tuple[int, int] | None:
    """A drag the engine refuses in this step (for the picture of its reason), if a one-die one exists."""
    step = scene.step
    if step.kind != "move" or step.dice is None:
        return None
    turn = scene.state.turn_state()
    mine = scene.state.position.me
    for src in [25, *range(24, 0, -1)]:
        if not mine[src - 1 if src < 25 else 24]:
            continue
        for die in sorted(set(step.dice), reverse=True):
            if turn.explain(src, die) is not None:
                return src, max(0, src - die)
    return None


def other_play(scene: LearnScene) -> str | None:
    """A legal play this step does not accept (for the picture of its hint)."""
    step = scene.step
    if step.kind != "move" or step.forced or step.dice is None:
        return None
    for play in legal_plays(step.position, step.dice):
        if play.position not in step.results:
            return format_play(play.moves)
    return None


def shots(out: Path, lang: str, sizes: tuple[tuple[int, int], ...]) -> int:
    """Every picture of Learn to play in ``lang``; returns how many were written."""
    from game.ui.scenes.title import TitleScene

    written = 0

    def snap(name: str) -> None:
        nonlocal written
        shoot(app, out, name, lang, sizes)
        written += len(sizes)

    with tempfile.TemporaryDirectory() as data:
        app = new_app(lang, data, speed="fast")
        app.scenes.reset(app._title())  # a player who has not played here: the title offers the lessons
        snap("learn_00_title_offer")
        app.scenes.reset(TitleScene(app))
        snap("learn_00_title")
        scene = LearnScene(app)
        app.scenes.reset(scene)
        hands = Driver(app)
        for i, step in enumerate(scene.steps):
            tag = f"learn_{i + 1:02d}_{step.id}"
            hands.step(3)
            snap(f"{tag}_a_start")
            wrong = wrong_move(scene)
            if wrong is not None:
                hands.drag(point_xy(wrong[0]), point_xy(wrong[1]))
                hands.step(30)
                snap(f"{tag}_b_refused")
                scene.again()
            other = other_play(scene)
            if other is not None:
                assert step.dice is not None
                for chain in move_chains(parse_play(other, step.position, step.dice)):
                    hands.move(scene, chain[0].src, chain[-1].dst)
                with contextlib.suppress(RuntimeError):  # the drags took other dice (5/off for 5/3/off)
                    hands.until(lambda: scene.outcome != "", limit=5.0)
                if scene.outcome == "hint":
                    snap(f"{tag}_c_hint")
                    hands.until(lambda: scene.take_back_in is None and not scene.anim.busy)
                else:  # no other play was made: no hint to show
                    scene.again()
            elif step.kind != "move":
                wrong_answer = next(a for a in ("take", "pass", "double", "roll") if not step.right_answer(a))
                if step.kind == "answer":
                    hands.until(lambda: scene.modal_ready)
                    scene.answer(wrong_answer == "take")
                else:
                    scene.game.roll()
                hands.step(3)
                snap(f"{tag}_c_hint")
            hands.perform(scene)
            hands.judged(scene)
            hands.still(scene)
            snap(f"{tag}_d_right")
            hands.next(scene)
        hands.step(3)
        snap("learn_99_finish")
        app.quit()
    pygame.quit()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.ui.tools.learn_screenshots",
        description="Write PNGs of every Learn to play step (800x480 and 1920x1080), or time a straight run.",
    )
    parser.add_argument("outdir", nargs="?", type=Path, default=ROOT / "screenshots" / "learn")
    parser.add_argument("--lang", nargs="*", choices=LANGUAGES, default=list(LANGUAGES))
    parser.add_argument("--time", action="store_true", help="time a straight run instead of taking pictures")
    args = parser.parse_args(argv)
    if args.time:
        for lang in args.lang:
            times = timed_run(lang)
            for name, seconds in times:
                print(f"{lang} {name:10} {seconds:5.2f} s")
            print(f"{lang} total      {sum(s for _, s in times):5.2f} s over {len(times)} steps")
            total, parts = first_timer_seconds(lang)
            said = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in parts.items())
            print(f"{lang} a first-timer without a mistake: about {total:.0f} s ({said})")
        return 0
    out: Path = args.outdir
    out.mkdir(parents=True, exist_ok=True)
    total = sum(shots(out, lang, SMALL_AND_LARGE) for lang in args.lang)
    print(f"{total} screenshots written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
