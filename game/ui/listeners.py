"""The App's standing listeners on the game's events (autosave, sound, dice statistics, the match
recorder, the tournament's desk, the spoken mode's narrator) and what a failed autosave says."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import i18n
from game.session import persist
from game.session.dice_stats import DiceStats, DiceStatsCounter
from game.session.events import Sounds
from game.session.narration import Narrator
from game.ui.kiosk.notices import add_notice
from game.ui.scenes.game import GameScene

if TYPE_CHECKING:
    from game.ui.app import App


def listen(app: App) -> None:
    """The App's standing listeners on the game's events: autosave, sound, dice statistics, the match
    recorder, the tournament's desk, the spoken mode's narrator."""

    def set_dice_stats(stats: DiceStats) -> None:
        app.dice_stats = stats

    app.autosave.on_failed = lambda first: save_failed(app, first)
    for listener in (
        app.autosave,
        Sounds(lambda: app.audio),
        DiceStatsCounter(lambda: app.dice_stats, set_dice_stats),
        app.records,
        app.desk,  # after the recorder: a tournament match's record is read when it ends
        Narrator(lambda: app.speech),
    ):
        app.events.subscribe(listener)


def save_failed(app: App, first: bool) -> None:
    """A save failed (the log has why): the player must know before leaving. The first of a run is
    flashed; while they go on the status line's end says so (the game screen's events). On a cabinet
    the operator is told too, at the next login (issue 37)."""
    games = [scene for scene in app.scenes.scenes if isinstance(scene, GameScene)]
    if games and first:
        games[-1].flash(i18n.tr("saved.failed"), seconds=8.0, keep=True)
    if app.kiosk is not None:
        add_notice(app, i18n.tr("notice.autosave_failed", reason=persist.last_error()))


__all__ = ["listen", "save_failed"]
