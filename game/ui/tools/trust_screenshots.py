"""PNGs of the screens issue 35 changed, at 800x480 and 1920x1080: a tournament match's end saying it was
scored, the players' draw (no code), Correct a result and the result screen correcting, the withdraw
list with a player to bring back, the damaged file's notice, and a file of which nothing was kept.

Usage: ``.venv/bin/python -m game.ui.tools.trust_screenshots [OUTDIR] [--lang en|fi|hu ...]`` (default
``screenshots/trust``). Headless, in a throw-away data folder.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.engine.flow import EndTurn, Phase, PlayMoves  # noqa: E402
from game.engine.moves import legal_plays  # noqa: E402
from game.session import settings as st  # noqa: E402
from game.tournament import Tournament, TournamentFile  # noqa: E402
from game.ui.app import App, Launch  # noqa: E402
from game.ui.tools._frames import per_language, shoot  # noqa: E402
from game.ui.tournament.correct import CorrectScene  # noqa: E402
from game.ui.tournament.flow import play_here  # noqa: E402
from game.ui.tournament.hub import TournamentScene  # noqa: E402
from game.ui.tournament.result import ResultScene  # noqa: E402
from game.ui.tournament.withdraw import WithdrawScene  # noqa: E402

STEP = 1.0 / 120.0
NAMES = ["Anna", "Ben", "Csilla", "Dóra", "Eero", "Fanni", "Gábor", "Helmi"]


def damaged_tournament(names: list[str]) -> dict[str, Any]:
    """A saved tournament of ``names`` with three results, then damaged: a score that is not one and a
    player without a name (what the damaged file's notice says was kept)."""
    t = Tournament.create("Club night", names, lengths=[3])
    for mid in ("R1-1", "R1-2", "R1-3"):
        winner = t.match(mid).players[0]
        assert winner is not None
        t.enter_result(mid, winner, (3, 1))
    broken = t.to_dict()
    broken["matches"][1]["score"] = "three-one"
    broken["players"][4]["name"] = ""
    return broken


def run(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.step(STEP)


def _cabinet(data: str, lang: str) -> App:
    settings = st.Settings(language=lang, animation="fast", operator_code="2468", sound=False)
    return App(settings, Launch(kiosk=True, seed=3), data_dir=data, threaded_ai=False, clock=lambda: 1.8e9)


def shoot_language(out: Path, lang: str) -> None:
    with tempfile.TemporaryDirectory() as data:
        t = Tournament.create("Club night", NAMES, lengths=[1], lang=lang)
        t.house = {"clock": "usbgf", "aids": False}
        TournamentFile(Path(data) / "tournament.json").attach(t)
        app = _cabinet(data, lang)
        app.desk.load()
        first = app.desk.tournament
        assert first is not None
        m = first.next_match()
        assert m is not None
        game = play_here(app, first, m)
        rng = random.Random(2)
        for _ in range(400):  # a one-point match played out by random plays
            s = game.state
            if s.phase is Phase.GAME_OVER or game.game.match.is_over:
                break
            if s.phase is Phase.OPENING:
                game.game.step(5.0)
            elif s.phase is Phase.ROLL:
                game.game.roll()
            elif s.phase is Phase.MOVING and s.dice is not None:
                plays = legal_plays(s.position, s.dice)
                if plays:
                    game.do(PlayMoves(rng.choice(plays).moves))
                if game.state.phase is Phase.MOVING:
                    game.do(EndTurn())
        run(app, 2.0)
        shoot(app, out, "trust_scored", lang)
        app.open_tournament(after_match=True)
        run(app, 0.2)
        shoot(app, out, "trust_players_draw", lang)
        hub = TournamentScene(app)
        app.scenes.push(hub)
        t2 = app.desk.tournament
        assert t2 is not None
        for match in t2.ready_matches()[:2]:
            winner = match.players[0]
            assert winner is not None
            app.desk.enter_typed(match.id, winner, (1, 0))
        app.desk.withdraw(7)
        hub._build()
        shoot(app, out, "trust_organiser_draw", lang)
        correct = CorrectScene(app, hub._entered)
        app.scenes.push(correct)
        shoot(app, out, "trust_correct", lang)
        done = t2.correctable()[0]
        app.scenes.push(ResultScene(app, t2, done, correct._done, correcting=True))
        shoot(app, out, "trust_correcting", lang)
        app.scenes.pop()
        app.scenes.pop()
        app.scenes.push(WithdrawScene(app, hub._entered))
        shoot(app, out, "trust_withdraw_back", lang)
        app.quit()
        pygame.quit()
    with tempfile.TemporaryDirectory() as data:
        (Path(data) / "tournament.json").write_text(json.dumps(damaged_tournament(NAMES)), encoding="utf-8")
        app = _cabinet(data, lang)
        hub = TournamentScene(app)
        app.scenes.push(hub)
        hub.enter()
        shoot(app, out, "trust_damaged", lang)
        app.quit()
        pygame.quit()
    with tempfile.TemporaryDirectory() as data:
        (Path(data) / "tournament.json").write_text('{"players": "?"}', encoding="utf-8")
        app = _cabinet(data, lang)
        hub = TournamentScene(app)
        app.scenes.push(hub)
        hub.enter()
        shoot(app, out, "trust_damaged_nothing", lang)
        app.quit()
        pygame.quit()


def main(argv: list[str] | None = None) -> int:
    return per_language(
        "python -m game.ui.tools.trust_screenshots",
        __doc__,
        ROOT / "screenshots" / "trust",
        shoot_language,
        argv,
    )


if __name__ == "__main__":
    sys.exit(main())
