"""The scheduler's cache comparer (drakit/scheduler/comparer.py): it finds nothing on a healthy
cluster, and each kind of drift of the incremental caches (a device not freed, a pod counted
on the wrong node, a stale per-node slice list, a pool indexed on one node only) is named."""

from __future__ import annotations

import pytest

from drakit.cluster import Cluster
from drakit.scheduler.scheduler import Scheduler

D = "gpu.example.com"
NS = "default"


def _pod(name: str, claim: str | None = None, node: str | None = None, cpu: str = "1") -> dict:
    spec: dict = {"containers": [{"name": "app", "image": "registry.k8s.io/pause:3.10",
                                  "resources": {"requests": {"cpu": cpu}}}]}
    if node:
        spec["nodeSelector"] = {"kubernetes.io/hostname": node}
    if claim:
        spec["containers"][0]["resources"]["claims"] = [{"name": "g"}]
        spec["resourceClaims"] = [{"name": "g", "resourceClaimName": claim}]
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": NS},
            "spec": spec}


def _claim(name: str) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": name, "namespace": NS},
            "spec": {"devices": {"requests": [{"name": "gpu",
                                               "exactly": {"deviceClassName": "gpu"}}]}}}


def _cluster() -> Cluster:
    """Two nodes, a pool spanning both (one device each), a node-local pool, one pod with a
    claim and one without, all scheduled."""
    c = Cluster(version="1.37")
    for n in ("node-1", "node-2"):
        c.add_node(n, allocatable={"cpu": "8", "memory": "32Gi", "pods": "110"})
    objs: list[dict] = [
        {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": "gpu"},
         "spec": {"selectors": [{"cel": {"expression": f'device.driver == "{D}"'}}]}}]
    for i, n in enumerate(("node-1", "node-2")):
        objs.append({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
                     "metadata": {"name": f"fabric-{n}"},
                     "spec": {"driver": D, "nodeName": n,
                              "pool": {"name": "fabric", "generation": 1, "resourceSliceCount": 2},
                              "devices": [{"name": f"gpu-{i}"}]}})
    objs += [_claim("a"), _pod("with-claim", "a", "node-1"), _pod("plain", node="node-2")]
    c.apply(objs)
    c.settle()
    assert c.api.get("Pod", "with-claim", NS)["spec"].get("nodeName") == "node-1"
    assert c.api.get("Pod", "plain", NS)["spec"].get("nodeName") == "node-2"
    return c


def _scheduler(c: Cluster) -> Scheduler:
    return next(x for x in c.components if isinstance(x, Scheduler))


def test_a_healthy_cluster_has_no_mismatch_even_after_deletes_and_updates():
    c = _cluster()
    c.api.delete("Pod", "with-claim", NS)
    c.settle()
    c.api.delete("ResourceSlice", "fabric-node-2")
    c.apply([_claim("b"), _pod("again", "b", "node-1")])
    c.settle()
    assert c.cache_mismatches() == []


@pytest.mark.parametrize("drift, named", [
    (lambda s: s.dra.state.devices.clear(), "allocated devices"),
    (lambda s: s.dra.claim_devices.clear(), "devices per claim"),
    (lambda s: s.dra.slices.pop("fabric-node-2"), "resource slices"),
    (lambda s: s.dra.pool_nodes[(D, "fabric")].pop("node-2"), "nodes each pool spans"),
    (lambda s: s.dra._slice_lists.__setitem__("node-1", []), "slices the scheduler offers node node-1"),
    (lambda s: s.dra.claims_by_owner.__setitem__("someone", [(NS, "a")]), "claims by controlling owner"),
    (lambda s: s.dra.classes.clear(), "device classes"),
    (lambda s: s.nodes.nodes["node-1"].requested.__setitem__("cpu", 0), "node node-1 requested"),
    (lambda s: s.nodes.nodes["node-2"].pods.clear(), "node node-2 pods"),
    (lambda s: setattr(s.nodes.nodes["node-2"], "non_zero_cpu", 0), "node node-2 non-zero requested (cpu, memory)"),
    (lambda s: s.nodes.remove_node("node-2"), "nodes"),
    (lambda s: s.nodes.nodes["node-1"].allocatable.__setitem__("cpu", 7000), "node node-1 allocatable"),
])
def test_each_kind_of_drift_is_named(drift, named):
    c = _cluster()
    drift(_scheduler(c))
    lines = c.cache_mismatches()
    assert any(line.startswith(f"kube-scheduler: {named}: cached ") for line in lines), lines


def test_objects_the_informers_dropped_make_the_comparison_wait():
    """While an object is dropped after a failed decode the caches differ from the store on
    purpose: nothing is compared then."""
    c = _cluster()
    s = _scheduler(c)
    s.dra.state.devices.clear()
    s.failures.failed("ResourceClaim", c.api.get("ResourceClaim", "a", NS), ValueError("x"),
                      "FailedSync")
    assert c.cache_mismatches() == []


def test_a_pool_spanning_two_nodes_never_gives_a_device_twice():
    """The bug the comparer found (stop 28): the pool-to-node index kept one node per pool,
    so an allocation on node-1 of a pool that also spans node-2 left node-1's Filter result
    cached and a second claim got the same device."""
    c = _cluster()
    c.apply([_claim("b"), _pod("second", "b", "node-1")])
    c.settle()
    assert c.api.get("Pod", "second", NS)["spec"].get("nodeName") is None
    assert not (c.api.get("ResourceClaim", "b", NS).get("status") or {}).get("allocation")


def _with_pending_pod() -> tuple[Cluster, Scheduler]:
    c = _cluster()
    c.apply([_pod("too-big", cpu="100")])
    c.settle()
    assert c.api.get("Pod", "too-big", NS)["spec"].get("nodeName") is None
    return c, _scheduler(c)


def test_pods_to_schedule_and_their_queue_are_compared():
    c, s = _with_pending_pod()
    assert c.cache_mismatches() == []
    s.queue.delete((NS, "too-big"))
    assert any(line.startswith("kube-scheduler: pods to schedule that no queue holds: cached [("
                               "'default', 'too-big')]") for line in c.cache_mismatches())
    s.pending.clear()
    assert any(line.startswith("kube-scheduler: pods to schedule: cached {}")
               for line in c.cache_mismatches())


def test_a_memoised_filter_result_must_be_what_the_allocator_gives_now():
    """An entry whose node generation is current is re-allocated and compared (share IDs
    aside); one whose generation moved on is not (it can no longer be read)."""
    c = _cluster()
    s = _scheduler(c)
    c.apply([_claim("b"), _pod("second", "b", "node-1")])  # node-1's device is taken
    c.settle()
    assert c.cache_mismatches() == []
    current = [k for k in s.dynamic.memo if k[1] == s.dra.gen(k[0])]
    assert current, "the scenario must leave a current memo entry"
    s.dynamic.memo[current[0]] = [{"devices": {"results": [{"device": "gpu-0"}]}}]
    lines = c.cache_mismatches()
    assert any(line.startswith(f"kube-scheduler: Filter result memoised for node {current[0][0]} "
                               "(its DRA generation is current): cached [{'devices'")
               for line in lines), lines
    s.dra._bump(current[0][0])
    assert c.cache_mismatches() == []
