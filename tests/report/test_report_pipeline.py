"""The collector from the outside: real pytest-bdd runs in a subprocess, reports inspected."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from suite_runs import run_failing_fixture


@pytest.fixture(scope="module")
def fixture_run(tmp_path_factory) -> tuple[Path, str]:
    reports = tmp_path_factory.mktemp("reports")
    p = run_failing_fixture(reports)
    # two deliberate failures, and the reference refusing a scenario (a defect, not a skip)
    assert p.returncode == 1, p.stdout[-3000:] + p.stderr[-3000:]
    return reports, p.stdout


def test_layout(fixture_run):
    reports, _ = fixture_run
    runs = [d for d in reports.iterdir() if d.is_dir() and not d.name == "latest"]
    assert len(runs) == 1
    run = runs[0]
    for name in ("index.html", "results.json", "junit.xml", "cucumber.json"):
        assert (run / name).is_file(), name
        assert (reports / name).is_file(), name
    assert (reports / "latest" / "index.html").is_file()
    assert json.loads((reports / "results.json").read_text())["run_id"] == run.name
    # pytest-bdd's own cucumber JSON is kept
    cuc = json.loads((run / "cucumber.json").read_text())
    assert cuc[0]["elements"]


def test_results_document(fixture_run):
    reports, _ = fixture_run
    r = json.loads((reports / "results.json").read_text())
    assert r["schema"] == "drakit.results/v1"
    assert r["complete"] is True and r["status"] == "finished"
    env = r["environment"]
    assert env["backends"] == ["reference"] and env["k8s_version"] == "1.37"
    assert env["start_time"].endswith("Z") and env["duration"] > 0
    assert "scenarios_deliberate.py" in env["command"]
    by_name = {s["name"]: s for s in r["scenarios"]}
    assert len(by_name) == 5
    ok = by_name["A DeviceClass with an explicit extended resource name is stored as written"]
    assert ok["verdict"] == "passed" and ok["section"] == "Device Class API"
    assert ok["requirements"] == ["5004-R02"] and "kep-5004" in ok["tags"]
    assert [s["verdict"] for s in ok["runs"][0]["steps"]] == ["passed"] * 4
    assert ok["steps"][1]["docstring"].startswith("apiVersion: resource.k8s.io/v1")
    bad = by_name["Deliberately wrong expectation about a stored DeviceClass"]
    assert bad["verdict"] == "failed"
    steps = bad["runs"][0]["steps"]
    assert [s["verdict"] for s in steps] == ["passed", "passed", "failed", "not run"]
    assert steps[2]["error"]["type"] == "AssertionError"
    assert steps[2]["error"]["location"].startswith("steps/common.py:")
    obs = steps[2]["observations"][0]
    assert obs["step_index"] == 2
    assert obs["expected"]["metadata"]["labels"]["team"] == "research"
    assert obs["objects"][0]["kind"] == "DeviceClass"
    uns = by_name["Turning a locked gate off on the reference fails as a defect, never as "
                  "unsupported"]
    assert uns["verdict"] == "failed" and r["summary"]["unsupported"] == 1
    msg = uns["runs"][0]["message"]
    assert "unsupported on the reference backend, which is a defect" in msg
    assert "cannot set feature gate DRAExtendedResource to false, feature is locked" in msg
    # the refusal fails the first step that starts the cluster (the gate step only records
    # the wish; the world starts lazily), every step after it did not run
    verdicts = [s["verdict"] for s in uns["runs"][0]["steps"]]
    i = verdicts.index("failed")
    assert set(verdicts[:i]) == {"passed"} and set(verdicts[i + 1:]) <= {"not run"}
    assert uns["runs"][0]["steps"][i]["error"]["type"] == "UnsupportedOnReference"
    assert uns["section"] == "Enablement"


def test_html_and_junit(fixture_run):
    reports, _ = fixture_run
    html = (reports / "index.html").read_text()
    assert '<mark class="diff">  labels:</mark>' not in html  # only the differing lines
    assert '<mark class="diff">    team: ml</mark>' in html
    assert "unsupported on the reference backend, which is a defect (the reference must run " \
        "every scenario; fix the reference or the scenario): cannot set feature gate " \
        "DRAExtendedResource" in html
    root = ET.fromstring((reports / "junit.xml").read_text())
    assert int(root.get("tests")) == 5 and int(root.get("failures")) == 3
    assert {c.get("classname") for c in root.iter("testcase")} == {"KEP-5004"}


def test_terminal_progress_and_summary(fixture_run):
    _, out = fixture_run
    assert "  PASS  KEP-5004  A DeviceClass with an explicit" in out
    assert "  FAIL  KEP-5004  Deliberately wrong expectation" in out
    assert "  FAIL  KEP-5004  Turning a locked gate off on the reference" in out
    # the one unsupported scenario is the gate conflict the run asked for with --gate
    assert [ln for ln in out.splitlines() if ln.startswith("  UNSUP ")] == [
        ln for ln in out.splitlines()
        if ln.startswith("  UNSUP KEP-5004  A scenario whose own gates conflict")]
    assert sum(ln.startswith("  UNSUP ") for ln in out.splitlines()) == 1
    assert "drakit conformance summary" in out
    assert "KEP-5004" in out.split("drakit conformance summary", 1)[1]
    assert "report: " in out and "index.html" in out


def test_interrupted_run_leaves_an_incomplete_report(tmp_path):
    p = run_failing_fixture(tmp_path, "-p", "interrupt_plugin")
    assert p.returncode == 2, p.stdout[-2000:] + p.stderr[-2000:]
    r = json.loads((tmp_path / "results.json").read_text())
    assert r["complete"] is False and r["status"] == "interrupted"
    assert "KeyboardInterrupt" in r["interrupted_reason"]
    last = r["scenarios"][-1]
    assert last["verdict"] == "not run"
    assert [s["verdict"] for s in last["runs"][0]["steps"]][:2] == ["passed", "passed"]
    html = (tmp_path / "latest" / "index.html").read_text()
    assert "INCOMPLETE" in html
    assert "INCOMPLETE report" in p.stdout


def test_stop_after_first_failure_is_incomplete(tmp_path):
    p = run_failing_fixture(tmp_path, "-x")
    r = json.loads((tmp_path / "results.json").read_text())
    assert p.returncode == 1
    assert r["complete"] is False and len(r["scenarios"]) == 2 and r["planned"] == 5
