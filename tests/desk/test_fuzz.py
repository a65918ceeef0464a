"""Every endpoint of the desk fuzzed over loopback: malformed, oversized, replayed and forged requests
(more than 10,000) are each answered with an error, the desk never crashes, and the tournament (every
table of its database and its public state) is exactly what it was before.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import random
import socket
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.desk import protocol as pr
from game.desk.board import BoardClient, report_id
from game.desk.desk import DB_FILE, Desk
from game.desk.play import MatchPlay
from game.desk.server import DeskServer, serve

pytestmark = pytest.mark.slow

NAMES = ["Anna", "Ben", "Cecil", "Dora", "Eve", "Fay", "Gus", "Hal"]
PATHS = [
    "/api/join",
    "/api/next",
    "/api/report",
    "/api/live",
    *(
        f"/api/director/{a}"
        for a in pr.SCHEMAS
        if a in ("move", "withdraw", "reinstate", "correct", "clear", "remove", "code")
    ),
]


@contextlib.contextmanager
def running(folder: Path) -> Iterator[tuple[Desk, DeskServer]]:
    desk = Desk(folder)
    desk.create(NAMES, lengths=[3], date="2026.12.07", dice_seed="fuzz-2")
    desk.change_code("FUZZ2345")
    server = serve(desk)
    try:
        yield desk, server
    finally:
        server.shutdown()
        server.server_close()
        desk.close()


def dump(folder: Path) -> dict[str, list[tuple[Any, ...]]]:
    with contextlib.closing(sqlite3.connect(folder / DB_FILE)) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: sorted(db.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in tables}


def send(port: int, method: str, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.putrequest(method, path, skip_accept_encoding=True)
        if "Content-Length" not in headers:
            conn.putheader("Content-Length", str(len(body)))
        for k, v in headers.items():
            conn.putheader(k, v)
        conn.endheaders(body if body else None)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def raw(port: int, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(data)
        with contextlib.suppress(OSError):
            s.shutdown(socket.SHUT_WR)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def mutate(rng: random.Random, value: Any) -> Any:
    """A wrong value of a random kind."""
    choices: list[Any] = [
        None,
        True,
        -1,
        10**12,
        1.5,
        "",
        "x" * rng.choice([41, 300, 5000]),
        "<script>",
        "\u0000",
        [],
        [1],
        [1, 2, 3],
        {"a": 1},
        "../../etc/passwd",
        "R99-99",
        "Z1-1",
        [-1, 0],
        [100, 0],
        "zz" * 16,
    ]
    wrong = rng.choice(choices)
    return wrong if wrong != value else None


def test_ten_thousand_bad_requests_change_nothing(tmp_path: Path) -> None:
    rng = random.Random(35)
    with running(tmp_path / "desk") as (desk, server):
        port = server.port
        url = f"http://127.0.0.1:{port}"
        client = BoardClient(tmp_path / "b1", url, board="b1", name="1")
        assert client.join("FUZZ2345", desk.desk_id).ok
        terms = client.next_match()
        assert terms is not None
        play = MatchPlay(
            terms["match"], tuple(terms["names"]), terms["length"], terms["secret"], date=terms["date"]
        )
        play.play_game()
        assert not play.over
        good = {
            "report_id": report_id(play.match_id, 1, pr.ReportKind.GAME),
            "match": play.match_id,
            "kind": "game",
            "game": 1,
            "score": list(play.score),
            "mat": play.mat(),
        }
        body = pr.encode(good)
        assert client.key is not None
        signed = pr.sign(client.key, "POST", "/api/report", "b1", int(time.time()), body)
        status, _ = send(port, "POST", "/api/report", body, signed.headers())
        assert status == 200
        accepted = (body, signed.headers())

        before_db = dump(tmp_path / "desk")
        before_state = desk.snapshot()[1]
        key = client.key
        answers: dict[str, int] = {}

        def expect_error(kind: str, status: int, reply: bytes) -> None:
            assert 400 <= status < 600 and status != 500, (kind, status, reply[:200])
            data = json.loads(reply)
            assert data["ok"] is False and data["error"] and data["message"], (kind, reply[:200])
            answers[kind] = answers.get(kind, 0) + 1

        def signed_post(path: str, payload: bytes, k: bytes = key, board: str = "b1") -> tuple[int, bytes]:
            h = pr.sign(k, "POST", path, board, int(time.time()), payload).headers()
            return send(port, "POST", path, payload, h)

        total = 0
        # 1. malformed bodies, each freshly and correctly signed so it reaches the schema
        for _ in range(3000):
            path = rng.choice(PATHS[1:])
            schema = path.rsplit("/", 1)[1]
            fields = dict(good) if schema == "report" else {"protocol": 1} if schema == "next" else {}
            sample: dict[str, Any] = dict(fields)
            how = rng.randrange(6)
            if how == 0 and sample:
                sample.pop(rng.choice(list(sample)))
            elif how == 1:
                sample[rng.choice(["extra", "proof", "__proto__", "x" * 50])] = 1
            elif how == 2 and sample:
                k2 = rng.choice(list(sample))
                sample[k2] = mutate(rng, sample[k2])
            elif how == 3:
                payload = rng.choice([b"", b"{", b"[]", b"null", b"\xff\xfe", b'{"a":', b"1" * 100, b'"s"'])
                status, reply = signed_post(
                    path, payload, key, "b1" if schema in ("next", "report") else "director"
                )
                expect_error("malformed", status, reply)
                total += 1
                continue
            elif how == 4:
                sample = {k: mutate(rng, v) for k, v in sample.items()} or {"protocol": None}
            else:  # a report whose record or numbers do not fit the match, or a director's bad values
                if schema == "report":
                    sample["score"] = [rng.randrange(4), rng.randrange(4)]
                    sample["game"] = rng.randrange(0, 5)
                    sample["report_id"] = f"r{rng.randrange(10**9)}"
                    if rng.random() < 0.5:
                        sample["mat"] = sample["mat"].replace("Anna", "Zed").replace("Hal", "Zed")
                    if rng.random() < 0.3:
                        sample["kind"] = "result"
                        sample["winner"] = rng.randrange(2)
                    if (
                        sample["score"] == list(play.score)
                        and sample["game"] == 1
                        and sample["kind"] == "game"
                    ):
                        sample["game"] = 2
                elif schema == "move":
                    sample = {
                        "match": rng.choice(["R9-1", "C1-1", "R2-1"]),
                        "board": rng.choice(["nobody", "b9"]),
                    }
                elif schema in ("withdraw", "reinstate"):
                    sample = {"player": rng.randrange(8, 100)}
                elif schema == "correct":
                    sample = {"match": "R2-1", "winner": rng.randrange(5), "score": [9, 9]}
                elif schema == "clear":
                    sample = {"match": rng.choice(["R9-1", "R2-1", "C1-1"])}
                elif schema == "remove":
                    sample = {"board": rng.choice(["nobody", "director", "b2"])}
                elif schema == "code":
                    sample = {"code": rng.choice(["short", "O0O0O0O0", "", "ABCDEFGHIJ"])}
                else:
                    sample = {"protocol": "one"}
            who = "director" if path.startswith("/api/director/") else "b1"
            signer = desk.director_key if who == "director" else key
            status, reply = signed_post(path, pr.encode(sample), signer, who)
            expect_error(f"schema:{schema}", status, reply)
            total += 1

        # 2. forged: wrong keys, altered bodies, a board posing as the director, unknown boards, bad headers
        for k in range(2500):
            path = rng.choice(PATHS)
            payload = body if rng.random() < 0.5 else pr.encode({"protocol": 1})
            h = pr.sign(key, "POST", path, "b1", int(time.time()), payload).headers()
            trick = k % 9
            if trick == 0:
                h["X-Sig"] = f"{rng.getrandbits(256):064x}"
            elif trick == 1:
                payload = payload + b" "
            elif trick == 2:
                h = pr.sign(bytes(32), "POST", path, "director", int(time.time()), payload).headers()
            elif trick == 3:
                h["X-Board"] = rng.choice(["b2", "nobody", "../x", "", "b 1"])
            elif trick == 4:
                h["X-Time"] = str(int(time.time()) - rng.choice([400, 10**6]))
                h["X-Sig"] = pr.signature(key, "POST", path, "b1", int(h["X-Time"]), h["X-Nonce"], payload)
            elif trick == 5:
                h.pop(rng.choice(list(h)))
            elif trick == 6:
                h["X-Nonce"] = rng.choice(["", "zz", "0" * 31, "g" * 32])
            elif trick == 7:
                h = pr.sign(key, "POST", "/api/next", "b1", int(time.time()), payload).headers()
                path = rng.choice([p for p in PATHS if p != "/api/next"])
            else:  # the director's actions signed with a board's key
                path = rng.choice(PATHS[4:])
                h = pr.sign(key, "POST", path, "director", int(time.time()), payload).headers()
            if path == "/api/join":
                h["X-Proof"] = f"{rng.getrandbits(256):064x}"
            h["Content-Type"] = "application/json"
            status, reply = send(port, "POST", path, payload, h)
            expect_error("forged", status, reply)
            total += 1

        # 3. replayed: the accepted report and fresh requests (asking for the match, signs of life with
        # the clock), sent again byte for byte
        replays = [("/api/report", *accepted)]
        for k in range(20):
            path = "/api/next" if k % 2 else "/api/live"
            p = pr.encode({"protocol": 1} if k % 2 else {"match": play.match_id, "banks": [60, 50]})
            replays.append((path, p, pr.sign(key, "POST", path, "b1", int(time.time()), p).headers()))
        for _ in range(1500):
            path, payload, h = rng.choice(replays)
            if path != "/api/report" and h["X-Nonce"] not in desk.nonces:
                send(
                    port, "POST", path, payload, h
                )  # its first sending (it changes nothing kept: b1 has its match; a clock is only shown)
            status, reply = send(port, "POST", path, payload, h)
            expect_error("replayed", status, reply)
            total += 1

        # 4. wrong join codes (and joins with bad bodies)
        for _ in range(1000):
            code = "".join(rng.choice(pr.CODE_ALPHABET) for _ in range(8))
            jbody = pr.encode(
                {
                    "board": f"x{rng.randrange(999)}",
                    "board_nonce": "ab" * 16,
                    "name": "x",
                    "protocol": 1,
                    "stamp": int(time.time()),
                }
            )
            proof = pr.join_proof(pr.join_key(code, desk.desk_id), jbody)
            if rng.random() < 0.2:
                jbody = jbody[:-1]
            status, reply = send(port, "POST", "/api/join", jbody, {"X-Proof": proof})
            expect_error("join", status, reply)
            total += 1

        # 5. oversized, missing lengths, unknown paths and methods, broken HTTP
        for k in range(2200):
            trick = k % 8
            if trick == 0:
                status, reply = send(
                    port,
                    "POST",
                    rng.choice(PATHS),
                    b"",
                    {"Content-Length": str(pr.MAX_BODY + rng.randrange(1, 10**6))},
                )
            elif trick == 1:
                reply_raw = raw(port, f"POST {rng.choice(PATHS)} HTTP/1.0\r\n\r\n".encode())
                status, reply = int(reply_raw.split()[1]), reply_raw.split(b"\r\n\r\n", 1)[1]
            elif trick == 2:
                status, reply = send(
                    port, rng.choice(["PUT", "DELETE", "PATCH", "OPTIONS"]), rng.choice(PATHS), b"", {}
                )
            elif trick == 3:
                status, reply = send(
                    port,
                    rng.choice(["GET", "POST"]),
                    rng.choice(["/api", "/api/state/x", "/../etc", "/api/director/nuke", "/x" * 40]),
                    b"{}",
                    {"Content-Length": "2"},
                )
            elif trick == 4:
                reply_raw = raw(
                    port,
                    rng.choice(
                        [
                            b"GARBAGE\r\n\r\n",
                            b"GET / HTTP/9.9\r\n\r\n",
                            b"POST /api/next HTTP/1.0\r\nContent-Length: -5\r\n\r\n",
                            b"GET /" + b"a" * 70000 + b" HTTP/1.0\r\n\r\n",
                        ]
                    ),
                )
                status, reply = int(reply_raw.split()[1]), reply_raw.split(b"\r\n\r\n", 1)[1]
            elif trick == 5:
                headers = "".join(f"X-H{i}: {i}\r\n" for i in range(120))
                reply_raw = raw(port, f"POST /api/next HTTP/1.0\r\n{headers}\r\n".encode())
                status, reply = int(reply_raw.split()[1]), reply_raw.split(b"\r\n\r\n", 1)[1]
            elif trick == 6:
                deep = rng.choice([b"[", b'{"a":']) * rng.choice([1000, 50_000, 100_000])
                status, reply = signed_post(rng.choice(["/api/report", "/api/next"]), deep)
            else:
                status, reply = send(
                    port,
                    "POST",
                    rng.choice(PATHS),
                    b"{}",
                    {"Content-Length": rng.choice(["abc", "1e3", "", "99999999999"])},
                )
            expect_error("bounds", status, reply)
            total += 1

        assert total >= 10_000
        assert dump(tmp_path / "desk") == before_db
        assert desk.snapshot()[1] == before_state
        assert send(port, "GET", "/api/health", b"", {})[0] == 200
        assert set(answers) >= {"malformed", "forged", "replayed", "join", "bounds", "schema:report"}
