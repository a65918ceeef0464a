"""The App's standing listeners on the game's events (the match recorder, autosave, sound, dice
statistics, the tournament's desk, the spoken mode's narrator), what a failed autosave says, and the
dice secrets of games given up (issue 37)."""

from __future__ import annotations

from collections.abc import Callable

from game import i18n
from game.session import persist
from game.session.dice_stats import DiceStats, DiceStatsCounter
from game.session.events import GameView, Sounds
from game.session.narration import Narrator
from game.ui.audio import Audio
from game.ui.kiosk.notices import add_notice
from game.ui.scene import Host

SAVE_FAILED_SECONDS = 8.0


def listen(app: Host, audio: Callable[[], Audio]) -> None:
    """The App's standing listeners on the game's events, in the order they hear each one."""

    def set_dice_stats(stats: DiceStats) -> None:
        app.dice_stats = stats

    app.autosave.on_failed = lambda first: save_failed(app, first)
    for listener in (
        # The record before the autosave: a cut between the two leaves the record ahead of the game,
        # which it can take back (MatchRecorder.resume), never behind it by a roll it cannot know.
        app.records,
        app.autosave,
        Sounds(audio),
        DiceStatsCounter(lambda: app.dice_stats, set_dice_stats),
        app.desk,  # after the recorder: a tournament match's record is read when it ends
        Narrator(lambda: app.speech),
    ):
        app.events.subscribe(listener)


def save_failed(app: Host, first: bool) -> None:
    """A save failed (the log has why): the player must know before leaving. The first of a run is
    told on the game's screen; while they go on the status line's end says so (the game screen's
    terms). On a cabinet the operator is told too, at the next login (issue 37)."""
    if first:
        text = i18n.tr("saved.failed")
        any(scene.tell(text, SAVE_FAILED_SECONDS) for scene in reversed(app.scenes.scenes))
    if app.kiosk is not None:
        add_notice(app, i18n.tr("notice.autosave_failed", reason=persist.last_error()))


def abandon_games(app: Host) -> None:
    """Games given up for good (their save deleted by the caller): their dice secrets go into their
    records (issue 37); not a game only left for the title, which Continue brings back with its
    secret still unknown."""
    games: list[GameView] = [g for scene in app.scenes.scenes if (g := scene.game_in_play()) is not None]
    app.records.abandon_all(games, persist.load_game(app.data_dir))


__all__ = ["abandon_games", "listen", "save_failed"]
