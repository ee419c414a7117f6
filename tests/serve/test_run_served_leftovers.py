"""scripts/run_served.py's last check: every object carrying the harness label that a
served run left behind is named (kind, namespace/name), over every served API group."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import run_served  # noqa: E402


def test_leftovers_names_labelled_objects_and_nothing_else(server):
    http, kc = server["http"], Path(server["kubeconfig"])
    assert run_served.leftovers(server["url"], kc) == []
    label = {run_served.HARNESS_LABEL: "true"}
    status, _ = http("POST", "/api/v1/namespaces", {
        "apiVersion": "v1", "kind": "Namespace",
        "metadata": {"name": "left-ns", "labels": label}})
    assert status == 201
    status, _ = http("POST", "/apis/resource.k8s.io/v1/deviceclasses", {
        "apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
        "metadata": {"name": "left.example.com", "labels": label}})
    assert status == 201
    status, _ = http("POST", "/apis/resource.k8s.io/v1/deviceclasses", {
        "apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
        "metadata": {"name": "not-ours.example.com"}})
    assert status == 201
    try:
        assert run_served.leftovers(server["url"], kc) == [
            "DeviceClass left.example.com", "Namespace left-ns"]
    finally:
        for path in ("/apis/resource.k8s.io/v1/deviceclasses/left.example.com",
                     "/apis/resource.k8s.io/v1/deviceclasses/not-ours.example.com",
                     "/api/v1/namespaces/left-ns"):
            http("DELETE", path)


def test_failed_scenarios_are_named_for_the_end_of_the_log(tmp_path):
    """A failed profile ends the log with its failed and errored scenarios (CI keeps only
    the tail), not with the last profile's passing lines."""
    latest = tmp_path / "latest"
    latest.mkdir()
    (latest / "results.json").write_text(json.dumps({"scenarios": [
        {"verdict": "passed", "kep": "KEP-5004", "name": "fine", "example": None,
         "message": None},
        {"verdict": "failed", "kep": "KEP-5729", "name": "broken", "example": "a, b",
         "message": "expected 1 claim\nobserved 0"},
        {"verdict": "error", "kep": "Platform", "name": "gone", "example": None,
         "message": "connection refused"},
        {"verdict": "unsupported", "kep": "KEP-3695", "name": "skipped", "example": None,
         "message": "needs a component restart"}]}))
    assert run_served.failed_scenarios(tmp_path) == [
        "FAILED KEP-5729 broken [a, b]: expected 1 claim",
        "ERROR Platform gone: connection refused"]
    assert run_served.failed_scenarios(tmp_path / "missing") == []


def test_side_by_side_profiles_mark_every_line_with_their_name(capsys):
    """Two profiles share one terminal: each line of a profile's pytest, stderr included,
    carries the profile's name, and the exit status is the child's."""
    code = "import sys; print('one'); print('two', file=sys.stderr); sys.exit(3)"
    rc = run_served._call_prefixed([sys.executable, "-c", code], dict(os.environ), "[p] ")
    assert rc == 3
    assert sorted(capsys.readouterr().out.splitlines()) == ["[p] one", "[p] two"]


def test_a_negative_parallel_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        run_served.main(["--parallel", "-1"])
    assert exc.value.code == 2
    assert "--parallel -1: must be 0 (all profiles at once) or more" in capsys.readouterr().err
