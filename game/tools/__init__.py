"""Command-line tools beside the game: benchmarks, the evaluator's trainer, asset makers.

Run them as modules, e.g. ``python -m game.tools.bench_movegen``. The game never imports
this package; like ``game.ai`` it stays free of pygame (the screen's own tools live in
``game.ui.tools``). Like the test oracles (``game.testing``) they stay in the checkout: the
installed game leaves them out (setup.py), and ``CHECKOUT`` is the checkout they run from.
"""

from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[2]
