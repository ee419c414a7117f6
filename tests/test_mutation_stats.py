"""The mutation driver's stats run (scripts/mutation.py collect_stats): which scenario calls
which function. A partial map turns later mutants into false survivors, so a stats session
that stopped part-way (an INTERNALERROR, exit 3, or a signal) is run again and never kept,
and each release's map lives in a file of its own (a resumed run once read the last release
collected as the default release's map)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from scriptutil import load_script


def _driver():
    return load_script("mutation")


def _fake_runs(monkeypatch, driver, exits: list[int]) -> list[list[str]]:
    """subprocess.run that plays the stats child: writes its map, exits as told."""
    calls: list[list[str]] = []

    def run(cmd, **kw):
        calls.append(cmd)
        code = exits[len(calls) - 1]
        out = Path(cmd[cmd.index("--_stats") + 1])
        n = 838 if code == 0 else 211
        out.write_text(json.dumps({"exit": 0 if code == 0 else 3, "failed": [],
                                   "tests_by_function": {},
                                   "duration": {f"t{i}": 0.1 for i in range(n)}}))
        return subprocess.CompletedProcess(cmd, code, "", "INTERNALERROR> ..." if code else "")

    monkeypatch.setattr(driver.subprocess, "run", run)
    return calls


def test_a_stats_session_stopped_part_way_is_run_again(tmp_path, monkeypatch):
    driver = _driver()
    calls = _fake_runs(monkeypatch, driver, [3, 0])
    data = driver.collect_stats(tmp_path, "steps", ["--k8s-version=1.34"], "steps@1.34")
    assert len(calls) == 2
    assert len(data["duration"]) == 838
    assert (tmp_path / "stats-steps@1.34.json").exists()
    assert list((tmp_path / "crashes").iterdir())  # the first run's output is kept


def test_a_stats_session_that_never_completes_stops_the_driver(tmp_path, monkeypatch):
    driver = _driver()
    _fake_runs(monkeypatch, driver, [3] * driver.STATS_ATTEMPTS)
    with pytest.raises(SystemExit, match="no complete map"):
        driver.collect_stats(tmp_path, "steps", [], "steps")


def test_each_release_has_its_own_stats_file(tmp_path):
    driver = _driver()
    assert driver.stats_file(tmp_path, "steps") != driver.stats_file(tmp_path, "steps@1.34")
