"""The game as a session, with no pygame: what runs around the rules (the match clock, ...)."""
