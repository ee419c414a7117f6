"""Foreign nodes, slices and classes cannot change a verdict, and nothing foreign is touched.

Issue 12 §1, measured as a new user would meet it: a cluster with an ordinary node that the
run did not create and a ResourceSlice on it from a driver named ``gpu.example.com`` (the
upstream example driver's name, which the scenarios use too), plus a DeviceClass of that
name. The same scenarios run through ``drakit serve`` with ``--backend=cluster`` once on an
empty cluster and once next to the foreign objects: the verdicts must be the same, no
harness pod may ever be bound to the foreign node, no claim may take a foreign device, and
the foreign objects must come out unchanged (same resourceVersion).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from drakit import serve

ROOT = Path(__file__).resolve().parents[2]
# scheduling scenarios that allocate gpu.example.com devices and check the scheduler's
# "0/N nodes are available" message; all pass on an empty served cluster
SCENARIOS = " or ".join([
    "test_not_enough_devices_the_pod_stays_pending_and_no_claim_is_left_behind",
    "test_a_resource_neither_on_the_node_nor_mapped_to_a_class_is_insufficient",
    "test_a_pod_with_an_extended_resource_and_a_regular_claim_gets_both_on_different_devices",
    "test_one_of_eight_gpus_goes_to_an_unmodified_pod_seven_stay_for_pods_and_claims_alike",
    "test_the_special_claim_is_freed_when_the_pod_goes_and_a_pending_pod_then_gets_the_devices",
])

FOREIGN = [
    {"apiVersion": "v1", "kind": "Node",
     "metadata": {"name": "worker-1", "labels": {"kubernetes.io/hostname": "worker-1"}}},
    {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
     "metadata": {"name": "worker-1-gpu.example.com"},
     "spec": {"driver": "gpu.example.com", "nodeName": "worker-1",
              "pool": {"name": "worker-1", "generation": 1, "resourceSliceCount": 1},
              "devices": [{"name": f"gpu-{i}", "attributes": {"model": {"string": "a100"}},
                           "capacity": {"memory": {"value": "80Gi"}}} for i in range(8)]}},
    {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
     "metadata": {"name": "gpu.example.com"},
     "spec": {"selectors": [{"cel": {"expression": 'device.driver == "gpu.example.com"'}}]}},
]


def _run_scenarios(srv, tmp: Path, selection: str) -> dict:
    """Run the scenarios ``selection`` (a -k expression) against the served cluster with
    the cluster backend; the run's results.json."""
    tmp.mkdir(parents=True, exist_ok=True)
    kc = tmp / "kubeconfig"
    kc.write_text(yaml.safe_dump(serve.kubeconfig_for(srv)))
    reports = tmp / "reports"
    rc = subprocess.call(
        [sys.executable, "-m", "pytest", "steps", "-q", "-p", "no:cacheprovider",
         "--backend=cluster", f"--kubeconfig={kc}", f"--reports-dir={reports}", "-k", selection],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "DRAKIT_SETTLE_QUIET": "0", "DRAKIT_WAIT_TIMEOUT": "15"})
    assert rc in (0, 1), f"pytest exit status {rc}"
    return json.loads((reports / "latest" / "results.json").read_text())


def _run(tmp: Path, foreign: bool) -> tuple[dict[str, str], list[str], dict]:
    srv, served, _ = serve.start(port=0, interval=0.05)
    try:
        api = served.api
        before = {}
        if foreign:
            with served.lock:
                node = api.create(FOREIGN[0])
                node["status"] = {"allocatable": {"cpu": "64", "memory": "256Gi",
                                                  "pods": "110", "example.com/gpu": "8"},
                                  "capacity": {"cpu": "64", "memory": "256Gi", "pods": "110",
                                               "example.com/gpu": "8"},
                                  "conditions": [{"type": "Ready", "status": "True"}]}
                api.update_status(node)
                for obj in FOREIGN[1:]:
                    api.create(obj)
                served.cluster.settle()
                before = {o["kind"]: api.get(o["kind"], o["metadata"]["name"])["metadata"][
                    "resourceVersion"] for o in FOREIGN}
            start_rv = api.resource_version
        results = _run_scenarios(srv, tmp, SCENARIOS)
        verdicts = {s["name"]: s["verdict"] for s in results["scenarios"]}
        touched: list[str] = []
        if foreign:
            with served.lock:
                for o in FOREIGN:
                    now = api.get(o["kind"], o["metadata"]["name"])["metadata"]
                    if now["resourceVersion"] != before[o["kind"]]:
                        touched.append(f"{o['kind']} {o['metadata']['name']} changed")
                for ev in api.watch(start_rv, kinds=["Pod", "ResourceClaim"]):
                    if ev.kind == "Pod" and (ev.object.get("spec") or {}).get(
                            "nodeName") == "worker-1":
                        touched.append(f"Pod {ev.object['metadata']['name']} on worker-1")
                    results_ = (((ev.object.get("status") or {}).get("allocation") or {})
                                .get("devices") or {}).get("results") or []
                    for r in results_:
                        if r.get("pool") == "worker-1" or r.get("driver") == "gpu.example.com":
                            touched.append(f"claim {ev.object['metadata']['name']} took "
                                           f"{r.get('driver')}/{r.get('pool')}/{r.get('device')}")
        return verdicts, touched, results["environment"]
    finally:
        srv.shutdown()
        served.stop()
        srv.server_close()


def test_foreign_node_slice_and_class_change_no_verdict_and_stay_untouched(tmp_path):
    clean, _, _ = _run(tmp_path / "clean", foreign=False)
    assert len(clean) == 5 and set(clean.values()) == {"passed"}, clean
    mixed, touched, env = _run(tmp_path / "foreign", foreign=True)
    assert mixed == clean
    assert touched == []
    seen = env["cluster"]["interference"]
    assert seen["foreign_nodes"] == ["worker-1"]
    assert seen["foreign_drivers"] == ["gpu.example.com"]
    assert seen["foreign_classes"] == ["gpu.example.com"]


HINT_SCENARIO = ("test_a_node_that_does_not_match_a_pending_pods_node_selector_leaves_the_pod_"
                 "parked_a_relabelled_one_brings_it_back")


def _verdict_next_to(tmp: Path, node_spec: dict) -> dict:
    """The queueing-hint scenario's result on a served cluster with one foreign node."""
    srv, served, _ = serve.start(port=0, interval=0.05)
    try:
        with served.lock:
            node = served.api.create({"apiVersion": "v1", "kind": "Node",
                                      "metadata": {"name": "worker-1"}, "spec": node_spec})
            node["status"] = {"allocatable": {"cpu": "64", "memory": "256Gi", "pods": "110"},
                              "capacity": {"cpu": "64", "memory": "256Gi", "pods": "110"},
                              "conditions": [{"type": "Ready", "status": "True"}]}
            served.api.update_status(node)
            served.cluster.settle()
        (scenario,) = _run_scenarios(srv, tmp, HINT_SCENARIO)["scenarios"]
        return scenario
    finally:
        srv.shutdown()
        served.stop()
        srv.server_close()


@pytest.mark.parametrize("spec, verdict, plugin", [
    ({}, "passed", None),
    ({"taints": [{"key": "dedicated", "value": "x", "effect": "NoSchedule"}]},
     "unsupported", "TaintToleration"),
    ({"unschedulable": True}, "unsupported", "NodeUnschedulable"),
])
def test_a_foreign_node_another_plugin_rejects_makes_the_queueing_hint_scenario_unsupported(
        tmp_path, spec, verdict, plugin):
    """A foreign node that TaintToleration or NodeUnschedulable rejects adds that plugin to
    the pod's rejectors, whose hints then requeue it on the scenario's own node add (upstream
    does the same): the scenario's premise (NodeAffinity alone) fails, and it says so rather
    than failing on a second FailedScheduling event (the served flake of stop 34)."""
    got = _verdict_next_to(tmp_path, spec)
    assert got["verdict"] == verdict, got
    if plugin:
        assert f"did not create rejected its pod through {plugin}" in got["message"], got
