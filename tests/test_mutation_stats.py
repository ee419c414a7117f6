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


def _fake_mutmut(root: Path) -> Path:
    """A stand-in for mutmut's per-process record (``mutmut.state.state()._stats``): the unit
    environment does not install the mutation extra, and what is tested is drakit's
    hand-over of the record, not mutmut."""
    pkg = root / "mutmut"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "state.py").write_text("class _State:\n    _stats = set()\n\n\n"
                                  "_STATE = _State()\n\n\ndef state():\n    return _STATE\n")
    return root


def _child(site: Path, substats: Path, code: str) -> None:
    import os
    import sys
    env = {**os.environ, "MUTANT_UNDER_TEST": "stats",
           "PYTHONPATH": os.pathsep.join([str(site), str(site.parent / "fake")]),
           "DRAKIT_MUTATION_SUBSTATS": str(substats)}
    env.pop("DRAKIT_MUTATION_STATS_PARENT", None)
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=60)


def test_a_subprocess_of_a_stats_run_reports_the_functions_it_called(tmp_path, monkeypatch):
    """A scenario that runs ``drakit allocate`` calls the allocator in a child process, whose
    trampoline hits mutmut keeps in that process's memory: the child leaves them in the
    substats directory at exit, and the stats plugin counts them for the test that ran it.
    The stats process itself leaves nothing there (its own plugin reads its hits)."""
    import sys
    driver = _driver()
    fake = _fake_mutmut(tmp_path / "fake")
    for mod in ("mutmut", "mutmut.state"):
        monkeypatch.delitem(sys.modules, mod, raising=False)
    monkeypatch.syspath_prepend(str(fake))
    site, substats = tmp_path / "site", tmp_path / "substats"
    site.mkdir()
    substats.mkdir()
    (site / "sitecustomize.py").write_text(driver._SUBSTATS_SITE)
    hit = "from mutmut.state import state; state()._stats.add('drakit.allocator.cli.x_main_allocate')"
    _child(site, substats, hit)
    _child(site, substats, "import os; os.environ['DRAKIT_MUTATION_STATS_PARENT'] = str(os.getpid()); "
                           + hit.replace("x_main_allocate", "x_from_the_parent"))
    dumped = [json.loads(f.read_text()) for f in substats.glob("*.json")]
    assert dumped == [["drakit.allocator.cli.x_main_allocate"]]

    monkeypatch.setenv("DRAKIT_MUTATION_SUBSTATS", str(substats))
    plugin = driver._StatsPlugin()
    plugin.state._stats.clear()
    plugin.state._stats.add("drakit.allocator.core.x_allocate")

    class Item:
        nodeid = "steps/test_features.py::test_the_allocate_tool"

    list(plugin.pytest_runtest_teardown(Item(), None))  # a hook wrapper: runs past its yield
    assert plugin.tests_by_function == {
        "drakit.allocator.cli.x_main_allocate": [Item.nodeid],
        "drakit.allocator.core.x_allocate": [Item.nodeid]}
    assert list(substats.iterdir()) == []  # read once, for this test only


def test_what_a_fixture_teardown_calls_counts_for_the_test(monkeypatch):
    """The reference backend stops the kubelets when the scenario's fixture is torn down: those
    calls happen inside pytest's own teardown, after the plugin's wrapper yields, and must be
    the test's (else their mutants count as reached by no scenario and are never run)."""
    driver = _driver()
    monkeypatch.delenv("DRAKIT_MUTATION_SUBSTATS", raising=False)
    plugin = driver._StatsPlugin()
    plugin.state._stats.clear()
    plugin.state._stats.add("drakit.kubelet.x_run_body")

    class Item:
        nodeid = "steps/test_features.py::test_some_scenario"

    wrapper = plugin.pytest_runtest_teardown(Item(), None)
    next(wrapper)  # pytest's own teardown runs here: the fixture's finalizer calls this
    plugin.state._stats.add("drakit.kubelet.x_stop_kubelets")
    with pytest.raises(StopIteration):
        next(wrapper)
    assert plugin.tests_by_function == {
        "drakit.kubelet.x_run_body": [Item.nodeid],
        "drakit.kubelet.x_stop_kubelets": [Item.nodeid]}
