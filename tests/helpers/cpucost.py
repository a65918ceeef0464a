"""A pytest plugin that writes each test's CPU seconds as JSON lines, for comparing tests' costs.

Why CPU and not wall time: the build machine is shared, and a test's wall time follows the load.
Counted from the start of a test's setup to the end of its teardown: this process's user and system
time, plus that of the child processes it waited for. Use: ``python -m pytest -p tests.helpers.cpucost
-n 0 ...`` with ``CPUCOST_OUT=FILE`` (default ``cpucost.jsonl`` in the working folder); docs/benchmarks.md,
"The test suite", has the figures it gave.
"""

from __future__ import annotations

import json
import os
import resource
import time
from collections.abc import Generator

import pytest


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    own0, children0 = _cpu()
    wall0 = time.perf_counter()
    yield
    own1, children1 = _cpu()
    row = {
        "id": item.nodeid,
        "self": own1 - own0,
        "children": children1 - children0,
        "wall": time.perf_counter() - wall0,
        "slow": item.get_closest_marker("slow") is not None,
    }
    with open(os.environ.get("CPUCOST_OUT", "cpucost.jsonl"), "a", encoding="utf-8") as out:
        out.write(json.dumps(row) + "\n")
