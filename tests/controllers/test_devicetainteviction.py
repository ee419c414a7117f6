"""Device-taint eviction (pkg/controller/devicetainteviction) incl. KEP-5729 PodGroup claims.

Each test schedules pods first (a NoExecute taint would keep the allocator off the device),
then taints the device by updating the ResourceSlice, as a driver would.
"""

from __future__ import annotations

import copy

from storeutil import store_directly

from drakit import Cluster
from drakit.controllers.devicetainteviction import DeviceTaintEvictionController

SLICE = {
    "apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
    "metadata": {"name": "node-1-slice"},
    "spec": {"driver": "dra.example.com", "nodeName": "node-1",
             "pool": {"name": "node-1", "generation": 1, "resourceSliceCount": 1},
             "devices": [{"name": "dev-0"}, {"name": "dev-1"}]},
}
CLASS = {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": "example"},
         "spec": {"selectors": [{"cel": {"expression": 'device.driver == "dra.example.com"'}}]}}
TAINT = {"key": "example.com/unhealthy", "value": "true", "effect": "NoExecute"}


def _cluster(version: str = "1.37", **gates: bool) -> Cluster:
    c = Cluster(version=version, feature_gates={"GenericWorkload": True, "DRAWorkloadResourceClaims": True,
                                                **gates})
    c.add_node("node-1", allocatable={"cpu": "8", "memory": "32Gi", "pods": "110"})
    c.apply([CLASS, SLICE])
    return c


def _claim(name: str, tolerations: list[dict] | None = None) -> dict:
    req: dict = {"name": "r", "exactly": {"deviceClassName": "example"}}
    if tolerations:
        req["exactly"]["tolerations"] = tolerations
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim", "metadata": {"name": name},
            "spec": {"devices": {"requests": [req]}}}


def _pod(name: str, claim: str, group: str | None = None) -> dict:
    spec: dict = {"containers": [{"name": "a", "image": "registry.k8s.io/pause:3.10",
                                  "resources": {"claims": [{"name": "c"}]}}],
                  "resourceClaims": [{"name": "c", "resourceClaimName": claim}]}
    if group:
        spec["schedulingGroup"] = {"podGroupName": group}
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name}, "spec": spec}


def _taint(c: Cluster, *devices: str, generation: int = 1, **extra) -> None:
    s = copy.deepcopy(SLICE)
    s["spec"]["pool"]["generation"] = generation
    for d in s["spec"]["devices"]:
        if d["name"] in devices:
            d["taints"] = [{**TAINT, **extra}]
    c.apply([s])


def _device_of(c: Cluster, claim: str) -> str:
    return c.get("ResourceClaim", claim)["status"]["allocation"]["devices"]["results"][0]["device"]


def _exists(c: Cluster, name: str) -> bool:
    return c.api.try_get("Pod", name, "default") is not None


def test_pod_on_a_tainted_device_is_marked_then_deleted() -> None:
    c = _cluster()
    c.apply([_claim("a"), _pod("p", "a")])
    assert c.get("Pod", "p")["spec"]["nodeName"] == "node-1"
    rv = c.api.resource_version
    _taint(c, _device_of(c, "a"))
    assert not _exists(c, "p")
    evs = [e for e in c.events("Pod", "p") if e["reason"] == "DeviceTaintManagerEviction"]
    assert [(e["type"], e["message"]) for e in evs] == [("Normal", "Marking for deletion")]
    # the DisruptionTarget condition was written before the deletion
    updates = [ev.object for ev in c.api.watch(rv, ["Pod"]) if ev.type == "MODIFIED"]
    conds = [cd for o in updates for cd in (o.get("status") or {}).get("conditions") or ()
             if cd.get("type") == "DisruptionTarget"]
    assert conds and conds[0]["reason"] == "DeletionByDeviceTaintManager"
    assert conds[0]["message"] == "Device Taint manager: deleting due to NoExecute taint"


def test_a_pod_on_another_device_stays() -> None:
    c = _cluster()
    c.apply([_claim("a"), _pod("p", "a"), _claim("b"), _pod("q", "b")])
    _taint(c, _device_of(c, "a"))
    assert not _exists(c, "p") and _exists(c, "q")


def test_a_taint_tolerated_forever_evicts_nobody() -> None:
    c = _cluster()
    tol = [{"key": "example.com/unhealthy", "operator": "Exists", "effect": "NoExecute"}]
    c.apply([_claim("a", tol), _pod("p", "a")])
    _taint(c, _device_of(c, "a"))
    assert _exists(c, "p")


def test_toleration_seconds_delay_the_eviction() -> None:
    c = _cluster()
    tol = [{"key": "example.com/unhealthy", "operator": "Exists", "effect": "NoExecute",
            "tolerationSeconds": 30}]
    c.apply([_claim("a", tol), _pod("p", "a")])
    _taint(c, _device_of(c, "a"))
    assert _exists(c, "p")
    c.advance(29)
    assert _exists(c, "p")
    c.advance(1)
    assert not _exists(c, "p")


def test_a_delayed_eviction_that_falls_due_is_no_cancellation() -> None:
    """maybeDeletePod drops the pod's entry when it evicts: the pod, still visible through its
    finalizer, hears "Marking for deletion" and nothing else."""
    c = _cluster()
    tol = [{"key": "example.com/unhealthy", "operator": "Exists", "effect": "NoExecute",
            "tolerationSeconds": 30}]
    pod = _pod("p", "a")
    pod["metadata"]["finalizers"] = ["example.com/hold"]
    c.apply([_claim("a", tol), pod])
    _taint(c, _device_of(c, "a"))
    c.advance(30)
    p = c.api.try_get("Pod", "p", "default")
    assert p is not None and p["metadata"].get("deletionTimestamp")
    evs = [e["message"] for e in c.events("Pod", "p") if e["reason"] == "DeviceTaintManagerEviction"]
    assert evs == ["Marking for deletion"]


def test_a_toleration_for_another_effect_does_not_count() -> None:
    c = _cluster()
    tol = [{"key": "example.com/unhealthy", "operator": "Exists", "effect": "NoSchedule"}]
    c.apply([_claim("a", tol), _pod("p", "a")])
    _taint(c, _device_of(c, "a"))
    assert not _exists(c, "p")


def test_podgroup_members_are_found_through_the_podgroup() -> None:
    c = _cluster()
    c.apply([{"apiVersion": "scheduling.k8s.io/v1alpha3", "kind": "PodGroup", "metadata": {"name": "g"},
              "spec": {"schedulingPolicy": {"basic": {}},
                       "resourceClaims": [{"name": "c", "resourceClaimName": "shared"}]}},
             _claim("shared"), _pod("m0", "shared", "g"), _pod("m1", "shared", "g")])
    rf = c.get("ResourceClaim", "shared")["status"]["reservedFor"]
    assert [r["resource"] for r in rf] == ["podgroups"]
    _taint(c, _device_of(c, "shared"))
    assert not _exists(c, "m0") and not _exists(c, "m1")


def test_without_the_podgroup_gate_podgroup_reservations_are_not_followed() -> None:
    """podEvictionTime asks IsReservedForPod with the controller's own gate. Checked on the
    controller alone: in a cluster with the gate off the ResourceClaim controller reserves the
    claim for the bound pod itself (syncPod), and that Pod entry gets the pod evicted."""
    c = _cluster()
    c.apply([{"apiVersion": "scheduling.k8s.io/v1alpha3", "kind": "PodGroup", "metadata": {"name": "g"},
              "spec": {"schedulingPolicy": {"basic": {}},
                       "resourceClaims": [{"name": "c", "resourceClaimName": "shared"}]}},
             _claim("shared"), _pod("m0", "shared", "g")])
    pod, claim = c.get("Pod", "m0"), c.get("ResourceClaim", "shared")
    assert [r["resource"] for r in claim["status"]["reservedFor"]] == ["podgroups"]
    when = {("default", "shared"): c.clock.now()}
    on = DeviceTaintEvictionController(c.context())
    assert on._pod_eviction(pod, {("default", "shared"): claim}, when) == when[("default", "shared")]
    off = DeviceTaintEvictionController(_cluster(DRAWorkloadResourceClaims=False).context())
    assert off._pod_eviction(pod, {("default", "shared"): claim}, when) is None


def test_taints_of_an_outdated_pool_generation_are_ignored() -> None:
    c = _cluster()
    c.apply([_claim("a"), _pod("p", "a")])
    dev = _device_of(c, "a")
    newer = copy.deepcopy(SLICE)
    newer["metadata"]["name"] = "node-1-slice-v2"
    newer["spec"]["pool"]["generation"] = 2
    c.apply([newer])
    _taint(c, dev, generation=1)  # the old slice, now outdated
    assert _exists(c, "p")


def test_without_device_taints_the_controller_evicts_nobody() -> None:
    # 1.36: DRADeviceTaints is beta (GA and locked on in 1.37). The taint is stored while the
    # gate is on; with the gate off the allocator ignores it and the controller must too.
    c = _cluster(version="1.36")
    _taint(c, "dev-0", "dev-1")
    c.set_feature_gates({"DRADeviceTaints": False})
    c.apply([_claim("a"), _pod("p", "a")])
    assert c.get("Pod", "p")["spec"]["nodeName"] == "node-1"
    assert all(d.get("taints") for d in c.get("ResourceSlice", "node-1-slice")["spec"]["devices"])
    assert _exists(c, "p")


def test_toleration_seconds_count_from_the_taints_time_added() -> None:
    """pkg/controller/devicetainteviction: the toleration runs from the taint's timeAdded
    (as the driver wrote it), not from when the controller first saw the taint."""
    c = _cluster()
    tol = [{"key": "example.com/unhealthy", "operator": "Exists", "effect": "NoExecute",
            "tolerationSeconds": 60}]
    c.apply([_claim("a", tol), _pod("p", "a")])
    c.advance(100)  # now 00:01:40; the driver says the taint appeared at 00:01:00
    _taint(c, _device_of(c, "a"), timeAdded="2026-01-01T00:01:00Z")
    c.advance(19)
    assert _exists(c, "p")
    c.advance(1)  # 00:02:00 = timeAdded + 60 s
    assert not _exists(c, "p")


def _controller(c: Cluster):
    from drakit.controllers.devicetainteviction import DeviceTaintEvictionController
    return next(x for comp in c.components for x in getattr(comp, "controllers", [comp])
                if isinstance(x, DeviceTaintEvictionController))


def test_a_round_that_evicts_nobody_reports_no_work() -> None:
    # settle() stops on a round in which no component reports work: a pod the taint does not
    # reach, next to one whose eviction is still tolerated, must not count as work done
    c = _cluster()
    tol = [{"key": "example.com/unhealthy", "operator": "Exists", "effect": "NoExecute",
            "tolerationSeconds": 30}]
    c.apply([_claim("a", tol), _pod("p", "a"), _claim("b"), _pod("q", "b")])
    _taint(c, _device_of(c, "a"))
    assert _exists(c, "p") and _exists(c, "q")
    ctl = _controller(c)
    ctl._dirty = True
    assert ctl._reconcile() is False
    assert _exists(c, "p") and _exists(c, "q")


def test_a_round_that_evicts_a_pod_reports_work_whatever_the_pods_after_it_do() -> None:
    # "p" falls due after 30s, "q" (listed after it) only after an hour: the round that evicts
    # "p" wrote (event, condition, deletion) and must say so although "q" did nothing. On a
    # Cluster the scheduler, busy with the pod events of that round, hides a lost flag (see
    # test_controllers_report_their_work.py), so the controller's own answer is checked.
    c = _cluster()
    soon = [{"key": "example.com/unhealthy", "operator": "Exists", "effect": "NoExecute",
             "tolerationSeconds": 30}]
    late = [{**soon[0], "tolerationSeconds": 3600}]
    c.apply([_claim("a", soon), _pod("p", "a"), _claim("b", late), _pod("q", "b")])
    _taint(c, _device_of(c, "a"), _device_of(c, "b"))
    assert _exists(c, "p") and _exists(c, "q")
    c.clock.advance(30)
    ctl = _controller(c)
    ctl._dirty = True
    assert ctl._reconcile() is True
    p = c.api.try_get("Pod", "p", "default")
    assert p is None or p["metadata"].get("deletionTimestamp")
    assert _exists(c, "q")


def test_a_stored_taint_without_time_added_counts_from_when_the_controller_saw_it() -> None:
    """The API server stamps every taint with timeAdded (SetDefaults_DeviceTaint) and refuses
    one it cannot parse, so a taint without it is stored data no write through the API
    leaves (an older server, a direct etcd write). The controller must not fail on it: the
    toleration runs from when it first saw the taint, kept per device and taint."""
    c = _cluster()
    tol = [{"key": "example.com/unhealthy", "operator": "Exists", "effect": "NoExecute",
            "tolerationSeconds": 30}]
    c.apply([_claim("a", tol), _pod("p", "a")])
    dev = _device_of(c, "a")
    s = copy.deepcopy(SLICE)
    for d in s["spec"]["devices"]:
        if d["name"] == dev:
            d["taints"] = [dict(TAINT)]
    store_directly(c, s)
    c.settle()
    stored = next(d for d in c.get("ResourceSlice", "node-1-slice")["spec"]["devices"]
                  if d["name"] == dev)
    assert "timeAdded" not in stored["taints"][0]
    assert not c.errors()
    c.advance(29)
    assert _exists(c, "p")
    c.advance(1)
    assert not _exists(c, "p")


def test_pod_and_claim_changes_cost_no_evaluation_while_no_device_is_tainted() -> None:
    """Performance only (nothing a user sees): with no NoExecute taint on any device a pod or
    claim change cannot start an eviction, so the controller stays clean and does not list
    every slice, claim and pod again for it; a slice change makes it look again."""
    c = _cluster()
    ctl = _controller(c)
    calls: list[int] = []
    evaluate = ctl._evaluate

    def counting() -> bool:
        calls.append(1)
        return evaluate()

    ctl._evaluate = counting  # type: ignore[method-assign]
    c.apply([_claim("a"), _pod("p", "a")])
    assert c.get("Pod", "p")["spec"]["nodeName"] == "node-1"
    assert calls == []
    _taint(c, _device_of(c, "a"))
    assert calls and not _exists(c, "p")


def test_the_disruption_condition_is_computed_from_the_pod_as_stored_not_as_listed() -> None:
    # upstream's addConditionAndDeletePod gets the pod afresh before UpdatePodCondition, so a
    # condition another writer added after the controller's pass listed the pod is kept
    c = _cluster()
    c.apply([_claim("a"), _pod("p", "a")])
    listed = copy.deepcopy(c.get("Pod", "p"))
    ready = {"type": "example.com/Checked", "status": "True", "lastTransitionTime": "2026-01-01T00:00:00Z"}
    c.api.patch("Pod", "p", {"status": {"conditions": [
        *((listed.get("status") or {}).get("conditions") or ()), ready]}}, "default", subresource="status")
    assert _controller(c)._add_condition(listed) is True
    conds = c.api.get("Pod", "p", "default")["status"]["conditions"]
    assert {**ready, "lastProbeTime": None} in conds  # a zero metav1.Time is served as null
    assert [cd["reason"] for cd in conds if cd["type"] == "DisruptionTarget"] == ["DeletionByDeviceTaintManager"]
    # a second call finds the condition as it wants it and writes nothing
    assert _controller(c)._add_condition(listed) is False


def test_a_due_time_pass_that_raises_is_recorded_and_waits_out_its_backoff(monkeypatch) -> None:
    """When a toleration runs out the controller's pass is a guarded call of its own (no
    object: "the whole component"); one that raises (only a drakit bug can) is recorded,
    left alone until its backoff passes, and the eviction happens once it works again."""
    c = _cluster()
    tol = [{"key": "example.com/unhealthy", "operator": "Exists", "effect": "NoExecute",
            "tolerationSeconds": 60}]
    c.apply([_claim("a", tol), _pod("p", "a")])
    _taint(c, _device_of(c, "a"))
    ctrl = _controller(c)
    real, calls = ctrl._reconcile, []

    def broken() -> bool:
        calls.append(c.clock.now())
        raise RuntimeError("pass blew up")

    monkeypatch.setattr(ctrl, "_reconcile", broken)
    c.advance(60)
    assert _exists(c, "p") and len(calls) == 1
    (err,) = [e for e in c.errors() if e.component == ctrl.name]
    assert (err.kind, err.name, err.attempts) == ("", "", 1)
    assert err.message.startswith("RuntimeError: pass blew up")
    backoff = (err.retry_at - c.clock.now()).total_seconds()
    c.advance(backoff * 0.9)
    assert len(calls) == 1  # in its backoff: not tried at every pass
    monkeypatch.setattr(ctrl, "_reconcile", real)
    c.advance(backoff * 0.2)
    assert not _exists(c, "p")
    assert [e for e in c.errors() if e.component == ctrl.name] == []
