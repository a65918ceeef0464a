"""Load on one desk: 32 boards reporting and 300 phones following the page, on loopback.

``python -m game.tools.bench_desk [--boards 32] [--phones 300] [--seconds 60] [--pi]``

Starts a desk (``python -m game.desk serve``) in a process of its own with a 32-player knock-out,
then in this process:

* **boards**: each joins with the code and plays its matches with the computer (the lowest level,
  3-point matches), reporting every game and result, with ``--pace`` seconds between games (far
  more often than people play: the load is the point). The time from sending a report to the
  desk's acknowledgement is measured.
* **phones**: each loads the page once, then polls ``/api/state`` every few seconds (what the page's
  script does, ``If-None-Match`` included). The time of each answer is measured.

``--pi`` (as root, cgroup v1) holds the desk to a Raspberry Pi's budget: a folder under
``/sys/fs/cgroup/cpu/`` with ``cpu.cfs_period_us`` 10000 and ``cpu.cfs_quota_us`` 1667 (1/6 of a
core), the desk's PID in ``cgroup.procs``; the folder is removed afterwards. It prints the 50th and
99th percentiles and the worst of the acknowledgements and page answers, the counts, the errors, the
desk's CPU seconds and how often the quota throttled it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from game.desk import protocol as pr
from game.desk.board import BoardClient, Offline, report_id
from game.desk.harness import DeskProcess, free_port, get_json
from game.desk.page import POLL_SECONDS
from game.desk.play import MatchPlay

CGROUP = Path("/sys/fs/cgroup/cpu/bench_desk")
PERIOD_US = 10_000
QUOTA_US = 1_667


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


class Results:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.acks: list[float] = []
        self.polls: list[float] = []
        self.pages: list[float] = []
        self.errors: dict[str, int] = {}

    def error(self, what: str) -> None:
        with self.lock:
            self.errors[what] = self.errors.get(what, 0) + 1


def next_game(terms: dict[str, Any], so_far: str | None) -> dict[str, Any]:
    """The report of the match's next game (played in a worker process, so that the computer's play
    never holds up this process's measuring threads)."""
    names = (str(terms["names"][0]), str(terms["names"][1]))
    play = MatchPlay(
        terms["match"], names, terms["length"], terms["secret"], date=terms["date"] or None, so_far=so_far
    )
    play.play_game()
    kind = pr.ReportKind.RESULT if play.over else pr.ReportKind.GAME
    report: dict[str, Any] = {
        "report_id": report_id(play.match_id, play.games, kind),
        "match": play.match_id,
        "kind": kind.value,
        "game": play.games,
        "score": list(play.score),
        "mat": play.mat(),
    }
    if play.over:
        report["winner"] = play.winner
    return report


def board_loop(
    url: str,
    code: str,
    desk_id: str,
    folder: Path,
    k: int,
    stop: threading.Event,
    pace: float,
    out: Results,
    pool: ProcessPoolExecutor,
) -> None:
    client = BoardClient(folder / f"b{k}", url, board=f"b{k}", name=str(k))
    while not stop.is_set() and not client.joined:
        try:
            client.join(code, desk_id)
        except Offline:
            out.error("join offline")
            time.sleep(1)
    while not stop.is_set():
        try:
            terms = client.next_match()
        except Offline:
            out.error("next offline")
            time.sleep(1)
            continue
        if terms is None:
            stop.wait(3.0)
            continue
        so_far = terms["so_far"] or None
        over = False
        while not over and not stop.is_set():
            report = pool.submit(next_game, terms, so_far).result()
            so_far, over = report["mat"], report["kind"] == pr.ReportKind.RESULT.value
            start = time.perf_counter()
            try:
                answer = client.post("/api/report", report)
            except Offline:
                out.error("report offline")
                continue
            took = time.perf_counter() - start
            if answer.ok:
                with out.lock:
                    out.acks.append(took)
            else:
                out.error(f"report {answer.data.get('error')}")
            stop.wait(pace)


async def phone(port: int, stop: threading.Event, out: Results, offset: float) -> None:
    await asyncio.sleep(offset)
    tag = ""

    async def get(path: str, etag: str) -> tuple[int, str, float]:
        start = time.perf_counter()
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        extra = f"If-None-Match: {etag}\r\n" if etag else ""
        writer.write(f"GET {path} HTTP/1.0\r\nHost: desk\r\n{extra}\r\n".encode())
        await writer.drain()
        data = await reader.read()
        writer.close()
        took = time.perf_counter() - start
        head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1")
        status = int(head.split()[1])
        new_tag = next(
            (
                line.split(":", 1)[1].strip()
                for line in head.split("\r\n")
                if line.lower().startswith("etag:")
            ),
            etag,
        )
        return status, new_tag, took

    try:
        status, _, took = await get("/", "")
        out.pages.append(took)
    except (OSError, ValueError, IndexError):
        out.error("page failed")
    while not stop.is_set():
        try:
            status, tag, took = await get("/api/state", tag)
            if status in (200, 304):
                out.polls.append(took)
            else:
                out.error(f"poll {status}")
        except (OSError, ValueError, IndexError):
            out.error("poll failed")
        await asyncio.sleep(POLL_SECONDS)


def phones(port: int, count: int, arrive: float, stop: threading.Event, out: Results) -> None:
    async def all_phones() -> None:
        await asyncio.gather(*(phone(port, stop, out, arrive * k / count) for k in range(count)))

    asyncio.run(all_phones())


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def limit(pid: int) -> bool:
    try:
        CGROUP.mkdir(exist_ok=True)
        (CGROUP / "cpu.cfs_period_us").write_text(str(PERIOD_US))
        (CGROUP / "cpu.cfs_quota_us").write_text(str(QUOTA_US))
        (CGROUP / "cgroup.procs").write_text(str(pid))
    except OSError as exc:
        print(f"could not hold the desk to the Pi's budget: {exc}", file=sys.stderr)
        return False
    return True


def throttled() -> str:
    with contextlib.suppress(OSError):
        return " ".join((CGROUP / "cpu.stat").read_text().split())
    return "-"


def unlimit() -> None:
    with contextlib.suppress(OSError):
        CGROUP.rmdir()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.bench_desk", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--boards", type=int, default=32)
    parser.add_argument("--phones", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pace", type=float, default=20.0, help="seconds between a board's games")
    parser.add_argument("--arrive", type=float, default=20.0, help="seconds over which the phones arrive")
    parser.add_argument("--pi", action="store_true", help="hold the desk to 1/6 of a core (root, cgroup v1)")
    args = parser.parse_args(argv)
    names = [f"Player {k + 1:02d}" for k in range(32)]
    with tempfile.TemporaryDirectory(prefix="bench_desk") as tmp:
        root = Path(tmp)
        desk = DeskProcess(
            root / "desk",
            free_port(),
            ["--create", *names, "--length", "3", "--dice-seed", "bench", "--code", "BENCH234"],
        )
        desk.start(first=True)
        assert desk.proc is not None
        pid = desk.proc.pid
        limited = limit(pid) if args.pi else False
        desk_id = str(get_json(desk.url + "/api/health")["desk"])
        out = Results()
        stop = threading.Event()
        cpu0 = cpu_seconds(pid)
        pool = ProcessPoolExecutor(max_workers=1)
        threads = [
            threading.Thread(
                target=board_loop,
                args=(desk.url, "BENCH234", desk_id, root, k + 1, stop, args.pace, out, pool),
                daemon=True,
            )
            for k in range(args.boards)
        ]
        threads.append(
            threading.Thread(
                target=phones, args=(desk.port, args.phones, args.arrive, stop, out), daemon=True
            )
        )
        start = time.monotonic()
        for t in threads:
            t.start()
        time.sleep(args.seconds)
        stop.set()
        for t in threads:
            t.join(30)
        elapsed = time.monotonic() - start
        pool.shutdown(cancel_futures=True)
        cpu = cpu_seconds(pid) - cpu0
        stats = throttled() if limited else "-"
        desk.stop()
        if limited:
            unlimit()
    ms = 1000.0
    print(f"desk held to 1/6 of a core: {'yes' if limited else 'no'} ({stats})")
    share = 100 * cpu / elapsed
    print(f"{args.boards} boards, {args.phones} phones, {elapsed:.0f} s")
    print(f"desk CPU {cpu:.1f} s ({share:.1f}% of a core)")
    for label, values in (("report ack", out.acks), ("state poll", out.polls), ("page load", out.pages)):
        if values:
            p50, p99 = percentile(values, 50) * ms, percentile(values, 99) * ms
            worst, mean = max(values) * ms, statistics.fmean(values) * ms
            figures = f"p50 {p50:7.1f} ms  p99 {p99:7.1f} ms  max {worst:7.1f} ms  mean {mean:6.1f} ms"
            print(f"{label:11s} n={len(values):6d}  {figures}")
        else:
            print(f"{label:11s} none")
    print(f"errors: {out.errors or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
