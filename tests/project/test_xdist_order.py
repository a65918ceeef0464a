"""The suite's order under pytest-xdist (``tests/conftest.py``): each worker starts with its share of the
slow tests, under the ``load`` and the ``worksteal`` schedulers, as xdist itself deals the tests out.

The schedulers are xdist's own classes, given stand-in workers that record what they are sent; so a
change in how a new xdist deals out the first tests fails here instead of quietly leaving one worker
to run every slow test (docs/benchmarks.md, "The seventh cut").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from xdist.scheduler import LoadScheduling, WorkStealingScheduling  # type: ignore[import-untyped]

from tests.conftest import pytest_collection_modifyitems, worker_shares


@dataclass(eq=False)
class _Item:
    """What the ordering hook reads of a test: its slow mark."""

    nodeid: str
    slow: bool

    def get_closest_marker(self, name: str) -> object | None:
        return object() if name == "slow" and self.slow else None


@dataclass(eq=False)
class _Gateway:
    id: str


@dataclass(eq=False)
class _Worker:
    """A stand-in for xdist's ``WorkerController``: keeps the indexes it is sent."""

    gateway: _Gateway
    sent: list[int] = field(default_factory=list)
    shutting_down: bool = False

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent += indices

    def shutdown(self) -> None:
        self.shutting_down = True


class _Config:
    """The options xdist's schedulers read."""

    def __init__(self, workers: int, dist: str) -> None:
        self.workers = workers
        self.option = type("Option", (), {"dist": dist})()

    def getvalue(self, name: str) -> Any:
        return [f"{self.workers}*popen"] if name == "tx" else None

    def getoption(self, name: str, default: Any = None) -> Any:
        return {"dist": self.option.dist, "maxschedchunk": None}.get(name, default)


def _ordered(count: int, slow_count: int, workers: int, dist: str, seed: int) -> list[_Item]:
    items = [_Item(f"t{k}", k < slow_count) for k in range(count)]
    random.Random(seed).shuffle(items)  # pytest-randomly's shuffle comes first
    config = _Config(workers, dist)
    config.workerinput = {"workercount": workers, "dist": dist}  # type: ignore[attr-defined]
    pytest_collection_modifyitems(config, items)  # type: ignore[arg-type]
    return items


@pytest.mark.parametrize("dist", ["load", "worksteal"])
@pytest.mark.parametrize(("count", "slow_count", "workers"), [(3768, 86, 2), (3768, 86, 3), (44, 4, 2)])
def test_each_worker_starts_with_its_share_of_the_slow_tests(
    dist: str, count: int, slow_count: int, workers: int
) -> None:
    items = _ordered(count, slow_count, workers, dist, seed=count + workers)
    assert sorted(i.nodeid for i in items) == sorted(f"t{k}" for k in range(count))  # every test, once
    scheduler_class = WorkStealingScheduling if dist == "worksteal" else LoadScheduling
    scheduler = scheduler_class(_Config(workers, dist))
    nodes = [_Worker(_Gateway(f"gw{k}")) for k in range(workers)]
    for node in nodes:
        scheduler.add_node(node)
    for node in nodes:
        scheduler.add_node_collection(node, [i.nodeid for i in items])
    scheduler.schedule()
    for node in nodes:
        first = [items[k] for k in node.sent]
        share = len(range(int(node.gateway.id[2:]), slow_count, workers))  # its turn of the slow tests
        assert all(i.slow for i in first[:share]), (node.gateway.id, [i.slow for i in first[: share + 2]])
        assert len(first) > share and not first[share].slow
    assert sum(i.slow for i in items) == slow_count


def test_the_shares_are_where_xdist_starts_each_worker() -> None:
    assert worker_shares(3768, 2, "worksteal") == [0, 1884]
    assert worker_shares(3768, 3, "worksteal") == [0, 1256, 2512]
    assert worker_shares(3768, 2, "load") == [0, 471]
