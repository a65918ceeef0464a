"""``python -m game.desk``: run a desk or a computer-played board without the game's screens.

``python -m game.desk serve --folder DIR --port 8470 [--create Anna Ben ... --length 3]``
    runs the desk of DIR's tournament (creating it first with ``--create``); prints one line
    ``desk <url> <desk id> <join code>`` when it listens, then serves until stopped.
``python -m game.desk board --folder DIR --desk URL --code CODE --board ID``
    a board whose matches the computer plays, until the tournament is over.
``python -m game.desk export --folder DIR --out EVENT.zip``
    the whole event in one archive: results, standings, changes, every .mat record, the desk's audit.
``python -m game.desk director --folder DESKDIR --desk URL move R1-2 b3``
    the director's actions from a shell on the desk's machine (move, withdraw, correct, remove, code).
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
import time
from pathlib import Path

from . import protocol as pr
from .board import BoardClient, http_post
from .desk import DB_FILE, Desk
from .robot import Robot
from .server import serve
from .store import Store


def _serve(args: argparse.Namespace) -> int:
    desk = Desk(Path(args.folder))
    if args.create:
        desk.create(
            args.create,
            args.format,
            [args.length],
            name=args.name,
            date=args.date,
            dice_seed=args.dice_seed,
            consolation=not args.no_consolation,
        )
    if args.code:
        desk.change_code(args.code)
    server = serve(desk, args.host, args.port)
    print(f"desk http://{args.host}:{server.port} {desk.desk_id} {desk.join_code}", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        while not stop.wait(1.0):
            pass
    except KeyboardInterrupt:
        pass
    server.shutdown()
    desk.close()
    return 0


def _board(args: argparse.Namespace) -> int:
    client = BoardClient(Path(args.folder), args.desk, board=args.board, name=args.name or args.board)
    Robot(client, args.code, level=args.level).run(pace=args.pace)
    return 0


def _director(args: argparse.Namespace) -> int:
    store = Store(Path(args.folder) / DB_FILE)
    desk_key = bytes.fromhex(store.get("director_key") or "")
    store.close()
    data: dict[str, object]
    if args.action == "move":
        data = {"match": args.values[0], "board": args.values[1]}
    elif args.action in ("withdraw", "reinstate"):
        data = {"player": int(args.values[0])}
    elif args.action == "correct":
        data = {
            "match": args.values[0],
            "winner": int(args.values[1]),
            "score": [int(args.values[2]), int(args.values[3])],
        }
    elif args.action == "clear":
        data = {"match": args.values[0]}
    elif args.action == "remove":
        data = {"board": args.values[0]}
    else:
        data = {"code": args.values[0]}
    path = f"/api/director/{args.action}"
    body = pr.encode(data)
    signed = pr.sign(desk_key, "POST", path, pr.DIRECTOR, int(time.time()), body)
    answer = http_post(args.desk.rstrip("/") + path, body, signed.headers())
    print(answer.status, answer.data)
    return 0 if answer.ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.desk", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve")
    s.add_argument("--folder", required=True)
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=0)
    s.add_argument("--create", nargs="+")
    s.add_argument("--format", choices=("elimination", "swiss"), default="elimination")
    s.add_argument("--length", type=int, default=3)
    s.add_argument("--name", default="Tournament")
    s.add_argument("--date")
    s.add_argument("--dice-seed")
    s.add_argument("--code")
    s.add_argument("--no-consolation", action="store_true")
    b = sub.add_parser("board")
    b.add_argument("--folder", required=True)
    b.add_argument("--desk", required=True)
    b.add_argument("--code", required=True)
    b.add_argument("--board", required=True)
    b.add_argument("--name")
    b.add_argument("--level", default="beginner")
    b.add_argument("--pace", type=float, default=0.0)
    e = sub.add_parser("export")
    e.add_argument("--folder", required=True)
    e.add_argument("--out", required=True)
    e.add_argument("--lang")
    d = sub.add_parser("director")
    d.add_argument("--folder", required=True)
    d.add_argument("--desk", required=True)
    d.add_argument("action", choices=("move", "withdraw", "reinstate", "correct", "clear", "remove", "code"))
    d.add_argument("values", nargs="+")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    if args.command == "serve":
        return _serve(args)
    if args.command == "board":
        return _board(args)
    if args.command == "export":
        desk = Desk(Path(args.folder))
        print(desk.export_archive(Path(args.out), args.lang))
        desk.close()
        return 0
    return _director(args)


if __name__ == "__main__":
    sys.exit(main())
