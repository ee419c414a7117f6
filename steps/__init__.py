"""Step definitions for the drakit conformance suite (pytest-bdd).

Steps talk to a Backend (steps/backends/base.py) and never import drakit itself, so the
same sentences run against the reference and against a live cluster.
"""
