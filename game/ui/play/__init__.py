"""The game screen's parts: turn control, the player's hands, hints, motion, board, panel and dialogs.

The game scene (``game.ui.scenes.game``) holds them together; each part sees it through
``play.host.GameHost``.
"""
