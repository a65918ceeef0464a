"""Which screen opens where: the title, a game, a game put back from its save, the attract mode and
the tournament's screen, the tournament desk on the network.

Why a module of its own: the App owns the stack of screens and asks each only through the scene
contract (:class:`game.ui.scene.Scene`), so it names no screen; the few places where the App
opens one are these functions.
"""

from __future__ import annotations

from game.session import persist
from game.session.controller import GameSetup
from game.session.resume import restore_match_parts, resumed_setup
from game.ui.desk import NetworkScene
from game.ui.kiosk.attract import AttractScene
from game.ui.scene import Host, Scene
from game.ui.scenes.game import GameScene
from game.ui.scenes.title import TitleScene
from game.ui.tournament.hub import TournamentScene


def title(
    app: Host,
    broken: persist.BrokenSave | None = None,
    broken_settings: persist.BrokenSave | None = None,
    offer_learning: bool = False,
) -> Scene:
    return TitleScene(app, broken, broken_settings, offer_learning=offer_learning)


def game(app: Host, setup: GameSetup) -> Scene:
    return GameScene(app, setup)


def resumed(app: Host, saved: persist.SavedGame, seed: int | None) -> GameScene:
    """The saved game on screen as it stopped: its dice, clock, names and tournament."""
    scene = GameScene(app, resumed_setup(saved, seed))
    restore_match_parts(scene.game, saved)
    if saved.mode == "computer" and saved.human is not None:
        scene.game.humans = {saved.human}
    scene.resume(saved.state, saved.match, saved.dice_history)
    return scene


def attract(app: Host, setup: GameSetup) -> Scene:
    return AttractScene(app, setup)


def tournament(app: Host) -> Scene:
    return TournamentScene(app)


def desk(app: Host) -> Scene:
    """Be the desk of the tournament, or join a desk as a board."""
    return NetworkScene(app)


__all__ = ["attract", "desk", "game", "resumed", "title", "tournament"]
