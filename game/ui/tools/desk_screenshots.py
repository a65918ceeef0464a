"""PNGs of the networked desk's screens at 800x480 and 1920x1080: the operator menu with its new entry,
the choice (be the desk / join a desk), the desk with boards joined (playing with their scores and
match clocks, one silent and one taking long), its join code and the QR code of the phone page, the
director's word (correct a result, withdraw a player, the desk after it), a board that joined
and has its match called, and a match moved to a board where people play after its first game (the
game screen it opens at, and the board's refusal of a record that does not fit).

Usage: ``.venv/bin/python -m game.ui.tools.desk_screenshots [OUTDIR] [--lang en|fi|hu ...]`` (default
``screenshots/desk``). Headless, in a throw-away data folder; the desk listens on loopback only.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("BACKGAMMON_DESK_NETWORK", "127.0.0.1")  # announced and looked for on loopback only
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.desk import service  # noqa: E402
from game.desk.board import BoardClient  # noqa: E402
from game.desk.desk import Desk  # noqa: E402
from game.desk.play import MatchPlay  # noqa: E402
from game.desk.server import serve  # noqa: E402
from game.engine.flow import EndTurn, Phase, PlayMoves  # noqa: E402
from game.engine.moves import legal_plays  # noqa: E402
from game.session import settings as st  # noqa: E402
from game.tools.desk_page_shots import play  # noqa: E402
from game.tournament import Tournament, TournamentFile  # noqa: E402
from game.ui.app import App, Launch  # noqa: E402
from game.ui.desk import BoardScene, DeskScene, MoveScene, NetworkScene  # noqa: E402
from game.ui.kiosk.operator import OperatorScene  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tools._frames import per_language, shoot  # noqa: E402
from game.ui.tournament.correct import CorrectScene  # noqa: E402
from game.ui.tournament.withdraw import WithdrawScene  # noqa: E402

NAMES = ["Anna", "Ben", "Csilla", "Dóra", "Eero", "Fanni", "Gábor", "Helmi"]
STEP = 1.0 / 60.0


def play_out(game: GameScene, seed: int = 4) -> None:
    """A two-player match on screen played to its end by random legal plays (a one-point match)."""
    rng = random.Random(seed)
    for _ in range(600):
        s = game.state
        if s.phase is Phase.GAME_OVER or game.game.match.is_over:
            return
        if s.phase is Phase.OPENING:
            while (who := game.game.awaited()) is not None:  # each player's digits for the dice
                game.game.contribute(who, f"{4711 + who}")
            game.game.step(5.0)
        elif s.phase is Phase.ROLL:
            game.game.roll()
        elif s.phase is Phase.MOVING and s.dice is not None:
            plays = legal_plays(s.position, s.dice)
            if plays:
                game.do(PlayMoves(rng.choice(plays).moves))
            if game.state.phase is Phase.MOVING:
                game.do(EndTurn())


def floor(desk: service.DeskService, url: str, code: str, data: Path) -> None:
    """Three boards at their next matches: one sends its match clock, one has been silent for five
    minutes, one has played far longer than its length asks (the desk's clock set back for them)."""
    desk.desk.started -= 3600
    for k, board in ((3, "b3"), (5, "b5"), (6, "b6")):
        client = BoardClient(data / f"other{k}", url, board=board, name=str(k))
        if not client.joined:
            assert client.join(code, desk.desk.desk_id).ok
        terms = client.next_match()
        assert terms is not None
        if board == "b3":
            assert client.post("/api/live", {"match": terms["match"], "banks": [431, 388], "running": 1}).ok
        elif board == "b5":
            desk.desk.boards[board].seen -= 300
            desk.desk.since[terms["match"]] -= 300
        else:
            desk.desk.since[terms["match"]] -= 40 * 60


def run(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.step(STEP)


def shoot_language(out: Path, lang: str) -> None:
    with tempfile.TemporaryDirectory() as data:
        t = Tournament.create("Club night", NAMES, lengths=[1], lang=lang)
        TournamentFile(Path(data) / "tournament.json").attach(t)
        settings = st.Settings(language=lang, animation="fast", operator_code="2468", sound=False)
        app = App(settings, Launch(kiosk=True, seed=3), data_dir=data, threaded_ai=False)
        app.scenes.push(OperatorScene(app))
        shoot(app, out, "desk_operator_menu", lang)
        app.scenes.push(NetworkScene(app))
        shoot(app, out, "desk_choice", lang)
        desk_scene = DeskScene(app, host="127.0.0.1", port=0)
        app.scenes.push(desk_scene)
        shoot(app, out, "desk_empty", lang)
        running = service.running()
        assert running is not None
        url = running.url.rstrip("/")
        code = running.desk.join_code
        for k, games in ((3, None), (5, 1)):
            client = BoardClient(Path(data) / f"other{k}", url, board=f"b{k}", name=str(k))
            assert client.join(code, running.desk.desk_id).ok
            play(client, games)
        run(app, 2.5)
        shoot(app, out, "desk_running", lang)
        floor(running, url, code, Path(data))
        run(app, 2.5)
        shoot(app, out, "desk_floor", lang)
        desk_scene.director()
        shoot(app, out, "desk_director", lang)
        app.scenes.pop()
        desk_scene.correct()
        shoot(app, out, "desk_correct", lang)
        correct = app.scenes.top
        assert isinstance(correct, CorrectScene)
        correct.buttons.buttons[0].action()
        shoot(app, out, "desk_correct_result", lang)
        app.scenes.pop()
        app.scenes.pop()
        desk_scene.withdraw()
        shoot(app, out, "desk_withdraw", lang)
        withdraw = app.scenes.top
        assert isinstance(withdraw, WithdrawScene)
        held = running.desk.tournament
        assert held is not None
        silent = next(mid for mid, b in running.desk.assigned.items() if b == "b5")
        leaving = held.match(silent).players[0]  # a player at the silent board went home
        assert leaving is not None
        withdraw._withdraw(leaving, held.players[leaving].name)
        run(app, 0.5)
        shoot(app, out, "desk_after_withdraw", lang)
        running.desk.remove_board("b6")  # its match goes to the board that joins below
        move = MoveScene(app, running)
        app.scenes.push(move)
        shoot(app, out, "desk_move_which", lang)
        move.match = "R1-1"
        move._build()
        shoot(app, out, "desk_move_where", lang)
        app.scenes.pop()
        app.scenes.pop()
        desk_scene.remove()
        shoot(app, out, "desk_remove_which", lang)
        app.scenes.pop()
        board = BoardScene(app)
        app.scenes.push(board)
        shoot(app, out, "desk_board_looking", lang)
        for _ in range(300):  # the desk announced itself on loopback: the board finds it
            run(app, 0.05)
            if board.found() or (board.finder is not None and board.finder.problem):
                break
            time.sleep(0.02)
        board.looked = 10.0
        shoot(app, out, "desk_board_found", lang)
        board.address, board.code, board.number = url[len("http://") :], code, "7"
        board._build()
        shoot(app, out, "desk_board_join", lang)
        board.join()
        for _ in range(100):
            run(app, 0.5)
            if board.link is not None and board.link.status.match is not None:
                break
            time.sleep(0.05)
        run(app, 0.2)
        shoot(app, out, "desk_board_joined", lang)
        board.play()
        top = app.scenes.top
        assert isinstance(top, GameScene)
        play_out(top)
        run(app, 1.0)
        shoot(app, out, "desk_board_confirm", lang)
        service.stop()
        service.forget_board_link()  # the next language's cabinet starts as a new game would
        service.stop_finding()
        app.quit()
        pygame.quit()


def shoot_moved(out: Path, lang: str) -> None:
    """A clocked 5-point match whose board died after reporting its first game, moved to a board where
    people play: the game it opens at, and the board's words for a record that does not fit."""
    with tempfile.TemporaryDirectory(prefix="desk-moved") as tmp:
        root = Path(tmp)
        desk = Desk(root / "desk")
        desk.create(NAMES, lengths=[5], dice_seed="moved", house={"clock": "usbgf"})
        server = serve(desk)
        url = f"http://127.0.0.1:{server.port}"
        try:
            dead = BoardClient(root / "b1", url, board="b1", name="1")
            assert dead.join(desk.join_code, desk.desk_id).ok
            terms = dead.next_match()
            assert terms is not None
            first = MatchPlay(terms["match"], (terms["names"][0], terms["names"][1]), 5, terms["secret"])
            first.play_game()
            dead.queue({**first.report(), "banks": [431, 388]})
            assert dead.flush() == 0
            for k in (2, 3, 5):
                other = BoardClient(root / f"b{k}", url, board=f"b{k}", name=str(k))
                assert other.join(desk.join_code, desk.desk_id).ok and other.next_match() is not None
            settings = st.Settings(language=lang, animation="fast", operator_code="2468", sound=False)
            app = App(settings, Launch(kiosk=True), data_dir=root / "cabinet", threaded_ai=False)
            app.scenes.push(app.initial_scene())
            board = BoardScene(app)
            board.address, board.code, board.number = url[len("http://") :], desk.join_code, "4"
            app.scenes.push(board)
            board.join()
            for _ in range(100):
                run(app, 0.5)
                if board.link is not None and board.link.status.joined and not board.link.status.busy:
                    break
                time.sleep(0.05)
            desk.move(terms["match"], "b4")
            for _ in range(100):
                run(app, 0.5)
                if board.link is not None and board.link.status.match is not None:
                    break
                time.sleep(0.05)
            link = board.link
            assert link is not None and link.status.match is not None
            moved = dict(link.status.match)
            link.status.match = {**moved, "so_far": moved["so_far"].replace(" Game 1", " Game 2")}
            board.play()  # a record that does not fit: refused on the board's screen, nothing starts
            board._build()
            shoot(app, out, "desk_board_moved_refused", lang)
            board.note = ""
            link.status.match = moved
            board.play()
            top = app.scenes.top
            assert isinstance(top, GameScene)
            run(app, 0.5)
            shoot(app, out, "desk_board_moved_game", lang)
            service.forget_board_link()
            app.quit()
            pygame.quit()
        finally:
            server.shutdown()
            server.server_close()
            desk.close()


def shoot_all(out: Path, lang: str) -> None:
    shoot_language(out, lang)
    shoot_moved(out, lang)


def main(argv: list[str] | None = None) -> int:
    return per_language(
        "python -m game.ui.tools.desk_screenshots",
        __doc__,
        ROOT / "screenshots" / "desk",
        shoot_all,
        argv,
    )


if __name__ == "__main__":
    sys.exit(main())
