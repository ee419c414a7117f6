"""The controllers' and the kubelet's cache comparers (``compare_caches`` /
``cache_mismatches``): nothing on a healthy cluster, each drift of an index named, and no
comparison while a component still has events to take in or a failure in backoff."""

from __future__ import annotations

import pytest

from drakit.cluster import Cluster
from drakit.controllers.garbagecollector import GarbageCollector
from drakit.controllers.namespace import NamespaceController
from drakit.controllers.resourceclaim import ResourceClaimController
from drakit.kubelet.kubelet import KubeletManager

NS = "default"


def _cluster() -> Cluster:
    """A node, a claim made from a template for a running pod (owner references, the claim
    controller's index), and a namespace whose deletion waits on a pod's finalizer."""
    c = Cluster(version="1.37")
    c.add_node("node-1")
    c.apply([
        {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": "gpu"},
         "spec": {"selectors": [{"cel": {"expression": 'device.driver == "gpu.example.com"'}}]}},
        {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice", "metadata": {"name": "s"},
         "spec": {"driver": "gpu.example.com", "nodeName": "node-1",
                  "pool": {"name": "p", "generation": 1, "resourceSliceCount": 1},
                  "devices": [{"name": "gpu-0"}]}},
        {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
         "metadata": {"name": "gpu", "namespace": NS},
         "spec": {"spec": {"devices": {"requests": [{"name": "gpu",
                                                     "exactly": {"deviceClassName": "gpu"}}]}}}},
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "app", "namespace": NS},
         "spec": {"containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10",
                                  "resources": {"claims": [{"name": "g"}]}}],
                  "resourceClaims": [{"name": "g", "resourceClaimTemplateName": "gpu"}]}},
        {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "doomed"}},
        {"apiVersion": "v1", "kind": "Pod",
         "metadata": {"name": "held", "namespace": "doomed", "finalizers": ["example.com/hold"]},
         "spec": {"containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10"}]}},
    ])
    c.settle()
    c.api.delete("Namespace", "doomed")
    c.settle()
    assert c.api.get("Pod", "app", NS)["status"].get("phase") == "Running"
    assert c.api.get("Namespace", "doomed")["metadata"].get("deletionTimestamp")
    return c


def _component(c: Cluster, cls: type):
    return next(x for x in c.components if isinstance(x, cls))


def test_a_healthy_cluster_has_no_mismatch():
    c = _cluster()
    assert c.cache_mismatches() == []
    c.api.delete("Pod", "app", NS)
    c.settle()
    assert c.cache_mismatches() == []


def _kubelet(c: Cluster):
    return _component(c, KubeletManager).kubelets["node-1"]


@pytest.mark.parametrize("cls, drift, named", [
    (GarbageCollector, lambda g: g.uids.clear(), "garbage-collector: objects by uid"),
    (GarbageCollector, lambda g: g.owners.clear(), "garbage-collector: owner references"),
    (GarbageCollector, lambda g: g.dependents.__setitem__("x", {("Pod", NS, "app")}),
     "garbage-collector: dependents by owner uid"),
    (NamespaceController, lambda n: n.terminating.clear(),
     "namespace-controller: terminating namespaces"),
    (NamespaceController, lambda n: n.requeue_at.__setitem__("default", 0),
     "namespace-controller: namespaces polled for their content"),
    (ResourceClaimController, lambda r: r.owner_of.clear(),
     "resourceclaim-controller: claims' controlling owners"),
    (ResourceClaimController, lambda r: r.by_owner.__setitem__("x", {(NS, "y")}),
     "resourceclaim-controller: claims by controlling owner"),
    (KubeletManager, lambda m: m.kubelets["node-1"].pods.clear(), "kubelet: pods of node node-1"),
    (KubeletManager, lambda m: setattr(m.kubelets["node-1"], "node", None), "kubelet: node node-1"),
    (KubeletManager, lambda m: m.kubelets["node-1"].admitted.add("gone"),
     "kubelet: pods node node-1 admitted, started or holds at admission that it no longer has"),
    (KubeletManager, lambda m: m.kubelets["node-1"].sync_retry.__setitem__("gone", 0.0),
     "kubelet: pods node node-1 retries a sync, status write or delete of, or holds a rejection "
     "or prepare error for, that it no longer has"),
    (KubeletManager, lambda m: m.kubelets["node-1"].rejected.__setitem__("gone", None),
     "kubelet: pods node node-1 retries a sync, status write or delete of, or holds a rejection "
     "or prepare error for, that it no longer has"),
    (KubeletManager, lambda m: m.kubelets["node-1"].last_prepare_error.__setitem__("gone", "x"),
     "kubelet: pods node node-1 retries a sync, status write or delete of, or holds a rejection "
     "or prepare error for, that it no longer has"),
    (KubeletManager, lambda m: m.kubelets["node-1"].synced_generations.__setitem__("gone", 1),
     "kubelet: pods node node-1 caches a status or synced generation of that it no longer has"),
    (KubeletManager, lambda m: m.kubelets["node-1"].dra.cache.clear(),
     "kubelet: DRA claim cache of node node-1 against its checkpoint"),
])
def test_each_drift_is_named(cls, drift, named):
    c = _cluster()
    drift(_component(c, cls))
    lines = c.cache_mismatches()
    assert any(line.startswith(f"{named}: cached ") for line in lines), lines


def test_a_component_with_events_still_to_take_in_is_not_compared():
    c = _cluster()
    gc = _component(c, GarbageCollector)
    gc.uids.clear()
    c.api.create({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "new"}})
    assert not any(line.startswith("garbage-collector") for line in c.cache_mismatches())
    k = _kubelet(c)
    k.pods.clear()
    c.api.create({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "later", "namespace": NS},
                  "spec": {"containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10"}]}})
    assert not any(line.startswith("kubelet") for line in c.cache_mismatches())


def test_a_component_with_a_failure_in_backoff_is_not_compared():
    c = _cluster()
    rc = _component(c, ResourceClaimController)
    rc.owner_of.clear()
    rc.failures.failed("Pod", c.api.get("Pod", "app", NS), ValueError("x"), "FailedSync")
    assert not any(line.startswith("resourceclaim-controller") for line in c.cache_mismatches())


def test_device_plugin_assignments_are_held_to_their_checkpoint():
    c = Cluster(version="1.37")
    c.add_node("node-1", allocatable={"cpu": "8", "memory": "32Gi", "example.com/nic": "2"})
    c.apply([{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "nic", "namespace": NS},
              "spec": {"containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10",
                                       "resources": {"limits": {"example.com/nic": "1"}}}]}}])
    c.settle()
    assert c.cache_mismatches() == []
    _kubelet(c).device_plugins.assigned.clear()
    lines = c.cache_mismatches()
    assert any(line.startswith("kubelet: device plugin assignments of node node-1 against its "
                               "checkpoint: cached []") for line in lines), lines


def test_a_checkpoint_edited_by_hand_is_not_compared():
    """A scenario that edits a checkpoint (Backend.tamper_checkpoint) makes it unusable on
    purpose; the kubelet finds out when it restarts, the comparer does not report it."""
    c = _cluster()
    k = _kubelet(c)
    k.dra.checkpoint_path.write_text("{ not json")
    assert c.cache_mismatches() == []


def test_the_kubelet_manager_runs_one_kubelet_per_stored_node():
    """A kubelet for a name no Node has (or none for a Node) is drift, once the manager has
    taken in every Node event; a Node created meanwhile is not compared yet."""
    c = _cluster()
    m = _component(c, KubeletManager)
    m.kubelets["ghost"] = m.kubelets["node-1"]
    lines = c.cache_mismatches()
    assert "kubelet: nodes with a kubelet: cached ['ghost', 'node-1'], stored objects give " \
           "['node-1']" in lines, lines
    del m.kubelets["ghost"]
    c.api.create({"apiVersion": "v1", "kind": "Node", "metadata": {"name": "node-2"}})
    assert not any("nodes with a kubelet" in line for line in c.cache_mismatches())
    c.settle()
    assert c.cache_mismatches() == []
