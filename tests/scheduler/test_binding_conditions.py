"""KEP-5007 binding conditions in the scheduler's PreBind, on drakit's logical clock.

Upstream (k/k pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go, v1.36 and
v1.37: PreBind, isPodReadyForBinding, isClaimReadyForBinding, isClaimTimeout, Filter,
PostFilter, bindClaim) writes the allocation in PreBind, then polls the claims every 5 s for up
to bindingTimeout (600 s): the pod binds once every binding condition is True in
status.devices, and PreBind fails on a True binding failure condition or a timeout. drakit
parks the pod instead of blocking (DynamicResources.poll_binding, Scheduler._check_waiting);
these tests pin the details the scenarios in features/platform-allocator.feature leave out.
"""

from __future__ import annotations

import copy
import datetime as _dt
from typing import Any

import pytest

from drakit.cluster import Cluster
from drakit.scheduler.dynamicresources import DynamicResources, claim_ready_for_binding
from drakit.scheduler.scheduler import Scheduler

D = "fabric.example.com"
NS = "default"
T0 = "2026-01-01T00:00:00Z"


def _device(name: str, binding: bool = True) -> dict:
    d: dict[str, Any] = {"name": name}
    if binding:
        d.update(bindsToNode=True, bindingConditions=["example.com/attached"],
                 bindingFailureConditions=["example.com/attach-failed"])
    return d


def _objects(devices: list[dict], claims: tuple[str, ...] = ("gpu",)) -> list[dict]:
    objs: list[dict] = [
        {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": "fabric"},
         "spec": {"selectors": [{"cel": {"expression": f'device.driver == "{D}"'}}]}},
        {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice", "metadata": {"name": "fabric-gpus"},
         "spec": {"driver": D, "nodeName": "node-1",
                  "pool": {"name": "fabric", "generation": 1, "resourceSliceCount": 1},
                  "devices": devices}}]
    for c in claims:
        objs.append({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
                     "metadata": {"name": c, "namespace": NS},
                     "spec": {"devices": {"requests": [{"name": "gpu",
                                                        "exactly": {"deviceClassName": "fabric"}}]}}})
    objs.append({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": NS},
                 "spec": {"containers": [{"name": "app", "image": "registry.k8s.io/pause:3.10",
                                          "resources": {"claims": [{"name": c} for c in claims]}}],
                          "resourceClaims": [{"name": c, "resourceClaimName": c} for c in claims]}})
    return objs


def _cluster(devices: list[dict] | None = None, claims: tuple[str, ...] = ("gpu",),
             version: str = "1.37", gates: dict | None = None,
             component_gates: dict | None = None) -> Cluster:
    c = Cluster(version=version, feature_gates=gates or {}, component_gates=component_gates)
    c.add_node("node-1", allocatable={"cpu": "8", "memory": "32Gi", "pods": "110"})
    c.apply(_objects(devices if devices is not None else [_device("gpu-0")], claims))
    c.settle()
    return c


def _pod(c: Cluster) -> dict:
    return c.get("Pod", "p", NS)


def _claim(c: Cluster, name: str = "gpu") -> dict:
    return c.get("ResourceClaim", name, NS)


def _condition(c: Cluster) -> dict | None:
    return next((x for x in _pod(c)["status"].get("conditions") or () if x["type"] == "PodScheduled"), None)


def _events(c: Cluster, reason: str) -> list[str]:
    return [e["message"] for e in c.list("Event", namespace=NS) if e["reason"] == reason]


def _report(c: Cluster, device: str, *conditions: tuple[str, str, str, str], claim: str = "gpu") -> None:
    """What the driver writes: the status.devices entry of one device."""
    c.api.patch("ResourceClaim", claim, {"status": {"devices": [{
        "driver": D, "pool": "fabric", "device": device,
        "conditions": [{"type": t, "status": s, "reason": r, "message": m, "lastTransitionTime": T0}
                       for t, s, r, m in conditions]}]}}, NS, subresource="status")


def _scheduler(c: Cluster) -> Scheduler:
    return next(comp for comp in c.components if isinstance(comp, Scheduler))


# ------------------------------------------------------------------ isClaimReadyForBinding

_RESULT = {"request": "gpu", "driver": D, "pool": "fabric", "device": "gpu-0",
           "bindingConditions": ["a", "b"], "bindingFailureConditions": ["f"]}


def _claim_with(results: list[dict] | None, devices: list[dict] | None = None) -> dict:
    status: dict[str, Any] = {}
    if results is not None:
        status["allocation"] = {"devices": {"results": results}}
    if devices is not None:
        status["devices"] = devices
    return {"metadata": {"name": "gpu"}, "status": status}


def _entry(*conds: tuple[str, str], device: str = "gpu-0", reason: str = "R",
           message: str = "m") -> dict:
    return {"driver": D, "pool": "fabric", "device": device,
            "conditions": [{"type": t, "status": s, "reason": reason, "message": message} for t, s in conds]}


@pytest.mark.parametrize("claim, expected", [
    (_claim_with(None), (False, None)),                                   # not allocated
    (_claim_with([{**_RESULT, "bindingConditions": None}]), (True, None)),  # nothing to wait for
    (_claim_with([_RESULT]), (False, None)),                              # no status.devices entry
    (_claim_with([_RESULT], [_entry(("a", "True"))]), (False, None)),       # b missing
    (_claim_with([_RESULT], [_entry(("a", "True"), ("b", "False"))]), (False, None)),
    (_claim_with([_RESULT], [_entry(("a", "True"), ("b", "True"))]), (True, None)),
    (_claim_with([_RESULT], [_entry(("a", "True"), ("b", "True"), ("f", "False"))]), (True, None)),
    # another device's entry does not count (getAllocatedDeviceStatus: driver, pool, device)
    (_claim_with([_RESULT], [_entry(("a", "True"), ("b", "True"), device="gpu-1")]), (False, None)),
    (_claim_with([_RESULT], [{**_entry(("a", "True"), ("b", "True")), "pool": "other"}]), (False, None)),
    (_claim_with([_RESULT], [{**_entry(("a", "True"), ("b", "True")), "driver": "other.example.com"}]),
     (False, None)),
    # the failure condition is looked at first, even when the binding conditions are True
    (_claim_with([_RESULT], [_entry(("a", "True"), ("b", "True"), ("f", "True"),
                                    reason="Boom", message='port "p1"\tdown')]),
     (False, 'claim gpu binding failed: reason=Boom, message="port \\"p1\\"\\tdown"')),
    # every result with conditions must be ready
    (_claim_with([_RESULT, {**_RESULT, "device": "gpu-1"}], [_entry(("a", "True"), ("b", "True"))]),
     (False, None)),
])
def test_claim_ready_for_binding(claim: dict, expected: tuple[bool, str | None]) -> None:
    assert claim_ready_for_binding(claim) == expected


# ------------------------------------------------------------------ the wait, end to end

def test_the_pod_waits_reserved_and_unbound_then_binds_when_the_condition_is_true() -> None:
    c = _cluster()
    assert not _pod(c)["spec"].get("nodeName")
    assert _condition(c) is None
    st = _claim(c)["status"]
    assert st["allocation"]["allocationTimestamp"] == T0
    assert [r["name"] for r in st["reservedFor"]] == ["p"]
    assert _events(c, "BindingConditionsPending") == ["waiting for binding conditions for device on node node-1"]
    sched = _scheduler(c)
    assert list(sched.waiting) == [(NS, "p")]
    assert (NS, "p") not in sched.queue
    assert sched.metrics.attempts["scheduled"] == 0
    _report(c, "gpu-0", ("example.com/attached", "True", "Attached", "ok"))
    c.settle()
    assert _pod(c)["spec"]["nodeName"] == "node-1"
    assert _events(c, "Scheduled") == ["Successfully assigned default/p to node-1"]
    assert not sched.waiting and sched.metrics.attempts["scheduled"] == 1
    assert c.errors() == []


def test_binding_after_a_wait_ends_the_record_of_an_earlier_attempt_s_internal_error() -> None:
    # an attempt failure recorded before the wait (an internal error of an earlier attempt, as
    # a PreEnqueue that raised on a malformed status records one) is the pod's open record; the
    # bind that ends the wait is a clean attempt, so the record goes, no component error
    c = _cluster()
    sched = _scheduler(c)
    sched.attempt_failures.failed("Pod", _pod(c), RuntimeError("earlier"), "FailedScheduling", event=False)
    assert sched.attempt_failures.open()
    _report(c, "gpu-0", ("example.com/attached", "True", "Attached", "ok"))
    c.settle()
    assert _pod(c)["spec"]["nodeName"] == "node-1"
    assert sched.attempt_failures.open() == [] and c.errors() == []


def test_a_pod_update_while_it_waits_does_not_queue_it_again() -> None:
    # eventhandlers.go: updates of an assumed pod are not queued
    c = _cluster()
    c.api.patch("Pod", "p", {"metadata": {"labels": {"touched": "yes"}}}, NS)
    c.settle()
    c.advance(30)
    sched = _scheduler(c)
    assert (NS, "p") in sched.waiting and (NS, "p") not in sched.queue
    assert len(_events(c, "BindingConditionsPending")) == 1
    assert not _pod(c)["spec"].get("nodeName")


def test_without_binding_conditions_the_pod_binds_at_once_with_an_allocation_timestamp() -> None:
    c = _cluster([_device("gpu-0", binding=False)])
    assert _pod(c)["spec"]["nodeName"] == "node-1"
    assert _claim(c)["status"]["allocation"]["allocationTimestamp"] == T0
    assert _events(c, "BindingConditionsPending") == []


def test_without_device_status_the_scheduler_does_not_wait() -> None:
    # both gates are needed (upstream checks EnableDRADeviceBindingConditions and
    # EnableDRAResourceClaimDeviceStatus); 1.34 has no gate dependencies to refuse a scheduler
    # with the first only (the API server has both, so it keeps the slice's conditions)
    c = _cluster(version="1.34", gates={"DRADeviceBindingConditions": True},
                 component_gates={"kube-scheduler": {"DRAResourceClaimDeviceStatus": False}})
    claim = _claim(c)
    assert claim["status"]["allocation"]["devices"]["results"][0]["bindingConditions"] == ["example.com/attached"]
    assert _pod(c)["spec"]["nodeName"] == "node-1"
    assert "allocationTimestamp" not in claim["status"]["allocation"]
    assert _events(c, "BindingConditionsPending") == []


def test_the_first_claim_not_ready_hides_a_later_failure() -> None:
    # isPodReadyForBinding returns at the first claim that is not ready
    c = _cluster([_device("gpu-0"), _device("gpu-1")], claims=("a", "b"))
    devices = {n: _claim(c, n)["status"]["allocation"]["devices"]["results"][0]["device"] for n in "ab"}
    _report(c, devices["b"], ("example.com/attach-failed", "True", "Boom", "no"), claim="b")
    c.settle()
    assert _condition(c) is None and (NS, "p") in _scheduler(c).waiting
    _report(c, devices["a"], ("example.com/attached", "True", "Attached", ""), claim="a")
    c.settle()
    cond = _condition(c)
    assert cond is not None and cond["reason"] == "SchedulerError"
    assert cond["message"] == ('running PreBind plugin "DynamicResources": '
                               'claim b binding failed: reason=Boom, message="no"')
    assert not _pod(c)["spec"].get("nodeName")
    # Unreserve: neither claim is reserved any more, both stay allocated until PostFilter
    for n in "ab":
        st = _claim(c, n)["status"]
        assert st.get("allocation") and not st.get("reservedFor")


def test_a_failure_requeues_with_the_error_backoff_then_post_filter_deallocates() -> None:
    c = _cluster()
    _report(c, "gpu-0", ("example.com/attach-failed", "True", "AttachFailed", "down"))
    c.settle()
    sched = _scheduler(c)
    assert (NS, "p") in sched.queue.unschedulable and sched.queue.unschedulable[(NS, "p")].errored
    c.advance(0.5)  # the backoff (1 s) has not passed
    assert _claim(c)["status"].get("allocation")
    c.advance(0.5)
    assert "deallocation of ResourceClaim completed" in " ".join(_events(c, "FailedScheduling"))
    # deallocated (status.devices went with it) and allocated again: waiting anew
    st = _claim(c)["status"]
    assert st["allocation"]["allocationTimestamp"] == "2026-01-01T00:00:01Z"
    assert "devices" not in st
    assert len(_events(c, "BindingConditionsPending")) == 2
    assert c.errors() == []


def test_a_jump_past_the_deadline_fails_at_the_deadline_and_retries_in_the_same_settle() -> None:
    # the failure happened at 600 s, so its 1 s backoff is over at 700 s: the pod is retried,
    # the claim (allocated 700 s ago) deallocated and allocated again at 700 s
    c = _cluster()
    c.advance(700)
    assert any(m.endswith("device binding timeout") for m in _events(c, "FailedScheduling"))
    assert _claim(c)["status"]["allocation"]["allocationTimestamp"] == "2026-01-01T00:11:40Z"
    assert (NS, "p") in _scheduler(c).waiting


def test_a_condition_reported_before_a_clock_jump_wins_over_the_timeout() -> None:
    c = _cluster()
    _report(c, "gpu-0", ("example.com/attached", "True", "Attached", ""))  # no settle in between
    c.advance(700)
    assert _pod(c)["spec"]["nodeName"] == "node-1"
    assert _events(c, "FailedScheduling") == []


@pytest.mark.parametrize("restart_after, first_fail, message", [
    # allocated at 0; the restarted scheduler waits from `restart_after`, polling every 5 s;
    # the claim times out after a poll strictly later than 600 s
    (300, 605, "claim gpu binding timeout"),
    (7, 602, "claim gpu binding timeout"),
    # waiting from 2 s the first poll after 600 s is at 602 s, the wait's own deadline: the
    # deadline wins (the context is done when that poll would run)
    (2, 602, "device binding timeout"),
    (0, 600, "device binding timeout"),
])
def test_which_timeout_fires(restart_after: int, first_fail: int, message: str) -> None:
    c = _cluster()
    if restart_after:
        c.advance(restart_after)
        c.restart_component("kube-scheduler")
        c.settle()
    c.advance(first_fail - restart_after - 1)
    assert _condition(c) is None
    c.advance(1)
    cond = _condition(c)
    assert cond is not None and cond["message"] == f'running PreBind plugin "DynamicResources": {message}'


def test_a_pod_deleted_while_it_waits_leaves_nothing_behind() -> None:
    c = _cluster()
    c.delete("Pod", "p", NS)
    c.settle()
    c.advance(60)
    sched = _scheduler(c)
    assert not sched.waiting and not sched.nodes.pods
    st = _claim(c).get("status") or {}
    assert not st.get("reservedFor")
    assert c.errors() == []


def test_the_binding_timeout_is_an_argument() -> None:
    c = _cluster()
    plugin = _scheduler(c).dynamic
    assert isinstance(plugin, DynamicResources) and plugin.binding_timeout == 600.0
    plugin.binding_timeout = 60.0  # DynamicResourcesArgs.bindingTimeout: 60s
    c.advance(59)
    assert _condition(c) is None
    c.advance(1)
    cond = _condition(c)
    assert cond is not None and cond["message"].endswith("device binding timeout")


def test_filter_marks_a_timed_out_claim_unavailable_for_every_pod_that_uses_it() -> None:
    # a claim reserved for nobody, allocated long ago with binding conditions never met:
    # another pod's Filter finds it unavailable and PostFilter deallocates it (KEP: try other
    # devices), then allocates it afresh for that pod
    c = _cluster()
    c.delete("Pod", "p", NS)
    c.settle()
    claim = _claim(c)
    assert claim["status"].get("allocation") is None  # the claim controller freed it
    # an allocation written by hand, as a restarted scheduler would find it
    alloc = copy.deepcopy(claim)
    alloc["status"] = {"allocation": {
        "devices": {"results": [{"request": "gpu", "driver": D, "pool": "fabric", "device": "gpu-0",
                                 "bindingConditions": ["example.com/attached"],
                                 "bindingFailureConditions": ["example.com/attach-failed"]}]},
        "allocationTimestamp": T0}}
    c.api.update_status(alloc)
    c.advance(601)
    c.apply([o for o in _objects([_device("gpu-0")]) if o["kind"] == "Pod"])
    c.settle()
    assert "deallocation of ResourceClaim completed" in " ".join(_events(c, "FailedScheduling"))
    assert _claim(c)["status"]["allocation"]["allocationTimestamp"] == "2026-01-01T00:10:01Z"


def test_the_poll_ticks_count_from_the_start_of_the_wait() -> None:
    # PreBind polls at start, start+5s, ...: a claim expiring at a tick is seen as timed out
    # only by the next one (isClaimTimeout's Before is strict); a claim change at a tick is
    # seen by that very tick (the poll reads the informer then)
    from drakit.scheduler.dynamicresources import BINDING_POLL_SECONDS, _next_tick

    start = _dt.datetime(2026, 1, 1, tzinfo=_dt.UTC)
    tick = _dt.timedelta(seconds=BINDING_POLL_SECONDS)
    assert _next_tick(start, start - tick, strictly=True) == start
    assert _next_tick(start, start, strictly=True) == start + tick
    assert _next_tick(start, start, strictly=False) == start
    assert _next_tick(start, start + 2 * tick, strictly=False) == start + 2 * tick
    assert _next_tick(start, start + 2 * tick, strictly=True) == start + 3 * tick
    assert _next_tick(start, start + tick / 2, strictly=False) == start + tick
