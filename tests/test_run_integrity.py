"""A run that tested nothing, or tested the environment, is never green (steps/integrity.py).

Real pytest runs in subprocesses: the conformance suite itself with options a user mistypes,
and small generated feature files whose steps meet an environment failure or a refusal, so
that each rule is seen from the outside — exit status, the one line on the terminal, the
report that is (or is not) written.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from drakit.features import GATES, FeatureGateError, FeatureGates

REPO = Path(__file__).resolve().parents[1]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")])
    env.pop("PYTEST_ADDOPTS", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # cached bytecode halves start-up
    return env


def run_suite(reports: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pytest", "steps", "-p", "no:cacheprovider",
                           f"--reports-dir={reports}", *args], cwd=REPO, env=_env(),
                          capture_output=True, text=True, timeout=600)


def _usage_error(p: subprocess.CompletedProcess) -> str:
    """The one ERROR line of a pytest usage error (exit 4), no traceback, nothing run."""
    assert p.returncode == 4, p.stdout[-2000:] + p.stderr[-2000:]
    err = [ln for ln in (p.stdout + p.stderr).splitlines() if ln.startswith("ERROR:")]
    assert len(err) == 1, p.stdout[-2000:] + p.stderr[-2000:]
    assert "Traceback" not in p.stdout + p.stderr
    assert "PASS" not in p.stdout and "passed" not in p.stdout
    return err[0]


# ---------------------------------------------------------------------------- options

def test_a_misspelt_gate_is_a_usage_error_naming_the_near_miss(tmp_path):
    line = _usage_error(run_suite(tmp_path, "--gate", "DRAResourceSliceMixin=true"))
    assert "unrecognized feature gate: DRAResourceSliceMixin" in line
    assert "did you mean DRAResourceSliceMixins?" in line
    assert not any(p.is_dir() for p in tmp_path.iterdir())  # no run directory


def test_a_gate_without_a_value_is_one_usage_error_not_a_traceback_per_scenario(tmp_path):
    line = _usage_error(run_suite(tmp_path, "--gate", "DRAExtendedResource"))
    assert "write NAME=true or NAME=false" in line and "DRAExtendedResource" in line


def test_a_driver_profile_on_the_reference_is_a_usage_error(tmp_path):
    profile = Path(__file__).resolve().parents[1] / "deploy/driver-profiles/dra-example-driver.yaml"
    line = _usage_error(run_suite(tmp_path, "--driver-profile", str(profile)))
    assert "--driver-profile" in line and "add --backend=cluster" in line


@pytest.mark.parametrize("value", ["nan", "-5", "0", "1e9"])
def test_a_wait_timeout_that_is_no_sane_number_of_seconds_is_a_usage_error(tmp_path, value):
    line = _usage_error(run_suite(tmp_path, f"--wait-timeout={value}"))
    assert line.startswith("ERROR: --wait-timeout ") and "above 0 and at most 86400" in line


def test_a_locked_gate_is_a_usage_error(tmp_path):
    line = _usage_error(run_suite(tmp_path, "--gate", "DynamicResourceAllocation=false"))
    assert "feature is locked to true" in line and "Kubernetes 1.37" in line


def test_a_bad_k8s_version_is_a_usage_error(tmp_path):
    p = run_suite(tmp_path, "--k8s-version", "1.33")
    assert p.returncode == 4
    assert "argument --k8s-version: invalid choice: '1.33' (choose from '1.34', '1.35', " \
           "'1.36', '1.37')" in p.stderr


def _gate_new_in_137() -> str:
    for name in sorted(set(GATES["1.37"]) - set(GATES["1.36"])):
        try:
            FeatureGates("1.37", {name: True})
        except FeatureGateError:
            continue
        return name
    raise AssertionError("no gate new in 1.37 can be set alone")


def test_a_gate_the_version_of_selected_scenarios_lacks_is_found_before_they_run(tmp_path):
    gate = _gate_new_in_137()
    line = _usage_error(run_suite(tmp_path, "--gate", f"{gate}=true", "-m", "version:1.36"))
    assert f"unrecognized feature gate: {gate}" in line
    assert "Kubernetes 1.36 (the @version of" in line and "-m 'not version:1.36'" in line


# ---------------------------------------------------------------------------- empty selection

def test_an_empty_selection_says_so_exits_5_and_keeps_the_last_report(tmp_path):
    first = run_suite(tmp_path, "-q", "-m", "kep-3695", "-k", "socket")
    assert first.returncode == 0, first.stdout[-2000:]
    latest = os.readlink(tmp_path / "latest")
    index = (tmp_path / "index.html").read_bytes()
    runs = sorted(p.name for p in tmp_path.iterdir() if p.is_dir() and p.name != "latest")
    p = run_suite(tmp_path, "-k", "nosuchscenario")
    assert p.returncode == 5, p.stdout[-2000:]
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("drakit: no scenario selected")]
    assert len(lines) == 1, p.stdout[-2000:]
    assert "-k 'nosuchscenario' matched none" in lines[0]
    assert "pytest steps --collect-only -q" in lines[0]
    assert f"the last report stays at {tmp_path / 'latest'}" in lines[0]
    assert os.readlink(tmp_path / "latest") == latest
    assert (tmp_path / "index.html").read_bytes() == index
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir() and p.name != "latest") \
        == runs
    # the same on pytest-xdist workers (tox -e features runs there): one line, no file named
    p = run_suite(tmp_path, "-n", "2", "-k", "nosuchscenario")
    assert p.returncode == 5, p.stdout[-2000:]
    assert sum(ln.startswith("drakit: no scenario selected") for ln in p.stdout.splitlines()) == 1
    assert "cucumber.json" not in p.stdout, p.stdout[-2000:]
    assert os.readlink(tmp_path / "latest") == latest
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir() and p.name != "latest") \
        == runs


# ---------------------------------------------------------------------------- generated runs

FEATURE = """\
@kep-5004
Feature: run integrity fixture
{scenarios}
"""

STEPS = '''\
from pytest_bdd import given, scenarios
from steps.backends.base import EnvironmentFailure, Unsupported

scenarios({feature!r})


@given("the cluster cannot be reached")
def _unreachable():
    raise EnvironmentFailure("GET /api: the cluster could not be reached (connection refused)")


@given("the connection is refused")
def _refused():
    raise ConnectionRefusedError(111, "Connection refused")


@given("the backend cannot do it")
def _unsupported():
    raise Unsupported("needs a capability the reference lacks")


@given("all is well")
def _fine():
    pass
'''


def run_generated(tmp: Path, steps: list[str], *args: str) -> tuple[subprocess.CompletedProcess,
                                                                     dict, str]:
    body = "".join(f"\n  Scenario: s{i} {text}\n    Given {text}\n" for i, text in enumerate(steps))
    feature = tmp / "integrity.feature"
    feature.write_text(FEATURE.format(scenarios=body))
    mod = tmp / "scenarios_integrity.py"
    mod.write_text(STEPS.format(feature=str(feature)))
    reports = tmp / "reports"
    p = subprocess.run([sys.executable, "-m", "pytest", "-p", "steps.conftest", str(mod),
                        "-p", "no:cacheprovider", f"--rootdir={REPO}", f"--reports-dir={reports}",
                        *args], cwd=REPO, env=_env(), capture_output=True, text=True,
                       timeout=300)
    results = json.loads((reports / "results.json").read_text())
    html = (reports / "index.html").read_text()
    return p, results, html


def test_environment_failures_are_errors_and_stop_the_run_after_three_in_a_row(tmp_path):
    steps = ["all is well", "the cluster cannot be reached", "the connection is refused",
             "the cluster cannot be reached", "all is well", "all is well"]
    p, r, html = run_generated(tmp_path, steps)
    assert p.returncode == 2, p.stdout[-3000:]  # interrupted, never 0
    verdicts = [s["verdict"] for s in r["scenarios"]]
    assert verdicts == ["passed", "error", "error", "error"]  # stopped: two never ran
    assert r["summary"]["failed"] == 0  # never a conformance failure
    assert r["status"] == "interrupted" and not r["complete"]
    assert "stopped after 3 scenarios in a row met an environment failure" in \
        r["interrupted_reason"]
    env = r["environment_failures"]
    assert env["count"] == 3 and env["stop_after"] == 3 and env["stopped"]
    assert "connection refused" in env["last"]
    assert r["scenarios"][1]["runs"][0]["environment"].startswith("GET /api: the cluster")
    assert r["scenarios"][1]["runs"][0]["steps"][0]["verdict"] == "error"
    assert "Complete run." not in html and "INCOMPLETE: stopped after 3 scenarios" in html
    assert "3 scenarios met an environment failure" in html
    out = p.stdout
    assert "ERROR (environment)" in out or " E" in out or "3 errors" in out
    assert "Interrupted: stopped after 3 scenarios in a row" in out
    assert "Traceback" not in out


def test_a_scenario_that_ran_breaks_the_streak_and_the_page_never_says_complete_in_green(
        tmp_path):
    """Also: Unsupported raised on the reference is a failure with its reason (a defect of
    the reference or the scenario), never a green "unsupported"."""
    unreachable = "the cluster cannot be reached"
    steps = [unreachable, unreachable, "all is well", unreachable, unreachable,
             "the backend cannot do it", unreachable, "all is well"]
    p, r, html = run_generated(tmp_path, steps)
    assert p.returncode == 1, p.stdout[-3000:]
    assert [s["verdict"] for s in r["scenarios"]] == ["error", "error", "passed", "error",
                                                      "error", "failed", "error", "passed"]
    assert r["complete"] and r["environment_failures"]["count"] == 5
    assert not r["environment_failures"]["stopped"]
    assert '<p class="status complete">' not in html
    assert "Every scenario ran, but 5 met an environment failure" in html
    assert "5 scenarios met an environment failure (errors, not conformance verdicts)" in p.stdout
    refused = r["scenarios"][5]
    assert r["summary"]["unsupported"] == 0
    assert refused["runs"][0]["message"].endswith(
        "unsupported on the reference backend, which is a defect (the reference must run "
        "every scenario; fix the reference or the scenario): needs a capability the "
        "reference lacks")
    assert refused["runs"][0]["steps"][0]["error"]["type"] == "UnsupportedOnReference"
    assert "needs a capability the reference lacks" in html


def test_zero_never_stops(tmp_path):
    p, r, _ = run_generated(tmp_path, ["the cluster cannot be reached"] * 4,
                            "--max-environment-failures=0")
    assert p.returncode == 1
    assert [s["verdict"] for s in r["scenarios"]] == ["error"] * 4 and r["complete"]


# ---------------------------------------------------------------------------- a real cluster

def test_a_cluster_that_goes_away_mid_run_gives_errors_and_a_stop_never_failures(tmp_path):
    """The suite against a real ``drakit serve`` process over HTTPS; the process is killed
    once the first scenario passed (its connections die with it, as a crashed API server's
    do). What follows must be environment errors (never a conformance verdict), the run must
    stop after three in a row, exit non-zero and say why — fast, not one network timeout
    per scenario."""
    import time

    kc = tmp_path / "kubeconfig"
    server = subprocess.Popen([sys.executable, "-m", "drakit.cli", "serve", "--port", "0",
                               "--interval", "0.05", "--kubeconfig-out", str(kc)],
                              cwd=REPO, env=_env(), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not (kc.exists() and kc.stat().st_size) and time.monotonic() < deadline:
            assert server.poll() is None, "drakit serve exited"
            time.sleep(0.1)
        time.sleep(0.5)  # the kubeconfig is written once the server listens; a margin
        reports = tmp_path / "r"
        cmd = [sys.executable, "-m", "pytest", "steps", "-v", "-p", "no:cacheprovider",
               "--backend=cluster", f"--kubeconfig={kc}", f"--reports-dir={reports}",
               "-m", "kep-5004 and component:apiserver"]
        t0 = time.monotonic()
        proc = subprocess.Popen(cmd, cwd=REPO, env={**_env(), "DRAKIT_SETTLE_QUIET": "0.1"},
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        out: list[str] = []
        killed = False
        try:
            assert proc.stdout is not None
            for line in proc.stdout:
                out.append(line)
                if not killed and " PASSED" in line:
                    server.kill()
                    server.wait(timeout=30)
                    killed = True
            proc.wait(timeout=300)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=30)
        took = time.monotonic() - t0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=30)
    text = "".join(out)
    assert killed, text[-3000:]
    assert proc.returncode == 2, text[-3000:]  # interrupted: never 0, never a verdict run
    r = json.loads((reports / "latest" / "results.json").read_text())
    verdicts = [s["verdict"] for s in r["scenarios"] if s["verdict"] != "not run"]
    assert "failed" not in verdicts, text[-3000:]
    assert verdicts[0] == "passed" and verdicts[-3:] == ["error"] * 3, verdicts
    assert r["summary"]["failed"] == 0 and not r["complete"]
    assert r["environment_failures"]["stopped"].startswith(
        "stopped after 3 scenarios in a row met an environment failure")
    assert "could not be reached" in r["environment_failures"]["last"]
    assert "Interrupted: stopped after 3 scenarios in a row" in text
    assert "Traceback" not in text
    html = (reports / "latest" / "index.html").read_text()
    assert "Complete run." not in html and "INCOMPLETE: stopped after 3 scenarios" in html
    assert took < 180, took


def _run_failing_module(tmp_path: Path, mod: Path) -> dict:
    """Run one generated scenario module with the steps plugin; it must exit 1 (a failed
    scenario); its results.json."""
    reports = tmp_path / "reports"
    p = subprocess.run([sys.executable, "-m", "pytest", "-p", "steps.conftest", str(mod),
                        "-p", "no:cacheprovider", f"--rootdir={REPO}",
                        f"--reports-dir={reports}"], cwd=REPO, env=_env(),
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 1, p.stdout[-3000:]
    return json.loads((reports / "results.json").read_text())


def test_a_gate_the_reference_refuses_fails_the_scenario_with_kubes_words(tmp_path):
    """The real steps and the real reference: a scenario that asks for a gate the emulated
    release does not have is a failure naming the gate (a wrong gate table or a wrong
    scenario), never a skip, and the run exits 1."""
    feature = tmp_path / "gate.feature"
    feature.write_text(
        "@kep-5234\nFeature: a gate the reference refuses\n\n"
        "  Scenario: asks for a misspelt gate\n"
        "    Given the feature gate DRAResourceSliceMixin is enabled\n"
        "    When I apply:\n"
        '      """\n'
        "      apiVersion: v1\n      kind: Namespace\n      metadata: {name: team-a}\n"
        '      """\n'
        "    Then the request succeeds\n")
    mod = tmp_path / "scenarios_gate.py"
    mod.write_text(f"from pytest_bdd import scenarios\n\nscenarios({str(feature)!r})\n")
    r = _run_failing_module(tmp_path, mod)
    assert r["summary"]["failed"] == 1 and r["summary"]["unsupported"] == 0
    message = r["scenarios"][0]["runs"][0]["message"]
    assert "unsupported on the reference backend, which is a defect" in message
    assert "unrecognized feature gate: DRAResourceSliceMixin" in message


def test_unit_tests_collected_with_the_scenarios_do_not_make_the_report_incomplete(tmp_path):
    """A bare ``pytest`` at the repository root collects the unit tests with the scenarios:
    the report plans and counts scenarios only, so a finished run reads complete."""
    p = subprocess.run([sys.executable, "-m", "pytest", "tests/test_step_expect.py", "steps",
                        "-q", "-p", "no:cacheprovider", f"--reports-dir={tmp_path}",
                        "-k", "metric_series or socket"], cwd=REPO, env=_env(),
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout[-2000:]
    r = json.loads((tmp_path / "results.json").read_text())
    assert r["complete"] and r["status"] == "finished", r["interrupted_reason"]
    assert r["planned"] == r["summary"]["total"] >= 1
    assert "INCOMPLETE" not in p.stdout


def test_a_scenario_whose_gates_conflict_with_the_runs_gate_option_is_unsupported(tmp_path):
    """``--gate`` forces DRAWorkloadResourceClaims on; a scenario that turns GenericWorkload
    (which it needs) off cannot run in that configuration — unsupported with the conflict as
    the reason (as on a live cluster with those gates), not a defect of the reference."""
    p = run_suite(tmp_path, "-q", "--gate", "GenericWorkload=true",
                  "--gate", "DRAWorkloadResourceClaims=true",
                  "-k", "without_genericworkload_the_podgroup_api_is_not_served")
    assert p.returncode == 0, p.stdout[-3000:]
    r = json.loads((tmp_path / "results.json").read_text())
    assert [s["verdict"] for s in r["scenarios"]] == ["unsupported"]
    assert r["scenarios"][0]["runs"][0]["message"] == (
        "the scenario's feature gates conflict with --gate GenericWorkload=true "
        "--gate DRAWorkloadResourceClaims=true: DRAWorkloadResourceClaims is enabled, but "
        "depends on features that are disabled: [GenericWorkload]")


def test_a_gate_forced_off_makes_the_scenarios_that_need_it_unsupported_not_failed(tmp_path):
    """``--gate X=false`` against scenarios tagged ``@needs-gate:X``: what a cluster without X
    reports (unsupported, with the reason); scenarios that start by setting X themselves run."""
    p = run_suite(tmp_path, "-q", "--k8s-version", "1.36", "--gate", "DRAExtendedResource=false",
                  "-m", "kep-5004 and not version:1.37")
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-2000:]
    r = json.loads((tmp_path / "results.json").read_text())
    verdicts = [s["verdict"] for s in r["scenarios"]]
    assert "failed" not in verdicts and "error" not in verdicts
    assert verdicts.count("passed") >= 1 and verdicts.count("unsupported") >= 100
    reasons = {run.get("reason", "") for s in r["scenarios"] for run in s["runs"]
               if s["verdict"] == "unsupported"}
    assert reasons == {"the scenario needs the feature gate DRAExtendedResource=true; the run "
                       "forces --gate DRAExtendedResource=false"}, reasons


def test_a_broken_requirements_catalog_is_a_usage_error_naming_the_line(tmp_path, monkeypatch):
    # The report shows no coverage at all when it cannot parse the catalog; a run says why.
    from steps import integrity

    bad = tmp_path / "requirements.yaml"
    bad.write_text("requirements:\n- id: platform-X\n  text: a: b\n", encoding="utf-8")
    monkeypatch.setattr(integrity, "REQUIREMENTS", bad)
    with pytest.raises(pytest.UsageError) as e:
        integrity._check_requirements_catalog()
    # libyaml says "... not allowed in this context", PyYAML's own parser "... allowed here"
    assert str(e.value).startswith("features/requirements.yaml line 3: mapping values are not "
                                   "allowed ")
    assert str(e.value).endswith("; fix the YAML (quote a text that contains ': ')")
    bad.write_text("- id: platform-X\n", encoding="utf-8")
    with pytest.raises(pytest.UsageError, match="no 'requirements:' list"):
        integrity._check_requirements_catalog()
    monkeypatch.setattr(integrity, "REQUIREMENTS", tmp_path / "missing.yaml")
    with pytest.raises(pytest.UsageError, match="cannot read it"):
        integrity._check_requirements_catalog()
    monkeypatch.undo()
    integrity._check_requirements_catalog()  # the project's own catalog parses


def _failing_scenario_message(tmp_path: Path, name: str, steps: str, step_code: str) -> str:
    """Run one generated one-scenario feature (the project's steps plus ``step_code``, which
    defines the Given in the middle) on the reference; it must fail; its failure message."""
    feature = tmp_path / f"{name}.feature"
    feature.write_text(
        f"@kep-5004\nFeature: a reference {name}\n\n  Scenario: {name}\n"
        "    Given a node \"node-1\" with cpu \"8\", memory \"32Gi\"\n"
        f"    And {steps}\n"
        "    Then the Node \"node-1\" exists\n")
    mod = tmp_path / f"scenarios_{name}.py"
    mod.write_text("from pytest_bdd import given, parsers, scenarios\n"
                   f"scenarios({str(feature)!r})\n\n" + step_code)
    r = _run_failing_module(tmp_path, mod)
    assert r["summary"]["failed"] == 1
    return r["scenarios"][0]["runs"][0]["message"]


def test_a_scenario_whose_reference_components_hit_a_bug_fails_although_its_steps_pass(tmp_path):
    """The real steps and the real reference: a component that raised an exception its
    guard caught (here the scheduler, on a claim stored past validation) is a drakit bug, so
    the scenario fails with the component's error although every step's check passes."""
    message = _failing_scenario_message(
        tmp_path, "bug", "a claim the API server would refuse is stored past validation",
        "@given(parsers.re(r'a claim the API server would refuse is stored (?P<how>.+)'))\n"
        "def _stored(world, how):\n"
        "    from tests.storeutil import store_directly\n"
        "    c = world.backend.c\n"
        "    store_directly(c, {'apiVersion': 'resource.k8s.io/v1', 'kind': 'ResourceClaim',\n"
        "                       'metadata': {'name': 'bad'}, 'spec': {'devices': 1.5}})\n"
        "    c.apply([{'apiVersion': 'v1', 'kind': 'Pod', 'metadata': {'name': 'victim'},\n"
        "              'spec': {'containers': [{'name': 'c', 'image': 'pause'}],\n"
        "                       'resourceClaims': [{'name': 'x', 'resourceClaimName': 'bad'}]}}])\n")
    assert "the reference's components hit 1 internal error(s), a drakit bug" in message
    assert "default-scheduler: Pod default/victim: FailedScheduling" in message
    assert "AttributeError" in message


def test_a_scenario_whose_reference_caches_drifted_fails_although_its_steps_pass(tmp_path):
    """The real steps and the real reference: a scheduler cache that no longer matches the
    stored objects (here a node's requested cpu, changed behind the scheduler's back) is a
    drakit bug, so the scenario fails naming the mismatch although its steps pass."""
    message = _failing_scenario_message(
        tmp_path, "drift", "the scheduler's cache of node-1 drifts",
        "@given(\"the scheduler's cache of node-1 drifts\")\n"
        "def _drift(world):\n"
        "    from drakit.scheduler.scheduler import Scheduler\n"
        "    s = next(x for x in world.backend.c.components if isinstance(x, Scheduler))\n"
        "    s.nodes.nodes['node-1'].requested['cpu'] = 500\n")
    assert "the reference's caches drifted from the stored objects (1 mismatch(es)), a drakit bug" \
        in message
    assert "kube-scheduler: node node-1 requested: cached {'cpu': 500}, stored objects give {}" \
        in message


def test_a_scenario_that_leaves_work_undone_fails_although_its_steps_pass(tmp_path):
    """The real steps and the real reference: a ReplicaSet whose controller never saw it
    (its watch moved past the event) gets its pod from a restarted controller-manager at the
    end of the scenario, so the scenario fails naming the object a fresh one wrote."""
    message = _failing_scenario_message(
        tmp_path, "undone", "a ReplicaSet its controller never saw",
        "@given('a ReplicaSet its controller never saw')\n"
        "def _unseen(world):\n"
        "    from drakit.controllers.deployment import ReplicaSetController\n"
        "    c = world.backend.c\n"
        "    c.api.create({'apiVersion': 'apps/v1', 'kind': 'ReplicaSet',\n"
        "                  'metadata': {'name': 'web', 'namespace': 'default'},\n"
        "                  'spec': {'replicas': 1, 'selector': {'matchLabels': {'app': 'web'}},\n"
        "                           'template': {'metadata': {'labels': {'app': 'web'}},\n"
        "                                        'spec': {'containers': [{'name': 'c', 'image': 'pause'}]}}}})\n"
        "    rs = next(x for x in c.components if isinstance(x, ReplicaSetController))\n"
        "    rs.rv = c.api.resource_version\n")
    assert "the reference was not at a fixed point: a restarted kube-controller-manager and " \
           "kubelets changed" in message
    assert "ADDED Pod default/web-" in message
