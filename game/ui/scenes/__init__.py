"""The screens, a module each: title, game, pause menu, settings, key map, how to play, dice statistics,
Learn to play, review and replay, a yes/no question. The scene contract is :mod:`game.ui.scene`."""
