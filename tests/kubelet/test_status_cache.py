"""The kubelet's status cache and its reconcile (upstream's status manager: podStatuses,
syncBatch -> needsReconcile -> syncPod -> mergePodStatus)."""

import copy

from drakit.api import errors as E
from drakit.kubelet.status import merge_status, needs_reconcile

from .helpers import container, pod

T0, T1 = "2026-01-01T00:00:00Z", "2026-01-01T00:00:15Z"


def _running(restart_count=0, conditions=None):
    return {"phase": "Running", "startTime": T0, "observedGeneration": 1, "qosClass": "BestEffort",
            "containerStatuses": [{"name": "main", "image": "i", "imageID": "", "ready": True,
                                   "started": True, "restartCount": restart_count,
                                   "state": {"running": {"startedAt": T0}}}],
            "conditions": conditions if conditions is not None else [
                {"type": t, "status": "True", "lastTransitionTime": T0}
                for t in ("PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady",
                          "PodScheduled")]}


def test_merge_keeps_other_writers_conditions_first_and_takes_the_kubelets_from_the_cache():
    cached = _running()
    api = _running(restart_count=7, conditions=[
        {"type": "Ready", "status": "False", "reason": "UserSaysNo"},
        {"type": "example.com/Audited", "status": "True"},
        {"type": "DisruptionTarget", "status": "True", "reason": "DeletionByDeviceTaintManager"}])
    api.update({"resourceClaimStatuses": [{"name": "gpu", "resourceClaimName": "web-gpu-x"}],
                "extendedResourceClaimStatus": {"resourceClaimName": "web-ext"},
                "nominatedNodeName": "n2", "qosClass": "Burstable", "reason": "Mine"})
    before = copy.deepcopy((api, cached))
    merged = merge_status(api, cached, ready_to_start_condition=True)
    assert (api, cached) == before  # neither input changed
    assert [c["type"] for c in merged["conditions"]] == [
        "example.com/Audited", "DisruptionTarget", "PodReadyToStartContainers", "Initialized",
        "Ready", "ContainersReady", "PodScheduled"]
    assert merged["conditions"][4] == {"type": "Ready", "status": "True", "lastTransitionTime": T0}
    assert merged["containerStatuses"][0]["restartCount"] == 0
    # what other writers own stays as the API server has it (mergePodStatus copies the claim
    # statuses from the API status; the rest is not the kubelet's in drakit)
    for field in ("resourceClaimStatuses", "extendedResourceClaimStatus", "nominatedNodeName",
                  "qosClass"):
        assert merged[field] == api[field]
    # the phase's reason is the kubelet's (generateAPIPodStatus keeps its cached one)
    assert "reason" not in merged


def test_merge_drops_a_kubelet_field_its_cache_does_not_have():
    cached = _running()
    del cached["observedGeneration"]
    api = _running()
    assert "observedGeneration" not in merge_status(api, cached, ready_to_start_condition=True)


def test_merge_without_any_condition_has_none():
    # not reachable from the kubelet (its cache always holds Ready, ContainersReady and
    # Initialized), but the function's own promise: no condition on either side, no list
    cached, api = _running(conditions=[]), _running(conditions=[])
    del cached["conditions"], api["conditions"]
    assert "conditions" not in merge_status(api, cached, ready_to_start_condition=True)
    assert "conditions" not in merge_status(_running(conditions=[]), cached, ready_to_start_condition=True)


def test_ready_to_start_is_another_writers_condition_without_the_gate():
    cached = _running(conditions=[{"type": "Ready", "status": "True"}])
    api = _running(conditions=[{"type": "PodReadyToStartContainers", "status": "False"},
                               {"type": "Ready", "status": "False"}])
    merged = merge_status(api, cached, ready_to_start_condition=False)
    assert merged["conditions"] == [{"type": "PodReadyToStartContainers", "status": "False"},
                                    {"type": "Ready", "status": "True"}]
    merged = merge_status(api, cached, ready_to_start_condition=True)
    assert merged["conditions"] == [{"type": "Ready", "status": "True"}]


def test_needs_reconcile_compares_the_kubelets_part_only():
    cached = _running()
    assert not needs_reconcile(_running(), cached)
    # transition times and observedGeneration of a condition are not compared
    # (isPodStatusByKubeletEqual: status, reason and message)
    api = _running()
    for c in api["conditions"]:
        c.pop("lastTransitionTime")
        c["observedGeneration"] = 5
    assert not needs_reconcile(api, cached)
    # conditions and fields of other writers are not compared
    api = _running()
    api["conditions"].insert(0, {"type": "example.com/Audited", "status": "True"})
    api.update({"resourceClaimStatuses": [{"name": "gpu"}], "nominatedNodeName": "n2",
                "qosClass": "Guaranteed"})
    assert not needs_reconcile(api, cached)
    # containers' statuses in name order (normalizeStatus sorts them)
    two = _running()
    two["containerStatuses"].append(dict(two["containerStatuses"][0], name="logger"))
    swapped = copy.deepcopy(two)
    swapped["containerStatuses"].reverse()
    assert not needs_reconcile(swapped, two)


def test_needs_reconcile_finds_a_drift_of_the_kubelets_fields():
    cached = _running()
    assert needs_reconcile(_running(restart_count=7), cached)
    for change in ({"status": "False"}, {"reason": "UserSaysNo"}, {"message": "no"}):
        api = _running()
        api["conditions"][2].update(change)
        assert needs_reconcile(api, cached), change
    api = _running()
    del api["conditions"][2]  # a condition of the kubelet's gone
    assert needs_reconcile(api, cached)
    for field, value in (("phase", "Pending"), ("startTime", T1), ("observedGeneration", 2),
                         ("reason", "Mine"), ("message", "mine")):
        assert needs_reconcile(dict(_running(), **{field: value}), cached), field


def _run(cluster, name="web"):
    cluster.apply([pod(name, [container("main")])])
    cluster.settle()
    return cluster.get("Pod", name)


def _user_writes(cluster, name, status):
    cluster.patch("Pod", name, {"status": status}, subresource="status")


def test_a_drifted_status_is_written_back_at_the_next_batch_only(cluster):
    p = _run(cluster)
    cs = copy.deepcopy(p["status"]["containerStatuses"])
    cs[0]["restartCount"] = 7
    _user_writes(cluster, "web", {"containerStatuses": cs})
    k = cluster.kubelet("n1")
    assert k.statuses[p["metadata"]["uid"]]["containerStatuses"][0]["restartCount"] == 0
    cluster.advance(9.5)
    assert cluster.get("Pod", "web")["status"]["containerStatuses"][0]["restartCount"] == 7
    cluster.advance(0.5)
    assert cluster.get("Pod", "web")["status"] == p["status"]
    rv = cluster.get("Pod", "web")["metadata"]["resourceVersion"]
    cluster.advance(30)  # in line again: nothing more is written
    assert cluster.get("Pod", "web")["metadata"]["resourceVersion"] == rv


def test_a_new_status_builds_on_the_cache_not_on_the_stored_one(cluster):
    """A spec update that bumps the generation syncs the pod again before the batch came: the
    kubelet's new status keeps its own restart count and transition times, not the user's."""
    p = _run(cluster)
    cs = copy.deepcopy(p["status"]["containerStatuses"])
    cs[0]["restartCount"] = 7
    cs[0]["lastState"] = {"terminated": {"exitCode": 1, "reason": "Error"}}
    _user_writes(cluster, "web", {"containerStatuses": cs, "startTime": "2025-01-01T00:00:00Z"})
    cluster.advance(5)
    cluster.patch("Pod", "web", {"spec": {"activeDeadlineSeconds": 600}})
    s = cluster.get("Pod", "web")["status"]
    assert s["observedGeneration"] == 2
    assert s["containerStatuses"] == p["status"]["containerStatuses"]
    assert s["startTime"] == p["status"]["startTime"]
    assert {c["lastTransitionTime"] for c in s["conditions"]} == {p["status"]["startTime"]}


def test_the_reconcile_keeps_what_other_writers_own(make_cluster):
    # a bound pod gets no new nomination while ClearingNominatedNodeNameAfterBinding is on
    cluster = make_cluster(gates={"ClearingNominatedNodeNameAfterBinding": False})
    p = _run(cluster)
    conds = [{"type": "DisruptionTarget", "status": "True", "reason": "DeletionByDeviceTaintManager",
              "message": "Device Taint manager: deleting due to NoExecute taint"},
             {"type": "Ready", "status": "False", "reason": "UserSaysNo"}]
    _user_writes(cluster, "web", {"conditions": conds, "nominatedNodeName": "n1"})
    cluster.advance(10)
    s = cluster.get("Pod", "web")["status"]
    assert s["conditions"][0]["type"] == "DisruptionTarget"
    assert s["conditions"][1:] == p["status"]["conditions"]
    assert s["nominatedNodeName"] == "n1"


def test_a_refused_reconcile_is_tried_at_the_batch_after(cluster, monkeypatch):
    p = _run(cluster)
    cs = copy.deepcopy(p["status"]["containerStatuses"])
    cs[0]["restartCount"] = 7
    _user_writes(cluster, "web", {"containerStatuses": cs})
    sent: list[int] = []
    real = cluster.api.patch

    def patch(kind, name, body, *args, **kwargs):  # the status manager's PatchPodStatus
        if kind == "Pod" and name == "web" and kwargs.get("subresource") == "status":
            sent.append(body["status"]["containerStatuses"][0]["restartCount"])
            if len(sent) == 1:
                raise E.StorageError("etcdserver: request timed out")
        return real(kind, name, body, *args, **kwargs)

    monkeypatch.setattr(cluster.api, "patch", patch)
    cluster.advance(10)
    assert sent == [0]
    assert cluster.get("Pod", "web")["status"]["containerStatuses"][0]["restartCount"] == 7
    cluster.advance(10)
    assert sent == [0, 0]
    assert cluster.get("Pod", "web")["status"]["containerStatuses"][0]["restartCount"] == 0


def test_a_deleted_pods_cached_status_is_forgotten(cluster):
    p = _run(cluster)
    cluster.delete("Pod", "web")
    cluster.settle()
    k = cluster.kubelet("n1")
    assert p["metadata"]["uid"] not in k.statuses
    assert k.cache_mismatches() == []


def test_a_restarted_kubelet_takes_the_stored_status_once(cluster):
    """Upstream's cache lives in memory: after a restart generateAPIPodStatus falls back to
    the API's status (the runtime would then report the real restart count; drakit has no
    runtime, so the stored one is what it keeps)."""
    p = _run(cluster)
    cs = copy.deepcopy(p["status"]["containerStatuses"])
    cs[0]["restartCount"] = 3
    _user_writes(cluster, "web", {"containerStatuses": cs})
    k = cluster.restart_kubelet("n1")
    cluster.advance(10)
    assert cluster.get("Pod", "web")["status"]["containerStatuses"][0]["restartCount"] == 3
    assert k.statuses[p["metadata"]["uid"]]["containerStatuses"][0]["restartCount"] == 3
