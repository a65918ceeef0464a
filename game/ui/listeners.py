"""The App's standing listeners on the game's events (autosave, sound, dice statistics, the match
recorder, the tournament's desk, the spoken mode's narrator), what a failed autosave says, and the
dice secrets of games given up (issue 37)."""

from __future__ import annotations

from collections.abc import Callable

from game import i18n
from game.session import persist
from game.session.dice_stats import DiceStats, DiceStatsCounter
from game.session.events import Sounds
from game.session.narration import Narrator
from game.ui.audio import Audio
from game.ui.kiosk.notices import add_notice
from game.ui.scenes.base import Host
from game.ui.scenes.game import GameScene


def listen(app: Host, audio: Callable[[], Audio]) -> None:
    """The App's standing listeners on the game's events: autosave, sound, dice statistics, the match
    recorder, the tournament's desk, the spoken mode's narrator."""

    def set_dice_stats(stats: DiceStats) -> None:
        app.dice_stats = stats

    app.autosave.on_failed = lambda first: save_failed(app, first)
    for listener in (
        app.autosave,
        Sounds(audio),
        DiceStatsCounter(lambda: app.dice_stats, set_dice_stats),
        app.records,
        app.desk,  # after the recorder: a tournament match's record is read when it ends
        Narrator(lambda: app.speech),
    ):
        app.events.subscribe(listener)


def save_failed(app: Host, first: bool) -> None:
    """A save failed (the log has why): the player must know before leaving. The first of a run is
    flashed; while they go on the status line's end says so (the game screen's events). On a cabinet
    the operator is told too, at the next login (issue 37)."""
    games = [scene for scene in app.scenes.scenes if isinstance(scene, GameScene)]
    if games and first:
        games[-1].flash(i18n.tr("saved.failed"), seconds=8.0, keep=True)
    if app.kiosk is not None:
        add_notice(app, i18n.tr("notice.autosave_failed", reason=persist.last_error()))


def abandon_games(app: Host) -> None:
    """Games given up for good (their save deleted by the caller): their dice secrets go into their
    records (issue 37); not a game only left for the title, which Continue brings back with its
    secret still unknown."""
    games = [scene.game for scene in app.scenes.scenes if isinstance(scene, GameScene)]
    app.records.abandon_all(games, persist.load_game(app.data_dir))


__all__ = ["abandon_games", "listen", "save_failed"]
