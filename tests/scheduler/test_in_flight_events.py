"""Events a pod's scheduling cycle overlaps are asked with the pod's own rejectors.

Upstream keeps the events that arrive while a pod is in flight and, when the cycle ends with
the pod unschedulable, asks the rejecting plugins' queueing hints about them
(scheduling_queue.go determineSchedulingHintForInFlightPod). A pod NodeAffinity alone rejected
is therefore not tried again because some unrelated Node appeared during its cycle, only when
the node matches it. drakit's reference runs no other writer during a cycle; drakit serve, where
other clients write concurrently, does: the tests write from inside the cycle.
"""

from __future__ import annotations

from drakit.cluster import Cluster
from drakit.scheduler.scheduler import Scheduler

POD = """
apiVersion: v1
kind: Pod
metadata: {name: wants-zone-b}
spec:
  nodeSelector: {topology.example.com/zone: b}
  containers:
  - {name: app, image: registry.k8s.io/pause:3.10}
"""


def _scheduler(c: Cluster) -> Scheduler:
    return next(comp for comp in c.components if isinstance(comp, Scheduler))


def _node(name: str, labels: dict[str, str]) -> dict:
    return {"apiVersion": "v1", "kind": "Node",
            "metadata": {"name": name, "labels": {"kubernetes.io/hostname": name, **labels}},
            "status": {"capacity": {"cpu": "8", "memory": "32Gi", "pods": "110"},
                       "allocatable": {"cpu": "8", "memory": "32Gi", "pods": "110"}}}


def _failed_scheduling(c: Cluster) -> int:
    return sum(1 for e in c.api.events_for("Pod", "wants-zone-b")
               if e.get("reason") == "FailedScheduling")


def _run_with_a_node_added_during_the_cycle(labels: dict[str, str]) -> Cluster:
    c = Cluster()
    c.api.create(_node("node-1", {}))
    s = _scheduler(c)
    original = s._schedule_one
    added = []

    def cycle(pod):
        out = original(pod)
        if not added:  # a concurrent client adds a node while this pod is in flight
            added.append(c.api.create(_node("node-2", labels)))
        return out

    s._schedule_one = cycle
    c.apply(POD)
    return c


def test_a_node_that_does_not_match_added_during_the_cycle_leaves_the_pod_parked() -> None:
    c = _run_with_a_node_added_during_the_cycle({})
    pod = c.api.get("Pod", "wants-zone-b", "default")
    assert not pod["spec"].get("nodeName")
    assert _failed_scheduling(c) == 1


def test_a_node_that_matches_added_during_the_cycle_brings_the_pod_back() -> None:
    c = _run_with_a_node_added_during_the_cycle({"topology.example.com/zone": "b"})
    pod = c.api.get("Pod", "wants-zone-b", "default")
    assert pod["spec"].get("nodeName") == "node-2"


def test_a_relist_leaves_a_pod_parked_that_no_relisted_node_matches() -> None:
    """410 Expired makes the scheduler relist (reflector Replace): upstream's handlers get the
    unchanged pod as an update with the same resourceVersion and skip it, so it is not tried
    again; a node that changed to match it while the watch was gone brings it back."""
    c = Cluster()
    c.api.create(_node("node-1", {}))
    c.apply(POD)
    s = _scheduler(c)
    assert s.metrics.attempts["unschedulable"] == 1
    s._relist()
    c.settle()
    assert s.metrics.attempts["unschedulable"] == 1  # not tried again
    assert not c.api.get("Pod", "wants-zone-b", "default")["spec"].get("nodeName")
    # a matching node appears while the scheduler does not watch: the relist finds it
    rv = s.rv
    c.api.create(_node("node-2", {"topology.example.com/zone": "b"}))
    s.rv = rv  # the scheduler has not seen the event
    s.nodes.nodes.pop("node-2", None)
    s._relist()
    c.settle()
    assert c.api.get("Pod", "wants-zone-b", "default")["spec"].get("nodeName") == "node-2"
