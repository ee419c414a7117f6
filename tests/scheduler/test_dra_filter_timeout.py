"""The DynamicResources Filter timeout (DRASchedulerFilterTimeout, filterTimeout 10s).

Upstream (pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go Filter;
test/integration/dra FilterTimeout): a claim the allocator cannot satisfy but has to
search exhaustively makes Filter give up on the node after filterTimeout. Up to 1.36 the
node is UnschedulableAndUnresolvable "timed out trying to allocate devices"; in 1.37 the
plugin returns an Error "node <name>: timed out trying to allocate devices" (kubernetes
PR 137607) and the pod is retried with backoff. drakit bounds modeled search work instead
of wall time (docs/allocator.md), so the verdict is the same on every machine.
"""

from __future__ import annotations

import pytest

from drakit.cluster import Cluster
from drakit.scheduler.dynamicresources import DynamicResources

D = "gpu.example.com"


def _objects(devices: int, count: int) -> list[dict]:
    return [
        {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": "gpu"},
         "spec": {"selectors": [{"cel": {"expression": f'device.driver == "{D}"'}}]}},
        {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice", "metadata": {"name": "w-gpus"},
         "spec": {"driver": D, "nodeName": "worker", "pool": {"name": "worker", "generation": 1,
                                                              "resourceSliceCount": 1},
                  "devices": [{"name": f"gpu-{i}"} for i in range(devices)]}},
        {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim", "metadata": {"name": "big", "namespace": "default"},
         "spec": {"devices": {"requests": [{"name": "gpus", "exactly": {"deviceClassName": "gpu", "count": count}}]}}},
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"},
         "spec": {"containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10",
                                  "resources": {"claims": [{"name": "gpus"}]}}],
                  "resourceClaims": [{"name": "gpus", "resourceClaimName": "big"}]}},
    ]


def _scheduled_condition(cluster: Cluster) -> dict:
    pod = cluster.get("Pod", "p", "default")
    return next(c for c in pod["status"].get("conditions") or () if c["type"] == "PodScheduled")


def _plugin(cluster: Cluster) -> DynamicResources:
    for comp in cluster.components:
        dyn = getattr(comp, "dynamic", None)
        if isinstance(dyn, DynamicResources):
            return dyn
    raise AssertionError("no DynamicResources plugin")


@pytest.mark.parametrize("version, reason, message", [
    ("1.37", "SchedulerError",
     'running "DynamicResources" filter plugin: node worker: timed out trying to allocate devices'),
    # (the PostFilter tail's order is the scheduler's business, docs/scheduler.md)
    ("1.36", "Unschedulable", "0/1 nodes are available: 1 timed out trying to allocate devices."),
])
def test_exhaustive_search_times_out_with_the_release_message(version: str, reason: str, message: str) -> None:
    # 2^30 subsets of 30 devices for a claim of 31: ~1.6e10 units, far beyond 10 s
    cluster = Cluster(version=version)
    cluster.add_node("worker")
    cluster.apply(_objects(30, 31))
    cond = _scheduled_condition(cluster)
    assert (cond["status"], cond["reason"]) == ("False", reason)
    assert cond["message"] == message if reason == "SchedulerError" else cond["message"].startswith(message)
    assert not cluster.get("Pod", "p", "default")["spec"].get("nodeName")


def test_a_search_that_fits_in_the_timeout_answers_normally() -> None:
    # 2^16 subsets: ~0.5M units, ~0.1 s of upstream time: "cannot allocate all claims"
    cluster = Cluster(version="1.37")
    cluster.add_node("worker")
    cluster.apply(_objects(16, 17))
    cond = _scheduled_condition(cluster)
    assert cond["reason"] == "Unschedulable"
    assert cond["message"].startswith("0/1 nodes are available: 1 cannot allocate all claims.")


@pytest.mark.parametrize("gates, timeout", [({"DRASchedulerFilterTimeout": False}, 10.0), ({}, 0.0)])
def test_gate_off_or_zero_timeout_disables_it(gates: dict, timeout: float) -> None:
    cluster = Cluster(version="1.37", feature_gates=gates)
    _plugin(cluster).filter_timeout = timeout
    cluster.add_node("worker")
    cluster.apply(_objects(30, 31))  # settled in closed form: no timeout, no solution
    cond = _scheduled_condition(cluster)
    assert cond["reason"] == "Unschedulable"
    assert cond["message"].startswith("0/1 nodes are available: 1 cannot allocate all claims.")


def test_a_short_timeout_is_scaled_from_seconds() -> None:
    # the upstream integration test's 10ms: 2^16 subsets (~0.5M units) no longer fit
    cluster = Cluster(version="1.37")
    _plugin(cluster).filter_timeout = 0.01
    cluster.add_node("worker")
    cluster.apply(_objects(16, 17))
    cond = _scheduled_condition(cluster)
    assert cond["message"] == ('running "DynamicResources" filter plugin: node worker: '
                               "timed out trying to allocate devices")


@pytest.mark.parametrize("version, message", [
    ("1.37", "node worker: timed out trying to allocate devices"),
    ("1.36", "timed out trying to allocate devices"),
])
def test_drakits_own_work_bound_under_a_configured_timeout_answers_as_the_release(
        version: str, message: str) -> None:
    """With a Filter timeout configured, a search stopped by drakit's own work bound (not the
    modeled timeout) still answers with the release's timeout status: to the user it is the
    same "ran out of time"; only without any timeout is it an Error in drakit's words."""
    from drakit.scheduler.dynamicresources import _TimedOut

    cluster = Cluster(version=version)
    plugin = _plugin(cluster)
    status = plugin._timeout_status("worker", _TimedOut(False, "drakit: search bound reached"))
    assert status.message() == message
    plugin.filter_timeout = 0.0
    status = plugin._timeout_status("worker", _TimedOut(False, "drakit: search bound reached"))
    assert status.message() == "drakit: search bound reached"
