"""The computer player: it imports only the engine; the game asks it through :mod:`game.ai.requests`."""
