"""`drakit allocate --explain` names why a pool is invalid.

Why a unit test: upstream keeps a pool's InvalidReason for its V(6) log only
(k8s.io/dynamic-resource-allocation structured/internal/experimental/pools_experimental.go,
poolsLogger); through the API a cluster shows "invalid resource pools were encountered" or
"resource pool ... is currently invalid", never the reason. drakit prints the reason in its
explanation table, so that is where it is pinned (upstream's texts: getAndValidateCounterSets,
validateDeviceNames).
"""

from __future__ import annotations

from drakit.allocator import explain

NODE = {"kind": "Node", "metadata": {"name": "node-1"}}
CLASS = {"kind": "DeviceClass", "metadata": {"name": "gpu"}, "spec": {}}
CLAIM = {"kind": "ResourceClaim", "metadata": {"name": "c", "namespace": "default"},
         "spec": {"devices": {"requests": [{"name": "r", "exactly": {"deviceClassName": "gpu"}}]}}}


def _slice(name: str, **spec: object) -> dict:
    return {"kind": "ResourceSlice", "metadata": {"name": name}, "spec": {
        "driver": "dra.example.com", "nodeName": "node-1",
        "pool": {"name": "p", "generation": 1, "resourceSliceCount": 2}, **spec}}


def _pool_rows(slices: list[dict]) -> list[str]:
    return [r["outcome"] for r in explain(NODE, [CLAIM], slices, [CLASS]) if r["device"] == "dra.example.com/p/*"]


def test_a_counter_set_defined_twice_in_a_pool_is_named() -> None:
    counters = [{"name": "gpu-0-counters", "counters": {"mem": {"value": "8Gi"}}}]
    slices = [_slice("a", sharedCounters=counters), _slice("b", sharedCounters=counters)]
    assert _pool_rows(slices) == ["pool invalid: duplicate counter set name gpu-0-counters"]


def test_a_device_name_used_twice_in_a_pool_is_named() -> None:
    slices = [_slice("a", devices=[{"name": "gpu-0"}]), _slice("b", devices=[{"name": "gpu-0"}])]
    assert _pool_rows(slices) == ["pool invalid: duplicate device name gpu-0"]
