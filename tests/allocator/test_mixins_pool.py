"""KEP-5234 mixins across the slices of one pool, and the order rules per kind.

Since 1.35 counter sets and the devices consuming them live in different slices of a pool, so
the gate-off rule "all devices that references a dropped counter set will also be dropped"
(KEP-5234 "Implementation") is a pool-level rule: flattening one slice cannot see the other.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from drakit.allocator import allocate, flatten_slice
from drakit.allocator.core import DEFAULT_GATES
from drakit.allocator.mixins import DROPPED_COUNTER_SETS, dropped_counter_sets, without_consumers_of

POOL = {"name": "p", "generation": 1, "resourceSliceCount": 2}
NODE = {"kind": "Node", "metadata": {"name": "node-1"}}
CLASS = {"kind": "DeviceClass", "metadata": {"name": "c"},
         "spec": {"selectors": [{"cel": {"expression": 'device.driver == "dra.example.com"'}}]}}
COUNTERS = {"kind": "ResourceSlice", "metadata": {"name": "counters"}, "spec": {
    "driver": "dra.example.com", "nodeName": "node-1", "pool": POOL,
    "mixins": {"counterSet": [{"name": "m", "counters": {"mem": {"value": "8"}}}]},
    "sharedCounters": [{"name": "with-mixin", "includes": ["m"]},
                       {"name": "plain", "counters": {"mem": {"value": "8"}}}]}}
DEVICES = {"kind": "ResourceSlice", "metadata": {"name": "devices"}, "spec": {
    "driver": "dra.example.com", "nodeName": "node-1", "pool": POOL,
    "devices": [{"name": "dependent", "consumesCounters": [{"counterSet": "with-mixin", "counters": {"mem": {"value": "1"}}}]},
                {"name": "control", "consumesCounters": [{"counterSet": "plain", "counters": {"mem": {"value": "1"}}}]}]}}


def claim(count: int) -> dict:
    return {"kind": "ResourceClaim", "metadata": {"name": "x", "namespace": "default"},
            "spec": {"devices": {"requests": [{"name": "r", "exactly": {
                "deviceClassName": "c", "allocationMode": "ExactCount", "count": count}}]}}}


def gates(mixins: bool) -> dict:
    return {**DEFAULT_GATES["1.37"], "DRAResourceSliceMixins": mixins}


def devices(results: list[dict]) -> list[str]:
    return [r["device"] for r in results[0]["devices"]["results"]]


def test_gate_off_drops_consumers_of_a_set_dropped_in_another_slice() -> None:
    flat = flatten_slice(COUNTERS, enabled=False)
    assert flat[DROPPED_COUNTER_SETS] == ["with-mixin"]
    assert dropped_counter_sets([flat, DEVICES]) == {"with-mixin"}
    (kept,) = without_consumers_of([DEVICES], {"with-mixin"})
    assert [d["name"] for d in kept["spec"]["devices"]] == ["control"]
    assert kept["spec"]["devices"][0] is DEVICES["spec"]["devices"][1]  # shared, not copied
    # the pool stays usable: only the control device is left, not an "invalid pool" error
    res = allocate(NODE, [claim(1)], [COUNTERS, DEVICES], [CLASS], [], gates=gates(False))
    assert devices(res) == ["control"]
    assert allocate(NODE, [claim(2)], [COUNTERS, DEVICES], [CLASS], [], gates=gates(False)) == []


def test_gate_on_keeps_both() -> None:
    res = allocate(NODE, [claim(2)], [COUNTERS, DEVICES], [CLASS], [], gates=gates(True))
    assert sorted(devices(res)) == ["control", "dependent"]


def test_an_untouched_slice_carries_no_marker() -> None:
    assert DROPPED_COUNTER_SETS not in flatten_slice(DEVICES, enabled=False)
    assert DROPPED_COUNTER_SETS not in flatten_slice(COUNTERS, enabled=True)


def _counter_set(includes: list[str], own: int | None) -> dict:
    mixins = [{"name": f"m{i}", "counters": {"mem": {"value": str(v)}}} for i, v in enumerate((10, 20, 30))]
    cs = {"name": "s", "includes": includes}
    if own is not None:
        cs["counters"] = {"mem": {"value": str(own)}}
    return {"spec": {"mixins": {"counterSet": mixins}, "sharedCounters": [cs]}}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["m0", "m1", "m2"]), min_size=1, max_size=8),
       st.one_of(st.none(), st.integers(min_value=1, max_value=99)))
def test_counter_set_later_mixin_then_own_counter_wins(includes: list[str], own: int | None) -> None:
    flat = flatten_slice(_counter_set(includes, own))
    value = flat["spec"]["sharedCounters"][0]["counters"]["mem"]["value"]
    want = str(own) if own is not None else str({"m0": 10, "m1": 20, "m2": 30}[includes[-1]])
    assert value == want


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["m0", "m1", "m2"]), min_size=1, max_size=8),
       st.one_of(st.none(), st.integers(min_value=1, max_value=99)))
def test_consumption_later_mixin_then_own_counter_wins(includes: list[str], own: int | None) -> None:
    cc = {"counterSet": "s", "includes": includes}
    if own is not None:
        cc["counters"] = {"mem": {"value": str(own)}}
    s = {"spec": {"mixins": {"deviceCounterConsumption": [
        {"name": f"m{i}", "counters": {"mem": {"value": str(v)}}} for i, v in enumerate((10, 20, 30))]},
        "devices": [{"name": "d", "consumesCounters": [cc]}]}}
    got = flatten_slice(s)["spec"]["devices"][0]["consumesCounters"][0]
    want = str(own) if own is not None else str({"m0": 10, "m1": 20, "m2": 30}[includes[-1]])
    assert got == {"counterSet": "s", "counters": {"mem": {"value": want}}}


def test_gate_off_counter_slice_left_without_counter_sets_still_drops_their_consumers() -> None:
    only_mixin = {**COUNTERS, "spec": {**COUNTERS["spec"],
                                       "sharedCounters": [{"name": "with-mixin", "includes": ["m"]}]}}
    plain = {"kind": "ResourceSlice", "metadata": {"name": "devices"}, "spec": {
        "driver": "dra.example.com", "nodeName": "node-1", "pool": POOL,
        "devices": [DEVICES["spec"]["devices"][0], {"name": "spare"}]}}
    res = allocate(NODE, [claim(1)], [only_mixin, plain], [CLASS], [], gates=gates(False))
    assert devices(res) == ["spare"]
