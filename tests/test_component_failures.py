"""No component dies on stored data (issue 13 item 2; DESIGN.md "A component never dies").

Each test writes an object the API server would refuse straight into the store (the shapes
the probe found: a DeviceClass whose spec is a string, a claim spec with ``devices: 1.5``, a
Deployment with ``replicas: [2]``, a 500-deep list, ...) and checks, per component:

* the component keeps working on the other objects (their pods schedule, get claims, run);
* the bad object gets a Warning event with the component's reason and a readable cause,
  and ``Cluster.errors()`` lists it;
* it is retried with backoff on the logical clock (nothing happens until the clock moves),
  and once fixed it is handled and leaves ``errors()``.
"""

from __future__ import annotations

import pytest
from storeutil import store_directly

from drakit import Cluster

GPU_CLASS = {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
             "metadata": {"name": "gpu"},
             "spec": {"selectors": [{"cel": {"expression": 'device.driver == "gpu.example.com"'}}]}}


def _slice(node: str, devices: int = 2) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
            "metadata": {"name": f"{node}-gpus"},
            "spec": {"driver": "gpu.example.com", "nodeName": node,
                     "pool": {"name": node, "generation": 1, "resourceSliceCount": 1},
                     "devices": [{"name": f"gpu-{i}"} for i in range(devices)]}}


def _claim(name: str, cls: str = "gpu") -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": name},
            "spec": {"devices": {"requests": [{"name": "g", "exactly": {"deviceClassName": cls}}]}}}


def _pod(name: str, claim: str | None = None, template: str | None = None,
         node: str | None = None) -> dict:
    spec: dict = {"containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10"}]}
    if claim or template:
        entry = {"name": "g"}
        entry["resourceClaimName" if claim else "resourceClaimTemplateName"] = claim or template
        spec["resourceClaims"] = [entry]
        spec["containers"][0]["resources"] = {"claims": [{"name": "g"}]}
    if node:
        spec["nodeName"] = node
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name}, "spec": spec}


@pytest.fixture
def cluster():
    c = Cluster()
    c.add_node("n1")
    c.apply([GPU_CLASS, _slice("n1")])
    yield c
    c.close()


def _phase(c: Cluster, name: str) -> str | None:
    return (c.get("Pod", name).get("status") or {}).get("phase")


def _warnings(c: Cluster, kind: str, name: str) -> list[dict]:
    return [e for e in c.events(kind, name) if e["type"] == "Warning"]


def _errors(c: Cluster, component: str | None = None, kind: str | None = None) -> list:
    return [e for e in c.errors() if (component is None or e.component == component)
            and (kind is None or e.kind == kind)]


# ---------------------------------------------------------------------------- scheduler

def test_scheduler_drops_a_device_class_it_cannot_decode_and_goes_on(cluster):
    store_directly(cluster, {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                             "metadata": {"name": "broken"}, "spec": "x"})
    cluster.apply([_claim("good"), _pod("p", claim="good"),
                   _claim("uses-broken", cls="broken"), _pod("q", claim="uses-broken")])
    assert _phase(cluster, "p") == "Running"
    (ev,) = _warnings(cluster, "DeviceClass", "broken")
    assert ev["reason"] == "FailedSync" and ev["source"]["component"] == "default-scheduler"
    assert ev["message"] == ("json: cannot unmarshal string into Go struct field "
                             "DeviceClass.spec of type v1.DeviceClassSpec")
    (err,) = _errors(cluster, "default-scheduler", "DeviceClass")
    assert (err.name, err.reason, err.attempts) == ("broken", "FailedSync", 1)
    # the pod that needs it says why it waits, as for a missing class
    cond = next(c for c in cluster.get("Pod", "q")["status"]["conditions"]
                if c["type"] == "PodScheduled")
    assert cond["status"] == "False" and "device class broken does not exist" in cond["message"]
    # fixed through the API: taken in at once, the waiting pod schedules, the error is gone
    fixed = cluster.get("DeviceClass", "broken")
    fixed["spec"] = GPU_CLASS["spec"]
    cluster.apply([fixed])
    assert _phase(cluster, "q") == "Running"
    assert _errors(cluster, "default-scheduler") == []


@pytest.mark.parametrize("field", ["name", "namespace"])
def test_a_stored_name_that_is_no_string_is_the_scheduler_s_decode_error(cluster, field):
    # the storage key is the name, so only a direct write can leave a number there
    odd = {**GPU_CLASS, "metadata": {"name": 5} if field == "name" else {"name": "odd", "namespace": 7}}
    store_directly(cluster, odd)
    cluster.apply([_claim("good"), _pod("p", claim="good")])
    assert _phase(cluster, "p") == "Running"
    (err,) = _errors(cluster, "default-scheduler", "DeviceClass")
    assert err.message == ("json: cannot unmarshal number into Go struct field "
                           f"ObjectMeta.metadata.{field} of type string")


def test_a_malformed_claim_fails_only_its_own_pod_with_a_scheduler_error(cluster):
    store_directly(cluster, {**_claim("bad"), "spec": {"devices": 1.5}})
    cluster.apply([_pod("victim", claim="bad"), _claim("good"), _pod("fine", claim="good")])
    assert _phase(cluster, "fine") == "Running"
    pod = cluster.get("Pod", "victim")
    cond = next(c for c in pod["status"]["conditions"] if c["type"] == "PodScheduled")
    assert (cond["status"], cond["reason"]) == ("False", "SchedulerError")
    assert cond["message"].startswith("internal error while scheduling: AttributeError: ")
    (ev,) = _warnings(cluster, "Pod", "victim")
    assert ev["reason"] == "FailedScheduling" and ev["message"] == cond["message"]
    (err,) = _errors(cluster, "default-scheduler", "Pod")
    assert (err.name, err.attempts) == ("victim", 1)
    # retried with the backoff queue's timing on the logical clock, not before
    cluster.settle()
    assert _errors(cluster, "default-scheduler", "Pod")[0].attempts == 1
    cluster.advance(1)
    assert _errors(cluster, "default-scheduler", "Pod")[0].attempts == 2
    assert len(_warnings(cluster, "Pod", "victim")) == 1  # same message: no second event
    # once the claim is sane the pod schedules and the error is gone
    cluster.delete("ResourceClaim", "bad")
    cluster.apply([_claim("bad")])
    cluster.advance(10)
    assert _phase(cluster, "victim") == "Running"
    assert _errors(cluster, "default-scheduler") == []


@pytest.mark.parametrize("bad", [
    {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "bad"}, "spec": "x"},
    {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "bad"}, "spec": {"containers": 5}},
    {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "bad"},
     "spec": {"containers": [{"name": "c", "image": "x", "resources": {"requests": {"cpu": [1]}}}]}},
    {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice", "metadata": {"name": "bad"},
     "spec": {"driver": "gpu.example.com", "nodeName": "n1",
              "pool": {"name": "x", "generation": 1, "resourceSliceCount": 1}, "devices": "x"}},
    {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "bad"}, "status": "x"},
    {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": "deep"},
     "spec": {"selectors": [], "junk": "DEEP"}},
], ids=["pod-spec-string", "pod-containers-int", "pod-request-list", "slice-devices-string",
        "node-status-string", "class-500-deep-list"])
def test_every_component_survives_a_malformed_object(cluster, bad):
    if isinstance(bad.get("spec"), dict) and bad["spec"].get("junk") == "DEEP":
        deep: list = []
        for _ in range(500):
            deep = [deep]
        bad = {**bad, "spec": {"selectors": [], "junk": deep}}
    store_directly(cluster, bad)
    cluster.apply([_claim("good"), _pod("p", claim="good"), _pod("plain")])
    assert _phase(cluster, "p") == "Running" and _phase(cluster, "plain") == "Running"
    for err in cluster.errors():  # whatever failed names the bad object, nothing else
        assert (err.kind, err.name) == (bad["kind"], bad["metadata"]["name"]), str(err)


# ---------------------------------------------------------------------------- controllers

def _deployment(name: str, replicas) -> dict:
    return {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": name},
            "spec": {"replicas": replicas, "selector": {"matchLabels": {"app": name}},
                     "template": {"metadata": {"labels": {"app": name}},
                                  "spec": {"containers": [{"name": "c", "image": "x"}]}}}}


def test_deployment_controller_reports_a_bad_deployment_and_runs_the_others(cluster):
    store_directly(cluster, _deployment("bad", [2]))
    cluster.apply([_deployment("good", 2)])
    good = [p for p in cluster.list("Pod") if p["metadata"]["name"].startswith("good-")]
    assert len(good) == 2 and all(p["status"]["phase"] == "Running" for p in good)
    (ev,) = _warnings(cluster, "Deployment", "bad")
    assert ev["reason"] == "FailedSync" and ev["source"]["component"] == "deployment-controller"
    assert ev["message"].startswith("TypeError: int() argument must be")
    assert "(at drakit/controllers/deployment.py:" in ev["message"]
    (err,) = _errors(cluster, "deployment-controller")
    assert err.attempts == 1
    # workqueue backoff: 5 ms, 10 ms, ... on the logical clock; a settle alone does not retry
    cluster.settle()
    assert _errors(cluster, "deployment-controller")[0].attempts == 1
    cluster.advance(0.005)
    assert _errors(cluster, "deployment-controller")[0].attempts == 2
    cluster.advance(0.005)  # the second backoff is 10 ms: not yet
    assert _errors(cluster, "deployment-controller")[0].attempts == 2
    # the fixed object is handled at once
    store_directly(cluster, _deployment("bad", 1))
    cluster.settle()
    assert _errors(cluster, "deployment-controller") == []
    assert [p for p in cluster.list("Pod") if p["metadata"]["name"].startswith("bad-")]


def test_a_controller_restarting_next_to_a_bad_object_blames_only_that_object(cluster):
    store_directly(cluster, _deployment("bad", [2]))
    cluster.set_feature_gates({})  # every controller restarts and lists the bad object
    cluster.apply([_deployment("good", 1)])
    assert [p["status"]["phase"] for p in cluster.list("Pod")
            if p["metadata"]["name"].startswith("good-")] == ["Running"]
    assert [(e.kind, e.name) for e in _errors(cluster, "deployment-controller")] == \
        [("Deployment", "bad")]


def test_resourceclaim_controller_reports_the_pod_and_creates_the_other_claims(cluster):
    cluster.apply([{"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
                    "metadata": {"name": "t"},
                    "spec": {"spec": {"devices": {"requests": [
                        {"name": "g", "exactly": {"deviceClassName": "gpu"}}]}}}}])
    store_directly(cluster, {**_pod("bad", template="t"),
                             "status": {"resourceClaimStatuses": "x"}})
    cluster.apply([_pod("ok", template="t")])
    assert _phase(cluster, "ok") == "Running"
    evs = [e for e in _warnings(cluster, "Pod", "bad")
           if e["source"]["component"] == "resource_claim"]
    assert [e["reason"] for e in evs] == ["FailedResourceClaimCreation"]
    assert {e.kind for e in _errors(cluster, "resourceclaim-controller")} == {"Pod"}


def test_garbage_collector_skips_an_object_with_unreadable_owner_references(cluster):
    store_directly(cluster, {**_claim("weird"),
                             "metadata": {"name": "weird", "ownerReferences": "x"}})
    cluster.apply([_pod("owner")])
    owner = cluster.get("Pod", "owner")
    dep = _claim("dep")
    dep["metadata"]["ownerReferences"] = [{"apiVersion": "v1", "kind": "Pod", "name": "owner",
                                           "uid": owner["metadata"]["uid"]}]
    cluster.apply([dep])
    cluster.delete("Pod", "owner")
    assert cluster.api.try_get("ResourceClaim", "dep", "default") is None  # still collected
    assert [(e.kind, e.name) for e in _errors(cluster, "garbage-collector")] == \
        [("ResourceClaim", "weird")]


def test_quota_keeps_admitting_and_counting_next_to_a_malformed_pod(cluster):
    cluster.apply([{"apiVersion": "v1", "kind": "ResourceQuota", "metadata": {"name": "q"},
                    "spec": {"hard": {"pods": "10"}}}])
    store_directly(cluster, {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "bad"},
                             "spec": {"containers": 5}})
    store_directly(cluster, {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                             "metadata": {"name": "broken"}, "spec": "x"})
    cluster.apply([_pod("a"), _pod("b")])  # admission is not broken by either
    assert _phase(cluster, "a") == "Running"
    used = cluster.get("ResourceQuota", "q")["status"]["used"]
    assert used == {"pods": "2"}  # the unreadable pod counts for nothing
    (err,) = [e for e in _errors(cluster, "resourcequota-controller") if (e.kind, e.name) == ("Pod", "bad")]
    assert err.reason == "FailedSync" and err.message.startswith("TypeError: ")  # the cause, not None


# ---------------------------------------------------------------------------- kubelet

def test_kubelet_reports_a_pod_it_cannot_sync_and_runs_the_others(cluster):
    store_directly(cluster, {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "bad"},
                             "spec": {"nodeName": "n1", "containers": 5}})
    cluster.apply([_claim("good"), _pod("p", claim="good"), _pod("bound", node="n1")])
    assert _phase(cluster, "p") == "Running" and _phase(cluster, "bound") == "Running"
    (ev,) = [e for e in _warnings(cluster, "Pod", "bad") if e["source"]["component"] == "kubelet"]
    assert ev["reason"] == "FailedSync"
    assert ev["message"].startswith("Error syncing pod, skipping: TypeError: ")
    (err,) = _errors(cluster, "kubelet/n1")
    assert (err.kind, err.name, err.attempts) == ("Pod", "bad", 1)
    cluster.advance(9)
    assert _errors(cluster, "kubelet/n1")[0].attempts == 1  # pod worker backoff: 10 s
    cluster.advance(1)
    assert _errors(cluster, "kubelet/n1")[0].attempts == 2
    store_directly(cluster, _pod("bad", node="n1"))  # fixed: synced at once
    cluster.settle()
    assert _phase(cluster, "bad") == "Running" and _errors(cluster, "kubelet/n1") == []


def test_kubelet_forgets_the_failure_of_a_pod_that_is_deleted(cluster):
    """A pod the kubelet cannot sync, then force-deleted (grace period 0: no termination the
    kubelet could confirm): its failure leaves errors() at once, not left open for a pod that
    no longer exists."""
    store_directly(cluster, {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "bad"},
                             "spec": {"nodeName": "n1", "containers": 5}})
    cluster.settle()
    assert [e.name for e in _errors(cluster, "kubelet/n1")] == ["bad"]
    cluster.api.delete("Pod", "bad", "default", grace_period_seconds=0)
    cluster.settle()
    assert _errors(cluster, "kubelet/n1") == []

# ---------------------------------------------------------------------------- the cluster

class _Exploding:
    name = "exploding"

    def __init__(self) -> None:
        self.calls = 0

    def sync(self) -> bool:
        self.calls += 1
        raise KeyError("boom")


def test_a_component_that_raises_is_reported_and_the_others_go_on(cluster):
    bomb = _Exploding()
    cluster.components.insert(0, bomb)
    cluster.apply([_claim("good"), _pod("p", claim="good")])
    assert _phase(cluster, "p") == "Running" and bomb.calls > 0
    (err,) = [e for e in cluster.errors() if e.kind == "Component"]
    assert err.name == "exploding" and err.message.startswith("KeyError: 'boom'")
    cluster.components.remove(bomb)
    assert [e for e in cluster.errors() if e.kind == "Component"] == []


def test_a_pod_whose_failure_cannot_be_recorded_gets_a_warning_event_instead(cluster):
    """The scheduler records an unschedulable pod in its PodScheduled condition; when the
    stored status cannot take it (malformed conditions, a write the API server would refuse)
    the failure is still reported: a FailedScheduling Warning on the Pod and Cluster.errors()."""
    bad = _pod("stuck")
    bad["spec"]["nodeSelector"] = {"kubernetes.io/hostname": "no-such-node"}
    bad["status"] = {"phase": "Pending", "conditions": [5]}
    store_directly(cluster, bad)
    cluster.settle()
    (ev,) = _warnings(cluster, "Pod", "stuck")
    assert ev["reason"] == "FailedScheduling" and ev["source"]["component"] == "default-scheduler"
    assert "AttributeError" in ev["message"]
    (err,) = _errors(cluster, "default-scheduler", "Pod")
    assert (err.name, err.reason) == ("stuck", "FailedScheduling")


def test_kubelet_names_the_kind_of_a_watched_object_it_cannot_take_in(cluster):
    """A watch event the kubelet cannot even index (a pod on its node whose uid is a list)
    is listed in errors() under its kind and name, and the node's other pods run on."""
    stored = store_directly(cluster, _pod("bad", node="n1"))
    stored["metadata"]["uid"] = ["not", "a", "string"]  # a replace would restore the uid
    cluster.api._emit("MODIFIED", "Pod", stored)
    cluster.apply([_pod("bound", node="n1")])
    assert _phase(cluster, "bound") == "Running"
    assert [(e.kind, e.name) for e in _errors(cluster, "kubelet/n1")] == [("Pod", "bad")]


# ---------------------------------------------------------------------------- internal errors

def test_internal_errors_keep_drakit_bugs_not_api_answers_or_data_errors(cluster):
    """``Cluster.internal_errors``: an exception a component raised that is neither an API
    answer nor about the data is kept (the steps fail a scenario that has one), also after
    the object synced again and after the component restarted; a decode error of stored data
    (``data_error``) and a refused create (an API answer) are not kept."""
    store_directly(cluster, {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                             "metadata": {"name": "broken"}, "spec": "x"})
    cluster.apply([_claim("good"), _pod("p", claim="good")])
    assert _errors(cluster, "default-scheduler", "DeviceClass")  # open, but a data error
    assert cluster.internal_errors() == []
    store_directly(cluster, {**_claim("bad"), "spec": {"devices": 1.5}})
    cluster.apply([_pod("victim", claim="bad")])
    (err,) = cluster.internal_errors()
    assert (err.component, err.kind, err.name) == ("default-scheduler", "Pod", "victim")
    assert "AttributeError: " in err.message and "(at drakit/" in err.message
    cluster.delete("Pod", "victim")
    cluster.restart_component("kube-scheduler")
    assert [e.name for e in cluster.internal_errors()] == ["victim"]


def test_a_kubelet_whose_sync_raises_is_an_internal_error_of_its_node(cluster, monkeypatch):
    """KubeletManager.sync guards each node's kubelet: an exception outside the per-pod and
    per-object guards (only a drakit bug gets there) is kept under the Node with its own
    message, as an internal error (the steps fail a scenario that has one); the other nodes'
    kubelets go on and no event is posted."""
    cluster.add_node("n2")
    broken = cluster.kubelet("n1")

    def boom() -> bool:
        raise RuntimeError("reconcile blew up")

    monkeypatch.setattr(broken, "_reconcile", boom)
    cluster.apply([_pod("elsewhere", node="n2"), _pod("here", node="n1")])
    assert _phase(cluster, "elsewhere") == "Running"
    errs = [e for e in cluster.internal_errors() if e.kind == "Node"]
    assert [(e.component, e.name, e.reason) for e in errs] == [("kubelet", "n1", "FailedSync")]
    assert errs[0].message.startswith("RuntimeError: reconcile blew up")
    assert not [e for e in cluster.events("Node", "n1") if e["type"] == "Warning"]


def test_a_batch_that_raises_where_each_event_alone_does_not_is_an_internal_error(cluster,
                                                                                  monkeypatch):
    """Controller._handle_guarded retries a batch that raised event by event to find the
    object that caused it. When every event alone goes through, no stored object explains
    the exception (handle changed state before it raised, as a half-done batch can): it is
    kept as an internal error, so the run-integrity check still fails the scenario."""
    ctrl = next(c for c in cluster.components if c.name == "replicaset-controller")
    real = type(ctrl).handle

    def fragile(self, events):
        if len(events) > 1:
            raise RuntimeError("half-done batch")
        return real(self, events)

    monkeypatch.setattr(type(ctrl), "handle", fragile)
    cluster.apply([_pod("a"), _pod("b")])
    errs = [e for e in cluster.internal_errors() if e.component == "replicaset-controller"]
    assert errs and errs[0].message.startswith("handling ") \
        and "RuntimeError: half-done batch" in errs[0].message
    assert _phase(cluster, "a") and _phase(cluster, "b")


# ---------------------------------------------------------------------------- namespace controller

def test_namespace_controller_reports_a_bad_namespace_against_it(cluster):
    """A Terminating namespace whose stored deletionTimestamp is no time: its failure is
    recorded against the Namespace (kind, name; a FailedSync Warning event on it), like
    every other controller's. Kills the mutant that recorded it under no kind (no event,
    an anonymous entry in errors())."""
    store_directly(cluster, {"apiVersion": "v1", "kind": "Namespace",
                             "metadata": {"name": "broken", "finalizers": [],
                                          "deletionTimestamp": "not a time"},
                             "spec": {"finalizers": ["kubernetes"]},
                             "status": {"phase": "Terminating"}})
    cluster.settle()
    (err,) = _errors(cluster, "namespace-controller")
    assert (err.kind, err.name, err.reason) == ("Namespace", "broken", "FailedSync")
    (ev,) = _warnings(cluster, "Namespace", "broken")
    assert ev["reason"] == "FailedSync" and ev["source"]["component"] == "namespace-controller"
