"""The scheduler's DRACache keeps the allocator's AllocatorCache in step with its informers.

Why: Filter allocates through ``DRACache.alloc`` (AllocatorCache); a slice or class event
that the cache missed would make the scheduler allocate from stale devices. Each case
compares ``alloc.allocate_on`` with a plain :func:`drakit.allocator.allocate` on the
same inputs after the event.
"""

from __future__ import annotations

from drakit.allocator import allocate
from drakit.scheduler.cache import DRACache

NODE = {"metadata": {"name": "n1", "labels": {"kubernetes.io/hostname": "n1"}}}


def cls(name: str, expr: str) -> dict:
    return {"metadata": {"name": name}, "spec": {"selectors": [{"cel": {"expression": expr}}]}}


def slc(name: str, rv: str, devices: list[str], node: str = "n1") -> dict:
    return {"metadata": {"name": name, "uid": f"uid-{name}", "resourceVersion": rv},
            "spec": {"driver": "gpu.example.com", "nodeName": node,
                     "pool": {"name": node, "generation": int(rv), "resourceSliceCount": 1},
                     "devices": [{"name": d, "attributes": {"model": {"string": d[:2]}}} for d in devices]}}


def claim(name: str, klass: str = "gpu", expr: str | None = None) -> dict:
    ex: dict = {"deviceClassName": klass}
    if expr:
        ex["selectors"] = [{"cel": {"expression": expr}}]
    return {"metadata": {"name": name, "namespace": "default", "uid": f"uid-{name}"},
            "spec": {"devices": {"requests": [{"name": "r", "exactly": ex}]}}}


def devices(results: list[dict]) -> list[str]:
    return [r["device"] for a in results for r in a["devices"]["results"]]


def check(dra: DRACache, claims: list[dict]) -> list[str]:
    got = dra.alloc.allocate_on(NODE, claims)
    want = allocate(NODE, claims, dra.slices_for("n1"), list(dra.classes.values()), list(dra.claims.values()),
                    gates=dict(dra.alloc.gates), version="1.37")
    assert got == want
    return devices(got)


def test_slice_and_class_events_reach_the_allocator_cache() -> None:
    dra = DRACache(gates={}, version="1.37")
    dra.set_class(cls("gpu", 'device.driver == "gpu.example.com"'), "gpu")
    dra.set_slice(slc("s1", "1", ["a1", "a2"]), "s1")
    assert check(dra, [claim("c")]) == ["a1"]
    # an updated slice (new resourceVersion) replaces the old devices
    dra.set_slice(slc("s1", "2", ["b1"]), "s1")
    assert check(dra, [claim("c")]) == ["b1"]
    # a changed class selector is seen at once
    dra.set_class(cls("gpu", 'device.attributes["gpu.example.com"].model == "zz"'), "gpu")
    assert check(dra, [claim("c")]) == []
    dra.set_class(cls("gpu", 'device.driver == "gpu.example.com"'), "gpu")
    # devices in use (claims seen by the informer) are excluded without any call to the cache
    taken = claim("taken")
    taken["status"] = {"allocation": {"devices": {"results": [
        {"request": "r", "driver": "gpu.example.com", "pool": "n1", "device": "b1"}]}}}
    dra.set_claim(taken, ("default", "taken"))
    assert check(dra, [claim("c")]) == []
    dra.set_claim(None, ("default", "taken"))
    assert check(dra, [claim("c")]) == ["b1"]
    # a deleted slice is gone; a slice of another node is not visible on n1
    dra.set_slice(None, "s1")
    dra.set_slice(slc("s2", "1", ["c1"], node="n2"), "s2")
    assert check(dra, [claim("c")]) == []


def _allocated(name: str, rv: str, device: str, **meta: object) -> dict:
    c = claim(name)
    c["metadata"].update({"resourceVersion": rv, **meta})
    c["status"] = {"allocation": {"devices": {"results": [
        {"request": "r", "driver": "gpu.example.com", "pool": "n1", "device": device}]}}}
    return c


def test_an_update_that_keeps_the_allocation_still_frees_the_device_later() -> None:
    """Regression (issue 14 §2): a claim update that kept its allocation (reservedFor, or the
    deletionTimestamp a namespace deletion sets) made the cache forget which devices the
    claim held, so the later deallocation never freed them and every later pod stayed
    Pending "cannot allocate all claims" although the device was free."""
    dra = DRACache(gates={}, version="1.37")
    key = ("default", "a")
    dra.set_claim(_allocated("a", "1", "d0"), key)
    assert ("gpu.example.com", "n1", "d0") in dra.state.devices
    dra.set_claim(_allocated("a", "2", "d0", deletionTimestamp="2026-01-01T00:00:00Z"), key)
    deallocated = claim("a")
    deallocated["metadata"]["resourceVersion"] = "3"
    dra.set_claim(deallocated, key)
    assert dra.state.devices == set()
    dra.set_claim(_allocated("a", "4", "d0"), key)
    dra.set_claim(None, key)
    assert dra.state.devices == set()


def test_an_allocation_change_invalidates_only_the_nodes_of_its_pool() -> None:
    """Why: ``gen(node)`` keys the Filter memo of each node; a claim allocated or freed in
    node n1's pool changes what n1 offers and nothing else, so n2's memo entries must stay
    valid (a global bump would be correct but would recompute every node of the cluster
    after each claim event: performance only, so no scenario can see it)."""
    dra = DRACache(gates={}, version="1.37")
    dra.set_class(cls("gpu", 'device.driver == "gpu.example.com"'), "gpu")
    dra.set_slice(slc("s1", "1", ["a1"]), "s1")
    dra.set_slice(slc("s2", "1", ["c1"], node="n2"), "s2")
    before_n1, before_n2 = dra.gen("n1"), dra.gen("n2")
    dra.set_claim(_allocated("taken", "1", "a1"), ("default", "taken"))
    after_alloc = dra.gen("n1")
    assert after_alloc != before_n1
    assert dra.gen("n2") == before_n2
    dra.set_claim(None, ("default", "taken"))  # freed: the old devices name the pool
    assert dra.gen("n1") != after_alloc
    assert dra.gen("n2") == before_n2


def _shared_claim(name: str, share: str | None) -> dict:
    c = claim(name)
    if share is not None:
        c["status"] = {"allocation": {"devices": {"results": [
            {"request": "r", "driver": "gpu.example.com", "pool": "n1", "device": "a1",
             "shareID": share, "consumedCapacity": {"mem": "1Gi"}}]}}}
    return c


def test_a_share_given_back_changes_the_generation_of_the_nodes_of_its_pool() -> None:
    """Filter results are memoised per node generation: a share taken and a share given back
    (deallocated or deleted claim) both change what fits on the pool's nodes."""
    dra = DRACache(gates={}, version="1.37")
    dra.set_slice(slc("s1", "1", ["a1"]), "s1")
    dra.set_slice(slc("s2", "1", ["b1"], node="n2"), "s2")
    key = ("default", "big")
    before = dra.gen("n1")
    dra.set_claim(_shared_claim("big", "11111111-1111-4111-8111-111111111111"), key)
    taken = dra.gen("n1")
    assert taken != before
    untouched = dra.gen("n2")
    dra.set_claim(_shared_claim("big", None), key)  # deallocated
    assert dra.gen("n1") != taken
    assert dra.gen("n2") == untouched  # another pool's node keeps its memo
    dra.set_claim(_shared_claim("big", "22222222-2222-4222-8222-222222222222"), key)
    again = dra.gen("n1")
    dra.set_claim(None, key)  # deleted while allocated
    assert dra.gen("n1") != again
