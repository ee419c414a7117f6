"""KEP-5517 in the scheduler as 1.37 shipped it, and the queue rule that keeps settle() finite.

Why here and not only in features/: these pin what the scenarios cannot reach — the
version switch of the upstream bug kubernetes/kubernetes#141467 (no 1.38 cluster exists to
run a scenario on), the DRACache bookkeeping that leaked devices, and the queue rule that
errored pods wait for their backoff (two pods whose PreBind fails used to wake each other
for ever).
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

import drakit.upstream_bugs as ub
from drakit import Cluster
from drakit.scheduler.cache import DRACache
from drakit.scheduler.framework import SchedulingQueue

FAKE = """
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: fake.example.com}
spec:
  selectors:
  - cel: {expression: device.driver == "fake.example.com"}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: fake-node-1}
spec:
  driver: fake.example.com
  nodeName: node-1
  pool: {name: fake-node-1, generation: 1, resourceSliceCount: 1}
  devices:
  - name: fake0
    nodeAllocatableResources:
      cpu:
        mapping: {deviceMultiplier: "1"}
  - name: fake1
    nodeAllocatableResources:
      cpu:
        mapping: {deviceMultiplier: "1"}
"""


def ext_pod(name: str) -> str:
    return f"""
apiVersion: v1
kind: Pod
metadata: {{name: {name}, namespace: default}}
spec:
  containers:
  - name: test
    image: registry.k8s.io/pause:3.10
    resources:
      requests: {{deviceclass.resource.kubernetes.io/fake.example.com: "1"}}
      limits: {{deviceclass.resource.kubernetes.io/fake.example.com: "1"}}
"""


def cluster() -> Cluster:
    c = Cluster(version="1.37", feature_gates={"DRANodeAllocatableResources": True})
    c.add_node("node-1", allocatable={"cpu": "8", "memory": "32Gi", "pods": "110"})
    c.apply(FAKE)
    return c


def test_has_bug_per_version() -> None:
    ref = ub.EXTENDED_RESOURCE_NODE_ALLOCATABLE
    assert not ub.has_bug("1.36", ref)
    assert ub.has_bug("1.37", ref)
    assert not ub.has_bug("1.38", ref)
    with pytest.raises(KeyError):
        ub.has_bug("1.37", "kubernetes/kubernetes#1")


def test_137_extended_resource_with_node_allocatable_device_never_schedules() -> None:
    c = cluster()
    c.apply(ext_pod("a") + "---" + ext_pod("b"))  # two pods: their failures must not wake each other
    for name in ("a", "b"):
        pod = c.get("Pod", name, namespace="default")
        assert not pod["spec"].get("nodeName")
        cond = next(x for x in pod["status"]["conditions"] if x["type"] == "PodScheduled")
        assert cond["reason"] == "SchedulerError"
        assert '"<extended-resources>": no mapping found in pod reference' in cond["message"]
    assert c.list("ResourceClaim", namespace="default") == []  # Unreserve deleted the special claims


def test_a_release_with_the_fix_schedules_and_names_the_created_claim(monkeypatch) -> None:
    ref = ub.EXTENDED_RESOURCE_NODE_ALLOCATABLE
    monkeypatch.setitem(ub.BUGS, ref, dataclasses.replace(ub.BUGS[ref], fixed_in="1.37"))
    c = cluster()
    c.apply(ext_pod("a"))
    pod = c.get("Pod", "a", namespace="default")
    assert pod["spec"].get("nodeName") == "node-1"
    claim = pod["status"]["extendedResourceClaimStatus"]["resourceClaimName"]
    assert claim.startswith("a-extended-resources-")
    assert pod["status"]["nodeAllocatableResourceClaimStatuses"] == [
        {"resourceClaimName": claim, "mapping": [{"name": "cpu", "quantity": "1"}]}]


def _claim(rv: str, status: dict) -> dict:
    return {"metadata": {"name": "c", "namespace": "default", "uid": "u", "resourceVersion": rv},
            "spec": {}, "status": status}


def test_dracache_frees_devices_of_a_claim_updated_then_deleted() -> None:
    dra = DRACache()
    alloc = {"devices": {"results": [{"request": "r", "driver": "d", "pool": "p", "device": "x"}]}}
    dra.set_claim(_claim("1", {"allocation": alloc}), ("default", "c"))
    # an update that keeps the devices (finalizer or reservedFor change)
    dra.set_claim(_claim("2", {"allocation": alloc, "reservedFor": [{"resource": "pods", "name": "p",
                                                                     "uid": "pu"}]}), ("default", "c"))
    assert dra.state.devices == {("d", "p", "x")}
    dra.set_claim(None, ("default", "c"))
    assert dra.state.devices == set()


def test_errored_pods_wait_for_their_backoff_not_for_events() -> None:
    q = SchedulingQueue()
    now = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    q.add(("ns", "err"), "u1", 0)
    q.add(("ns", "uns"), "u2", 0)
    first = q.pop()
    q.done(first, now=now)  # an error (e.g. PreBind)
    second = q.pop()
    q.done(second, plugins={"NodeResourcesFit"}, now=now)
    assert q.move_all() == 1  # an event wakes the unschedulable pod only
    assert set(q.active) == {("ns", "uns")}
    assert ("ns", "err") in q.unschedulable
    assert q.move_expired(now + dt.timedelta(milliseconds=999)) == 0
    assert q.move_expired(now + dt.timedelta(seconds=1)) == 1
    assert ("ns", "err") in q.active
