"""The gate map the allocator library works with (drakit.allocator.core.effective_gates).

The scheduler and `drakit allocate` pass every gate of their release; a library caller may
pass a partial map, and then a gate it leaves out is off (DynamicResourceAllocation on): the
allocator never falls back to a default of its own, so its answer does not depend on which
gates a caller happened to name."""

from __future__ import annotations

from drakit.allocator import Allocator
from drakit.allocator.core import DEFAULT_GATES, EffectiveGates, effective_gates

D = "gpu.example.com"
CLASSES = [{"metadata": {"name": "gpu"}, "spec": {"selectors": [{"cel": {"expression": f'device.driver == "{D}"'}}]}}]
NODE = {"metadata": {"name": "n", "labels": {"kubernetes.io/hostname": "n"}}}
CLAIM = {"metadata": {"name": "c", "namespace": "default"},
         "spec": {"devices": {"requests": [{"name": "g", "exactly": {"deviceClassName": "gpu"}}]}}}


def _slice(device: dict) -> dict:
    return {"metadata": {"name": "s"}, "spec": {"driver": D, "nodeName": "n",
                                                 "pool": {"name": "n", "generation": 1, "resourceSliceCount": 1},
                                                 "devices": [device]}}


def test_a_partial_map_reads_every_gate_it_leaves_out_as_off() -> None:
    got = effective_gates({"DRAPartitionableDevices": True}, "1.37")
    assert isinstance(got, EffectiveGates)
    assert got["DynamicResourceAllocation"] is True
    assert got["DRAPartitionableDevices"] is True
    assert {k: v for k, v in got.items() if k not in ("DynamicResourceAllocation", "DRAPartitionableDevices")} \
        == dict.fromkeys(set(DEFAULT_GATES["1.37"]) - {"DynamicResourceAllocation", "DRAPartitionableDevices"}, False)


def test_no_map_is_the_release_defaults_and_a_completed_map_is_taken_as_it_is() -> None:
    for version, defaults in DEFAULT_GATES.items():
        assert effective_gates(None, version) == defaults
    done = effective_gates({}, "1.37")
    assert effective_gates(done, "1.34") is done


def test_a_device_with_binding_conditions_is_not_allocated_when_the_map_leaves_its_gate_out() -> None:
    device = {"name": "bound-later", "bindingConditions": ["example.com/attached"],
              "bindingFailureConditions": ["example.com/failed"]}
    with_gate = Allocator(NODE, [CLAIM], [_slice(device)], CLASSES, (),
                          gates={"DRADeviceBindingConditions": True}, version="1.37").run()
    assert [r["device"] for a in with_gate for r in a["devices"]["results"]] == ["bound-later"]
    without = Allocator(NODE, [CLAIM], [_slice(device)], CLASSES, (), gates={}, version="1.37").run()
    assert without == []
