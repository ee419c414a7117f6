"""``Cluster.settle()`` and ``advance()`` always return (issue 14 §2, issue 13 "settle() always
returns").

Toy components livelock on purpose: two that undo each other, one that claims work and does
nothing, one that creates a fresh object every round. Each must end in a ``SettleError`` that
names the components and the objects, quickly, instead of hanging the run.
"""

from __future__ import annotations

import signal
import time
from contextlib import contextmanager

import pytest

from drakit import Cluster, SettleError
from drakit.progress import STALL_ROUNDS

TOY_CLASS = {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
             "metadata": {"name": "toy"}, "spec": {}}


@contextmanager
def deadline(seconds: int):
    """Fail (instead of hanging the suite) if the block runs longer than ``seconds``."""
    def _expired(signum, frame):
        raise AssertionError(f"did not return within {seconds} s")
    old = signal.signal(signal.SIGALRM, _expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


class Flipper:
    """Sets an annotation on the toy DeviceClass to its own value whenever it differs."""

    def __init__(self, name: str, api) -> None:
        self.name = name
        self.api = api

    def sync(self) -> bool:
        cls = self.api.try_get("DeviceClass", "toy")
        if cls is None or (cls["metadata"].get("annotations") or {}).get("owner") == self.name:
            return False
        cls["metadata"]["annotations"] = {"owner": self.name}
        self.api.update(cls)
        return True


class Spinner:
    name = "spinner"

    def sync(self) -> bool:
        return True  # claims work for ever, writes nothing


class Grower:
    name = "grower"

    def __init__(self, api) -> None:
        self.api = api

    def sync(self) -> bool:
        self.api.create({"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                         "metadata": {"generateName": "grown-"}, "spec": {}})
        return True


@pytest.fixture
def cluster():
    c = Cluster()
    c.add_node("n1")
    yield c
    c.close()


def test_two_components_undoing_each_other_are_named(cluster):
    cluster.apply([TOY_CLASS])
    cluster.components += [Flipper("toy-a", cluster.api), Flipper("toy-b", cluster.api)]
    t0 = time.monotonic()
    with deadline(60), pytest.raises(SettleError) as e:
        cluster.settle()
    assert time.monotonic() - t0 < 30
    msg = str(e.value)
    assert msg.startswith(f"the cluster did not settle: {STALL_ROUNDS} rounds in a row brought "
                          "the cluster to no new state; components still busy: ")
    assert sorted(e.value.components) == ["toy-a", "toy-b"]  # the writers, not bystanders
    assert e.value.objects == ["DeviceClass toy"]
    assert "kube-scheduler (busy in 50 of 50 rounds, no writes)" in msg
    assert "DeviceClass toy (written " in msg and "by toy-a" in msg and "by toy-b" in msg


def test_a_component_busy_without_writing_is_named(cluster):
    cluster.components.append(Spinner())
    with deadline(60), pytest.raises(SettleError) as e:
        cluster.settle()
    assert "no new state" in str(e.value)  # found by the state digest, not the round bound
    assert e.value.components == ["spinner"] and e.value.objects == []
    assert "spinner (busy in 50 of 50 rounds, no writes)" in str(e.value)
    assert "none (the busy components wrote nothing)" in str(e.value)


def test_a_runaway_writer_hits_the_write_budget(cluster):
    cluster.components.append(Grower(cluster.api))
    with deadline(60), pytest.raises(SettleError) as e:
        cluster.settle(max_writes=300)
    assert "writes in one settle exceed the budget of 300" in str(e.value)
    assert e.value.components == ["grower"]
    assert e.value.objects[0].startswith("DeviceClass grown-")


def test_the_round_bound_still_holds(cluster):
    cluster.components.append(Grower(cluster.api))
    with deadline(60), pytest.raises(SettleError, match="did not settle: 20 rounds"):
        cluster.settle(max_rounds=20)


def test_a_settled_cluster_needs_no_rounds_and_apply_is_unaffected(cluster):
    cluster.apply([TOY_CLASS])
    assert cluster.settle() == 0
    assert cluster.get("DeviceClass", "toy")["metadata"]["name"] == "toy"


def test_the_error_leaves_the_cluster_usable(cluster):
    cluster.apply([TOY_CLASS])
    flippers = [Flipper("toy-a", cluster.api), Flipper("toy-b", cluster.api)]
    cluster.components += flippers
    with deadline(60), pytest.raises(SettleError):
        cluster.settle()
    for f in flippers:
        cluster.components.remove(f)
    cluster.settle()  # the others catch up with the last flip
    assert cluster.settle() == 0
    cluster.apply([{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
                    "spec": {"containers": [{"name": "c", "image": "x"}]}}])
    assert cluster.get("Pod", "p")["status"]["phase"] == "Running"


def test_a_shared_overhead_claim_never_hangs_a_run():
    """The livelock issue 14 reports (a claim with overhead shared by two pods): whatever
    the scheduler decides, ``apply`` returns — settled, or a SettleError naming the
    scheduler (the KEP-5517 fix removes the cause; this test pins that no cause can hang)."""
    c = Cluster(version="1.37", feature_gates={"DRANodeAllocatableResources": True})
    try:
        c.add_node("node1", allocatable={"cpu": "16", "memory": "64Gi", "pods": "110"})
        c.apply([{"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                  "metadata": {"name": "xpu"},
                  "spec": {"selectors": [{"cel": {"expression":
                                                  'device.driver == "xpu.example.com"'}}]}},
                 {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
                  "metadata": {"name": "node1-xpus"},
                  "spec": {"driver": "xpu.example.com", "nodeName": "node1",
                           "pool": {"name": "node1-xpus", "generation": 1,
                                    "resourceSliceCount": 1},
                           "devices": [{"name": "xpu-0", "nodeAllocatableResources": {
                               "memory": {"overhead": {"perPod": "512Mi"}}}}]}},
                 {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
                  "metadata": {"name": "shared"},
                  "spec": {"devices": {"requests": [
                      {"name": "x", "exactly": {"deviceClassName": "xpu"}}]}}}])
        pods = [{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": f"p{i}"},
                 "spec": {"resourceClaims": [{"name": "x", "resourceClaimName": "shared"}],
                          "containers": [{"name": "main", "image": "x", "resources": {
                              "claims": [{"name": "x"}], "requests": {"cpu": "1"}}}]}}
                for i in range(2)]
        with deadline(120):
            try:
                c.apply(pods)
            except SettleError as e:
                assert "kube-scheduler" in e.components
                assert "ResourceClaim default/shared" in e.objects
    finally:
        c.close()


def test_a_scheduler_requeueing_pods_for_ever_is_named(cluster):
    """Every attempt's events move the other pods back to the active queue: the scheduler
    is busy every round without progress, and settle() names it."""
    sched = next(c for c in cluster.components if c.name == "kube-scheduler")
    cluster.apply([{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": f"p{i}"},
                    "spec": {"nodeSelector": {"nowhere": "true"},
                             "containers": [{"name": "c", "image": "x"}]}} for i in range(2)])
    real = sched._process_events

    def every_attempt_wakes_the_others() -> bool:
        real()
        sched.queue.move_all()
        return True
    sched._process_events = every_attempt_wakes_the_others
    with deadline(60), pytest.raises(SettleError) as e:
        cluster.advance(1)
    assert "kube-scheduler" in e.value.components


@pytest.mark.parametrize("seconds", [-1, float("nan"), float("inf"), 1e12, True, "5"])
def test_advance_refuses_what_is_no_duration(cluster, seconds):
    before = cluster.clock.now()
    with pytest.raises(ValueError, match="advance\\(\\) takes a finite number of seconds"):
        cluster.advance(seconds)
    assert cluster.clock.now() == before


def test_advance_moves_the_clock_and_settles(cluster):
    before = cluster.clock.now()
    cluster.advance(0)
    cluster.advance(90.5)
    assert (cluster.clock.now() - before).total_seconds() == 90.5


class QuietWriter:
    """Writes once (an object, or only an Event) and says it had no work."""

    name = "quiet-writer"

    def __init__(self, api, event_only: bool = False) -> None:
        self.api = api
        self.event_only = event_only
        self.done = False

    def sync(self) -> bool:
        if not self.done:
            self.done = True
            if self.event_only:
                self.api.record_event(self.api.get("Namespace", "default"), "Normal", "Noted",
                                      "nothing to do", self.name)
            else:
                self.api.create(dict(TOY_CLASS))
        return False


def test_a_component_that_writes_but_reports_no_work_is_recorded_and_the_round_goes_on():
    c = Cluster()
    c.settle()
    seen = []

    class Reader:
        name = "reader"

        def sync(self) -> bool:
            seen.append(c.api.try_get("DeviceClass", "toy") is not None)
            return False

    c.components.extend([QuietWriter(c.api), Reader()])
    c.settle()
    assert len(c.unreported_writes) == 1
    assert c.unreported_writes[0].startswith(
        "quiet-writer wrote DeviceClass (resourceVersion ")
    assert c.unreported_writes[0].endswith(") in a settle round in which it reported no work")
    assert seen[-1] is True  # one more round ran after the quiet write


def test_a_quiet_write_is_recorded_also_in_a_round_where_another_component_is_busy():
    """The check is per component: a busy neighbour (which alone would keep settle going)
    does not hide a sync that wrote and reported no work."""
    c = Cluster()
    c.settle()

    class BusyOnce:
        name = "busy-once"
        rounds = 0

        def sync(self) -> bool:
            self.rounds += 1
            return self.rounds == 1

    c.components.extend([BusyOnce(), QuietWriter(c.api)])
    c.settle()
    assert len(c.unreported_writes) == 1
    assert c.unreported_writes[0].startswith("quiet-writer wrote DeviceClass (resourceVersion ")


def test_an_event_written_quietly_is_not_a_finding():
    c = Cluster()
    c.settle()
    c.components.append(QuietWriter(c.api, event_only=True))
    c.settle()
    assert c.unreported_writes == []


def test_writes_after_restart_name_what_a_fresh_controller_found_undone():
    """A ReplicaSet event the running controller never saw (its watch moved past it): a fresh
    controller-manager relists and creates the pod, and that is reported."""
    from drakit.controllers.deployment import ReplicaSetController

    c = Cluster()
    c.settle()
    assert c.writes_after_restart() == []
    c.api.create({"apiVersion": "apps/v1", "kind": "ReplicaSet",
                  "metadata": {"name": "web", "namespace": "default"},
                  "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "web"}},
                           "template": {"metadata": {"labels": {"app": "web"}},
                                        "spec": {"containers": [{"name": "c", "image": "pause"}]}}}})
    rs = next(x for x in c.components if isinstance(x, ReplicaSetController))
    rs.rv = c.api.resource_version
    c.settle()
    assert c.api.list("Pod", "default") == []
    lines = c.writes_after_restart()
    assert any(line.startswith("ADDED Pod default/web-") for line in lines), lines
