"""The screens, a module each: title, game, pause menu, settings, how to play, dice statistics,
attract mode, the "Still playing?" countdown, the code keypad and the operator menu.

``base`` holds the scene contract, the stack and the App's face as scenes see it.
"""
