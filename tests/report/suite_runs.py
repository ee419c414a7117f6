"""Run the conformance suite, or the deliberately failing fixture feature, in a subprocess.

Shared by the pipeline and browser tests. The fixture feature runs with its own pytest
invocation (``-p steps.conftest`` provides options, world and step definitions) so the real
suite under features/ never sees it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FAILING = Path(__file__).resolve().parent / "failing"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(FAILING), env.get("PYTHONPATH", "")])
    env.pop("PYTEST_ADDOPTS", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # cached bytecode halves start-up
    return env


def run_features(reports: Path, *extra: str) -> subprocess.CompletedProcess:
    """What ``tox -e features`` runs, into *reports*."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "steps", "-p", "no:cacheprovider",
         f"--reports-dir={reports}", *extra],
        cwd=REPO, env=_env(), capture_output=True, text=True, timeout=600)


# the fixture's last scenario turns GenericWorkload off: with these gates forced it is
# "unsupported" (a gate conflict the run asked for), so the reports show every verdict
FIXTURE_GATES = ("--gate", "GenericWorkload=true", "--gate", "DRAWorkloadResourceClaims=true")


def run_failing_fixture(reports: Path, *extra: str) -> subprocess.CompletedProcess:
    """The deliberately failing fixture feature: 1 passed, 3 failed (two deliberate, one a
    gate the reference refuses), 1 unsupported."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "steps.conftest",
         str(FAILING / "scenarios_deliberate.py"), "-p", "no:cacheprovider",
         "-W", "ignore::pytest.PytestUnknownMarkWarning", f"--rootdir={REPO}",
         f"--reports-dir={reports}", *FIXTURE_GATES, *extra],
        cwd=REPO, env=_env(), capture_output=True, text=True, timeout=600)
