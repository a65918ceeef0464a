"""The kiosk on screen: its input filter, keypad, operator menu, countdown, attract mode, leaderboard."""
