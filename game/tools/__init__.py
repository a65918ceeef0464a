"""Command-line tools beside the game: benchmarks, the evaluator's trainer, asset makers.

Run them as modules, e.g. ``python -m game.tools.bench_movegen``. The game never imports
this package; like ``game.ai`` it stays free of pygame (the screen's own tools live in
``game.ui.tools``).
"""
