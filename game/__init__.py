"""Backgammon: rules engine (``game.engine``), computer player (``game.ai``), screen (``game.ui``)."""
