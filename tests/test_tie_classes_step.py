"""The KEP-5004 tie step on a live cluster: two DeviceClasses that landed in different seconds
are created again (same order) until they share one, and only then is the case unsupported."""

from __future__ import annotations

import itertools

import pytest

from steps.backends.base import Unsupported
from steps.kep5004_steps import TIE_ATTEMPTS, classes_created_together


class FakeCluster:
    """Stamps each create with the next second from ``seconds`` (a live cluster's clock)."""

    def __init__(self, seconds: list[int]) -> None:
        self.seconds = iter(seconds)
        self.objs: dict[str, dict] = {}
        self.log: list[str] = []

    def apply(self, objs: list[dict]) -> list[dict]:
        for o in objs:
            o = {**o, "metadata": {**o["metadata"],
                                   "creationTimestamp": f"2026-11-22T10:00:{next(self.seconds):02d}Z"}}
            self.objs[o["metadata"]["name"]] = o
            self.log.append("create " + o["metadata"]["name"])
        return objs

    def get(self, kind: str, name: str) -> dict:
        return self.objs[name]

    def delete(self, kind: str, name: str, wait: bool = True,
               grace_period_seconds: int | None = None) -> None:
        del self.objs[name]
        self.log.append("delete " + name)

    def settle(self) -> None:
        pass


class FakeWorld:
    def __init__(self, b: FakeCluster) -> None:
        self.b, self.observations = b, []

    def observe(self, step, expected, actual, objects=None) -> None:
        self.observations.append((step, expected, actual))


def _world(seconds: list[int]) -> FakeWorld:
    b = FakeCluster(seconds)
    for name in ("b-gpu.example.com", "a-gpu.example.com"):  # the fixture's order: b first
        b.apply([{"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                  "metadata": {"name": name, "labels": {"x": "y"}},
                  "spec": {"extendedResourceName": "example.com/gpu"}}])
    b.log.clear()
    return FakeWorld(b)


def test_classes_in_one_second_need_nothing_more() -> None:
    w = _world([5, 5])
    classes_created_together(w, "a-gpu.example.com", "b-gpu.example.com")
    assert w.b.log == [] and w.observations[-1][2][0] == w.observations[-1][2][1]


def test_classes_in_two_seconds_are_created_again_in_their_order() -> None:
    w = _world([5, 6, 7, 7])
    classes_created_together(w, "a-gpu.example.com", "b-gpu.example.com")
    assert w.b.log == ["delete b-gpu.example.com", "delete a-gpu.example.com",
                       "create b-gpu.example.com", "create a-gpu.example.com"]
    assert w.b.objs["a-gpu.example.com"]["metadata"]["labels"] == {"x": "y"}
    assert w.b.objs["a-gpu.example.com"]["spec"] == {"extendedResourceName": "example.com/gpu"}


def test_a_tie_that_never_happens_is_unsupported_after_the_last_attempt() -> None:
    w = _world(list(itertools.islice(itertools.count(1), 2 * TIE_ATTEMPTS + 2)))
    with pytest.raises(Unsupported, match=f"{TIE_ATTEMPTS} times"):
        classes_created_together(w, "a-gpu.example.com", "b-gpu.example.com")
    assert sum(1 for e in w.b.log if e.startswith("create")) == 2 * (TIE_ATTEMPTS - 1)
