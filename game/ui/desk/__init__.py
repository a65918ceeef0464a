"""The networked desk's screens: be the desk of the event, or join a desk as a board (game.desk)."""

from .scenes import BoardScene, DeskScene, MoveScene, NetworkScene

__all__ = ["BoardScene", "DeskScene", "MoveScene", "NetworkScene"]
