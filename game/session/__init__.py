"""The game as a session, with no pygame.

The turn controller, the computer's adapter, events and their standing listeners, saving, match
records, dice statistics, the leaderboard, the kiosk's rules, settings and the review's job.
"""
