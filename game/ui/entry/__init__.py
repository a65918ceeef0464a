"""Screens for typing something in, one family: the number keypad (codes, a tournament's digits),
initials for the leaderboard, the letter keyboard for names, and real dice typed in. Each is a
dialog of keys over what lies below, taking taps, a keyboard's keys and a controller; the screens
that open them (kiosk, tournament, game, settings) import them from here.
"""
