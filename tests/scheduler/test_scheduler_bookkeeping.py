"""Scheduler bookkeeping no scenario can see: informer failures, the node rotation, the
per-node slice index.

Why unit tests: each of these is drakit-internal state. The informer failure list is fed only
by stored objects the API server would refuse (written straight into the store here, as
tests/test_component_failures.py does); the rotation's start node and the slice index change
which nodes are looked at and what is recomputed, never (with ties broken by node name and
pool names unique per driver) what a pod gets. They still have to be right: a wrong failure
list reports objects that are fine or gone, a wrong rotation examines another window of nodes
than upstream's in a cluster of more than 100 nodes.
"""

from __future__ import annotations

import pytest
from storeutil import store_directly

from drakit import Cluster
from drakit.scheduler.cache import DRACache

SCHEDULER = "default-scheduler"
BROKEN_CLASS = {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                "metadata": {"name": "broken"}, "spec": "x"}


@pytest.fixture
def cluster():
    c = Cluster()
    c.add_node("n1")
    yield c
    c.close()


def _scheduler(c: Cluster):
    return next(x for x in c.components if x.name == "kube-scheduler")


def _errors(c: Cluster) -> list:
    return [e for e in c.errors() if e.component == SCHEDULER]


def test_deleting_an_object_the_scheduler_could_not_decode_clears_its_failure_at_once(cluster):
    """A DELETED event is taken without decoding the object (it only leaves the caches):
    the failure is forgotten with it, not reported again until a retry finds it gone."""
    store_directly(cluster, BROKEN_CLASS)
    cluster.settle()
    (err,) = _errors(cluster)
    assert (err.kind, err.name, err.attempts) == ("DeviceClass", "broken", 1)
    cluster.delete("DeviceClass", "broken")
    assert _errors(cluster) == []


def test_an_object_still_broken_is_retried_when_its_backoff_passes(cluster):
    """The informer failure list is retried on the logical clock (1 s, then doubling): the
    object is read again, still fails, and counts a second attempt; nothing else fails."""
    store_directly(cluster, BROKEN_CLASS)
    cluster.settle()
    assert [e.attempts for e in _errors(cluster)] == [1]
    cluster.advance(1)
    assert [(e.kind, e.name, e.attempts) for e in cluster.errors()] == [("DeviceClass", "broken", 2)]


def test_the_next_cycle_starts_where_the_last_one_stopped():
    """Upstream findNodesThatPassFilters: nextStartNodeIndex = (nextStartNodeIndex +
    processedNodes) % numAllNodes (k/k pkg/scheduler/schedule_one.go). With 3 nodes every
    cycle processes all three, so the start stays at the first node."""
    c = Cluster()
    try:
        for n in ("n1", "n2", "n3"):
            c.add_node(n)
        sched = _scheduler(c)
        for i in range(2):
            c.apply([{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": f"p{i}"},
                      "spec": {"containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10"}]}}])
            assert c.get("Pod", f"p{i}")["spec"].get("nodeName")
            assert sched.next_start == 0
    finally:
        c.close()


@pytest.mark.parametrize(("nodes", "to_find"), [
    (99, 99), (100, 100), (249, 122), (250, 120), (251, 120), (399, 187), (5000, 500), (10_001, 500)])
def test_how_many_feasible_nodes_a_cycle_looks_for(nodes: int, to_find: int) -> None:
    """k/k pkg/scheduler/schedule_one.go numFeasibleNodesToFind with percentageOfNodesToScore
    unset: every node below 100; else 50 - n/125 percent (at least 5), in whole nodes, and at
    least 100. No scenario pins it: upstream filters nodes with 16 workers that stop at this
    count, so which nodes are found in a large cluster is a race."""
    c = Cluster()
    try:
        got = _scheduler(c)._num_feasible(nodes)
    finally:
        c.close()
    assert got == to_find and isinstance(got, int)


def _slice(name: str, **spec: object) -> dict:
    return {"metadata": {"name": name, "uid": f"uid-{name}", "resourceVersion": "1"},
            "spec": {"driver": "gpu.example.com", "pool": {"name": name, "generation": 1,
                                                            "resourceSliceCount": 1},
                     "devices": [{"name": "gpu-0"}], **spec}}


def test_a_node_sees_its_own_slices_and_the_shared_ones_only():
    dra = DRACache()
    dra.set_slice(_slice("n1-gpus", nodeName="n1"), "n1-gpus")
    dra.set_slice(_slice("n2-gpus", nodeName="n2"), "n2-gpus")
    dra.set_slice(_slice("fabric", allNodes=True), "fabric")
    names = {n: sorted(s["metadata"]["name"] for s in dra.slices_for(n)) for n in ("n1", "n2")}
    assert names == {"n1": ["fabric", "n1-gpus"], "n2": ["fabric", "n2-gpus"]}
    # a node-bound slice changes only its node's view; a shared one changes every node's
    before = {n: dra.gen(n) for n in ("n1", "n2")}
    dra.set_slice(None, "n1-gpus")
    assert dra.gen("n1") != before["n1"] and dra.gen("n2") == before["n2"]
    assert [s["metadata"]["name"] for s in dra.slices_for("n1")] == ["fabric"]


# ------------------------------------------------------------ Filter results reused by Reserve

def _shared_device_cluster(with_first_pod: bool) -> tuple[Cluster, dict]:
    """Two nodes, each with one device that several claims may share (consumable capacity);
    claims "ca" and "cb" ask for the same share. With ``with_first_pod`` a pod using "ca"
    is scheduled first (it goes to n1: ties are broken by node name) and its Filter also
    computes, and memoizes, an allocation for n2; then the pod using "cb" is pinned to n2."""
    c = Cluster()
    for node in ("n1", "n2"):
        c.add_node(node)
    objs: list[dict] = [{"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                         "metadata": {"name": "shared"},
                         "spec": {"selectors": [{"cel": {"expression": 'device.driver == "d.example.com"'}}]}}]
    for node in ("n1", "n2"):
        objs.append({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
                     "metadata": {"name": f"{node}-dev"},
                     "spec": {"driver": "d.example.com", "nodeName": node,
                              "pool": {"name": node, "generation": 1, "resourceSliceCount": 1},
                              "devices": [{"name": "dev0", "allowMultipleAllocations": True,
                                           "capacity": {"d.example.com/mem": {"value": "8Gi"}}}]}})
    for name in ("ca", "cb"):
        objs.append({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
                     "metadata": {"name": name, "namespace": "default"},
                     "spec": {"devices": {"requests": [{"name": "r", "exactly": {
                         "deviceClassName": "shared",
                         "capacity": {"requests": {"d.example.com/mem": "1Gi"}}}}]}}})
    c.apply(objs)

    def pod(name: str, claim: str, node: str | None) -> dict:
        spec: dict = {"containers": [{"name": "c", "image": "busybox"}],
                      "resourceClaims": [{"name": "x", "resourceClaimName": claim}]}
        if node:
            spec["nodeSelector"] = {"kubernetes.io/hostname": node}
        return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "default"},
                "spec": spec}

    if with_first_pod:
        c.apply([pod("a", "ca", None)])
        assert c.get("Pod", "a")["spec"]["nodeName"] == "n1"
    c.apply([pod("b", "cb", "n2")])
    return c, c.get("ResourceClaim", "cb")["status"]["allocation"]


def test_a_filter_result_memoized_for_one_claim_is_reallocated_for_another():
    """The Filter memo is keyed by the claims' specs, not their names, so pod b's Filter on
    n2 reuses the allocation computed there for pod a's claim "ca". A shared device's result
    carries a shareID derived from the claim it was computed for, so Reserve must allocate
    again for "cb": cb's allocation is the one it gets when no other pod came first."""
    first, got = _shared_device_cluster(with_first_pod=True)
    alone, want = _shared_device_cluster(with_first_pod=False)
    try:
        assert got["devices"]["results"][0]["shareID"]
        assert got == want
    finally:
        first.close()
        alone.close()


def test_a_pod_preenqueue_keeps_out_is_counted_gated_and_not_attempted(cluster):
    """A pod whose claim does not exist yet is rejected by DynamicResources' PreEnqueue: it is
    gated (scheduler_pending_pods{queue="gated"}), no attempt is counted, and it gets no
    condition; the claim's creation lets it in (pkg/scheduler/backend/queue
    runPreEnqueuePlugins, metrics.go pending_pods)."""
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "early"},
           "spec": {"containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10",
                                    "resources": {"claims": [{"name": "g"}]}}],
                    "resourceClaims": [{"name": "g", "resourceClaimName": "later"}]}}
    cluster.apply([pod])
    cluster.settle()
    sched = _scheduler(cluster)
    assert sched.queue.pending_counts() == {"active": 0, "backoff": 0, "unschedulable": 0, "gated": 1}
    assert sched.metrics.attempts == {"scheduled": 0, "unschedulable": 0, "error": 0}
    assert 'scheduler_pending_pods{queue="gated"} 1' in sched.metrics_text()
    assert not (cluster.get("Pod", "early", namespace="default").get("status") or {}).get("conditions")
    cluster.apply([{"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
                    "metadata": {"name": "later"}, "spec": {"devices": {"requests": []}}}])
    cluster.settle()
    assert cluster.get("Pod", "early", namespace="default")["spec"].get("nodeName") == "n1"
    assert sched.queue.pending_counts()["gated"] == 0
    assert sched.metrics.attempts["scheduled"] == 1


def test_a_sync_that_stops_at_its_pop_bound_reports_work_so_settle_goes_on(monkeypatch) -> None:
    """The scheduler pops at most POPS_PER_SYNC_FACTOR x (pending + 1) + 100 pods per sync (a
    bound on a livelock of pods that send each other back, no upstream counterpart); a sync
    that stops there reports work, so the cluster's settle runs it again and every pod gets
    its attempt. With the factor at 0 the bound is 100 pods per sync; the pods fit no node,
    so no other component has work that would keep settle going."""
    from drakit import Cluster
    from drakit.scheduler import scheduler as sched_mod

    monkeypatch.setattr(sched_mod, "POPS_PER_SYNC_FACTOR", 0)
    c = Cluster()
    try:
        c.add_node("n1")
        c.apply([{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": f"p{i}"},
                  "spec": {"nodeSelector": {"kubernetes.io/hostname": "nowhere"},
                           "containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10"}]}}
                 for i in range(130)])
        unattempted = [p["metadata"]["name"] for p in c.list("Pod")
                       if not any(cd.get("type") == "PodScheduled"
                                  for cd in (p.get("status") or {}).get("conditions") or ())]
        assert unattempted == []
    finally:
        c.close()


def test_one_sync_pops_no_more_pods_than_its_bound(monkeypatch) -> None:
    """The bound holds within one sync: with the factor at 0 a sync pops 100 pods at most and
    reports that more work is left; the next sync takes the rest."""
    from drakit import Cluster
    from drakit.scheduler import scheduler as sched_mod

    monkeypatch.setattr(sched_mod, "POPS_PER_SYNC_FACTOR", 0)
    c = Cluster()
    try:
        c.add_node("n1")
        sched = _scheduler(c)
        c.apply([{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": f"p{i}"},
                  "spec": {"nodeSelector": {"kubernetes.io/hostname": "nowhere"},
                           "containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10"}]}}
                 for i in range(130)], settle=False)
        before = sum(sched.metrics.attempts.values())
        assert sched.sync() is True
        assert sum(sched.metrics.attempts.values()) - before == 100
        sched.sync()
        assert sum(sched.metrics.attempts.values()) - before == 130
    finally:
        c.close()
