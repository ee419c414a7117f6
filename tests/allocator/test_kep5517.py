"""KEP-5517 node-allocatable quantities from allocations (1.37 and 1.36 shapes)."""

from __future__ import annotations

import pytest

from drakit.allocator import AllocationError, allocate, node_allocatable_quantities

NODE = {"metadata": {"name": "node-1"}}
CLS = [{"metadata": {"name": "any"}, "spec": {}}]


def _slice(devices: list[dict], **extra: object) -> dict:
    spec = {"driver": "dra.example.com", "nodeName": "node-1",
            "pool": {"name": "p", "generation": 1, "resourceSliceCount": 1}, "devices": devices}
    spec.update(extra)
    return {"metadata": {"name": "s"}, "spec": spec}


def _claim(**exactly: object) -> dict:
    return {"metadata": {"name": "c", "namespace": "default"},
            "spec": {"devices": {"requests": [{"name": "r", "exactly": {"deviceClassName": "any", **exactly}}]}}}


def test_devices_times_multiplier() -> None:
    cpus = [{"name": f"cpu-{i}", "nodeAllocatableResources": {"cpu": {"mapping": {"deviceMultiplier": "2"}}}}
            for i in range(4)]
    slices = [_slice(cpus)]
    (alloc,) = allocate(NODE, [_claim(count=3)], slices, CLS)
    out = node_allocatable_quantities(alloc, slices, "1.37", "default/c")
    assert {k: str(v) for k, v in out["mapping"].items()} == {"cpu": "6"}
    assert out["overhead"] == {}


def test_consumable_socket_4_cpu_and_8gi() -> None:
    socket = {"name": "socket-0", "allowMultipleAllocations": True,
              "capacity": {"dra.example.com/cpu": {"value": "64"}, "dra.example.com/memory": {"value": "256Gi"}},
              "nodeAllocatableResources": {
                  "cpu": {"mapping": {"capacityKey": "dra.example.com/cpu", "capacityMultiplier": "1"}},
                  "memory": {"mapping": {"capacityKey": "dra.example.com/memory", "capacityMultiplier": "1"}}}}
    slices = [_slice([socket])]
    claim = _claim(capacity={"requests": {"dra.example.com/cpu": "4", "dra.example.com/memory": "8Gi"}})
    (alloc,) = allocate(NODE, [claim], slices, CLS)
    assert alloc["devices"]["results"][0]["consumedCapacity"] == {
        "dra.example.com/cpu": "4", "dra.example.com/memory": "8Gi"}
    out = node_allocatable_quantities(alloc, slices, "1.37", "default/c")
    assert {k: str(v) for k, v in out["mapping"].items()} == {"cpu": "4", "memory": "8Gi"}


def test_accelerator_auxiliary_overhead() -> None:
    gpu = {"name": "gpu-0", "nodeAllocatableResources": {
        "cpu": {"overhead": {"perPod": "2"}},
        "memory": {"overhead": {"perPod": "8Gi", "perContainer": "100Mi"}}}}
    slices = [_slice([gpu])]
    (alloc,) = allocate(NODE, [_claim()], slices, CLS)
    out = node_allocatable_quantities(alloc, slices, "1.37", "default/c")
    assert out["mapping"] == {}
    assert {r: {k: str(v) for k, v in o.items()} for r, o in out["overhead"].items()} == {
        "cpu": {"perPod": "2"}, "memory": {"perPod": "8Gi", "perContainer": "100Mi"}}


def test_partitionable_numa_counters() -> None:
    counters = {"metadata": {"name": "c"}, "spec": {
        "driver": "dra.example.com", "nodeName": "node-1", "pool": {"name": "p", "generation": 1, "resourceSliceCount": 2},
        "sharedCounters": [{"name": "numa-0", "counters": {"cpus": {"value": "16"}}}]}}
    parts = [{"name": name, "consumesCounters": [{"counterSet": "numa-0", "counters": {"cpus": {"value": n}}}],
              "nodeAllocatableResources": {"cpu": {"mapping": {"deviceMultiplier": n}}}}
             for name, n in (("numa-0-all", "16"), ("l3-0", "8"), ("l3-1", "8"))]
    devs = _slice(parts, pool={"name": "p", "generation": 1, "resourceSliceCount": 2})
    slices = [counters, devs]
    allocs = allocate(NODE, [_claim(count=2)], slices, CLS)
    assert [r["device"] for r in allocs[0]["devices"]["results"]] == ["l3-0", "l3-1"]
    out = node_allocatable_quantities(allocs[0], slices, "1.37", "default/c")
    assert str(out["mapping"]["cpu"]) == "16"


def test_capacity_key_without_consumed_capacity_is_error() -> None:
    dev = {"name": "d", "capacity": {"cores": {"value": "8"}},
           "nodeAllocatableResources": {"cpu": {"mapping": {"capacityKey": "cores"}}}}
    slices = [_slice([dev])]
    (alloc,) = allocate(NODE, [_claim()], slices, CLS)
    with pytest.raises(AllocationError, match="ConsumedCapacity is nil, but Capacity key 'cores' is set in "
                                              "NodeAllocatableResources for resource cpu"):
        node_allocatable_quantities(alloc, slices, "1.37", "default/c")


def test_136_shape() -> None:
    devs = [{"name": "cpu-0", "nodeAllocatableResourceMappings": {"cpu": {"allocationMultiplier": "2"},
                                                                  "memory": {"allocationMultiplier": "8Gi"}}},
            {"name": "cpu-1", "nodeAllocatableResourceMappings": {"cpu": {}}}]
    slices = [_slice(devs)]
    (alloc,) = allocate(NODE, [_claim(count=2)], slices, CLS)
    out = node_allocatable_quantities(alloc, slices, "1.36", "default/c")
    assert {k: str(v) for k, v in out["resources"].items()} == {"cpu": "3", "memory": "8Gi"}


def test_136_capacity_key() -> None:
    dev = {"name": "s", "allowMultipleAllocations": True, "capacity": {"dra.example.com/cpu": {"value": "32"}},
           "nodeAllocatableResourceMappings": {"cpu": {"capacityKey": "dra.example.com/cpu",
                                                       "allocationMultiplier": "500m"}}}
    slices = [_slice([dev])]
    (alloc,) = allocate(NODE, [_claim(capacity={"requests": {"dra.example.com/cpu": "3"}})], slices, CLS)
    out = node_allocatable_quantities(alloc, slices, "1.36", "default/c")
    assert str(out["resources"]["cpu"]) == "1500m"


@pytest.mark.parametrize(("version", "text"), [
    ("1.37", "claim default/c, device gone, driver dra.example.com: device gone not found in pool p "
             "for driver dra.example.com"),
    ("1.36", "claim default/c, device gone: device gone not found in pool p"),
])
def test_result_whose_device_no_slice_has_is_an_error(version: str, text: str) -> None:
    # buildNodeAllocatableDRAInfo: getDeviceFromSlices (1.37) / getDeviceFromManager (1.36)
    key = "nodeAllocatableResources" if version == "1.37" else "nodeAllocatableResourceMappings"
    nar = {"cpu": {"mapping": {"deviceMultiplier": "1"}}} if version == "1.37" else {"cpu": {}}
    slices = [_slice([{"name": "here", key: nar}])]
    alloc = {"devices": {"results": [
        {"request": "r", "driver": "dra.example.com", "pool": "p", "device": "here"},
        {"request": "r", "driver": "dra.example.com", "pool": "p", "device": "gone"}]}}
    with pytest.raises(AllocationError) as err:
        node_allocatable_quantities(alloc, slices, version, "default/c")
    assert str(err.value) == text


def test_capacity_key_with_the_driver_domain_finds_the_plain_key() -> None:
    # addDeviceMapping looks the key up with draapi.LookupByQualifiedName
    dev = {"name": "socket", "allowMultipleAllocations": True, "capacity": {"cores": {"value": "8"}},
           "nodeAllocatableResources": {"cpu": {"mapping": {"capacityKey": "dra.example.com/cores",
                                                            "capacityMultiplier": "2"}}}}
    alloc = {"devices": {"results": [{"request": "r", "driver": "dra.example.com", "pool": "p", "device": "socket",
                                      "consumedCapacity": {"cores": "3"}}]}}
    out = node_allocatable_quantities(alloc, [_slice([dev])], "1.37", "default/c")
    assert {k: str(v) for k, v in out["mapping"].items()} == {"cpu": "6"}


def test_capacity_key_without_consumed_capacity_is_error_136() -> None:
    dev = {"name": "d", "capacity": {"cores": {"value": "8"}},
           "nodeAllocatableResourceMappings": {"cpu": {"capacityKey": "cores"}}}
    alloc = {"devices": {"results": [{"request": "r", "driver": "dra.example.com", "pool": "p", "device": "d"}]}}
    with pytest.raises(AllocationError) as err:
        node_allocatable_quantities(alloc, [_slice([dev])], "1.36", claim_ref="ns/c")
    assert str(err.value) == ("claim ns/c, device d: ConsumedCapacity is nil, but Capacity key 'cores' is set in "
                              "NodeAllocatableResourceMappings for resource cpu")
