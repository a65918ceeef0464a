"""A new operator code, typed twice, from the operator menu's Settings.

Why twice and why refused codes: a code typed once with a slip locked the organiser out, and
codes like 0000 or 1234 are the first a visitor tries. A code the disk refuses (a full or
read-only data folder) is said here, to the operator who typed it; the old code stays.
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import tr
from game.session import operator_lock
from game.ui.entry.keypad import KeypadScene
from game.ui.scene import Host


def weak_message(weak: operator_lock.Weak) -> str:
    low, high = operator_lock.CODE_LENGTH
    return tr(f"lock.weak_{weak.value}", low=low, high=high)


def save_problem_message(reason: str) -> str:
    return tr("lock.not_saved", reason=reason)


class ChooseCodeScene(KeypadScene):
    """ "New operator code", then "Type it again"; saved through the App's lock, then ``done``."""

    def __init__(self, app: Host, done: Callable[[], None] | None = None) -> None:
        super().__init__(app, "kiosk.choose_code", on_done=self._take)
        self.first: str | None = None
        self.done = done

    def _take(self, code: str) -> str | None:
        if not code:
            return ""  # Enter on an empty keypad: nothing happens
        weak = operator_lock.weakness(code)
        if weak is not None:
            self.first = None
            self.title_key = "kiosk.choose_code"
            return weak_message(weak)
        if self.first is None:
            self.first = code
            self.title_key = "kiosk.choose_again"
            return ""  # stay open (no message): the same code once more
        if code != self.first:
            self.first = None
            self.title_key = "kiosk.choose_code"
            return tr("kiosk.codes_differ")
        problem = self.app.lock.set_code(code)
        if problem is not None:
            self.first = None
            self.title_key = "kiosk.choose_code"
            return save_problem_message(problem)
        if self.done is not None:
            self.done()
        return None


__all__ = ["ChooseCodeScene", "save_problem_message", "weak_message"]
