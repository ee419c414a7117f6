"""The reference backend's interleaved writes: an armed write that never happens fails the
scenario (through internal_errors, which steps/conftest.py turns into a failure), and each
change the step offers lands as another client's write."""

from __future__ import annotations

import pytest

from steps.backends.base import ApiError
from steps.backends.reference import ReferenceBackend
from steps.world import World

POD = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
       "spec": {"containers": [{"name": "app", "image": "busybox"}]}}


def _world() -> World:
    world = World(backend=ReferenceBackend(), scenario="interleave", version="1.37")
    world.b.apply([dict(POD)])
    return world


def test_an_armed_write_that_never_happens_is_a_finding():
    world = _world()
    world.b.interleave_writes("labels", "Pod", "p", 2)
    assert world.b.interleaved_writes_pending() == ["Pod default/p (2 left)"]
    assert "another client's write never happened: Pod default/p (2 left)" in world.b.internal_errors()


def test_labels_lands_before_each_write_with_a_new_value():
    world = _world()
    world.b.interleave_writes("labels", "Pod", "p", 2)
    for i in (1, 2):
        world.b.patch("Pod", "p", {"metadata": {"annotations": {"mine": str(i)}}})
        assert world.b.get("Pod", "p")["metadata"]["labels"] == {ReferenceBackend.INTERLEAVE_LABEL: str(i)}
    assert world.b.interleaved_writes_pending() == []
    assert not [e for e in world.b.internal_errors() if "never happened" in e]


def test_deletes_removes_the_object_before_the_write():
    world = _world()
    world.b.interleave_writes("deletes", "Pod", "p", 1)
    with pytest.raises(ApiError):
        world.b.patch("Pod", "p", {"metadata": {"annotations": {"mine": "1"}}})


def test_only_deletes_and_labels_are_offered():
    world = _world()
    with pytest.raises(ValueError, match="delete or label an object, not 'edits'"):
        world.b.interleave_writes("edits", "Pod", "p", 1)
