"""What went wrong that the cabinet's operator must see: the operator menu lists these notices
until the operator taps them away (a visitor has nothing to do with a broken file, but the
organiser must not learn of it from the journal only). They are kept on disk until then
(``operator-notices.json``), so a restart before the next operator login does not lose them."""

from __future__ import annotations

import logging

from game.i18n import tr
from game.session import persist
from game.session.operator_lock import write_notices
from game.ui.scene import Host

log = logging.getLogger(__name__)


def add_notice(app: Host, text: str) -> None:
    """One notice for the operator (a notice already waiting is not repeated)."""
    if text not in app.notices:
        log.warning("operator notice: %s", text)
        app.notices.append(text)
        write_notices(app.data_dir, app.notices)


def notices_read(app: Host) -> None:
    """The operator tapped the notices away: they are not shown again, in this run or the next."""
    app.notices.clear()
    write_notices(app.data_dir, app.notices)


def broken_notice(broken: persist.BrokenSave) -> str:
    """A broken autosave put aside: whose game it was is lost, the operator should know why."""
    where = broken.moved_to.name if broken.moved_to is not None else broken.path.name
    return tr("notice.autosave_broken", file=where, reason=broken.reason)


def take_leaderboard_problems(app: Host) -> None:
    """The leaderboard's read or write problems become notices."""
    problems, app.leaderboard.problems = app.leaderboard.problems, []
    for problem in problems:
        add_notice(app, tr("notice.leaderboard", reason=problem))


__all__ = ["add_notice", "broken_notice", "notices_read", "take_leaderboard_problems"]
