"""The "I set <path> of the <Kind> <name> to <value>" step on a cluster whose components write
the object between the step's read and its write: it re-reads and tries again, and an object
that never holds still is an environment error naming what kept changing, never a verdict."""

from __future__ import annotations

import pytest

from steps import common
from steps.backends.base import EnvironmentFailure
from steps.backends.reference import ReferenceBackend
from steps.world import World

POD = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
       "spec": {"containers": [{"name": "app", "image": "busybox"}]}}


class BusyBackend(ReferenceBackend):
    """The reference API server, with another writer (a kubelet, say) relabelling the pod
    just before each of the first ``races`` updates: the update then carries a stale
    resourceVersion, and the real optimistic-concurrency check refuses it."""

    def __init__(self, races: int) -> None:
        super().__init__()
        self.races = races
        self.updates = 0

    def update(self, obj: dict, subresource: str | None = None) -> dict:
        self.updates += 1
        if self.updates <= self.races:
            self.patch("Pod", "p", {"metadata": {"labels": {"seen": str(self.updates)}}})
        return super().update(obj, subresource)


def _world(backend: ReferenceBackend) -> World:
    world = World(backend=backend, scenario="set-field", version="1.37")
    world.b.apply([dict(POD)])
    return world


@pytest.fixture(autouse=True)
def _no_sleep(monkeypatch):
    monkeypatch.setattr(common.time, "sleep", lambda s: None)


def test_a_write_in_between_is_retried_and_the_field_set():
    backend = BusyBackend(races=3)
    world = _world(backend)
    common.when_set_field(world, "spec.containers[0].image", "Pod", "p", "busybox:1.37")
    assert world.last_error is None
    assert backend.updates == 4
    assert world.b.get("Pod", "p")["spec"]["containers"][0]["image"] == "busybox:1.37"


def test_an_object_that_never_holds_still_is_an_environment_failure_naming_the_change():
    backend = BusyBackend(races=common.SET_FIELD_ATTEMPTS)
    world = _world(backend)
    with pytest.raises(EnvironmentFailure, match=r"the Pod 'p' changed between each read and "
                       r"write \(40 conflicts in a row\); what changed: metadata.labels.seen"):
        common.when_set_field(world, "spec.containers[0].image", "Pod", "p", "busybox:1.37")
    assert world.b.get("Pod", "p")["spec"]["containers"][0]["image"] == "busybox"


def test_a_refusal_other_than_a_conflict_is_the_answer_and_not_retried():
    backend = BusyBackend(races=0)
    world = _world(backend)
    common.when_set_field(world, "spec.containers[0].name", "Pod", "p", "other")
    assert world.last_error is not None and world.last_error.reason == "Invalid"
    assert backend.updates == 1


def test_changed_paths_leaves_out_what_every_write_changes():
    old = {"metadata": {"resourceVersion": "1", "labels": {"a": "1"}}, "status": {"x": [1]}}
    new = {"metadata": {"resourceVersion": "2", "labels": {"a": "2"}}, "status": {"x": [2]}}
    assert common.changed_paths(old, new) == ["metadata.labels.a", "status.x"]
    assert common.changed_paths(old, old) == []


def test_a_conflict_with_nobody_writing_in_between_is_the_answer():
    """A PUT whose body names another uid fails its UID precondition with 409 although the
    object did not change: that is what the scenario asks about, so it is not retried."""
    backend = BusyBackend(races=0)
    world = _world(backend)
    common.when_set_field(world, "metadata.uid", "Pod", "p", "6f1c0000-0000-4000-8000-000000000000")
    assert world.last_error is not None and world.last_error.reason == "Conflict"
    assert "Precondition failed: UID in precondition" in world.last_error.message
    assert backend.updates == 1
