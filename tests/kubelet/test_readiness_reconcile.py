"""drakit/kubelet/status.py needs_readiness_reconcile: upstream's NeedToReconcilePodReadiness
(pkg/kubelet/status/status_manager.go) over GeneratePodReadyCondition (generate.go); the
expected Ready conditions are worked out by hand from those functions' rules."""

import pytest

from drakit.kubelet.status import needs_readiness_reconcile, pod_ready_condition

GATE = "example.com/checked"


def _pod(ready=None, statuses=(("main", True),), gates=(GATE,), conditions=(), phase="Running",
         inits=()):
    status = {"phase": phase, "conditions": list(conditions)}
    if statuses is not None:
        status["containerStatuses"] = [{"name": n, "ready": r} for n, r in statuses]
    if ready is not None:
        status["conditions"].append({"type": "Ready", **ready})
    return {"spec": {"readinessGates": [{"conditionType": g} for g in gates],
                     "initContainers": [dict(c) for c in inits],
                     "containers": [{"name": "main"}]},
            "status": status}


@pytest.mark.parametrize("pod, want", [
    (_pod(statuses=None), ("False", "")),  # UnknownContainerStatuses
    (_pod(statuses=()), ("False", "containers with unknown status: [main]")),
    (_pod(statuses=(("main", False),)), ("False", "containers with unready status: [main]")),
    (_pod(statuses=(("main", False),), phase="Failed"), ("False", "")),  # PodFailed
    (_pod(statuses=(("main", True),), phase="Succeeded"), ("False", "")),  # PodCompleted
    (_pod(statuses=(), phase="Succeeded"), ("False", "containers with unknown status: [main]")),
    # a restartable init container is looked up in containerStatuses only: unknown
    (_pod(inits=[{"name": "side", "restartPolicy": "Always"}, {"name": "setup"}]),
     ("False", "containers with unknown status: [side]")),
    (_pod(), ("False", f'corresponding condition of pod readiness gate "{GATE}" does not exist.')),
    (_pod(conditions=[{"type": GATE, "status": "False"}]),
     ("False", f'the status of pod readiness gate "{GATE}" is not "True", but False')),
    (_pod(gates=(GATE, "b"), conditions=[{"type": GATE, "status": "Unknown"}]),
     ("False", f'the status of pod readiness gate "{GATE}" is not "True", but Unknown, '
               'corresponding condition of pod readiness gate "b" does not exist.')),
    # GetPodConditionFromList takes the first condition of the type
    (_pod(conditions=[{"type": GATE, "status": "True"}, {"type": GATE, "status": "False"}]),
     ("True", "")),
])
def test_generated_ready_condition(pod, want):
    assert pod_ready_condition(pod) == want


def test_only_pods_with_readiness_gates_and_a_ready_condition_are_reconciled():
    wrong = {"status": "True"}
    assert not needs_readiness_reconcile(_pod(ready=wrong, statuses=(("main", False),), gates=()))
    assert not needs_readiness_reconcile(_pod(ready=None, statuses=(("main", False),)))
    assert needs_readiness_reconcile(_pod(ready=wrong, statuses=(("main", False),)))


def test_status_or_message_disagreeing_is_reconciled_reason_alone_is_not():
    gated = [{"type": GATE, "status": "True"}]
    assert not needs_readiness_reconcile(_pod(ready={"status": "True"}, conditions=gated))
    assert not needs_readiness_reconcile(
        _pod(ready={"status": "True", "reason": "Whatever"}, conditions=gated))
    assert needs_readiness_reconcile(_pod(ready={"status": "True", "message": "x"},
                                          conditions=gated))
    unready = {"status": "False", "reason": "ContainersNotReady",
               "message": "containers with unready status: [main]"}
    assert not needs_readiness_reconcile(_pod(ready=unready, statuses=(("main", False),)))
    assert needs_readiness_reconcile(_pod(ready=unready))


def test_what_counts_as_an_update_of_the_pod():
    """config.go podsDifferSemantically: spec, labels, annotations, deletionTimestamp,
    deletionGracePeriodSeconds; not the status, finalizers, owner references or generation."""
    from drakit.kubelet.kubelet import _differ_semantically

    base = {"metadata": {"name": "p", "labels": {}, "generation": 1, "resourceVersion": "5"},
            "spec": {"containers": [{"name": "main"}]}, "status": {"phase": "Pending"}}

    def changed(**md):
        new = {**base, "metadata": {**base["metadata"], **md}}
        return _differ_semantically(base, new)

    assert not changed(resourceVersion="6", generation=2, finalizers=["x"],
                       ownerReferences=[{"name": "o"}])
    assert not changed(labels=None, annotations={})  # empty reads as absent
    assert not _differ_semantically(base, {**base, "status": {"phase": "Running"}})
    assert changed(labels={"a": "b"})
    assert changed(annotations={"a": "b"})
    assert changed(deletionTimestamp="2026-01-01T00:00:00Z")
    assert changed(deletionGracePeriodSeconds=30)
    assert _differ_semantically(base, {**base, "spec": {"containers": [{"name": "other"}]}})
