"""The tournament desk on the event's network: one desk holds the tournament, boards report to it,
phones read it. No pygame here (the screens are game.ui.desk); see docs/tournament-desk.md."""
