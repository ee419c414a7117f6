"""AllocatorCache: the same answers as allocate(), and nothing stale after updates."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from drakit.allocator import (
    DEFAULT_GATES,
    AllocatedState,
    AllocationError,
    AllocatorCache,
    allocate,
)
from drakit.allocator.core import clear_caches
from drakit.features import FeatureGates

# The table is shared with the features (features/platform-allocator.feature runs it through
# the scheduler), so it lives with the fixtures.
CASES_FILE = Path(__file__).resolve().parents[2] / "fixtures" / "allocator" / "cases.yaml"
TABLE = yaml.safe_load(CASES_FILE.read_text())
COMMON = TABLE["common"]
CASES = TABLE["cases"]


def _outcome(fn: Any) -> tuple[str, Any]:
    try:
        return "ok", fn()
    except AllocationError as e:
        return "error", str(e)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_case_table_through_cache(case: dict[str, Any]) -> None:
    """Every row of the allocator table gives the same answer through a cache, twice."""
    gates = dict(DEFAULT_GATES["1.37"])
    gates.update(case.get("gates") or {})
    node = case.get("node", COMMON["node"])
    claims = case.get("claims") or []
    slices = case.get("slices") or []
    classes = case.get("classes", [COMMON["cls"]])
    allocated = case.get("allocated") or ()
    want = _outcome(lambda: allocate(node, claims, slices, classes, allocated=allocated, gates=gates))
    cache = AllocatorCache(slices, classes, allocated, gates=gates)
    assert _outcome(lambda: cache.allocate_on(node, claims)) == want
    assert _outcome(lambda: cache.allocate_on(node, claims)) == want  # warm
    other = AllocatorCache(slices, classes)  # gates and allocated given per call
    assert _outcome(lambda: other.allocate_on(node, claims, allocated=allocated, gates=gates)) == want


# ---------------------------------------------------------------------------
# Invalidation

NODE1 = {"metadata": {"name": "node-1", "labels": {"zone": "a"}}}
NODE2 = {"metadata": {"name": "node-2", "labels": {"zone": "b"}}}
CLS = {"metadata": {"name": "gpu"}, "spec": {"selectors": [{"cel": {"expression": 'device.driver == "gpu.example.com"'}}]}}


def _slice(name: str, node: str, devices: list[dict[str, Any]], *, rv: str = "1", pool: str | None = None,
           generation: int = 1, count: int = 1, uid: str | None = None) -> dict[str, Any]:
    return {"metadata": {"name": name, "uid": uid or f"uid-{name}", "resourceVersion": rv},
            "spec": {"driver": "gpu.example.com", "nodeName": node,
                     "pool": {"name": pool or node, "generation": generation, "resourceSliceCount": count},
                     "devices": devices}}


def _dev(name: str, model: str = "a100", **extra: Any) -> dict[str, Any]:
    return {"name": name, "attributes": {"model": {"string": model}}, **extra}


def _claim(name: str = "c", selector: str | None = None, count: int = 1, cls: str = "gpu") -> dict[str, Any]:
    exactly: dict[str, Any] = {"deviceClassName": cls, "count": count}
    if selector:
        exactly["selectors"] = [{"cel": {"expression": selector}}]
    return {"metadata": {"name": name, "namespace": "default"},
            "spec": {"devices": {"requests": [{"name": "r", "exactly": exactly}]}}}


def _picked(results: list[dict[str, Any]]) -> list[list[str]]:
    return [[r["device"] for r in a["devices"]["results"]] for a in results]


H100 = 'device.attributes["gpu.example.com"].model == "h100"'


def test_slice_updated_with_new_resource_version() -> None:
    cache = AllocatorCache([_slice("s1", "node-1", [_dev("d0"), _dev("d1")])], [CLS])
    assert cache.allocate_on(NODE1, [_claim(selector=H100)]) == []
    cache.update_slices([_slice("s1", "node-1", [_dev("d0"), _dev("d1", "h100")], rv="2")])
    assert _picked(cache.allocate_on(NODE1, [_claim(selector=H100)])) == [["d1"]]


def test_same_resource_version_keeps_cached_state() -> None:
    s = _slice("s1", "node-1", [_dev("d0")])
    cache = AllocatorCache([s], [CLS])
    cache.allocate_on(NODE1, [_claim()])
    built = cache.stats["views_built"]
    assert cache.update_slices([copy.deepcopy(s)]) == 0
    cache.allocate_on(NODE1, [_claim()])
    assert cache.stats["views_built"] == built


def test_upsert_and_delete_slice() -> None:
    cache = AllocatorCache([_slice("s1", "node-1", [_dev("d0")])], [CLS])
    assert _picked(cache.allocate_on(NODE1, [_claim()])) == [["d0"]]
    assert cache.upsert_slice(_slice("s1", "node-1", [_dev("d9")], rv="2"))
    assert _picked(cache.allocate_on(NODE1, [_claim()])) == [["d9"]]
    assert not cache.upsert_slice(_slice("s1", "node-1", [_dev("d9")], rv="2"))
    assert cache.delete_slice("s1")
    assert cache.allocate_on(NODE1, [_claim()]) == []
    assert not cache.delete_slice("s1")


def test_slice_deleted_by_full_update() -> None:
    cache = AllocatorCache([_slice("s1", "node-1", [_dev("d0")]), _slice("s2", "node-2", [_dev("e0")])], [CLS])
    assert _picked(cache.allocate_on(NODE2, [_claim()])) == [["e0"]]
    cache.update_slices([_slice("s1", "node-1", [_dev("d0")])])
    assert cache.allocate_on(NODE2, [_claim()]) == []
    assert _picked(cache.allocate_on(NODE1, [_claim()])) == [["d0"]]


def test_change_on_other_node_keeps_view_unless_pool_shared() -> None:
    cache = AllocatorCache([_slice("s1", "node-1", [_dev("d0")]), _slice("s2", "node-2", [_dev("e0")])], [CLS])
    cache.allocate_on(NODE1, [_claim()])
    built = cache.stats["views_built"]
    cache.upsert_slice(_slice("s2", "node-2", [_dev("e1")], rv="2"))
    cache.allocate_on(NODE1, [_claim()])
    assert cache.stats["views_built"] == built  # node-1 unaffected
    # A second slice of node-1's pool published elsewhere makes node-1's pool incomplete
    # (resourceSliceCount 2 now): the view of node-1 must be rebuilt.
    cache.update_slices([_slice("s1", "node-1", [_dev("d0")], rv="3", generation=2, count=2),
                         _slice("s2", "node-2", [_dev("e1")], rv="2")])
    assert cache.allocate_on(NODE1, [_claim()]) == []
    assert cache.stats["views_built"] == built + 1  # counted on, one rebuild
    cache.upsert_slice(_slice("s3", "node-2", [_dev("x0")], pool="node-1", generation=2, count=2))
    assert _picked(cache.allocate_on(NODE1, [_claim()])) == [["d0"]]


def test_shared_slice_change_reaches_every_node() -> None:
    net = {"metadata": {"name": "net", "uid": "u-net", "resourceVersion": "1"},
           "spec": {"driver": "gpu.example.com", "allNodes": True,
                    "pool": {"name": "net", "generation": 1, "resourceSliceCount": 1}, "devices": [_dev("n0")]}}
    cache = AllocatorCache([net], [CLS])
    assert _picked(cache.allocate_on(NODE1, [_claim()])) == [["n0"]]
    assert _picked(cache.allocate_on(NODE2, [_claim()])) == [["n0"]]
    net2 = copy.deepcopy(net)
    net2["metadata"]["resourceVersion"] = "2"
    net2["spec"]["nodeSelector"] = {"nodeSelectorTerms": [{"matchExpressions": [
        {"key": "zone", "operator": "In", "values": ["b"]}]}]}
    del net2["spec"]["allNodes"]
    cache.update_slices([net2])
    assert cache.allocate_on(NODE1, [_claim()]) == []
    assert _picked(cache.allocate_on(NODE2, [_claim()])) == [["n0"]]


def test_node_labels_changed() -> None:
    sl = {"metadata": {"name": "s", "uid": "u", "resourceVersion": "1"},
          "spec": {"driver": "gpu.example.com", "pool": {"name": "p", "generation": 1, "resourceSliceCount": 1},
                   "nodeSelector": {"nodeSelectorTerms": [{"matchExpressions": [
                       {"key": "zone", "operator": "In", "values": ["a"]}]}]}, "devices": [_dev("d0")]}}
    cache = AllocatorCache([sl], [CLS])
    assert _picked(cache.allocate_on(NODE1, [_claim()])) == [["d0"]]
    relabelled = {"metadata": {"name": "node-1", "labels": {"zone": "c"}}}
    assert cache.allocate_on(relabelled, [_claim()]) == []


def test_class_changed() -> None:
    cache = AllocatorCache([_slice("s1", "node-1", [_dev("d0"), _dev("d1", "h100")])], [CLS])
    assert _picked(cache.allocate_on(NODE1, [_claim()])) == [["d0"]]
    narrowed = copy.deepcopy(CLS)
    narrowed["spec"]["selectors"].append({"cel": {"expression": H100}})
    cache.update_classes([narrowed])
    assert _picked(cache.allocate_on(NODE1, [_claim()])) == [["d1"]]
    cache.update_classes({})
    with pytest.raises(AllocationError, match='deviceclass.resource.k8s.io "gpu" not found'):
        cache.allocate_on(NODE1, [_claim()])


def test_device_allocated_by_another_claim() -> None:
    cache = AllocatorCache([_slice("s1", "node-1", [_dev("d0"), _dev("d1")])], [CLS])
    first = cache.allocate_on(NODE1, [_claim("a")])
    assert _picked(first) == [["d0"]]
    other = {"metadata": {"name": "a", "namespace": "default"}, "status": {"allocation": first[0]}}
    cache.update_allocated([other])
    assert _picked(cache.allocate_on(NODE1, [_claim("b")])) == [["d1"]]
    assert cache.allocate_on(NODE1, [_claim("b", count=2)]) == []
    # An AllocatedState kept by the caller is used as is, and seen when it changes.
    state = AllocatedState()
    cache.update_allocated(state)
    assert _picked(cache.allocate_on(NODE1, [_claim("b", count=2)])) == [["d0", "d1"]]
    state.devices.add(("gpu.example.com", "node-1", "d1"))
    assert _picked(cache.allocate_on(NODE1, [_claim("b")])) == [["d0"]]
    # Per call override.
    assert _picked(cache.allocate_on(NODE1, [_claim("b")], allocated=[other])) == [["d1"]]


def test_counters_in_use_are_not_cached() -> None:
    counters = {"metadata": {"name": "cs", "uid": "u-cs", "resourceVersion": "1"},
                "spec": {"driver": "gpu.example.com", "nodeName": "node-1",
                         "pool": {"name": "p", "generation": 1, "resourceSliceCount": 2},
                         "sharedCounters": [{"name": "g0", "counters": {"mem": {"value": "8Gi"}}}]}}
    parts = {"metadata": {"name": "parts", "uid": "u-parts", "resourceVersion": "1"},
             "spec": {"driver": "gpu.example.com", "nodeName": "node-1",
                      "pool": {"name": "p", "generation": 1, "resourceSliceCount": 2},
                      "devices": [{"name": f"half-{i}", "consumesCounters": [
                          {"counterSet": "g0", "counters": {"mem": {"value": "4Gi"}}}]} for i in range(3)]}}
    cache = AllocatorCache([counters, parts], [CLS])
    assert _picked(cache.allocate_on(NODE1, [_claim(count=2)])) == [["half-0", "half-1"]]
    used = {"devices": {"results": [{"request": "r", "driver": "gpu.example.com", "pool": "p", "device": "half-0"}]}}
    cache.update_allocated([used])
    assert cache.allocate_on(NODE1, [_claim(count=2)]) == []
    assert _picked(cache.allocate_on(NODE1, [_claim()])) == [["half-1"]]


def test_gates_changed() -> None:
    tainted = _dev("d0", taints=[{"key": "k", "value": "v", "effect": "NoSchedule"}])
    cache = AllocatorCache([_slice("s1", "node-1", [tainted, _dev("d1")])], [CLS])
    assert _picked(cache.allocate_on(NODE1, [_claim()])) == [["d1"]]
    off = dict(DEFAULT_GATES["1.37"], DRADeviceTaints=False)
    assert _picked(cache.allocate_on(NODE1, [_claim()], gates=off)) == [["d0"]]
    # includes() is in the allocator's environment (StoredExpressions) from 1.36 whatever
    # DRAListTypeAttributes says: upstream's FeatureEnabled only gates NEW expressions
    # (dynamic-resource-allocation v0.36.2 and 5afedd9 cel/compile.go newCompiler).
    sel = 'device.attributes["gpu.example.com"].model.includes("a100")'
    on = dict(DEFAULT_GATES["1.37"], DRAListTypeAttributes=True)
    for lta in (True, False, True):
        got = cache.allocate_on(NODE1, [_claim(selector=sel)], gates=dict(on, DRAListTypeAttributes=lta))
        assert _picked(got) == [["d1"]]
    # allowMultipleAllocations is in the stored-expressions environment the allocator
    # compiles in, with DRAConsumableCapacity or without (upstream cel.Cache)
    sel = "device.allowMultipleAllocations == false"
    for cc in (True, False):
        got = cache.allocate_on(NODE1, [_claim(selector=sel)], gates=dict(on, DRAConsumableCapacity=cc))
        assert _picked(got) == [["d1"]]


LISTED = {"name": "d0", "attributes": {"model": {"strings": ["h100", "a100"]}}}
INCLUDES_A100 = 'device.attributes["gpu.example.com"].model.includes("a100")'


def _gates(version: str, **overrides: bool) -> dict[str, bool]:
    """The gate map a scheduler of ``version`` hands its allocator (drakit.features)."""
    return dict(FeatureGates(version, overrides))


def test_only_releases_with_the_gate_have_its_key() -> None:
    # cel_mode relies on the version, the scheduler's map on the key: both must agree.
    for version, known in (("1.34", False), ("1.35", False), ("1.36", True), ("1.37", True)):
        assert ("DRAListTypeAttributes" in _gates(version)) is known


def test_list_attributes_follow_the_scheduler_gate_at_1_36() -> None:
    # v0.36.2 cel/compile.go getAttributeValue: list values only with EnableListTypeAttributes;
    # without, every selector on such a device fails ("abort scheduling until ResourceSlices
    # get updated"). The class selector runs first, so it is the one that reports it.
    cache = AllocatorCache([_slice("s1", "node-1", [LISTED, _dev("d1")])], [CLS], version="1.36")
    on, off = _gates("1.36", DRAListTypeAttributes=True), _gates("1.36")
    assert _picked(cache.allocate_on(NODE1, [_claim(selector=INCLUDES_A100)], gates=on)) == [["d0"]]
    with pytest.raises(AllocationError) as err:
        cache.allocate_on(NODE1, [_claim(selector=INCLUDES_A100)], gates=off)
    assert str(err.value) == "class gpu: selector #0: CEL runtime error: attribute model: unsupported attribute value"
    # neither the device view nor the selector result of one mode is reused for the other
    assert _picked(cache.allocate_on(NODE1, [_claim(selector=INCLUDES_A100)], gates=on)) == [["d0"]]
    with pytest.raises(AllocationError, match="attribute model: unsupported attribute value"):
        cache.allocate_on(NODE1, [_claim()], gates=off)
    # a device without list attributes is unaffected
    plain = AllocatorCache([_slice("s1", "node-1", [_dev("d1")])], [CLS], version="1.36")
    assert _picked(plain.allocate_on(NODE1, [_claim(selector=INCLUDES_A100)], gates=off)) == [["d1"]]


def test_list_attributes_are_values_whatever_the_gate_at_1_37() -> None:
    # 5afedd9 (kubernetes PR 139395): getAttributeValue returns lists unconditionally.
    cache = AllocatorCache([_slice("s1", "node-1", [LISTED, _dev("d1")])], [CLS], version="1.37")
    for lta in (False, True):
        got = cache.allocate_on(NODE1, [_claim(selector=INCLUDES_A100)], gates=_gates("1.37", DRAListTypeAttributes=lta))
        assert _picked(got) == [["d0"]]


@pytest.mark.parametrize("version", ["1.34", "1.35", "1.36", "1.37"])
def test_includes_exists_from_1_36_whatever_the_gate(version: str) -> None:
    # One module-level record per device dict serves every release (the plain allocate()
    # path): the selector cache key must hold the release's CEL environment.
    slices = [_slice("s1", "node-1", [_dev("d1")])]
    if version in ("1.34", "1.35"):
        with pytest.raises(AllocationError) as err:
            allocate(NODE1, [_claim(selector=INCLUDES_A100)], slices, [CLS], gates=_gates(version), version=version)
        assert str(err.value).startswith("claim default/c: selector #0: CEL compile error: compilation failed: "
                                         "ERROR: <input>:1:52: undeclared reference to 'includes'")
    else:
        got = allocate(NODE1, [_claim(selector=INCLUDES_A100)], slices, [CLS], gates=_gates(version), version=version)
        assert _picked(got) == [["d1"]]


def test_macros_on_attributes_need_dyn_attributes() -> None:
    # Attributes are AnyType in 1.36's stored environment without the gate (a comprehension
    # cannot range over Any), DynType with it and always from 1.37.
    sel = 'device.attributes["gpu.example.com"].model.exists(m, m == "a100")'
    slices = [_slice("s1", "node-1", [_dev("d1")])]
    with pytest.raises(AllocationError) as err:
        allocate(NODE1, [_claim(selector=sel)], slices, [CLS], gates=_gates("1.36"), version="1.36")
    assert "expression of type 'any' cannot be range of a comprehension (must be list, map, or dynamic)" \
        in str(err.value)
    # a scalar attribute is no range at runtime either (cel-go: "expected iterable type")
    for version, gates in (("1.36", _gates("1.36", DRAListTypeAttributes=True)), ("1.37", _gates("1.37"))):
        with pytest.raises(AllocationError, match="CEL runtime error"):
            allocate(NODE1, [_claim(selector=sel)], slices, [CLS], gates=gates, version=version)
    listed = [_slice("s1", "node-1", [LISTED])]
    assert _picked(allocate(NODE1, [_claim(selector=sel)], listed, [CLS], gates=_gates("1.37"), version="1.37")) \
        == [["d0"]]


def test_mixins_gate_changes_flattening() -> None:
    sl = _slice("s1", "node-1", [{"name": "d0", "includes": ["big"]}, _dev("d1")])
    sl["spec"]["mixins"] = {"device": [{"name": "big", "attributes": {"model": {"string": "h100"}}}]}
    cache = AllocatorCache([sl], [CLS])
    assert _picked(cache.allocate_on(NODE1, [_claim()])) == [["d1"]]  # gate off: d0 dropped
    on = dict(DEFAULT_GATES["1.37"], DRAResourceSliceMixins=True)
    assert _picked(cache.allocate_on(NODE1, [_claim(selector=H100)], gates=on)) == [["d0"]]


def test_cel_error_only_when_the_search_reaches_the_device() -> None:
    # d0 lacks "numa": the request selector fails at runtime on it, but only if reached.
    devs = [{"name": "d1", "attributes": {"numa": {"int": 1}}}, {"name": "d0"}]
    cache = AllocatorCache([_slice("s1", "node-1", devs)], [CLS])
    sel = 'device.attributes["gpu.example.com"].numa == 1'
    assert _picked(cache.allocate_on(NODE1, [_claim(selector=sel)])) == [["d1"]]
    with pytest.raises(AllocationError, match="selector #0 on device gpu.example.com/node-1/d0: CEL runtime error"):
        cache.allocate_on(NODE1, [_claim(selector=sel, count=2)])
    # ... and again from the cached candidate list, with this claim's name in the message.
    with pytest.raises(AllocationError, match="claim default/other: selector #0 on device"):
        cache.allocate_on(NODE1, [_claim("other", selector=sel, count=2)])
    # Once d0 is in use by someone else the error is not reached any more.
    cache.update_allocated([{"devices": {"results": [
        {"request": "r", "driver": "gpu.example.com", "pool": "node-1", "device": "d0"}]}}])
    assert cache.allocate_on(NODE1, [_claim(selector=sel, count=2)]) == []


def test_identity_keys_without_uid() -> None:
    s = {"metadata": {"name": "s1"}, "spec": {"driver": "gpu.example.com", "nodeName": "node-1",
                                              "pool": {"name": "p", "generation": 1, "resourceSliceCount": 1},
                                              "devices": [_dev("d0")]}}
    cache = AllocatorCache([s], [CLS])
    assert _picked(cache.allocate_on(NODE1, [_claim()])) == [["d0"]]
    assert cache.update_slices([s]) == 0  # same object: unchanged
    s2 = copy.deepcopy(s)
    s2["spec"]["devices"] = [_dev("d5")]
    assert cache.update_slices([s2]) == 2  # removed + added
    assert _picked(cache.allocate_on(NODE1, [_claim()])) == [["d5"]]


def test_plain_allocate_sees_a_changed_device() -> None:
    """The module-level records of the plain path are keyed by object identity."""
    clear_caches()
    s = _slice("s1", "node-1", [_dev("d0")])
    assert allocate(NODE1, [_claim(selector=H100)], [s], [CLS]) == []
    s2 = copy.deepcopy(s)
    s2["spec"]["devices"][0]["attributes"]["model"]["string"] = "h100"
    assert _picked(allocate(NODE1, [_claim(selector=H100)], [s2], [CLS])) == [["d0"]]

