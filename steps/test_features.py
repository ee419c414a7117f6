"""Collect every feature file under features/ as pytest-bdd scenarios."""

from pathlib import Path

from pytest_bdd import scenarios

FEATURES = Path(__file__).resolve().parent.parent / "features"

scenarios(str(FEATURES))
