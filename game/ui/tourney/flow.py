"""Starting a tournament match here: its set-up from the tournament's house rules, and the screen
that plays it (any other game on the stack is closed; the organiser chose this match)."""

from __future__ import annotations

from game.session import persist
from game.session.controller import GameSetup
from game.session.kiosk import Mode
from game.tournament import TMatch, Tournament
from game.ui.scenes.base import Host
from game.ui.scenes.game import GameScene


def drop_games(app: Host) -> None:
    """Close the computer's worker of every game on the stack (the stack is about to be replaced)."""
    for scene in app.scenes.scenes:
        if isinstance(scene, GameScene):
            scene.game.close()


def match_setup(app: Host, t: Tournament, m: TMatch) -> GameSetup:
    """A two-player match for tournament match ``m``, with the tournament's house rules."""
    a, b = (t.players[p].name if p is not None else "?" for p in m.players)
    return GameSetup(
        mode="two",
        match_length=m.length,
        seed=app.seed,
        level=app.settings.level,
        hand_dice=app.settings.hand_dice,
        clock=app.desk.clock(),
        names=(a, b),
        tournament=m.id,
        aids=app.desk.aids(),
    )


def play_here(app: Host, t: Tournament, m: TMatch) -> GameScene:
    """Start match ``m`` on this screen (the save of any other game goes: the organiser chose this)."""
    drop_games(app)
    persist.clear_game(app.data_dir)
    app.saved = None
    if app.kiosk is not None:
        app.kiosk.mode = Mode.ACTIVE
        app.kiosk.idle = 0.0
    scene = GameScene(app, match_setup(app, t, m))
    app.scenes.reset(scene)
    return scene


__all__ = ["drop_games", "match_setup", "play_here"]
