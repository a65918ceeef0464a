"""Load on one desk: 32 boards reporting and 300 phones following the page, on loopback.

``python -m game.tools.bench_desk [--boards 32] [--phones 300] [--seconds 60] [--pace 20] [--pi]``

Starts a desk (``python -m game.desk serve``) in a process of its own with a 32-player knock-out,
then in this process:

* **boards**: each joins with the code and takes its first match, whose games the computer plays
  (the lowest level, 3-point matches) in worker processes at the lowest priority *before* the clock
  starts; then board k sends its first report ``k/32`` of a pace after the start and one every
  ``--pace`` seconds after that (far more often than people play: the load is the point). A later
  match's games are played when the board gets it (counted in the output). The time from sending a
  report to the desk's acknowledgement is measured.
* **phones**: each loads the page once, then polls ``/api/state`` every few seconds (what the page's
  script does, ``If-None-Match`` included). The time of each answer is measured.

Why the games are played ahead, by other processes, at the lowest priority: the measuring process
must only send and time, and the computer's play must not take the desk's CPU; an earlier version
played each game in one worker just before its report, so the report rate depended on how busy the
machine was. Each answer's ``Server-Timing`` header (see :mod:`game.desk.server`) says how long the
desk had it and how much CPU it cost; the output sets that against the client's time, and prints how
late this process's own threads woke up (the phones' event loop, the boards' threads): the part of
a slow answer that is the measuring process's.

``--pi`` (as root, cgroup v1) holds the desk to a Raspberry Pi's budget: a folder under
``/sys/fs/cgroup/cpu/`` with ``cpu.cfs_period_us`` 10000 and ``cpu.cfs_quota_us`` 1667 (1/6 of a
core), the desk's PID in ``cgroup.procs``; the folder is removed afterwards. It prints the 50th and
99th percentiles and the worst of the acknowledgements and page answers, the counts, the report
rate, the errors, the load average, the desk's and this process's CPU seconds and how often the
quota throttled the desk during the run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from game.desk import protocol as pr
from game.desk.board import TIMEOUT, BoardClient, Offline
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


def server_timing(header: str | None) -> dict[str, float]:
    """The desk's ``Server-Timing`` header (``queue;dur=1.2, work;dur=3.4, cpu;dur=0.5``) in seconds."""
    found: dict[str, float] = {}
    for part in (header or "").split(","):
        name, _, dur = part.strip().partition(";dur=")
        with contextlib.suppress(ValueError):
            found[name] = float(dur) / 1000
    return found


class Results:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.acks: list[float] = []
        self.polls: list[float] = []
        self.pages: list[float] = []
        self.desk: dict[str, list[dict[str, float]]] = {"report ack": [], "state poll": [], "page load": []}
        """What the desk said each answer took (``Server-Timing``), by the client's label."""
        self.lag: list[float] = []
        """How late the phones' event loop woke up (see :func:`lag`)."""
        self.played_late = 0
        """Reports acknowledged whose games were played during the run (a board's later matches)."""
        self.board_lag: list[float] = []
        """How late the boards' threads woke up to send a report (see :func:`board_loop`)."""
        self.errors: dict[str, int] = {}

    def error(self, what: str) -> None:
        with self.lock:
            self.errors[what] = self.errors.get(what, 0) + 1


def whole_match(terms: dict[str, Any], so_far: str | None) -> list[dict[str, Any]]:
    """Every report of the match from ``so_far`` to its end, its games played by the computer (in a
    worker process: the measuring process only sends them)."""
    names = (str(terms["names"][0]), str(terms["names"][1]))
    play = MatchPlay(
        terms["match"], names, terms["length"], terms["secret"], date=terms["date"] or None, so_far=so_far
    )
    reports: list[dict[str, Any]] = []
    while not play.over:
        play.play_game()
        reports.append(play.report())
    return reports


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
    ready: threading.Barrier,
    offset: float,
) -> None:
    """One board: joins, takes its first match and has all its games played (before the clock starts:
    ``ready``), then from ``offset`` seconds on reports a game every ``pace`` seconds; a later match's
    games are played when it gets it (counted in ``out.played_late``)."""
    client = BoardClient(folder / f"b{k}", url, board=f"b{k}", name=str(k))
    while not stop.is_set() and not client.joined:
        try:
            client.join(code, desk_id)
        except Offline:
            out.error("join offline")
            time.sleep(1)
    first = True
    first_match = True
    due = 0.0
    while not stop.is_set():
        try:
            terms = client.next_match()
        except Offline:
            out.error("next offline")
            time.sleep(1)
            continue
        reports = [] if terms is None else pool.submit(whole_match, terms, terms["so_far"] or None).result()
        if first:
            first = False
            with contextlib.suppress(threading.BrokenBarrierError):
                ready.wait()
            due = time.monotonic() + offset
        late = not first_match
        first_match = False
        if not reports:
            stop.wait(3.0)
            continue
        for report in reports:
            wake = max(due, time.monotonic())  # (past due: this match's games were being played)
            if stop.wait(wake - time.monotonic()):
                return
            with out.lock:  # how late this thread woke to send: the measuring process's own delay
                out.board_lag.append(max(0.0, time.monotonic() - wake))
            due = max(due + pace, time.monotonic())
            try:
                status, data, took, timing = timed_post(client, "/api/report", report)
            except Offline:
                out.error("report offline")
                break  # asked again: the desk's terms say where the match stands
            if status == 200 and data.get("ok"):
                with out.lock:
                    out.acks.append(took)
                    out.desk["report ack"].append(timing)
                    out.played_late += late
            else:
                out.error(f"report {data.get('error')}")
                break


def timed_post(
    client: BoardClient, path: str, data: dict[str, Any]
) -> tuple[int, dict[str, Any], float, dict[str, float]]:
    """A board's signed POST as :meth:`BoardClient.post` makes it, timed from the moment it is signed
    to the answer read; with the desk's own ``Server-Timing`` of it."""
    assert client.key is not None
    body = pr.encode(data)
    signed = pr.sign(client.key, "POST", path, client.board, client.now(), body)
    request = urllib.request.Request(
        client.desk_url + path,
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", **signed.headers()},
    )
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            answer = json.loads(response.read() or b"{}")
            took = time.perf_counter() - start
            return response.status, answer, took, server_timing(response.headers.get("Server-Timing"))
    except urllib.error.HTTPError as exc:
        took = time.perf_counter() - start
        return (
            exc.code,
            json.loads(exc.read() or b"{}"),
            took,
            server_timing(exc.headers.get("Server-Timing")),
        )
    except (OSError, ValueError) as exc:
        raise Offline(str(exc)) from exc


async def phone(port: int, stop: threading.Event, out: Results, offset: float) -> None:
    await asyncio.sleep(offset)
    tag = ""

    async def get(path: str, etag: str) -> tuple[int, str, float, dict[str, float]]:
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
        fields = {
            line.split(":", 1)[0].strip().lower(): line.split(":", 1)[1].strip()
            for line in head.split("\r\n")[1:]
            if ":" in line
        }
        return status, fields.get("etag", etag), took, server_timing(fields.get("server-timing"))

    try:
        status, _, took, timing = await get("/", "")
        out.pages.append(took)
        out.desk["page load"].append(timing)
    except (OSError, ValueError, IndexError):
        out.error("page failed")
    while not stop.is_set():
        try:
            status, tag, took, timing = await get("/api/state", tag)
            if status in (200, 304):
                out.polls.append(took)
                out.desk["state poll"].append(timing)
            else:
                out.error(f"poll {status}")
        except (OSError, ValueError, IndexError):
            out.error("poll failed")
        await asyncio.sleep(POLL_SECONDS)


async def lag(stop: threading.Event, out: Results) -> None:
    """How late this process's event loop wakes up (every 50 ms): the phones' timestamps are taken on
    this loop, so its lateness is the measuring process's own share of a slow answer."""
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(0.05)
        out.lag.append(time.perf_counter() - start - 0.05)


def phones(port: int, count: int, arrive: float, stop: threading.Event, out: Results) -> None:
    async def all_phones() -> None:
        await asyncio.gather(
            lag(stop, out), *(phone(port, stop, out, arrive * k / count) for k in range(count))
        )

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


def throttled() -> dict[str, int]:
    """The quota group's counters (``cpu.stat``: periods, periods throttled, nanoseconds throttled)."""
    with contextlib.suppress(OSError, ValueError):
        lines = (CGROUP / "cpu.stat").read_text().split("\n")
        return {k: int(v) for k, v in (line.split() for line in lines if line.strip())}
    return {}


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
        workers = max(1, (os.cpu_count() or 2) - 1)
        pool = ProcessPoolExecutor(max_workers=workers, initializer=os.nice, initargs=(19,))
        ready = threading.Barrier(args.boards + 1)
        threads = [
            threading.Thread(
                target=board_loop,
                args=(desk.url, "BENCH234", desk_id, root, k + 1, stop, args.pace, out, pool, ready),
                kwargs={"offset": args.pace * k / args.boards},
                daemon=True,
            )
            for k in range(args.boards)
        ]
        for t in threads:
            t.start()
        prepared = time.monotonic()
        ready.wait(900)  # every board has its first match's games: the load starts now
        print(f"the first matches' games played in {time.monotonic() - prepared:.0f} s (not measured)")
        load0 = os.getloadavg()[0]
        cpu0 = cpu_seconds(pid)
        own0 = time.process_time()
        stats0 = throttled() if limited else {}
        start = time.monotonic()
        phones_thread = threading.Thread(
            target=phones, args=(desk.port, args.phones, args.arrive, stop, out), daemon=True
        )
        phones_thread.start()
        threads.append(phones_thread)
        time.sleep(args.seconds)
        stop.set()
        for t in threads:
            t.join(30)
        elapsed = time.monotonic() - start
        own = time.process_time() - own0
        pool.shutdown(cancel_futures=True)
        cpu = cpu_seconds(pid) - cpu0
        stats1 = throttled() if limited else {}
        desk.stop()
        if limited:
            unlimit()
    ms = 1000.0
    if limited:
        periods = stats1.get("nr_periods", 0) - stats0.get("nr_periods", 0)
        held = stats1.get("nr_throttled", 0) - stats0.get("nr_throttled", 0)
        lost = (stats1.get("throttled_time", 0) - stats0.get("throttled_time", 0)) / 1e9
        print(
            f"desk held to 1/6 of a core: yes (throttled in {held} of {periods} periods of 10 ms, "
            f"{lost:.1f} s held back in all)"
        )
    else:
        print("desk held to 1/6 of a core: no")
    share = 100 * cpu / elapsed
    print(f"{args.boards} boards, {args.phones} phones, {elapsed:.0f} s")
    print(f"desk CPU {cpu:.1f} s ({share:.1f}% of a core)")
    print(
        f"load average {load0:.1f} at the start, {os.getloadavg()[0]:.1f} at the end ({os.cpu_count()} cores)"
    )
    rate = 60 * len(out.acks) / elapsed
    print(f"reports {rate:.0f} a minute ({out.played_late} of them from games played during the run)")
    print(f"this (measuring) process: CPU {own:.1f} s ({100 * own / elapsed:.1f}% of a core)")

    def line(label: str, values: list[float]) -> None:
        if values:
            p50, p99 = percentile(values, 50) * ms, percentile(values, 99) * ms
            worst, mean = max(values) * ms, statistics.fmean(values) * ms
            figures = f"p50 {p50:7.1f} ms  p99 {p99:7.1f} ms  max {worst:7.1f} ms  mean {mean:6.1f} ms"
            print(f"{label:24s} n={len(values):6d}  {figures}")
        else:
            print(f"{label:24s} none")

    for label, values in (("report ack", out.acks), ("state poll", out.polls), ("page load", out.pages)):
        line(label, values)
        timings = out.desk[label]
        desk_side = [t.get("queue", 0.0) + t.get("work", 0.0) for t in timings]
        line("  at the desk", desk_side)
        line("    waiting for a worker", [t.get("queue", 0.0) for t in timings])
        line("    desk CPU", [t.get("cpu", 0.0) for t in timings])
        line("  outside the desk", [c - d for c, d in zip(values, desk_side, strict=True)])
    line("phones' event loop late", out.lag)
    line("boards' threads late", out.board_lag)
    print(f"errors: {out.errors or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
