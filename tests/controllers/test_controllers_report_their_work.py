"""A controller that wrote something says so, so that ``Cluster.settle()`` stops only when idle.

Why: ``settle()`` runs rounds of every component until a round in which none reports work
(drakit/cluster.py). A controller's ``sync()`` returning False after a write it made is a
wake-up flag lost: when no component later in the round happens to be busy too, settle()
returns while the controller itself, or one that runs before it in the round, has not yet
seen that write. The reference backend's ``wait_for`` settles once and then looks, so the
cluster would look settled half way through a cascade. No scenario can tell: on a real
cluster (and under ``drakit serve``, whose background rounds go on) the same end state only
comes a poll later, so this is drakit's own contract, checked here on a ``Cluster``: right
after the write returns (it settles), the end state is there and a second ``settle()`` has
nothing left to do.

The kube-scheduler reports work whenever it takes in an event of a kind it watches (pods,
claims, slices ...), which hides a controller's lost flag for those kinds; the cascades below
are chosen (ReplicaSets, Namespaces) or run without the scheduler so that each controller's
own flag is what keeps settle() going.
"""

from __future__ import annotations

import pytest

from drakit import Cluster

DEPLOYMENT = """
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: registry.k8s.io/pause:3.10}]
"""


@pytest.fixture
def cluster():
    c = Cluster()
    yield c
    c.close()


def test_a_deleted_deployment_takes_its_replicaset_and_pods_within_one_settle(cluster) -> None:
    """Deployment -> ReplicaSet -> pods: the garbage collector deletes the ReplicaSet when it
    sees the Deployment go, and its pods only in the next round, when it sees the ReplicaSet
    go. Nobody else reacts to a ReplicaSet's deletion (the pods are pending, no node), so
    that round comes only if the collector says it did work."""
    cluster.apply(DEPLOYMENT)
    assert len(cluster.list("ReplicaSet", "default")) == 1
    assert len(cluster.list("Pod", "default")) == 2
    cluster.delete("Deployment", "web")
    assert cluster.list("ReplicaSet", "default") == []
    assert [p["metadata"]["name"] for p in cluster.list("Pod", "default")] == []
    rv = cluster.api.resource_version
    assert cluster.settle() == 0
    assert cluster.api.resource_version == rv


def test_a_namespace_ends_within_one_settle_while_another_terminating_one_waits(
        cluster) -> None:
    """Two Terminating namespaces dirty in one watch batch: "a" (sorted first) gets its
    content deleted, "b" waits on a foreign finalizer and writes nothing. The claim left in
    "a" is allocated and unreserved, so it keeps the delete-protection finalizer until the
    resourceclaim controller (earlier in the round) deallocates it; only then can the
    namespace controller finalize "a". Both need a round after the namespace controller's
    writes, which it must ask for although its last namespace ("b") did nothing."""
    cluster.components = [x for x in cluster.components
                          if x.name not in ("kube-scheduler", "kubelet")]
    cluster.apply("""
apiVersion: v1
kind: Namespace
metadata: {name: a}
---
apiVersion: v1
kind: Namespace
metadata: {name: b}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: held, namespace: b, finalizers: [example.com/hold]}
spec:
  devices:
    requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: gpu, namespace: a}
spec:
  devices:
    requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]
""")
    assert {x.name for x in cluster.components} >= {"namespace-controller",
                                                    "resourceclaim-controller"}
    assert not any(x.name in ("kube-scheduler", "kubelet") for x in cluster.components)
    # allocated as the scheduler does it (finalizer first, then the allocation), and no
    # longer reserved for any pod; the API calls settle nothing in between
    claim = cluster.get("ResourceClaim", "gpu", "a")
    claim["metadata"]["finalizers"] = ["resource.kubernetes.io/delete-protection"]
    claim = cluster.api.update(claim)
    claim["status"] = {"allocation": {"devices": {"results": [
        {"request": "gpu", "driver": "gpu.example.com", "pool": "node-1", "device": "gpu-0"}]}}}
    cluster.update_status(claim)
    assert cluster.get("ResourceClaim", "gpu", "a")["metadata"]["finalizers"] == [
        "resource.kubernetes.io/delete-protection"]
    cluster.delete("Namespace", "b")
    assert cluster.get("Namespace", "b")["status"]["phase"] == "Terminating"
    # one batch for the namespace controller: "a" starts terminating, something moves in "b"
    cluster.api.delete("Namespace", "a")
    cluster.api.patch("ResourceClaim", "held", {"metadata": {"labels": {"touched": "yes"}}}, "b")
    cluster.settle()
    assert cluster.api.try_get("ResourceClaim", "gpu", "a") is None
    assert cluster.api.try_get("Namespace", "a") is None
    assert cluster.get("Namespace", "b")["status"]["phase"] == "Terminating"
    rv = cluster.api.resource_version
    assert cluster.settle() == 0
    assert cluster.api.resource_version == rv
