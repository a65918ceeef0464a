"""The tournament on screen: the draw or the standings, the next match called, a match played here,
results typed in, withdrawals, the export; set-up with an on-screen keyboard (game.session.local_tournament
keeps the tournament and its file)."""
