"""drakit/kubelet/status.py: the status the kubelet writes, waiting and running."""

from drakit.kubelet.status import go_list, pod_status

from .helpers import allocate, claim, container, pod

T0, T1 = "2026-01-01T00:00:00Z", "2026-01-01T00:00:15Z"


def _pod(status=None, inits=(), containers=("main",)):
    return {"metadata": {"name": "p", "namespace": "default", "uid": "u"},
            "spec": {"initContainers": [dict(c) if isinstance(c, dict) else {"name": c, "image": "i"}
                                        for c in inits],
                     "containers": [{"name": c, "image": "i"} for c in containers]},
            "status": status or {"phase": "Pending", "qosClass": "BestEffort"}}


def _cond(status, t):
    return next(c for c in status["conditions"] if c["type"] == t)


def test_go_list_prints_like_go():
    assert go_list(["a", "b"]) == "[a b]"
    assert go_list([]) == "[]"


def test_waiting_status():
    s = pod_status(_pod(containers=("main", "logger")), running=False, now=T0)
    assert [c["type"] for c in s["conditions"]] == [
        "PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"]
    assert _cond(s, "Ready") == {"type": "Ready", "status": "False", "reason": "ContainersNotReady",
                                 "message": "containers with unready status: [main logger]",
                                 "lastTransitionTime": T0}
    assert [c["name"] for c in s["containerStatuses"]] == ["logger", "main"]
    assert s["containerStatuses"][0]["state"] == {"waiting": {"reason": "ContainerCreating"}}
    assert (s["phase"], s["startTime"], s["qosClass"]) == ("Pending", T0, "BestEffort")
    assert "initContainerStatuses" not in s


def test_waiting_with_init_containers():
    pod = _pod(inits=("setup", {"name": "proxy", "image": "i", "restartPolicy": "Always"}))
    s = pod_status(pod, running=False, now=T0)
    assert _cond(s, "Initialized")["message"] == "containers with incomplete status: [setup proxy]"
    assert _cond(s, "ContainersReady")["message"] == "containers with unready status: [proxy main]"
    assert {c["state"]["waiting"]["reason"]
            for c in s["initContainerStatuses"] + s["containerStatuses"]} == {"PodInitializing"}
    assert [c["name"] for c in s["initContainerStatuses"]] == ["setup", "proxy"]


def test_same_status_keeps_transition_times_and_is_idempotent():
    first = pod_status(_pod(), running=False, now=T0)
    again = pod_status(_pod(first), running=False, now=T1)
    assert again == first
    running = pod_status(_pod(first), running=True, now=T1)
    assert _cond(running, "Initialized")["lastTransitionTime"] == T0
    assert _cond(running, "Ready") == {"type": "Ready", "status": "True", "lastTransitionTime": T1}
    assert running["startTime"] == T0
    assert running["containerStatuses"][0]["state"] == {"running": {"startedAt": T1}}


def test_conditions_of_others_kept_first_and_scheduled_time_kept():
    old = {"phase": "Pending", "conditions": [
        {"type": "PodScheduled", "status": "True", "lastTransitionTime": T0},
        {"type": "DisruptionTarget", "status": "True", "reason": "R", "lastTransitionTime": T0}]}
    s = pod_status(_pod(old), running=False, now=T1)
    assert [c["type"] for c in s["conditions"]][:2] == ["DisruptionTarget", "PodReadyToStartContainers"]
    assert _cond(s, "PodScheduled") == {"type": "PodScheduled", "status": "True",
                                        "lastTransitionTime": T0}


def test_ready_to_start_condition_needs_the_gate():
    old = {"conditions": [{"type": "PodReadyToStartContainers", "status": "True"}]}
    s = pod_status(_pod(old), running=False, now=T0, ready_to_start_condition=False)
    # not the kubelet's condition then: kept as it was, and none generated
    assert [c for c in s["conditions"] if c["type"] == "PodReadyToStartContainers"] == \
        [{"type": "PodReadyToStartContainers", "status": "True"}]


def test_restart_count_carried_and_pod_left_alone():
    old = {"containerStatuses": [{"name": "main", "restartCount": 2,
                                  "lastState": {"terminated": {"exitCode": 1}}}]}
    pod = _pod(old)
    s = pod_status(pod, running=False, now=T0)
    assert s["containerStatuses"][0]["restartCount"] == 2
    assert s["containerStatuses"][0]["lastState"] == {"terminated": {"exitCode": 1}}
    assert "conditions" not in pod["status"]


def test_the_kubelets_own_status_write_does_not_retry_the_prepare_early(cluster):
    """The waiting status the kubelet writes comes back through its watch; upstream hands a
    change of the status alone to HandlePodReconcile, so the failed prepare is retried at
    the pod worker's resync (60 s), not at once."""
    k = cluster.kubelet("n1")
    drv = k.drivers["gpu.example.com"]
    k.fail_driver("gpu.example.com", "NodePrepareResources", "gpu-0 is not healthy")
    cluster.apply([claim("c")])
    cluster.apply([pod("p1", [container("main", ["gpu"])], claims={"gpu": "c"})])
    allocate(cluster, "c", [("gpu", "gpu.example.com", "n1", "gpu-0")], ["p1"])
    cluster.settle()
    assert cluster.get("Pod", "p1")["status"]["containerStatuses"][0]["state"] == \
        {"waiting": {"reason": "ContainerCreating"}}
    assert [op for op, _ in drv.calls] == ["prepare"]
    cluster.advance(59)
    assert [op for op, _ in drv.calls] == ["prepare"]
    cluster.advance(1)
    assert [op for op, _ in drv.calls] == ["prepare", "prepare"]


def _gen(pod, generation):
    pod["metadata"]["generation"] = generation
    return pod


def test_observed_generation_on_status_and_the_kubelets_conditions():
    s = pod_status(_gen(_pod(status={"phase": "Pending", "conditions": [
        {"type": "example.com/Mine", "status": "True"}]}), 1), running=True, now=T0)
    assert s["observedGeneration"] == 1
    assert {c["type"]: c.get("observedGeneration") for c in s["conditions"]} == {
        "example.com/Mine": None, "PodReadyToStartContainers": 1, "Initialized": 1, "Ready": 1,
        "ContainersReady": 1, "PodScheduled": 1}


def test_a_new_generation_synced_again_keeps_containers_and_transition_times():
    first = pod_status(_gen(_pod(inits=("setup",)), 1), running=True, now=T0)
    again = pod_status(_gen(_pod(first, inits=("setup",)), 2), running=True, now=T1)
    assert again["observedGeneration"] == 2
    assert {c.get("observedGeneration") for c in again["conditions"]} == {2}
    assert {c["lastTransitionTime"] for c in again["conditions"]} == {T0}
    assert again["containerStatuses"] == first["containerStatuses"]
    assert again["initContainerStatuses"] == first["initContainerStatuses"]
    # the same generation once more: nothing to write
    assert pod_status(_gen(_pod(again, inits=("setup",)), 2), running=True, now=T1) == again


def test_no_observed_generation_without_the_gate_unless_one_was_there():
    s = pod_status(_gen(_pod(), 3), running=True, now=T0, generation_tracking=False)
    assert "observedGeneration" not in s
    assert all("observedGeneration" not in c for c in s["conditions"])
    before = {"phase": "Running", "observedGeneration": 2,
              "conditions": [{"type": "Ready", "status": "True", "observedGeneration": 2}]}
    s = pod_status(_gen(_pod(before), 3), running=True, now=T0, generation_tracking=False)
    assert s["observedGeneration"] == 3
    assert {c["type"]: c.get("observedGeneration") for c in s["conditions"]}["Ready"] == 3
    assert {c["type"]: c.get("observedGeneration") for c in s["conditions"]}["Initialized"] is None


# --- a deleted pod's terminal status (kubernetes#115331) ------------------------------------

def test_a_stopped_running_pod_is_succeeded_its_containers_completed_and_the_init_ones_kept():
    """Started: every running container (sidecars too) ends Completed with exit 0 and its start
    time, the completed init container stays as it was, the phase is Succeeded and the
    kubelet's conditions are generate.go's PodCompleted ones."""
    pod = _pod(inits=("setup", {"name": "proxy", "image": "i", "restartPolicy": "Always"}))
    pod["status"] = pod_status(pod, running=True, now=T0)
    setup_before = pod["status"]["initContainerStatuses"][0]
    s = pod_status(pod, running=True, now=T1, terminal=True)
    assert s["phase"] == "Succeeded"
    assert s["initContainerStatuses"][0] == setup_before
    for st in [s["initContainerStatuses"][1], *s["containerStatuses"]]:
        assert (st["ready"], st["started"]) == (False, False)
        assert st["state"] == {"terminated": {"exitCode": 0, "reason": "Completed",
                                              "startedAt": T0, "finishedAt": T1}}
    assert {c["type"]: (c["status"], c.get("reason")) for c in s["conditions"]} == {
        "PodReadyToStartContainers": ("False", None), "Initialized": ("True", "PodCompleted"),
        "Ready": ("False", "PodCompleted"), "ContainersReady": ("False", "PodCompleted"),
        "PodScheduled": ("True", None)}
    assert _cond(s, "Initialized")["lastTransitionTime"] == T0  # its status stayed True
    assert _cond(s, "Ready")["lastTransitionTime"] == T1


def test_a_stopped_pending_pod_is_failed_its_containers_unknown_and_its_init_ones_waiting():
    """Never started: TerminatePod gives each regular container ContainerStatusUnknown (137) and
    marks the pod Failed; the init containers that never started are the final suffix it
    leaves waiting; the conditions stay the pending ones."""
    pod = _pod(inits=("setup",), containers=("main", "logger"))
    pending = pod_status(pod, running=False, now=T0)
    s = pod_status(pod, running=False, now=T1, terminal=True)
    assert s["phase"] == "Failed"
    assert s["initContainerStatuses"] == pending["initContainerStatuses"]
    for st in s["containerStatuses"]:
        assert st["state"] == {"terminated": {
            "exitCode": 137, "reason": "ContainerStatusUnknown",
            "message": "The container could not be located when the pod was terminated"}}
    assert [(c["type"], c["status"], c.get("reason"), c.get("message")) for c in s["conditions"]] == \
        [(c["type"], c["status"], c.get("reason"), c.get("message")) for c in pending["conditions"]]
