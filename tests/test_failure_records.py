"""Every guarded call site records a failure against the object it was working on.

``Cluster.errors()`` is where a user reads what the reference could not handle (and the
run-integrity check fails a scenario with an internal error). Each case here makes one
component method raise, as a drakit bug would, and pins what the record says: component,
kind, namespace, name, event reason and the cause in the message; that a Warning event
went to the object; that the object is left alone during its backoff (the record is looked
up under the same key it was written under); and that once the method works again and the
backoff passes, the record ends. The component-survives-bad-data cases are in
test_component_failures.py; this file covers the sites only a drakit bug reaches.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from drakit import Cluster

D = "gpu.example.com"
CLASS = {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": "gpu"},
         "spec": {"selectors": [{"cel": {"expression": f'device.driver == "{D}"'}}]}}
SLICE = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice", "metadata": {"name": "n1-gpus"},
         "spec": {"driver": D, "nodeName": "n1", "pool": {"name": "n1", "generation": 1, "resourceSliceCount": 1},
                  "devices": [{"name": "gpu-0"}, {"name": "gpu-1"}]}}
POD_SPEC = {"containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10"}]}
TEMPLATE = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate", "metadata": {"name": "t"},
            "spec": {"spec": {"devices": {"requests": [{"name": "g", "exactly": {"deviceClassName": "gpu"}}]}}}}


def _pod(name: str, **spec: Any) -> dict:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name}, "spec": {**POD_SPEC, **spec}}


def _claim_pod(name: str) -> dict:
    pod = _pod(name, resourceClaims=[{"name": "g", "resourceClaimTemplateName": "t"}])
    pod["spec"]["containers"] = [{**POD_SPEC["containers"][0], "resources": {"claims": [{"name": "g"}]}}]
    return pod


def _replicaset(name: str) -> dict:
    labels = {"app": name}
    return {"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": name},
            "spec": {"replicas": 1, "selector": {"matchLabels": labels},
                     "template": {"metadata": {"labels": labels}, "spec": POD_SPEC}}}


def _deployment(name: str) -> dict:
    rs = _replicaset(name)
    return {**rs, "kind": "Deployment"}


def _quota(name: str) -> dict:
    return {"apiVersion": "v1", "kind": "ResourceQuota", "metadata": {"name": name},
            "spec": {"hard": {"pods": "10"}}}


@dataclass
class Site:
    """One guarded call site: which method of which component raises, what makes it run,
    and the record it must leave."""

    id: str
    component: str  # a controller's name, or "kubelet/<node>"
    method: str
    trigger: Callable[[Cluster], None]
    record: tuple[str, str, str, str]  # kind, namespace, name, reason (also a Warning event's)
    #: what the record's message says before the exception
    prefix: str = ""


def _apply(*objs: dict) -> Callable[[Cluster], None]:
    return lambda c: c.apply(list(objs))


def _gc_trigger(c: Cluster) -> None:
    c.apply([_pod("owner")])
    owner = c.get("Pod", "owner")
    dep = {**TEMPLATE, "metadata": {"name": "dep", "ownerReferences": [
        {"apiVersion": "v1", "kind": "Pod", "name": "owner", "uid": owner["metadata"]["uid"]}]}}
    c.apply([dep])
    c.delete("Pod", "owner")


SITES = [
    Site("claim-controller-claim", "resourceclaim-controller", "sync_claim",
         _apply({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim", "metadata": {"name": "c1"},
                 "spec": TEMPLATE["spec"]["spec"]}),
         ("ResourceClaim", "default", "c1", "FailedSync")),
    Site("claim-controller-pod", "resourceclaim-controller", "sync_pod",
         _apply(TEMPLATE, _claim_pod("p1")),
         ("Pod", "default", "p1", "FailedResourceClaimCreation")),
    Site("replicaset-controller", "replicaset-controller", "sync_rs", _apply(_replicaset("rs1")),
         ("ReplicaSet", "default", "rs1", "FailedSync")),
    Site("deployment-controller", "deployment-controller", "sync_deployment", _apply(_deployment("d1")),
         ("Deployment", "default", "d1", "FailedSync")),
    Site("garbage-collector", "garbage-collector", "_collect", _gc_trigger,
         ("ResourceClaimTemplate", "default", "dep", "FailedSync")),
    Site("quota-controller", "resourcequota-controller", "_update_quota", _apply(_quota("q1")),
         ("ResourceQuota", "default", "q1", "FailedSync")),
    Site("kubelet-pod-sync", "kubelet/n1", "_sync_pod", _apply(_pod("p2", nodeName="n1")),
         ("Pod", "default", "p2", "FailedSync"),
         prefix="Error syncing pod, skipping: "),
]


def _component(c: Cluster, name: str) -> Any:
    if name.startswith("kubelet/"):
        return c.kubelet(name.split("/", 1)[1])
    return next(x for x in c.components if getattr(x, "name", None) == name)


def _records(c: Cluster, component: str) -> list[tuple[str, str, str, str]]:
    return [(e.kind, e.namespace, e.name, e.reason) for e in c.errors() if e.component == component]


@pytest.fixture
def cluster():
    c = Cluster()
    c.add_node("n1")
    c.apply([CLASS, SLICE])
    yield c
    c.close()


@pytest.mark.parametrize("site", SITES, ids=lambda s: s.id)
def test_a_raising_call_site_records_its_object_backs_off_and_recovers(cluster, site, monkeypatch):
    target = _component(cluster, site.component)
    real = getattr(target, site.method)
    calls: list[Any] = []

    def broken(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        raise RuntimeError(f"{site.method} blew up")

    monkeypatch.setattr(target, site.method, broken)
    site.trigger(cluster)
    assert calls, f"{site.method} never ran"
    assert _records(cluster, site.component) == [site.record]
    (err,) = [e for e in cluster.errors() if e.component == site.component]
    assert err.message.startswith(f"{site.prefix}RuntimeError: {site.method} blew up")
    assert err.attempts == 1
    kind, _ns, name, reason = site.record
    warnings = [e for e in cluster.events(kind, name) if e["type"] == "Warning" and e["reason"] == reason]
    assert warnings  # every site posts the record's reason as a Warning event on the object
    # left alone while its backoff runs: a settle and a clock step short of it call nothing
    backoff = (err.retry_at - cluster.clock.now()).total_seconds()
    assert backoff > 0
    n = len(calls)
    cluster.settle()
    cluster.advance(backoff * 0.9)
    assert len(calls) == n and [e.attempts for e in cluster.errors() if e.component == site.component] == [1]
    # tried again once due, still failing: the same record, one more attempt
    cluster.advance(backoff * 0.2)
    assert len(calls) > n
    (again,) = [e for e in cluster.errors() if e.component == site.component]
    assert (again.kind, again.name, again.attempts) == (kind, name, 2)
    # fixed: the next retry goes through and the record ends
    monkeypatch.setattr(target, site.method, real)
    cluster.advance(backoff * 4)
    assert _records(cluster, site.component) == []


def _open(c: Cluster, component: str) -> list[Any]:
    return [e for e in c.errors() if e.component == component]


def test_a_controller_whose_relist_raises_is_recorded_as_the_whole_component(cluster, monkeypatch):
    """Controller._relist guards the initial list: its failure is the component's, under no
    kind and no object (errors() shows "(the whole component)"), kept as an internal error,
    and the relist is tried again once its backoff passes."""
    from drakit.controllers.deployment import ReplicaSetController

    real = ReplicaSetController.resync

    def broken(self: Any) -> bool:
        raise RuntimeError("resync blew up")

    monkeypatch.setattr(ReplicaSetController, "resync", broken)
    cluster.restart_component("kube-controller-manager")
    (err,) = _open(cluster, "replicaset-controller")
    assert (err.kind, err.namespace, err.name, err.reason) == ("", "", "", "FailedSync")
    assert err.message.startswith("RuntimeError: resync blew up")
    assert "(the whole component)" in str(err)
    assert [(e.component, e.kind) for e in cluster.internal_errors()] == [("replicaset-controller", "")]
    monkeypatch.setattr(ReplicaSetController, "resync", real)
    cluster.advance(1)
    assert _open(cluster, "replicaset-controller") == []
    cluster.apply([_replicaset("after")])  # listing again made it work
    assert [p["metadata"]["name"].startswith("after-") for p in cluster.list("Pod")] == [True]


def test_a_kubelet_cleanup_that_raises_is_the_node_kubelets_record(cluster, monkeypatch):
    """The kubelet's reconcile cleans up pods gone from the API server (force-deleted); a
    cleanup that raises is recorded by that node's kubelet under no object and retried at the
    next reconcile; it never reaches the kubelet manager's per-node guard (no Node record)."""
    cluster.apply([_pod("p", nodeName="n1")])
    k = cluster.kubelet("n1")
    real = k._cleanup
    calls: list[str] = []

    def broken(uid: str, **kwargs: Any) -> bool:
        calls.append(uid)
        raise RuntimeError("cleanup blew up")

    monkeypatch.setattr(k, "_cleanup", broken)
    cluster.delete("Pod", "p", grace_period_seconds=0)
    assert calls
    (err,) = _open(cluster, "kubelet/n1")
    assert (err.kind, err.name, err.reason) == ("", "", "FailedSync")
    assert err.message.startswith("RuntimeError: cleanup blew up")
    assert _open(cluster, "kubelet") == []
    monkeypatch.setattr(k, "_cleanup", real)
    cluster.advance(30)
    assert _open(cluster, "kubelet/n1") == []


def test_a_pod_the_restarted_kubelet_cannot_restore_is_recorded_and_synced_later(cluster, monkeypatch):
    """A restarting kubelet restores each pod of its node from the API server and its
    checkpoints; one it cannot restore is a FailedSync record (and Warning event) of that pod
    with the pod worker's wording, the other pods are restored, and the pod is synced again."""
    from drakit.kubelet.kubelet import Kubelet

    cluster.apply([_pod("q", nodeName="n1"), _pod("r", nodeName="n1")])
    real = Kubelet._restore_pod

    def broken(self: Kubelet, pod: dict) -> None:
        real(self, pod)  # taken in, then (say, a driver call) raises
        if pod["metadata"]["name"] == "q":
            raise RuntimeError("restore blew up")

    monkeypatch.setattr(Kubelet, "_restore_pod", broken)
    cluster.restart_kubelet("n1")
    (err,) = _open(cluster, "kubelet/n1")
    assert (err.kind, err.namespace, err.name, err.reason) == ("Pod", "default", "q", "FailedSync")
    assert err.message.startswith("Error syncing pod, skipping: RuntimeError: restore blew up")
    assert [e["reason"] for e in cluster.events("Pod", "q") if e["type"] == "Warning"] == ["FailedSync"]
    assert [e["reason"] for e in cluster.events("Pod", "r") if e["type"] == "Warning"] == []
    monkeypatch.setattr(Kubelet, "_restore_pod", real)
    cluster.advance(60)
    assert _open(cluster, "kubelet/n1") == []
    assert (cluster.get("Pod", "q").get("status") or {}).get("phase") == "Running"
