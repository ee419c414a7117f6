"""Collects the deliberately failing fixture feature next to this file.

Not named test_*.py on purpose: ``pytest tests`` must never pick it up. The report tests run
it explicitly: ``pytest -p steps.conftest tests/report/failing/scenarios_deliberate.py``.
"""

from pathlib import Path

from pytest_bdd import scenarios

scenarios(str(Path(__file__).resolve().parent / "kep-5004-deliberate.feature"))
