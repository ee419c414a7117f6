"""KEP-5004: which DeviceClass serves an extended resource name, event by event.

The shipped expectations are upstream's own (k8s.io/dynamic-resource-allocation
deviceclass/extendedresourcecache/extendedresourcecache_test.go ``testExtendedResourceCache``
at kubernetes-1.35.0 / 3d036712, replayed event for event) and the cases of
kubernetes/kubernetes#141103; the fixed expectations are the KEP's rule ("the one created
later is picked ... if two are created at the same time, the name lexicographically sorted
first is picked") that kubernetes/kubernetes#141110 restores.
"""

from __future__ import annotations

import pytest

from drakit.scheduler.extendeddynamicresources import ExtendedResourceCache

NOW = "2026-01-01T12:00:00Z"
DAY_BEFORE = "2025-12-31T12:00:00Z"
HOUR_LATER = "2026-01-01T13:00:00Z"


def dc(name: str, ext: str | None = None, created: str = NOW) -> dict:
    spec = {"extendedResourceName": ext} if ext else {}
    return {"metadata": {"name": name, "creationTimestamp": created}, "spec": spec}


def test_upstream_unit_test_sequence_on_the_shipped_cache() -> None:
    c = ExtendedResourceCache(fixed=False)
    gpu1, fpga = dc("gpu-class", "example.com/gpu"), dc("fpga-class")
    c.on_add(gpu1)
    c.on_add(fpga)
    r = c.resolver()
    assert r["example.com/gpu"] == "gpu-class"
    assert r["deviceclass.resource.kubernetes.io/fpga-class"] == "fpga-class"
    assert r["deviceclass.resource.kubernetes.io/gpu-class"] == "gpu-class"
    c.on_add(dc("gpu-class-3", "example.com/gpu", DAY_BEFORE))  # older: keeps gpu-class
    assert c.resolver()["example.com/gpu"] == "gpu-class"
    c.on_add(dc("gpu-class-4", "example.com/gpu", HOUR_LATER))  # newer: replaces
    assert c.resolver()["example.com/gpu"] == "gpu-class-4"
    gpu0 = dc("gpu-class-0", "example.com/gpu", HOUR_LATER)  # tie, lower name: replaces
    c.on_add(gpu0)
    assert c.resolver()["example.com/gpu"] == "gpu-class-0"
    moved = dc("gpu-class-0", "test.com/gpu", HOUR_LATER)
    c.on_update(gpu0, moved)
    r = c.resolver()
    assert r["test.com/gpu"] == "gpu-class-0"
    # upstream expects the old name gone although gpu-class, -3 and -4 still carry it
    assert "example.com/gpu" not in r
    c.on_delete(moved)
    r = c.resolver()
    assert "test.com/gpu" not in r
    assert "deviceclass.resource.kubernetes.io/gpu-class-0" not in r


def test_shipped_cache_loses_a_re_pointed_name_until_the_winner_gets_an_event() -> None:
    c = ExtendedResourceCache(fixed=False)
    old, new = dc("gpu.example.com", "example.com/gpu", NOW), dc("gpu-v2.example.com",
                                                                 "example.com/gpu", HOUR_LATER)
    c.on_add(old)
    c.on_add(new)
    assert c.resolver()["example.com/gpu"] == "gpu-v2.example.com"
    cleared = dc("gpu.example.com", None, NOW)
    c.on_update(old, cleared)  # the KEP's recipe: clear the old class's field
    assert "example.com/gpu" not in c.resolver()
    touched = dict(new, metadata={**new["metadata"], "labels": {"x": "y"}})
    c.on_update(new, touched)
    assert c.resolver()["example.com/gpu"] == "gpu-v2.example.com"


def test_shipped_cache_gives_a_losing_class_no_implicit_name() -> None:
    c = ExtendedResourceCache(fixed=False)
    c.on_add(dc("a-gpu", "example.com/gpu"))
    c.on_add(dc("b-gpu", "example.com/gpu"))  # same second, later name: loses
    r = c.resolver()
    assert r["example.com/gpu"] == "a-gpu"
    assert "deviceclass.resource.kubernetes.io/b-gpu" not in r


def test_shipped_cache_does_not_promote_the_runner_up() -> None:
    c = ExtendedResourceCache(fixed=False)
    old, new = dc("old", "example.com/gpu", NOW), dc("new", "example.com/gpu", HOUR_LATER)
    c.on_add(old)
    c.on_add(new)
    c.on_delete(new)
    assert "example.com/gpu" not in c.resolver()


@pytest.mark.parametrize("order", [("old", "new"), ("new", "old")])
def test_fixed_cache_newest_wins_whatever_the_event_order(order: tuple[str, str]) -> None:
    classes = {"old": dc("old", "example.com/gpu", NOW), "new": dc("new", "example.com/gpu", HOUR_LATER)}
    c = ExtendedResourceCache(fixed=True)
    for n in order:
        c.on_add(classes[n])
    r = c.resolver()
    assert r["example.com/gpu"] == "new"
    assert r["deviceclass.resource.kubernetes.io/old"] == "old"
    assert r["deviceclass.resource.kubernetes.io/new"] == "new"


def test_fixed_cache_ties_go_to_the_first_name_and_re_pointing_works() -> None:
    c = ExtendedResourceCache(fixed=True)
    b, a = dc("b-gpu", "example.com/gpu"), dc("a-gpu", "example.com/gpu")
    c.on_add(b)
    c.on_add(a)
    assert c.resolver()["example.com/gpu"] == "a-gpu"
    c.on_update(a, dc("a-gpu", None))
    assert c.resolver()["example.com/gpu"] == "b-gpu"
    c.on_delete(b)
    assert "example.com/gpu" not in c.resolver()
    assert c.resolver()["deviceclass.resource.kubernetes.io/a-gpu"] == "a-gpu"


@pytest.mark.parametrize(("version", "fixed"), [("1.34", True), ("1.35", False), ("1.36", False),
                                                ("1.37", False)])
def test_the_bug_is_emulated_where_upstream_has_it(version: str, fixed: bool) -> None:
    assert ExtendedResourceCache.for_version(version).fixed is fixed


# ---------------------------------------------------------------------------- properties

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_NAMES = ["a", "b", "c"]
_EXTS = [None, "example.com/gpu", "example.com/fpga"]
_TIMES = [DAY_BEFORE, NOW, HOUR_LATER]
_events = st.lists(st.tuples(st.sampled_from(["put", "delete"]), st.sampled_from(_NAMES),
                             st.sampled_from(_EXTS), st.sampled_from(_TIMES)), max_size=12)


def _replay(cache: ExtendedResourceCache, events) -> dict[str, dict]:
    live: dict[str, dict] = {}
    for op, name, ext, created in events:
        old = live.get(name)
        if op == "delete":
            if old is not None:
                cache.on_delete(live.pop(name))
            continue
        # a class keeps its creationTimestamp across updates
        new = dc(name, ext, old["metadata"]["creationTimestamp"] if old else created)
        if old is None:
            cache.on_add(new)
        else:
            cache.on_update(old, new)
        live[name] = new
    return live


@settings(max_examples=200, deadline=None)
@given(_events)
def test_fixed_cache_equals_the_rule_recomputed_from_scratch(events) -> None:
    c = ExtendedResourceCache(fixed=True)
    live = _replay(c, events)
    want = {f"deviceclass.resource.kubernetes.io/{n}": n for n in live}
    for ext in {(cl["spec"] or {}).get("extendedResourceName") for cl in live.values()} - {None}:
        cands = [cl for cl in live.values() if cl["spec"].get("extendedResourceName") == ext]
        best = sorted(cands, key=lambda cl: (-_ts(cl), cl["metadata"]["name"]))[0]
        want[ext] = best["metadata"]["name"]
    assert c.resolver() == want


def _ts(cl: dict) -> int:
    return _TIMES.index(cl["metadata"]["creationTimestamp"])


def _without_collisions(events) -> list:
    """Drop puts that would give a name a second live class (the cases #141103 is about)."""
    out, owner = [], {}
    for op, name, ext, created in events:
        if op == "put" and ext is not None and owner.get(ext, name) != name:
            continue
        for e, n in list(owner.items()):
            if n == name:
                del owner[e]
        if op == "put" and ext is not None:
            owner[ext] = name
        out.append((op, name, ext, created))
    return out


@settings(max_examples=200, deadline=None)
@given(_events)
def test_shipped_cache_is_right_while_no_two_classes_share_a_name(events) -> None:
    """The bug needs a collision: without one the shipped cache gives the KEP's answer."""
    events = _without_collisions(events)
    shipped, fixed = ExtendedResourceCache(fixed=False), ExtendedResourceCache(fixed=True)
    _replay(shipped, events)
    _replay(fixed, events)
    assert shipped.resolver() == fixed.resolver()
