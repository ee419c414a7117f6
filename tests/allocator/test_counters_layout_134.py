"""The 1.34 layout of partitionable devices: counter sets in the slice of their devices.

1.34's API server requires a device's counter set in its own slice (validateDevice), and its
allocator (k8s.io/dynamic-resource-allocation v0.34.0 structured/internal/experimental)
counts a slice's counters for that slice's devices; GatherPools skips only slices with
per-device node selection when DRAPartitionableDevices is off. From 1.35 a slice holds
either counter sets or devices, and a slice with counter sets offers no devices.
"""

from __future__ import annotations

import pytest

from drakit.allocator import allocate
from drakit.allocator.core import DEFAULT_GATES

NODE = {"kind": "Node", "metadata": {"name": "node-1"}}
CLASS = {"kind": "DeviceClass", "metadata": {"name": "c"},
         "spec": {"selectors": [{"cel": {"expression": 'device.driver == "dra.example.com"'}}]}}
SLICE = {"kind": "ResourceSlice", "metadata": {"name": "gpus"}, "spec": {
    "driver": "dra.example.com", "nodeName": "node-1",
    "pool": {"name": "p", "generation": 1, "resourceSliceCount": 1},
    "sharedCounters": [{"name": "gpu-0", "counters": {"mem": {"value": "80Gi"}}}],
    "devices": [{"name": "part-a", "consumesCounters": [{"counterSet": "gpu-0", "counters": {"mem": {"value": "48Gi"}}}]},
                {"name": "part-b", "consumesCounters": [{"counterSet": "gpu-0", "counters": {"mem": {"value": "48Gi"}}}]},
                {"name": "plain"}]}}


def claim(count: int) -> dict:
    return {"kind": "ResourceClaim", "metadata": {"name": "x", "namespace": "default"},
            "spec": {"devices": {"requests": [{"name": "r", "exactly": {
                "deviceClassName": "c", "allocationMode": "ExactCount", "count": count}}]}}}


def devices(res: list[dict]) -> list[str]:
    return sorted(r["device"] for r in res[0]["devices"]["results"]) if res else []


def on(version: str) -> dict:
    return {**DEFAULT_GATES[version], "DRAPartitionableDevices": True}  # alpha (off) at 1.34


def test_134_devices_next_to_their_counter_sets_are_allocated_within_them() -> None:
    res = allocate(NODE, [claim(2)], [SLICE], [CLASS], [], gates=on("1.34"), version="1.34")
    assert devices(res) == ["part-a", "plain"]
    # the two partitions together need 96Gi of the 80Gi: no third device fits
    assert allocate(NODE, [claim(3)], [SLICE], [CLASS], [], gates=on("1.34"), version="1.34") == []


def test_134_gate_off_keeps_the_slice_and_refuses_only_consumers() -> None:
    g = {**DEFAULT_GATES["1.34"], "DRAPartitionableDevices": False}
    assert devices(allocate(NODE, [claim(1)], [SLICE], [CLASS], [], gates=g, version="1.34")) == ["plain"]
    assert allocate(NODE, [claim(2)], [SLICE], [CLASS], [], gates=g, version="1.34") == []


@pytest.mark.parametrize("version", ["1.35", "1.37"])
def test_from_135_a_slice_with_counter_sets_offers_no_devices(version: str) -> None:
    assert allocate(NODE, [claim(1)], [SLICE], [CLASS], [], gates=on(version), version=version) == []
