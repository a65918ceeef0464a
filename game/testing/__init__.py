"""Test oracles: a slow, obviously correct legal-play generator and random positions to compare with.

They live in the checkout only: the tests, the mutation runs and the benchmark tools use them, and the
installed game leaves them out (setup.py), since nothing a player runs needs them.
"""
