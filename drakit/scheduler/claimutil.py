"""Moved to ``drakit.claims`` (the helpers live below every component now).

Kept as an alias so code written against the old path still imports; new code imports
``drakit.claims``. Controllers must not import this module (tests/test_walls.py).
"""

from drakit.claims import *  # noqa: F403
